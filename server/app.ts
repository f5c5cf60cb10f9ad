// The Fastify application: the JSON API under /api, the built SPA, one error contract. main.ts and
// the tests build it the same way; it never migrates or seeds (its caller owns the database).
import type { Socket } from 'node:net';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  DEFAULT_IOT_ALARMS,
  DEFAULT_JOBS_CONFIG,
  DEFAULT_RATE_LIMITS,
  type Config,
  type JobsConfig,
} from './config';
import type { Database } from './db';
import { attachReadCache, isTablesChanged, ReadCache, type TablesChanged } from './db/readCache';
import { registerAccessGuard } from './http/access';
import { serializeRequest } from './http/logRedaction';
import { sendFailure } from './http/envelope';
import { handleClientError, handleError, SHUTTING_DOWN_MESSAGE } from './http/errors';
import { generateRequestId, REQUEST_ID_HEADER } from './http/requestId';
import { createRateLimits, type RateLimits } from './http/rateLimits';
import { securityHeaderOptions } from './http/securityHeaders';
import { API_PREFIX, registerSite } from './http/site';
import { compileSchemasOnFirstUse } from './http/schemaCompilers';
import { formatSchemaError, refuseNulCharacters } from './http/validation';
import { createSmsChannel, type SmsChannel } from './integrations/sms';
import { accountRoutes } from './modules/auth/accountRoutes';
import { authRoutes } from './modules/auth/routes';
import { selfServiceRoutes } from './modules/auth/selfServiceRoutes';
import { ACCESS_TABLES, cachedSessionResolver, SESSION_WRITES } from './modules/auth/sessionCache';
import { MENU_TABLES } from './modules/auth/permissions';
import { DICT_ITEM_TABLES } from './modules/system/dicts/service';
import { FAILED_TASK_TABLES } from './modules/erpSync/failedTasks';
import { ORDER_LIST_TABLES } from './modules/orders/queries';
import { SCOPE_TABLES } from './modules/shared/dataScope';
import { redisChannel, type Broker } from './push/broker';
import { resolveSession } from './modules/auth/sessions';
import { assetRoutes } from './modules/assets/routes';
import { adRoutes } from './modules/ads/routes';
import { posmRoutes } from './modules/posm/routes';
import { REPAIR_CLOCK_INTERVAL_MS, runRepairClock } from './modules/repairs/orders';
import { repairRoutes } from './modules/repairs/routes';
import { iotAlarmRoutes, SIMULATED_IOT_SECRET, type IotAlarmSettings } from './modules/assets/iot';
import { iotSimulator, IOT_SIMULATOR_PREFIX } from './integrations/iot/simulator';
import { customerRoutes } from './modules/customers/routes';
import { displayRoutes } from './modules/displays/routes';
import { runDisplayMonth } from './modules/displays/payments';
import { devRoutes } from './modules/dev/routes';
import { erpSyncRoutes } from './modules/erpSync/routes';
import { runDueSyncTasks } from './modules/erpSync/worker';
import { erpSimulator, ERP_SIMULATOR_PREFIX } from './integrations/erp/simulator';
import type { ErpRuntime } from './integrations/erp';
import { publicOnlyAgent } from './integrations/publicOnlyAgent';
import { fileRoutes } from './modules/files/routes';
import { attachmentRoutes } from './modules/attachments/routes';
import { historyRoutes } from './modules/history/routes';
import { attachmentStorageOf, type AttachmentStorage } from './modules/attachments/storage';
import { ZIP_JOB, zipJob } from './modules/attachments/zips';
import { healthRoutes } from './modules/health/routes';
import { homeRoutes } from './modules/home/routes';
import {
  loopbackOrigin,
  registerThirdPartyChannels,
  type ThirdPartyChannels,
  type ThirdPartyConfig,
} from './modules/thirdParty/channels';
import { thirdPartyRoutes } from './modules/thirdParty/routes';
import { productRoutes } from './modules/products/routes';
import { stockRoutes } from './modules/stock/routes';
import { autoSignOrders } from './modules/orders/autoSign';
import { runExport } from './modules/jobs/exports';
import { runImportJob } from './modules/jobs/imports';
import { jobRoutes } from './modules/jobs/routes';
import { JobRunner } from './modules/jobs/runner';
import { removeExpiredFiles } from './modules/jobs/service';
import { markLotExpiry } from './modules/stock/expiry';
import { closeVisitDays } from './modules/visits/dayClose';
import { visitRoutes } from './modules/visits/routes';
import { executionRoutes } from './modules/execution/routes';
import { orderRoutes } from './modules/orders/routes';
import { runRebateJob } from './modules/rebates/calculation';
import { REBATE_CALC_JOB, rebateRoutes } from './modules/rebates/routes';
import { departRoutes } from './modules/system/departs/routes';
import { dictRoutes } from './modules/system/dicts/routes';
import { duplicateRoutes } from './modules/system/duplicate/routes';
import { logRoutes } from './modules/system/logs/routes';
import { permissionRoutes } from './modules/system/permissions/routes';
import { roleRoutes } from './modules/system/roles/routes';
import { userRoutes } from './modules/system/users/routes';
import { announcementRoutes } from './modules/announcements/routes';
import { BELL_TABLES } from './modules/announcements/service';
import { runApprovalTimeouts } from './modules/approvals/engine';
import { publishTaskNotices } from './modules/approvals/notify';
import { approvalRoutes } from './modules/approvals/routes';
import { agreementRoutes } from './modules/agreements/routes';
import { settleCoopByTime } from './modules/agreements/coop';
import { promotionRoutes } from './modules/promotions/routes';
import { kpiRoutes, DEALER_REPORT_JOB, KPI_SNAPSHOT_JOB } from './modules/kpi/routes';
// Dealer workspaces (issue #22).
import { dealerRoutes } from './modules/dealers/routes';
import { snapshotAllTenants, snapshotPeriod } from './modules/kpi/achievements';
import { rebuildDealerDaily, rebuildDealerMonthly, rebuildDealerReports } from './modules/kpi/dealerReports';
import { lockStartedTargets } from './modules/kpi/targets';
import { shanghaiToday } from './modules/home/periods';
import { settleByTime } from './modules/promotions/service';
import { createPayRuntime } from './modules/payments/merchants';
import { reconcileRefunds, submitAllPendingRefunds } from './modules/payments/service';
import { paymentNotifyRoutes } from './modules/payments/notifyRoutes';
import { paymentRoutes } from './modules/payments/routes';
import { wxConfigRoutes } from './modules/payments/wxconfig';
import type { PayRuntime } from './modules/payments/runtime';
import { wechatPaySimulator, WECHAT_PAY_SIMULATOR_PREFIX } from './integrations/wechatpay/simulator';
import { createPushHub, DEFAULT_PING_INTERVAL_MS, pushSocketRoutes, type PushHub } from './push';
// ---- mall and employee-price programme (issue #22) ----
import swagger from '@fastify/swagger';
import { buyerRoutes } from './modules/mall/buyerRoutes';
import { employeeAdminRoutes } from './modules/mall/adminRoutes';
import { cancelExpiredEmployeeOrders } from './modules/mall/employeeOrders';
import { BUYER_OPENAPI } from './modules/mall/openapi';
// ---- mini-program administration (issue #22) ----
import { wxPlatformSimulator, WXPLATFORM_SIMULATOR_PREFIX } from './integrations/wxplatform/simulator';
import { createWxRuntime, type WxRuntime } from './modules/wxplatform/runtime';
import { wxPlatformRoutes } from './modules/wxplatform/routes';
import { COMPONENT_NOTIFY_PATH, componentNotifyRoutes } from './modules/wxplatform/componentNotify';
import { WX_MESSAGE_JOB } from './modules/wxplatform/messages';
import { sendOrderMessage } from './modules/wxplatform/messageJob';
import { refreshAllAudits } from './modules/wxplatform/service';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    sms: SmsChannel;
    thirdParty: ThirdPartyChannels;
    /** Pushes to the users' sockets, on whichever instance they are. */
    push: PushHub;
    /** How the ERP clients reach the ERPs (and, outside production, this server's ERP simulator). */
    erpRuntime: ErpRuntime;
    /** The throttles of password guessing and account look-ups, shared by the instances through Redis. */
    rateLimits: RateLimits;
    /** The background jobs: exports of 下载中心, imports, the recurring workers. */
    jobs: JobRunner;
    /** Where attachments keep their bytes (a local folder or S3). */
    attachmentStorage: AttachmentStorage;
    /** The hosts whose https images a record may keep besides its uploads (modules/files/imageUrls.ts). */
    imageUrlHosts: readonly string[];
    /** 拜访详情's map tiles (MAP_TILE_URL), or null for a plain background. */
    mapTileUrl: string | null;
    /** The signed IoT alarm webhook's key and episode rule. */
    iotAlarms: IotAlarmSettings;
    /** How the payments service reaches WeChat Pay (a tenant's merchant, or the simulator outside production). */
    payRuntime: PayRuntime;
    /** How /wxplatform and /wxapi reach WeChat (the deployment's third-party platform, or the simulator). */
    wxRuntime: WxRuntime;
    /** Compiles now every route schema no request has needed yet (they compile at their route's first call). */
    compileAllSchemas(): void;
  }
}

