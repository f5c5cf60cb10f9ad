// Business constants of spec §9, shared by the SPA and the server.

/** The product's name, shown in every frame's header and footer. */
export const PRODUCT_NAME = '渠道数字化平台';
/** The product's code: the {product} of spec §2; a landing visit with `?username=<it>` is the special login. */
export const PRODUCT_CODE = 'crm';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Token, username, user info and department info are kept 7 days (spec §9). */
export const SESSION_TTL_MS = 7 * DAY_MS; // 604800000

export const HTTP_TIMEOUT_MS = 300000;
export const CHUNK_LOAD_TIMEOUT_MS = 120000;

export const HOME_TAB_PATH = '/dashboard/analysis';
export const WORKPLACE_PATH = '/dashboard/workplace';
export const LOGIN_PATH = '/user/login';
export const PUBLIC_PATHS = [
  '/user/login',
  '/user/register',
  '/user/register-result',
  '/user/alteration',
] as const;

export const FAILED_ORDER_PAGE_SIZE = 10;
export const TWO_STEP_CODE_LENGTH = 6;
export const TWO_STEP_VERIFY_DELAY_MS = 2000;
export const SMS_RESEND_SECONDS = 60;
export const LOGIN_REDIRECT_DELAY_MS = 100;
export const NOTICE_POLL_INTERVAL_MS = 6000;
export const BANNER_AUTOPLAY_MS = 5000;
export const BANNER_COUNT = 6;

export const CAPTCHA = { length: 4, width: 136, height: 38, lines: 1, dots: 100 } as const;

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 200;

export const BREAKPOINT_MOBILE_MAX = 767.99;
export const BREAKPOINT_TABLET_MAX = 1087.99;

/** Local-storage namespace of every persisted key (spec §3). */
export const STORAGE_PREFIX = 'pro__';

/** Storage keys of spec §3 (stored as `pro__<key>` in localStorage unless noted). */
export const STORAGE_KEYS = {
  accessToken: 'Access-Token',
  username: 'Login_Username',
  userInfo: 'Login_Userinfo',
  encryptedString: 'ENCRYPTED_STRING',
  loginLevel: 'loginLevel',
  mesSystem: 'mesSystem',
  qywxCodeParam: 'qywxCodeParam',
  resetLogin: 'resetLogin',
  // Session storage, raw JSON, no prefix (API.md §7.7).
  userButtonAuth: 'LOGIN_USER_BUTTON_AUTH',
  sysButtonAuth: 'SYS_BUTTON_AUTH',
} as const;

export const TOKEN_EXPIRED_MESSAGE = 'Token失效，请重新登录';
export const NO_PERMISSION_MESSAGE = '没有权限，请联系管理员授权';
