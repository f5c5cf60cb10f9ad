// What the 陈列协议 screens read: the list (协议号, 门店, 方案, 陈列形式, 协议期, 月费用, 总费用, 最近检核结果,
// 已兑付/应兑付, 状态) in the caller's data scope, and one agreement's detail — its policy, the standard photo
// beside each month's inspection photos, the inspection timeline and the payment schedule (one payout a month,
// quarter or term by its 兑付周期, with its planned date).
import { sql, type Kysely } from 'kysely';
import type { Attachment } from '../../../common/attachments';
import { codesOf } from '../../../common/businessEnums';
import {
  AGREEMENT_STATUS,
  DISPLAY_FEE_TYPE,
  DISPLAY_PAYMENT_STATUS,
  DISPLAY_PHOTO_BIZ,
  DISPLAY_TYPE,
  INSPECTION_RESULT,
  PAYMENT_CYCLE,
  REVIEW_STATUS,
  TERMINATION_REASON,
  coverageText,
  paidUntil,
  periodsBetween,
  settlementsOf,
  type InspectionResult,
} from '../../../common/displays';
import { isoDate, shanghaiDateTime } from '../../db/dates';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import { attachmentsByIds } from '../attachments/service';
import { defineZip, type ZipSelection } from '../attachments/zips';
import type { Caller } from '../shared/actor';
import { dataScopeOf } from '../shared/dataScope';
import { agreementsListed, agreementInScope } from './agreements';

const agreementSpec: ListSpec = {
  filters: {
    agreementNo: { column: 'a.agreement_no', kind: 'text' },
    policyId: { column: 'a.policy_id', kind: 'text' },
    customerId: { column: 'a.customer_id', kind: 'text' },
    displayType: { column: 'a.display_type', kind: 'enum', values: codesOf(DISPLAY_TYPE) },
    feeType: { column: 'a.fee_type', kind: 'enum', values: codesOf(DISPLAY_FEE_TYPE) },
    status: { column: 'a.status', kind: 'enum', values: codesOf(AGREEMENT_STATUS) },
    startDate: { column: 'a.start_date', kind: 'date' },
    endDate: { column: 'a.end_date', kind: 'date' },
  },
  sorts: {
    agreementNo: 'a.agreement_no',
    startDate: 'a.start_date',
    endDate: 'a.end_date',
    monthlyFee: 'a.monthly_fee',
    createTime: 'a.created_at',
  },
  defaultSort: [
    ['a.created_at', 'desc'],
    ['a.id', 'desc'],
  ],
  extras: ['keyword'],
};

export async function listAgreements(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, agreementSpec);
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const base = db
    .selectFrom('display_agreements as a')
    .innerJoin('display_policies as p', 'p.id', 'a.policy_id')
    .innerJoin('customers as outlet', 'outlet.id', 'a.customer_id')
    .leftJoin('users as employee', 'employee.id', 'a.employee_id')
    .where('a.tenant_id', '=', caller.tenantId)
    .where(agreementsListed(scope, list.extras.keyword))
    .where(list.where);
  return pagedList(base, list, async (page) =>
    (
      await page
        .select((eb) => [
          'a.id',
          'a.agreement_no as agreementNo',
          'a.policy_id as policyId',
          'p.name as policyName',
          'a.customer_id as customerId',
          'outlet.name as customerName',
          'outlet.customer_code as customerCode',
          'employee.realname as employeeName',
          'a.display_type as displayType',
          'a.location_desc as locationDesc',
          // The template the agreement's text was made from (its version is kept on the agreement).
          eb
            .selectFrom('agreement_template_versions as v')
            .select('v.template_id')
            .whereRef('v.id', '=', 'a.template_version_id')
            .as('templateId'),
          isoDate('a.start_date').as('startDate'),
          isoDate('a.end_date').as('endDate'),
          'a.fee_type as feeType',
          'a.monthly_fee as monthlyFee',
          'a.total_fee as totalFee',
          'a.approved_amount as approvedAmount',
          'a.consecutive_fails as consecutiveFails',
          'a.status',
          'a.version',
          shanghaiDateTime('a.created_at').as('createTime'),
          eb
            .selectFrom('display_inspections as i')
            .select('i.result')
            .whereRef('i.agreement_id', '=', 'a.id')
            .orderBy('i.inspected_at', 'desc')
            .limit(1)
            .as('lastResult'),
          eb
            .selectFrom('display_payments as pay')
            .select(sql<string>`coalesce(sum(pay.payable_amount), 0)::text`.as('n'))
            .whereRef('pay.agreement_id', '=', 'a.id')
            .where('pay.status', '=', 'PAID')
            .as('paidAmount'),
          eb
            .selectFrom('display_payments as pay')
            .select(sql<string>`coalesce(sum(pay.payable_amount), 0)::text`.as('n'))
            .whereRef('pay.agreement_id', '=', 'a.id')
            .where('pay.status', 'in', ['PENDING_PAY', 'PAID', 'HELD'])
            .as('payableAmount'),
        ])
        .execute()
    ).map((row) => ({
      ...row,
      lastResult: row.lastResult as InspectionResult | null,
      lastResult_dictText: row.lastResult ? INSPECTION_RESULT[row.lastResult as InspectionResult] : null,
      paidAmount: Number(row.paidAmount ?? 0).toFixed(2),
      payableAmount: Number(row.payableAmount ?? 0).toFixed(2),
      displayType_dictText: DISPLAY_TYPE[row.displayType],
      feeType_dictText: DISPLAY_FEE_TYPE[row.feeType],
      status_dictText: AGREEMENT_STATUS[row.status],
    })),
  );
}