export interface AppDeps {
  database: Database;
  config: Pick<
    Config,
    | 'staticDir'
    | 'bodyLimit'
    | 'logLevel'
    | 'production'
    | 'sms'
    | 'redisUrl'
    | 'pushChannel'
    | 'attachmentStorage'
  > &
    Partial<
      Pick<
        Config,
        | 'erpSyncIntervalMs'
        | 'erpAllowedHosts'
        | 'imageUrlHosts'
        | 'mapTileUrl'
        | 'orderAutoSign'
        | 'rateLimits'
        | 'approvalTimeoutIntervalMs'
        | 'stockExpiryIntervalMs'
        | 'visitDayCloseIntervalMs'
        | 'kpiNightlyIntervalMs'
        | 'payRefundReconcileAfterMs'
        | 'iotAlarms'
        | 'wxPlatform'
      >
    > & {
      jobs?: Partial<JobsConfig>;
    } & ThirdPartyConfig;
  /** How often the push socket pings its clients; tests shorten it. */
  pushPingIntervalMs?: number;
  /** Where the JSON log lines go; stdout when absent. */
  logStream?: { write(line: string): void };
}

/** Route plugins of the API, each registered under /api. */
const API_MODULES = [
  healthRoutes,
  authRoutes,
  accountRoutes,
  selfServiceRoutes,
  erpSyncRoutes,
  thirdPartyRoutes,
  productRoutes,
  customerRoutes,
  stockRoutes,
  orderRoutes,
  fileRoutes,
  attachmentRoutes,
  historyRoutes,
  homeRoutes,
  userRoutes,
  roleRoutes,
  permissionRoutes,
  departRoutes,
  dictRoutes,
  logRoutes,
  duplicateRoutes,
  announcementRoutes,
  approvalRoutes,
  jobRoutes,
  assetRoutes,
  iotAlarmRoutes,
  promotionRoutes,
  visitRoutes,
  agreementRoutes,
  rebateRoutes,
  posmRoutes,
  adRoutes,
  displayRoutes,
  kpiRoutes,
  buyerRoutes,
  employeeAdminRoutes,
  // Dealer workspaces (issue #22).
  dealerRoutes,
  // ---- payments and WeChat (#22) ----
  paymentNotifyRoutes,
  paymentRoutes,
  wxConfigRoutes,
  wxPlatformRoutes,
  componentNotifyRoutes,
  repairRoutes,
  // 门店执行评分 and 金币 (issue #17)
  executionRoutes,
];

