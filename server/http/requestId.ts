// Request ids: honour a caller's X-Request-Id (a load balancer's, a client's) when it is sane, else a UUID.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Short and plain, so a caller cannot flood or forge log lines through it. */
const ACCEPTABLE_REQUEST_ID = /^[\w.:-]{1,128}$/;

export function generateRequestId(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && ACCEPTABLE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
