// The order queries at load-test volume (issue #8): 200,000 orders of tenant A01 in PostgreSQL and in PGlite,
// the real server started on each, 20 concurrent clients asking for the order list (paged, filtered by status
// and date, newest first) and for the failed-sync count; p50/p95/p99 per query (target p99 ≤ 50 ms), then the
// plans of the same SQL (EXPLAIN ANALYZE) to show which indexes answer.
//
//   npm run bench orders            PostgreSQL when a server is given, and PGlite: BENCH_DATABASE_URL is the
//                                   bench database itself, kept for the next run (create it first); else a
//                                   database of its own on TEST_DATABASE_URL's server, dropped after
//   BENCH_DATA_DIR=/tmp/bench-pglite                     PGlite's folder, kept likewise (else a temporary one)
//   BENCH_BACKENDS=postgres npm run bench orders        one back end; BENCH_ORDERS=50000 for a quicker run;
//                                                       BENCH_CLIENTS=1 for the latency of a request alone
// A kept database is only topped up to BENCH_ORDERS, so a second run starts in seconds.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { E2E_PASSWORD, startServer } from '../e2e/support/server';
import { openDatabase, openPGlite, type DatabaseKind } from '../server/db';
import { migrateToLatest } from '../server/db/migrations';
import { PGliteDialect } from '../server/db/pgliteDialect';
import { preparingPool } from '../server/db/preparedStatements';
import type { DB } from '../server/db/schema';
import { seedWhenEmpty } from '../server/db/seed';
import { DEMO_SEED } from '../server/db/seed/business';
import { generateOrders, LOAD_TEST_ORDERS } from '../server/db/seed/businessOrders';
import { demoUserId } from '../server/db/seed/ids';
import { failedSyncTasksOf } from '../server/modules/erpSync/failedTasks';
import { listOrders } from '../server/modules/orders/queries';
import { adminToken, loadAverage, printTable, writeResult } from './report';

const ORDERS = Number(process.env.BENCH_ORDERS ?? LOAD_TEST_ORDERS.orders);
/** The 20; BENCH_CLIENTS=1 shows what one request costs on its own. */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const WARM_UP = 100;
const REQUESTS = 2_000;
const TARGET_P99_MS = 50;
const STATUSES = ['PENDING_AUDIT', 'PENDING_SHIPMENT', 'SHIPPED', 'COMPLETED', 'REJECTED'];
const DAY = 24 * 3_600_000;
const HEADER = ['db', 'via', 'query', 'p50', 'p95', 'p99', 'max', 'calls/s', `p99 ≤ ${TARGET_P99_MS}`];

interface Scenario {
  name: string;
  /** The API path of the i-th request. */
  path: (index: number) => string;
}

/** `YYYY-MM-DD HH:mm:ss` in China, as the list's date filters take it. */
const shanghaiTime = (at: number) =>
  new Date(at + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const shanghaiDay = (at: number) => shanghaiTime(at).slice(0, 10);

/**
 * A 30-day window ending some days ago, so the date filter moves over the two years of orders: 120 filters
 * (24 windows × 5 statuses), 3 pages each, as users page through a list and come back to it.
 */
function listPath(index: number): string {
  const end = Date.now() - (index % 24) * 30 * DAY;
  return orderListPath(index, `${shanghaiDay(end - 30 * DAY)} 00:00:00`, `${shanghaiDay(end)} 23:59:59`);
}

function orderListPath(index: number, begin: string, end: string): string {
  const params = new URLSearchParams({
    pageNo: String((index % 3) + 1),
    pageSize: '10',
    status: STATUSES[index % STATUSES.length],
    orderedAt_begin: begin,
    orderedAt_end: end,
    column: 'orderedAt',
    order: 'desc',
    // As the SPA sends every GET: a cache-buster of the second (src/api/http.ts).
    _t: String(Math.floor(Date.now() / 1000)),
  });
  return `/eOrder/eOrder/list?${params}`;
}

let coldLists = 0;
/** A 30-day window no request asked for before (it moves by a minute each time): its count is never cached. */
function coldListPath(index: number): string {
  const end = Date.now() - coldLists++ * 60_000;
  return orderListPath(index, shanghaiTime(end - 30 * DAY), shanghaiTime(end));
}

const SCENARIOS: Scenario[] = [
  { name: '订单列表 (status + 30 days, newest first)', path: listPath },
  { name: '订单列表, every filter new (count not cached)', path: coldListPath },
  {
    name: '同步失败数 /kingdee/sync/orders/status',
    path: (index) => `/kingdee/sync/orders/status?direction=0&pageNumber=0&size=10&i=${index}`,
  },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

interface Figures {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  perSecond: number;
}

/** `total` calls from `CLIENTS` loops at once, timing each. */
async function concurrently(total: number, call: (index: number) => Promise<void>): Promise<Figures> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < total) {
        const index = next++;
        const begin = performance.now();
        await call(index);
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1],
    perSecond: total / seconds,
  };
}

