// The login log (sys_log, log_type 1): every login, failure, lock and logout, with who, from where and how long.
import type { Kysely } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DB } from '../../db/schema';

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

export function requestInfoOf(request: FastifyRequest, reply: FastifyReply): RequestInfo {
  return {
    ip: request.ip,
    method: request.method,
    url: request.url.split('?', 1)[0],
    userAgent: request.headers['user-agent'],
    elapsedMs: () => Math.round(reply.elapsedTime),
  };
}

export interface LoginLogEntry {
  content: string;
  username: string | null;
  userId: string | null;
  tenantId: string | null;
}

export async function writeLoginLog(db: Kysely<DB>, info: RequestInfo, entry: LoginLogEntry): Promise<void> {
  await db
    .insertInto('sys_log')
    .values({
      log_type: 1,
      log_content: entry.content,
      username: entry.username,
      user_id: entry.userId,
      tenant_id: entry.tenantId,
      ip: info.ip,
      method: info.method,
      request_url: info.url,
      cost_time: info.elapsedMs(),
    })
    .execute();
}
