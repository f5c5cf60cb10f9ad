import {
  decideAccess,
  loginPathFor,
  OPEN_PATHS,
  redirectQueryOf,
} from '../../src/features/accessGate/decision';

describe('decideAccess', () => {
  it.each([
    '/user/login',
    '/user/register',
    '/user/register-result',
    '/user/alteration',
    '/404',
    '/codelogin',
  ])('without a token, %s is open', (path) => {
    expect(decideAccess(path, '', false, false)).toEqual({ type: 'allow' });
  });

  it('the open paths are the four public pages, /404 and /codelogin', () => {
    expect(OPEN_PATHS).toEqual([
      '/user/login',
      '/user/register',
      '/user/register-result',
      '/user/alteration',
      '/404',
      '/codelogin',
    ]);
  });

  it.each([
    ['/', '', '/user/login?redirect=%2F'],
    ['/isystem/user', '', '/user/login?redirect=%2Fisystem%2Fuser'],
    ['/order/42', '?tab=items&page=2', '/user/login?redirect=%2Forder%2F42%3Ftab%3Ditems%26page%3D2'],
    ['/user', '', '/user/login?redirect=%2Fuser'],
  ])('without a token, %s%s goes to the login page, keeping path and query', (path, search, to) => {
    expect(decideAccess(path, search, false, false)).toEqual({ type: 'redirect', to });
  });

  it('with a token, the login page sends the user to /dashboard/workplace', () => {
    expect(decideAccess('/user/login', '?redirect=%2Fx', true, false)).toEqual({
      type: 'redirect',
      to: '/dashboard/workplace',
    });
    expect(decideAccess('/user/login', '', true, true)).toEqual({
      type: 'redirect',
      to: '/dashboard/workplace',
    });
  });

  it.each(['/isystem/user', '/', '/user/register', '/404'])(
    'with a token and no permissions yet, %s waits for the permission load',
    (path) => {
      expect(decideAccess(path, '', true, false)).toEqual({ type: 'load' });
    },
  );

  it.each(['/isystem/user', '/no/such/page', '/user/register'])(
    'with a token and the permissions loaded, %s is allowed (the routes decide)',
    (path) => {
      expect(decideAccess(path, '', true, true)).toEqual({ type: 'allow' });
    },
  );
});

describe('loginPathFor', () => {
  it('encodes the full path as the redirect query', () => {
    expect(loginPathFor('/a b?c=d&e')).toBe('/user/login?redirect=%2Fa%20b%3Fc%3Dd%26e');
  });
});

describe('redirectQueryOf', () => {
  it.each([
    ['?redirect=%2Fisystem%2Fuser%3Fa%3D1', '/isystem/user?a=1'],
    ['?x=1&redirect=/order/42', '/order/42'],
    ['', null],
    ['?redirect=', null],
    ['?redirect=https%3A%2F%2Fevil.example.com', null],
    ['?redirect=%2F%2Fevil.example.com', null],
  ])('%s gives %p', (search, redirect) => {
    expect(redirectQueryOf(search)).toBe(redirect);
  });
});
