// The HTTP layer against a real local server (jsdom's XHR, so CORS is answered by the server).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  configureHttp,
  deleteAction,
  downloadFailed,
  downloadFile,
  exportQueued,
  fileNameFromDisposition,
  getAction,
  httpAction,
  HttpError,
  postAction,
  putAction,
  requestFailed,
  uploadAction,
  type HttpEvent,
} from '../../src/api/http';

interface Echo {
  method: string;
  path: string;
  query: Record<string, string>;
  token: string | null;
  contentType: string | null;
  body: unknown;
}

const XLSX_NAME = '订单 明细.xlsx';

function parseMultipart(body: Buffer, contentType: string) {
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1];
  if (!boundary) return null;
  const fields: Record<string, string> = {};
  const files: Record<string, { fileName: string; content: string }> = {};
  body
    .toString('utf8')
    .split(`--${boundary}`)
    .slice(1, -1)
    .forEach((part) => {
      const [head, ...rest] = part.replace(/^\r\n/, '').split('\r\n\r\n');
      const content = rest.join('\r\n\r\n').replace(/\r\n$/, '');
      const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
      const fileName = /filename="([^"]*)"/.exec(head)?.[1];
      if (fileName === undefined) fields[name] = content;
      else files[name] = { fileName, content };
    });
  return { fields, files };
}

function handle(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE');
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '');
    res.writeHead(204).end();
    return;
  }
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const json = (status: number, payload: unknown) =>
    res.writeHead(status, { 'Content-Type': 'application/json;charset=UTF-8' }).end(JSON.stringify(payload));
  const envelope = (status: number, message: string, result: unknown = null) =>
    json(status, { success: status === 200, message, code: status, result, timestamp: Date.now() });

  const status = /^\/api\/status\/(\d+)$/.exec(url.pathname);
  if (status) {
    envelope(Number(status[1]), url.searchParams.get('message') ?? '');
    return;
  }
  switch (url.pathname) {
    case '/api/file':
      res.writeHead(200, {
        'Content-Type': 'application/octet-stream',
        'Content-Disposition': `attachment; filename="order.xlsx"; filename*=UTF-8''${encodeURIComponent(XLSX_NAME)}`,
      });
      res.end('file-content');
      return;
    case '/api/file-plain':
      res.writeHead(200, {
        'Content-Type': 'text/csv',
        'Content-Disposition': `attachment;filename=${encodeURIComponent('报表.csv')}`,
      });
      res.end('a,b');
      return;
    case '/api/file-anonymous':
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('plain');
      return;
    case '/api/export-large':
      envelope(200, '导出数据共 6000 条，已转入下载中心生成，完成后请到下载中心下载', {
        jobId: 'j1',
        title: '客户列表',
        total: 6000,
      });
      return;
    case '/api/file-expired':
      json(200, { success: false, message: '文件已过期，请重新导出', code: 400, result: null, timestamp: 1 });
      return;
    case '/api/file-empty':
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end();
      return;
    case '/api/upload': {
      const parts = parseMultipart(body, req.headers['content-type'] ?? '');
      envelope(200, '上传成功', { contentType: req.headers['content-type'], parts });
      return;
    }
    default: {
      const contentType = req.headers['content-type'] ?? null;
      const echo: Echo = {
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        token: (req.headers['x-access-token'] as string | undefined) ?? null,
        contentType,
        body: body.length ? JSON.parse(body.toString('utf8')) : null,
      };
      envelope(200, '成功', echo);
    }
  }
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => handle(req, res, Buffer.concat(chunks)));
});

let origin = '';
let token: string | null = null;
let events: HttpEvent[] = [];
const savedBlobs: Blob[] = [];
const savedNames: string[] = [];

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  configureHttp({
    baseURL: `${origin}/api`,
    getToken: () => token,
    onEvent: (event) => events.push(event),
  });
  // jsdom has no object URLs and does not download; record what would be saved.
  URL.createObjectURL = (blob: Blob) => {
    savedBlobs.push(blob);
    return 'blob:saved';
  };
  URL.revokeObjectURL = () => undefined;
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    savedNames.push(this.download);
  });
});

afterAll(async () => {
  jest.restoreAllMocks();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  token = null;
  events = [];
  savedBlobs.length = 0;
  savedNames.length = 0;
});

function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
}

async function echoOf(call: Promise<{ result: unknown }>): Promise<Echo> {
  return (await call).result as Echo;
}

