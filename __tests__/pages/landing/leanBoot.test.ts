import { hasThirdPartyQuery, leanLandingPath } from '../../../src/pages/landing/leanBoot';

const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49';

const at = (pathname: string, search = '') => ({ pathname, search });
const store = (key: string, value: unknown, expire: number | null = null) =>
  localStorage.setItem(`pro__${key}`, JSON.stringify({ value, expire }));

beforeEach(() => localStorage.clear());

describe('leanLandingPath', () => {
  it('is the login path for a visitor without a session on it, on the site root and on /user', () => {
    expect(leanLandingPath(at('/user/login'), DESKTOP)).toBe('/user/login');
    expect(leanLandingPath(at('/user/login/'), DESKTOP)).toBe('/user/login');
    expect(leanLandingPath(at('/'), DESKTOP)).toBe('/user/login');
    expect(leanLandingPath(at('/user'), DESKTOP)).toBe('/user/login');
    // The query is kept (spec §4).
    expect(leanLandingPath(at('/', '?utm_source=poster'), DESKTOP)).toBe('/user/login?utm_source=poster');
  });

  it.each(['/user/register', '/user/register-result', '/user/alteration', '/404', '/codelogin'])(
    'is null on the open page %s: the app starts at once',
    (path) => {
      expect(leanLandingPath(at(path), DESKTOP)).toBeNull();
    },
  );

  it('is the login path asked to return to a deep link, its query kept, for a visitor without a session', () => {
    expect(leanLandingPath(at('/dashboard/analysis'), DESKTOP)).toBe(
      '/user/login?redirect=%2Fdashboard%2Fanalysis',
    );
    expect(leanLandingPath(at('/isystem/role', '?tab=2'), DESKTOP)).toBe(
      '/user/login?redirect=%2Fisystem%2Frole%3Ftab%3D2',
    );
    // What the access gate would do for a path that is no page: signing in leads to the failure page.
    expect(leanLandingPath(at('/no/such/page'), DESKTOP)).toBe('/user/login?redirect=%2Fno%2Fsuch%2Fpage');
    store('Access-Token', 'tok-1');
    expect(leanLandingPath(at('/dashboard/analysis'), DESKTOP)).toBeNull();
  });

  it('is null with a stored token (the gate sends the user to the workplace), the login path once it expired', () => {
    store('Access-Token', 'tok-1');
    expect(leanLandingPath(at('/user/login'), DESKTOP)).toBeNull();
    expect(leanLandingPath(at('/'), DESKTOP)).toBeNull();
    store('Access-Token', 'tok-1', Date.now() - 1);
    expect(leanLandingPath(at('/user/login'), DESKTOP)).toBe('/user/login');
  });

  it('is null after the server invalidated the session (the modal opens with the account name)', () => {
    store('resetLogin', true);
    expect(leanLandingPath(at('/user/login'), DESKTOP)).toBeNull();
  });

  it('keeps a redirect query, and is null with a third-party query (the app runs its flow)', () => {
    expect(leanLandingPath(at('/user/login', '?redirect=%2Fisystem%2Fuser'), DESKTOP)).toBe(
      '/user/login?redirect=%2Fisystem%2Fuser',
    );
    expect(leanLandingPath(at('/user/login', '?state=qywx_login&code=abc'), DESKTOP)).toBeNull();
    expect(leanLandingPath(at('/isystem/user', '?ticket=ST-1'), DESKTOP)).toBeNull();
    expect(leanLandingPath(at('/user/login', '?utm_source=poster'), DESKTOP)).toBe(
      '/user/login?utm_source=poster',
    );
  });

  it('is null in the WeChat/WeCom browser, where the app sets the share content', () => {
    expect(leanLandingPath(at('/user/login'), WECHAT)).toBeNull();
  });
});

describe('hasThirdPartyQuery', () => {
  it.each([
    'state=qywx_login',
    'auth_code=a&state=%7B%7D',
    'suiteId=s',
    'webparam=w',
    'username=x',
    'code=c',
    'ticket=ST-1',
  ])('?%s is a third-party flow', (query) => {
    expect(hasThirdPartyQuery(`?${query}`)).toBe(true);
  });
  it('an empty query or other keys are not', () => {
    expect(hasThirdPartyQuery('')).toBe(false);
    expect(hasThirdPartyQuery('?redirect=%2F&from=ad')).toBe(false);
  });
});
