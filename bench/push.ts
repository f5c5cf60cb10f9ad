// Push (issue #23, target 3): an announcement released to everyone of the tenant reaches 10,000 connected
// sockets, spread over two server instances that share PostgreSQL and Redis, within 1 s (p99 of arrival); the
// instances' memory per socket is reported. Without Redis the other instance's users see a release at their
// next poll: server/__tests__/push.test.ts proves that.
//
//   npm run bench push     needs PostgreSQL (DATABASE_URL or TEST_DATABASE_URL: a database of its own is made
//                          there and dropped after) and Redis (REDIS_URL or TEST_REDIS_URL)
//   BENCH_SOCKETS=10000, BENCH_RELEASES=5
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import WebSocket from 'ws';
import type { PushFrame } from '../common/push';
import { startServer, type RunningServer } from '../e2e/support/server';
import { loadAverage, printTable, writeResult } from './report';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const RELEASES = Number(process.env.BENCH_RELEASES ?? 5);
const TARGET_P99_MS = 1000;
/** Sockets opened at once while connecting: more only queues in the servers' accept backlog. */
const OPENING_AT_ONCE = 200;
/** How long a release may take to reach every socket before the missing ones are counted as lost. */
const ARRIVAL_TIMEOUT_MS = 15_000;
/** Tabs are spread over these users of tenant A01 (each seeded with the admin's password). */
const USERS = ['admin', 'zhangwei', 'liuyang', 'wangfang', 'zhaolei'];

interface Session {
  userId: string;
  token: string;
}

