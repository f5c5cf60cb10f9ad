// Approval flow definitions (DOMAIN §1.17 ApprovalFlowDefinition), edited on the 审批流配置 page: per business
// type, ordered nodes with their approver, 或签/会签 and timeout, and the conditions that choose among the
// flows of a type. Each edit bumps the flow's version; instances copy the nodes when they start, so an edit
// never reaches a running approval.
import { sql, type Kysely, type Selectable } from 'kysely';
import {
  APPROVAL_BIZ_TYPE,
  FLOW_STATUS,
  type ApprovalBizType,
  type ApprovalFlow,
  type ApprovalNode,
  type FlowConditions,
  type FlowStatus,
} from '../../../common/approvals';
import { newId } from '../../db/ids';
import { shanghaiDateTime } from '../../db/dates';
import type { ApprovalFlowsTable, DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { codesOf } from '../../../common/businessEnums';
import { notFound } from '../shared/commands';

export interface FlowInput {
  bizType: ApprovalBizType;
  name: string;
  priority: number;
  conditions: FlowConditions;
  nodes: Array<Omit<ApprovalNode, 'seq'>>;
  lowRisk: boolean;
}

/** The asset approvals' nodes: the office head (of the outlet's department), the administrators. */
const ASSET_LEADER_NODE: FlowInput['nodes'][number] = {
  name: '部门负责人审批',
  approverType: 'ORG_LEADER',
  approverRef: null,
  mode: 'ANY',
  timeoutHours: 48,
  timeoutAction: 'NONE',
};
const ASSET_ADMIN_NODE: FlowInput['nodes'][number] = {
  name: '资产管理员审批',
  approverType: 'ROLE',
  approverRef: 'admin',
  mode: 'ANY',
  timeoutHours: null,
  timeoutAction: 'NONE',
};

/**
 * The flows every tenant starts with: the new-outlet audit, the order, return, price-list and promotion approvals,
 * the asset approvals and 异常拜访审核.
 */
export const DEFAULT_FLOWS: FlowInput[] = [
  {
    bizType: 'CUSTOMER_CREATE',
    name: '新建门店审批',
    priority: 100,
    conditions: {},
    lowRisk: true,
    nodes: [
      {
        name: '主管审核',
        approverType: 'CUSTOMER_OWNER_LEADER',
        approverRef: null,
        mode: 'ANY',
        timeoutHours: 48,
        timeoutAction: 'NONE',
      },
    ],
  },
  {
    bizType: 'ORDER_CREDIT',
    name: '超信用订单审批（5万元以下）',
    priority: 100,
    conditions: { amountMax: 50000 },
    lowRisk: false,
    // The finance review of the order screens (财务审核): the administrators until a finance role is set.
    nodes: [
      {
        name: '财务审批',
        approverType: 'ROLE',
        approverRef: 'admin',
        mode: 'ANY',
        timeoutHours: 24,
        timeoutAction: 'NONE',
      },
    ],
  },
  {
    bizType: 'ORDER_CREDIT',
    name: '超信用订单审批（5万元及以上）',
    priority: 100,
    conditions: { amountMin: 50000 },
    lowRisk: false,
    nodes: [
      {
        name: '部门负责人审批',
        approverType: 'ORG_LEADER',
        approverRef: null,
        mode: 'ANY',
        timeoutHours: 24,
        timeoutAction: 'NONE',
      },
      {
        name: '财务审批',
        approverType: 'ROLE',
        approverRef: 'admin',
        mode: 'ANY',
        timeoutHours: null,
        timeoutAction: 'NONE',
      },
    ],
  },
  {
    bizType: 'RETURN',
    name: '退货审批',
    priority: 100,
    conditions: {},
    lowRisk: false,
    // DOMAIN §1.8: the dealer's or the brand's administrator approves a return.
    nodes: [
      {
        name: '管理员审批',
        approverType: 'ROLE',
        approverRef: 'admin',
        mode: 'ANY',
        timeoutHours: 48,
        timeoutAction: 'NONE',
      },
    ],
  },
  ...(['PRICE_LIST', 'PROMOTION'] as const).map((bizType): FlowInput => ({
    bizType,
    name: bizType === 'PRICE_LIST' ? '价目表审批' : '促销活动审批',
    priority: 100,
    conditions: {},
    lowRisk: false,
    nodes: [
      {
        name: '管理员审批',
        approverType: 'ROLE',
        approverRef: 'admin',
        mode: 'ANY',
        timeoutHours: null,
        timeoutAction: 'NONE',
      },
    ],
  })),

  // Trade assets (DOMAIN §1.10): a placement by the asset's value, recall, move between outlets, scrap.
  {
    bizType: 'ASSET_PLACE',
    name: '冰柜投放审批（5000元以下）',
    priority: 100,
    conditions: { amountMax: 5000 },
    lowRisk: false,
    nodes: [ASSET_LEADER_NODE],
  },
  {
    bizType: 'ASSET_PLACE',
    name: '冰柜投放审批（5000元及以上）',
    priority: 100,
    conditions: { amountMin: 5000 },
    lowRisk: false,
    nodes: [ASSET_LEADER_NODE, ASSET_ADMIN_NODE],
  },
  {
    bizType: 'ASSET_RECALL',
    name: '冰柜退还审批',
    priority: 100,
    conditions: {},
    lowRisk: true,
    nodes: [ASSET_LEADER_NODE],
  },
  {
    bizType: 'ASSET_TRANSFER',
    name: '冰柜转移审批',
    priority: 100,
    conditions: {},
    lowRisk: false,
    nodes: [ASSET_LEADER_NODE],
  },
  {
    bizType: 'ASSET_SCRAP',
    name: '冰柜报废审批',
    priority: 100,
    conditions: {},
    lowRisk: false,
    nodes: [ASSET_ADMIN_NODE],
  },

  // 合作协议 (DOMAIN §1.8): the regional or channel manager; the administrators until those roles are set.
  {
    bizType: 'COOP_AGREEMENT',
    name: '合作协议审批',
    priority: 100,
    conditions: {},
    lowRisk: false,
    nodes: [{ ...ASSET_ADMIN_NODE, name: '管理员审批' }],
  },
  // Rebates (DOMAIN §1.9): a policy before it runs, and an adjustment of a calculated rebate (手工调整).
  ...(['REBATE_POLICY', 'REBATE_ADJUST'] as const).map((bizType): FlowInput => ({
    bizType,
    name: bizType === 'REBATE_POLICY' ? '返利政策审批' : '返利调整审批',
    priority: 100,
    conditions: {},
    lowRisk: false,
    nodes: [ASSET_ADMIN_NODE].map((node) => ({ ...node, name: '管理员审批' })),
  })),
  // 金币人工调整 (DOMAIN §1.4): the administrators approve coins added to or taken from an outlet by hand.
  {
    bizType: 'COIN_ADJUST',
    name: '金币调整审批',
    priority: 100,
    conditions: {},
    lowRisk: false,
    nodes: [{ ...ASSET_ADMIN_NODE, name: '管理员审批' }],
  },
  // 物料申请 (DOMAIN §1.11): the office head, who may cut quantities.
  {
    bizType: 'MATERIAL_REQUEST',
    name: '物料申请审批',
    priority: 100,
    conditions: {},
    lowRisk: false,
    nodes: [ASSET_LEADER_NODE],
  },
  // 广告申请 (DOMAIN §1.12) by amount: the office head; from 5000 元 also the marketing department.
  {
    bizType: 'AD_APPLY',
    name: '广告申请审批（5000元以下）',
    priority: 100,
    conditions: { amountMax: 5000 },
    lowRisk: false,
    nodes: [ASSET_LEADER_NODE],
  },
  {
    bizType: 'AD_APPLY',
    name: '广告申请审批（5000元及以上）',
    priority: 100,
    conditions: { amountMin: 5000 },
    lowRisk: false,
    nodes: [ASSET_LEADER_NODE, { ...ASSET_ADMIN_NODE, name: '市场部审批' }],
  },

  // 异常拜访审核 (DOMAIN §1.4): the office head accepts or denies a flagged visit; low risk, so in batches.
  {
    bizType: 'VISIT_ABNORMAL',
    name: '异常拜访审核',
    priority: 100,
    conditions: {},
    lowRisk: true,
    nodes: [{ ...ASSET_LEADER_NODE, name: '主管审核' }],
  },
  // 陈列协议 (DOMAIN §1.8): the office head below 1万元 of total fee, the head and then the administrators above.
  {
    bizType: 'DISPLAY_AGREEMENT',
    name: '陈列协议审批（1万元以下）',
    priority: 100,
    conditions: { amountMax: 10000 },
    lowRisk: false,
    nodes: [{ ...ASSET_LEADER_NODE, name: '主管审批' }],
  },
  {
    bizType: 'DISPLAY_AGREEMENT',
    name: '陈列协议审批（1万元及以上）',
    priority: 100,
    conditions: { amountMin: 10000 },
    lowRisk: false,
    nodes: [
      { ...ASSET_LEADER_NODE, name: '主管审批' },
      { ...ASSET_ADMIN_NODE, name: '大区审批' },
    ],
  },
  // KPI目标变更 (DOMAIN §1.13): a target locked at its period's start changes only with the head's approval.
  {
    bizType: 'KPI_CHANGE',
    name: 'KPI目标变更审批',
    priority: 100,
    conditions: {},
    lowRisk: false,
    nodes: [{ ...ASSET_LEADER_NODE, name: '上级审批' }],
  },
  // 备件申请 (DOMAIN §1.15, issue #20 MES): the head of the requester's department (the 生产中心's supervisor).
  {
    bizType: 'SPARE_PART_REQUEST',
    name: '备件申请审批',
    priority: 100,
    conditions: {},
    lowRisk: false,
    nodes: [{ ...ASSET_LEADER_NODE, name: '维修主管审批' }],
  },
];

const numbered = (nodes: FlowInput['nodes']): ApprovalNode[] =>
  nodes.map((node, index) => ({ ...node, seq: index + 1 }));

const flowRows = (tenantId: string, flows: FlowInput[]) =>
  flows.map((flow) => ({
    id: newId(),
    tenant_id: tenantId,
    biz_type: flow.bizType,
    name: flow.name,
    priority: flow.priority,
    conditions: JSON.stringify(flow.conditions),
    nodes: JSON.stringify(numbered(flow.nodes)),
    low_risk: flow.lowRisk,
  }));

/** Writes the default flows of a tenant that has none yet (a new tenant, or one from before the engine). */
export async function insertDefaultFlows(db: Kysely<DB>, tenantId: string): Promise<void> {
  const existing = await db
    .selectFrom('approval_flows')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .limit(1)
    .executeTakeFirst();
  if (existing) return;
  await db.insertInto('approval_flows').values(flowRows(tenantId, DEFAULT_FLOWS)).execute();
}

/** Adds the default flows of `types` that the tenant has none of (types a migration brings in). */
export async function insertMissingFlows(
  db: Kysely<DB>,
  tenantId: string,
  types: readonly ApprovalBizType[],
): Promise<void> {
  const present = new Set(
    (
      await db
        .selectFrom('approval_flows')
        .select('biz_type')
        .where('tenant_id', '=', tenantId)
        .where('biz_type', 'in', types)
        .execute()
    ).map((row) => row.biz_type),
  );
  const missing = DEFAULT_FLOWS.filter((flow) => types.includes(flow.bizType) && !present.has(flow.bizType));
  if (missing.length === 0) return;
  await db.insertInto('approval_flows').values(flowRows(tenantId, missing)).execute();
}

/** What a submission offers to the conditions. */
export interface SubmissionFacts {
  amount?: number | null;
  quantity?: number | null;
  orgCode?: string | null;
}

const within = (value: number | null | undefined, min?: number | null, max?: number | null) => {
  if ((min === undefined || min === null) && (max === undefined || max === null)) return true;
  if (value === undefined || value === null) return false;
  // [min, max): the 5万 boundary belongs to the flow "5万元及以上".
  return (
    (min === undefined || min === null || value >= min) && (max === undefined || max === null || value < max)
  );
};

/** True when a flow's conditions take the submission. */
export function conditionsMatch(conditions: FlowConditions, facts: SubmissionFacts): boolean {
  const orgCodes = conditions.orgCodes ?? [];
  const orgMatches =
    orgCodes.length === 0 || (!!facts.orgCode && orgCodes.some((code) => facts.orgCode!.startsWith(code)));
  return (
    orgMatches &&
    within(facts.amount, conditions.amountMin, conditions.amountMax) &&
    within(facts.quantity, conditions.quantityMin, conditions.quantityMax)
  );
}

/** The active flow of the type that takes the submission: the smallest priority, then the oldest. */
export async function chooseFlow(
  db: Kysely<DB>,
  tenantId: string,
  bizType: ApprovalBizType,
  facts: SubmissionFacts,
): Promise<Selectable<ApprovalFlowsTable>> {
  const flows = await db
    .selectFrom('approval_flows')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('biz_type', '=', bizType)
    .where('status', '=', 'ACTIVE')
    .orderBy('priority')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const flow = flows.find((each) => conditionsMatch(each.conditions, facts));
  if (!flow) {
    throw new BusinessError(
      400,
      `没有适用的「${APPROVAL_BIZ_TYPE[bizType]}」审批流，请联系管理员在审批流配置中设置`,
    );
  }
  return flow;
}

// ---- The 审批流配置 page ----

const flowSpec: ListSpec = {
  filters: {
    bizType: { column: 'biz_type', kind: 'enum', values: codesOf(APPROVAL_BIZ_TYPE) },
    name: { column: 'name', kind: 'text' },
    status: { column: 'status', kind: 'enum', values: codesOf(FLOW_STATUS) },
  },
  sorts: { bizType: 'biz_type', priority: 'priority', updateTime: 'updated_at' },
  defaultSort: [
    ['biz_type', 'asc'],
    ['priority', 'asc'],
    ['id', 'asc'],
  ],
};

export async function listFlows(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, flowSpec);
  const base = db.selectFrom('approval_flows').where('tenant_id', '=', caller.tenantId).where(list.where);
  return pagedList(base, list, async (page) =>
    (
      await page
        .select([
          'id',
          'biz_type',
          'name',
          'priority',
          'conditions',
          'nodes',
          'low_risk',
          'status',
          'flow_version',
          shanghaiDateTime('updated_at').as('updateTime'),
        ])
        .execute()
    ).map((row): ApprovalFlow => ({
      id: row.id,
      bizType: row.biz_type,
      bizType_dictText: APPROVAL_BIZ_TYPE[row.biz_type],
      name: row.name,
      priority: row.priority,
      conditions: row.conditions,
      nodes: row.nodes,
      lowRisk: row.low_risk,
      status: row.status,
      status_dictText: FLOW_STATUS[row.status],
      flowVersion: row.flow_version,
      updateTime: row.updateTime,
    })),
  );
}

