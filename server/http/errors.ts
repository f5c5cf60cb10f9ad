// Every failure becomes the envelope with the right HTTP status (API.md Part A), never a stack trace.
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseBusyError, isDatabaseUnavailableError } from '../db/errors';
import {
  isTransactionConflict,
  TRANSACTION_CONFLICT_MESSAGE,
  TransactionConflictError,
} from '../db/transactions';
import { BusinessError, fail, failure, InvalidRequestError, sendFailure, ForbiddenError } from './envelope';

export const NOT_FOUND_MESSAGE = '路径不存在，请检查路径是否正确';
export const DATABASE_UNAVAILABLE_MESSAGE = '数据库暂不可用，请稍后再试';
export const SHUTTING_DOWN_MESSAGE = '服务正在停止，请稍后再试';
export const DATABASE_BUSY_MESSAGE = '系统繁忙，请稍后重试';
/** Seconds a client is asked to wait when every database connection is taken. */
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 1;

function unexpectedErrorMessage(requestId: string): string {
  return `操作失败，请求编号 ${requestId}`;
}

/** Fastify's own 4xx errors, by code where one status covers several causes. */
const MESSAGES_BY_CODE: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是有效的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体不能为空',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求体长度与 Content-Length 不符',
  FST_ERR_BAD_URL: '请求路径不合法',
};

const MESSAGES_BY_STATUS: Record<number, string> = {
  400: '请求格式错误',
  404: NOT_FOUND_MESSAGE,
  408: '请求超时',
  413: '请求体过大',
  414: '请求路径过长',
  415: '不支持的请求内容类型',
  431: '请求头过大',
};

function clientErrorMessage(status: number, code: string | undefined): string {
  return (code && MESSAGES_BY_CODE[code]) || MESSAGES_BY_STATUS[status] || '请求无法处理';
}

/** The error handler of the whole app; also handles Fastify's framework errors (bad URL and the like). */
export function handleError(
  error: FastifyError | BusinessError | InvalidRequestError | ForbiddenError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error instanceof BusinessError) {
    return reply.code(200).send({ ...fail(error.code, error.message), result: error.result });
  }
  if (error instanceof InvalidRequestError) {
    request.log.info({ reason: error.message }, 'request rejected');
    return sendFailure(reply, 400, error.message);
  }
  if (error instanceof ForbiddenError) {
    request.log.info({ reason: error.message }, 'request forbidden');
    return sendFailure(reply, 403, error.message);
  }
  if (error.validation) {
    request.log.info({ validation: error.message }, 'request rejected by schema');
    return sendFailure(reply, 400, error.message);
  }
  // A transaction that kept losing to others (retried already), or a single statement that lost a deadlock.
  if (error instanceof TransactionConflictError || isTransactionConflict(error)) {
    request.log.warn({ err: error }, 'transaction conflict');
    return reply.code(200).send(fail(409, TRANSACTION_CONFLICT_MESSAGE));
  }
  // Every connection of the pool is taken: the database answers, this instance is busy. Not an outage.
  if (isDatabaseBusyError(error)) {
    request.log.warn({ err: error }, 'database pool busy');
    reply.header('retry-after', String(DATABASE_BUSY_RETRY_AFTER_SECONDS));
    return sendFailure(reply, 503, DATABASE_BUSY_MESSAGE);
  }
  if (isDatabaseUnavailableError(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return sendFailure(reply, 503, DATABASE_UNAVAILABLE_MESSAGE);
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    request.log.info({ code: error.code, status }, 'request rejected');
    return sendFailure(reply, status, clientErrorMessage(status, error.code));
  }
  request.log.error({ err: error }, 'request failed');
  return sendFailure(reply, 500, unexpectedErrorMessage(request.id));
}

/**
 * Errors of the HTTP parser, before any request exists (malformed request line, headers too large,
 * client timeout): answered on the raw socket, still as an envelope.
 */
export function handleClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(failure(status, clientErrorMessage(status, undefined)));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
