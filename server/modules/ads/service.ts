// Ad applications (DOMAIN §1.12 广告审批, spec /eAdAppr): DRAFT → PENDING_APPROVAL → APPROVED | REJECTED →
// IN_PRODUCTION (a vendor makes it) → INSTALLED (after photos) → ACCEPTED | ACCEPT_FAILED (→ INSTALLED after
// rework) → SETTLED; DRAFT/PENDING_APPROVAL/APPROVED/REJECTED → CANCELLED. The quote is the price book's price
// per square metre times the area and quantity; the approval runs in the 审批中心 as AD_APPLY, its flow chosen
// by the amount. Before photos and the design file are attachments (AD); acceptance compares them with the
// after photos; the outlet keeps the ad up for keepMonths from acceptance.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  ACCEPTANCE_RESULT,
  AD_KIND,
  AD_PHOTO_BIZ,
  AD_STATUS,
  AD_TYPE,
  COST_SHARE_LABEL,
  type AcceptanceResult,
  type AdStatus,
  type AdType,
  type CostSharing,
} from '../../../common/ads';
import { ENABLED_STATUS, codesOf } from '../../../common/businessEnums';
import { isoDate, shanghaiDateTime } from '../../db/dates';
import { newId } from '../../db/ids';
import type { AdApplicationsTable, DB, EnabledStatus } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import {
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
import { notFound, saveTenantRow, type Transition } from '../shared/commands';
import { dataScopeOf, inScope, type DataScope } from '../shared/dataScope';
import { inTransaction, stepDocument } from '../shared/documentSteps';
import { nextDocumentNo } from '../shared/documentNumbers';
import { approverOf } from '../posm/requests';

type AdRow = Selectable<AdApplicationsTable>;

export const AD_TRANSITIONS: readonly Transition<AdStatus>[] = [
  { from: ['DRAFT', 'REJECTED'], to: 'PENDING_APPROVAL', action: '提交' },
  { from: ['PENDING_APPROVAL'], to: 'APPROVED', action: '审批通过' },
  { from: ['PENDING_APPROVAL'], to: 'REJECTED', action: '驳回' },
  { from: ['APPROVED'], to: 'IN_PRODUCTION', action: '安排制作' },
  { from: ['IN_PRODUCTION', 'ACCEPT_FAILED'], to: 'INSTALLED', action: '上传完工照' },
  { from: ['INSTALLED'], to: 'ACCEPTED', action: '验收合格' },
  { from: ['INSTALLED'], to: 'ACCEPT_FAILED', action: '验收不合格' },
  { from: ['ACCEPTED'], to: 'SETTLED', action: '结算' },
  { from: ['DRAFT', 'PENDING_APPROVAL', 'APPROVED', 'REJECTED'], to: 'CANCELLED', action: '撤销' },
];

const step = (
  trx: Kysely<DB>,
  row: AdRow,
  to: AdStatus,
  by: Actor | { userId: string | null },
  set: Parameters<typeof stepDocument<'ad_applications', AdStatus>>[1]['set'] = {},
) =>
  stepDocument(trx, {
    table: 'ad_applications',
    row,
    transitions: AD_TRANSITIONS,
    labels: AD_STATUS,
    to,
    by,
    set,
    what: `广告申请 ${row.apply_no}`,
  });

const scopeOfAds = (scope: DataScope, alias: string) =>
  inScope(scope, `${alias}.org_code`, `${alias}.applicant_id`);

async function adOf(db: Kysely<DB>, tenantId: string, id: string): Promise<AdRow> {
  const row = await db
    .selectFrom('ad_applications')
    .selectAll()
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row) throw notFound('广告申请');
  return row;
}

/** The application in the caller's data scope (the outlet's department, or their own). */
export async function adInScope(db: Kysely<DB>, caller: Caller, id: string): Promise<AdRow> {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const row = await db
    .selectFrom('ad_applications as a')
    .selectAll()
    .where('a.id', '=', id)
    .where('a.tenant_id', '=', caller.tenantId)
    .where(scopeOfAds(scope, 'a'))
    .executeTakeFirst();
  if (!row) throw notFound('广告申请');
  return row;
}

// ---- The price book ----

