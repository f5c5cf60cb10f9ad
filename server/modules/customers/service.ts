// Customers (DOMAIN §1.3): dealers and outlets in one table, seen through the caller's data scope. The
// audit, verification and trading statuses each have their state machine, enforced here with conditional
// updates so two operators acting at once cannot both win.
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  AUDIT_STATUS,
  CHANNEL,
  CUSTOMER_LEVEL,
  CUSTOMER_SOURCE,
  CUSTOMER_STATUS,
  CUSTOMER_TYPE,
  PARTNER_STAGE,
  PHOTO_KIND,
  TEAM_ROLE,
  VERIFY_STATUS,
  codesOf,
} from '../../../common/businessEnums';
import { attachmentIdOf } from '../../../common/attachments';
import { storedImageIdOf, thumbnailUrlOf } from '../../../common/files';
import { shanghaiDateTime, isoDate } from '../../db/dates';
import { newId } from '../../db/ids';
import type {
  AuditStatus,
  CustomerChannel,
  CustomerLevel,
  CustomerStatus,
  CustomerType,
  DB,
  PartnerStage,
  PhotoKind,
  TeamRole,
  VerifyStatus,
} from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import {
  containsPattern,
  pagedList,
  parseListQuery,
  type ListQuery,
  type ListSpec,
  type RawQuery,
} from '../../http/listQuery';
import { attachmentsByIds } from '../attachments/service';
import { decideOwnTask, type TaskNotice } from '../approvals/engine';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { submitOutletApproval } from './approval';
import { trackChange } from '../shared/changeHistory';
import {
  changedMeanwhile,
  existingRow,
  notFound,
  transitionTo,
  withUniqueKeys,
  type Transition,
} from '../shared/commands';
import { dataScopeOf, inScope, orgCodeInScope, type DataScope } from '../shared/dataScope';

/** Dealer-like types: the ones outlets can be linked to. */
export const SUPPLIER_TYPES: CustomerType[] = ['DEALER', 'SUB_DISTRIBUTOR', 'WHOLESALER'];

export interface CustomerInput {
  customerCode?: string;
  name: string;
  shortName?: string | null;
  mnemonic?: string | null;
  customerType: CustomerType;
  channel?: CustomerChannel;
  outletType?: string | null;
  level?: CustomerLevel | null;
  parentCustomerId?: string | null;
  servingDealerId?: string | null;
  provinceCode?: string | null;
  cityCode?: string | null;
  districtCode?: string | null;
  address?: string | null;
  lng?: number | null;
  lat?: number | null;
  poiId?: string | null;
  poiName?: string | null;
  poiLng?: number | null;
  poiLat?: number | null;
  contactName?: string | null;
  contactMobile?: string | null;
  bossName?: string | null;
  bossMobile?: string | null;
  businessLicenseNo?: string | null;
  areaSqm?: number | null;
  deliveryMode?: 'DEALER_DELIVERY' | 'BRAND_DIRECT' | 'SELF_PICKUP' | null;
  ownerUserId?: string | null;
  orgCode?: string;
  visitCycle?: 'WEEKLY' | 'BIWEEKLY' | 'TRIWEEKLY' | 'FOUR_WEEKLY' | null;
  settlementMethod?: 'CASH' | 'COD' | 'CREDIT' | 'PREPAID' | null;
  creditLimit?: number | null;
  creditDays?: number | null;
  partnerStage?: PartnerStage | null;
  erpType?: 'KINGDEE_K3CLOUD' | 'CHANJET_TPLUS' | 'NONE' | null;
  erpCustomerCode?: string | null;
  version?: number;
}

/** A customer row of the caller's tenant and data scope; the same "not found" otherwise. */
export async function customerInScope(
  db: Kysely<DB>,
  tenantId: string,
  scope: DataScope,
  id: string,
  lock = false,
) {
  let query = db
    .selectFrom('customers')
    .selectAll()
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .where(inScope(scope, 'org_code', 'owner_user_id'));
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('客户');
  return row;
}

// ---- List and detail ----