/** Checks what a schema cannot: node references, bounds in order. */
async function checkFlow(db: Kysely<DB>, tenantId: string, input: FlowInput): Promise<void> {
  const { conditions } = input;
  for (const [min, max, what] of [
    [conditions.amountMin, conditions.amountMax, '金额'],
    [conditions.quantityMin, conditions.quantityMax, '数量'],
  ] as const) {
    if (min !== undefined && min !== null && max !== undefined && max !== null && min >= max) {
      throw new BusinessError(400, `${what}下限须小于上限`);
    }
  }
  for (const [index, node] of input.nodes.entries()) {
    const where = `第${index + 1}个节点`;
    if (node.approverType === 'ROLE') {
      const role = node.approverRef
        ? await db
            .selectFrom('roles')
            .select('id')
            .where('tenant_id', '=', tenantId)
            .where('role_code', '=', node.approverRef)
            .executeTakeFirst()
        : undefined;
      if (!role) throw new BusinessError(400, `${where}：请选择存在的审批角色`);
    } else if (node.approverType === 'USER') {
      const user = node.approverRef
        ? await db
            .selectFrom('users')
            .select('id')
            .where('tenant_id', '=', tenantId)
            .where('id', '=', node.approverRef)
            .where('del_flag', '=', 0)
            .executeTakeFirst()
        : undefined;
      if (!user) throw new BusinessError(400, `${where}：请选择存在的审批人`);
    }
  }
}