/**
 * The load's client shares the two cores with the server and the database, so it is kept light: node:http
 * over kept-alive connections costs about half of what fetch does per request.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

function getJson(url: string, token: string): Promise<{ success: boolean; message: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { 'x-access-token': token } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve(
              JSON.parse(Buffer.concat(chunks).toString('utf8')) as { success: boolean; message: string },
            );
          } catch (error) {
            reject(new Error(`${response.statusCode}: ${String(error)}`));
          }
        });
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** HTTP requests to the real server; each answer must be a success. */
function load(baseUrl: string, token: string, scenario: Scenario, total: number): Promise<Figures> {
  return concurrently(total, async (index) => {
    const body = await getJson(`${baseUrl}/api${scenario.path(index)}`, token);
    if (!body.success) throw new Error(`${scenario.name}: ${body.message}`);
  });
}

interface Target {
  kind: DatabaseKind;
  /** The server's environment for this database. */
  env: Record<string, string>;
  open(): Promise<{ db: Kysely<DB>; captured: CompiledQuery[]; close(): Promise<void> }>;
  dispose(): Promise<void>;
}

function openPostgres(url: string): ReturnType<Target['open']> {
  const captured: CompiledQuery[] = [];
  const pool = new pg.Pool({ connectionString: url });
  // The database is dropped with force at the end: a connection it ends is no failure of the bench.
  pool.on('error', () => undefined);
  const db = new Kysely<DB>({
    // As the server sends them: named statements (server/db/preparedStatements.ts).
    dialect: new PostgresDialect({ pool: preparingPool(pool) }),
    log: (event) => {
      captured.push(event.query);
    },
  });
  return Promise.resolve({ db, captured, close: () => db.destroy() });
}

