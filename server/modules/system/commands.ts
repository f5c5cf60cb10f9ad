// What every command of system administration shares: who is acting (tenant, user, request), the
// operation-log row each create, update and delete writes in its own transaction, and the id lists of
// batch requests.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { sessionOf } from '../../http/access';
import { violatedUniqueConstraint } from '../../db/errors';
import { BusinessError } from '../../http/envelope';
import { OperateType, requestInfoOf, writeOperationLog, type RequestInfo } from '../auth/sysLog';

export { OperateType };

/** The signed-in caller of a command and the request it came with. */
export interface Actor {
  tenantId: string;
  userId: string;
  username: string;
  tokenHash: string;
  /** The caller's button codes, as the access gate checked them. */
  permissions: ReadonlySet<string>;
  info: RequestInfo;
}

export function actorOf(request: FastifyRequest, reply: FastifyReply): Actor {
  const { tenantId, userId, username, tokenHash, permissions } = sessionOf(request);
  return { tenantId, userId, username, tokenHash, permissions, info: requestInfoOf(request, reply) };
}

type Operation = (typeof OperateType)[keyof typeof OperateType];

/** Writes the operation-log row of a command, inside the command's transaction. */
export function audit(db: Kysely<DB>, actor: Actor, operateType: Operation, content: string): Promise<void> {
  return writeOperationLog(db, actor.info, {
    content,
    operateType,
    username: actor.username,
    userId: actor.userId,
    tenantId: actor.tenantId,
  });
}

/** Runs a command in one transaction: its changes and its log row are written together or not at all. */
export function inTransaction<T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}

export const NOT_FOUND = '未找到对应实体';

/** A row that does not exist in the caller's tenant (another tenant's ids included). */
export function notFound(message: string = NOT_FOUND): BusinessError {
  return new BusinessError(400, message);
}

/** The row a lookup found; notFound(`message`) when it found none. */
export function found<T>(row: T | undefined, message?: string): T {
  if (row === undefined) throw notFound(message);
  return row;
}

/** The answer "already taken" (409) when a uniqueness check says the value is not free. */
export async function requireFree(free: Promise<boolean>, message: string): Promise<void> {
  if (!(await free)) throw new BusinessError(409, message);
}

/**
 * For `.catch()` of an insert or update: a unique index the checks before did not see (two requests at once)
 * still gets its message; `messages` maps constraint names to them. Any other error is rethrown.
 */
export function rethrowTaken(messages: Record<string, string>) {
  return (error: unknown): never => {
    const message = messages[violatedUniqueConstraint(error) ?? ''];
    if (message) throw new BusinessError(409, message);
    throw error;
  };
}

/** `a,b,c,` (the reference client adds a trailing comma) → ['a', 'b', 'c'], without repeats. */
export function splitIds(raw: string | undefined): string[] {
  return [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
}

/** The ids of a batch request; throws `emptyMessage` when there are none. */
export function idList(raw: string | undefined, emptyMessage: string): string[] {
  const ids = splitIds(raw);
  if (ids.length === 0) throw new BusinessError(400, emptyMessage);
  return ids;
}

/** Text fields of a form: trimmed, and blank means none. */
export function optionalText(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** A required text field of a form, trimmed; throws the form's message when blank. */
export function requiredText(value: string | null | undefined, message: string): string {
  const text = optionalText(value);
  if (text === null) throw new BusinessError(400, message);
  return text;
}
