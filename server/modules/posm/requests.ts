// Material requests (DOMAIN §1.11 物料申请): DRAFT → PENDING_APPROVAL → APPROVED | REJECTED → ISSUED → RECEIVED
// → VERIFIED (optional, a photo of the material in use) → CLOSED; DRAFT/PENDING_APPROVAL → CANCELLED. The
// approval runs in the 审批中心 as MATERIAL_REQUEST, where the approver may cut the quantities of the lines
// and sees what the department has used this month; the issue takes the stock of the pick list in the same
// transaction (never below zero), the receipt is the requester's or, for a dealer, a user with posm:receive.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  POSM_BUDGET_STATUSES,
  POSM_PHOTO_BIZ,
  POSM_PURPOSE,
  POSM_REQUEST_STATUS,
  POSM_TARGET_TYPE,
  type PosmPurpose,
  type PosmRequestStatus,
  type PosmTargetType,
} from '../../../common/posm';
import { codesOf } from '../../../common/businessEnums';
import { isoDate, shanghaiDateTime } from '../../db/dates';
import { newId } from '../../db/ids';
import type { DB, PosmRequestsTable } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import {
  decideOwnTask,
  departmentOf,
  registerApprovalHandler,
  runningInstanceOf,
  startApproval,
  withdrawInstance,
  type ApprovalOutcome,
  type TaskNotice,
} from '../approvals/engine';
import { bindAttachments } from '../attachments/service';
import { customerInScope } from '../customers/service';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { trackChange } from '../shared/changeHistory';
import { notFound, type Transition } from '../shared/commands';
import { dataScopeOf, inScope, type DataScope } from '../shared/dataScope';
import { inTransaction, stepDocument } from '../shared/documentSteps';
import { nextDocumentNo } from '../shared/documentNumbers';
import { changeStock, warehouseInScope } from './materials';

type RequestRow = Selectable<PosmRequestsTable>;

/** Every step of a request: the states it may start from and where it goes. */
export const REQUEST_TRANSITIONS: readonly Transition<PosmRequestStatus>[] = [
  { from: ['DRAFT', 'REJECTED'], to: 'PENDING_APPROVAL', action: '提交' },
  { from: ['PENDING_APPROVAL'], to: 'APPROVED', action: '审批通过' },
  { from: ['PENDING_APPROVAL'], to: 'REJECTED', action: '驳回' },
  { from: ['APPROVED'], to: 'ISSUED', action: '出库' },
  { from: ['ISSUED'], to: 'RECEIVED', action: '签收' },
  { from: ['RECEIVED'], to: 'VERIFIED', action: '核验' },
  { from: ['RECEIVED', 'VERIFIED'], to: 'CLOSED', action: '关闭' },
  { from: ['DRAFT', 'PENDING_APPROVAL', 'REJECTED'], to: 'CANCELLED', action: '撤销' },
];

/** The states whose lines the requester may still edit. */
const EDITABLE: readonly PosmRequestStatus[] = ['DRAFT', 'REJECTED'];

const step = (
  trx: Kysely<DB>,
  row: RequestRow,
  to: PosmRequestStatus,
  by: Actor | { userId: string | null },
  set: Parameters<typeof stepDocument<'posm_requests', PosmRequestStatus>>[1]['set'] = {},
) =>
  stepDocument(trx, {
    table: 'posm_requests',
    row,
    transitions: REQUEST_TRANSITIONS,
    labels: POSM_REQUEST_STATUS,
    to,
    by,
    set,
    what: `物料申请 ${row.request_no}`,
  });

async function requestOf(db: Kysely<DB>, tenantId: string, id: string): Promise<RequestRow> {
  const row = await db
    .selectFrom('posm_requests')
    .selectAll()
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row) throw notFound('物料申请');
  return row;
}

const scopeOfRequests = (scope: DataScope, alias = 'posm_requests') =>
  inScope(scope, `${alias}.org_code`, `${alias}.requester_id`);

