// 拜访记录 and the DMS visit reports at load volume (issue #17): tenant A01 topped up to DOMAIN §2.5's outlets
// and a year of visits of 200 reps (LOAD_TEST_VISITS, about 240 k visits and 64 k plans), then the real server
// under 20 connections (autocannon) for the visit-record list (a 30-day window moving over the year, pages
// 1–3; one rep's visits; the abnormal ones) and the 日报 / 月报 per rep and per department, each request on
// another day or month. Target: p99 ≤ 100 ms on PostgreSQL; the PGlite figure is reported too.
//
//   npm run bench visits          PGlite (a temporary folder), and PostgreSQL when DATABASE_URL or
//                                 TEST_DATABASE_URL names a server (a database of its own, dropped after)
//   BENCH_BACKENDS=pglite|postgres, BENCH_SECONDS=10 (per query), BENCH_CLIENTS=20, BENCH_REPS=50 (quicker)
import autocannon from 'autocannon';
import { sql, type Kysely } from 'kysely';
import { addDays } from '../common/kpi';
import { E2E_PASSWORD } from '../e2e/support/server';
import { migrateToLatest } from '../server/db/migrations';
import type { DB } from '../server/db/schema';
import { seedWhenEmpty } from '../server/db/seed';
import { DEMO_SEED } from '../server/db/seed/business';
import { LOAD_TEST_VOLUME, topUpCustomers } from '../server/db/seed/businessData';
import { generateLoadVisits, LOAD_TEST_VISITS } from '../server/db/seed/visits';
import { shanghaiToday } from '../server/modules/home/periods';
import { adminToken, forEachBenchServer, loadAverage, printTable, writeResult } from './report';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const REPS = Number(process.env.BENCH_REPS ?? LOAD_TEST_VISITS.reps);
const TARGET_P99_MS = 100;

interface Query {
  name: string;
  /** The API path of the i-th request. */
  path: (index: number, ids: string[]) => string;
}

const today = shanghaiToday(new Date());
/** The i-th day of the past year, moving so that no two neighbouring requests ask for the same one. */
const dayOf = (index: number) => addDays(today, -((index * 37) % 365));
const monthOf = (index: number) => addDays(today, -(index % 12) * 30).slice(0, 7);

function visitList(params: Record<string, string>, index: number) {
  return `/eVisit/record/list?${new URLSearchParams({ pageNo: String((index % 3) + 1), pageSize: '10', ...params })}`;
}

const QUERIES: Query[] = [
  {
    name: '拜访记录 30 天, 最新在前, 第 1–3 页',
    path: (index) =>
      visitList({ visitDate_begin: addDays(dayOf(index), -29), visitDate_end: dayOf(index) }, index),
  },
  {
    name: '拜访记录 一位业务代表',
    path: (index, reps) => visitList({ employeeId: reps[index % reps.length] }, index),
  },
  { name: '拜访记录 异常', path: (index) => visitList({ abnormal: 'true' }, index) },
  { name: '拜访日报 按人', path: (index) => `/esaleanalysis/dmsdailyreport?date=${dayOf(index)}` },
  {
    name: '拜访日报 按部门',
    path: (index) => `/esaleanalysis/dmsdailyreport?date=${dayOf(index)}&groupBy=org`,
  },
  { name: '拜访月报 按人', path: (index) => `/esaleanalysis/dmsmonthreport?month=${monthOf(index)}` },
];

async function prepare(kind: string, db: Kysely<DB>): Promise<void> {
  await migrateToLatest(db);
  await seedWhenEmpty(db, { adminPassword: E2E_PASSWORD });
  const started = Date.now();
  await topUpCustomers(db, 'A01', LOAD_TEST_VOLUME, DEMO_SEED + 100);
  const written = await generateLoadVisits(db, 'A01', { ...LOAD_TEST_VISITS, reps: REPS }, DEMO_SEED + 400);
  await sql`vacuum analyze`.execute(db);
  const { visits, plans } = await db
    .selectFrom('visit_records')
    .select([
      sql<number>`count(*)::integer`.as('visits'),
      sql<number>`(select count(*) from visit_plans where tenant_id = 'A01')::integer`.as('plans'),
    ])
    .where('tenant_id', '=', 'A01')
    .executeTakeFirstOrThrow();
  console.log(
    `${kind}: ${written.reps} reps with ${written.visits} visits added in ${((Date.now() - started) / 1000).toFixed(0)} s; ` +
      `A01 holds ${visits} visits and ${plans} plans`,
  );
}

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
}

/** `query` at CLIENTS connections for SECONDS; every answer must be a success. */
async function measure(baseUrl: string, token: string, query: Query, reps: string[]): Promise<Figures> {
  let next = 0;
  let failure: string | null = null;
  const result = await autocannon({
    url: baseUrl,
    connections: CLIENTS,
    duration: SECONDS,
    headers: { 'x-access-token': token },
    requests: [
      {
        setupRequest: (request) => ({ ...request, path: `/api${query.path(next++, reps)}` }),
        onResponse: (status, body) => {
          if (status !== 200 || !body.startsWith('{"success":true'))
            failure ??= `${status} ${body.slice(0, 200)}`;
        },
      },
    ],
  });
  if (failure || result.errors || result.timeouts)
    throw new Error(`${query.name}: ${failure ?? `${result.errors} errors, ${result.timeouts} timeouts`}`);
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
  };
}

export async function visitsBench(): Promise<void> {
  const rows: string[][] = [];
  const figures: Record<string, Record<string, Figures & { load: string }>> = {};
  await forEachBenchServer('bench_visits', prepare, async (kind, baseUrl) => {
    const token = await adminToken(baseUrl);
    const response = await fetch(
      `${baseUrl}/api/esaleanalysis/dmsmonthreport?month=${monthOf(1)}&pageSize=1000`,
      {
        headers: { 'x-access-token': token },
      },
    );
    const report = (await response.json()) as { result: { records: Array<{ employeeId: string }> } };
    const reps = report.result.records.map((row) => row.employeeId);
    figures[kind] = {};
    for (const query of QUERIES) {
      const load = loadAverage();
      const result = await measure(baseUrl, token, query, reps);
      figures[kind][query.name] = { ...result, load };
      rows.push([
        kind,
        query.name,
        String(result.p50),
        String(result.p99),
        String(result.max),
        result.perSecond.toFixed(0),
        result.p99 <= TARGET_P99_MS ? 'yes' : 'NO',
        load,
      ]);
    }
  });
  printTable(
    `拜访 at load volume (${REPS} reps, a year), ${CLIENTS} connections, ${SECONDS} s per query (ms)`,
    ['db', 'query', 'p50', 'p99', 'max', 'req/s', `p99 ≤ ${TARGET_P99_MS}`, 'load before'],
    rows,
  );
  writeResult('visits', { reps: REPS, clients: CLIENTS, seconds: SECONDS, figures });
}
