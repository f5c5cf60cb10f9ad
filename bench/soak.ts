// Memory under a long mixed load (issue #23, target 4): 50 connections for 30 minutes of hot reads (menu, the
// bell's poll), order-list pages (repeated and never-asked filters) and writes (announcements, which also
// make cached answers stale), with the server's heap sampled after a full collection every minute. After the
// warm-up the heap must not grow: its last samples stay within GROWTH_LIMIT of the first after warm-up.
//
//   npm run bench soak     PostgreSQL when DATABASE_URL or TEST_DATABASE_URL names a server (a database of its
//                          own is made and dropped after), else the embedded database
//   BENCH_MINUTES=30, BENCH_CLIENTS=50, BENCH_BACKENDS=pglite|postgres
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer } from '../e2e/support/server';
import { adminToken, loadAverage, printTable, ROOT, writeResult, benchServerEnv } from './report';

const MINUTES = Number(process.env.BENCH_MINUTES ?? 30);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
/** Once a minute, or ten samples in a shorter run. */
const SAMPLE_MS = Math.min(60_000, (MINUTES * 60_000) / 10);
/** Samples taken before this share of the run are the warm-up (caches filling, code optimised). */
const WARMUP_SHARE = 0.2;
const GROWTH_LIMIT = 0.1;
const DAY = 24 * 3_600_000;
const STATUSES = ['PENDING_AUDIT', 'PENDING_SHIPMENT', 'SHIPPED', 'COMPLETED'];

interface Sample {
  at: number;
  heapUsed: number;
  rss: number;
  external: number;
}

const shanghaiTime = (at: number) =>
  new Date(at + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

let listed = 0;
/** Every fourth page a window no one asked for before (never cached); the others repeat 40 filters. */
function orderListPath(): string {
  const index = listed++;
  const end = index % 4 === 0 ? Date.now() - index * 60_000 : Date.now() - (index % 10) * 30 * DAY;
  const params = new URLSearchParams({
    pageNo: String((index % 3) + 1),
    pageSize: '10',
    status: STATUSES[index % STATUSES.length],
    orderedAt_begin: shanghaiTime(end - 30 * DAY),
    orderedAt_end: shanghaiTime(end),
    column: 'orderedAt',
    order: 'desc',
    _t: String(Math.floor(Date.now() / 1000)),
  });
  return `/api/eOrder/eOrder/list?${params}`;
}

let written = 0;
const megabytes = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

async function soakOne(env: Record<string, string>) {
  const sampleDir = mkdtempSync(path.join(os.tmpdir(), 'bench-soak-'));
  const heapLog = path.join(sampleDir, 'heap.jsonl');
  const server = await startServer({
    ...env,
    LOG_LEVEL: 'error',
    NODE_OPTIONS: `--expose-gc --import ${path.join(ROOT, 'bench/support/heapSampler.mjs')}`,
    BENCH_HEAP_LOG: heapLog,
    BENCH_SAMPLE_MS: String(SAMPLE_MS),
  });
  const before = loadAverage();
  try {
    const token = await adminToken(server.url);
    const headers = { 'X-Access-Token': token, 'content-type': 'application/json' };
    const t = () => `_t=${Math.floor(Date.now() / 1000)}`;
    const result = await autocannon({
      url: server.url,
      connections: CLIENTS,
      duration: MINUTES * 60,
      headers,
      // Each connection repeats this round: what an open back-office tab and its user do, compressed.
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({
            ...request,
            path: `/api/sys/permission/getUserPermissionByToken?${t()}`,
          }),
        },
        {
          method: 'GET',
          setupRequest: (request) => ({ ...request, path: `/api/sys/annountCement/listByUser?${t()}` }),
        },
        { method: 'GET', setupRequest: (request) => ({ ...request, path: orderListPath() }) },
        { method: 'GET', path: '/api/sys/dict/getDictItems/sex' },
        { method: 'GET', setupRequest: (request) => ({ ...request, path: orderListPath() }) },
        {
          method: 'GET',
          setupRequest: (request) => ({
            ...request,
            path: `/api/kingdee/sync/orders/status?direction=0&pageNumber=0&size=10&${t()}`,
          }),
        },
        {
          method: 'POST',
          path: '/api/sys/annountCement/add',
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              titile: `压测公告 ${(written += 1)}`,
              msgContent: '<p>压测</p>',
              priority: 'L',
              msgCategory: '1',
              msgType: 'ALL',
            }),
          }),
        },
      ],
    });
    const samples = readFileSync(heapLog, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Sample);
    return { result, samples, loadAverage: { before, after: loadAverage() } };
  } finally {
    await server.stop();
    rmSync(sampleDir, { recursive: true, force: true });
  }
}

export async function soakBench(): Promise<void> {
  const postgres = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  const kinds = (process.env.BENCH_BACKENDS ?? (postgres ? 'postgres' : 'pglite')).split(',');
  const results: Record<string, unknown> = {};
  for (const kind of kinds) {
    const { env, drop } = await benchServerEnv(kind);
    try {
      const { result, samples, loadAverage: load } = await soakOne(env);
      const warm = samples.filter((sample) => sample.at >= MINUTES * 60_000 * WARMUP_SHARE);
      const baseline = warm[0]?.heapUsed ?? NaN;
      const end = Math.max(...warm.slice(-3).map((sample) => sample.heapUsed));
      const growth = (end - baseline) / baseline;
      printTable(
        `soak on ${kind}: ${CLIENTS} connections, ${MINUTES} min; ${result.requests.total} requests ` +
          `(${result.requests.average.toFixed(0)}/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms), ` +
          `${result.non2xx} non-2xx, ${result.errors} errors; load average ${load.before} before, ${load.after} after`,
        ['minute', 'heap used (after gc)', 'rss', 'external'],
        samples.map((sample) => [
          (sample.at / 60_000).toFixed(1),
          megabytes(sample.heapUsed),
          megabytes(sample.rss),
          megabytes(sample.external),
        ]),
      );
      console.log(
        `${kind}: heap after warm-up ${megabytes(baseline)}, at the end ${megabytes(end)}: ` +
          `${(growth * 100).toFixed(1)} % (limit ${GROWTH_LIMIT * 100} %) — ${growth <= GROWTH_LIMIT ? 'met' : 'NOT MET'}`,
      );
      results[kind] = {
        requests: result.requests.total,
        perSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
        samples,
        growth,
        loadAverage: load,
      };
    } finally {
      await drop();
    }
  }
  writeResult('soak', { minutes: MINUTES, clients: CLIENTS, results });
}