const customerSpec: ListSpec = {
  filters: {
    customerCode: { column: 'customers.customer_code', kind: 'text' },
    name: { column: 'customers.name', kind: 'text' },
    customerType: { column: 'customers.customer_type', kind: 'enum', values: codesOf(CUSTOMER_TYPE) },
    channel: { column: 'customers.channel', kind: 'enum', values: codesOf(CHANNEL) },
    outletType: { column: 'customers.outlet_type', kind: 'text' },
    level: { column: 'customers.level', kind: 'enum', values: codesOf(CUSTOMER_LEVEL) },
    auditStatus: { column: 'customers.audit_status', kind: 'enum', values: codesOf(AUDIT_STATUS) },
    verifyStatus: { column: 'customers.verify_status', kind: 'enum', values: codesOf(VERIFY_STATUS) },
    status: { column: 'customers.status', kind: 'enum', values: codesOf(CUSTOMER_STATUS) },
    partnerStage: { column: 'customers.partner_stage', kind: 'enum', values: codesOf(PARTNER_STAGE) },
    source: { column: 'customers.source', kind: 'enum', values: codesOf(CUSTOMER_SOURCE) },
    provinceCode: { column: 'customers.province_code', kind: 'text' },
    cityCode: { column: 'customers.city_code', kind: 'text' },
    districtCode: { column: 'customers.district_code', kind: 'text' },
    orgCode: { column: 'customers.org_code', kind: 'text' },
    servingDealerId: { column: 'customers.serving_dealer_id', kind: 'text' },
    ownerUserId: { column: 'customers.owner_user_id', kind: 'text' },
    freezerCount: { column: 'customers.freezer_count', kind: 'integer' },
    createTime: { column: 'customers.created_at', kind: 'datetime' },
    lastOrderTime: { column: 'customers.last_order_at', kind: 'datetime' },
    lastVisitTime: { column: 'customers.last_visit_at', kind: 'datetime' },
  },
  sorts: {
    customerCode: 'customers.customer_code',
    name: 'customers.name',
    level: 'customers.level',
    freezerCount: 'customers.freezer_count',
    createTime: 'customers.created_at',
    lastOrderTime: 'customers.last_order_at',
    lastVisitTime: 'customers.last_visit_at',
  },
  defaultSort: [
    ['customers.created_at', 'desc'],
    ['customers.id', 'asc'],
  ],
  // keyword: code, name, short name, mnemonic, contact or boss mobile; labelIds=a,b with labelMatch any|all;
  // hasFreezer=true|false.
  extras: ['keyword', 'labelIds', 'labelMatch', 'hasFreezer'],
};

/** A dealer's user sees its dealer and the outlets it serves. */
const DEALER_CUSTOMER_COLUMNS = ['customers.id', 'customers.serving_dealer_id'];

function customerBase(db: Kysely<DB>, tenantId: string, scope: DataScope) {
  return db
    .selectFrom('customers')
    .leftJoin('customers as dealer', 'dealer.id', 'customers.serving_dealer_id')
    .leftJoin('users as owner', 'owner.id', 'customers.owner_user_id')
    .where('customers.tenant_id', '=', tenantId)
    .where(inScope(scope, 'customers.org_code', 'customers.owner_user_id', DEALER_CUSTOMER_COLUMNS));
}

type CustomerBase = ReturnType<typeof customerBase>;

function applyExtras(base: CustomerBase, list: ListQuery): CustomerBase {
  let query = base;
  const keyword = list.extras.keyword?.trim();
  if (keyword) {
    const pattern = containsPattern(keyword);
    query = query.where((eb) =>
      eb.or([
        eb('customers.customer_code', 'ilike', pattern),
        eb('customers.name', 'ilike', pattern),
        eb('customers.short_name', 'ilike', pattern),
        eb('customers.mnemonic', 'ilike', pattern),
        eb('customers.contact_mobile', '=', keyword),
        eb('customers.boss_mobile', '=', keyword),
      ]),
    );
  }
  const labelIds = (list.extras.labelIds ?? '').split(',').filter(Boolean);
  if (labelIds.length > 0) {
    const all = list.extras.labelMatch === 'all';
    query = query.where(
      (eb) =>
        eb
          .selectFrom('customer_label_links')
          .select(sql<number>`count(distinct label_id)`.as('n'))
          .whereRef('customer_label_links.customer_id', '=', 'customers.id')
          .where('customer_label_links.label_id', 'in', labelIds),
      all ? '=' : '>=',
      all ? labelIds.length : 1,
    );
  }
  if (list.extras.hasFreezer === 'true') query = query.where('customers.freezer_count', '>', 0);
  if (list.extras.hasFreezer === 'false') query = query.where('customers.freezer_count', '=', 0);
  return query;
}