export interface PriceInput {
  adType: AdType;
  material: string;
  unitPrice: number;
  status?: EnabledStatus;
  remark?: string | null;
}

const priceSpec: ListSpec = {
  filters: {
    adType: { column: 'ad_type', kind: 'enum', values: codesOf(AD_TYPE) },
    material: { column: 'material', kind: 'text' },
    status: { column: 'status', kind: 'enum', values: codesOf(ENABLED_STATUS) },
  },
  sorts: { adType: 'ad_type', unitPrice: 'unit_price' },
  defaultSort: [
    ['ad_type', 'asc'],
    ['material', 'asc'],
    ['id', 'asc'],
  ],
};

export async function listPrices(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, priceSpec);
  const base = db.selectFrom('ad_price_items').where('tenant_id', '=', caller.tenantId).where(list.where);
  return pagedList(base, list, async (page) =>
    (
      await page
        .select([
          'id',
          'ad_type as adType',
          'material',
          'unit_price as unitPrice',
          'status',
          'remark',
          shanghaiDateTime('updated_at').as('updateTime'),
        ])
        .execute()
    ).map((row) => ({
      ...row,
      name: `${AD_TYPE[row.adType]} · ${row.material}`,
      adType_dictText: AD_TYPE[row.adType],
      status_dictText: ENABLED_STATUS[row.status],
    })),
  );
}

export async function savePrice(db: Kysely<DB>, actor: Actor, input: PriceInput, id?: string) {
  const values = {
    ad_type: input.adType,
    material: input.material.trim(),
    unit_price: input.unitPrice,
    status: input.status ?? 'ACTIVE',
    remark: input.remark?.trim() || null,
    updated_by: actor.userId,
  };
  return inTransaction(db, (trx) =>
    saveTenantRow(trx, actor, 'ad_price_items', id, values, {
      uniqueKeys: {
        ad_price_items_uq: `「${AD_TYPE[input.adType]} · ${values.material}」的价格已存在`,
      },
      what: '广告价目',
      described: `广告价目 ${AD_TYPE[input.adType]} ${values.material} ¥${input.unitPrice}/㎡`,
    }),
  );
}

/** The active price per ㎡ of a type and material; 400 when the price book has none. */
async function priceOf(db: Kysely<DB>, tenantId: string, adType: AdType, material: string): Promise<string> {
  const row = await db
    .selectFrom('ad_price_items')
    .select('unit_price')
    .where('tenant_id', '=', tenantId)
    .where('ad_type', '=', adType)
    .where('material', '=', material)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
  if (!row)
    throw new BusinessError(400, `价目表中没有「${AD_TYPE[adType]} · ${material}」的价格，请联系市场部维护`);
  return row.unit_price;
}

/** Area, price and quote of a size: area rounded to 0.01 ㎡, quote = price × area × quantity. */
export function quoteOf(widthM: number, heightM: number, quantity: number, unitPrice: number) {
  const area = Math.round(widthM * heightM * 100) / 100;
  const amount = Math.round(unitPrice * area * quantity * 100) / 100;
  return { areaSqm: area.toFixed(2), quotedAmount: amount.toFixed(2) };
}

/** The quote of a size from the price book (the form shows it as it is typed). */
export async function quote(
  db: Kysely<DB>,
  caller: Caller,
  input: { adType: AdType; material: string; widthM: number; heightM: number; quantity: number },
) {
  const unitPrice = await priceOf(db, caller.tenantId, input.adType, input.material);
  return { unitPrice, ...quoteOf(input.widthM, input.heightM, input.quantity, Number(unitPrice)) };
}

// ---- Drafts ----

export interface AdInput {
  customerId: string;
  adType: AdType;
  widthM: number;
  heightM: number;
  quantity: number;
  material: string;
  signText?: string | null;
  beforePhotoIds?: string[];
  designFileId?: string | null;
  costSharing: CostSharing;
  keepMonths: number;
  remark?: string | null;
}

