import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Envelope } from '../../common/contract';
import { BusinessError, ok } from '../http/envelope';
import { openTestDatabase, testBackends, type TestDatabase } from './support/database';
import { captureLogs, startTestServer, type TestServer } from './support/server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
const APP_JS = 'console.log("app");';

const PUBLIC = { config: { access: 'public' } } as const;

/** Routes that exist only in these tests, to drive the error mapping through real schemas and handlers. */
function registerProbeRoutes(app: FastifyInstance): void {
  app.post<{ Body: { name: string; age?: number } }>(
    '/api/probe/echo',
    {
      config: { access: 'public' },
      schema: {
        body: {
          type: 'object',
          required: ['name'],
          additionalProperties: false,
          properties: { name: { type: 'string', minLength: 2 }, age: { type: 'integer', maximum: 150 } },
        },
      },
    },
    async (request) => ok(request.body),
  );
  app.get<{ Querystring: { pageSize?: number; status?: string } }>(
    '/api/probe/page',
    {
      config: { access: 'public' },
      schema: {
        querystring: {
          type: 'object',
          properties: {
            pageSize: { type: 'integer', minimum: 1, maximum: 200 },
            status: { type: 'string', enum: ['0', '1'] },
          },
        },
      },
    },
    async (request) => ok(request.query),
  );
  app.get<{ Params: { id: string } }>(
    '/api/probe/items/:id',
    {
      config: { access: 'public' },
      schema: { params: { type: 'object', properties: { id: { type: 'string' } } } },
    },
    async (request) => ok(request.params.id),
  );
  app.get('/api/probe/conflict', PUBLIC, async () => {
    throw new BusinessError(409, '编码已存在');
  });
  app.get('/api/probe/crash', PUBLIC, async () => {
    throw new Error('secret internal detail');
  });
  app.get('/api/probe/bad-sql', PUBLIC, async () =>
    ok(await sql`select * from no_such_table`.execute(app.database.db)),
  );
}

function makeSite(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-'));
  fs.mkdirSync(path.join(dir, 'js'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dir, 'js', 'app.js'), APP_JS);
  fs.writeFileSync(path.join(dir, 'js', 'app.1a2b3c4d.chunk.js'), APP_JS);
  return dir;
}

async function json(response: Response): Promise<Envelope> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return (await response.json()) as Envelope;
}

function expectFailure(body: Envelope, code: number, message: string | RegExp): void {
  expect(body).toEqual({
    success: false,
    code,
    message: expect.stringMatching(message),
    result: null,
    timestamp: expect.any(Number),
  });
}

