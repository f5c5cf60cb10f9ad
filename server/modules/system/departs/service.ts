// Departments of a tenant (API.md §6.4): the tree and its variants, search, add (the server assigns the
// hierarchical orgCode), edit, and delete with every descendant and their user links.
import { sql, type Kysely } from 'kysely';
import { shanghaiDateTime } from '../../../db/dates';
import { newId } from '../../../db/ids';
import type { ActiveFlag, DB } from '../../../db/schema';
import { BusinessError } from '../../../http/envelope';
import { ORG_CODE_LEVEL } from '../../auth/tenantOrganisation';
import {
  audit,
  idList,
  inTransaction,
  found,
  notFound,
  OperateType,
  optionalText,
  requiredText,
  type Actor,
} from '../commands';
import { containsPattern } from '../../../http/listQuery';
import { nest } from '../tree';
import { nextOrgCode } from './orgCode';
import {
  departWithinScope,
  reachesWholeTenant,
  requireDepartParentInScope,
  requireDepartsInScope,
  requireDepartsWithinReach,
} from '../privilege';

/** Who reads the tree: the departments within their data scope are marked (issue #14). */
type Caller = Pick<Actor, 'tenantId' | 'userId'>;

export const departMessages = {
  added: '添加成功！',
  edited: '修改成功!',
  deleted: '删除成功!',
  nameRequired: '请输入机构名称!',
  categoryInvalid: '机构类型只能是公司(1)、组织机构(2)或岗位(3)',
  statusInvalid: '状态只能是启用(1)或停用(0)',
  orderInvalid: '排序应为整数',
  parentMissing: '上级部门不存在',
  codesExhausted: '同级部门数量已达上限',
  idRequired: '请选择要编辑的部门',
  noneSelected: '请选择部门',
  keywordRequired: '请输入搜索关键字',
} as const;

export interface DepartRecord {
  id: string;
  parentId: string;
  departName: string;
  departNameEn: string | null;
  departNameAbbr: string | null;
  departOrder: number;
  description: string | null;
  orgCategory: string;
  orgType: string;
  orgCode: string;
  mobile: string | null;
  fax: string | null;
  address: string | null;
  memo: string | null;
  status: string;
  delFlag: string;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string;
}

function tenantDeparts(db: Kysely<DB>, tenantId: string) {
  return db
    .selectFrom('departs')
    .select([
      'id',
      sql<string>`coalesce(parent_id, '')`.as('parentId'),
      'depart_name as departName',
      'depart_name_en as departNameEn',
      'depart_name_abbr as departNameAbbr',
      'depart_order as departOrder',
      'description',
      'org_category as orgCategory',
      'org_type as orgType',
      'org_code as orgCode',
      'mobile',
      'fax',
      'address',
      'memo',
      'status',
      sql<string>`'0'`.as('delFlag'),
      'created_by as createBy',
      shanghaiDateTime('created_at').as('createTime'),
      'updated_by as updateBy',
      shanghaiDateTime('updated_at').as('updateTime'),
    ])
    .where('tenant_id', '=', tenantId)
    .orderBy('depart_order')
    .orderBy('org_code');
}

const asTreeRow = (row: DepartRecord) => ({ ...row, parentId: row.parentId === '' ? null : row.parentId });

/** SysDepartTreeModel nodes: the entity plus key, value, title, isLeaf; leaves carry `children: null`. */
function departTree<R extends DepartRecord>(rows: R[]) {
  const parents = new Set(rows.map((row) => row.parentId));
  return nest(rows.map(asTreeRow), (row) => ({
    ...row,
    parentId: row.parentId ?? '',
    key: row.id,
    value: row.id,
    title: row.departName,
    isLeaf: !parents.has(row.id),
    children: null as null | unknown[],
  }));
}

/**
 * The tenant's tree, each node with `inScope`: whether it lies within the caller's data scope, where they
 * may place users and add, edit or delete departments (privilege.ts's rule).
 */
export async function departTreeList(db: Kysely<DB>, caller: Caller) {
  const inScope = await departWithinScope(db, caller);
  return departTree(await tenantDeparts(db, caller.tenantId).select(inScope.as('inScope')).execute());
}

