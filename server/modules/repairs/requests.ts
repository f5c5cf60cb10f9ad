// 备件申请 (DOMAIN §1.15 SparePartRequest): a provider's engineer asks for parts for its own or the provider's
// warehouse; PENDING_APPROVAL → APPROVED | REJECTED through the 审批中心 (SPARE_PART_REQUEST), then ISSUED from
// a central warehouse (the stock moves at once, never below zero) and RECEIVED by the provider.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { codesOf } from '../../../common/businessEnums';
import { PART_REQUEST_STATUS, type PartRequestStatus } from '../../../common/repairs';
import { shanghaiDateTime } from '../../db/dates';
import { newId } from '../../db/ids';
import type { DB, SparePartRequestsTable } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import {
  departmentOf,
  registerApprovalHandler,
  startApproval,
  type ApprovalOutcome,
  type TaskNotice,
} from '../approvals/engine';
import { logOperation, type Actor } from '../shared/actor';
import { changedMeanwhile, notFound, transitionTo, type Transition } from '../shared/commands';
import { inTransaction } from '../shared/documentSteps';
import { nextDocumentNo } from '../shared/documentNumbers';
import { changeSpareStock, partOf, warehouseFor } from './parts';
import type { RepairViewer } from './providers';

type RequestRow = Selectable<SparePartRequestsTable>;

export const PART_REQUEST_TRANSITIONS: readonly Transition<PartRequestStatus>[] = [
  { from: ['PENDING_APPROVAL'], to: 'APPROVED', action: '审批通过' },
  { from: ['PENDING_APPROVAL'], to: 'REJECTED', action: '驳回' },
  { from: ['APPROVED'], to: 'ISSUED', action: '发货' },
  { from: ['ISSUED'], to: 'RECEIVED', action: '签收' },
];

async function step(
  trx: Kysely<DB>,
  row: RequestRow,
  to: PartRequestStatus,
  operatorId: string | null,
  set: Partial<
    Pick<RequestRow, 'approved_at' | 'issued_at' | 'received_at' | 'from_warehouse_id' | 'result_remark'>
  > = {},
) {
  transitionTo(PART_REQUEST_TRANSITIONS, PART_REQUEST_STATUS, row.status, to);
  const moved = await trx
    .updateTable('spare_part_requests')
    .set({ ...set, status: to, updated_by: operatorId, updated_at: new Date(), version: sql`version + 1` })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .where('version', '=', row.version)
    .returning('id')
    .executeTakeFirst();
  if (!moved) throw changedMeanwhile(`备件申请 ${row.request_no}`);
}

async function requestFor(db: Kysely<DB>, viewer: RepairViewer, id: string): Promise<RequestRow> {
  let query = db
    .selectFrom('spare_part_requests')
    .selectAll()
    .where('id', '=', id)
    .where('tenant_id', '=', viewer.tenantId);
  if (viewer.provider) query = query.where('provider_id', '=', viewer.provider.providerId);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('备件申请');
  return row;
}

export interface PartRequestInput {
  warehouseId: string;
  lines: Array<{ partId: string; qty: number }>;
  remark?: string | null;
}