/** The tables the app's read cache holds answers of. */
const READ_CACHED_TABLES = [
  ...ACCESS_TABLES,
  ...MENU_TABLES,
  ...DICT_ITEM_TABLES,
  ...SCOPE_TABLES,
  ...ORDER_LIST_TABLES,
  ...FAILED_TASK_TABLES,
  ...BELL_TABLES,
];

/** With Redis, the instances tell each other of the tables they wrote on a channel next to the pushes'. */
function writePeers(
  config: Pick<Config, 'redisUrl' | 'pushChannel'>,
  app: FastifyInstance,
): Broker<TablesChanged> | undefined {
  if (!config.redisUrl) return undefined;
  const peers = redisChannel(
    {
      url: config.redisUrl,
      channel: `${config.pushChannel}:writes`,
      onError: (error) => app.log.warn({ err: error }, 'write channel (Redis) error'),
    },
    isTablesChanged,
  );
  app.addHook('onReady', () => peers.ready());
  app.addHook('onClose', () => peers.close());
  return peers;
}

/** The job runner and its jobs: exports, the download cleanup, the ERP sync worker and the auto sign-off. */
const PAY_REFUND_INTERVAL_MS = 60_000;

function registerJobs(app: FastifyInstance, config: AppDeps['config']): void {
  const jobs = new JobRunner(app.database.db, { ...DEFAULT_JOBS_CONFIG, ...config.jobs }, app.push, app.log);
  app.decorate('jobs', jobs);
  jobs.handle('EXPORT', runExport);
  jobs.handle(ZIP_JOB, zipJob(app.attachmentStorage));
  jobs.handle('IMPORT', runImportJob);
  jobs.handle(REBATE_CALC_JOB, runRebateJob);
  jobs.every('DOWNLOAD_CLEANUP', '清理过期下载文件', DOWNLOAD_CLEANUP_INTERVAL_MS, async ({ db }) => ({
    result: { removed: await removeExpiredFiles(db) },
  }));
  if (config.erpSyncIntervalMs) {
    jobs.every('ERP_SYNC', 'ERP 同步', config.erpSyncIntervalMs, async ({ db }) => {
      await runDueSyncTasks(db, app.erpRuntime);
    });
  }
  const autoSign = config.orderAutoSign;
  if (autoSign?.intervalMs) {
    jobs.every('ORDER_AUTO_SIGN', '订单超时自动签收', autoSign.intervalMs, async ({ db }) => {
      const signed = await autoSignOrders(db, autoSign.days);
      if (signed.length > 0)
        app.log.info({ orders: signed.map((order) => order.orderNo) }, 'orders signed automatically');
      return { result: { signed: signed.length } };
    });
  }
  if (config.stockExpiryIntervalMs) {
    jobs.every('STOCK_EXPIRY', '批次过期标记', config.stockExpiryIntervalMs, async ({ db }) => {
      const { expired, nearExpiry } = await markLotExpiry(db);
      if (expired.length + nearExpiry.length > 0)
        app.log.info({ expired: expired.length, nearExpiry: nearExpiry.length }, 'stock lots marked');
      return { result: { expired: expired.length, nearExpiry: nearExpiry.length } };
    });
  }
  if (config.approvalTimeoutIntervalMs) {
    jobs.every('APPROVAL_TIMEOUTS', '审批超时处理', config.approvalTimeoutIntervalMs, async ({ db }) => {
      const notices = await runApprovalTimeouts(db);
      publishTaskNotices(app, notices);
      return { result: { handled: notices.length } };
    });
  }
  // Online refunds a crash left unsent, and their late results (payments, #22).
  jobs.every('PAY_REFUND_SUBMIT', '微信退款提交', PAY_REFUND_INTERVAL_MS, async ({ db }) => ({
    result: { sent: await submitAllPendingRefunds(db, app.payRuntime) },
  }));
  // 退款对账: refunds 退款中 past PAY_REFUND_RECONCILE_AFTER_MS without their result are asked at WeChat Pay and
  // settled as their notify would be (a lost notify, a crash during 异常退款处理).
  const reconcileAfterMs = config.payRefundReconcileAfterMs;
  if (reconcileAfterMs) {
    jobs.every('PAY_REFUND_RECONCILE', '微信退款对账', PAY_REFUND_INTERVAL_MS, async ({ db }) => ({
      result: await reconcileRefunds(db, app.payRuntime, reconcileAfterMs),
    }));
  }
  // Mini-program audit results (/wxplatform): WeChat decides in hours or days; the page may also ask at once.
  jobs.every('WXPLATFORM_AUDIT', '小程序审核结果', PAY_REFUND_INTERVAL_MS, async ({ db }) => ({
    result: {
      settled: await refreshAllAudits({ db, runtime: app.wxRuntime, production: config.production }),
    },
  }));
  // Promotions start and end on time (the engine also judges by the clock, so a late run prices nothing wrong).
  // Subscription messages of order status, queued by the orders' transactions.
  jobs.handle(WX_MESSAGE_JOB, sendOrderMessage(app.wxRuntime));
  jobs.every('PROMOTION_CLOCK', '促销按时生效/结束', PROMOTION_CLOCK_INTERVAL_MS, async ({ db }) => ({
    result: await settleByTime(db, null),
  }));
  // Cooperation agreements start and expire on their dates (the reads settle them too).
  jobs.every(
    'COOP_AGREEMENT_CLOCK',
    '合作协议按期生效/到期',
    AGREEMENT_CLOCK_INTERVAL_MS,
    async ({ db }) => ({
      result: await settleCoopByTime(db, null),
    }),
  );
  // 维修工单 (issue #20 MES): orders fed back 48 h ago with signature and photos approve themselves, SLA breaches
  // are flagged.
  jobs.every('REPAIR_CLOCK', '维修工单自动审核/超时标记', REPAIR_CLOCK_INTERVAL_MS, async ({ db }) => ({
    result: await runRepairClock(db),
  }));
  // 陈列协议: the months' payments and the agreements' start and end (DOMAIN §1.8 monthly job), every hour.
  jobs.every('DISPLAY_MONTH', '陈列协议月度核算', DISPLAY_MONTH_INTERVAL_MS, async ({ db }) => ({
    result: await runDisplayMonth(db),
  }));
  if (config.visitDayCloseIntervalMs) {
    jobs.every('VISIT_DAY_CLOSE', '拜访日结', config.visitDayCloseIntervalMs, async ({ db }) => ({
      result: { ...(await closeVisitDays(db)) },
    }));
  }
  // 销售报表 (issue #21): targets lock at their period's start, achievement snapshots and dealer reports are
  // rebuilt nightly (every instance polls; one runs it), and on demand from their pages.
  if (config.kpiNightlyIntervalMs) {
    jobs.every(
      'KPI_NIGHTLY',
      '目标锁定/达成快照/经销商报表',
      config.kpiNightlyIntervalMs,
      async ({ db, signal }) => {
        const locked = await lockStartedTargets(db);
        const snapshots = await snapshotAllTenants(db, new Date(), signal);
        const dealer = await rebuildDealerReports(db, shanghaiToday(new Date()), signal);
        return { result: { locked, snapshots, ...dealer } };
      },
    );
  }
  jobs.handle(KPI_SNAPSHOT_JOB, async ({ job, db }) => {
    await lockStartedTargets(db);
    const rows = await snapshotPeriod(db, job.tenant_id!, String(job.payload.period));
    return { result: { rows } };
  });
  jobs.handle(DEALER_REPORT_JOB, async ({ job, db }) => {
    const { date, month } = job.payload as { date: string | null; month: string | null };
    const rows = date
      ? await rebuildDealerDaily(db, job.tenant_id!, date)
      : await rebuildDealerMonthly(db, job.tenant_id!, month!);
    return { result: { rows } };
  });
  // 内购订单: unpaid 30 minutes after placing, cancelled (DOMAIN §1.16).
  jobs.every(
    'EMPLOYEE_ORDER_EXPIRY',
    '内购订单超时取消',
    EMPLOYEE_ORDER_EXPIRY_INTERVAL_MS,
    async ({ db }) => ({
      result: { cancelled: (await cancelExpiredEmployeeOrders(db)).length },
    }),
  );
  app.addHook('onReady', () => jobs.start());
  app.addHook('preClose', () => jobs.stop());
}