/**
 * The caller's reach over the department tree: `wholeTenant` when they may add top-level departments (and
 * every department is within their scope).
 */
export async function departScope(db: Kysely<DB>, caller: Caller) {
  return { wholeTenant: await reachesWholeTenant(db, caller) };
}

/** `{key, value, title, children}` only, for pickers. */
export async function departIdTree(db: Kysely<DB>, tenantId: string) {
  const rows = await tenantDeparts(db, tenantId).execute();
  return nest(rows.map(asTreeRow), (row) => ({ key: row.id, value: row.id, title: row.departName }));
}

async function departById(db: Kysely<DB>, tenantId: string, id: string | undefined): Promise<DepartRecord> {
  return found(
    await tenantDeparts(db, tenantId)
      .where('id', '=', id ?? '')
      .executeTakeFirst(),
  );
}

/** The subtree under a department, the department itself as its root. */
export async function departDownTree(db: Kysely<DB>, tenantId: string, departId: string) {
  const depart = await departById(db, tenantId, departId);
  const rows = await tenantDeparts(db, tenantId).where('org_code', 'like', `${depart.orgCode}%`).execute();
  return departTree(rows);
}

/** The direct children of `pid` (the roots when none), for lazily loaded trees. */
export async function departChildren(db: Kysely<DB>, tenantId: string, pid: string | undefined) {
  const parentId = optionalText(pid);
  const rows = await tenantDeparts(db, tenantId)
    .where((eb) => (parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parentId)))
    .select(sql<boolean>`not exists (select 1 from departs c where c.parent_id = departs.id)`.as('isLeaf'))
    .execute();
  return rows.map((row) => ({ ...row, key: row.id, value: row.id, title: row.departName }));
}

/** The names from the root down to the department's parent. */
export async function departParentName(db: Kysely<DB>, tenantId: string, departId: string) {
  const depart = await departById(db, tenantId, departId);
  const ancestors = await tenantDeparts(db, tenantId)
    .where(sql<boolean>`${depart.orgCode} like org_code || '%'`)
    .where('id', '!=', depart.id)
    .execute();
  const names = ancestors.sort((a, b) => a.orgCode.length - b.orgCode.length).map((row) => row.departName);
  return {
    departId: depart.id,
    parentId: depart.parentId,
    parentName: names.at(-1) ?? '',
    parentNames: names,
  };
}

/** The departments whose name contains the keyword, flat, each with `inScope` as in the tree. */
export async function searchDeparts(db: Kysely<DB>, caller: Caller, keyWord: string | undefined) {
  const word = requiredText(keyWord, departMessages.keywordRequired);
  const inScope = await departWithinScope(db, caller);
  const rows = await tenantDeparts(db, caller.tenantId)
    .select(inScope.as('inScope'))
    .where('depart_name', 'ilike', containsPattern(word))
    .execute();
  return rows.map((row) => ({ ...row, key: row.id, value: row.id, title: row.departName, isLeaf: true }));
}

export interface DepartForm {
  id?: string;
  parentId?: string | null;
  departName?: string;
  departNameEn?: string | null;
  departNameAbbr?: string | null;
  departOrder?: string | null;
  description?: string | null;
  orgCategory?: string | null;
  mobile?: string | null;
  fax?: string | null;
  address?: string | null;
  memo?: string | null;
  status?: string | null;
}

function validDepart(form: DepartForm) {
  const orgCategory = optionalText(form.orgCategory) ?? '1';
  if (!['1', '2', '3'].includes(orgCategory)) throw new BusinessError(400, departMessages.categoryInvalid);
  const status = optionalText(form.status) ?? '1';
  if (!['0', '1'].includes(status)) throw new BusinessError(400, departMessages.statusInvalid);
  const order = optionalText(form.departOrder) === null ? 0 : Number(form.departOrder);
  if (!Number.isInteger(order)) throw new BusinessError(400, departMessages.orderInvalid);
  return {
    depart_name: requiredText(form.departName, departMessages.nameRequired),
    depart_name_en: optionalText(form.departNameEn),
    depart_name_abbr: optionalText(form.departNameAbbr),
    depart_order: order,
    description: optionalText(form.description),
    org_category: orgCategory as '1' | '2' | '3',
    mobile: optionalText(form.mobile),
    fax: optionalText(form.fax),
    address: optionalText(form.address),
    memo: optionalText(form.memo),
    status: status as ActiveFlag,
  };
}