async function postgresTarget(): Promise<Target> {
  const kept = process.env.BENCH_DATABASE_URL;
  if (kept)
    return {
      kind: 'postgres',
      env: { DATABASE_URL: kept },
      open: () => openPostgres(kept),
      dispose: async () => undefined,
    };
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin)
    throw new Error('set BENCH_DATABASE_URL (the bench database) or TEST_DATABASE_URL (a PostgreSQL server)');
  const name = `bench_orders_${process.pid}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    env: { DATABASE_URL: url.toString() },
    open: () => openPostgres(url.toString()),
    dispose: () => run(`drop database if exists ${name} with (force)`),
  };
}

function pgliteTarget(): Target {
  const kept = process.env.BENCH_DATA_DIR;
  const dataDir = kept ?? mkdtempSync(path.join(os.tmpdir(), 'bench-orders-'));
  return {
    kind: 'pglite',
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    async open() {
      const captured: CompiledQuery[] = [];
      const db = new Kysely<DB>({
        dialect: new PGliteDialect(await openPGlite(dataDir)),
        log: (event) => {
          captured.push(event.query);
        },
      });
      return { db, captured, close: () => db.destroy() };
    },
    dispose: async () => {
      if (!kept) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Migrates, seeds the demo and tops A01 up to ORDERS orders (orders, lines and sync tasks, in bulk). */
async function prepare(target: Target): Promise<void> {
  const database = await openDatabase(
    target.kind === 'postgres'
      ? { databaseUrl: target.env.DATABASE_URL, dataDir: '' }
      : { databaseUrl: undefined, dataDir: target.env.DATA_DIR },
  );
  try {
    await migrateToLatest(database.db);
    await seedWhenEmpty(database.db, { adminPassword: E2E_PASSWORD });
    const { count } = await database.db
      .selectFrom('sales_orders')
      .select(sql<number>`count(*)::integer`.as('count'))
      .where('tenant_id', '=', 'A01')
      .executeTakeFirstOrThrow();
    const started = Date.now();
    await generateOrders(
      database.db,
      'A01',
      { orders: Math.max(0, ORDERS - count), days: LOAD_TEST_ORDERS.days },
      DEMO_SEED + 200,
      { viaTasks: false, detail: false },
    );
    // As autovacuum would after a bulk load: statistics, and the visibility map index-only scans rely on.
    await sql`vacuum analyze`.execute(database.db);
    console.log(
      `${target.kind}: ${ORDERS} orders of A01 written in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  } finally {
    await database.close();
  }
}

const ADMIN = { tenantId: 'A01', userId: demoUserId('admin') };

/** The service functions behind the two endpoints, called in this process (no HTTP, no session). */
const SERVICE_CALLS: Array<{ name: string; call: (db: Kysely<DB>, index: number) => Promise<unknown> }> = [
  {
    name: SCENARIOS[0].name,
    call: (db, index) =>
      listOrders(db, ADMIN, Object.fromEntries(new URL(listPath(index), 'http://bench').searchParams)),
  },
  {
    name: SCENARIOS[2].name,
    call: (db) =>
      failedSyncTasksOf(db, 'A01', { direction: 0, pageNumber: 0, size: 10, includeIgnore: false }),
  },
];

async function planOf(db: Kysely<DB>, statement: CompiledQuery): Promise<string> {
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': string }>({
    ...statement,
    sql: `explain (analyze, buffers, costs off) ${statement.sql}`,
  });
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/**
 * The plan PostgreSQL settles on for a named statement (server/db/preparedStatements.ts): after five custom
 * plans it keeps the generic one unless that costs more. The statement is prepared on one connection, run
 * ten times, then explained: EXPLAIN EXECUTE shows the plan the cache chose ($n in its conditions when generic).
 */
function keptPlanOf(db: Kysely<DB>, statement: CompiledQuery): Promise<string> {
  return db.connection().execute(async (connection) => {
    await sql.raw(`prepare bench_kept as ${statement.sql}`).execute(connection);
    try {
      // EXECUTE takes no bound parameters: the values go in as literals, typed by the prepared statement.
      const values = statement.parameters.map((value) => {
        const text = value instanceof Date ? value.toISOString() : String(value);
        return `'${text.replace(/'/g, "''")}'`;
      });
      const execute = `execute bench_kept(${values.join(', ')})`;
      for (let run = 0; run < 10; run++) await sql.raw(execute).execute(connection);
      const {
        rows: [counts],
      } = await sql<{ generic: string; custom: string }>`
        select generic_plans as generic, custom_plans as custom
        from pg_prepared_statements where name = 'bench_kept'`.execute(connection);
      const plan = await planOf(connection, { ...statement, sql: execute, parameters: [] });
      return `-- kept plan: ${counts.generic} generic, ${counts.custom} custom of 10 runs\n${plan}`;
    } finally {
      await sql`deallocate bench_kept`.execute(connection);
    }
  });
}

/**
 * Once the server has stopped (PGlite admits one process): the same queries called directly by CLIENTS
 * concurrent callers, then the plans of the SQL they run, with the parameters of a request.
 */