function selectCustomers(query: CustomerBase) {
  return query
    .select((eb) => [
      'customers.id',
      'customers.customer_code as customerCode',
      'customers.name',
      'customers.short_name as shortName',
      'customers.mnemonic',
      'customers.customer_type as customerType',
      'customers.channel',
      'customers.outlet_type as outletType',
      'customers.level',
      'customers.parent_customer_id as parentCustomerId',
      'customers.serving_dealer_id as servingDealerId',
      'dealer.name as servingDealerName',
      'customers.province_code as provinceCode',
      'customers.city_code as cityCode',
      'customers.district_code as districtCode',
      'customers.address',
      'customers.lng',
      'customers.lat',
      'customers.poi_id as poiId',
      'customers.poi_name as poiName',
      'customers.poi_lng as poiLng',
      'customers.poi_lat as poiLat',
      'customers.contact_name as contactName',
      'customers.contact_mobile as contactMobile',
      'customers.boss_name as bossName',
      'customers.boss_mobile as bossMobile',
      'customers.business_license_no as businessLicenseNo',
      'customers.area_sqm as areaSqm',
      'customers.delivery_mode as deliveryMode',
      'customers.owner_user_id as ownerUserId',
      'owner.realname as ownerName',
      'customers.org_code as orgCode',
      'customers.visit_cycle as visitCycle',
      'customers.settlement_method as settlementMethod',
      'customers.credit_limit as creditLimit',
      'customers.credit_days as creditDays',
      'customers.source',
      'customers.audit_status as auditStatus',
      'customers.audit_remark as auditRemark',
      'customers.verify_status as verifyStatus',
      'customers.verify_remark as verifyRemark',
      'customers.status',
      'customers.partner_stage as partnerStage',
      'customers.erp_type as erpType',
      'customers.erp_customer_code as erpCustomerCode',
      'customers.freezer_count as freezerCount',
      'customers.version',
      shanghaiDateTime<string | null>('customers.last_visit_at').as('lastVisitTime'),
      shanghaiDateTime<string | null>('customers.last_order_at').as('lastOrderTime'),
      shanghaiDateTime('customers.created_at').as('createTime'),
      shanghaiDateTime('customers.updated_at').as('updateTime'),
      sql<Array<{ id: string; name: string; color: string }>>`coalesce((${eb
        .selectFrom('customer_label_links')
        .innerJoin('customer_labels', 'customer_labels.id', 'customer_label_links.label_id')
        .select(
          sql`json_agg(json_build_object('id', customer_labels.id, 'name', customer_labels.name, 'color', customer_labels.color) order by customer_labels.name)`.as(
            'labels',
          ),
        )
        .whereRef('customer_label_links.customer_id', '=', 'customers.id')
        .where('customer_labels.status', '=', 'ACTIVE')}), '[]'::json)`.as('labels'),
    ])
    .execute();
}

type CustomerRow = Awaited<ReturnType<typeof selectCustomers>>[number];

const customerRecord = (row: CustomerRow) => ({
  ...row,
  customerType_dictText: CUSTOMER_TYPE[row.customerType],
  channel_dictText: CHANNEL[row.channel],
  auditStatus_dictText: AUDIT_STATUS[row.auditStatus],
  verifyStatus_dictText: VERIFY_STATUS[row.verifyStatus],
  status_dictText: CUSTOMER_STATUS[row.status],
  source_dictText: CUSTOMER_SOURCE[row.source],
  partnerStage_dictText: row.partnerStage ? PARTNER_STAGE[row.partnerStage] : null,
});

export type CustomerRecord = ReturnType<typeof customerRecord>;

export async function listCustomers(db: Kysely<DB>, actor: Caller, query: RawQuery, spec = customerSpec) {
  const list = parseListQuery(query, spec);
  const scope = await dataScopeOf(db, actor.tenantId, actor.userId);
  const base = applyExtras(customerBase(db, actor.tenantId, scope).where(list.where), list);
  return pagedList(base, list, async (page) => (await selectCustomers(page)).map(customerRecord));
}

/** The potential partners (/{product}/dealers/potentiallist): dealers not signed yet. */
export function listPotentialPartners(db: Kysely<DB>, actor: Caller, query: RawQuery) {
  return listCustomers(
    db,
    actor,
    { customerType: 'DEALER', partnerStage: 'POTENTIAL,NEGOTIATING', ...query },
    customerSpec,
  );
}

export async function customerById(db: Kysely<DB>, actor: Caller, id: string) {
  const scope = await dataScopeOf(db, actor.tenantId, actor.userId);
  const [row] = await selectCustomers(customerBase(db, actor.tenantId, scope).where('customers.id', '=', id));
  if (!row) throw notFound('客户');
  return customerRecord(row);
}

// ---- Create and edit ----

const CUSTOMER_UNIQUE_KEYS = (code: string) => ({ customers_tenant_code_key: `客户编码 ${code} 已存在` });

/**
 * The next `count` free codes of a type (D0001 dealers, S0000001 outlets). The transaction holds a lock per
 * tenant until it ends, so two commands at once never hand out the same code.
 */