/** A provider's user asks for parts for one of its warehouses; the approval starts at once. */
export async function createPartRequest(
  db: Kysely<DB>,
  actor: Actor,
  viewer: RepairViewer,
  input: PartRequestInput,
): Promise<{ id: string; requestNo: string; notices: TaskNotice[] }> {
  return inTransaction(db, async (trx) => {
    if (!viewer.provider) throw new BusinessError(403, '只有服务商的工程师可以申请备件');
    const warehouse = await warehouseFor(trx, viewer, input.warehouseId);
    const partIds = input.lines.map((line) => line.partId);
    if (new Set(partIds).size !== partIds.length) throw new BusinessError(400, '同一备件请合并为一行');
    const lines = [];
    for (const line of input.lines) {
      const part = await partOf(trx, actor.tenantId, line.partId);
      if (part.status !== 'ACTIVE') throw new BusinessError(409, `备件「${part.name}」已停用`);
      lines.push({ ...line, part });
    }
    const total = lines.reduce((sum, line) => sum + Number(line.part.standard_price) * line.qty, 0);
    const orgCode = (await departmentOf(trx, actor.tenantId, actor.userId)) ?? '';
    const id = newId();
    const requestNo = await nextDocumentNo(trx, actor.tenantId, 'SPR');
    await trx
      .insertInto('spare_part_requests')
      .values({
        id,
        tenant_id: actor.tenantId,
        request_no: requestNo,
        provider_id: viewer.provider.providerId,
        engineer_id: warehouse.engineer_id ?? viewer.provider.engineerId,
        warehouse_id: warehouse.id,
        requester_id: actor.userId,
        org_code: orgCode,
        total_amount: total.toFixed(2),
        status: 'PENDING_APPROVAL',
        remark: input.remark?.trim() || null,
        created_by: actor.userId,
      })
      .execute();
    await trx
      .insertInto('spare_part_request_lines')
      .values(
        lines.map((line) => ({
          id: newId(),
          tenant_id: actor.tenantId,
          request_id: id,
          part_id: line.part.id,
          qty: line.qty,
          unit_price: line.part.standard_price,
        })),
      )
      .execute();
    const { notices } = await startApproval(trx, {
      tenantId: actor.tenantId,
      initiatorId: actor.userId,
      bizType: 'SPARE_PART_REQUEST',
      bizId: id,
      bizNo: requestNo,
      title: `备件申请：${warehouse.name} ${lines.length} 项`,
      summary: {
        fields: [
          { label: '收货仓库', value: warehouse.name },
          { label: '金额', value: `¥${total.toFixed(2)}` },
          { label: '明细', value: lines.map((line) => `${line.part.name} ×${line.qty}`).join('；') },
          { label: '备注', value: input.remark?.trim() || '—' },
        ],
      },
      amount: total,
      quantity: lines.reduce((sum, line) => sum + line.qty, 0),
      orgCode: orgCode || null,
    });
    await logOperation(trx, actor, 'add', `备件申请 ${requestNo}`);
    return { id, requestNo, notices };
  });
}

async function settle(trx: Transaction<DB>, outcome: ApprovalOutcome, to: PartRequestStatus) {
  const row = await trx
    .selectFrom('spare_part_requests')
    .selectAll()
    .where('id', '=', outcome.bizId)
    .where('tenant_id', '=', outcome.tenantId)
    .executeTakeFirstOrThrow();
  await step(trx, row, to, outcome.actorId, {
    ...(to === 'APPROVED' ? { approved_at: new Date() } : {}),
    result_remark: outcome.comment,
  });
}

registerApprovalHandler({
  bizType: 'SPARE_PART_REQUEST',
  approved: (trx, outcome) => settle(trx, outcome, 'APPROVED'),
  rejected: (trx, outcome) => settle(trx, outcome, 'REJECTED'),
  withdrawn: (trx, outcome) => settle(trx, outcome, 'REJECTED'),
});

async function linesOf(db: Kysely<DB>, requestId: string) {
  return db
    .selectFrom('spare_part_request_lines as l')
    .innerJoin('spare_parts as p', 'p.id', 'l.part_id')
    .select([
      'l.id',
      'l.part_id as partId',
      'p.part_code as partCode',
      'p.name as partName',
      'p.unit',
      'l.qty',
      'l.unit_price as unitPrice',
    ])
    .where('l.request_id', '=', requestId)
    .orderBy('p.part_code')
    .execute();
}

