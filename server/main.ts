// The server process: read the configuration, open the database, migrate, seed when empty, listen,
// and on SIGTERM/SIGINT stop accepting, finish what is in flight, close the database and exit 0.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db';
import { migrateToLatest } from './db/migrations';
import { attachmentStorageOf } from './modules/attachments/storage';
import { seedWhenEmpty, type SeedOutcome } from './db/seed';

/** In-flight requests get this long to finish before the process gives up and exits 1. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

function publicUrl(app: FastifyInstance, host: string): string {
  const { port } = app.server.address() as AddressInfo;
  const shownHost =
    host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${shownHost}:${port}`;
}

function smsDescription(config: Config): string {
  if (config.sms) return `短信网关 ${new URL(config.sms.url).host}`;
  // In production nobody can read the simulator's outbox: the phone login cannot be used.
  if (config.production) return '未配置短信网关（SMS_*），手机号登录不可用';
  return '本地模拟器，验证码见 GET /api/dev/sms/outbox?mobile=手机号';
}

function printBanner(url: string, config: Config, database: Database, seed: SeedOutcome): void {
  const lines = [
    `渠道数字化平台已启动: ${url}`,
    `数据库: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite (${config.dataDir})`}`,
    `短信: ${smsDescription(config)}`,
    `登录: 打开上面的地址，演示账号 admin（全部权限），其余演示账号见 README.md，密码为 ADMIN_PASSWORD 或首次启动时生成的密码`,
  ];
  if (seed.seeded) lines.push('已写入演示数据。');
  if (seed.seeded && seed.generatedAdminPassword) {
    lines.push(
      `演示账号的初始密码（自动生成，只显示这一次，请妥善保存）: ${seed.generatedAdminPassword}`,
      '要自己指定密码，请在首次启动前设置环境变量 ADMIN_PASSWORD。',
    );
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

function stopOnSignals(app: FastifyInstance, database: Database): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    try {
      await app.close();
      await database.close();
      app.log.info('shutdown complete');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

async function start(config: Config): Promise<void> {
  const database = await openDatabase(config);
  let app: FastifyInstance | undefined;
  try {
    const applied = await migrateToLatest(database.db);
    const photoStorage = attachmentStorageOf(config.attachmentStorage);
    const seed = await seedWhenEmpty(database.db, {
      adminPassword: config.adminPassword,
      attachmentStorage: photoStorage,
    }).finally(() => photoStorage.close());
    app = buildApp({ database, config });
    app.log.info({ applied, seeded: seed.seeded, database: database.kind }, 'database ready');
    stopOnSignals(app, database);
    await app.listen({ port: config.port, host: config.host });
    printBanner(publicUrl(app, config.host), config, database, seed);
  } catch (error) {
    await app?.close();
    await database.close();
    throw error;
  }
}

function main(): void {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  start(config).catch((error: unknown) => {
    process.stderr.write(`启动失败: ${error instanceof Error ? error.message : String(error)}\n`);
    console.error(error);
    process.exit(1);
  });
}

main();