export async function nextCustomerCodes(
  trx: Transaction<DB>,
  tenantId: string,
  type: CustomerType,
  count: number,
): Promise<string[]> {
  await sql`select pg_advisory_xact_lock(hashtext(${`customer_codes:${tenantId}`}))`.execute(trx);
  const prefix = type === 'OUTLET' ? 'S' : 'D';
  const digits = type === 'OUTLET' ? 7 : 4;
  const { last } = await sql<{ last: string | null }>`
    select max(customer_code) as last from customers
    where tenant_id = ${tenantId} and customer_code ~ ${`^${prefix}[0-9]{${digits}}$`}`
    .execute(trx)
    .then((result) => result.rows[0]);
  const first = last ? Number(last.slice(1)) + 1 : 1;
  return Array.from(
    { length: count },
    (_, index) => `${prefix}${String(first + index).padStart(digits, '0')}`,
  );
}

async function checkReferences(trx: Transaction<DB>, actor: Actor, input: CustomerInput, selfId?: string) {
  if (input.servingDealerId) {
    if (input.servingDealerId === selfId) throw new BusinessError(400, '供货经销商不能是自己');
    await supplierOf(trx, actor.tenantId, input.servingDealerId);
  }
  if (input.parentCustomerId) {
    if (input.parentCustomerId === selfId) throw new BusinessError(400, '上级客户不能是自己');
    await existingRow(trx, 'customers', actor.tenantId, input.parentCustomerId, ['id'], '上级客户');
  }
  if (input.ownerUserId) {
    const owner = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', input.ownerUserId)
      .where('tenant_id', '=', actor.tenantId)
      .where('del_flag', '=', 0)
      .executeTakeFirst();
    if (!owner) throw notFound('负责业务员');
  }
  if ((input.lng == null) !== (input.lat == null)) throw new BusinessError(400, '经度和纬度须同时填写');
}

/** A dealer-like customer that may supply outlets: approved and trading. */
export async function supplierOf(db: Kysely<DB>, tenantId: string, id: string) {
  const dealer = await existingRow(
    db,
    'customers',
    tenantId,
    id,
    ['id', 'name', 'customer_type', 'audit_status', 'status'],
    '经销商',
  );
  if (!SUPPLIER_TYPES.includes(dealer.customer_type)) {
    throw new BusinessError(
      400,
      `${dealer.name} 是${CUSTOMER_TYPE[dealer.customer_type]}，不能作为供货经销商`,
    );
  }
  if (dealer.audit_status !== 'APPROVED' || dealer.status !== 'ACTIVE') {
    throw new BusinessError(409, `经销商 ${dealer.name} 未审核通过或不在正常经营状态，不能关联`);
  }
  return dealer;
}

function customerValues(input: CustomerInput) {
  return {
    name: input.name,
    short_name: input.shortName ?? null,
    mnemonic: input.mnemonic ?? null,
    customer_type: input.customerType,
    channel: input.channel ?? 'TT',
    outlet_type: input.outletType ?? null,
    level: input.level ?? null,
    parent_customer_id: input.parentCustomerId ?? null,
    serving_dealer_id: input.servingDealerId ?? null,
    province_code: input.provinceCode ?? null,
    city_code: input.cityCode ?? null,
    district_code: input.districtCode ?? null,
    address: input.address ?? null,
    lng: input.lng ?? null,
    lat: input.lat ?? null,
    poi_id: input.poiId ?? null,
    poi_name: input.poiName ?? null,
    poi_lng: input.poiLng ?? null,
    poi_lat: input.poiLat ?? null,
    contact_name: input.contactName ?? null,
    contact_mobile: input.contactMobile ?? null,
    boss_name: input.bossName ?? null,
    boss_mobile: input.bossMobile ?? null,
    business_license_no: input.businessLicenseNo ?? null,
    area_sqm: input.areaSqm ?? null,
    delivery_mode: input.deliveryMode ?? null,
    owner_user_id: input.ownerUserId ?? null,
    visit_cycle: input.visitCycle ?? null,
    settlement_method: input.settlementMethod ?? null,
    credit_limit: input.creditLimit ?? null,
    credit_days: input.creditDays ?? null,
    partner_stage: input.customerType === 'DEALER' ? (input.partnerStage ?? 'SIGNED') : null,
    erp_type: input.erpType ?? null,
    erp_customer_code: input.erpCustomerCode ?? null,
  };
}

/** The org code a new row goes to: the one asked for (inside the scope), or the caller's own department. */
export function orgCodeFor(scope: DataScope, requested: string | undefined): string {
  if (requested) {
    if (!orgCodeInScope(scope, requested)) throw new BusinessError(400, '所选部门不在您的数据权限范围内');
    return requested;
  }
  const [own] = scope.orgCodes;
  if (!own) throw new BusinessError(400, '您尚未归属部门，不能新建客户');
  return own;
}