export type AgreementRecord = Awaited<ReturnType<typeof listAgreements>>['records'][number];

const photosOf = (ids: readonly string[], photos: Map<string, Attachment>) =>
  ids.map((id) => photos.get(id)).filter((photo): photo is Attachment => photo !== undefined);

/** One agreement with its policy, photos, inspection timeline and payment schedule. */
export async function agreementDetail(db: Kysely<DB>, caller: Caller, id: string) {
  const row = await agreementInScope(db, caller, id);
  const [policy, outlet, dealer, employee, inspections, payments, skus] = await Promise.all([
    db
      .selectFrom('display_policies')
      .select(['id', 'policy_no', 'name', 'standard', 'partial_ratio', 'standard_photo_id'])
      .where('id', '=', row.policy_id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('customers')
      .select(['id', 'name', 'customer_code', 'address'])
      .where('id', '=', row.customer_id)
      .executeTakeFirstOrThrow(),
    row.dealer_id
      ? db.selectFrom('customers').select(['id', 'name']).where('id', '=', row.dealer_id).executeTakeFirst()
      : Promise.resolve(undefined),
    db.selectFrom('users').select('realname').where('id', '=', row.employee_id).executeTakeFirst(),
    db
      .selectFrom('display_inspections as i')
      .leftJoin('users as inspector', 'inspector.id', 'i.inspector_id')
      .select([
        'i.id',
        'i.inspection_no as inspectionNo',
        'i.period',
        'i.inspector_role as inspectorRole',
        'inspector.realname as inspectorName',
        shanghaiDateTime('i.inspected_at').as('inspectedAt'),
        'i.distance_m as distanceM',
        'i.photo_ids as photoIds',
        'i.facings_counted as facingsCounted',
        'i.skus_present as skusPresent',
        'i.result',
        'i.original_result as originalResult',
        'i.deduction_ratio as deductionRatio',
        'i.review_status as reviewStatus',
        'i.review_remark as reviewRemark',
        'i.remark',
      ])
      .where('i.agreement_id', '=', row.id)
      .orderBy('i.inspected_at', 'desc')
      .orderBy('i.id', 'desc')
      .execute(),
    db
      .selectFrom('display_payments')
      .select([
        'id',
        'period',
        'base_amount as baseAmount',
        'deduction_amount as deductionAmount',
        'payable_amount as payableAmount',
        'method',
        'status',
        'batch_no as batchNo',
        'voucher_no as voucherNo',
        shanghaiDateTime<string | null>('paid_at').as('paidAt'),
      ])
      .where('agreement_id', '=', row.id)
      .execute(),
    row.required_sku_ids.length > 0
      ? db
          .selectFrom('skus')
          .select(['id', 'sku_code', 'name'])
          .where('tenant_id', '=', caller.tenantId)
          .where('id', 'in', row.required_sku_ids)
          .execute()
      : Promise.resolve([]),
  ]);
  const standardPhotoId = row.standard_photo_id ?? policy.standard_photo_id;
  const photos = await attachmentsByIds(db, caller.tenantId, [
    ...(standardPhotoId ? [standardPhotoId] : []),
    ...row.sign_photo_ids,
    ...inspections.flatMap((inspection) => inspection.photoIds),
  ]);
  const paymentByPeriod = new Map(payments.map((payment) => [payment.period, payment]));
  const timeline = inspections.map((inspection) => ({
    ...inspection,
    deductionRatio: Number(inspection.deductionRatio),
    result_dictText: INSPECTION_RESULT[inspection.result],
    originalResult_dictText: inspection.originalResult ? INSPECTION_RESULT[inspection.originalResult] : null,
    reviewStatus_dictText: REVIEW_STATUS[inspection.reviewStatus],
    photos: photosOf(inspection.photoIds, photos),
  }));
  const months = periodsBetween(row.start_date, row.end_date).map((period) => ({
    period,
    inspections: timeline.filter((inspection) => inspection.period === period),
  }));
  // 兑付计划: each payout of the agreement's 兑付周期 with its months, planned date and amount, and its payment.
  const paidTo = paidUntil(row.end_date, row.terminated_on);
  const schedule = settlementsOf(row.payment_cycle, row.start_date, paidTo).map((settlement) => {
    const payment = paymentByPeriod.get(settlement.period);
    return {
      ...settlement,
      coverage: coverageText(settlement.periods),
      plannedAmount: (Number(row.monthly_fee) * settlement.periods.length).toFixed(2),
      payment: payment
        ? {
            ...payment,
            method_dictText: DISPLAY_FEE_TYPE[payment.method],
            status_dictText: DISPLAY_PAYMENT_STATUS[payment.status],
          }
        : null,
    };
  });
  return {
    id: row.id,
    agreementNo: row.agreement_no,
    status: row.status,
    status_dictText: AGREEMENT_STATUS[row.status],
    version: row.version,
    policy: { id: policy.id, policyNo: policy.policy_no, name: policy.name, standard: policy.standard },
    partialRatio: Number(policy.partial_ratio),
    customer: {
      id: outlet.id,
      name: outlet.name,
      customerCode: outlet.customer_code,
      address: outlet.address,
    },
    dealer: dealer ?? null,
    employeeId: row.employee_id,
    employeeName: employee?.realname ?? null,
    startDate: row.start_date,
    endDate: row.end_date,
    displayType: row.display_type,
    displayType_dictText: DISPLAY_TYPE[row.display_type],
    locationDesc: row.location_desc,
    requiredSkus: skus.map((sku) => ({ id: sku.id, skuCode: sku.sku_code, name: sku.name })),
    minFacings: row.min_facings,
    minLayers: row.min_layers,
    feeType: row.fee_type,
    feeType_dictText: DISPLAY_FEE_TYPE[row.fee_type],
    monthlyFee: row.monthly_fee,
    totalFee: row.total_fee,
    approvedAmount: row.approved_amount,
    paymentCycle: row.payment_cycle,
    paymentCycle_dictText: PAYMENT_CYCLE[row.payment_cycle],
    consecutiveFails: row.consecutive_fails,
    terminationReason: row.termination_reason,
    terminationReason_dictText: row.termination_reason ? TERMINATION_REASON[row.termination_reason] : null,
    terminationRemark: row.termination_remark,
    terminatedOn: row.terminated_on,
    templateVersionId: row.template_version_id,
    variableValues: row.variable_values,
    remark: row.remark,
    signedAt: row.signed_at
      ? new Date(row.signed_at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ')
      : null,
    standardPhoto: standardPhotoId ? (photos.get(standardPhotoId) ?? null) : null,
    signPhotos: photosOf(row.sign_photo_ids, photos),
    photoBizType: DISPLAY_PHOTO_BIZ,
    inspections: timeline,
    months,
    schedule,
  };
}

export type AgreementDetail = Awaited<ReturnType<typeof agreementDetail>>;

/** What /esdh/zip selects by: one agreement, or a month with the list's filters. */
export type PhotoZipQuery = { agreementId?: string; period?: string } & RawQuery;

/**
 * 陈列照片 as a zip (small ones at once, large ones through 下载中心): every photo of one agreement as its detail
 * shows them (标准照, 签约照片, each month's 检核 photos, in folders), or the inspection photos of one month across the
 * agreements the list's filters select in the caller's scope, a folder per agreement.
 */
export const DISPLAY_PHOTO_ZIP = defineZip<PhotoZipQuery>({
  key: 'displayPhotos',
  async select(db, caller, query) {
    const { agreementId, period, ...filters } = query;
    if (agreementId) {
      const row = await agreementInScope(db, caller, agreementId);
      const [policy, inspections] = await Promise.all([
        db
          .selectFrom('display_policies')
          .select('standard_photo_id')
          .where('id', '=', row.policy_id)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('display_inspections')
          .select(['period', 'photo_ids'])
          .where('agreement_id', '=', row.id)
          .orderBy('inspected_at')
          .orderBy('id')
          .execute(),
      ]);
      const standard = row.standard_photo_id ?? policy.standard_photo_id;
      return {
        name: `陈列照片_${row.agreement_no}`,
        photos: uniquePhotos([
          ...(standard ? [{ id: standard, folder: '标准照' }] : []),
          ...row.sign_photo_ids.map((id) => ({ id, folder: '签约照片' })),
          ...inspections.flatMap((inspection) =>
            inspection.photo_ids.map((id) => ({ id, folder: `检核照片_${inspection.period}` })),
          ),
        ]),
      };
    }
    if (!period) throw new BusinessError(400, '请指定协议或所属期');
    const list = parseListQuery(filters, agreementSpec);
    const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
    const rows = await db
      .selectFrom('display_inspections as i')
      .innerJoin('display_agreements as a', 'a.id', 'i.agreement_id')
      .innerJoin('customers as outlet', 'outlet.id', 'a.customer_id')
      .select(['i.photo_ids', 'a.agreement_no', 'outlet.name'])
      .where('i.tenant_id', '=', caller.tenantId)
      .where('i.period', '=', period)
      .where(agreementsListed(scope, list.extras.keyword))
      .where(list.where)
      .orderBy('a.agreement_no')
      .orderBy('i.inspected_at')
      .orderBy('i.id')
      .execute();
    return {
      name: `陈列照片_${period}`,
      photos: uniquePhotos(
        rows.flatMap((row) => row.photo_ids.map((id) => ({ id, folder: `${row.agreement_no}_${row.name}` }))),
      ),
    };
  },
});

/** Each photo once, where it first appears. */
function uniquePhotos(photos: ZipSelection['photos']): ZipSelection['photos'] {
  const seen = new Set<string>();
  return photos.filter((photo) => !seen.has(photo.id) && seen.add(photo.id));
}
