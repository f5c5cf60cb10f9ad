// One JSON exchange with an ERP: a time limit per call, network retries with backoff (a refused connection,
// a timeout, a 502/503/504), and the exchange recorded for 查看报文 with the secrets the caller names masked.
import { forbiddenAddressOf } from '../publicOnlyAgent';
import { ErpAddressError, ErpCallError, type ErpEndpoint, type ErpExchange } from './types';

const RETRYABLE_STATUSES = new Set([502, 503, 504]);

export const defaultRetryDelay = (retry: number) => 500 * 2 ** retry;

const MASK = '******';

/** A copy of `value` with the named fields masked, at any depth. */
export function masked(value: unknown, secretFields: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((each) => masked(each, secretFields));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, each]) => [
      key,
      secretFields.includes(key) ? MASK : masked(each, secretFields),
    ]),
  );
}

export interface JsonCall {
  call: string;
  url: string;
  body: unknown;
  headers?: Record<string, string>;
  /** Fields of the body or the answer never to be recorded (app secrets, tokens). */
  secretFields?: readonly string[];
}

export interface JsonAnswer {
  status: number;
  json: unknown;
  headers: Headers;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text.slice(0, 2000);
  }
}

/**
 * POSTs JSON and answers the parsed body whatever the HTTP status (the ERPs put their errors in 4xx/5xx bodies
 * too) — except for network failures and gateway errors, which are retried and then thrown as NETWORK.
 */
export async function postJson(
  endpoint: ErpEndpoint,
  exchanges: ErpExchange[],
  call: JsonCall,
): Promise<JsonAnswer> {
  const delay = endpoint.retryDelayMs ?? defaultRetryDelay;
  const secretFields = call.secretFields ?? [];
  for (let retry = 0; ; retry += 1) {
    const started = Date.now();
    let failure: string;
    let status: number | null = null;
    try {
      const response = await fetch(call.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', ...call.headers },
        body: JSON.stringify(call.body),
        signal: AbortSignal.timeout(endpoint.timeoutMs),
        // Node's fetch is undici's; its RequestInit types know no dispatcher of the undici package.
        ...(endpoint.dispatcher && ({ dispatcher: endpoint.dispatcher } as RequestInit)),
      });
      status = response.status;
      const json = parse(await response.text());
      exchanges.push({
        call: call.call,
        httpStatus: status,
        request: masked(call.body, secretFields),
        response: masked(json, secretFields),
        durationMs: Date.now() - started,
      });
      if (!RETRYABLE_STATUSES.has(status)) return { status, json, headers: response.headers };
      failure = `${call.call}: HTTP ${status}`;
    } catch (error) {
      // Not a network fault: no retry helps, the address must change.
      const forbidden = forbiddenAddressOf(error);
      if (forbidden) throw new ErpAddressError(forbidden.message);
      const timedOut = (error as { name?: unknown }).name === 'TimeoutError';
      failure = timedOut
        ? `${call.call}: ${endpoint.timeoutMs} ms 内无应答`
        : `${call.call}: ${error instanceof Error ? error.message : String(error)}`;
      exchanges.push({
        call: call.call,
        httpStatus: null,
        request: masked(call.body, secretFields),
        response: { error: failure },
        durationMs: Date.now() - started,
      });
    }
    if (retry >= endpoint.networkRetries) {
      throw new ErpCallError('NETWORK', `网络异常：${failure}`, exchanges, { httpStatus: status });
    }
    await new Promise((resolve) => setTimeout(resolve, delay(retry)));
  }
}

/** base + path, base possibly with a path prefix (/k3cloud, /sim/erp/…). */
export function erpUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path;
}