/** The request in the caller's data scope (its department, or their own). */
export async function requestInScope(db: Kysely<DB>, caller: Caller, id: string): Promise<RequestRow> {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const row = await db
    .selectFrom('posm_requests')
    .selectAll()
    .where('id', '=', id)
    .where('tenant_id', '=', caller.tenantId)
    .where(scopeOfRequests(scope))
    .executeTakeFirst();
  if (!row) throw notFound('物料申请');
  return row;
}

/** True when the caller holds or held a task of an approval of the document (an approver outside its scope). */
export async function approverOf(
  db: Kysely<DB>,
  caller: Caller,
  bizType: 'MATERIAL_REQUEST' | 'AD_APPLY',
  bizId: string,
): Promise<boolean> {
  const task = await db
    .selectFrom('approval_tasks as t')
    .innerJoin('approval_instances as i', 'i.id', 't.instance_id')
    .select('t.id')
    .where('i.tenant_id', '=', caller.tenantId)
    .where('i.biz_type', '=', bizType)
    .where('i.biz_id', '=', bizId)
    .where('t.approver_id', '=', caller.userId)
    .executeTakeFirst();
  return !!task;
}

// ---- Drafts ----

export interface RequestInput {
  purpose: PosmPurpose;
  targetType: PosmTargetType;
  targetIds?: string[];
  lines: Array<{ materialId: string; qty: number }>;
  deliveryAddress?: string | null;
  expectedDate?: string | null;
  remark?: string | null;
}

/** Checks the targets (customers of the right kind in the caller's scope) and prices the lines. */
async function checkedInput(trx: Kysely<DB>, actor: Actor, input: RequestInput) {
  const targetIds = [...new Set(input.targetIds ?? [])];
  if (input.targetType === 'SELF') {
    if (targetIds.length > 0) throw new BusinessError(400, '业务员自领不需选择发放对象');
  } else {
    if (targetIds.length === 0)
      throw new BusinessError(400, `请选择发放的${POSM_TARGET_TYPE[input.targetType]}`);
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    for (const id of targetIds) {
      const customer = await customerInScope(trx, actor.tenantId, scope, id);
      if (customer.customer_type !== input.targetType) {
        throw new BusinessError(400, `「${customer.name}」不是${POSM_TARGET_TYPE[input.targetType]}`);
      }
    }
  }
  const materialIds = input.lines.map((line) => line.materialId);
  if (new Set(materialIds).size !== materialIds.length) throw new BusinessError(400, '同一物料请合并为一行');
  const materials = await trx
    .selectFrom('posm_materials')
    .select(['id', 'name', 'unit_cost', 'status'])
    .where('tenant_id', '=', actor.tenantId)
    .where('id', 'in', materialIds)
    .execute();
  const lines = input.lines.map((line) => {
    const material = materials.find((each) => each.id === line.materialId);
    if (!material) throw notFound('物料');
    if (material.status !== 'ACTIVE') throw new BusinessError(409, `物料「${material.name}」已停用`);
    return { materialId: material.id, qty: line.qty, unitCost: material.unit_cost };
  });
  const totalCost = lines.reduce((sum, line) => sum + Number(line.unitCost) * line.qty, 0);
  return { targetIds, lines, totalCost: totalCost.toFixed(2) };
}

async function writeLines(
  trx: Kysely<DB>,
  tenantId: string,
  requestId: string,
  lines: Array<{ materialId: string; qty: number; unitCost: string }>,
) {
  await trx.deleteFrom('posm_request_lines').where('request_id', '=', requestId).execute();
  await trx
    .insertInto('posm_request_lines')
    .values(
      lines.map((line) => ({
        id: newId(),
        tenant_id: tenantId,
        request_id: requestId,
        material_id: line.materialId,
        unit_cost: line.unitCost,
        requested_qty: line.qty,
        approved_qty: line.qty,
      })),
    )
    .execute();
}

