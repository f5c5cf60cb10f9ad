// The server's configuration: environment variables read once at start-up, validated, typed.
import net from 'node:net';
import path from 'node:path';
import { ZIP_JOB_MAX_ATTACHMENTS } from '../common/attachments';
import type { SmsTemplatePurpose } from './integrations/sms/gateway';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** 1 MiB: JSON bodies of this API are small; uploads get their own limit on their own routes. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
export const DEFAULT_PORT = 8080;
/** Listen on every interface, as a server in a container or behind a load balancer must. */
export const DEFAULT_HOST = '0.0.0.0';

export const DEFAULT_PUSH_CHANNEL = 'channel-digital:push';

const REPO_ROOT = path.resolve(__dirname, '..');

export interface Config {
  port: number;
  host: string;
  /** A PostgreSQL URL; when absent the embedded PGlite database lives in `dataDir`. */
  databaseUrl: string | undefined;
  /** Connections of this instance to PostgreSQL at most (DATABASE_POOL_MAX); PGlite has one. */
  databasePoolMax: number;
  /** How long a query waits for a PostgreSQL connection before it fails as busy (DATABASE_CONNECT_TIMEOUT_MS). */
  databaseConnectTimeoutMs: number;
  dataDir: string;
  redisUrl: string | undefined;
  /** The Redis pub/sub channel of the push socket's hub, shared by the instances that serve the same users. */
  pushChannel: string;
  /** Password given to the seeded accounts; when absent one is generated at the first start. */
  adminPassword: string | undefined;
  logLevel: LogLevel;
  bodyLimit: number;
  /** The built SPA (webpack output). */
  staticDir: string;
  /** NODE_ENV=production: development helpers (the SMS outbox) are off. */
  production: boolean;
  /** The real SMS gateway; when absent, codes go to the local simulator's outbox. */
  sms: SmsGatewayConfig | undefined;
  /** Enterprise WeChat (企业微信) as a third-party app provider; when absent, the local simulator. */
  wecom: WecomConfig | undefined;
  /** The CAS server of single sign-on; when absent, the local simulator. */
  cas: CasConfig | undefined;
  /** The WeChat official account that signs the JS-SDK share; when absent, the local simulator. */
  wechat: WechatConfig | undefined;
  /** WeChat's hosts for /wxplatform and /wxapi, and the deployment's third-party platform (WXPLATFORM_*). */
  wxPlatform: WxPlatformConfig;
  /** The account the special login (`?username=<product>`) signs in as; when absent it is refused. */
  specialLoginAccount: string | undefined;
  /** How often the ERP sync worker looks for due tasks; 0 turns it off (ERP_SYNC_INTERVAL_MS). */
  erpSyncIntervalMs: number;
  /**
   * In production the ERP calls reach only public addresses, and these hosts besides (an ERP on the company's
   * own network: names or IP addresses, ERP_ALLOWED_HOSTS). Outside production any address is allowed, for
   * the simulator on this server.
   */
  erpAllowedHosts: string[];
  /** The hosts whose https images a record may keep besides its uploads (IMAGE_URL_HOSTS). */
  imageUrlHosts: string[];
  /** The tile server of 拜访详情's map (MAP_TILE_URL), `https://…/{z}/{x}/{y}.png`; none: a plain background. */
  mapTileUrl?: string;
  /** The system's sign-off of shipped orders nobody signed (DOMAIN §1.5 SHIPPED → SIGNED by SYS). */
  orderAutoSign: OrderAutoSignConfig;
  /** Throttles of password guessing and of account look-ups (server/http/rateLimits.ts). */
  rateLimits: RateLimitConfig;
  /** How often the approval timeout worker looks for overdue tasks; 0 turns it off (APPROVAL_TIMEOUT_INTERVAL_MS). */
  approvalTimeoutIntervalMs: number;
  /** The background jobs: runner, exports to 下载中心, how long their files wait. */
  jobs: JobsConfig;
  /** How often the expiry job marks expired and near-expiry lots; 0 turns it off (STOCK_EXPIRY_INTERVAL_MS). */
  stockExpiryIntervalMs: number;
  /** How often the visit day close looks for days to settle; 0 turns it off (VISIT_DAY_CLOSE_INTERVAL_MS). */
  visitDayCloseIntervalMs: number;
  /** How often targets are locked and achievement and dealer reports rebuilt; 0 turns it off (KPI_NIGHTLY_INTERVAL_MS). */
  kpiNightlyIntervalMs: number;
  /**
   * How long an online refund may stay 退款中 (PROCESSING) without its result before WeChat Pay is asked about
   * it and the answer settled as its notify would; 0 turns the reconciliation off (PAY_REFUND_RECONCILE_AFTER_MS).
   */
  payRefundReconcileAfterMs: number;
  /** Where attachments (photos) keep their bytes: a local folder, or S3-compatible object storage. */
  attachmentStorage: AttachmentStorageConfig;
  /** The signed IoT alarm webhook of smart assets and its episode rule (IOT_*). */
  iotAlarms: IotAlarmConfig;
}