async function inProcess(target: Target): Promise<{ figures: Record<string, Figures>; plans: string[] }> {
  const { db, captured, close } = await target.open();
  try {
    const figures: Record<string, Figures> = {};
    for (const { name, call } of SERVICE_CALLS) {
      await concurrently(WARM_UP, (index) => call(db, index).then(() => undefined));
      figures[name] = await concurrently(REQUESTS, (index) => call(db, index).then(() => undefined));
    }
    captured.length = 0;
    for (const { call } of SERVICE_CALLS) await call(db, 0);
    const statements = captured.filter((each) => /sales_orders|erp_sync_tasks/.test(each.sql));
    const plans: string[] = [];
    for (const statement of statements) {
      const heading = `-- ${statement.sql.replace(/\s+/g, ' ').slice(0, 160)}…`;
      plans.push(`${heading}\n${await planOf(db, statement)}`);
      if (target.kind === 'postgres') plans.push(`${heading}\n${await keptPlanOf(db, statement)}`);
    }
    return { figures, plans };
  } finally {
    await close();
  }
}

function row(kind: string, via: string, name: string, result: Figures): string[] {
  return [
    kind,
    via,
    name,
    result.p50.toFixed(1),
    result.p95.toFixed(1),
    result.p99.toFixed(1),
    result.max.toFixed(1),
    result.perSecond.toFixed(0),
    result.p99 <= TARGET_P99_MS ? 'ok' : `over ${TARGET_P99_MS}`,
  ];
}

async function benchOne(target: Target) {
  await prepare(target);
  // On a shared machine the figures measure the CPU left over: the load is part of the result.
  const machine = { before: loadAverage(), after: '' };
  const server = await startServer(target.env);
  const rows: string[][] = [];
  const http: Record<string, Figures> = {};
  try {
    const token = await adminToken(server.url);
    for (const scenario of SCENARIOS) {
      await load(server.url, token, scenario, WARM_UP);
      http[scenario.name] = await load(server.url, token, scenario, REQUESTS);
      rows.push(row(target.kind, 'HTTP', scenario.name, http[scenario.name]));
    }
  } finally {
    await server.stop();
  }
  const direct = await inProcess(target);
  for (const [name, figures] of Object.entries(direct.figures))
    rows.push(row(target.kind, 'service', name, figures));
  machine.after = loadAverage();
  return { rows, machine, figures: { http, service: direct.figures }, explained: direct.plans };
}

export async function ordersBench(): Promise<void> {
  const postgres = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const kinds = (process.env.BENCH_BACKENDS ?? (postgres ? 'postgres,pglite' : 'pglite')).split(
    ',',
  ) as DatabaseKind[];
  const rows: string[][] = [];
  const results: Record<string, unknown> = {};
  for (const kind of kinds) {
    const target = kind === 'postgres' ? await postgresTarget() : pgliteTarget();
    try {
      const { rows: kindRows, machine, figures, explained } = await benchOne(target);
      rows.push(...kindRows);
      // Printed at once as well: a later back end failing must not lose these figures.
      printTable(
        `${kind}: ${ORDERS} orders (ms); load average (1 5 15 min) ${machine.before} before, ${machine.after} after`,
        HEADER,
        kindRows,
      );
      results[kind] = { machine, figures, plans: explained };
      console.log(`\n${kind} plans:\n${explained.join('\n\n')}`);
    } finally {
      await target.dispose();
    }
  }
  printTable(
    `${ORDERS} orders, ${CLIENTS} concurrent clients, ${REQUESTS} requests per query (ms)`,
    HEADER,
    rows,
  );
  // The machine's load while it ran: on a shared machine the HTTP figures measure the CPU left over.
  console.log(
    `load average (1, 5, 15 min): ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(', ')}; ${os.cpus().length} CPUs`,
  );
  writeResult('orders', {
    orders: ORDERS,
    clients: CLIENTS,
    requests: REQUESTS,
    loadavg: os.loadavg(),
    results,
  });
}