/** A new request (DRAFT) of the caller, in their department. */
export async function createRequest(db: Kysely<DB>, actor: Actor, input: RequestInput) {
  return inTransaction(db, async (trx) => {
    const orgCode = await departmentOf(trx, actor.tenantId, actor.userId);
    if (!orgCode) throw new BusinessError(400, '您未加入任何部门，不能申请物料');
    const { targetIds, lines, totalCost } = await checkedInput(trx, actor, input);
    const id = newId();
    const requestNo = await nextDocumentNo(trx, actor.tenantId, 'MR');
    await trx
      .insertInto('posm_requests')
      .values({
        id,
        tenant_id: actor.tenantId,
        request_no: requestNo,
        requester_id: actor.userId,
        org_code: orgCode,
        purpose: input.purpose,
        target_type: input.targetType,
        target_ids: JSON.stringify(targetIds),
        total_cost: totalCost,
        delivery_address: input.deliveryAddress?.trim() || null,
        expected_date: input.expectedDate || null,
        remark: input.remark?.trim() || null,
        created_by: actor.userId,
      })
      .execute();
    await writeLines(trx, actor.tenantId, id, lines);
    await logOperation(trx, actor, 'add', `新增物料申请 ${requestNo}`, {
      bizType: 'MATERIAL_REQUEST',
      bizId: id,
      before: null,
      after: { request_no: requestNo, status: 'DRAFT', total_cost: totalCost },
    });
    return { id, requestNo };
  });
}

/** Edits a draft or rejected request of the caller's. */
export async function editRequest(db: Kysely<DB>, actor: Actor, id: string, input: RequestInput) {
  return inTransaction(db, async (trx) => {
    const row = await requestInScope(trx, actor, id);
    if (!EDITABLE.includes(row.status)) {
      throw new BusinessError(409, `当前状态为「${POSM_REQUEST_STATUS[row.status]}」，不能编辑`);
    }
    if (row.requester_id !== actor.userId) throw new BusinessError(403, '只有申请人可以编辑');
    const { targetIds, lines, totalCost } = await checkedInput(trx, actor, input);
    const change = await trackChange(trx, actor, 'posm_requests', id);
    const edited = await trx
      .updateTable('posm_requests')
      .set({
        purpose: input.purpose,
        target_type: input.targetType,
        target_ids: JSON.stringify(targetIds),
        total_cost: totalCost,
        delivery_address: input.deliveryAddress?.trim() || null,
        expected_date: input.expectedDate || null,
        remark: input.remark?.trim() || null,
        updated_by: actor.userId,
        updated_at: new Date(),
        version: sql`version + 1`,
      })
      .where('id', '=', id)
      .where('version', '=', row.version)
      .returning('id')
      .executeTakeFirst();
    if (!edited) throw new BusinessError(409, '物料申请已被他人修改，请刷新后重试');
    await writeLines(trx, actor.tenantId, id, lines);
    await change.log('update', `编辑物料申请 ${row.request_no}`);
    return { id };
  });
}

// ---- Budget and approval ----