export interface IotAlarmConfig {
  /** The HMAC-SHA256 key the IoT platform signs with (IOT_WEBHOOK_SECRET); unset: outside production the simulator's, in production the webhook refuses every call. */
  secret: string | undefined;
  /** How far a signed timestamp may be from now, in seconds (IOT_REPLAY_WINDOW_SECONDS). */
  replayWindowSeconds: number;
  /** The temperature range a freezer must keep, ℃ (IOT_TEMP_MIN, IOT_TEMP_MAX). */
  tempMin: number;
  tempMax: number;
  /** Minutes without power after which an outage opens an exception (IOT_POWER_OFF_MINUTES). */
  powerOffMinutes: number;
}

export const DEFAULT_IOT_ALARMS: IotAlarmConfig = {
  secret: undefined,
  replayWindowSeconds: 300,
  tempMin: 0,
  tempMax: 10,
  powerOffMinutes: 30,
};

export interface RateLimitConfig {
  /** Failed password logins on a user name, or from an address, after which the graphic code is required. */
  loginCaptchaAfterFailures: number;
  loginCaptchaAfterFailuresPerIp: number;
  /** Failed password logins from one address after which it is refused until the window ends. */
  loginMaxFailuresPerIp: number;
  /** The window the failures count in. */
  loginFailureWindowSeconds: number;
  /** Look-ups (name/phone taken?, SMS codes, password recovery) per address and per name or phone. */
  accountLookupsPerIp: number;
  accountLookupsPerTarget: number;
  accountLookupWindowSeconds: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  loginCaptchaAfterFailures: 3,
  // An office behind one address mistypes more than one person does.
  loginCaptchaAfterFailuresPerIp: 10,
  loginMaxFailuresPerIp: 50,
  loginFailureWindowSeconds: 900,
  accountLookupsPerIp: 30,
  accountLookupsPerTarget: 10,
  accountLookupWindowSeconds: 600,
};

export type AttachmentStorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      /** An S3-compatible endpoint (MinIO, OSS, COS …); AWS itself when absent. */
      endpoint: string | undefined;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** bucket in the path (http://host/bucket/key), as MinIO and most S3-compatible stores want. */
      forcePathStyle: boolean;
    };

export interface OrderAutoSignConfig {
  /** How often the worker looks for such orders; 0 turns it off (ORDER_AUTO_SIGN_INTERVAL_MS). */
  intervalMs: number;
  /** How many days after its last shipment an order is signed (ORDER_AUTO_SIGN_DAYS). */
  days: number;
}

/** Enterprise WeChat: the service provider and its suite (third-party app) (server/integrations/wecom). */
export interface WecomConfig {
  /** The API host, https://qyapi.weixin.qq.com. */
  apiUrl: string;
  /** The web host of the QR, install and register pages, https://open.work.weixin.qq.com. */
  webUrl: string;
  providerCorpId: string;
  providerSecret: string;
  suiteId: string;
  suiteSecret: string;
  suiteTicket: string;
  registerTemplateId: string;
}

/** The CAS server (server/integrations/cas): its prefix, e.g. https://sso.example.com/cas. */
export interface CasConfig {
  url: string;
}

/** The WeChat official account (server/integrations/wechat). */
export interface WechatConfig {
  /** The API host, https://api.weixin.qq.com. */
  apiUrl: string;
  appId: string;
  appSecret: string;
  /** The JS-SDK script the browser loads. */
  jsSdkUrl: string;
}

/** The WeChat third-party platform (微信开放平台 第三方平台) of this deployment (server/modules/wxplatform). */
export interface WxComponentConfig {
  appId: string;
  appSecret: string;
  /** 消息校验Token and 消息加解密Key of the platform's pushes (component_verify_ticket, authorisations). */
  token: string;
  aesKey: string;
}

