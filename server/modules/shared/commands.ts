// What the business modules' commands share: not-found and duplicate answers, and state transitions that
// stay right when two operators act at once (a conditional UPDATE … WHERE status = the expected one).
import type { Expression, Insertable, Kysely, SelectExpression, Selection, SqlBool } from 'kysely';
import { BusinessError } from '../../http/envelope';
import { violatedUniqueConstraint } from '../../db/errors';
import { newId } from '../../db/ids';
import type { DB } from '../../db/schema';
import type { Actor } from './actor';
import { trackChange, type HistoryTable } from './changeHistory';

/** The id names no row of the caller's tenant (or of their data scope): the same answer either way. */
export function notFound(what: string): BusinessError {
  return new BusinessError(404, `${what}不存在或无权访问`);
}

/** The tables whose rows have an id and belong to a tenant. */
type TenantTable = {
  [T in keyof DB]: DB[T] extends { id: unknown; tenant_id: unknown } ? T : never;
}[keyof DB];

/**
 * The `columns` of row `id` of `table` in the tenant; notFound(`what`) when the tenant has no such row.
 * The lookup every command makes before it refers to another row.
 */
export async function existingRow<T extends TenantTable, S extends SelectExpression<DB, T>>(
  db: Kysely<DB>,
  table: T,
  tenantId: string,
  id: string,
  columns: readonly S[],
  what: string,
): Promise<Selection<DB, T, S>> {
  // TypeScript cannot resolve Kysely's overloads over a generic table: the query is built untyped, and the
  // signature above gives callers the types of what they selected.
  const row = await (db as unknown as Kysely<Record<string, { id: string; tenant_id: string }>>)
    .selectFrom(table as string)
    .select(columns as readonly string[] as readonly 'id'[])
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row) throw notFound(what);
  return row as unknown as Selection<DB, T, S>;
}

/**
 * Runs an insert or update and turns a unique-key violation into a 409 with the message of that key;
 * `messages` maps constraint names to what the user reads.
 */
export async function withUniqueKeys<T>(
  messages: Record<string, string>,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (constraint && messages[constraint]) throw new BusinessError(409, messages[constraint]);
    throw error;
  }
}

/** What a row of `table` is saved with; id, tenant and the audit columns saveTenantRow sets itself. */
export type RowValues<T extends TenantTable> = Omit<
  Insertable<DB[T]>,
  'id' | 'tenant_id' | 'created_by' | 'created_at' | 'updated_at'
>;

/**
 * Adds a row of the actor's tenant (`id` undefined) or edits row `id` of it (and of `where`, a data scope),
 * then logs 新增/编辑 `described`. A unique-key violation is the 409 of `uniqueKeys`; an id the tenant does
 * not have is notFound(`what`).
 */
export async function saveTenantRow<T extends TenantTable & HistoryTable>(
  trx: Kysely<DB>,
  actor: Actor,
  table: T,
  id: string | undefined,
  values: RowValues<T>,
  save: { uniqueKeys: Record<string, string>; what: string; described: string; where?: Expression<SqlBool> },
): Promise<{ id: string }> {
  // Built untyped as in existingRow; `values` is checked against the table by the signature.
  const untyped = trx as unknown as Kysely<Record<string, { id: string; tenant_id: string }>>;
  const row = values as unknown as Record<string, never>;
  const change = await trackChange(trx, actor, table, id);
  const saved = await withUniqueKeys(save.uniqueKeys, () => {
    if (id === undefined) {
      return untyped
        .insertInto(table as string)
        .values({ ...row, id: newId(), tenant_id: actor.tenantId, created_by: actor.userId } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
    }
    let update = untyped
      .updateTable(table as string)
      .set({ ...row, updated_at: new Date() } as never)
      .where('id', '=', id)
      .where('tenant_id', '=', actor.tenantId);
    if (save.where) update = update.where(save.where);
    return update.returning('id').executeTakeFirst();
  });
  if (!saved) throw notFound(save.what);
  await change.log(
    id === undefined ? 'add' : 'update',
    `${id === undefined ? '新增' : '编辑'}${save.described}`,
    saved.id,
  );
  return saved;
}

export interface Transition<S extends string> {
  /** The states the action may start from. */
  from: readonly S[];
  to: S;
  /** What the user did, in Chinese: 上架, 审核通过 ... */
  action: string;
}

/** The transition to `to`; a BusinessError naming the action and the current state when there is none. */
export function transitionTo<S extends string>(
  transitions: readonly Transition<S>[],
  labels: Record<S, string>,
  current: S,
  to: S,
): Transition<S> {
  const transition = transitions.find((each) => each.to === to && each.from.includes(current));
  if (transition) return transition;
  const named = transitions.find((each) => each.to === to);
  const action = named ? named.action : `改为${labels[to]}`;
  throw new BusinessError(409, `当前状态为「${labels[current]}」，不能${action}`);
}

/** A conditional update found the row in another state: someone else acted first. */
export function changedMeanwhile(what: string): BusinessError {
  return new BusinessError(409, `${what}已被他人修改，请刷新后重试`);
}