const nodeValues = (nodes: FlowInput['nodes']) =>
  numbered(nodes).map((node) => ({
    ...node,
    // Leaders are found from the submission; a reference there means nothing.
    approverRef: node.approverType === 'ROLE' || node.approverType === 'USER' ? node.approverRef : null,
  }));

export async function saveFlow(
  db: Kysely<DB>,
  actor: Actor,
  id: string | undefined,
  input: FlowInput,
): Promise<{ id: string; flowVersion: number }> {
  return db.transaction().execute(async (trx) => {
    await checkFlow(trx, actor.tenantId, input);
    const values = {
      biz_type: input.bizType,
      name: input.name.trim(),
      priority: input.priority,
      conditions: JSON.stringify(input.conditions),
      nodes: JSON.stringify(nodeValues(input.nodes)),
      low_risk: input.lowRisk,
      updated_by: actor.userId,
    };
    const saved =
      id === undefined
        ? await trx
            .insertInto('approval_flows')
            .values({ ...values, id: newId(), tenant_id: actor.tenantId, created_by: actor.userId })
            .returning(['id', 'flow_version'])
            .executeTakeFirstOrThrow()
        : await trx
            .updateTable('approval_flows')
            .set({ ...values, updated_at: new Date(), flow_version: sql`flow_version + 1` })
            .where('id', '=', id)
            .where('tenant_id', '=', actor.tenantId)
            .returning(['id', 'flow_version'])
            .executeTakeFirst();
    if (!saved) throw notFound('审批流');
    await logOperation(
      trx,
      actor,
      id === undefined ? 'add' : 'update',
      `${id === undefined ? '新增' : '编辑'}审批流 ${values.name}（${APPROVAL_BIZ_TYPE[input.bizType]}）`,
    );
    return { id: saved.id, flowVersion: saved.flow_version };
  });
}

export async function changeFlowStatus(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  status: FlowStatus,
): Promise<{ id: string }> {
  return db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('approval_flows')
      .set({ status, updated_by: actor.userId, updated_at: new Date() })
      .where('id', '=', id)
      .where('tenant_id', '=', actor.tenantId)
      .returning('name')
      .executeTakeFirst();
    if (!changed) throw notFound('审批流');
    await logOperation(trx, actor, 'update', `${FLOW_STATUS[status]}审批流 ${changed.name}`);
    return { id };
  });
}
