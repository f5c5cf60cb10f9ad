// The memory bound of a large export (issue #16): a 200,000-row export made by the export job itself
// (runExport: rows read from the database in pages of 200, written by exceljs's streaming WorkbookWriter into
// 256 KB chunks in the database), with the process's heap and RSS sampled every 20 ms. The rows come from
// generate_series with the shape of an order-list row (12 columns), so no 200,000-order database is needed
// to measure the writer; `npm run bench orders` measures the order queries themselves.
//
//   npm run bench exports                    PGlite in a temporary folder
//   BENCH_DATABASE_URL=postgres://… npm run bench exports     PostgreSQL (an existing, migrated or empty database)
//   BENCH_EXPORT_ROWS=50000 npm run bench exports             fewer rows
//   BENCH_EXPORT_RUNS=3 node --expose-gc --import tsx bench/run.ts exports
//                                                             several exports one after the other, the heap after
//                                                             a full collection printed after each (what is kept)
//
// The bound it checks: the heap grows by less than 64 MB over the run, whatever the row count (the rows are
// never held: one page of 200 at a time, plus exceljs's and the chunk buffer's few hundred KB).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../server/db';
import { newId } from '../server/db/ids';
import { migrateToLatest } from '../server/db/migrations';
import { runExport } from '../server/modules/jobs/exports';
import { jobFileStream } from '../server/modules/jobs/files';
import { defineExport } from '../server/modules/shared/excel';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 200_000);
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 1);
const HEAP_BOUND_MB = 64;

interface BenchRow {
  n: number;
  orderNo: string;
  buyer: string;
  status: string;
  amount: string;
  orderedAt: string;
}

const BENCH_EXPORT = defineExport<BenchRow>({
  key: 'bench-orders',
  title: '订单列表',
  columns: [
    { header: '序号', value: (row) => row.n },
    { header: '订单号', value: (row) => row.orderNo },
    { header: '客户', width: 30, value: (row) => row.buyer },
    { header: '客户编码', value: (row) => `S${String(row.n % 5000).padStart(7, '0')}` },
    { header: '状态', value: (row) => row.status },
    { header: '应付金额', value: (row) => row.amount },
    { header: '已付金额', value: (row) => row.amount },
    { header: '下单时间', value: (row) => row.orderedAt },
    { header: '业务员', value: (row) => `业务员${row.n % 40}` },
    { header: '经销商', value: (row) => `经销商${row.n % 50}` },
    { header: '备注', width: 30, value: (row) => `第 ${row.n} 单，按时送达` },
    { header: '来源', value: () => '代客下单' },
  ],
  page: async (db, _caller, _query, pageNo, pageSize) => {
    const from = (pageNo - 1) * pageSize + 1;
    const to = Math.min(ROWS, pageNo * pageSize);
    const { rows } = await sql<BenchRow>`
      select g as n, 'SO' || lpad(g::text, 12, '0') as "orderNo", '广州天河便利店' || (g % 5000) as buyer,
             (array['待审核','待发货','已发货','已签收','已完成'])[g % 5 + 1] as status,
             to_char((g % 100000) / 100.0, 'FM999990.00') as amount,
             to_char(timestamp '2026-01-01' + make_interval(mins => g), 'YYYY-MM-DD HH24:MI:SS') as "orderedAt"
        from generate_series(${from}::integer, ${to}::integer) as g`.execute(db);
    return { records: rows, total: ROWS };
  },
});

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

/** One export of ROWS rows by the export job, its file read back as a download reads it; its figures. */
async function exportOnce(database: Database, label: string, run: number, start: NodeJS.MemoryUsage) {
  const { db } = database;
  const tenant = await db.selectFrom('tenants').select('tenant_id').executeTakeFirst();
  const id = newId();
  await db
    .insertInto('jobs')
    .values({
      id,
      kind: 'EXPORT',
      title: BENCH_EXPORT.title,
      tenant_id: tenant?.tenant_id ?? null,
      user_id: 'bench',
      payload: JSON.stringify({ exportKey: BENCH_EXPORT.key, query: {} }),
      every_ms: null,
    })
    .execute();
  const job = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  let peakHeap = process.memoryUsage().heapUsed;
  let peakRss = process.memoryUsage().rss;
  const sample = () => {
    const now = process.memoryUsage();
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakRss = Math.max(peakRss, now.rss);
  };
  // PGlite answers without leaving the event loop's microtasks for long stretches: the timer alone misses
  // peaks, so every page and every chunk read samples too.
  const sampler = setInterval(sample, 20);
  const started = performance.now();
  let done = 0;
  const outcome = await runExport({
    job,
    db,
    signal: new AbortController().signal,
    progress: async (rows) => {
      done = rows;
      sample();
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const readStarted = performance.now();
  let read = 0;
  for await (const chunk of jobFileStream(db, id)) {
    read += (chunk as Buffer).length;
    sample();
  }
  const readSeconds = (performance.now() - readStarted) / 1000;
  clearInterval(sampler);
  await db.deleteFrom('jobs').where('id', '=', id).execute();
  global.gc?.();
  const after = process.memoryUsage();
  const growth = peakHeap - start.heapUsed;
  const within = growth < HEAP_BOUND_MB * 1048576;
  console.log(
    [
      `${label} #${run}: ${done.toLocaleString()} rows in ${seconds.toFixed(1)} s (${Math.round(done / seconds)} rows/s)`,
      `  file ${mb(outcome?.file?.size ?? 0)} in the database, ${mb(read)} read back chunk by chunk in ${readSeconds.toFixed(1)} s`,
      `  heap peak ${mb(peakHeap)}: +${mb(growth)} over the start (bound ${HEAP_BOUND_MB} MB: ${within ? 'met' : 'NOT MET'})`,
      `  heap after a full collection ${mb(after.heapUsed)} (${global.gc ? `+${mb(after.heapUsed - start.heapUsed)} kept` : 'run node with --expose-gc to collect'})`,
      `  rss peak ${mb(peakRss)} (includes ${label === 'PGlite' ? "PGlite's WASM heap" : 'the pg client'})`,
    ].join('\n'),
  );
  return within;
}

async function measure(database: Database, label: string): Promise<boolean> {
  await migrateToLatest(database.db);
  global.gc?.();
  const start = process.memoryUsage();
  console.log(`${label}: heap ${mb(start.heapUsed)}, rss ${mb(start.rss)} before the first export`);
  let within = true;
  for (let run = 1; run <= RUNS; run += 1) within = (await exportOnce(database, label, run, start)) && within;
  return within;
}

export async function exportsBench(): Promise<void> {
  const results: boolean[] = [];
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const database = await openDatabase({ databaseUrl: url, dataDir: '' });
    try {
      results.push(await measure(database, 'PostgreSQL'));
    } finally {
      await database.close();
    }
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-exports-'));
  const database = await openDatabase({ databaseUrl: undefined, dataDir });
  try {
    results.push(await measure(database, 'PGlite'));
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (results.includes(false)) process.exitCode = 1;
}