export async function addDepart(db: Kysely<DB>, actor: Actor, form: DepartForm): Promise<string> {
  const depart = validDepart(form);
  const parentId = optionalText(form.parentId);
  return inTransaction(db, async (trx) => {
    // One code at a time per tenant: two departments added together must not both take A03.
    await sql`select pg_advisory_xact_lock(hashtext(${`departs:${actor.tenantId}`}))`.execute(trx);
    let parentCode = '';
    if (parentId !== null) {
      const parent = await trx
        .selectFrom('departs')
        .select('org_code')
        .where('tenant_id', '=', actor.tenantId)
        .where('id', '=', parentId)
        .executeTakeFirst();
      if (!parent) throw new BusinessError(400, departMessages.parentMissing);
      parentCode = parent.org_code;
    }
    await requireDepartParentInScope(trx, actor, parentId);
    const siblings = await trx
      .selectFrom('departs')
      .select('org_code')
      .where('tenant_id', '=', actor.tenantId)
      .where('org_code', 'like', `${parentCode}%`)
      .where(sql<number>`length(org_code)`, '=', parentCode.length + ORG_CODE_LEVEL)
      .execute();
    const orgCode = nextOrgCode(
      parentCode,
      siblings.map((row) => row.org_code),
    );
    if (orgCode === undefined) throw new BusinessError(409, departMessages.codesExhausted);
    const id = newId();
    await trx
      .insertInto('departs')
      .values({
        ...depart,
        id,
        tenant_id: actor.tenantId,
        parent_id: parentId,
        org_code: orgCode,
        org_type: String(orgCode.length / ORG_CODE_LEVEL),
        created_by: actor.username,
      })
      .execute();
    await audit(trx, actor, OperateType.add, `添加部门: ${depart.depart_name}(${orgCode})`);
    return id;
  });
}

/** Edits a department's fields; its place in the tree (and so its code) stays. */
export async function editDepart(db: Kysely<DB>, actor: Actor, form: DepartForm): Promise<void> {
  const id = requiredText(form.id, departMessages.idRequired);
  const depart = validDepart(form);
  await inTransaction(db, async (trx) => {
    const existing = await departById(trx, actor.tenantId, id);
    await requireDepartsWithinReach(trx, actor, [id]);
    await requireDepartsInScope(trx, actor, [id]);
    await trx
      .updateTable('departs')
      .set({ ...depart, updated_by: actor.username, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
    await audit(trx, actor, OperateType.update, `编辑部门: ${depart.depart_name}(${existing.orgCode})`);
  });
}

/** Deletes departments with every descendant; their users stay, without those departments. */
export async function deleteDeparts(db: Kysely<DB>, actor: Actor, rawIds: string | undefined): Promise<void> {
  const ids = idList(rawIds, departMessages.noneSelected);
  await inTransaction(db, async (trx) => {
    const departs = await trx
      .selectFrom('departs')
      .select(['id', 'org_code', 'depart_name'])
      .where('tenant_id', '=', actor.tenantId)
      .where('id', 'in', ids)
      .execute();
    if (departs.length !== ids.length) throw notFound();
    await requireDepartsWithinReach(trx, actor, ids);
    await requireDepartsInScope(trx, actor, ids);
    const underDeleted = (column: 'org_code') =>
      sql<boolean>`${sql.ref(column)} like any (${sql.val(departs.map((depart) => `${depart.org_code}%`))}::text[])`;
    // Users working in a deleted department for this login pick again at their next one.
    await trx
      .updateTable('users')
      .set({ org_code: null })
      .where('tenant_id', '=', actor.tenantId)
      .where(underDeleted('org_code'))
      .execute();
    // user_departs rows go with the departments (foreign keys cascade), children with their parents.
    await trx
      .deleteFrom('departs')
      .where('tenant_id', '=', actor.tenantId)
      .where(underDeleted('org_code'))
      .execute();
    await audit(
      trx,
      actor,
      OperateType.delete,
      `删除部门: ${departs.map((depart) => `${depart.depart_name}(${depart.org_code})`).join(',')}`,
    );
  });
}
