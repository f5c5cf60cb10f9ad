// Who does a business command and how it is recorded: every create, update and delete of the business
// modules writes an operation-log row (API.md Part A "Audit") in the command's own transaction.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { sessionOf } from '../../http/access';
import {
  OperateType,
  requestInfoOf,
  writeOperationLog,
  type LoggedChange,
  type RequestInfo,
} from '../auth/sysLog';

export interface Actor {
  userId: string;
  tenantId: string;
  username: string;
  request: RequestInfo;
}

/** Who reads: enough for tenant and data scope. */
export type Caller = Pick<Actor, 'tenantId' | 'userId'>;

export function callerOf(request: FastifyRequest): Caller {
  const { tenantId, userId } = sessionOf(request);
  return { tenantId, userId };
}

/** The route config of an endpoint that needs a permission code, or any one of several. */
export const requires = (permission: string | readonly string[]) => ({ access: { permission } });

export function actorOf(request: FastifyRequest, reply: FastifyReply): Actor {
  const { userId, tenantId, username } = sessionOf(request);
  return { userId, tenantId, username, request: requestInfoOf(request, reply) };
}

export type OperationKind = keyof typeof OperateType;

/**
 * Writes the operation-log row of a command; call it inside the command's transaction. Writes of a business
 * row go through trackChange (changeHistory.ts), which passes `change`.
 */
export function logOperation(
  db: Kysely<DB>,
  actor: Actor,
  kind: OperationKind,
  content: string,
  change?: LoggedChange,
): Promise<void> {
  return writeOperationLog(db, actor.request, {
    content,
    operateType: OperateType[kind],
    username: actor.username,
    userId: actor.userId,
    tenantId: actor.tenantId,
    change,
  });
}