export async function addCustomer(
  db: Kysely<DB>,
  actor: Actor,
  input: CustomerInput,
): Promise<{ id: string; customerCode: string; notices: TaskNotice[] }> {
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const orgCode = orgCodeFor(scope, input.orgCode);
    await checkReferences(trx, actor, input);
    // Outlets wait for the city manager's audit (DOMAIN §1.3); parties entered by head office start approved.
    const auditStatus: AuditStatus = input.customerType === 'OUTLET' ? 'PENDING' : 'APPROVED';
    const customerCode =
      input.customerCode || (await nextCustomerCodes(trx, actor.tenantId, input.customerType, 1))[0];
    const id = newId();
    const change = await trackChange(trx, actor, 'customers', undefined);
    await withUniqueKeys(CUSTOMER_UNIQUE_KEYS(customerCode), () =>
      trx
        .insertInto('customers')
        .values({
          ...customerValues(input),
          id,
          tenant_id: actor.tenantId,
          customer_code: customerCode,
          org_code: orgCode,
          owner_user_id: input.ownerUserId ?? actor.userId,
          audit_status: auditStatus,
          created_by: actor.userId,
          updated_by: actor.userId,
        })
        .execute(),
    );
    await trx
      .insertInto('customer_team_members')
      .values({
        id: newId(),
        tenant_id: actor.tenantId,
        customer_id: id,
        user_id: input.ownerUserId ?? actor.userId,
        role: 'OWNER',
      })
      .execute();
    await change.log('add', `新增客户 ${customerCode} ${input.name}`, id);
    const notices =
      auditStatus === 'PENDING'
        ? await submitOutletApproval(trx, actor.userId, await customerInScope(trx, actor.tenantId, scope, id))
        : [];
    return { id, customerCode, notices };
  });
}

export async function editCustomer(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  input: CustomerInput,
): Promise<{ id: string }> {
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const current = await customerInScope(trx, actor.tenantId, scope, id, true);
    if (input.version !== undefined && input.version !== current.version) throw changedMeanwhile('客户');
    if (input.customerType !== current.customer_type) {
      throw new BusinessError(400, '客户类型不能修改');
    }
    await checkReferences(trx, actor, input, id);
    const orgCode = input.orgCode ? orgCodeFor(scope, input.orgCode) : current.org_code;
    const customerCode = input.customerCode || current.customer_code;
    const change = await trackChange(trx, actor, 'customers', id);
    await withUniqueKeys(CUSTOMER_UNIQUE_KEYS(customerCode), () =>
      trx
        .updateTable('customers')
        .set({
          ...customerValues(input),
          partner_stage:
            current.customer_type === 'DEALER' ? (input.partnerStage ?? current.partner_stage) : null,
          owner_user_id: input.ownerUserId ?? current.owner_user_id,
          customer_code: customerCode,
          org_code: orgCode,
          updated_by: actor.userId,
          updated_at: new Date(),
          version: sql`version + 1`,
        })
        .where('id', '=', id)
        .execute(),
    );
    await change.log('update', `编辑客户 ${customerCode} ${input.name}`);
    return { id };
  });
}

// ---- State machines ----

export const AUDIT_TRANSITIONS: readonly Transition<AuditStatus>[] = [
  { from: ['PENDING'], to: 'APPROVED', action: '审核通过' },
  { from: ['PENDING'], to: 'REJECTED', action: '驳回' },
  { from: ['REJECTED'], to: 'PENDING', action: '重新提交审核' },
];

export const VERIFY_TRANSITIONS: readonly Transition<VerifyStatus>[] = [
  { from: ['UNVERIFIED', 'SUSPECT'], to: 'VERIFIED', action: '核实' },
  { from: ['UNVERIFIED', 'VERIFIED'], to: 'SUSPECT', action: '标记为疑似异常' },
  { from: ['SUSPECT'], to: 'FAKE', action: '认定为虚假门店' },
];

export const STATUS_TRANSITIONS: readonly Transition<CustomerStatus>[] = [
  { from: ['ACTIVE'], to: 'FROZEN', action: '冻结' },
  { from: ['FROZEN', 'CLOSED'], to: 'ACTIVE', action: '恢复正常' },
  { from: ['ACTIVE'], to: 'CLOSED', action: '关店' },
  { from: ['ACTIVE', 'FROZEN', 'CLOSED'], to: 'DISABLED', action: '停用' },
];

type StatusColumn = 'audit_status' | 'verify_status' | 'status';

/**
 * Moves one customer's status column along its machine: checks the transition against the row as read,
 * then updates only if the row is still in that state (else someone acted first).
 */
