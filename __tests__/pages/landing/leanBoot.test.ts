import { bootsLean, hasThirdPartyQuery } from '../../../src/pages/landing/leanBoot';

const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49';

const at = (pathname: string, search = '') => ({ pathname, search });
const store = (key: string, value: unknown, expire: number | null = null) =>
  localStorage.setItem(`pro__${key}`, JSON.stringify({ value, expire }));

beforeEach(() => localStorage.clear());

describe('bootsLean', () => {
  it('is true for a visitor without a session on the login path', () => {
    expect(bootsLean(at('/user/login'), DESKTOP)).toBe(true);
    expect(bootsLean(at('/user/login/'), DESKTOP)).toBe(true);
  });

  it.each(['/', '/user', '/user/register', '/dashboard/analysis', '/404', '/test/home'])(
    'is false on %s: the app starts at once',
    (path) => {
      expect(bootsLean(at(path), DESKTOP)).toBe(false);
    },
  );

  it('is false with a stored token (the gate sends the user to the workplace), true once it expired', () => {
    store('Access-Token', 'tok-1');
    expect(bootsLean(at('/user/login'), DESKTOP)).toBe(false);
    store('Access-Token', 'tok-1', Date.now() - 1);
    expect(bootsLean(at('/user/login'), DESKTOP)).toBe(true);
  });

  it('is false after the server invalidated the session (the modal opens with the account name)', () => {
    store('resetLogin', true);
    expect(bootsLean(at('/user/login'), DESKTOP)).toBe(false);
  });

  it('is false with a redirect query (sent here from a back-office page) or a third-party query', () => {
    expect(bootsLean(at('/user/login', '?redirect=%2Fisystem%2Fuser'), DESKTOP)).toBe(false);
    expect(bootsLean(at('/user/login', '?state=qywx_login&code=abc'), DESKTOP)).toBe(false);
    expect(bootsLean(at('/user/login', '?utm_source=poster'), DESKTOP)).toBe(true);
  });

  it('is false in the WeChat/WeCom browser, where the app sets the share content', () => {
    expect(bootsLean(at('/user/login'), WECHAT)).toBe(false);
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
