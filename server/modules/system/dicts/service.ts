// Dictionaries of a tenant and their items (API.md §6.5): paged lists, add, edit, delete, and the item lists
// every page's selects read through getDictItems. Only dictionaries: never a table named by the client.
import { sql, type Kysely } from 'kysely';
import { shanghaiDateTime } from '../../../db/dates';
import { newId } from '../../../db/ids';
import { cachedAnswer, type TableName } from '../../../db/readCache';
import type { DB } from '../../../db/schema';
import { serialiseAnswer, type SerialisedAnswer } from '../../../http/serialisedAnswer';
import { BusinessError } from '../../../http/envelope';
import {
  audit,
  idList,
  inTransaction,
  found,
  notFound,
  OperateType,
  optionalText,
  requiredText,
  requireFree,
  rethrowTaken,
  type Actor,
} from '../commands';
import { containsPattern, pagedList, parseListQuery, type ListSpec } from '../../../http/listQuery';

export const dictMessages = {
  added: '保存成功！',
  edited: '修改成功!',
  deleted: '删除成功!',
  nameRequired: '请输入字典名称!',
  codeRequired: '请输入字典编码!',
  codePattern: '字典编码应为字母、数字或下划线，最多64位',
  codeTaken: '字典编码已存在',
  typeInvalid: '字典类型只能是字符串(0)或数字(1)',
  idRequired: '请选择要编辑的字典',
  noneSelected: '请选择字典',
  dictRequired: '请选择字典',
  itemTextRequired: '请输入名称!',
  itemValueRequired: '请输入数据值!',
  itemValueTaken: '该值不可用，系统中已存在！',
  itemValueFree: '该值可用！',
  itemNumeric: '该字典的数据值应为数字',
  sortInvalid: '排序应为整数',
  statusInvalid: '状态只能是启用(1)或不启用(0)',
  itemIdRequired: '请选择要编辑的字典项',
  itemsNoneSelected: '请选择字典项',
} as const;

const DICT_LIST: ListSpec = {
  filters: {
    dictName: { column: 'dict_name', kind: 'text' },
    dictCode: { column: 'dict_code', kind: 'text' },
    description: { column: 'description', kind: 'text' },
    type: { column: 'type', kind: 'integer' },
    createTime: { column: 'created_at', kind: 'datetime' },
    updateTime: { column: 'updated_at', kind: 'datetime' },
  },
  sorts: { createTime: 'created_at', updateTime: 'updated_at', dictName: 'dict_name', dictCode: 'dict_code' },
  defaultSort: [
    ['dict_code', 'asc'],
    ['id', 'asc'],
  ],
};

const ITEM_LIST: ListSpec = {
  filters: {
    itemText: { column: 'item_text', kind: 'text' },
    itemValue: { column: 'item_value', kind: 'text' },
    status: { column: 'status', kind: 'integer' },
    sortOrder: { column: 'sort_order', kind: 'integer' },
    createTime: { column: 'created_at', kind: 'datetime' },
  },
  sorts: {
    sortOrder: 'sort_order',
    itemText: 'item_text',
    itemValue: 'item_value',
    createTime: 'created_at',
  },
  defaultSort: [
    ['sort_order', 'asc'],
    ['id', 'asc'],
  ],
  extras: ['dictId'],
};

function tenantDicts(db: Kysely<DB>, tenantId: string) {
  return db.selectFrom('dicts').where('tenant_id', '=', tenantId);
}

function withDictColumns(query: ReturnType<typeof tenantDicts>) {
  return query.select([
    'id',
    'dict_name as dictName',
    'dict_code as dictCode',
    'description',
    'type',
    sql<number>`0`.as('delFlag'),
    'created_by as createBy',
    shanghaiDateTime('created_at').as('createTime'),
    'updated_by as updateBy',
    shanghaiDateTime('updated_at').as('updateTime'),
  ]);
}

export async function listDicts(db: Kysely<DB>, tenantId: string, query: unknown) {
  const list = parseListQuery(query, DICT_LIST);
  const base = tenantDicts(db, tenantId).where(list.where);
  return pagedList(base, list, (page) => withDictColumns(page).execute());
}