async function moveStatus<S extends string>(
  trx: Transaction<DB>,
  actor: Actor,
  scope: DataScope,
  id: string,
  column: StatusColumn,
  machine: { transitions: readonly Transition<S>[]; labels: Record<S, string> },
  to: S,
  extra: Record<string, unknown> = {},
) {
  const current = await customerInScope(trx, actor.tenantId, scope, id);
  const from = current[column] as S;
  const transition = transitionTo(machine.transitions, machine.labels, from, to);
  const change = await trackChange(trx, actor, 'customers', id);
  const changed = await trx
    .updateTable('customers')
    .set({
      [column]: to,
      ...extra,
      updated_by: actor.userId,
      updated_at: new Date(),
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .where('tenant_id', '=', actor.tenantId)
    .where(column, '=', from as never)
    .returning('id')
    .executeTakeFirst();
  if (!changed) throw changedMeanwhile('客户');
  return { current, transition, change };
}

export type AuditAction = 'APPROVE' | 'REJECT' | 'RESUBMIT';

const AUDIT_TARGET: Record<AuditAction, AuditStatus> = {
  APPROVE: 'APPROVED',
  REJECT: 'REJECTED',
  RESUBMIT: 'PENDING',
};

/**
 * The 门店审核 page's audit. Approving and rejecting act on the caller's pending task of the outlet's
 * CUSTOMER_CREATE approval (the engine moves the outlet when the approval ends; with more nodes it stays
 * PENDING); resubmitting a rejected outlet starts a new approval.
 */
export async function auditCustomer(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  action: AuditAction,
  reason?: string,
): Promise<{ id: string; auditStatus: AuditStatus; notices: TaskNotice[] }> {
  if (action === 'REJECT' && !reason?.trim()) throw new BusinessError(400, '驳回须填写原因');
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const to = AUDIT_TARGET[action];
    if (action === 'RESUBMIT') {
      const { current, transition, change } = await moveStatus(
        trx,
        actor,
        scope,
        id,
        'audit_status',
        { transitions: AUDIT_TRANSITIONS, labels: AUDIT_STATUS },
        to,
        { audit_remark: null },
      );
      const notices = await submitOutletApproval(trx, actor.userId, current);
      await change.log('update', `客户${transition.action} ${current.customer_code} ${current.name}`);
      return { id, auditStatus: to, notices };
    }
    const current = await customerInScope(trx, actor.tenantId, scope, id);
    transitionTo(AUDIT_TRANSITIONS, AUDIT_STATUS, current.audit_status, to);
    const step = await decideOwnTask(
      trx,
      actor,
      { bizType: 'CUSTOMER_CREATE', bizId: id },
      { pass: action === 'APPROVE', reason },
      '您不是该门店当前的审批人',
    );
    if (!step) throw new BusinessError(409, '该门店没有进行中的审批');
    return {
      id,
      auditStatus: step.status === 'IN_PROGRESS' ? current.audit_status : to,
      notices: step.notices,
    };
  });
}

export async function changeVerifyStatus(
  db: Kysely<DB>,
  actor: Actor,
  ids: string[],
  to: VerifyStatus,
  reason?: string,
): Promise<{ changed: number }> {
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    for (const id of ids) {
      // FAKE closes the outlet for good (DOMAIN §1.3): fees stop, agreements are flagged.
      const extra =
        to === 'FAKE'
          ? { status: 'CLOSED' as const, verify_remark: reason ?? null }
          : { verify_remark: reason ?? null };
      const { current, transition, change } = await moveStatus(
        trx,
        actor,
        scope,
        id,
        'verify_status',
        { transitions: VERIFY_TRANSITIONS, labels: VERIFY_STATUS },
        to,
        extra,
      );
      await change.log('update', `客户${transition.action} ${current.customer_code} ${current.name}`);
    }
    return { changed: ids.length };
  });
}

export async function changeCustomerStatus(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  to: CustomerStatus,
  reason?: string,
): Promise<{ id: string; status: CustomerStatus }> {
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const current = await customerInScope(trx, actor.tenantId, scope, id);
    if (to === 'CLOSED' && current.freezer_count > 0) {
      throw new BusinessError(409, `门店还有 ${current.freezer_count} 台冰柜，请先撤机再关店`);
    }
    if (to === 'ACTIVE' && current.verify_status === 'FAKE') {
      throw new BusinessError(409, '虚假门店不能恢复经营');
    }
    const { transition, change } = await moveStatus(
      trx,
      actor,
      scope,
      id,
      'status',
      { transitions: STATUS_TRANSITIONS, labels: CUSTOMER_STATUS },
      to,
    );
    await change.log(
      'update',
      `客户${transition.action} ${current.customer_code} ${current.name}${reason ? `：${reason}` : ''}`,
    );
    return { id, status: to };
  });
}

// ---- Links, dealer lists, team, photos ----

