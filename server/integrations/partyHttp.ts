// What the clients of the external parties (WeCom, WeChat, CAS) share: one HTTP exchange with a time limit
// whose failures become a PartyUnavailableError (the party could not be asked: 503), and a cache of the
// access tokens those APIs hand out with a lifetime.

export const PARTY_TIMEOUT_MS = 5000;

/**
 * The party could not be reached or answered garbage. The message is for the user (shown with a 503);
 * `detail` (status, network error) is for the log. No `cause`: the error handler looks through causes
 * for socket errors and would report a database outage.
 */
export class PartyUnavailableError extends Error {
  constructor(
    readonly party: string,
    readonly detail: string,
  ) {
    super(`${party}服务暂时无法访问，请稍后重试`);
    this.name = 'PartyUnavailableError';
  }
}

/**
 * The party answered, and said no (an invalid code, an expired ticket). `partyCode` is its own error
 * code (WeCom's errcode, CAS's failure code); the service turns it into a message the user can act on.
 */
export class PartyRefusedError extends Error {
  constructor(
    readonly party: string,
    readonly partyCode: string,
    readonly detail: string,
  ) {
    super(`${party}拒绝了请求：${partyCode} ${detail}`);
    this.name = 'PartyRefusedError';
  }
}

export interface PartyRequest {
  method?: 'GET' | 'POST';
  /** A JSON body for POST. */
  json?: unknown;
}

/** One exchange: the answer's text for a 2xx; a PartyUnavailableError for anything else. */
export async function fetchText(
  party: string,
  url: URL,
  { method = 'GET', json }: PartyRequest = {},
  timeoutMs = PARTY_TIMEOUT_MS,
): Promise<string> {
  let status: number;
  let text: string;
  try {
    const response = await fetch(url, {
      method,
      headers: json === undefined ? undefined : { 'content-type': 'application/json; charset=utf-8' },
      body: json === undefined ? undefined : JSON.stringify(json),
      // Covers the whole exchange, the body included.
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    const name = (error as { name?: unknown }).name;
    throw new PartyUnavailableError(
      party,
      name === 'TimeoutError'
        ? `${url.pathname}: no answer within ${timeoutMs} ms`
        : `${url.pathname}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (status < 200 || status > 299) {
    throw new PartyUnavailableError(party, `${url.pathname}: HTTP ${status}: ${text.slice(0, 200)}`);
  }
  return text;
}

/** The answer of the WeChat-family APIs: `errcode` 0 (or absent) is success. */
export interface WeixinAnswer {
  errcode?: number;
  errmsg?: string;
}

/** A WeChat-family JSON call: the answer when errcode is 0, a PartyRefusedError otherwise. */
export async function fetchWeixinJson<T extends object>(
  party: string,
  url: URL,
  request: PartyRequest = {},
  timeoutMs = PARTY_TIMEOUT_MS,
): Promise<T & WeixinAnswer> {
  const text = await fetchText(party, url, request, timeoutMs);
  let answer: T & WeixinAnswer;
  try {
    answer = JSON.parse(text) as T & WeixinAnswer;
  } catch {
    throw new PartyUnavailableError(party, `${url.pathname}: answer is not JSON: ${text.slice(0, 200)}`);
  }
  if (answer === null || typeof answer !== 'object') {
    throw new PartyUnavailableError(party, `${url.pathname}: answer is not an object`);
  }
  if (answer.errcode !== undefined && answer.errcode !== 0) {
    throw new PartyRefusedError(party, String(answer.errcode), answer.errmsg ?? '');
  }
  return answer;
}

/** Tokens are renewed this long before the party says they expire (clock skew, a slow request). */
export const TOKEN_RENEW_MARGIN_MS = 5 * 60 * 1000;

/**
 * Access tokens by key, kept until shortly before they expire. Concurrent callers of an expired key
 * share one fetch: these APIs count token requests per day.
 */
export class TokenCache {
  private readonly entries = new Map<string, { value: string; renewAt: number }>();
  private readonly pending = new Map<string, Promise<string>>();

  constructor(private readonly now: () => number = Date.now) {}

  async get(key: string, fetchToken: () => Promise<{ value: string; expiresInSeconds: number }>) {
    const entry = this.entries.get(key);
    if (entry && entry.renewAt > this.now()) return entry.value;
    let pending = this.pending.get(key);
    if (!pending) {
      pending = fetchToken()
        .then(({ value, expiresInSeconds }) => {
          this.entries.set(key, {
            value,
            renewAt: this.now() + Math.max(0, expiresInSeconds * 1000 - TOKEN_RENEW_MARGIN_MS),
          });
          return value;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }

  /** Forgets a token the party refused (revoked before its time). */
  forget(key: string): void {
    this.entries.delete(key);
  }
}

/** `base` + `path` with the query: base URLs may carry a path prefix (the simulators live under /sim/...). */
export function partyUrl(base: string, path: string, query: Record<string, string> = {}): URL {
  const url = new URL(base.replace(/\/+$/, '') + path);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url;
}
