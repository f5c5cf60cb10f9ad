// Builds the app exactly as main.ts does and listens on a free port, for tests over real HTTP.
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../app';
import {
  DEFAULT_BODY_LIMIT,
  DEFAULT_PUSH_CHANNEL,
  DEFAULT_RATE_LIMITS,
  type LogLevel,
  type RateLimitConfig,
  type JobsConfig,
  type AttachmentStorageConfig,
  type SmsGatewayConfig,
} from '../../config';
import type { Database } from '../../db';
import type { ThirdPartyConfig } from '../../modules/thirdParty/channels';

export interface TestServer {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  baseUrl: string;
  close(): Promise<void>;
}

export interface TestServerOptions {
  database: Database;
  /** The built SPA; by default a folder that does not exist (no site, every unknown path is a 404 envelope). */
  staticDir?: string;
  bodyLimit?: number;
  logLevel?: LogLevel;
  logStream?: AppDeps['logStream'];
  /** NODE_ENV=production; false by default. */
  production?: boolean;
  /** A real SMS gateway; by default the simulator and its outbox. */
  sms?: SmsGatewayConfig;
  /** Real WeCom, CAS, WeChat settings, the special login's account; by default the simulators. */
  thirdParty?: Omit<ThirdPartyConfig, 'production'>;
  /** Redis for the push hub (in-process without it) and its channel, unique per test. */
  redisUrl?: string;
  pushChannel?: string;
  pushPingIntervalMs?: number;
  /** ERP hosts allowed in production although they are not public (ERP_ALLOWED_HOSTS). */
  erpAllowedHosts?: string[];
  /** Hosts whose https images records may keep (IMAGE_URL_HOSTS). */
  imageUrlHosts?: string[];
  /** Throttles other than the defaults of production. */
  rateLimits?: Partial<RateLimitConfig>;
  /** The job runner's settings (a low export threshold, short leases …); the defaults otherwise. */
  jobs?: Partial<JobsConfig>;
  /** Where attachments go; by default a fresh temporary folder, removed when the server closes. */
  attachmentStorage?: AttachmentStorageConfig;
  /** Adds test-only routes (or anything else) before the app starts. */
  configure?: (app: FastifyInstance) => void;
}

/** For tests that call the look-up endpoints more often than one address may (auth.throttles tests the limits). */
export const UNTHROTTLED_LOOKUPS = { accountLookupsPerIp: 1_000_000, accountLookupsPerTarget: 1_000_000 };

export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  const attachmentDir = options.attachmentStorage
    ? undefined
    : fs.mkdtempSync(path.join(os.tmpdir(), 'channel-digital-attachments-'));
  const app = buildApp({
    database: options.database,
    config: {
      staticDir: options.staticDir ?? path.join(os.tmpdir(), 'channel-digital-no-site'),
      bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
      logLevel: options.logLevel ?? 'silent',
      production: options.production ?? false,
      erpAllowedHosts: options.erpAllowedHosts,
      imageUrlHosts: options.imageUrlHosts,
      sms: options.sms,
      ...options.thirdParty,
      redisUrl: options.redisUrl,
      pushChannel: options.pushChannel ?? DEFAULT_PUSH_CHANNEL,
      rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
      jobs: options.jobs,
      attachmentStorage: options.attachmentStorage ?? { kind: 'local', dir: attachmentDir as string },
    },
    logStream: options.logStream,
    pushPingIntervalMs: options.pushPingIntervalMs,
  });
  options.configure?.(app);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    baseUrl: address,
    close: async () => {
      await app.close();
      if (attachmentDir) fs.rmSync(attachmentDir, { recursive: true, force: true });
    },
  };
}

/** Collects the JSON log lines of an app (pass as `logStream`). */
export function captureLogs(): {
  logStream: { write(line: string): void };
  lines(): Array<Record<string, unknown>>;
} {
  const raw: string[] = [];
  return {
    logStream: { write: (line) => void raw.push(line) },
    lines: () => raw.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
