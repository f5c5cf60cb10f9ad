import path from 'node:path';
import {
  ConfigError,
  DEFAULT_BODY_LIMIT,
  DEFAULT_JOBS_CONFIG,
  DEFAULT_ERP_SYNC_INTERVAL_MS,
  DEFAULT_ORDER_AUTO_SIGN_DAYS,
  DEFAULT_ORDER_AUTO_SIGN_INTERVAL_MS,
  DEFAULT_APPROVAL_TIMEOUT_INTERVAL_MS,
  DEFAULT_DATABASE_POOL_MAX,
  DEFAULT_STOCK_EXPIRY_INTERVAL_MS,
  DEFAULT_VISIT_DAY_CLOSE_INTERVAL_MS,
  DEFAULT_PAY_REFUND_RECONCILE_AFTER_MS,
  DEFAULT_KPI_NIGHTLY_INTERVAL_MS,
  DEFAULT_IOT_ALARMS,
  loadConfig,
} from '../config';

function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`no ConfigError for ${JSON.stringify(env)}`);
}

const SMS_ENV = {
  SMS_GATEWAY_URL: 'https://sms.example.com/v1/send',
  SMS_ACCESS_KEY_ID: 'key-id',
  SMS_ACCESS_KEY_SECRET: 'key-secret',
  SMS_SIGN_NAME: '华饮酒业',
  SMS_TEMPLATE_LOGIN: 'SMS_LOGIN_01',
  SMS_TEMPLATE_REGISTER: 'SMS_REGISTER_01',
  SMS_TEMPLATE_RESET_PASSWORD: 'SMS_RESET_01',
};

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      databasePoolMax: DEFAULT_DATABASE_POOL_MAX,
      databaseConnectTimeoutMs: 3000,
      dataDir: path.resolve('data'),
      redisUrl: undefined,
      pushChannel: 'channel-digital:push',
      adminPassword: undefined,
      logLevel: 'info',
      bodyLimit: DEFAULT_BODY_LIMIT,
      staticDir: path.resolve(__dirname, '../../dist'),
      production: false,
      sms: undefined,
      wecom: undefined,
      cas: undefined,
      wechat: undefined,
      wxPlatform: {
        apiUrl: 'https://api.weixin.qq.com',
        webUrl: 'https://mp.weixin.qq.com',
        component: undefined,
      },
      specialLoginAccount: undefined,
      erpSyncIntervalMs: DEFAULT_ERP_SYNC_INTERVAL_MS,
      erpAllowedHosts: [],
      imageUrlHosts: [],
      orderAutoSign: { intervalMs: DEFAULT_ORDER_AUTO_SIGN_INTERVAL_MS, days: DEFAULT_ORDER_AUTO_SIGN_DAYS },
      rateLimits: {
        loginCaptchaAfterFailures: 3,
        loginCaptchaAfterFailuresPerIp: 10,
        loginMaxFailuresPerIp: 50,
        loginFailureWindowSeconds: 900,
        accountLookupsPerIp: 30,
        accountLookupsPerTarget: 10,
        accountLookupWindowSeconds: 600,
      },
      approvalTimeoutIntervalMs: DEFAULT_APPROVAL_TIMEOUT_INTERVAL_MS,
      jobs: DEFAULT_JOBS_CONFIG,
      stockExpiryIntervalMs: DEFAULT_STOCK_EXPIRY_INTERVAL_MS,
      visitDayCloseIntervalMs: DEFAULT_VISIT_DAY_CLOSE_INTERVAL_MS,
      kpiNightlyIntervalMs: DEFAULT_KPI_NIGHTLY_INTERVAL_MS,
      payRefundReconcileAfterMs: DEFAULT_PAY_REFUND_RECONCILE_AFTER_MS,
      attachmentStorage: { kind: 'local', dir: path.resolve('data/attachments') },
      iotAlarms: DEFAULT_IOT_ALARMS,
    });
    expect(DEFAULT_IOT_ALARMS).toEqual({
      secret: undefined,
      replayWindowSeconds: 300,
      tempMin: 0,
      tempMax: 10,
      powerOffMinutes: 30,
    });
    expect(DEFAULT_JOBS_CONFIG).toMatchObject({ exportThreshold: 5000, zipThreshold: 200, retentionDays: 7 });
    expect(DEFAULT_BODY_LIMIT).toBe(1024 * 1024);
    expect(DEFAULT_ORDER_AUTO_SIGN_DAYS).toBe(7);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgresql://app:secret@db.internal:5432/channel',
      DATABASE_CONNECT_TIMEOUT_MS: '10000',
      DATABASE_POOL_MAX: '25',
      DATA_DIR: '/var/lib/channel',
      REDIS_URL: 'redis://cache:6379/0',
      PUSH_CHANNEL: 'staging:push',
      ADMIN_PASSWORD: 'Pa55word!',
      LOG_LEVEL: 'warn',
      BODY_LIMIT: '2048',
      STATIC_DIR: '/srv/site',
      NODE_ENV: 'production',
      ERP_SYNC_INTERVAL_MS: '0',
      ERP_ALLOWED_HOSTS: 'erp.corp.local',
      IMAGE_URL_HOSTS: 'img.example.com',
      ORDER_AUTO_SIGN_INTERVAL_MS: '0',
      ORDER_AUTO_SIGN_DAYS: '10',
      LOGIN_CAPTCHA_AFTER_FAILURES: '2',
      LOGIN_CAPTCHA_AFTER_FAILURES_PER_IP: '5',
      LOGIN_MAX_FAILURES_PER_IP: '20',
      LOGIN_FAILURE_WINDOW_SECONDS: '600',
      ACCOUNT_LOOKUPS_PER_IP: '40',
      ACCOUNT_LOOKUPS_PER_TARGET: '8',
      ACCOUNT_LOOKUP_WINDOW_SECONDS: '300',
      APPROVAL_TIMEOUT_INTERVAL_MS: '0',
      JOB_POLL_INTERVAL_MS: '500',
      JOB_CONCURRENCY: '4',
      JOB_LEASE_MS: '60000',
      JOB_RETRY_BASE_MS: '1000',
      EXPORT_ASYNC_THRESHOLD: '100',
      ZIP_ASYNC_THRESHOLD: '50',
      IMPORT_WAIT_MS: '5000',
      DOWNLOAD_RETENTION_DAYS: '3',
      STOCK_EXPIRY_INTERVAL_MS: '600000',
      VISIT_DAY_CLOSE_INTERVAL_MS: '1800000',
      PAY_REFUND_RECONCILE_AFTER_MS: '300000',
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_BUCKET: 'photos',
      S3_ACCESS_KEY_ID: 'minio-key',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
      S3_FORCE_PATH_STYLE: 'false',
      IOT_WEBHOOK_SECRET: 'iot-platform-key-0001',
      IOT_REPLAY_WINDOW_SECONDS: '120',
      IOT_TEMP_MIN: '2',
      IOT_TEMP_MAX: '8',
      IOT_POWER_OFF_MINUTES: '60',
      ...SMS_ENV,
    });
    expect(config).toEqual({
      port: 0,
      host: '127.0.0.1',
      databaseUrl: 'postgresql://app:secret@db.internal:5432/channel',
      databasePoolMax: 25,
      databaseConnectTimeoutMs: 10_000,
      dataDir: '/var/lib/channel',
      redisUrl: 'redis://cache:6379/0',
      pushChannel: 'staging:push',
      adminPassword: 'Pa55word!',
      logLevel: 'warn',
      bodyLimit: 2048,
      staticDir: '/srv/site',
      production: true,
      sms: {
        url: 'https://sms.example.com/v1/send',
        accessKeyId: 'key-id',
        accessKeySecret: 'key-secret',
        signName: '华饮酒业',
        templateCodes: { LOGIN: 'SMS_LOGIN_01', REGISTER: 'SMS_REGISTER_01', RESET_PASSWORD: 'SMS_RESET_01' },
      },
      wecom: undefined,
      cas: undefined,
      wechat: undefined,
      wxPlatform: {
        apiUrl: 'https://api.weixin.qq.com',
        webUrl: 'https://mp.weixin.qq.com',
        component: undefined,
      },
      specialLoginAccount: undefined,
      erpSyncIntervalMs: 0,
      erpAllowedHosts: ['erp.corp.local'],
      imageUrlHosts: ['img.example.com'],
      orderAutoSign: { intervalMs: 0, days: 10 },
      rateLimits: {
        loginCaptchaAfterFailures: 2,
        loginCaptchaAfterFailuresPerIp: 5,
        loginMaxFailuresPerIp: 20,
        loginFailureWindowSeconds: 600,
        accountLookupsPerIp: 40,
        accountLookupsPerTarget: 8,
        accountLookupWindowSeconds: 300,
      },
      approvalTimeoutIntervalMs: 0,
      jobs: {
        pollIntervalMs: 500,
        concurrency: 4,
        leaseMs: 60_000,
        retryBaseMs: 1000,
        exportThreshold: 100,
        zipThreshold: 50,
        retentionDays: 3,
        importWaitMs: 5000,
      },
      stockExpiryIntervalMs: 600_000,
      visitDayCloseIntervalMs: 1_800_000,
      kpiNightlyIntervalMs: DEFAULT_KPI_NIGHTLY_INTERVAL_MS,
      payRefundReconcileAfterMs: 300_000,
      attachmentStorage: {
        kind: 's3',
        endpoint: 'http://minio.internal:9000',
        region: 'us-east-1',
        bucket: 'photos',
        accessKeyId: 'minio-key',
        secretAccessKey: 'minio-secret',
        forcePathStyle: false,
      },
      iotAlarms: {
        secret: 'iot-platform-key-0001',
        replayWindowSeconds: 120,
        tempMin: 2,
        tempMax: 8,
        powerOffMinutes: 60,
      },
    });
    expect(() => loadConfig({ IOT_WEBHOOK_SECRET: 'short' })).toThrow('IOT_WEBHOOK_SECRET 至少 16 个字符');
    expect(() => loadConfig({ IOT_TEMP_MIN: '8', IOT_TEMP_MAX: '8' })).toThrow(
      'IOT_TEMP_MAX 应大于 IOT_TEMP_MIN',
    );
  });

  it('keeps attachments under DATA_DIR unless ATTACHMENT_DIR says; S3 needs its bucket and keys together', () => {
    expect(loadConfig({ DATA_DIR: '/srv/data' }).attachmentStorage).toEqual({
      kind: 'local',
      dir: '/srv/data/attachments',
    });
    expect(loadConfig({ ATTACHMENT_DIR: '/mnt/photos' }).attachmentStorage).toEqual({
      kind: 'local',
      dir: '/mnt/photos',
    });
    expect(() => loadConfig({ S3_BUCKET: 'photos' })).toThrow(
      '配置错误：环境变量 S3_ACCESS_KEY_ID 未设置：附件对象存储的变量要么全部设置，要么全部不设置',
    );
    expect(() =>
      loadConfig({
        S3_BUCKET: 'b',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_FORCE_PATH_STYLE: 'yes',
      }),
    ).toThrow('S3_FORCE_PATH_STYLE');
  });

  it('reads the WeChat third-party platform, its push Token and EncodingAESKey all or none', () => {
    const platform = {
      WXPLATFORM_COMPONENT_APPID: 'wxcomponent0001',
      WXPLATFORM_COMPONENT_SECRET: 'secret',
      WXPLATFORM_COMPONENT_TOKEN: 'pushToken01',
      WXPLATFORM_COMPONENT_AES_KEY: 'KEc67x+R/vKLQURfaacEo9u0ZBgMcX+cA0n4jI6kM7M',
    };
    expect(loadConfig({ ...platform, WXPLATFORM_API_URL: 'http://127.0.0.1:9/wx' }).wxPlatform).toEqual({
      apiUrl: 'http://127.0.0.1:9/wx',
      webUrl: 'https://mp.weixin.qq.com',
      component: {
        appId: 'wxcomponent0001',
        appSecret: 'secret',
        token: 'pushToken01',
        aesKey: platform.WXPLATFORM_COMPONENT_AES_KEY,
      },
    });
    expect(() => loadConfig({ ...platform, WXPLATFORM_COMPONENT_AES_KEY: '' })).toThrow(
      '配置错误：环境变量 WXPLATFORM_COMPONENT_AES_KEY 未设置：微信第三方平台的变量要么全部设置，要么全部不设置',
    );
    expect(() => loadConfig({ ...platform, WXPLATFORM_COMPONENT_AES_KEY: 'short' })).toThrow(
      'WXPLATFORM_COMPONENT_AES_KEY',
    );
    expect(() => loadConfig({ ...platform, WXPLATFORM_COMPONENT_TOKEN: 'has space' })).toThrow(
      'WXPLATFORM_COMPONENT_TOKEN',
    );
  });

  it('is in production mode only for NODE_ENV=production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).production).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).production).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).production).toBe(true);
  });

  it.each(Object.keys(SMS_ENV))('refuses an SMS gateway configured without %s, naming it', (missing) => {
    const env: Record<string, string> = { ...SMS_ENV };
    delete env[missing];
    const error = configErrorOf(env);
    expect(error.variable).toBe(missing);
    expect(error.message).toContain(missing);
  });

  it('reads the ERP hosts allowed inside the network as bare hosts', () => {
    expect(
      loadConfig({ ERP_ALLOWED_HOSTS: ' 192.168.1.20, ERP.corp.local ,fd00::5' }).erpAllowedHosts,
    ).toEqual(['192.168.1.20', 'erp.corp.local', 'fd00::5']);
    expect(() => loadConfig({ ERP_ALLOWED_HOSTS: 'http://erp.corp.local' })).toThrow('ERP_ALLOWED_HOSTS');
    expect(() => loadConfig({ ERP_ALLOWED_HOSTS: 'erp.corp.local:8080' })).toThrow('ERP_ALLOWED_HOSTS');
  });

  it('refuses an SMS gateway URL that is not http(s)', () => {
    expect(configErrorOf({ ...SMS_ENV, SMS_GATEWAY_URL: 'ftp://sms.example.com' }).variable).toBe(
      'SMS_GATEWAY_URL',
    );
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: ' ', REDIS_URL: '', ADMIN_PASSWORD: '' });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      redisUrl: undefined,
      pushChannel: 'channel-digital:push',
      adminPassword: undefined,
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'not a url'],
    ['REDIS_URL', 'http://cache:6379'],
    ['ADMIN_PASSWORD', 'short'],
    ['LOG_LEVEL', 'loud'],
    ['BODY_LIMIT', 'lots'],
    ['ERP_SYNC_INTERVAL_MS', '-5'],
    ['ORDER_AUTO_SIGN_INTERVAL_MS', 'soon'],
    ['ORDER_AUTO_SIGN_DAYS', '0'],
    ['DATABASE_POOL_MAX', '0'],
    ['DATABASE_POOL_MAX', 'many'],
    ['STOCK_EXPIRY_INTERVAL_MS', '-1'],
  ])('rejects %s=%s with a message naming the variable', (variable, value) => {
    const error = configErrorOf({ [variable]: value });
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(variable);
  });

  it('accepts both PostgreSQL URL schemes and rediss', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/d' }).databaseUrl).toBe('postgres://u@h/d');
    expect(loadConfig({ REDIS_URL: 'rediss://h:6380' }).redisUrl).toBe('rediss://h:6380');
  });
});
