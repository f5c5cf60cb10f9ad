// The result envelope of API.md Part A: `{ success, message, code, result, timestamp }` on every response.
import type { FastifyReply } from 'fastify';
import { ResultCode, type Envelope } from '../../common/contract';

export const OK_MESSAGE = '操作成功！';

export function ok<T>(result: T, message = OK_MESSAGE): Envelope<T> {
  return { success: true, message, code: ResultCode.ok, result, timestamp: Date.now() };
}

/** The kinds of outcome a page handles itself: HTTP 200 with `success: false` (API.md Part A). */
export type BusinessCode =
  | typeof ResultCode.invalid
  /** Allowed the route, not this row: another approver's task. */
  | typeof ResultCode.forbidden
  | typeof ResultCode.notFound
  | typeof ResultCode.conflict
  | typeof ResultCode.throttled
  | typeof ResultCode.error;

/** The envelope of a transport-level failure: `code` is the HTTP status. */
export function failure(status: number, message: string): Envelope<null> {
  return { success: false, message, code: status, result: null, timestamp: Date.now() };
}

/** The envelope of an outcome the page handles itself, sent with HTTP 200. */
export function fail(code: BusinessCode, message: string): Envelope<null> {
  return failure(code, message);
}

/**
 * Thrown by a service when a command cannot be done for a reason the user can act on (wrong password,
 * code already taken, an order that cannot move to that state); the error handler answers HTTP 200
 * with `success: false`, this message and this code.
 */
export class BusinessError extends Error {
  constructor(
    readonly code: BusinessCode,
    message: string,
    /** What the page needs to act on the refusal (e.g. `{ captchaRequired: true }`), as `result`. */
    readonly result: unknown = null,
  ) {
    super(message);
    this.name = 'BusinessError';
  }
}

/**
 * Thrown when a request is malformed in a way a schema cannot say (an unknown filter or sort field of a
 * list): HTTP 400 with this message (API.md Part A).
 */
export class InvalidRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidRequestError';
  }
}

/**
 * Thrown by a service when the caller holds the route's permission but may not do this with it (grant what
 * they lack, act on a user above them): HTTP 403 with this message, nothing changed.
 */
export class ForbiddenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ForbiddenError';
  }
}

/** Answers a transport-level failure: the HTTP status and the envelope's code are the same. */
export function sendFailure(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(failure(status, message));
}

/** JSON schema of an envelope around `result`, for route response schemas; `result` may be null on failure. */
export function envelopeSchema(result: object) {
  return {
    type: 'object',
    required: ['success', 'message', 'code', 'result', 'timestamp'],
    properties: {
      success: { type: 'boolean' },
      message: { type: 'string' },
      code: { type: 'integer' },
      result: { anyOf: [result, { type: 'null' }] },
      timestamp: { type: 'integer' },
    },
  } as const;
}