/** Every dictionary as tree nodes (they have no hierarchy: all leaves), optionally by part of the name. */
export async function dictTreeList(db: Kysely<DB>, tenantId: string, dictName: string | undefined) {
  let query = withDictColumns(tenantDicts(db, tenantId)).orderBy('dict_code');
  const part = optionalText(dictName);
  if (part !== null) query = query.where('dict_name', 'ilike', containsPattern(part));
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, key: row.id, value: row.dictCode, title: row.dictName, isLeaf: true }));
}

/** Tables a dictionary's items are read from: a committed write to one of them makes its answer stale. */
export const DICT_ITEM_TABLES: TableName[] = ['dicts', 'dict_items'];

/**
 * The envelope of a dictionary's items, serialised once per tenant and code (issue #23: every page's selects
 * and tags ask for them) until a write to DICT_ITEM_TABLES commits.
 */
export function dictItemsAnswerOf(
  db: Kysely<DB>,
  tenantId: string,
  dictCode: string,
): Promise<SerialisedAnswer> {
  return cachedAnswer(db, `dict:${tenantId}:${dictCode}`, DICT_ITEM_TABLES, async () =>
    serialiseAnswer(await dictItemsByCode(db, tenantId, dictCode)),
  );
}

/** DictModel[] of a dictionary (API.md §6.5): every item, disabled ones too, by sort order. */
function dictItemsByCode(db: Kysely<DB>, tenantId: string, dictCode: string) {
  return db
    .selectFrom('dict_items')
    .innerJoin('dicts', 'dicts.id', 'dict_items.dict_id')
    .select([
      'dict_items.item_value as value',
      'dict_items.item_text as text',
      'dict_items.item_text as title',
    ])
    .where('dicts.tenant_id', '=', tenantId)
    .where('dicts.dict_code', '=', dictCode)
    .orderBy('dict_items.sort_order')
    .orderBy('dict_items.item_value')
    .execute();
}

/** `{dictCode: DictModel[]}` of the tenant's enabled items, for clients that load every dictionary at once. */
export async function allDictItems(db: Kysely<DB>, tenantId: string) {
  const rows = await db
    .selectFrom('dict_items')
    .innerJoin('dicts', 'dicts.id', 'dict_items.dict_id')
    .select(['dicts.dict_code as dictCode', 'dict_items.item_value as value', 'dict_items.item_text as text'])
    .where('dicts.tenant_id', '=', tenantId)
    .where('dict_items.status', '=', 1)
    .orderBy('dicts.dict_code')
    .orderBy('dict_items.sort_order')
    .execute();
  const result: Record<string, Array<{ value: string; text: string; title: string }>> = {};
  for (const row of rows)
    (result[row.dictCode] ??= []).push({ value: row.value, text: row.text, title: row.text });
  return result;
}

export interface DictForm {
  id?: string;
  dictName?: string;
  dictCode?: string;
  description?: string | null;
  type?: string | null;
}

const DICT_CODE_PATTERN = /^[A-Za-z0-9_]{1,64}$/;

function validDict(form: DictForm) {
  const dictCode = requiredText(form.dictCode, dictMessages.codeRequired);
  if (!DICT_CODE_PATTERN.test(dictCode)) throw new BusinessError(400, dictMessages.codePattern);
  const type = Number(optionalText(form.type) ?? 0);
  if (type !== 0 && type !== 1) throw new BusinessError(400, dictMessages.typeInvalid);
  return {
    dict_name: requiredText(form.dictName, dictMessages.nameRequired),
    dict_code: dictCode,
    description: optionalText(form.description),
    type: type as 0 | 1,
  };
}

async function requireFreeCode(db: Kysely<DB>, tenantId: string, dictCode: string, exceptId: string | null) {
  let query = tenantDicts(db, tenantId).select('id').where('dict_code', '=', dictCode);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw new BusinessError(409, dictMessages.codeTaken);
}