async function checkedValues(trx: Kysely<DB>, actor: Actor, input: AdInput) {
  const { brand, dealer, outlet } = input.costSharing;
  if (Math.round((brand + dealer + outlet) * 100) !== 10000) {
    throw new BusinessError(400, '费用分摊比例合计须为 100%');
  }
  const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
  const customer = await customerInScope(trx, actor.tenantId, scope, input.customerId);
  if (customer.customer_type !== 'OUTLET') throw new BusinessError(400, '广告只能投放在终端门店');
  const unitPrice = await priceOf(trx, actor.tenantId, input.adType, input.material.trim());
  const { areaSqm, quotedAmount } = quoteOf(input.widthM, input.heightM, input.quantity, Number(unitPrice));
  if (Number(areaSqm) <= 0) throw new BusinessError(400, '广告面积须大于 0');
  return {
    customer,
    values: {
      customer_id: customer.id,
      org_code: customer.org_code,
      ad_type: input.adType,
      width_m: input.widthM,
      height_m: input.heightM,
      area_sqm: areaSqm,
      quantity: input.quantity,
      material: input.material.trim(),
      sign_text: input.signText?.trim() || null,
      before_photo_ids: JSON.stringify([...new Set(input.beforePhotoIds ?? [])]),
      design_file_id: input.designFileId || null,
      unit_price: unitPrice,
      quoted_amount: quotedAmount,
      cost_sharing: JSON.stringify({ brand, dealer, outlet }),
      keep_months: input.keepMonths,
      remark: input.remark?.trim() || null,
    },
  };
}

async function bindFiles(trx: Kysely<DB>, actor: Actor, id: string, input: AdInput) {
  await bindAttachments(trx, actor.tenantId, AD_PHOTO_BIZ, id, input.beforePhotoIds ?? [], '现场照');
  if (input.designFileId) {
    await bindAttachments(trx, actor.tenantId, AD_PHOTO_BIZ, id, [input.designFileId], '设计稿');
  }
}

export async function createAd(db: Kysely<DB>, actor: Actor, input: AdInput) {
  return inTransaction(db, async (trx) => {
    const { customer, values } = await checkedValues(trx, actor, input);
    const id = newId();
    const applyNo = await nextDocumentNo(trx, actor.tenantId, 'AD');
    const change = await trackChange(trx, actor, 'ad_applications', undefined);
    await trx
      .insertInto('ad_applications')
      .values({
        ...values,
        id,
        tenant_id: actor.tenantId,
        apply_no: applyNo,
        applicant_id: actor.userId,
        created_by: actor.userId,
      })
      .execute();
    await bindFiles(trx, actor, id, input);
    await change.log('add', `新增广告申请 ${applyNo}（${customer.name}）`, id);
    return { id, applyNo, quotedAmount: values.quoted_amount };
  });
}

export async function editAd(db: Kysely<DB>, actor: Actor, id: string, input: AdInput) {
  return inTransaction(db, async (trx) => {
    const row = await adInScope(trx, actor, id);
    if (row.status !== 'DRAFT' && row.status !== 'REJECTED') {
      throw new BusinessError(409, `当前状态为「${AD_STATUS[row.status]}」，不能编辑`);
    }
    if (row.applicant_id !== actor.userId) throw new BusinessError(403, '只有申请人可以编辑');
    const { values } = await checkedValues(trx, actor, input);
    const change = await trackChange(trx, actor, 'ad_applications', id);
    const edited = await trx
      .updateTable('ad_applications')
      .set({ ...values, updated_by: actor.userId, updated_at: new Date(), version: sql`version + 1` })
      .where('id', '=', id)
      .where('version', '=', row.version)
      .returning('id')
      .executeTakeFirst();
    if (!edited) throw new BusinessError(409, '广告申请已被他人修改，请刷新后重试');
    await bindFiles(trx, actor, id, input);
    await change.log('update', `编辑广告申请 ${row.apply_no}`);
    return { id };
  });
}

// ---- Approval ----

const shareText = (sharing: CostSharing, amount: number) =>
  (Object.keys(COST_SHARE_LABEL) as Array<keyof CostSharing>)
    .filter((key) => sharing[key] > 0)
    .map(
      (key) => `${COST_SHARE_LABEL[key]} ${sharing[key]}%（¥${((amount * sharing[key]) / 100).toFixed(2)}）`,
    )
    .join('，');