async function login(baseUrl: string, username: string, password: string): Promise<Session> {
  const response = await fetch(`${baseUrl}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as {
    success: boolean;
    message: string;
    result: { token: string; userInfo: { id: string } };
  };
  if (!body.success) throw new Error(`login of ${username} refused: ${body.message}`);
  return { userId: body.result.userInfo.id, token: body.result.token };
}

/** Resident memory of a process and its descendants (the server runs under tsx, which may fork node). */
function treeRssBytes(rootPid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  let total = 0;
  const pending = [rootPid];
  while (pending.length) {
    const pid = pending.pop() as number;
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      total += rss ? Number(rss[1]) * 1024 : 0;
    } catch {
      // gone
    }
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** When each socket's copy of the release under way arrived (ms after the release was asked for). */
class Arrivals {
  private msgId: string | null = null;
  private started = 0;
  private times: number[] = [];
  private everyone: (() => void) | null = null;

  /** The release's id is known once it was added, before doReleaseData sends it anywhere. */
  expect(msgId: string, started: number): Promise<void> {
    this.msgId = msgId;
    this.started = started;
    this.times = [];
    return new Promise((resolve) => {
      this.everyone = resolve;
    });
  }

  heard(frame: PushFrame, at: number): void {
    if (frame.cmd !== 'topic' || frame.msgId !== this.msgId) return;
    this.times.push(at - this.started);
    if (this.times.length === SOCKETS) this.everyone?.();
  }

  take(): number[] {
    return [...this.times].sort((a, b) => a - b);
  }
}

function openSocket(server: RunningServer, session: Session, onFrame: (frame: PushFrame) => void) {
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(
      `${server.url.replace(/^http/, 'ws')}/websocket/${session.userId}`,
      session.token,
    );
    socket.on('message', (data) => onFrame(JSON.parse(data.toString()) as PushFrame));
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

export async function pushBench(): Promise<void> {
  const postgres = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.REDIS_URL || process.env.TEST_REDIS_URL;
  if (!postgres || !redisUrl) {
    console.log('push: skipped (needs DATABASE_URL or TEST_DATABASE_URL, and REDIS_URL or TEST_REDIS_URL)');
    return;
  }
  process.env.TEST_DATABASE_URL ??= postgres;
  const { createPostgresTestDatabase } = await import('../server/__tests__/support/database');
  const { E2E_PASSWORD } = await import('../e2e/support/server');
  const database = await createPostgresTestDatabase();
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    PUSH_CHANNEL: `bench:${process.pid}:push`,
  };
  const machineBefore = loadAverage();
  const servers: RunningServer[] = [];
  const sockets: WebSocket[] = [];
  try {
    // The first instance migrates and seeds; the second starts on the seeded database.
    servers.push(await startServer(env));
    servers.push(await startServer(env));
    const sessions = await Promise.all(USERS.map((name) => login(servers[0].url, name, E2E_PASSWORD)));
    const rssBefore = servers.map((server) => treeRssBytes(server.process.pid as number));

    const arrivals = new Arrivals();
    const openedAt = Date.now();
    for (let first = 0; first < SOCKETS; first += OPENING_AT_ONCE) {
      const batch = Array.from({ length: Math.min(OPENING_AT_ONCE, SOCKETS - first) }, (_, offset) => {
        const index = first + offset;
        return openSocket(servers[index % 2], sessions[index % sessions.length], (frame) =>
          arrivals.heard(frame, performance.now()),
        );
      });
      sockets.push(...(await Promise.all(batch)));
    }
    const openingSeconds = (Date.now() - openedAt) / 1000;
    // Let the connections settle (the upgrade's garbage collected) before reading memory.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const rssAfter = servers.map((server) => treeRssBytes(server.process.pid as number));

    const admin = sessions[0];
    const rows: string[][] = [];
    const perRelease: Array<{ p50: number; p99: number; max: number; arrived: number }> = [];
    for (let release = 1; release <= RELEASES; release += 1) {
      const headers = { 'content-type': 'application/json', 'X-Access-Token': admin.token };
      const added = (await (
        await fetch(`${servers[0].url}/api/sys/annountCement/add`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            titile: `推送压测 ${release}`,
            msgContent: '<p>推送压测</p>',
            priority: 'H',
            msgCategory: '1',
            msgType: 'ALL',
          }),
        })
      ).json()) as { success: boolean; message: string; result: string };
      if (!added.success) throw new Error(`add refused: ${added.message}`);
      const started = performance.now();
      const everyone = arrivals.expect(added.result, started);
      const released = fetch(`${servers[0].url}/api/sys/annountCement/doReleaseData?id=${added.result}`, {
        headers,
      });
      await Promise.race([everyone, new Promise((resolve) => setTimeout(resolve, ARRIVAL_TIMEOUT_MS))]);
      const answer = (await (await released).json()) as { success: boolean; message: string };
      if (!answer.success) throw new Error(`release refused: ${answer.message}`);
      const times = arrivals.take();
      const figures = {
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        max: times.at(-1) ?? NaN,
        arrived: times.length,
      };
      perRelease.push(figures);
      rows.push([
        String(release),
        `${figures.arrived} / ${SOCKETS}`,
        figures.p50.toFixed(0),
        figures.p99.toFixed(0),
        figures.max.toFixed(0),
        figures.arrived === SOCKETS && figures.p99 <= TARGET_P99_MS ? 'met' : 'NOT MET',
      ]);
      // The next release starts on quiet instances.
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const machineAfter = loadAverage();
    printTable(
      `push: ${SOCKETS} sockets over 2 instances (PostgreSQL + Redis), opened in ${openingSeconds.toFixed(1)} s; ` +
        `${os.cpus().length} CPUs, load average ${machineBefore} before, ${machineAfter} after`,
      ['release', 'arrived', 'p50 ms', 'p99 ms', 'max ms', `p99 ≤ ${TARGET_P99_MS} ms`],
      rows,
    );
    const memoryRows = servers.map((_, index) => {
      const held = Math.ceil(SOCKETS / 2) - (index === 1 && SOCKETS % 2 ? 1 : 0);
      const grown = rssAfter[index] - rssBefore[index];
      return [
        `instance ${index + 1}`,
        String(held),
        `${(rssBefore[index] / 1048576).toFixed(0)} MB`,
        `${(rssAfter[index] / 1048576).toFixed(0)} MB`,
        `${(grown / held / 1024).toFixed(1)} KB`,
      ];
    });
    printTable(
      'memory of each instance (resident, the process tree)',
      ['instance', 'sockets', 'before', 'after', 'per socket'],
      memoryRows,
    );
    writeResult('push', {
      sockets: SOCKETS,
      openingSeconds,
      perRelease,
      rssBefore,
      rssAfter,
      loadavg: { before: machineBefore, after: machineAfter },
    });
  } finally {
    for (const socket of sockets) socket.terminate();
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
  }
}