export async function addDict(db: Kysely<DB>, actor: Actor, form: DictForm): Promise<string> {
  const dict = validDict(form);
  return inTransaction(db, async (trx) => {
    await requireFreeCode(trx, actor.tenantId, dict.dict_code, null);
    const id = newId();
    await trx
      .insertInto('dicts')
      .values({ ...dict, id, tenant_id: actor.tenantId, created_by: actor.username })
      .execute()
      .catch(rethrowTaken({ dicts_tenant_dict_code_key: dictMessages.codeTaken }));
    await audit(trx, actor, OperateType.add, `添加字典: ${dict.dict_name}(${dict.dict_code})`);
    return id;
  });
}

export async function editDict(db: Kysely<DB>, actor: Actor, form: DictForm): Promise<void> {
  const id = requiredText(form.id, dictMessages.idRequired);
  const dict = validDict(form);
  await inTransaction(db, async (trx) => {
    found(await tenantDicts(trx, actor.tenantId).select('id').where('id', '=', id).executeTakeFirst());
    await requireFreeCode(trx, actor.tenantId, dict.dict_code, id);
    await trx
      .updateTable('dicts')
      .set({ ...dict, updated_by: actor.username, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute()
      .catch(rethrowTaken({ dicts_tenant_dict_code_key: dictMessages.codeTaken }));
    await audit(trx, actor, OperateType.update, `编辑字典: ${dict.dict_name}(${dict.dict_code})`);
  });
}

/** Deletes dictionaries with their items (the foreign key cascades). */
export async function deleteDicts(db: Kysely<DB>, actor: Actor, rawIds: string | undefined): Promise<void> {
  const ids = idList(rawIds, dictMessages.noneSelected);
  await inTransaction(db, async (trx) => {
    const dicts = await tenantDicts(trx, actor.tenantId).select('dict_code').where('id', 'in', ids).execute();
    if (dicts.length !== ids.length) throw notFound();
    await trx.deleteFrom('dicts').where('id', 'in', ids).execute();
    await audit(trx, actor, OperateType.delete, `删除字典: ${dicts.map((dict) => dict.dict_code).join(',')}`);
  });
}

async function requireDict(db: Kysely<DB>, tenantId: string, dictId: string | null | undefined) {
  return found(
    await tenantDicts(db, tenantId)
      .select(['id', 'dict_code', 'type'])
      .where('id', '=', requiredText(dictId, dictMessages.dictRequired))
      .executeTakeFirst(),
  );
}

export async function listDictItems(db: Kysely<DB>, tenantId: string, query: unknown) {
  const list = parseListQuery(query, ITEM_LIST);
  const dict = await requireDict(db, tenantId, list.extras.dictId);
  const base = db
    .selectFrom('dict_items')
    .where('tenant_id', '=', tenantId)
    .where('dict_id', '=', dict.id)
    .where(list.where);
  return pagedList(base, list, (page) =>
    page
      .select([
        'id',
        'dict_id as dictId',
        'item_text as itemText',
        'item_value as itemValue',
        'description',
        'sort_order as sortOrder',
        'status',
        'created_by as createBy',
        shanghaiDateTime('created_at').as('createTime'),
        'updated_by as updateBy',
        shanghaiDateTime('updated_at').as('updateTime'),
      ])
      .execute(),
  );
}

/** True when `itemValue` is free in the dictionary (apart from the item being edited). */
export async function isItemValueFree(
  db: Kysely<DB>,
  tenantId: string,
  check: { dictId?: string; itemValue?: string; id?: string },
): Promise<boolean> {
  const dict = await requireDict(db, tenantId, check.dictId);
  let query = db
    .selectFrom('dict_items')
    .select('id')
    .where('dict_id', '=', dict.id)
    .where('item_value', '=', requiredText(check.itemValue, dictMessages.itemValueRequired));
  if (optionalText(check.id) !== null) query = query.where('id', '!=', check.id ?? '');
  return (await query.executeTakeFirst()) === undefined;
}

export interface DictItemForm {
  id?: string;
  dictId?: string;
  itemText?: string;
  itemValue?: string;
  description?: string | null;
  sortOrder?: string | null;
  status?: string | null;
}

function validItem(form: DictItemForm, numeric: boolean) {
  const itemValue = requiredText(form.itemValue, dictMessages.itemValueRequired);
  if (numeric && !/^-?\d+(\.\d+)?$/.test(itemValue)) throw new BusinessError(400, dictMessages.itemNumeric);
  const sortOrder = optionalText(form.sortOrder) === null ? 0 : Number(form.sortOrder);
  if (!Number.isInteger(sortOrder)) throw new BusinessError(400, dictMessages.sortInvalid);
  const status = Number(optionalText(form.status) ?? 1);
  if (status !== 0 && status !== 1) throw new BusinessError(400, dictMessages.statusInvalid);
  return {
    item_text: requiredText(form.itemText, dictMessages.itemTextRequired),
    item_value: itemValue,
    description: optionalText(form.description),
    sort_order: sortOrder,
    status: status as 0 | 1,
  };
}

export async function addDictItem(db: Kysely<DB>, actor: Actor, form: DictItemForm): Promise<string> {
  return inTransaction(db, async (trx) => {
    const dict = await requireDict(trx, actor.tenantId, form.dictId);
    const item = validItem(form, dict.type === 1);
    await requireFree(
      isItemValueFree(trx, actor.tenantId, { dictId: dict.id, itemValue: item.item_value }),
      dictMessages.itemValueTaken,
    );
    const id = newId();
    await trx
      .insertInto('dict_items')
      .values({ ...item, id, dict_id: dict.id, tenant_id: actor.tenantId, created_by: actor.username })
      .execute()
      .catch(rethrowTaken({ dict_items_dict_value_key: dictMessages.itemValueTaken }));
    await audit(
      trx,
      actor,
      OperateType.add,
      `添加字典项: ${dict.dict_code} ${item.item_value}=${item.item_text}`,
    );
    return id;
  });
}

async function requireItem(db: Kysely<DB>, tenantId: string, id: string) {
  return found(
    await db
      .selectFrom('dict_items')
      .innerJoin('dicts', 'dicts.id', 'dict_items.dict_id')
      .select([
        'dict_items.id',
        'dict_items.dict_id',
        'dicts.dict_code',
        'dicts.type',
        'dict_items.item_value',
      ])
      .where('dict_items.tenant_id', '=', tenantId)
      .where('dict_items.id', '=', id)
      .executeTakeFirst(),
  );
}

export async function editDictItem(db: Kysely<DB>, actor: Actor, form: DictItemForm): Promise<void> {
  const id = requiredText(form.id, dictMessages.itemIdRequired);
  await inTransaction(db, async (trx) => {
    const existing = await requireItem(trx, actor.tenantId, id);
    const item = validItem(form, existing.type === 1);
    await requireFree(
      isItemValueFree(trx, actor.tenantId, { dictId: existing.dict_id, itemValue: item.item_value, id }),
      dictMessages.itemValueTaken,
    );
    await trx
      .updateTable('dict_items')
      .set({ ...item, updated_by: actor.username, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute()
      .catch(rethrowTaken({ dict_items_dict_value_key: dictMessages.itemValueTaken }));
    await audit(
      trx,
      actor,
      OperateType.update,
      `编辑字典项: ${existing.dict_code} ${item.item_value}=${item.item_text}`,
    );
  });
}

export async function deleteDictItems(
  db: Kysely<DB>,
  actor: Actor,
  rawIds: string | undefined,
): Promise<void> {
  const ids = idList(rawIds, dictMessages.itemsNoneSelected);
  await inTransaction(db, async (trx) => {
    const items = [];
    for (const id of ids) items.push(await requireItem(trx, actor.tenantId, id));
    await trx.deleteFrom('dict_items').where('id', 'in', ids).execute();
    await audit(
      trx,
      actor,
      OperateType.delete,
      `删除字典项: ${items.map((item) => `${item.dict_code} ${item.item_value}`).join(',')}`,
    );
  });
}
