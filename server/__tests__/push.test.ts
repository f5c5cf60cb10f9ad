import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { UserAnnouncementLists } from '../../common/announcements';
import { NOTICE_POLL_INTERVAL_MS } from '../../common/constants';
import type { PushFrame } from '../../common/push';
import type { Database } from '../db';
import { demoUserId } from '../db/seed/ids';
import { apiClient, loginAs, openSeededDatabase, type ApiClient } from './support/auth';
import { testBackends, type TestDatabase } from './support/database';
import { startTestServer, type TestServer } from './support/server';

/** Long enough for a push that would arrive to have arrived, on this 2-core machine. */
const SILENCE_MS = 400;

interface OpenSocket {
  socket: WebSocket;
  /** The next frame not yet taken (waits for it). */
  next(): Promise<PushFrame>;
  /** Frames received and not yet taken. */
  pending(): PushFrame[];
  close(): void;
}

function socketUrl(baseUrl: string, userId: string, query = ''): string {
  return `${baseUrl.replace(/^http/, 'ws')}/websocket/${userId}${query}`;
}

/** Opens a socket with the token as its subprotocol, as the SPA does. */
function openSocket(baseUrl: string, userId: string, token: string, options: WebSocket.ClientOptions = {}) {
  return new Promise<OpenSocket>((resolve, reject) => {
    const socket = new WebSocket(socketUrl(baseUrl, userId), token, options);
    const frames: PushFrame[] = [];
    const waiting: Array<(frame: PushFrame) => void> = [];
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as PushFrame;
      const waiter = waiting.shift();
      if (waiter) waiter(frame);
      else frames.push(frame);
    });
    socket.once('open', () =>
      resolve({
        socket,
        next: () => {
          const frame = frames.shift();
          return frame ? Promise.resolve(frame) : new Promise((take) => waiting.push(take));
        },
        pending: () => [...frames],
        close: () => socket.close(),
      }),
    );
    socket.once('error', reject);
  });
}

/** The HTTP status with which an upgrade was refused. */
function refusal(url: string, protocol?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, protocol);
    socket.once('open', () => reject(new Error('the socket opened')));
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.once('error', () => undefined);
  });
}

const silence = () => new Promise((resolve) => setTimeout(resolve, SILENCE_MS));

async function addAndRelease(
  client: ApiClient,
  token: string,
  body: Record<string, unknown>,
): Promise<string> {
  const { body: added } = await client.post<string>(
    '/sys/annountCement/add',
    { priority: 'H', msgCategory: '1', msgType: 'ALL', msgContent: '<p>正文</p>', ...body },
    token,
  );
  const { body: released } = await client.get(`/sys/annountCement/doReleaseData?id=${added.result}`, token);
  expect(released.success).toBe(true);
  return added.result;
}

