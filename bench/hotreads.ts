// The reads every signed-in browser repeats (issue #23, target 1): the menu and buttons, the bell's poll, the
// failed-order counters, a dictionary's items. Each is loaded at 20 connections (autocannon) from the real
// server and from a bare Node `http` server sending the same bytes, on the same machine in the same run: the
// ratio of the two is the figure (target ≥ 50 %, p99 < 50 ms).
//
//   npm run bench hotreads        the embedded database, and PostgreSQL when DATABASE_URL or TEST_DATABASE_URL
//                                 names a server (a database of its own is created there and dropped after)
//   BENCH_BACKENDS=pglite|postgres, BENCH_SECONDS=10 (per measurement), BENCH_CLIENTS=20
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import autocannon from 'autocannon';
import { startServer } from '../e2e/support/server';
import { adminToken, loadAverage, printTable, writeResult, benchServerEnv } from './report';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 50;

interface HotRead {
  name: string;
  /** The API path, as the SPA asks (with its `_t` cache-buster where it sends one). */
  path: string;
  /** Sent as a browser holding the answer would (If-None-Match of the answer's ETag). */
  conditional?: boolean;
}

const T = `_t=${Math.floor(Date.now() / 1000)}`;
const HOT_READS: HotRead[] = [
  { name: 'menu getUserPermissionByToken', path: `/sys/permission/getUserPermissionByToken?${T}` },
  {
    name: 'menu, If-None-Match (304)',
    path: `/sys/permission/getUserPermissionByToken?${T}`,
    conditional: true,
  },
  { name: 'bell annountCement/listByUser', path: `/sys/annountCement/listByUser?${T}` },
  {
    name: 'failed orders kingdee/sync/orders/status',
    path: `/kingdee/sync/orders/status?direction=0&pageNumber=0&size=10&${T}`,
  },
  { name: 'dictionary getDictItems/sex', path: '/sys/dict/getDictItems/sex' },
];

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  bytes: number;
}

async function measure(url: string, headers: Record<string, string>): Promise<Figures> {
  const result = await autocannon({ url, connections: CLIENTS, duration: SECONDS, headers });
  const failed = result.non2xx - (headers['if-none-match'] ? result['3xx'] : 0);
  if (result.errors || result.timeouts || failed)
    throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${failed} non-2xx`);
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.throughput.average / Math.max(1, result.requests.average),
  };
}

/**
 * The bare server, in a process of its own as the real one: for each path it answers with the status, headers
 * and body the real server gave (read from stdin as JSON), over kept-alive connections; a request with
 * If-None-Match gets what the real one answered to its conditional request.
 */
const BARE_SERVER = `
const http = require('node:http');
let input = '';
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', () => {
  const answers = new Map(JSON.parse(input).map((a) => [a.path, { ...a, body: Buffer.from(a.body, 'base64') }]));
  const server = http.createServer((request, response) => {
    const answer = answers.get(request.url + (request.headers['if-none-match'] ? ' 304' : ''));
    if (!answer) { response.writeHead(404); response.end(); return; }
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  });
  server.keepAliveTimeout = 72000;
  server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
});
`;

interface Recorded {
  path: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

async function startBare(answers: Recorded[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['-e', BARE_SERVER], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin?.end(JSON.stringify(answers));
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  return { url: `http://127.0.0.1:${line.toString().trim()}`, child };
}

async function benchOne(kind: string, env: Record<string, string>) {
  const server = await startServer(env);
  const rows: string[][] = [];
  const figures: Record<string, { real: Figures; bare: Figures }> = {};
  const machine = { before: loadAverage(), after: '' };
  try {
    const token = await adminToken(server.url);
    const headersOf = async (read: HotRead) => {
      const headers: Record<string, string> = { 'x-access-token': token };
      if (!read.conditional) return headers;
      const response = await fetch(`${server.url}/api${read.path}`, { headers });
      const etag = response.headers.get('etag');
      if (!etag) throw new Error(`${read.name}: no ETag`);
      return { ...headers, 'if-none-match': etag };
    };
    // What the real server answers, to be sent as is by the bare one.
    const recorded: Recorded[] = [];
    for (const read of HOT_READS) {
      const response = await fetch(`${server.url}/api${read.path}`, { headers: await headersOf(read) });
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status === 200 && !(JSON.parse(body.toString()) as { success: boolean }).success)
        throw new Error(`${read.name}: ${body.toString()}`);
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'etag', 'cache-control'])
        if (response.headers.has(name)) headers[name] = response.headers.get(name)!;
      recorded.push({
        path: `/api${read.path}${read.conditional ? ' 304' : ''}`,
        status: response.status,
        headers,
        body: body.toString('base64'),
      });
    }
    const bare = await startBare(recorded);
    try {
      for (const read of HOT_READS) {
        const headers = await headersOf(read);
        // Alternated: bare, real; each after a short warm-up of its own.
        await measure(`${bare.url}/api${read.path}`, headers);
        const bareFigures = await measure(`${bare.url}/api${read.path}`, headers);
        await measure(`${server.url}/api${read.path}`, headers);
        const real = await measure(`${server.url}/api${read.path}`, headers);
        figures[read.name] = { real, bare: bareFigures };
        const ratio = real.perSecond / bareFigures.perSecond;
        const row = [
          kind,
          read.name,
          (real.bytes / 1024).toFixed(1),
          bareFigures.perSecond.toFixed(0),
          `${bareFigures.p50} / ${bareFigures.p99}`,
          real.perSecond.toFixed(0),
          `${real.p50} / ${real.p99}`,
          `${(ratio * 100).toFixed(0)} %`,
          ratio >= TARGET_RATIO && real.p99 < TARGET_P99_MS ? 'ok' : 'not met',
        ];
        console.log(row.join('  '));
        rows.push(row);
      }
    } finally {
      bare.child.kill('SIGTERM');
    }
  } finally {
    await server.stop();
  }
  machine.after = loadAverage();
  return { rows, figures, machine };
}

const HEADER = [
  'db',
  'read',
  'KB/answer',
  'bare req/s',
  'bare p50/p99 ms',
  'server req/s',
  'server p50/p99 ms',
  'ratio',
  `≥ ${TARGET_RATIO * 100} %, p99 < ${TARGET_P99_MS}`,
];

export async function hotReadsBench(): Promise<void> {
  const postgres = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  const kinds = (process.env.BENCH_BACKENDS ?? (postgres ? 'pglite,postgres' : 'pglite')).split(',');
  const rows: string[][] = [];
  const results: Record<string, unknown> = {};
  for (const kind of kinds) {
    const { env, drop } = await benchServerEnv(kind);
    try {
      const result = await benchOne(kind, env);
      rows.push(...result.rows);
      results[kind] = result;
      printTable(
        `${kind}: load average (1 5 15 min) ${result.machine.before} before, ${result.machine.after} after`,
        HEADER,
        result.rows,
      );
    } finally {
      await drop();
    }
  }
  printTable(
    `hot reads, ${CLIENTS} connections, ${SECONDS} s each; ${os.cpus().length} CPUs, load average ${loadAverage()}`,
    HEADER,
    rows,
  );
  writeResult('hotreads', { clients: CLIENTS, seconds: SECONDS, loadavg: os.loadavg(), results });
}
