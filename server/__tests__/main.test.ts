import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Envelope } from '../../common/contract';
import type { DatabaseKind } from '../db';
import { createPostgresTestDatabase, testBackends, type PostgresTestDatabase } from './support/database';
import { startServerProcess } from './support/serverProcess';

// Each start spawns tsx and opens a database: a fresh PGlite data folder alone takes 4–5 s, and the first start
// writes the whole demo, which on a slow, busy CI machine has taken over a minute.
jest.setTimeout(300_000);

const STARTED = /渠道数字化平台已启动: (http:\/\/\S+)/;
const GENERATED_PASSWORD = /初始密码[^:]*: ([A-Za-z0-9_-]{24})\n/g;

describe('server start-up with a bad configuration', () => {
  it.each([
    ['PORT', 'abc'],
    ['DATABASE_URL', 'mysql://x'],
  ])('exits 1 with a message naming %s when it is %s', async (variable, value) => {
    const server = startServerProcess({ [variable]: value });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(new RegExp(`配置错误：环境变量 ${variable} `));
    expect(server.output()).not.toMatch(STARTED);
  });

  it('exits 1 when the database cannot be reached', async () => {
    const server = startServerProcess({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/none' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('启动失败: ');
    expect(server.output()).toContain('ECONNREFUSED');
  });
});

describe.each(testBackends())('server process on %s', (backend: DatabaseKind) => {
  let dataDir: string;
  let postgres: PostgresTestDatabase | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-data-'));
    postgres = backend === 'postgres' ? await createPostgresTestDatabase() : undefined;
    env = {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(postgres && { DATABASE_URL: postgres.url }),
    };
  });
  afterAll(async () => {
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts the server, checks it answers (and `whileRunning`), stops it with SIGTERM; returns everything it printed. */
  async function startServeAndStop(whileRunning?: (url: string) => Promise<void>): Promise<string> {
    const server = startServerProcess(env);
    const [, url] = await server.waitFor(STARTED, 240_000);
    const response = await fetch(`${url}/api/health`);
    expect(response.status).toBe(200);
    const health = (await response.json()) as Envelope<{ database: string; kind: string }>;
    expect(health.result).toMatchObject({ database: 'up', kind: backend });
    await whileRunning?.(url);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const output = server.output();
    expect(output).toContain('"msg":"Server listening at');
    expect(output).toContain('"signal":"SIGTERM","msg":"shutting down: finishing requests in flight"');
    expect(output).toContain('"msg":"shutdown complete"');
    return output;
  }

  it('migrates, seeds, prints the generated password at the first start only, and stops cleanly on SIGTERM', async () => {
    const first = await startServeAndStop();
    expect(first).toContain('已写入演示数据。');
    const passwords = [...first.matchAll(GENERATED_PASSWORD)];
    expect(passwords).toHaveLength(1);
    expect(first).toContain('短信: 本地模拟器');
    if (backend === 'pglite') expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);

    // The printed password opens the demo accounts.
    const second = await startServeAndStop(async (url) => {
      const login = await fetch(`${url}/api/sys/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: passwords[0][1] }),
      });
      expect(((await login.json()) as Envelope).code).toBe(200);
    });
    expect(second).not.toContain('初始密码');
    expect(second).not.toContain('已写入演示数据。');
  });
});