describe.each(testBackends())('the push socket on %s', (backend) => {
  let testDatabase: TestDatabase;
  let database: Database;
  let server: TestServer;
  let client: ApiClient;
  let admin: string;
  let wangfang: string;
  let t2admin: string;
  const opened: OpenSocket[] = [];

  async function open(
    userName: string,
    token: string,
    options?: WebSocket.ClientOptions,
    url = server.baseUrl,
  ) {
    const socket = await openSocket(url, demoUserId(userName), token, options);
    opened.push(socket);
    return socket;
  }

  beforeAll(async () => {
    testDatabase = await openSeededDatabase(backend);
    database = testDatabase.database;
    server = await startTestServer({ database, pushPingIntervalMs: 150 });
    client = apiClient(server.baseUrl);
    [admin, wangfang, t2admin] = await Promise.all(
      ['admin', 'wangfang', 't2admin'].map((username) => loginAs(client, username)),
    );
  });
  afterEach(() => {
    opened.splice(0).forEach((socket) => socket.close());
  });
  afterAll(async () => {
    await server.close();
    await testDatabase.dispose();
  });

  describe('who may open it', () => {
    it('refuses an upgrade without a token, with an unknown token, or for another user', async () => {
      const url = socketUrl(server.baseUrl, demoUserId('wangfang'));
      expect(await refusal(url)).toEqual({ status: 401, body: expect.stringContaining('未登录，请先登录') });
      expect(await refusal(url, 'not-a-token')).toEqual({
        status: 401,
        body: expect.stringContaining('Token失效，请重新登录'),
      });
      expect(await refusal(url, admin)).toEqual({ status: 403, body: expect.stringContaining('没有权限') });
      expect((await refusal(`${url}?token=${admin}`)).status).toBe(403);
    });

    it("opens for the token's own user, by subprotocol or ?token=, and refuses after logout", async () => {
      const bySubprotocol = await open('wangfang', wangfang);
      expect(bySubprotocol.socket.protocol).toBe(wangfang);
      const byQuery = new WebSocket(socketUrl(server.baseUrl, demoUserId('wangfang'), `?token=${wangfang}`));
      await new Promise((resolve, reject) => {
        byQuery.once('open', resolve);
        byQuery.once('error', reject);
      });
      byQuery.close();

      const token = await loginAs(client, 'liuyang');
      await client.post('/sys/logout', undefined, token);
      expect((await refusal(socketUrl(server.baseUrl, demoUserId('liuyang')), token)).status).toBe(401);
    });
  });

  describe('what goes over it', () => {
    it('answers the heartbeat to the sender alone and relays no client text', async () => {
      const sender = await open('wangfang', wangfang);
      const sameUser = await open('wangfang', wangfang);
      const other = await open('admin', admin);
      sender.socket.send('HeartBeat');
      expect(await sender.next()).toEqual({ cmd: 'heartcheck', msgTxt: '心跳响应' });
      sender.socket.send(JSON.stringify({ cmd: 'topic', msgId: 'x', msgTxt: '伪造的推送' }));
      sender.socket.send('hello everyone');
      await silence();
      expect(sender.pending()).toEqual([]);
      expect(sameUser.pending()).toEqual([]);
      expect(other.pending()).toEqual([]);
    });

    it('pings its clients and drops one that stops answering', async () => {
      const live = await open('admin', admin);
      const pinged = new Promise((resolve) => live.socket.once('ping', resolve));
      await expect(pinged).resolves.toBeDefined();

      const deaf = await open('wangfang', wangfang, { autoPong: false });
      const closed = new Promise<number>((resolve) => deaf.socket.once('close', (code) => resolve(code)));
      // Terminated after an unanswered ping: an abnormal close (1006), no close frame.
      await expect(closed).resolves.toBe(1006);
      expect(live.socket.readyState).toBe(WebSocket.OPEN);
    });

    it("pushes a release to everyone of the tenant ('topic'), never to another tenant", async () => {
      const adminSocket = await open('admin', admin);
      const tabOne = await open('wangfang', wangfang);
      const tabTwo = await open('wangfang', wangfang);
      const otherTenant = await open('t2admin', t2admin);
      const id = await addAndRelease(client, admin, { titile: '全员推送' });
      const frame = { cmd: 'topic', msgId: id, msgTxt: '全员推送' };
      expect(await adminSocket.next()).toEqual(frame);
      expect(await tabOne.next()).toEqual(frame);
      expect(await tabTwo.next()).toEqual(frame);
      await silence();
      expect(otherTenant.pending()).toEqual([]);
    });

    it("pushes a release for chosen users ('user') to them only; a revoke pushes nothing", async () => {
      const chosen = await open('wangfang', wangfang);
      const notChosen = await open('admin', admin);
      const id = await addAndRelease(client, admin, {
        titile: '定向推送',
        msgType: 'USER',
        userIds: `${demoUserId('wangfang')},`,
      });
      expect(await chosen.next()).toEqual({ cmd: 'user', msgId: id, msgTxt: '定向推送' });
      await client.get(`/sys/annountCement/doReovkeData?id=${id}`, admin);
      await silence();
      expect(notChosen.pending()).toEqual([]);
      expect(chosen.pending()).toEqual([]);
    });

    it('closes the socket of a session that has ended (logout elsewhere)', async () => {
      const token = await loginAs(client, 'liuyang');
      const socket = await open('liuyang', token);
      const closed = new Promise<number>((resolve) => socket.socket.once('close', (code) => resolve(code)));
      await client.post('/sys/logout', undefined, token);
      await expect(closed).resolves.toBe(4401);
    });

    it('closes the sockets with 1001 (going away) when the server closes', async () => {
      const other = await startTestServer({ database });
      const socket = await openSocket(other.baseUrl, demoUserId('admin'), admin);
      const closed = new Promise<number>((resolve) => socket.socket.once('close', (code) => resolve(code)));
      await other.close();
      await expect(closed).resolves.toBe(1001);
    });
  });

  it("without Redis, a second instance's user hears no push but sees the release at the bell's next poll", async () => {
    const second = await startTestServer({ database });
    try {
      const onSecond = await open('wangfang', wangfang, undefined, second.baseUrl);
      const id = await addAndRelease(client, admin, { titile: '轮询可见', msgCategory: '1' });
      // The poll runs every NOTICE_POLL_INTERVAL_MS: by then the other instance must answer with the release.
      const deadline = Date.now() + NOTICE_POLL_INTERVAL_MS;
      let seen = false;
      while (!seen && Date.now() < deadline) {
        const { body } = await apiClient(second.baseUrl).get<UserAnnouncementLists>(
          '/sys/annountCement/listByUser',
          wangfang,
        );
        seen = body.result.anntMsgList.some((announcement) => announcement.id === id);
        if (!seen) await silence();
      }
      expect(seen).toBe(true);
      await silence();
      expect(onSecond.pending()).toEqual([]);
    } finally {
      await second.close();
    }
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  (redisUrl ? describe : describe.skip)('across two instances', () => {
    it('delivers a release made on one instance to a socket held by the other, through Redis', async () => {
      const pushChannel = `test:${randomUUID()}:push`;
      const first = await startTestServer({ database, redisUrl, pushChannel });
      const second = await startTestServer({ database, redisUrl, pushChannel });
      try {
        const onSecond = await open('wangfang', wangfang, undefined, second.baseUrl);
        const id = await addAndRelease(apiClient(first.baseUrl), admin, { titile: '跨实例推送' });
        expect(await onSecond.next()).toEqual({ cmd: 'topic', msgId: id, msgTxt: '跨实例推送' });
      } finally {
        await first.close();
        await second.close();
      }
    });

    it('without a shared channel the other instance hears nothing (the test above is not vacuous)', async () => {
      const first = await startTestServer({ database, redisUrl, pushChannel: `test:${randomUUID()}:a` });
      const second = await startTestServer({ database, redisUrl, pushChannel: `test:${randomUUID()}:b` });
      try {
        const onSecond = await open('wangfang', wangfang, undefined, second.baseUrl);
        await addAndRelease(apiClient(first.baseUrl), admin, { titile: '不同频道' });
        await silence();
        expect(onSecond.pending()).toEqual([]);
      } finally {
        await first.close();
        await second.close();
      }
    });
  });
});