export interface WxPlatformConfig {
  /** The API host, https://api.weixin.qq.com (the platform's and the mini-programs' server API). */
  apiUrl: string;
  /** The host of the authorisation page, https://mp.weixin.qq.com. */
  webUrl: string;
  /** When absent, outside production the simulator under /sim/wxplatform. */
  component: WxComponentConfig | undefined;
}

/** The SMS gateway's endpoint and credentials (server/integrations/sms). */
export interface SmsGatewayConfig {
  url: string;
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** The gateway's template of each kind of code; each receives the parameter `code`. */
  templateCodes: Record<SmsTemplatePurpose, string>;
}

/** A bad environment value; the message names the variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`配置错误：环境变量 ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** An empty value (`REDIS_URL=` in an env file) counts as unset. */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function readInteger(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `应为 ${min} 到 ${max} 之间的整数，实际为 "${raw}"`);
  }
  return Number(raw);
}

function readUrl(env: Env, name: string, protocols: readonly string[]): string | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, '不是有效的 URL');
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(name, `的协议应为 ${protocols.join(' 或 ')}，实际为 ${url.protocol}`);
  }
  return raw;
}

const MIN_ADMIN_PASSWORD_LENGTH = 8;

/** A comma-separated list of host names or IP addresses (no scheme, no port), lower-cased. */
/** A Leaflet tile URL template over https with {z}, {x} and {y} (the CSP lets https images in). */
function readTileUrl(env: Env, name: string): string | undefined {
  const value = read(env, name);
  if (value === undefined) return undefined;
  if (!/^https:\/\/[^\s]+$/.test(value) || !['{z}', '{x}', '{y}'].every((part) => value.includes(part)))
    throw new ConfigError(
      name,
      '应为含 {z}、{x}、{y} 的 https 瓦片地址，如 https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    );
  return value;
}

function readHostList(env: Env, name: string): string[] {
  const hosts = (read(env, name) ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  const bad = hosts.find((host) => !/^[a-z0-9.-]+$/.test(host) && !net.isIPv6(host));
  if (bad !== undefined) throw new ConfigError(name, `应为逗号分隔的主机名或 IP 地址，"${bad}" 不是`);
  return hosts;
}

function readAdminPassword(env: Env): string | undefined {
  const value = env.ADMIN_PASSWORD;
  if (value === undefined || value === '') return undefined;
  if (value.length < MIN_ADMIN_PASSWORD_LENGTH) {
    throw new ConfigError('ADMIN_PASSWORD', `长度不能少于 ${MIN_ADMIN_PASSWORD_LENGTH} 个字符`);
  }
  return value;
}

function readLogLevel(env: Env): LogLevel {
  const raw = read(env, 'LOG_LEVEL') ?? 'info';
  const level = LOG_LEVELS.find((candidate) => candidate === raw);
  if (!level) throw new ConfigError('LOG_LEVEL', `应为 ${LOG_LEVELS.join('、')} 之一，实际为 "${raw}"`);
  return level;
}

const SMS_VARIABLES = [
  'SMS_GATEWAY_URL',
  'SMS_ACCESS_KEY_ID',
  'SMS_ACCESS_KEY_SECRET',
  'SMS_SIGN_NAME',
  'SMS_TEMPLATE_LOGIN',
  'SMS_TEMPLATE_REGISTER',
  'SMS_TEMPLATE_RESET_PASSWORD',
] as const;

/** All set: the real gateway; none set: the simulator; some set: a mistake worth stopping for. */
function readSmsGateway(env: Env): SmsGatewayConfig | undefined {
  const [url, accessKeyId, accessKeySecret, signName, login, register, resetPassword] = SMS_VARIABLES.map(
    (name) => read(env, name),
  );
  const missing = SMS_VARIABLES.filter((name) => read(env, name) === undefined);
  if (missing.length === SMS_VARIABLES.length) return undefined;
  if (!url || !accessKeyId || !accessKeySecret || !signName || !login || !register || !resetPassword) {
    throw new ConfigError(missing[0], '未设置：短信网关的变量要么全部设置，要么全部不设置');
  }
  // Checked like every URL setting: a valid URL of the expected protocol.
  readUrl(env, 'SMS_GATEWAY_URL', ['http:', 'https:']);
  return {
    url,
    accessKeyId,
    accessKeySecret,
    signName,
    templateCodes: { LOGIN: login, REGISTER: register, RESET_PASSWORD: resetPassword },
  };
}

/**
 * A party's variables: all required ones set → their values; none of the group set → undefined; some set →
 * a ConfigError naming the first missing one. Optional variables (URLs with a default) count as "set" too.
 */
function readGroup<R extends string>(
  env: Env,
  party: string,
  required: readonly R[],
  optional: readonly string[],
): Record<R, string> | undefined {
  const missing = required.filter((name) => read(env, name) === undefined);
  const anySet = [...required, ...optional].some((name) => read(env, name) !== undefined);
  if (!anySet) return undefined;
  if (missing.length > 0) {
    throw new ConfigError(missing[0], `未设置：${party}的变量要么全部设置，要么全部不设置`);
  }
  return Object.fromEntries(required.map((name) => [name, read(env, name)])) as Record<R, string>;
}

const WECOM_REQUIRED = [
  'WECOM_PROVIDER_CORPID',
  'WECOM_PROVIDER_SECRET',
  'WECOM_SUITE_ID',
  'WECOM_SUITE_SECRET',
  'WECOM_SUITE_TICKET',
  'WECOM_REGISTER_TEMPLATE_ID',
] as const;

function readWecom(env: Env): WecomConfig | undefined {
  const values = readGroup(env, '企业微信', WECOM_REQUIRED, ['WECOM_API_URL', 'WECOM_WEB_URL']);
  if (!values) return undefined;
  return {
    apiUrl: readUrl(env, 'WECOM_API_URL', ['http:', 'https:']) ?? 'https://qyapi.weixin.qq.com',
    webUrl: readUrl(env, 'WECOM_WEB_URL', ['http:', 'https:']) ?? 'https://open.work.weixin.qq.com',
    providerCorpId: values.WECOM_PROVIDER_CORPID,
    providerSecret: values.WECOM_PROVIDER_SECRET,
    suiteId: values.WECOM_SUITE_ID,
    suiteSecret: values.WECOM_SUITE_SECRET,
    suiteTicket: values.WECOM_SUITE_TICKET,
    registerTemplateId: values.WECOM_REGISTER_TEMPLATE_ID,
  };
}

function readCas(env: Env): CasConfig | undefined {
  const url = readUrl(env, 'CAS_SERVER_URL', ['http:', 'https:']);
  return url ? { url: url.replace(/\/+$/, '') } : undefined;
}

function readWechat(env: Env): WechatConfig | undefined {
  const values = readGroup(env, '微信公众号', ['WECHAT_APP_ID', 'WECHAT_APP_SECRET'] as const, [
    'WECHAT_API_URL',
    'WECHAT_JSSDK_URL',
  ]);
  if (!values) return undefined;
  return {
    apiUrl: readUrl(env, 'WECHAT_API_URL', ['http:', 'https:']) ?? 'https://api.weixin.qq.com',
    appId: values.WECHAT_APP_ID,
    appSecret: values.WECHAT_APP_SECRET,
    jsSdkUrl:
      readUrl(env, 'WECHAT_JSSDK_URL', ['http:', 'https:']) ??
      'https://res.wx.qq.com/open/js/jweixin-1.6.0.js',
  };
}

const WXPLATFORM_REQUIRED = [
  'WXPLATFORM_COMPONENT_APPID',
  'WXPLATFORM_COMPONENT_SECRET',
  'WXPLATFORM_COMPONENT_TOKEN',
  'WXPLATFORM_COMPONENT_AES_KEY',
] as const;

function readWxPlatform(env: Env): WxPlatformConfig {
  const values = readGroup(env, '微信第三方平台', WXPLATFORM_REQUIRED, []);
  if (values && !/^[A-Za-z0-9]{3,32}$/.test(values.WXPLATFORM_COMPONENT_TOKEN))
    throw new ConfigError('WXPLATFORM_COMPONENT_TOKEN', '应为 3 到 32 位字母或数字');
  if (
    values &&
    (!/^[A-Za-z0-9+/]{43}$/.test(values.WXPLATFORM_COMPONENT_AES_KEY) ||
      Buffer.from(`${values.WXPLATFORM_COMPONENT_AES_KEY}=`, 'base64').length !== 32)
  )
    throw new ConfigError('WXPLATFORM_COMPONENT_AES_KEY', '应为 43 位的消息加解密Key（EncodingAESKey）');
  return {
    apiUrl: readUrl(env, 'WXPLATFORM_API_URL', ['http:', 'https:']) ?? 'https://api.weixin.qq.com',
    webUrl: readUrl(env, 'WXPLATFORM_WEB_URL', ['http:', 'https:']) ?? 'https://mp.weixin.qq.com',
    component: values && {
      appId: values.WXPLATFORM_COMPONENT_APPID,
      appSecret: values.WXPLATFORM_COMPONENT_SECRET,
      token: values.WXPLATFORM_COMPONENT_TOKEN,
      aesKey: values.WXPLATFORM_COMPONENT_AES_KEY,
    },
  };
}

/** S3 when its variables are set (all or none), else the local folder ATTACHMENT_DIR (DATA_DIR/attachments). */
function readAttachmentStorage(env: Env, dataDir: string): AttachmentStorageConfig {
  const values = readGroup(
    env,
    '附件对象存储',
    ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const,
    ['S3_ENDPOINT', 'S3_REGION', 'S3_FORCE_PATH_STYLE'],
  );
  if (!values)
    return {
      kind: 'local',
      dir: path.resolve(read(env, 'ATTACHMENT_DIR') ?? path.join(dataDir, 'attachments')),
    };
  const pathStyle = read(env, 'S3_FORCE_PATH_STYLE') ?? 'true';
  if (pathStyle !== 'true' && pathStyle !== 'false')
    throw new ConfigError('S3_FORCE_PATH_STYLE', `应为 true 或 false，实际为 "${pathStyle}"`);
  return {
    kind: 's3',
    endpoint: readUrl(env, 'S3_ENDPOINT', ['http:', 'https:']),
    region: read(env, 'S3_REGION') ?? 'us-east-1',
    bucket: values.S3_BUCKET,
    accessKeyId: values.S3_ACCESS_KEY_ID,
    secretAccessKey: values.S3_SECRET_ACCESS_KEY,
    forcePathStyle: pathStyle === 'true',
  };
}

/** The sync worker's default pace: a queued order reaches the ERP within seconds. */
export const DEFAULT_ERP_SYNC_INTERVAL_MS = 5000;

/** The background jobs (server/modules/jobs/runner.ts). */
export interface JobsConfig {
  /** How often an idle runner looks for due jobs (JOB_POLL_INTERVAL_MS). */
  pollIntervalMs: number;
  /** Jobs one instance runs at once (JOB_CONCURRENCY). */
  concurrency: number;
  /** How long a claim holds without a heartbeat; renewed every third of it (JOB_LEASE_MS). */
  leaseMs: number;
  /** Pause before the retry after attempt n: retryBaseMs × 4^(n-1) (JOB_RETRY_BASE_MS). */
  retryBaseMs: number;
  /** Exports of more rows than this become jobs of 下载中心 (EXPORT_ASYNC_THRESHOLD). */
  exportThreshold: number;
  /** Zips of more photos than this become jobs of 下载中心 (ZIP_ASYNC_THRESHOLD). */
  zipThreshold: number;
  /** Days a made file waits in 下载中心 (DOWNLOAD_RETENTION_DAYS). */
  retentionDays: number;
  /** How long an import request waits for its job to end before answering that it goes on in 导入记录
   *  (IMPORT_WAIT_MS). */
  importWaitMs: number;
}

export const DEFAULT_JOBS_CONFIG: JobsConfig = {
  pollIntervalMs: 1000,
  concurrency: 2,
  leaseMs: 30_000,
  retryBaseMs: 15_000,
  exportThreshold: 5000,
  zipThreshold: 200,
  retentionDays: 7,
  importWaitMs: 20_000,
};

/** Every minute is prompt enough for a sign-off due after days. */
export const DEFAULT_ORDER_AUTO_SIGN_INTERVAL_MS = 60_000;
/** Approval timeouts count in hours: a look every minute is prompt enough. */
export const DEFAULT_APPROVAL_TIMEOUT_INTERVAL_MS = 60_000;
/** DOMAIN §1.5: "SYS after N days (default 7)". */
export const DEFAULT_ORDER_AUTO_SIGN_DAYS = 7;

function readRateLimits(env: Env): RateLimitConfig {
  const limit = (name: string, fallback: number) => readInteger(env, name, fallback, 1, 1_000_000);
  const defaults = DEFAULT_RATE_LIMITS;
  return {
    loginCaptchaAfterFailures: limit('LOGIN_CAPTCHA_AFTER_FAILURES', defaults.loginCaptchaAfterFailures),
    loginCaptchaAfterFailuresPerIp: limit(
      'LOGIN_CAPTCHA_AFTER_FAILURES_PER_IP',
      defaults.loginCaptchaAfterFailuresPerIp,
    ),
    loginMaxFailuresPerIp: limit('LOGIN_MAX_FAILURES_PER_IP', defaults.loginMaxFailuresPerIp),
    loginFailureWindowSeconds: limit('LOGIN_FAILURE_WINDOW_SECONDS', defaults.loginFailureWindowSeconds),
    accountLookupsPerIp: limit('ACCOUNT_LOOKUPS_PER_IP', defaults.accountLookupsPerIp),
    accountLookupsPerTarget: limit('ACCOUNT_LOOKUPS_PER_TARGET', defaults.accountLookupsPerTarget),
    accountLookupWindowSeconds: limit('ACCOUNT_LOOKUP_WINDOW_SECONDS', defaults.accountLookupWindowSeconds),
  };
}

function readJobs(env: Env): JobsConfig {
  const defaults = DEFAULT_JOBS_CONFIG;
  return {
    pollIntervalMs: readInteger(env, 'JOB_POLL_INTERVAL_MS', defaults.pollIntervalMs, 100, 600_000),
    concurrency: readInteger(env, 'JOB_CONCURRENCY', defaults.concurrency, 1, 32),
    leaseMs: readInteger(env, 'JOB_LEASE_MS', defaults.leaseMs, 3000, 3_600_000),
    retryBaseMs: readInteger(env, 'JOB_RETRY_BASE_MS', defaults.retryBaseMs, 100, 3_600_000),
    exportThreshold: readInteger(env, 'EXPORT_ASYNC_THRESHOLD', defaults.exportThreshold, 0, 1_000_000),
    zipThreshold: readInteger(env, 'ZIP_ASYNC_THRESHOLD', defaults.zipThreshold, 0, ZIP_JOB_MAX_ATTACHMENTS),
    retentionDays: readInteger(env, 'DOWNLOAD_RETENTION_DAYS', defaults.retentionDays, 1, 365),
    importWaitMs: readInteger(env, 'IMPORT_WAIT_MS', defaults.importWaitMs, 0, 120_000),
  };
}
/** pg's own default: enough for a 2-core instance, well under PostgreSQL's max_connections (100). */
export const DEFAULT_DATABASE_POOL_MAX = 10;
/** A request waits at most this long for a PostgreSQL connection before it fails with 503. */
export const DEFAULT_DATABASE_CONNECT_TIMEOUT_MS = 3000;

/** Expiry is counted in days: every hour marks a lot within the hour its day ends. */
export const DEFAULT_STOCK_EXPIRY_INTERVAL_MS = 3_600_000;

/** The day close settles yesterday within the hour after midnight (Shanghai). */
export const DEFAULT_VISIT_DAY_CLOSE_INTERVAL_MS = 3_600_000;
export const DEFAULT_KPI_NIGHTLY_INTERVAL_MS = 86_400_000;
/** WeChat Pay settles most refunds within minutes; one heard nothing of for 10 minutes is asked about. */
export const DEFAULT_PAY_REFUND_RECONCILE_AFTER_MS = 600_000;

/** Reads and validates the configuration; throws a ConfigError naming the first bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(read(env, 'DATA_DIR') ?? 'data');
  return {
    port: readInteger(env, 'PORT', DEFAULT_PORT, 0, 65535),
    host: read(env, 'HOST') ?? DEFAULT_HOST,
    databaseUrl: readUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    databasePoolMax: readInteger(env, 'DATABASE_POOL_MAX', DEFAULT_DATABASE_POOL_MAX, 1, 1000),
    databaseConnectTimeoutMs: readInteger(
      env,
      'DATABASE_CONNECT_TIMEOUT_MS',
      DEFAULT_DATABASE_CONNECT_TIMEOUT_MS,
      100,
      600_000,
    ),
    dataDir,
    redisUrl: readUrl(env, 'REDIS_URL', ['redis:', 'rediss:']),
    pushChannel: read(env, 'PUSH_CHANNEL') ?? DEFAULT_PUSH_CHANNEL,
    adminPassword: readAdminPassword(env),
    logLevel: readLogLevel(env),
    bodyLimit: readInteger(env, 'BODY_LIMIT', DEFAULT_BODY_LIMIT, 1024, 1024 * 1024 * 1024),
    staticDir: path.resolve(read(env, 'STATIC_DIR') ?? path.join(REPO_ROOT, 'dist')),
    production: read(env, 'NODE_ENV') === 'production',
    sms: readSmsGateway(env),
    wecom: readWecom(env),
    cas: readCas(env),
    wechat: readWechat(env),
    wxPlatform: readWxPlatform(env),
    specialLoginAccount: read(env, 'SPECIAL_LOGIN_ACCOUNT'),
    erpSyncIntervalMs: readInteger(env, 'ERP_SYNC_INTERVAL_MS', DEFAULT_ERP_SYNC_INTERVAL_MS, 0, 3_600_000),
    erpAllowedHosts: readHostList(env, 'ERP_ALLOWED_HOSTS'),
    imageUrlHosts: readHostList(env, 'IMAGE_URL_HOSTS'),
    mapTileUrl: readTileUrl(env, 'MAP_TILE_URL'),
    orderAutoSign: {
      intervalMs: readInteger(
        env,
        'ORDER_AUTO_SIGN_INTERVAL_MS',
        DEFAULT_ORDER_AUTO_SIGN_INTERVAL_MS,
        0,
        86_400_000,
      ),
      days: readInteger(env, 'ORDER_AUTO_SIGN_DAYS', DEFAULT_ORDER_AUTO_SIGN_DAYS, 1, 365),
    },
    rateLimits: readRateLimits(env),
    approvalTimeoutIntervalMs: readInteger(
      env,
      'APPROVAL_TIMEOUT_INTERVAL_MS',
      DEFAULT_APPROVAL_TIMEOUT_INTERVAL_MS,
      0,
      86_400_000,
    ),
    jobs: readJobs(env),
    stockExpiryIntervalMs: readInteger(
      env,
      'STOCK_EXPIRY_INTERVAL_MS',
      DEFAULT_STOCK_EXPIRY_INTERVAL_MS,
      0,
      86_400_000,
    ),
    visitDayCloseIntervalMs: readInteger(
      env,
      'VISIT_DAY_CLOSE_INTERVAL_MS',
      DEFAULT_VISIT_DAY_CLOSE_INTERVAL_MS,
      0,
      86_400_000,
    ),
    kpiNightlyIntervalMs: readInteger(
      env,
      'KPI_NIGHTLY_INTERVAL_MS',
      DEFAULT_KPI_NIGHTLY_INTERVAL_MS,
      0,
      7 * 86_400_000,
    ),
    payRefundReconcileAfterMs: readInteger(
      env,
      'PAY_REFUND_RECONCILE_AFTER_MS',
      DEFAULT_PAY_REFUND_RECONCILE_AFTER_MS,
      0,
      30 * 86_400_000,
    ),
    attachmentStorage: readAttachmentStorage(env, dataDir),
    iotAlarms: readIotAlarms(env),
  };
}

function readIotAlarms(env: Env): IotAlarmConfig {
  const secret = read(env, 'IOT_WEBHOOK_SECRET');
  if (secret !== undefined && secret.length < 16) {
    throw new ConfigError('IOT_WEBHOOK_SECRET', '至少 16 个字符');
  }
  const tempMin = readInteger(env, 'IOT_TEMP_MIN', DEFAULT_IOT_ALARMS.tempMin, 0, 30);
  const tempMax = readInteger(env, 'IOT_TEMP_MAX', DEFAULT_IOT_ALARMS.tempMax, 1, 40);
  if (tempMax <= tempMin) throw new ConfigError('IOT_TEMP_MAX', '应大于 IOT_TEMP_MIN');
  return {
    secret,
    replayWindowSeconds: readInteger(
      env,
      'IOT_REPLAY_WINDOW_SECONDS',
      DEFAULT_IOT_ALARMS.replayWindowSeconds,
      30,
      3600,
    ),
    tempMin,
    tempMax,
    powerOffMinutes: readInteger(env, 'IOT_POWER_OFF_MINUTES', DEFAULT_IOT_ALARMS.powerOffMinutes, 1, 1440),
  };
}