/** 发货 from a central warehouse: every line leaves it for the request's warehouse, in one transaction. */
export async function issuePartRequest(
  db: Kysely<DB>,
  actor: Actor,
  viewer: RepairViewer,
  input: { id: string; fromWarehouseId: string; serialNos?: Record<string, string[]> },
) {
  return inTransaction(db, async (trx) => {
    if (viewer.provider) throw new BusinessError(403, '服务商不能发货');
    const row = await requestFor(trx, viewer, input.id);
    const from = await warehouseFor(trx, viewer, input.fromWarehouseId);
    if (from.warehouse_type !== 'CENTRAL') throw new BusinessError(400, '请从中心库发货');
    await step(trx, row, 'ISSUED', actor.userId, { issued_at: new Date(), from_warehouse_id: from.id });
    for (const line of await linesOf(trx, row.id)) {
      const part = await partOf(trx, actor.tenantId, line.partId);
      const common = {
        tenantId: actor.tenantId,
        part,
        moveType: 'ISSUE' as const,
        operatorId: actor.userId,
        serialNos: input.serialNos?.[line.partId],
        requestId: row.id,
        engineerId: row.engineer_id,
        remark: `备件申请 ${row.request_no}`,
      };
      await changeSpareStock(trx, { ...common, warehouseId: from.id, delta: -line.qty });
      await changeSpareStock(trx, { ...common, warehouseId: row.warehouse_id, delta: line.qty });
    }
    await logOperation(trx, actor, 'update', `备件申请发货 ${row.request_no}（${from.name}）`);
    return { id: row.id };
  });
}

export async function receivePartRequest(db: Kysely<DB>, actor: Actor, viewer: RepairViewer, id: string) {
  return inTransaction(db, async (trx) => {
    if (!viewer.provider) throw new BusinessError(403, '只有申请的服务商可以签收');
    const row = await requestFor(trx, viewer, id);
    await step(trx, row, 'RECEIVED', actor.userId, { received_at: new Date() });
    return { id: row.id };
  });
}

const requestSpec: ListSpec = {
  filters: {
    requestNo: { column: 'q.request_no', kind: 'text' },
    status: { column: 'q.status', kind: 'enum', values: codesOf(PART_REQUEST_STATUS) },
    providerId: { column: 'q.provider_id', kind: 'text' },
    createTime: { column: 'q.created_at', kind: 'datetime' },
  },
  sorts: { createTime: 'q.created_at', totalAmount: 'q.total_amount' },
  defaultSort: [
    ['q.created_at', 'desc'],
    ['q.id', 'desc'],
  ],
};

export async function listPartRequests(db: Kysely<DB>, viewer: RepairViewer, query: RawQuery) {
  const list = parseListQuery(query, requestSpec);
  let base = db
    .selectFrom('spare_part_requests as q')
    .innerJoin('service_providers as p', 'p.id', 'q.provider_id')
    .innerJoin('spare_warehouses as w', 'w.id', 'q.warehouse_id')
    .leftJoin('users as u', 'u.id', 'q.requester_id')
    .where('q.tenant_id', '=', viewer.tenantId)
    .where(list.where);
  if (viewer.provider) base = base.where('q.provider_id', '=', viewer.provider.providerId);
  const page = await pagedList(base, list, async (rows) =>
    (
      await rows
        .select([
          'q.id',
          'q.request_no as requestNo',
          'p.name as providerName',
          'w.name as warehouseName',
          'u.realname as requesterName',
          'q.total_amount as totalAmount',
          'q.status',
          'q.remark',
          'q.result_remark as resultRemark',
          shanghaiDateTime('q.created_at').as('createTime'),
          shanghaiDateTime<string | null>('q.issued_at').as('issuedAt'),
          shanghaiDateTime<string | null>('q.received_at').as('receivedAt'),
        ])
        .execute()
    ).map((row) => ({ ...row, status_dictText: PART_REQUEST_STATUS[row.status] })),
  );
  const records = await Promise.all(
    page.records.map(async (row) => {
      const lines = await linesOf(db, row.id);
      return { ...row, lines, summary: lines.map((line) => `${line.partName}×${line.qty}`).join('，') };
    }),
  );
  return { ...page, records };
}