/** link / linkBatch: outlets (or sub-distributors) get their supplying dealer. */
export async function linkToDealer(db: Kysely<DB>, actor: Actor, customerIds: string[], dealerId: string) {
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const dealer = await supplierOf(trx, actor.tenantId, dealerId);
    for (const id of customerIds) {
      const customer = await customerInScope(trx, actor.tenantId, scope, id);
      if (id === dealerId) throw new BusinessError(400, '不能关联到自己');
      if (customer.customer_type === 'DEALER') {
        throw new BusinessError(400, `${customer.name} 是经销商，不能再关联供货经销商`);
      }
    }
    const { numUpdatedRows } = await trx
      .updateTable('customers')
      .set({
        serving_dealer_id: dealerId,
        updated_by: actor.userId,
        updated_at: new Date(),
        version: sql`version + 1`,
      })
      .where('tenant_id', '=', actor.tenantId)
      .where('id', 'in', customerIds)
      .executeTakeFirst();
    await logOperation(trx, actor, 'update', `关联经销商 ${dealer.name}：${customerIds.length} 个客户`);
    return { linked: Number(numUpdatedRows) };
  });
}

/** getDDLList: the dealers a select offers (approved, trading, in scope), by name; at most 200. */
export async function dealerOptions(db: Kysely<DB>, actor: Caller, keyword?: string) {
  const scope = await dataScopeOf(db, actor.tenantId, actor.userId);
  let query = db
    .selectFrom('customers')
    .select([
      'id',
      'customer_code as customerCode',
      'name',
      'customer_type as customerType',
      'city_code as cityCode',
    ])
    .where('tenant_id', '=', actor.tenantId)
    .where('customer_type', 'in', SUPPLIER_TYPES)
    .where('audit_status', '=', 'APPROVED')
    .where('status', '=', 'ACTIVE')
    .where(inScope(scope, 'org_code', 'owner_user_id', ['id']));
  if (keyword?.trim()) {
    const pattern = containsPattern(keyword.trim());
    query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('customer_code', 'ilike', pattern)]));
  }
  return query.orderBy('customer_code').limit(200).execute();
}

/** getDDLListV2: the same dealers, paged and filterable like any list. */
export function dealerOptionPage(db: Kysely<DB>, actor: Caller, query: RawQuery) {
  return listCustomers(
    db,
    actor,
    { customerType: SUPPLIER_TYPES.join(','), auditStatus: 'APPROVED', status: 'ACTIVE', ...query },
    customerSpec,
  );
}

export async function teamOf(db: Kysely<DB>, actor: Caller, customerId: string, includeHistory: boolean) {
  const scope = await dataScopeOf(db, actor.tenantId, actor.userId);
  await customerInScope(db, actor.tenantId, scope, customerId);
  let query = db
    .selectFrom('customer_team_members')
    .innerJoin('users', 'users.id', 'customer_team_members.user_id')
    .select([
      'customer_team_members.id',
      'customer_team_members.user_id as userId',
      'users.realname',
      'users.phone',
      'customer_team_members.role',
      isoDate('customer_team_members.from_date').as('fromDate'),
      isoDate<string | null>('customer_team_members.to_date').as('toDate'),
    ])
    .where('customer_team_members.customer_id', '=', customerId)
    .where('customer_team_members.tenant_id', '=', actor.tenantId);
  if (!includeHistory) query = query.where('customer_team_members.to_date', 'is', null);
  const rows = await query
    .orderBy('customer_team_members.from_date', 'desc')
    .orderBy('users.realname')
    .execute();
  return rows.map((row) => ({ ...row, role_dictText: TEAM_ROLE[row.role] }));
}

/** Adds a member; a new OWNER closes the previous owner's row and becomes the customer's 负责业务员. */
export async function addTeamMember(
  db: Kysely<DB>,
  actor: Actor,
  customerId: string,
  userId: string,
  role: TeamRole,
) {
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const customer = await customerInScope(trx, actor.tenantId, scope, customerId, true);
    const user = await trx
      .selectFrom('users')
      .select(['id', 'realname'])
      .where('id', '=', userId)
      .where('tenant_id', '=', actor.tenantId)
      .where('del_flag', '=', 0)
      .executeTakeFirst();
    if (!user) throw notFound('员工');
    const active = await trx
      .selectFrom('customer_team_members')
      .select(['id', 'user_id', 'role'])
      .where('customer_id', '=', customerId)
      .where('to_date', 'is', null)
      .execute();
    if (active.some((member) => member.user_id === userId && member.role === role)) {
      throw new BusinessError(409, `${user.realname} 已是该客户的${TEAM_ROLE[role]}`);
    }
    if (role === 'OWNER') {
      await trx
        .updateTable('customer_team_members')
        .set({ to_date: sql<string>`current_date` })
        .where('customer_id', '=', customerId)
        .where('role', '=', 'OWNER')
        .where('to_date', 'is', null)
        .execute();
      await trx
        .updateTable('customers')
        .set({ owner_user_id: userId, updated_at: new Date() })
        .where('id', '=', customerId)
        .execute();
    }
    const id = newId();
    await trx
      .insertInto('customer_team_members')
      .values({ id, tenant_id: actor.tenantId, customer_id: customerId, user_id: userId, role })
      .execute();
    await logOperation(
      trx,
      actor,
      'add',
      `客户团队 ${customer.customer_code}：${user.realname} 为${TEAM_ROLE[role]}`,
    );
    return { id };
  });
}

