// 销售报表 at load volume (issue #21): tenant A01 topped up to BENCH_ORDERS orders over two years (DOMAIN §2.5,
// default 200,000, with their shipments and payments), then (1) 销售分析 of the last year grouped by region and
// month, and (2) the achievement snapshot of this month for all subjects and all indicators — each as the
// server runs it, median of a few runs, on PGlite and on PostgreSQL (target: each under 2 s).
//
//   npm run bench kpi             PGlite (a temporary folder), and PostgreSQL when DATABASE_URL or
//                                 TEST_DATABASE_URL names a server (a database of its own, dropped after)
//   BENCH_BACKENDS=pglite|postgres, BENCH_ORDERS=50000 for a quicker run, BENCH_RUNS=3
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { addDays } from '../common/kpi';
import { E2E_PASSWORD } from '../e2e/support/server';
import { migrateToLatest } from '../server/db/migrations';
import type { DB } from '../server/db/schema';
import { seedWhenEmpty } from '../server/db/seed';
import { DEMO_SEED } from '../server/db/seed/business';
import { generateOrders, LOAD_TEST_ORDERS } from '../server/db/seed/businessOrders';
import { demoUserId } from '../server/db/seed/ids';
import { shanghaiToday } from '../server/modules/home/periods';
import { snapshotPeriod } from '../server/modules/kpi/achievements';
import { salesAnalysis } from '../server/modules/kpi/salesAnalysis';
import { forEachBenchDatabase, loadAverage, printTable, writeResult } from './report';

const ORDERS = Number(process.env.BENCH_ORDERS ?? LOAD_TEST_ORDERS.orders);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_MS = 2000;
const ADMIN = { tenantId: 'A01', userId: demoUserId('admin') };

async function prepare(db: Kysely<DB>): Promise<number> {
  await migrateToLatest(db);
  await seedWhenEmpty(db, { adminPassword: E2E_PASSWORD });
  const { count } = await db
    .selectFrom('sales_orders')
    .select(sql<number>`count(*)::integer`.as('count'))
    .where('tenant_id', '=', 'A01')
    .executeTakeFirstOrThrow();
  const started = Date.now();
  await generateOrders(
    db,
    'A01',
    { orders: Math.max(0, ORDERS - count), days: LOAD_TEST_ORDERS.days },
    DEMO_SEED + 300,
    { viaTasks: false, detail: true },
  );
  await sql`vacuum analyze`.execute(db);
  const { lines } = await db
    .selectFrom('sales_order_lines')
    .select(sql<number>`count(*)::integer`.as('lines'))
    .executeTakeFirstOrThrow();
  console.log(`${ORDERS} orders (${lines} lines) written in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return lines;
}

async function median(run: () => Promise<unknown>): Promise<number> {
  await run(); // warm-up: plans, caches
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export async function kpiBench(): Promise<void> {
  const rows: string[][] = [];
  const figures: Record<string, unknown> = {};
  const machine = { before: loadAverage(), after: '' };
  await forEachBenchDatabase('bench_kpi', async (kind, db) => {
    const lines = await prepare(db);
    const today = shanghaiToday(new Date());
    const query = {
      startDate: addDays(today, -364),
      endDate: today,
      dimension: 'region' as const,
      grain: 'month' as const,
    };
    const analysis = await median(() => salesAnalysis(db, ADMIN, query));
    let written = 0;
    const snapshot = await median(async () => {
      written = await snapshotPeriod(db, 'A01', today.slice(0, 7));
    });
    figures[kind] = {
      orders: ORDERS,
      lines,
      analysisMs: analysis,
      snapshotMs: snapshot,
      snapshotRows: written,
    };
    for (const [name, ms] of [
      ['销售分析 1年 × 区域 × 月', analysis],
      [`达成快照 本月 (${written} 行)`, snapshot],
    ] as const)
      rows.push([kind, String(ORDERS), name, ms.toFixed(0), ms < TARGET_MS ? 'yes' : 'NO']);
  });
  machine.after = loadAverage();
  printTable(
    `KPI reports at load volume, median of ${RUNS} runs after a warm-up (ms); load ${machine.before} → ${machine.after}`,
    ['db', 'orders', 'query', 'ms', `< ${TARGET_MS}`],
    rows,
  );
  writeResult('kpi', { machine, runs: RUNS, figures });
}
