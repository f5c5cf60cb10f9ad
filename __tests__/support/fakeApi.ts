// A throwaway HTTP server that answers the SPA's API calls from per-test handlers, so components and
// sagas run against real requests. Unhandled calls get a failed envelope (HTTP 200), not an error.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ApiRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  token: string | undefined;
}

/** Answers the envelope's `result` (success), or a full envelope via `envelope(...)`. */
export type ApiHandler = (request: ApiRequest) => unknown;

export interface Envelope {
  success: boolean;
  message: string;
  code: number;
  result: unknown;
  timestamp: number;
}

export function envelope(
  result: unknown,
  success = true,
  message = success ? '操作成功！' : '操作失败',
): Envelope {
  return { success, message, code: success ? 200 : 500, result, timestamp: Date.now() };
}

function isEnvelope(value: unknown): value is Envelope {
  return value !== null && typeof value === 'object' && 'success' in value && 'timestamp' in value;
}

/** How long stop() waits for the app's requests in flight to be answered. */
const STOP_SETTLE_MS = 2000;
/** The app is taken to be done with the API after this long without a request. */
const STOP_QUIET_MS = 100;

/** Handlers keyed by 'METHOD /path' (without /api). */
export function fakeApi(handlers: Record<string, ApiHandler>) {
  const requests: ApiRequest[] = [];
  /** Requests received and not yet answered. */
  let inFlight = 0;
  /** When the last request arrived or was answered. */
  let lastActivity = 0;
  const server = http.createServer(async (req, res) => {
    inFlight += 1;
    lastActivity = Date.now();
    res.on('close', () => {
      inFlight -= 1;
      lastActivity = Date.now();
    });
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '');
      res.setHeader('Access-Control-Allow-Methods', 'GET,POST,PUT,DELETE');
      res.writeHead(204).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const request: ApiRequest = {
      method: req.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      token: req.headers['x-access-token'] as string | undefined,
    };
    requests.push(request);
    const handler = handlers[`${request.method} ${request.path}`];
    let body: Envelope;
    try {
      const answer = handler
        ? await handler(request)
        : envelope(null, false, `no handler for ${request.path}`);
      body = isEnvelope(answer) ? answer : envelope(answer);
    } catch (error) {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(envelope(null, false, (error as Error).message)));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  return {
    requests,
    /** Starts listening; resolves to the base URL to give configureAppStore. */
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    },
    /**
     * Stops once the app's requests are answered. A connection cut under a request in flight leaves
     * jsdom's XHR with its 300 s timeout timer running, which kept Jest alive for minutes after the run;
     * only a request the test never answers (a deferred left pending) is still cut, after a while.
     */
    async stop(): Promise<void> {
      const deadline = Date.now() + STOP_SETTLE_MS;
      // A request the app has just sent may not have arrived yet: wait for a quiet moment too.
      const settled = () => inFlight === 0 && Date.now() - lastActivity >= STOP_QUIET_MS;
      while (!settled() && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      if (inFlight > 0) server.closeAllConnections();
      else server.closeIdleConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A promise with its resolve function, for answers a test releases when it chooses. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