/** 提交: needs before photos and a design file; the approval's flow is chosen by the quoted amount. */
export async function submitAd(db: Kysely<DB>, actor: Actor, id: string): Promise<{ notices: TaskNotice[] }> {
  return inTransaction(db, async (trx) => {
    const row = await adInScope(trx, actor, id);
    if (row.applicant_id !== actor.userId) throw new BusinessError(403, '只有申请人可以提交');
    if (row.before_photo_ids.length === 0) throw new BusinessError(400, '请先上传现场照（门头正面全景）');
    if (!row.design_file_id) throw new BusinessError(400, '请先上传设计稿');
    // The price may have changed since the draft: the quote follows the price book of today.
    const unitPrice = await priceOf(trx, actor.tenantId, row.ad_type, row.material);
    const { quotedAmount } = quoteOf(
      Number(row.width_m),
      Number(row.height_m),
      row.quantity,
      Number(unitPrice),
    );
    await step(trx, row, 'PENDING_APPROVAL', actor, { unit_price: unitPrice, quoted_amount: quotedAmount });
    const customer = await trx
      .selectFrom('customers')
      .select(['customer_code', 'name', 'owner_user_id'])
      .where('id', '=', row.customer_id)
      .executeTakeFirstOrThrow();
    const amount = Number(quotedAmount);
    const { notices } = await startApproval(trx, {
      tenantId: actor.tenantId,
      initiatorId: actor.userId,
      bizType: 'AD_APPLY',
      bizId: row.id,
      bizNo: row.apply_no,
      title: `广告申请：${customer.name} ${AD_TYPE[row.ad_type]}`,
      summary: {
        fields: [
          { label: '门店', value: `${customer.customer_code} ${customer.name}` },
          { label: '广告类型', value: AD_TYPE[row.ad_type] },
          {
            label: '尺寸/数量',
            value: `${Number(row.width_m)}m × ${Number(row.height_m)}m = ${row.area_sqm}㎡ × ${row.quantity}`,
          },
          { label: '材质', value: row.material },
          { label: '价目表单价', value: `¥${unitPrice}/㎡` },
          { label: '报价', value: `¥${quotedAmount}` },
          { label: '费用分摊', value: shareText(row.cost_sharing, amount) },
          { label: '保留期', value: `${row.keep_months} 个月` },
          { label: '店招文字', value: row.sign_text ?? '—' },
        ],
      },
      amount,
      quantity: row.quantity,
      orgCode: row.org_code,
      customerOwnerId: customer.owner_user_id,
    });
    return { notices };
  });
}

async function settleApproval(trx: Transaction<DB>, outcome: ApprovalOutcome, to: AdStatus) {
  const row = await adOf(trx, outcome.tenantId, outcome.bizId);
  await step(
    trx,
    row,
    to,
    { userId: outcome.actorId },
    {
      ...(to === 'APPROVED' ? { approved_amount: row.quoted_amount } : {}),
      result_remark: outcome.comment,
    },
  );
}

registerApprovalHandler({
  bizType: 'AD_APPLY',
  approved: (trx, outcome) => settleApproval(trx, outcome, 'APPROVED'),
  rejected: (trx, outcome) => settleApproval(trx, outcome, 'REJECTED'),
  withdrawn: (trx, outcome) => settleApproval(trx, outcome, 'CANCELLED'),
});

export async function cancelAd(db: Kysely<DB>, actor: Actor, input: { id: string; reason?: string | null }) {
  return inTransaction(db, async (trx) => {
    const row = await adInScope(trx, actor, input.id);
    if (row.applicant_id !== actor.userId) throw new BusinessError(403, '只有申请人可以撤销');
    const reason = input.reason?.trim() || null;
    if (row.status === 'PENDING_APPROVAL') {
      const running = await runningInstanceOf(trx, actor.tenantId, 'AD_APPLY', row.id);
      if (running) {
        await withdrawInstance(trx, actor, running.id, reason);
        return { id: row.id };
      }
    }
    await step(trx, row, 'CANCELLED', actor, { result_remark: reason });
    return { id: row.id };
  });
}

// ---- Production, acceptance, settlement ----