const PROMOTION_CLOCK_INTERVAL_MS = 60_000;
const AGREEMENT_CLOCK_INTERVAL_MS = 3_600_000;
const DISPLAY_MONTH_INTERVAL_MS = 3_600_000;
const EMPLOYEE_ORDER_EXPIRY_INTERVAL_MS = 60_000;

/** Expired files go within the hour. */
const DOWNLOAD_CLEANUP_INTERVAL_MS = 3_600_000;

export function buildApp({ database, config, logStream, pushPingIntervalMs }: AppDeps): FastifyInstance {
  const schemaCompilers = compileSchemasOnFirstUse();
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: serializeRequest },
      ...(logStream && { stream: logStream }),
    },
    genReqId: generateRequestId,
    bodyLimit: config.bodyLimit,
    // Fastify's own drain answer is not an envelope; the onRequest hook below answers instead.
    return503OnClosing: false,
    frameworkErrors: (error, request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      handleError(error, request, reply);
    },
    clientErrorHandler: handleClientError,
    schemaErrorFormatter: formatSchemaError,
    schemaController: { compilersFactory: schemaCompilers.compilersFactory },
    ajv: {
      customOptions: {
        // API.md Part A: unknown body fields are dropped, not refused.
        removeAdditional: true,
        // Query strings are text: "10" is a valid pageSize, "a,b" a valid array.
        coerceTypes: 'array',
        useDefaults: true,
      },
    },
  });

  // The app's own handle on the database reads through the app's read cache; a transaction, or another handle
  // on the same database (a test's, a second app's), does not.
  const reads = new ReadCache(database, {
    tables: READ_CACHED_TABLES,
    peers: writePeers(config, app),
    matchers: SESSION_WRITES,
  });
  const db = database.db.withoutPlugins();
  attachReadCache(db, reads);
  app.decorate('compileAllSchemas', schemaCompilers.compileAll);
  app.decorate('database', { ...database, db });
  app.decorate('sms', createSmsChannel(config.sms, database));
  app.decorate('push', createPushHub(config, app.log));
  app.decorate(
    'rateLimits',
    createRateLimits(
      config.rateLimits ?? DEFAULT_RATE_LIMITS,
      config.redisUrl,
      `${config.pushChannel}:rate-limit`,
    ),
  );
  app.addHook('onClose', () => app.rateLimits.close());
  app.decorate('attachmentStorage', attachmentStorageOf(config.attachmentStorage));
  app.decorate('imageUrlHosts', config.imageUrlHosts ?? []);
  app.decorate('mapTileUrl', config.mapTileUrl ?? null);
  // Outside production an unset key is the simulator's; in production the webhook then refuses every call.
  const iot = config.iotAlarms ?? DEFAULT_IOT_ALARMS;
  app.decorate('iotAlarms', {
    ...iot,
    secret: iot.secret ?? (config.production ? undefined : SIMULATED_IOT_SECRET),
  });
  app.addHook('onClose', async () => app.attachmentStorage.close());
  // Listening waits for the broker's subscription, so no push published afterwards is missed.
  app.addHook('onReady', () => app.push.ready());
  app.addHook('onClose', () => app.push.close());
  database.onConnectionError((error) => app.log.warn({ err: error }, 'database connection lost'));

  let closing = false;
  // A connection a client opened and never used (an HTTP client's pool opens spares) is not idle to Node: closing
  // would wait for its headers timeout, a minute. Nothing can be in flight on it, so shutting down closes it.
  const connections = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (closing) {
      // A request on a kept-alive connection while draining: ask the client to go elsewhere.
      reply.header('connection', 'close');
      return sendFailure(reply, 503, SHUTTING_DOWN_MESSAGE);
    }
  });
  app.setErrorHandler(handleError);
  app.register(helmet, securityHeaderOptions(config));
  app.addHook('preValidation', refuseNulCharacters);
  // After the hook above (request id, draining), before any route: every route added afterwards, by any
  // plugin or test, passes the gate.
  const sessions = cachedSessionResolver(reads, (token) => resolveSession(db, token));
  registerAccessGuard(app, sessions);

  // WeCom, CAS and WeChat; outside production, unconfigured ones are simulated under /sim/….
  app.decorate('thirdParty', registerThirdPartyChannels(app, config));
  // Kingdee and T+; outside production a connection may point at the simulator under /sim/erp, in
  // production only at public addresses and ERP_ALLOWED_HOSTS.
  app.decorate(
    'erpRuntime',
    config.production
      ? { selfOrigin: undefined, dispatcher: publicOnlyAgent(config.erpAllowedHosts ?? []) }
      : { selfOrigin: () => loopbackOrigin(app) },
  );
  if (!config.production) app.register(erpSimulator, { prefix: ERP_SIMULATOR_PREFIX });
  if (!config.production) app.register(iotSimulator, { prefix: IOT_SIMULATOR_PREFIX });
  app.decorate(
    'payRuntime',
    createPayRuntime({
      production: config.production,
      selfOrigin: () => loopbackOrigin(app),
      notifyOrigin: process.env.PAY_NOTIFY_ORIGIN || undefined,
    }),
  );
  if (!config.production) app.register(wechatPaySimulator, { prefix: WECHAT_PAY_SIMULATOR_PREFIX });
  app.decorate(
    'wxRuntime',
    createWxRuntime({
      production: config.production,
      selfOrigin: () => loopbackOrigin(app),
      config: config.wxPlatform,
    }),
  );
  if (!config.production)
    app.register(wxPlatformSimulator, {
      prefix: WXPLATFORM_SIMULATOR_PREFIX,
      // WeChat pushes the simulated platform's tickets to the receiver only while no real platform is set.
      componentNotifyPath: config.wxPlatform?.component ? undefined : API_PREFIX + COMPONENT_NOTIFY_PATH,
    });
  registerJobs(app, config);
  // The buyer API's OpenAPI document (GET /api/buyer/openapi.json) is generated from its routes' schemas.
  app.register(swagger, BUYER_OPENAPI);
  for (const routes of API_MODULES) app.register(routes, { prefix: API_PREFIX });
  app.register(pushSocketRoutes, {
    hub: app.push,
    resolveSession: sessions,
    pingIntervalMs: pushPingIntervalMs ?? DEFAULT_PING_INTERVAL_MS,
  });
  // The SMS outbox would hand out login codes: never in production, never next to a real gateway.
  if (!config.production && app.sms.simulated) app.register(devRoutes, { prefix: API_PREFIX });
  registerSite(app, config.staticDir);
  return app;
}
