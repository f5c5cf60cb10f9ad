// 陈列检核 (DOMAIN §1.8 DisplayInspection): a rep's or auditor's check of an agreement's display in a month, with
// photos, position and result; the deduction ratio its result costs is fixed when it is made (PARTIAL: the
// policy's ratio). The agreement follows its latest inspection: ACTIVE → SUSPENDED after a FAIL (or a display not
// found), back to ACTIVE after a PASS, and its count of consecutive failed months. 检核复核: a reviewer keeps the
// result (维持) or changes it (改判), which the monthly payment then takes.
import { sql, type Kysely } from 'kysely';
import {
  DISPLAY_PHOTO_BIZ,
  DISPLAY_TYPE,
  FAILING_RESULTS,
  INSPECTION_RESULT,
  INSPECTOR_ROLE,
  REVIEW_STATUS,
  deductionRatioOf,
  periodsBetween,
  type InspectionResult,
  type InspectorRole,
} from '../../../common/displays';
import { codesOf } from '../../../common/businessEnums';
import { shanghaiDateTime } from '../../db/dates';
import { newId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import { bindAttachments } from '../attachments/service';
import { distanceMetres } from '../customers/similarity';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { changedMeanwhile, notFound } from '../shared/commands';
import { dataScopeOf } from '../shared/dataScope';
import { nextDocumentNo } from '../shared/documentNumbers';
import {
  agreementsListed,
  agreementInScope,
  moveAgreement,
  shanghaiToday,
  type AgreementRow,
} from './agreements';

export interface InspectionInput {
  agreementId: string;
  /** The month inspected, `YYYY-MM`; this month when not given. */
  period?: string | null;
  inspectorRole?: InspectorRole;
  visitId?: string | null;
  photoIds: string[];
  lng?: number | null;
  lat?: number | null;
  facingsCounted?: number | null;
  skusPresent?: number | null;
  result: InspectionResult;
  remark?: string | null;
}

/**
 * The agreement after its inspections changed: the effective result of its latest inspection suspends or resumes
 * it, and the months in a row whose latest result failed are counted.
 */
export async function followInspections(trx: Kysely<DB>, agreement: AgreementRow, userId: string | null) {
  const latestByPeriod = await trx
    .selectFrom('display_inspections')
    .select(['period', 'result'])
    .distinctOn('period')
    .where('agreement_id', '=', agreement.id)
    .orderBy('period', 'desc')
    .orderBy('inspected_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  let consecutive = 0;
  for (const row of latestByPeriod) {
    if (!FAILING_RESULTS.includes(row.result)) break;
    consecutive += 1;
  }
  const latest = latestByPeriod[0]?.result;
  let status = agreement.status;
  if (latest && FAILING_RESULTS.includes(latest) && status === 'ACTIVE') {
    status = await moveAgreement(trx, agreement, 'suspend', userId, { consecutive_fails: consecutive });
  } else if (latest === 'PASS' && status === 'SUSPENDED') {
    status = await moveAgreement(trx, agreement, 'resume', userId, { consecutive_fails: consecutive });
  } else {
    await trx
      .updateTable('display_agreements')
      .set({ consecutive_fails: consecutive })
      .where('id', '=', agreement.id)
      .execute();
  }
  return { status, consecutiveFails: consecutive };
}

/** Records an inspection of an ACTIVE or SUSPENDED agreement in a month of its term. */
export async function inspectAgreement(db: Kysely<DB>, actor: Actor, input: InspectionInput) {
  return db.transaction().execute(async (trx) => {
    const agreement = await agreementInScope(trx, actor, input.agreementId, true);
    if (agreement.status !== 'ACTIVE' && agreement.status !== 'SUSPENDED')
      throw new BusinessError(409, '只有执行中或暂停兑付的陈列协议可以检核');
    const period = input.period ?? shanghaiToday().slice(0, 7);
    if (period > shanghaiToday().slice(0, 7)) throw new BusinessError(400, '不能检核未来的月份');
    if (!periodsBetween(agreement.start_date, agreement.end_date).includes(period))
      throw new BusinessError(400, `检核月份 ${period} 不在陈列期内`);
    const policy = await trx
      .selectFrom('display_policies')
      .select('partial_ratio')
      .where('id', '=', agreement.policy_id)
      .executeTakeFirstOrThrow();
    const outlet = await trx
      .selectFrom('customers')
      .select(['name', 'lng', 'lat'])
      .where('id', '=', agreement.customer_id)
      .executeTakeFirstOrThrow();
    const distanceM =
      input.lng != null && input.lat != null && outlet.lng !== null && outlet.lat !== null
        ? Math.round(
            distanceMetres(
              { lng: input.lng, lat: input.lat },
              { lng: Number(outlet.lng), lat: Number(outlet.lat) },
            ),
          )
        : null;
    await bindAttachments(trx, actor.tenantId, DISPLAY_PHOTO_BIZ, agreement.id, input.photoIds, '检核照片');
    const id = newId();
    const inspectionNo = await nextDocumentNo(trx, actor.tenantId, 'DI');
    await trx
      .insertInto('display_inspections')
      .values({
        id,
        tenant_id: actor.tenantId,
        inspection_no: inspectionNo,
        agreement_id: agreement.id,
        period,
        visit_id: input.visitId ?? null,
        inspector_id: actor.userId,
        inspector_role: input.inspectorRole ?? 'SR',
        inspected_at: new Date(),
        lng: input.lng ?? null,
        lat: input.lat ?? null,
        distance_m: distanceM,
        photo_ids: JSON.stringify(input.photoIds),
        facings_counted: input.facingsCounted ?? null,
        skus_present: input.skusPresent ?? null,
        result: input.result,
        deduction_ratio: deductionRatioOf(input.result, Number(policy.partial_ratio)),
        remark: input.remark?.trim() || null,
        created_by: actor.userId,
      })
      .execute();
    const { status } = await followInspections(trx, agreement, actor.userId);
    await logOperation(
      trx,
      actor,
      'add',
      `陈列检核 ${agreement.agreement_no}（${period}）：${INSPECTION_RESULT[input.result]}`,
    );
    return { id, inspectionNo, agreementStatus: status };
  });
}

export interface ReviewInput {
  id: string;
  decision: 'CONFIRM' | 'OVERTURN';
  result?: InspectionResult | null;
  remark?: string | null;
}

/**
 * 复核: 维持 keeps the result, 改判 replaces it (the first result stays as original_result) and recomputes its
 * deduction ratio; the agreement follows again. A reviewed inspection is not reviewed twice (409).
 */
export async function reviewInspection(db: Kysely<DB>, actor: Actor, input: ReviewInput) {
  return db.transaction().execute(async (trx) => {
    const inspection = await trx
      .selectFrom('display_inspections')
      .selectAll()
      .where('id', '=', input.id)
      .where('tenant_id', '=', actor.tenantId)
      .executeTakeFirst();
    if (!inspection) throw notFound('陈列检核');
    const agreement = await agreementInScope(trx, actor, inspection.agreement_id, true);
    if (inspection.review_status !== 'PENDING') throw new BusinessError(409, '该检核已复核');
    const overturn = input.decision === 'OVERTURN';
    if (overturn && (!input.result || input.result === inspection.result))
      throw new BusinessError(400, '改判请选择与原结果不同的检核结果');
    if (overturn && !input.remark?.trim()) throw new BusinessError(400, '改判请填写原因');
    const policy = await trx
      .selectFrom('display_policies')
      .select('partial_ratio')
      .where('id', '=', agreement.policy_id)
      .executeTakeFirstOrThrow();
    const result = overturn ? (input.result as InspectionResult) : inspection.result;
    const reviewed = await trx
      .updateTable('display_inspections')
      .set({
        review_status: overturn ? 'OVERTURNED' : 'CONFIRMED',
        result,
        original_result: overturn ? inspection.result : null,
        deduction_ratio: overturn
          ? deductionRatioOf(result, Number(policy.partial_ratio))
          : inspection.deduction_ratio,
        reviewer_id: actor.userId,
        reviewed_at: new Date(),
        review_remark: input.remark?.trim() || null,
        updated_by: actor.userId,
        updated_at: new Date(),
      })
      .where('id', '=', inspection.id)
      .where('review_status', '=', 'PENDING')
      .returning('id')
      .executeTakeFirst();
    if (!reviewed) throw changedMeanwhile('该检核');
    let agreementStatus = agreement.status;
    if (overturn && (agreement.status === 'ACTIVE' || agreement.status === 'SUSPENDED'))
      agreementStatus = (await followInspections(trx, agreement, actor.userId)).status;
    await logOperation(
      trx,
      actor,
      'update',
      overturn
        ? `检核改判 ${inspection.inspection_no}：${INSPECTION_RESULT[inspection.result]} → ${INSPECTION_RESULT[result]}`
        : `检核维持 ${inspection.inspection_no}：${INSPECTION_RESULT[result]}`,
    );
    return { id: inspection.id, result, agreementStatus };
  });
}

// ---- Lists ----

const inspectionSpec: ListSpec = {
  filters: {
    inspectionNo: { column: 'i.inspection_no', kind: 'text' },
    agreementId: { column: 'i.agreement_id', kind: 'text' },
    period: { column: 'i.period', kind: 'text' },
    result: { column: 'i.result', kind: 'enum', values: codesOf(INSPECTION_RESULT) },
    reviewStatus: { column: 'i.review_status', kind: 'enum', values: codesOf(REVIEW_STATUS) },
    inspectedAt: { column: 'i.inspected_at', kind: 'datetime' },
  },
  sorts: { inspectedAt: 'i.inspected_at', period: 'i.period' },
  defaultSort: [
    ['i.inspected_at', 'desc'],
    ['i.id', 'desc'],
  ],
  extras: ['keyword'],
};

export async function listInspections(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, inspectionSpec);
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const base = db
    .selectFrom('display_inspections as i')
    .innerJoin('display_agreements as a', 'a.id', 'i.agreement_id')
    .innerJoin('customers as outlet', 'outlet.id', 'a.customer_id')
    .leftJoin('users as inspector', 'inspector.id', 'i.inspector_id')
    .where('i.tenant_id', '=', caller.tenantId)
    .where(agreementsListed(scope, list.extras.keyword))
    .where(list.where);
  return pagedList(base, list, async (page) =>
    (
      await page
        .select([
          'i.id',
          'i.inspection_no as inspectionNo',
          'i.agreement_id as agreementId',
          'a.agreement_no as agreementNo',
          'a.display_type as displayType',
          'a.standard_photo_id as standardPhotoId',
          'outlet.name as customerName',
          'i.period',
          'i.inspector_role as inspectorRole',
          'inspector.realname as inspectorName',
          shanghaiDateTime('i.inspected_at').as('inspectedAt'),
          'i.lng',
          'i.lat',
          'i.distance_m as distanceM',
          'i.photo_ids as photoIds',
          'i.facings_counted as facingsCounted',
          'i.skus_present as skusPresent',
          'a.min_facings as minFacings',
          'i.result',
          'i.original_result as originalResult',
          'i.deduction_ratio as deductionRatio',
          'i.review_status as reviewStatus',
          'i.review_remark as reviewRemark',
          'i.remark',
        ])
        .execute()
    ).map((row) => ({
      ...row,
      deductionRatio: Number(row.deductionRatio),
      displayType_dictText: DISPLAY_TYPE[row.displayType],
      inspectorRole_dictText: INSPECTOR_ROLE[row.inspectorRole],
      result_dictText: INSPECTION_RESULT[row.result],
      originalResult_dictText: row.originalResult ? INSPECTION_RESULT[row.originalResult] : null,
      reviewStatus_dictText: REVIEW_STATUS[row.reviewStatus],
    })),
  );
}

export type InspectionRecord = Awaited<ReturnType<typeof listInspections>>['records'][number];

/** 本月待检核: living agreements of the caller's scope with no inspection of this month yet. */
export async function inspectionsDue(db: Kysely<DB>, caller: Caller, period = shanghaiToday().slice(0, 7)) {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const { due } = await db
    .selectFrom('display_agreements as a')
    .select(sql<number>`count(*)::integer`.as('due'))
    .where('a.tenant_id', '=', caller.tenantId)
    .where('a.status', 'in', ['ACTIVE', 'SUSPENDED'])
    .where(agreementsListed(scope, undefined))
    .where(sql<boolean>`to_char(a.start_date, 'YYYY-MM') <= ${period}`)
    .where(sql<boolean>`to_char(a.end_date, 'YYYY-MM') >= ${period}`)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('display_inspections as i')
            .select('i.id')
            .whereRef('i.agreement_id', '=', 'a.id')
            .where('i.period', '=', period),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return { period, due };
}
