// Secrets that reach the server in a URL (a token of an old client, a third party's one-time code or
// ticket) must not reach the logs with it: the logged URL has their values replaced.
import type { FastifyRequest } from 'fastify';

/** Query parameters whose value is a credential, compared without case, `_` or `-`. */
const SECRET_PARAMETERS = new Set(
  [
    'token',
    'access_token',
    'accessToken',
    'x-access-token',
    'ticket',
    'code',
    'auth_code',
    'authCode',
    'resetKey',
    'password',
    'smscode',
    'captcha',
    'secret',
    'signature',
  ].map((name) => name.replace(/[-_]/g, '').toLowerCase()),
);

const REDACTED = '[REDACTED]';

const isSecret = (name: string) => SECRET_PARAMETERS.has(name.replace(/[-_]/g, '').toLowerCase());

/** The URL with the values of secret query parameters replaced; other parameters as they came. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals < 0 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judged by its raw spelling.
      }
      return equals >= 0 && isSecret(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** Fastify's request log serializer, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