export async function endTeamMember(db: Kysely<DB>, actor: Actor, memberId: string) {
  return db.transaction().execute(async (trx) => {
    const member = await existingRow(
      trx,
      'customer_team_members',
      actor.tenantId,
      memberId,
      ['customer_id', 'role', 'to_date'],
      '团队成员',
    );
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const customer = await customerInScope(trx, actor.tenantId, scope, member.customer_id);
    if (member.role === 'OWNER') throw new BusinessError(409, '主负责人不能直接移除，请指定新的主负责人');
    const ended = await trx
      .updateTable('customer_team_members')
      .set({ to_date: sql<string>`current_date` })
      .where('id', '=', memberId)
      .where('to_date', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!ended) throw new BusinessError(409, '该成员已移出团队');
    await logOperation(trx, actor, 'delete', `客户团队 ${customer.customer_code}：移除成员`);
    return { id: memberId };
  });
}

export async function photosOf(db: Kysely<DB>, actor: Caller, customerId: string) {
  const scope = await dataScopeOf(db, actor.tenantId, actor.userId);
  await customerInScope(db, actor.tenantId, scope, customerId);
  return photosOfCustomer(db, actor.tenantId, customerId);
}

/** A customer's photos in their order, each with its attachment's facts when it is one; the caller checked the scope. */
export async function photosOfCustomer(db: Kysely<DB>, tenantId: string, customerId: string) {
  const rows = await db
    .selectFrom('customer_photos')
    .select(['id', 'kind', 'url', 'title', shanghaiDateTime('captured_at').as('capturedAt'), 'sort'])
    .where('customer_id', '=', customerId)
    .orderBy('sort')
    .orderBy('captured_at', 'desc')
    .execute();
  // A photo taken through the attachment service shows its facts (where, when, how, 疑似重复).
  const attachments = await attachmentsByIds(
    db,
    tenantId,
    rows.flatMap((row) => attachmentIdOf(row.url) ?? []),
  );
  return rows.map((row) => {
    const attachment = attachments.get(attachmentIdOf(row.url) ?? '') ?? null;
    return {
      ...row,
      capturedAt: attachment?.capturedAt ?? row.capturedAt,
      thumbUrl: attachment?.thumbUrl ?? thumbnailUrlOf(row.url),
      kind_dictText: PHOTO_KIND[row.kind],
      attachment,
    };
  });
}

/**
 * A photo's url may be an attachment of the attachment service: it must be one of this customer's (uploaded
 * with bizType CUSTOMER and its id), else an uploaded image of this tenant; 404 when not.
 */
async function checkOwnPhoto(trx: Kysely<DB>, actor: Caller, customerId: string, url: string) {
  const attachmentId = attachmentIdOf(url);
  if (attachmentId) {
    const attachment = await trx
      .selectFrom('attachments')
      .select('id')
      .where('id', '=', attachmentId)
      .where('tenant_id', '=', actor.tenantId)
      .where('biz_type', '=', 'CUSTOMER')
      .where('biz_id', '=', customerId)
      .executeTakeFirst();
    if (!attachment) throw notFound('图片');
    return;
  }
  // An uploaded image must be one of this tenant's (an id of another tenant would show nothing).
  const storedId = storedImageIdOf(url);
  if (storedId) {
    const stored = await trx
      .selectFrom('stored_files')
      .select('id')
      .where('id', '=', storedId)
      .where('tenant_id', '=', actor.tenantId)
      .executeTakeFirst();
    if (!stored) throw notFound('图片');
  }
}

export async function addPhoto(
  db: Kysely<DB>,
  actor: Actor,
  photo: { customerId: string; kind: PhotoKind; url: string; title?: string | null },
) {
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const customer = await customerInScope(trx, actor.tenantId, scope, photo.customerId);
    await checkOwnPhoto(trx, actor, photo.customerId, photo.url);
    const id = newId();
    await trx
      .insertInto('customer_photos')
      .values({
        id,
        tenant_id: actor.tenantId,
        customer_id: photo.customerId,
        kind: photo.kind,
        url: photo.url,
        title: photo.title ?? null,
      })
      .execute();
    await logOperation(trx, actor, 'add', `客户照片 ${customer.customer_code}：${PHOTO_KIND[photo.kind]}`);
    return { id };
  });
}
