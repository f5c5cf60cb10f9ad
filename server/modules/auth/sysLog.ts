// The system log (sys_log): the login log (log_type 1: every login, failure, lock and logout) and the
// operation log (log_type 2: what was created or changed), with who, from where and how long.
import type { Kysely } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DB, LogType } from '../../db/schema';

/** What the log keeps of the request, taken when it arrives. */
export interface RequestInfo {
  ip: string;
  method: string;
  /** The path only: a query string could carry a token. */
  url: string;
  userAgent: string | undefined;
  /** Milliseconds since the request arrived. */
  elapsedMs(): number;
}

/** The operation log's request columns for a row the system writes by itself (a job, a timeout). */
export const systemRequestInfo = (url: string): RequestInfo => ({
  ip: '127.0.0.1',
  method: 'JOB',
  url,
  userAgent: undefined,
  elapsedMs: () => 0,
});

export function requestInfoOf(request: FastifyRequest, reply: FastifyReply): RequestInfo {
  return {
    ip: request.ip,
    method: request.method,
    url: request.url.split('?', 1)[0],
    userAgent: request.headers['user-agent'],
    elapsedMs: () => Math.round(reply.elapsedTime),
  };
}

export interface LogEntry {
  content: string;
  username: string | null;
  userId: string | null;
  tenantId: string | null;
}

/** The business object an operation-log row is about and the fields it changed (the change history). */
export interface LoggedChange {
  bizType: string;
  bizId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Operation kinds of the operation log (API.md §6.7). */
export const OperateType = { add: 2, update: 3, delete: 4, import: 5, export: 6 } as const;

async function writeLog(
  db: Kysely<DB>,
  info: RequestInfo,
  entry: LogEntry & {
    logType: LogType;
    operateType: number | null;
    change?: LoggedChange;
  },
): Promise<void> {
  const { change } = entry;
  await db
    .insertInto('sys_log')
    .values({
      log_type: entry.logType,
      operate_type: entry.operateType,
      log_content: entry.content,
      username: entry.username,
      user_id: entry.userId,
      tenant_id: entry.tenantId,
      ip: info.ip,
      method: info.method,
      request_url: info.url,
      cost_time: info.elapsedMs(),
      ...(change && {
        biz_type: change.bizType,
        biz_id: change.bizId,
        before_data: change.before && JSON.stringify(change.before),
        after_data: change.after && JSON.stringify(change.after),
      }),
    })
    .execute();
}

export function writeLoginLog(db: Kysely<DB>, info: RequestInfo, entry: LogEntry): Promise<void> {
  return writeLog(db, info, { ...entry, logType: 1, operateType: null });
}

export function writeOperationLog(
  db: Kysely<DB>,
  info: RequestInfo,
  entry: LogEntry & {
    operateType: (typeof OperateType)[keyof typeof OperateType];
    change?: LoggedChange;
  },
): Promise<void> {
  return writeLog(db, info, { ...entry, logType: 2 });
}