/** Sends bytes as they are, for requests fetch refuses to make. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe.each(testBackends())('HTTP contract on %s', (backend) => {
  let testDatabase: TestDatabase;
  let server: TestServer;
  let siteDir: string;
  const logs = captureLogs();
  const url = (pathname: string) => `${server.baseUrl}${pathname}`;
  const post = (pathname: string, body: string, contentType = 'application/json') =>
    fetch(url(pathname), { method: 'POST', headers: { 'content-type': contentType }, body });

  beforeAll(async () => {
    testDatabase = await openTestDatabase(backend);
    siteDir = makeSite();
    server = await startTestServer({
      database: testDatabase.database,
      staticDir: siteDir,
      bodyLimit: 4096,
      logLevel: 'info',
      logStream: logs.logStream,
      configure: registerProbeRoutes,
    });
  });
  afterAll(async () => {
    await server.close();
    await testDatabase.dispose();
    fs.rmSync(siteDir, { recursive: true, force: true });
  });

  describe('envelope', () => {
    it('wraps a success as { success, message, code, result, timestamp }', async () => {
      const before = Date.now();
      const response = await post('/api/probe/echo', JSON.stringify({ name: '张三', age: 30 }));
      expect(response.status).toBe(200);
      const body = await json(response);
      expect(body).toEqual({
        success: true,
        message: '操作成功！',
        code: 200,
        result: { name: '张三', age: 30 },
        timestamp: expect.any(Number),
      });
      expect(body.timestamp).toBeGreaterThanOrEqual(before);
    });

    it('answers a business failure with HTTP 200, success false and the kind of failure as code', async () => {
      const response = await fetch(url('/api/probe/conflict'));
      expect(response.status).toBe(200);
      expectFailure(await json(response), 409, '编码已存在');
    });
  });

  describe('route schemas', () => {
    // They compile at each route's first call (server/http/schemaCompilers.ts): here all of them, so a schema
    // that cannot compile fails this test rather than its route's first caller.
    it('compile, every route of the app', () => {
      expect(() => server.app.compileAllSchemas()).not.toThrow();
    });
  });

  describe('bad input', () => {
    it.each([
      [{ age: 3 }, '参数 name 不能为空'],
      [{ name: 'x' }, '参数 name 长度不能少于 2 个字符'],
      [{ name: '张三', age: 'old' }, '参数 age 应为整数'],
      [{ name: '张三', age: 200 }, '参数 age 不能大于 150'],
      [[], '请求体 应为对象'],
    ])('answers 400 naming the field for body %j', async (body, message) => {
      const response = await post('/api/probe/echo', JSON.stringify(body));
      expect(response.status).toBe(400);
      expectFailure(await json(response), 400, `^${message}$`);
    });

    it.each([
      ['pageSize=abc', '参数 pageSize 应为整数'],
      ['pageSize=500', '参数 pageSize 不能大于 200'],
      ['status=9', '参数 status 应为 0、1 之一'],
    ])('answers 400 naming the query parameter for ?%s', async (query, message) => {
      const response = await fetch(url(`/api/probe/page?${query}`));
      expect(response.status).toBe(400);
      expectFailure(await json(response), 400, `^${message}$`);
    });

    it('drops unknown body fields instead of refusing them, and coerces query strings', async () => {
      const echoed = await json(
        await post('/api/probe/echo', JSON.stringify({ name: '张三', checkKey: 'x' })),
      );
      expect(echoed.result).toEqual({ name: '张三' });
      const paged = await json(await fetch(url('/api/probe/page?pageSize=20&status=1')));
      expect(paged.result).toEqual({ pageSize: 20, status: '1' });
    });

    it('ignores unknown headers sent by clients of the original contract', async () => {
      const response = await fetch(url('/api/health'), {
        headers: { 'tenant-id': '7', 'X-Sign': 'abc', 'X-TIMESTAMP': '1' },
      });
      expect(response.status).toBe(200);
    });

    it('answers 400 for a malformed JSON body', async () => {
      const response = await post('/api/probe/echo', '{"name": ');
      expect(response.status).toBe(400);
      expectFailure(await json(response), 400, '请求体不是有效的 JSON');
    });

    it('answers 415 for a content type the API does not take', async () => {
      const response = await post('/api/probe/echo', '<name/>', 'text/xml');
      expect(response.status).toBe(415);
      expectFailure(await json(response), 415, '不支持的请求内容类型');
    });

    it.each(['/api/probe/echo', '/api/health'])(
      'answers 413 for a body over the limit on %s',
      async (pathname) => {
        const response = await post(pathname, JSON.stringify({ name: 'x'.repeat(8192) }));
        expect(response.status).toBe(413);
        expectFailure(await json(response), 413, '请求体过大');
      },
    );

    it('answers 400 with the envelope to a request the HTTP parser rejects', async () => {
      const answer = await rawRequest(
        Number(new URL(server.baseUrl).port),
        'GET /api/health HTTP/1.1\r\nHost\r\n\r\n',
      );
      const [head, body] = answer.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 400 /);
      expectFailure(JSON.parse(body) as Envelope, 400, '请求格式错误');
    });
  });

  describe('malformed URLs', () => {
    it('answers a path parameter that is not valid percent-encoding with the 400 envelope and a request id', async () => {
      const response = await fetch(url('/api/probe/items/%E0%A4%A'));
      expect(response.status).toBe(400);
      expect(response.headers.get('x-request-id')).toMatch(UUID);
      expectFailure(await json(response), 400, '请求路径不合法');
    });

    it('decodes a valid one', async () => {
      expect((await json(await fetch(url('/api/probe/items/%E4%B8%AD')))).result).toBe('中');
    });
  });

  describe('unknown paths', () => {
    it.each(['GET', 'POST', 'DELETE'])(
      'answers %s of an unknown API path with the 404 envelope',
      async (method) => {
        const response = await fetch(url('/api/nope'), { method });
        expect(response.status).toBe(404);
        expectFailure(await json(response), 404, '^路径不存在，请检查路径是否正确$');
      },
    );

    it.each(['/websocket', '/websocket/1'])(
      'answers a plain GET of %s with the 404 envelope',
      async (pathname) => {
        const response = await fetch(url(pathname));
        expect(response.status).toBe(404);
        expectFailure(await json(response), 404, '路径不存在');
      },
    );
  });

  describe('unexpected errors', () => {
    it('answers 500 with the request id and no detail or stack trace', async () => {
      const response = await fetch(url('/api/probe/crash'));
      expect(response.status).toBe(500);
      const requestId = response.headers.get('x-request-id');
      const text = await response.text();
      expectFailure(JSON.parse(text) as Envelope, 500, `^操作失败，请求编号 ${requestId}$`);
      expect(text).not.toContain('secret internal detail');
      expect(text).not.toMatch(/\bat \S+ \(/);
      const logged = logs.lines().find((line) => line.reqId === requestId && line.level === 50);
      expect(logged).toMatchObject({ err: { message: 'secret internal detail' } });
    });

    it('answers 500, not 503, for a query that is wrong while the database is up', async () => {
      const response = await fetch(url('/api/probe/bad-sql'));
      expect(response.status).toBe(500);
      expectFailure(await json(response), 500, '^操作失败，请求编号 ');
    });
  });

  describe('request ids', () => {
    it('gives every response a UUID request id and logs the request under it', async () => {
      const response = await fetch(url('/api/health'));
      const requestId = response.headers.get('x-request-id');
      expect(requestId).toMatch(UUID);
      const lines = logs.lines().filter((line) => line.reqId === requestId);
      expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    });

    it('keeps a sane incoming X-Request-Id and replaces one that is not', async () => {
      const kept = await fetch(url('/api/nope'), { headers: { 'X-Request-Id': 'lb-42.a:b' } });
      expect(kept.headers.get('x-request-id')).toBe('lb-42.a:b');
      const replaced = await fetch(url('/api/nope'), { headers: { 'X-Request-Id': 'x'.repeat(200) } });
      expect(replaced.headers.get('x-request-id')).toMatch(UUID);
    });
  });

  describe('the built SPA', () => {
    it.each(['/', '/some/deep/route', '/user/login?redirect=%2Fdashboard'])(
      'serves index.html for %s',
      async (pathname) => {
        const response = await fetch(url(pathname));
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^text\/html/);
        expect(await response.text()).toBe(INDEX_HTML);
      },
    );

    it('has the page shell revalidated', async () => {
      const response = await fetch(url('/dashboard/analysis'));
      expect(response.headers.get('cache-control')).toBe('no-cache');
    });

    it('serves the files', async () => {
      const response = await fetch(url('/js/app.js'));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/javascript/);
      expect(await response.text()).toBe(APP_JS);
    });

    it('lets browsers keep a content-named file without asking again, and revalidate the others', async () => {
      const named = await fetch(url('/js/app.1a2b3c4d.chunk.js'));
      expect(named.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await named.text()).toBe(APP_JS);
      const plain = await fetch(url('/js/app.js'));
      expect(plain.headers.get('cache-control')).toBe('public, max-age=0');
    });

    it('answers a missing file with the 404 envelope, not index.html', async () => {
      const response = await fetch(url('/js/missing.js'));
      expect(response.status).toBe(404);
      expectFailure(await json(response), 404, '路径不存在');
    });

    it('answers a page request on a server without a built SPA with the 404 envelope', async () => {
      const bare = await startTestServer({ database: testDatabase.database });
      try {
        const response = await fetch(`${bare.baseUrl}/some/deep/route`);
        expect(response.status).toBe(404);
        expectFailure(await json(response), 404, '路径不存在');
      } finally {
        await bare.close();
      }
    });
  });

  describe('graceful shutdown', () => {
    it('finishes a request in flight and answers one arriving while draining with the 503 envelope', async () => {
      let enterHandler!: () => void;
      const handlerEntered = new Promise<void>((resolve) => (enterHandler = resolve));
      let openGate!: () => void;
      const gate = new Promise<void>((resolve) => (openGate = resolve));
      let startClosing!: () => void;
      const closingStarted = new Promise<void>((resolve) => (startClosing = resolve));
      let answerLateRequest!: () => void;
      const lateRequestAnswered = new Promise<void>((resolve) => (answerLateRequest = resolve));
      const draining = await startTestServer({
        database: testDatabase.database,
        configure: (app) => {
          app.get('/api/probe/slow', PUBLIC, async () => {
            enterHandler();
            await gate;
            return ok('done');
          });
          app.addHook('preClose', async () => startClosing());
          // The late answer waits behind the slow one on the connection; onSend shows it has been decided.
          app.addHook('onSend', async (request) => {
            if (request.url === '/api/health') answerLateRequest();
          });
        },
      });
      const socket = net.connect(Number(new URL(draining.baseUrl).port), '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
      const socketClosed = new Promise((resolve) => socket.on('close', resolve));

      socket.write('GET /api/probe/slow HTTP/1.1\r\nHost: test\r\n\r\n');
      await handlerEntered;
      const closed = draining.close();
      await closingStarted;
      socket.write('GET /api/health HTTP/1.1\r\nHost: test\r\n\r\n');
      await lateRequestAnswered;
      openGate();
      await Promise.all([closed, socketClosed]);

      const responses = answer.split(/(?=HTTP\/1\.1 )/);
      expect(responses).toHaveLength(2);
      expect(responses[0]).toMatch(/^HTTP\/1\.1 200 /);
      expect(responses[0]).toContain('"result":"done"');
      expect(responses[1]).toMatch(/^HTTP\/1\.1 503 /);
      expect(responses[1]).toMatch(/connection: close/i);
      expectFailure(
        JSON.parse(responses[1].split('\r\n\r\n')[1]) as Envelope,
        503,
        '服务正在停止，请稍后再试',
      );
    });

    it('does not wait for a connection that was opened and never used', async () => {
      const server = await startTestServer({ database: testDatabase.database });
      const spare = net.connect(Number(new URL(server.baseUrl).port), '127.0.0.1');
      await new Promise((resolve) => spare.once('connect', resolve));
      const spareClosed = new Promise((resolve) => spare.once('close', resolve));
      const closeStarted = Date.now();
      await server.close();
      await spareClosed;
      // Node counts it busy until its headers timeout (60 s): a restart would have waited that long.
      expect(Date.now() - closeStarted).toBeLessThan(10_000);
    });
  });
});