describe('requests', () => {
  it('returns the envelope body', async () => {
    const body = await getAction('/sys/echo', { a: '1' });
    expect(body).toMatchObject({ success: true, code: 200, message: '成功' });
  });

  it('sends X-Access-Token only when a token exists', async () => {
    expect((await echoOf(getAction('/sys/echo'))).token).toBeNull();
    token = 'tok-123';
    expect((await echoOf(getAction('/sys/echo'))).token).toBe('tok-123');
    expect((await echoOf(postAction('/sys/echo', {}))).token).toBe('tok-123');
  });

  it('adds _t (unix seconds) to GETs, keeping the params', async () => {
    const before = Math.floor(Date.now() / 1000);
    const echo = await echoOf(getAction('/sys/user/list', { pageNo: 1, name: '张三' }));
    const after = Math.floor(Date.now() / 1000);
    expect(echo.method).toBe('GET');
    expect(echo.query).toMatchObject({ pageNo: '1', name: '张三' });
    expect(Number(echo.query._t)).toBeGreaterThanOrEqual(before);
    expect(Number(echo.query._t)).toBeLessThanOrEqual(after);
    expect(echo.query._t).toMatch(/^\d+$/);
  });

  it('leaves _t off dictionary item lookups and non-GET calls', async () => {
    expect((await echoOf(getAction('/sys/dict/getDictItems/sex'))).query).toEqual({});
    expect((await echoOf(postAction('/sys/echo', { a: 1 }))).query).toEqual({});
    expect((await echoOf(putAction('/sys/echo', { a: 1 }))).query).toEqual({});
    expect((await echoOf(deleteAction('/sys/echo', { id: '7' }))).query).toEqual({ id: '7' });
  });

  it('sends GET and DELETE arguments as params, POST/PUT/httpAction arguments as a JSON body', async () => {
    const deleted = await echoOf(deleteAction('/sys/user/deleteBatch', { ids: 'a,b,' }));
    expect(deleted).toMatchObject({ method: 'DELETE', query: { ids: 'a,b,' }, body: null });

    const posted = await echoOf(postAction('/sys/user/add', { username: 'li' }));
    expect(posted).toMatchObject({ method: 'POST', body: { username: 'li' } });
    expect(posted.contentType).toMatch(/^application\/json/);

    expect(await echoOf(putAction('/sys/user/edit', { id: '1' }))).toMatchObject({
      method: 'PUT',
      body: { id: '1' },
    });
    expect(await echoOf(httpAction('/sys/user/edit', { id: '2' }, 'put'))).toMatchObject({
      method: 'PUT',
      body: { id: '2' },
    });
  });

  it('sends empty startDate, endDate and keyword as null', async () => {
    const filters = { startDate: '', endDate: '', keyword: '', name: '' };
    const posted = await echoOf(postAction('/order/list', filters));
    expect(posted.body).toEqual({ startDate: null, endDate: null, keyword: null, name: '' });

    // A null query parameter is not sent at all.
    const got = await echoOf(getAction('/order/list', { ...filters, startDate: '2024-01-01' }));
    expect(got.query).toMatchObject({ startDate: '2024-01-01', name: '' });
    expect(Object.keys(got.query)).not.toContain('endDate');
    expect(Object.keys(got.query)).not.toContain('keyword');
    expect(filters.startDate).toBe('');
  });

  it('uploads multipart form data', async () => {
    const form = new FormData();
    form.append('biz', 'temp');
    form.append('file', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
    token = 'tok-up';

    const { result } = await uploadAction<{ contentType: string; parts: unknown }>('/upload', form);

    expect(result.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(result.parts).toEqual({
      fields: { biz: 'temp' },
      files: { file: { fileName: 'hello.txt', content: 'hello' } },
    });
  });
});

describe('failures', () => {
  async function failureOf(call: Promise<unknown>) {
    const error: unknown = await call.catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(HttpError);
    expect(events).toHaveLength(1);
    return events[0];
  }

  it.each([
    [403, '没有权限，请联系管理员授权'],
    [404, '路径不存在'],
    [500, 'Token失效，请重新登录'],
    [401, 'Token失效，请重新登录'],
    [401, ''],
    [504, ''],
    [418, '服务器是一把茶壶'],
  ])('reports HTTP %i (message %j) as http/requestFailed and rejects', async (status, message) => {
    token = 'tok-1';
    const event = await failureOf(getAction(`/status/${status}`, { message }));
    expect(event).toEqual(
      requestFailed({
        status,
        message,
        timedOut: false,
        hadToken: true,
        method: 'get',
        url: `/status/${status}`,
      }),
    );
  });

  it('says whether the failed request carried a token', async () => {
    const event = await failureOf(postAction('/status/401?message=x'));
    expect(event.payload).toMatchObject({ status: 401, hadToken: false, method: 'post' });
  });

  it('reads the message of a failed download from its blob body', async () => {
    token = 'tok-1';
    const event = await failureOf(
      downloadFile('/status/500', 'x.xlsx', { message: 'Token失效，请重新登录' }),
    );
    expect(event.payload).toMatchObject({ status: 500, message: 'Token失效，请重新登录', hadToken: true });
    expect(savedNames).toEqual([]);
  });

  it('reports a request that got no response with status null and the transport message', async () => {
    // jsdom reports the refused connection on its console, and keeps the XHR's 300 s timeout timer
    // after a network error; resetting the timeout clears it.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const sent: XMLHttpRequest[] = [];
    const originalSend = XMLHttpRequest.prototype.send;
    const send = jest.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (
      this: XMLHttpRequest,
      body,
    ) {
      sent.push(this);
      originalSend.call(this, body);
    });
    configureHttp({
      baseURL: 'http://127.0.0.1:1/api',
      getToken: () => token,
      onEvent: (e) => events.push(e),
    });
    try {
      const event = await failureOf(getAction('/sys/echo'));
      expect(event.payload).toMatchObject({ status: null, timedOut: false, message: 'Network Error' });
    } finally {
      sent.forEach((xhr) => (xhr.timeout = 0));
      send.mockRestore();
      consoleError.mockRestore();
      configureHttp({ baseURL: `${origin}/api`, getToken: () => token, onEvent: (e) => events.push(e) });
    }
  });
});

describe('downloads', () => {
  it('saves the file under the UTF-8 name of Content-Disposition, with its suffix', async () => {
    token = 'tok-1';
    await expect(downloadFile('/file', '导出.xls')).resolves.toBe(XLSX_NAME);
    expect(savedNames).toEqual([XLSX_NAME]);
    expect(await blobText(savedBlobs[0])).toBe('file-content');
    expect(events).toEqual([]);
  });

  it('decodes a plain percent-encoded filename', async () => {
    await expect(downloadFile('/file-plain', '导出')).resolves.toBe('报表.csv');
    expect(savedNames).toEqual(['报表.csv']);
  });

  it('falls back to the given name without Content-Disposition', async () => {
    await expect(downloadFile('/file-anonymous', '说明.txt')).resolves.toBe('说明.txt');
    expect(savedNames).toEqual(['说明.txt']);
  });

  it("reports '文件下载失败' (http/downloadFailed) and saves nothing when there is no data", async () => {
    await expect(downloadFile('/file-empty', 'x.xlsx')).resolves.toBeNull();
    expect(events).toEqual([downloadFailed({ url: '/file-empty' })]);
    expect(savedNames).toEqual([]);
  });

  it('reports an export that went to 下载中心 (http/exportQueued) and saves nothing', async () => {
    await expect(downloadFile('/export-large', 'x.xlsx')).resolves.toBeNull();
    expect(events).toEqual([
      exportQueued({
        jobId: 'j1',
        title: '客户列表',
        total: 6000,
        message: '导出数据共 6000 条，已转入下载中心生成，完成后请到下载中心下载',
      }),
    ]);
    expect(savedNames).toEqual([]);
  });

  it("reports the server's refusal of a file (http/downloadFailed with its message)", async () => {
    await expect(downloadFile('/file-expired', 'x.xlsx')).resolves.toBeNull();
    expect(events).toEqual([downloadFailed({ url: '/file-expired', message: '文件已过期，请重新导出' })]);
    expect(savedNames).toEqual([]);
  });

  it('sends _t and the params with a download', async () => {
    await downloadFile('/sys/echo', 'echo.json', { id: '9' });
    const echo = JSON.parse(await blobText(savedBlobs[0])).result as Echo;
    expect(echo.query).toMatchObject({ id: '9', _t: expect.stringMatching(/^\d+$/) });
  });
});

describe('fileNameFromDisposition', () => {
  it.each([
    [`attachment; filename*=UTF-8''%E6%8A%A5%E8%A1%A8.xlsx`, '报表.xlsx'],
    [`attachment; filename="a b.pdf"`, 'a b.pdf'],
    [`attachment;filename=${encodeURIComponent('订单.csv')}`, '订单.csv'],
    [`attachment; filename="100%.txt"`, '100%.txt'],
    ['inline', undefined],
    [undefined, undefined],
  ])('%j -> %j', (header, expected) => {
    expect(fileNameFromDisposition(header)).toBe(expected);
  });
});
