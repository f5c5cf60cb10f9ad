// Hot reads answered from a result serialised once (issue #23): the JSON of an envelope's `result` is kept with
// a validator, and each request only wraps it in the envelope (its timestamp is the request's own), or answers
// 304 when the client already holds it (If-None-Match).
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode } from '../../common/contract';
import { OK_MESSAGE } from './envelope';

export interface SerialisedAnswer {
  /** The envelope's JSON up to its timestamp: success, message, code and result. */
  readonly head: string;
  /**
   * Weak: two answers with this tag carry the same result and message, not the same bytes (the envelope's
   * timestamp is the request's).
   */
  readonly etag: string;
}

/** Serialises the envelope of `result` once, but for its timestamp. */
export function serialiseAnswer(result: unknown, message = OK_MESSAGE): SerialisedAnswer {
  const head = `{"success":true,"message":${JSON.stringify(message)},"code":${ResultCode.ok},"result":${JSON.stringify(result)},"timestamp":`;
  return { head, etag: `W/"${createHash('sha1').update(head).digest('base64url')}"` };
}

/** Whether the request's If-None-Match names `etag` (weak comparison, RFC 9110 §13.1.2). */
function clientHolds(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.slice(2);
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/**
 * Answers a successful envelope around `answer` as it was serialised, or 304 without a body when the client
 * holds it. The browser revalidates each time (no-cache), and keeps the answer to this user (private).
 */
export function sendSerialised(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: SerialisedAnswer,
): FastifyReply {
  reply.header('etag', answer.etag).header('cache-control', 'private, no-cache');
  if (clientHolds(request, answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(`${answer.head}${Date.now()}}`);
}