export async function produceAd(
  db: Kysely<DB>,
  actor: Actor,
  input: { id: string; vendorName: string; installDeadline?: string | null },
) {
  return inTransaction(db, async (trx) => {
    const row = await adInScope(trx, actor, input.id);
    await step(trx, row, 'IN_PRODUCTION', actor, {
      vendor_name: input.vendorName.trim(),
      install_deadline: input.installDeadline || null,
    });
    return { id: row.id };
  });
}

/** The vendor's after photos: INSTALLED (again, after a failed acceptance). */
export async function installAd(db: Kysely<DB>, actor: Actor, input: { id: string; photoIds: string[] }) {
  return inTransaction(db, async (trx) => {
    const row = await adInScope(trx, actor, input.id);
    await bindAttachments(trx, actor.tenantId, AD_PHOTO_BIZ, row.id, input.photoIds, '完工照');
    await step(trx, row, 'INSTALLED', actor, {
      installed_at: new Date(),
      after_photo_ids: JSON.stringify([...new Set(input.photoIds)]),
      acceptance_result: null,
    });
    return { id: row.id };
  });
}

/** The last day (Shanghai) of a keep period of `months` from `from`. */
export function keepUntil(from: Date, months: number): string {
  const day = new Date(from.getTime() + 8 * 3_600_000);
  day.setUTCMonth(day.getUTCMonth() + months);
  return day.toISOString().slice(0, 10);
}

/** 验收 on site: PASS starts the keep period; FAIL (a reason needed) sends it back for rework. */
export async function acceptAd(
  db: Kysely<DB>,
  actor: Actor,
  input: { id: string; result: AcceptanceResult; remark?: string | null },
) {
  return inTransaction(db, async (trx) => {
    const row = await adInScope(trx, actor, input.id);
    const remark = input.remark?.trim() || null;
    if (input.result === 'FAIL' && !remark) throw new BusinessError(400, '验收不合格须填写原因');
    const pass = input.result === 'PASS';
    await step(trx, row, pass ? 'ACCEPTED' : 'ACCEPT_FAILED', actor, {
      acceptance_result: input.result,
      acceptance_by: actor.userId,
      accepted_at: new Date(),
      result_remark: remark,
      ...(pass
        ? {
            keep_until: keepUntil(new Date(), row.keep_months),
          }
        : {}),
    });
    return { id: row.id, result: ACCEPTANCE_RESULT[input.result] };
  });
}

/** 结算 by finance: at most the approved amount; the shares follow the cost sharing. */
export async function settleAd(
  db: Kysely<DB>,
  actor: Actor,
  input: { id: string; settledAmount: number; remark?: string | null },
) {
  return inTransaction(db, async (trx) => {
    const row = await adInScope(trx, actor, input.id);
    const approved = Number(row.approved_amount ?? row.quoted_amount);
    if (input.settledAmount > approved) {
      throw new BusinessError(400, `结算金额不能超过核准金额 ¥${approved.toFixed(2)}`);
    }
    await step(trx, row, 'SETTLED', actor, {
      settled_amount: input.settledAmount.toFixed(2),
      settled_at: new Date(),
      ...(input.remark?.trim() ? { result_remark: input.remark.trim() } : {}),
    });
    await logOperation(
      trx,
      actor,
      'update',
      `广告结算 ${row.apply_no}：${shareText(row.cost_sharing, input.settledAmount)}`,
    );
    return { id: row.id };
  });
}

// ---- Reading ----

const adSpec: ListSpec = {
  filters: {
    applyNo: { column: 'a.apply_no', kind: 'text' },
    status: { column: 'a.status', kind: 'enum', values: codesOf(AD_STATUS) },
    adType: { column: 'a.ad_type', kind: 'enum', values: codesOf(AD_TYPE) },
    customerName: { column: 'c.name', kind: 'text' },
    vendorName: { column: 'a.vendor_name', kind: 'text' },
    orgCode: { column: 'a.org_code', kind: 'text' },
    createTime: { column: 'a.created_at', kind: 'datetime' },
    keepUntil: { column: 'a.keep_until', kind: 'date' },
  },
  sorts: {
    createTime: 'a.created_at',
    approvedAmount: 'a.approved_amount',
    quotedAmount: 'a.quoted_amount',
    keepUntil: 'a.keep_until',
  },
  defaultSort: [
    ['a.created_at', 'desc'],
    ['a.id', 'desc'],
  ],
  extras: ['inKeepPeriod'],
};