/** What the department (its subtree) has had approved this month (Shanghai), besides `exceptId`. */
export async function budgetUsedThisMonth(
  db: Kysely<DB>,
  tenantId: string,
  orgCode: string,
  exceptId?: string,
): Promise<{ amount: string; count: number }> {
  const row = await db
    .selectFrom('posm_requests')
    .select([
      sql<string>`coalesce(sum(total_cost), 0)::numeric(14, 2)::text`.as('amount'),
      sql<number>`count(*)::integer`.as('count'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('org_code', 'like', `${orgCode}%`)
    .where('status', 'in', POSM_BUDGET_STATUSES)
    .where(
      sql<boolean>`date_trunc('month', approved_at at time zone 'Asia/Shanghai') = date_trunc('month', now() at time zone 'Asia/Shanghai')`,
    )
    .$if(exceptId !== undefined, (query) => query.where('id', '<>', exceptId!))
    .executeTakeFirstOrThrow();
  return { amount: row.amount, count: row.count };
}

/** 提交: DRAFT/REJECTED → PENDING_APPROVAL, its approval started with the cost as the amount. */
export async function submitRequest(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
): Promise<{ notices: TaskNotice[] }> {
  return inTransaction(db, async (trx) => {
    const row = await requestInScope(trx, actor, id);
    if (row.requester_id !== actor.userId) throw new BusinessError(403, '只有申请人可以提交');
    const lines = await linesOf(trx, row.id);
    // A rejected request comes back with what was asked, for the approver to decide again.
    await trx
      .updateTable('posm_request_lines')
      .set({ approved_qty: sql`requested_qty` })
      .where('request_id', '=', row.id)
      .execute();
    const totalCost = lines.reduce((sum, line) => sum + Number(line.unitCost) * line.requestedQty, 0);
    await step(trx, row, 'PENDING_APPROVAL', actor, { total_cost: totalCost.toFixed(2) });
    const budget = await budgetUsedThisMonth(trx, actor.tenantId, row.org_code, row.id);
    const { notices } = await startApproval(trx, {
      tenantId: actor.tenantId,
      initiatorId: actor.userId,
      bizType: 'MATERIAL_REQUEST',
      bizId: row.id,
      bizNo: row.request_no,
      title: `物料申请：${POSM_PURPOSE[row.purpose]} ${lines.length} 项`,
      summary: {
        fields: [
          { label: '用途', value: POSM_PURPOSE[row.purpose] },
          {
            label: '发放对象',
            value: `${POSM_TARGET_TYPE[row.target_type]}${row.target_ids.length ? ` ${row.target_ids.length} 个` : ''}`,
          },
          { label: '申请金额', value: `¥${totalCost.toFixed(2)}` },
          { label: '部门本月已用', value: `¥${budget.amount}（${budget.count} 单）` },
          {
            label: '明细',
            value: lines.map((line) => `${line.materialName} ×${line.requestedQty}${line.unit}`).join('；'),
          },
          { label: '备注', value: row.remark ?? '—' },
        ],
      },
      amount: totalCost,
      quantity: lines.reduce((sum, line) => sum + line.requestedQty, 0),
      orgCode: row.org_code,
    });
    return { notices };
  });
}

/** The approver's decision from the drawer with the quantities they cut: the cuts and the approval at once. */
export async function approveRequest(
  db: Kysely<DB>,
  actor: Actor,
  input: { id: string; lines?: Array<{ lineId: string; approvedQty: number }>; comment?: string | null },
) {
  return inTransaction(db, async (trx) => {
    const row = await requestOf(trx, actor.tenantId, input.id);
    if (row.status !== 'PENDING_APPROVAL') {
      throw new BusinessError(409, `当前状态为「${POSM_REQUEST_STATUS[row.status]}」，不能审批`);
    }
    const lines = await linesOf(trx, row.id);
    for (const cut of input.lines ?? []) {
      const line = lines.find((each) => each.id === cut.lineId);
      if (!line) throw new BusinessError(400, '申请明细不存在');
      if (cut.approvedQty > line.requestedQty) {
        throw new BusinessError(400, `「${line.materialName}」核准数量不能超过申请数量 ${line.requestedQty}`);
      }
      line.approvedQty = cut.approvedQty;
    }
    if (lines.every((line) => line.approvedQty === 0)) {
      throw new BusinessError(400, '核准数量全部为 0，请直接驳回');
    }
    for (const line of lines) {
      await trx
        .updateTable('posm_request_lines')
        .set({ approved_qty: line.approvedQty })
        .where('id', '=', line.id)
        .execute();
    }
    const totalCost = lines.reduce((sum, line) => sum + Number(line.unitCost) * line.approvedQty, 0);
    await trx
      .updateTable('posm_requests')
      .set({ total_cost: totalCost.toFixed(2) })
      .where('id', '=', row.id)
      .execute();
    const cut = lines.filter((line) => line.approvedQty < line.requestedQty);
    const comment =
      [
        input.comment?.trim(),
        cut.length
          ? `核减：${cut.map((line) => `${line.materialName} ${line.requestedQty}→${line.approvedQty}`).join('，')}`
          : '',
      ]
        .filter(Boolean)
        .join('；') || null;
    const result = await decideOwnTask(
      trx,
      actor,
      { bizType: 'MATERIAL_REQUEST', bizId: row.id },
      { pass: true, reason: comment },
      '您不是该物料申请当前的审批人',
    );
    if (!result) throw new BusinessError(409, '该物料申请没有进行中的审批');
    return { status: result.status, notices: result.notices };
  });
}

async function settleApproval(trx: Transaction<DB>, outcome: ApprovalOutcome, to: PosmRequestStatus) {
  const row = await requestOf(trx, outcome.tenantId, outcome.bizId);
  await step(
    trx,
    row,
    to,
    { userId: outcome.actorId },
    {
      ...(to === 'APPROVED' ? { approved_at: new Date() } : {}),
      result_remark: outcome.comment,
    },
  );
}

registerApprovalHandler({
  bizType: 'MATERIAL_REQUEST',
  approved: (trx, outcome) => settleApproval(trx, outcome, 'APPROVED'),
  rejected: (trx, outcome) => settleApproval(trx, outcome, 'REJECTED'),
  withdrawn: (trx, outcome) => settleApproval(trx, outcome, 'CANCELLED'),
});

/** 撤销: a draft or rejected request ends; a pending one is withdrawn from its approval. */
export async function cancelRequest(
  db: Kysely<DB>,
  actor: Actor,
  input: { id: string; reason?: string | null },
) {
  return inTransaction(db, async (trx) => {
    const row = await requestInScope(trx, actor, input.id);
    if (row.requester_id !== actor.userId) throw new BusinessError(403, '只有申请人可以撤销');
    const reason = input.reason?.trim() || null;
    if (row.status === 'PENDING_APPROVAL') {
      const running = await runningInstanceOf(trx, actor.tenantId, 'MATERIAL_REQUEST', row.id);
      if (running) {
        await withdrawInstance(trx, actor, running.id, reason);
        return { id: row.id };
      }
    }
    await step(trx, row, 'CANCELLED', actor, { result_remark: reason });
    return { id: row.id };
  });
}

// ---- After the approval ----

async function linesOf(db: Kysely<DB>, requestId: string) {
  const rows = await db
    .selectFrom('posm_request_lines as l')
    .innerJoin('posm_materials as m', 'm.id', 'l.material_id')
    .select([
      'l.id',
      'l.material_id as materialId',
      'm.material_code as materialCode',
      'm.name as materialName',
      'm.spec',
      'm.unit',
      'l.unit_cost as unitCost',
      'l.requested_qty as requestedQty',
      'l.approved_qty as approvedQty',
      'l.issued_qty as issuedQty',
      'l.received_qty as receivedQty',
    ])
    .where('l.request_id', '=', requestId)
    .orderBy('m.material_code')
    .execute();
  return rows;
}

/** 出库 by the pick list: every approved line leaves the warehouse's stock, in one transaction. */
export async function issueRequest(db: Kysely<DB>, actor: Actor, input: { id: string; warehouseId: string }) {
  return inTransaction(db, async (trx) => {
    const row = await requestInScope(trx, actor, input.id);
    const warehouse = await warehouseInScope(trx, actor, input.warehouseId);
    await step(trx, row, 'ISSUED', actor, {
      warehouse_id: warehouse.id,
      issued_at: new Date(),
      issued_by: actor.userId,
    });
    for (const line of await linesOf(trx, row.id)) {
      if (line.approvedQty === 0) continue;
      await changeStock(trx, {
        tenantId: actor.tenantId,
        warehouseId: warehouse.id,
        material: { id: line.materialId, name: line.materialName },
        delta: -line.approvedQty,
        moveType: 'ISSUE',
        operatorId: actor.userId,
        requestId: row.id,
        remark: `物料申请 ${row.request_no}`,
      });
      await trx
        .updateTable('posm_request_lines')
        .set({ issued_qty: line.approvedQty })
        .where('id', '=', line.id)
        .execute();
    }
    return { id: row.id };
  });
}

/**
 * 签收 by the requester, or for a dealer by a user with posm:receive; `lines` gives what arrived when it is
 * less than what was issued.
 */
export async function receiveRequest(
  db: Kysely<DB>,
  actor: Actor,
  input: { id: string; lines?: Array<{ lineId: string; receivedQty: number }>; remark?: string | null },
  mayReceiveForOthers: boolean,
) {
  return inTransaction(db, async (trx) => {
    const row = await requestInScope(trx, actor, input.id);
    if (row.requester_id !== actor.userId && !(mayReceiveForOthers && row.target_type === 'DEALER')) {
      throw new BusinessError(403, '只有申请人或经销商可以签收');
    }
    const lines = await linesOf(trx, row.id);
    for (const line of lines) {
      const given = input.lines?.find((each) => each.lineId === line.id);
      const received = given ? given.receivedQty : line.issuedQty;
      if (received > line.issuedQty) {
        throw new BusinessError(400, `「${line.materialName}」签收数量不能超过出库数量 ${line.issuedQty}`);
      }
      await trx
        .updateTable('posm_request_lines')
        .set({ received_qty: received })
        .where('id', '=', line.id)
        .execute();
    }
    if (input.lines?.some((each) => !lines.some((line) => line.id === each.lineId))) {
      throw new BusinessError(400, '申请明细不存在');
    }
    await step(trx, row, 'RECEIVED', actor, {
      received_at: new Date(),
      received_by: actor.userId,
      ...(input.remark?.trim() ? { result_remark: input.remark.trim() } : {}),
    });
    return { id: row.id };
  });
}

/** 使用核验: a photo of the material in use (uploaded as POSM_REQUEST), e.g. taken during a visit. */
export async function verifyRequest(
  db: Kysely<DB>,
  actor: Actor,
  input: { id: string; photoIds: string[]; remark?: string | null },
) {
  return inTransaction(db, async (trx) => {
    const row = await requestInScope(trx, actor, input.id);
    await bindAttachments(trx, actor.tenantId, POSM_PHOTO_BIZ, row.id, input.photoIds);
    await step(trx, row, 'VERIFIED', actor, {
      verified_at: new Date(),
      verify_photo_ids: JSON.stringify([...new Set(input.photoIds)]),
      ...(input.remark?.trim() ? { result_remark: input.remark.trim() } : {}),
    });
    return { id: row.id };
  });
}

export async function closeRequest(db: Kysely<DB>, actor: Actor, id: string) {
  return inTransaction(db, async (trx) => {
    const row = await requestInScope(trx, actor, id);
    await step(trx, row, 'CLOSED', actor);
    return { id: row.id };
  });
}

// ---- Reading ----

const requestSpec: ListSpec = {
  filters: {
    requestNo: { column: 'r.request_no', kind: 'text' },
    status: { column: 'r.status', kind: 'enum', values: codesOf(POSM_REQUEST_STATUS) },
    purpose: { column: 'r.purpose', kind: 'enum', values: codesOf(POSM_PURPOSE) },
    targetType: { column: 'r.target_type', kind: 'enum', values: codesOf(POSM_TARGET_TYPE) },
    requesterName: { column: 'u.realname', kind: 'text' },
    orgCode: { column: 'r.org_code', kind: 'text' },
    createTime: { column: 'r.created_at', kind: 'datetime' },
  },
  sorts: { createTime: 'r.created_at', totalCost: 'r.total_cost', requestNo: 'r.request_no' },
  defaultSort: [
    ['r.created_at', 'desc'],
    ['r.id', 'desc'],
  ],
};

function requestBase(db: Kysely<DB>, tenantId: string, scope: DataScope) {
  return db
    .selectFrom('posm_requests as r')
    .innerJoin('users as u', 'u.id', 'r.requester_id')
    .leftJoin('departs as d', (join) =>
      join.onRef('d.org_code', '=', 'r.org_code').onRef('d.tenant_id', '=', 'r.tenant_id'),
    )
    .leftJoin('warehouses as w', 'w.id', 'r.warehouse_id')
    .where('r.tenant_id', '=', tenantId)
    .where(scopeOfRequests(scope, 'r'));
}

function selectRequests(query: ReturnType<typeof requestBase>) {
  return query
    .select([
      'r.id',
      'r.request_no as requestNo',
      'r.requester_id as requesterId',
      'u.realname as requesterName',
      'r.org_code as orgCode',
      'd.depart_name as orgName',
      'r.purpose',
      'r.target_type as targetType',
      'r.target_ids as targetIds',
      'r.total_cost as totalCost',
      'r.delivery_address as deliveryAddress',
      isoDate<string | null>('r.expected_date').as('expectedDate'),
      'r.warehouse_id as warehouseId',
      'w.name as warehouseName',
      'r.status',
      'r.verify_photo_ids as verifyPhotoIds',
      'r.remark',
      'r.result_remark as resultRemark',
      'r.version',
      shanghaiDateTime('r.created_at').as('createTime'),
      shanghaiDateTime<string | null>('r.approved_at').as('approvedAt'),
      shanghaiDateTime<string | null>('r.issued_at').as('issuedAt'),
      shanghaiDateTime<string | null>('r.received_at').as('receivedAt'),
      shanghaiDateTime<string | null>('r.verified_at').as('verifiedAt'),
    ])
    .execute();
}

const requestRecord = (row: Awaited<ReturnType<typeof selectRequests>>[number]) => ({
  ...row,
  targetCount: row.targetIds.length,
  purpose_dictText: POSM_PURPOSE[row.purpose],
  targetType_dictText: POSM_TARGET_TYPE[row.targetType],
  status_dictText: POSM_REQUEST_STATUS[row.status],
});

export type RequestRecord = ReturnType<typeof requestRecord>;

export async function listRequests(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, requestSpec);
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const base = requestBase(db, caller.tenantId, scope).where(list.where);
  return pagedList(base, list, async (page) => (await selectRequests(page)).map(requestRecord));
}

/** One request with its lines, targets, the department's budget this month and its approval. */
export async function requestById(db: Kysely<DB>, caller: Caller, id: string) {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  let [row] = await selectRequests(requestBase(db, caller.tenantId, scope).where('r.id', '=', id));
  if (!row && (await approverOf(db, caller, 'MATERIAL_REQUEST', id))) {
    const everything: DataScope = { userId: caller.userId, orgCodes: [''] };
    [row] = await selectRequests(requestBase(db, caller.tenantId, everything).where('r.id', '=', id));
  }
  if (!row) throw notFound('物料申请');
  const [lines, targets, budget, approval] = await Promise.all([
    linesOf(db, id),
    row.targetIds.length
      ? db
          .selectFrom('customers')
          .select(['id', 'customer_code as customerCode', 'name'])
          .where('tenant_id', '=', caller.tenantId)
          .where('id', 'in', row.targetIds)
          .execute()
      : Promise.resolve([]),
    budgetUsedThisMonth(db, caller.tenantId, row.orgCode, id),
    db
      .selectFrom('approval_instances')
      .select(['id', 'status'])
      .where('tenant_id', '=', caller.tenantId)
      .where('biz_type', '=', 'MATERIAL_REQUEST')
      .where('biz_id', '=', id)
      .orderBy('started_at', 'desc')
      .executeTakeFirst(),
  ]);
  return { ...requestRecord(row), lines, targets, budgetUsed: budget, approvalId: approval?.id ?? null };
}

/** The pick list of an approved request: its lines with the stock of each warehouse in the caller's scope. */
export async function pickList(db: Kysely<DB>, caller: Caller, id: string) {
  const row = await requestInScope(db, caller, id);
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const lines = await linesOf(db, id);
  const stock = lines.length
    ? await db
        .selectFrom('posm_stocks as s')
        .innerJoin('warehouses as w', 'w.id', 's.warehouse_id')
        .select([
          's.material_id as materialId',
          's.warehouse_id as warehouseId',
          'w.name as warehouseName',
          's.qty',
        ])
        .where('s.tenant_id', '=', caller.tenantId)
        .where(
          's.material_id',
          'in',
          lines.map((line) => line.materialId),
        )
        .where('w.status', '=', 'ACTIVE')
        .where(inScope(scope, 'w.org_code'))
        .execute()
    : [];
  return {
    requestNo: row.request_no,
    status: row.status,
    deliveryAddress: row.delivery_address,
    lines: lines.map((line) => ({
      ...line,
      stock: stock.filter((each) => each.materialId === line.materialId),
    })),
  };
}