function adBase(db: Kysely<DB>, tenantId: string, scope: DataScope) {
  return db
    .selectFrom('ad_applications as a')
    .innerJoin('customers as c', 'c.id', 'a.customer_id')
    .innerJoin('users as u', 'u.id', 'a.applicant_id')
    .where('a.tenant_id', '=', tenantId)
    .where(scopeOfAds(scope, 'a'));
}

function selectAds(query: ReturnType<typeof adBase>) {
  return query
    .select([
      'a.id',
      'a.apply_no as applyNo',
      'a.customer_id as customerId',
      'c.customer_code as customerCode',
      'c.name as customerName',
      'a.applicant_id as applicantId',
      'u.realname as applicantName',
      'a.org_code as orgCode',
      'a.ad_type as adType',
      'a.width_m as widthM',
      'a.height_m as heightM',
      'a.area_sqm as areaSqm',
      'a.quantity',
      'a.material',
      'a.sign_text as signText',
      'a.before_photo_ids as beforePhotoIds',
      'a.design_file_id as designFileId',
      'a.unit_price as unitPrice',
      'a.quoted_amount as quotedAmount',
      'a.approved_amount as approvedAmount',
      'a.cost_sharing as costSharing',
      'a.keep_months as keepMonths',
      'a.vendor_name as vendorName',
      isoDate<string | null>('a.install_deadline').as('installDeadline'),
      shanghaiDateTime<string | null>('a.installed_at').as('installedAt'),
      'a.after_photo_ids as afterPhotoIds',
      'a.acceptance_result as acceptanceResult',
      shanghaiDateTime<string | null>('a.accepted_at').as('acceptedAt'),
      isoDate<string | null>('a.keep_until').as('keepUntil'),
      'a.settled_amount as settledAmount',
      shanghaiDateTime<string | null>('a.settled_at').as('settledAt'),
      'a.status',
      'a.remark',
      'a.result_remark as resultRemark',
      'a.version',
      shanghaiDateTime('a.created_at').as('createTime'),
    ])
    .execute();
}

const adRecord = (row: Awaited<ReturnType<typeof selectAds>>[number]) => ({
  ...row,
  adType_dictText: AD_TYPE[row.adType],
  status_dictText: AD_STATUS[row.status],
  acceptanceResult_dictText: row.acceptanceResult ? ACCEPTANCE_RESULT[row.acceptanceResult] : null,
  size: `${Number(row.widthM)}×${Number(row.heightM)}m（${row.areaSqm}㎡）`,
});

export type AdRecord = ReturnType<typeof adRecord>;

export async function listAds(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, adSpec);
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  let base = adBase(db, caller.tenantId, scope).where(list.where);
  if (list.extras.inKeepPeriod === 'true') {
    base = base.where(sql<boolean>`a.keep_until >= (now() at time zone 'Asia/Shanghai')::date`);
  }
  return pagedList(base, list, async (page) => (await selectAds(page)).map(adRecord));
}

/** One application, for its scope or for an approver of it (from the 审批中心's drawer). */
export async function adById(db: Kysely<DB>, caller: Caller, id: string) {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  let [row] = await selectAds(adBase(db, caller.tenantId, scope).where('a.id', '=', id));
  if (!row && (await approverOf(db, caller, 'AD_APPLY', id))) {
    [row] = await selectAds(
      adBase(db, caller.tenantId, { userId: caller.userId, orgCodes: [''] }).where('a.id', '=', id),
    );
  }
  if (!row) throw notFound('广告申请');
  const approval = await db
    .selectFrom('approval_instances')
    .select('id')
    .where('tenant_id', '=', caller.tenantId)
    .where('biz_type', '=', 'AD_APPLY')
    .where('biz_id', '=', id)
    .orderBy('started_at', 'desc')
    .executeTakeFirst();
  return { ...adRecord(row), approvalId: approval?.id ?? null, kinds: AD_KIND };
}
