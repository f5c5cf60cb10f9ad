// 门店执行结果 (DOMAIN §1.4 ExecutionResult / ExecutionItemResult): the rep submits what they found in the
// outlet during the visit, item by item; the server scores every item by its rule (PHOTO_AI items are left to
// the reviewer — there is no image recognition here and none is faked), applies the veto and the pass score.
// There is no AI step, so a submission goes straight to 待审核.
//
// Review (门店执行审核), a state machine of conditional UPDATEs (409 to the loser):
//   PENDING_REVIEW → APPROVED (awards coins) / REJECTED (reason)       — the first reviewer, not the rep
//   REJECTED → APPEALING                                               — the rep, within 3 days of the rejection
//   APPEALING → FINAL_APPROVED (awards coins) / FINAL_REJECTED          — a different person than the first reviewer
//   APPROVED / FINAL_APPROVED → REVOKED (coin REVERSE entry)            — a later audit
// A reviewer may change item scores at the first and at the final review; the result is scored again from them.
import { sql, type Kysely } from 'kysely';
import {
  INPUT_TYPE,
  REVIEW_STATUS,
  scoreItem,
  scoreResult,
  type ItemInput,
  type ReviewStatus,
} from '../../../common/execution';
import { codesOf } from '../../../common/businessEnums';
import { shanghaiDateTime } from '../../db/dates';
import { violatedUniqueConstraint } from '../../db/errors';
import { newId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import {
  pagedList,
  parseListQuery,
  containsPattern,
  type ListSpec,
  type RawQuery,
} from '../../http/listQuery';
import { attachmentsByIds } from '../attachments/service';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { changedMeanwhile, notFound, transitionTo, type Transition } from '../shared/commands';
import { dataScopeOf, inScope, type DataScope } from '../shared/dataScope';
import { nextDocumentNo } from '../shared/documentNumbers';
import { attachPhotos, ownPhoto } from '../visits/records';
import { awardCoins, reverseCoins } from './coins';
import { templateById, type TemplateItem } from './templates';

export interface SubmitInput {
  clientId: string;
  visitId: string;
  templateId: string;
  items: Array<{ itemId: string; value?: boolean | number | string | null; photoIds?: string[] }>;
}

export interface ItemReview {
  itemId: string;
  reviewerScore: number | null;
  deductionReason?: string | null;
}

export interface ReviewInput {
  id: string;
  approve: boolean;
  comment?: string | null;
  items?: ItemReview[];
}

/** Days after a rejection in which the rep may appeal. */
export const APPEAL_DAYS = 3;

const resultScope = (scope: DataScope) =>
  inScope(scope, 'execution_results.org_code', 'execution_results.employee_id');

// ---- Submission ----

async function replayOf(db: Kysely<DB>, actor: Actor, clientId: string) {
  return db
    .selectFrom('execution_results')
    .select('id')
    .where('tenant_id', '=', actor.tenantId)
    .where('employee_id', '=', actor.userId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

/**
 * The rep's execution result of their visit, scored by the server. Sent again with the same clientId (an
 * offline queue replayed) it answers the result it made; one result per visit.
 */
export async function submitResult(db: Kysely<DB>, actor: Actor, input: SubmitInput) {
  const known = await replayOf(db, actor, input.clientId);
  if (known) return { ...(await resultDetail(db, actor, known.id, true)), replayed: true };
  try {
    const id = await db.transaction().execute(async (trx) => {
      const visit = await trx
        .selectFrom('visit_records')
        .select(['id', 'customer_id', 'org_code', 'status', 'visit_no'])
        .where('id', '=', input.visitId)
        .where('tenant_id', '=', actor.tenantId)
        .where('employee_id', '=', actor.userId)
        .forUpdate()
        .executeTakeFirst();
      if (!visit) throw notFound('拜访');
      if (visit.status === 'AUTO_CLOSED')
        throw new BusinessError(409, '拜访已由系统关闭，不能再提交执行评分');
      const existing = await trx
        .selectFrom('execution_results')
        .select('id')
        .where('visit_id', '=', visit.id)
        .executeTakeFirst();
      if (existing) throw new BusinessError(409, '本次拜访已提交执行评分');
      const template = await templateById(trx, actor, input.templateId);
      if (template.status !== 'ACTIVE') throw new BusinessError(409, '评分模板已更新，请重新加载后再提交');
      const byItem = new Map(input.items.map((item) => [item.itemId, item]));
      for (const itemId of byItem.keys())
        if (!template.items.some((item) => item.id === itemId))
          throw new BusinessError(400, '检查项不属于该评分模板');
      const photoIds = [...new Set(input.items.flatMap((item) => item.photoIds ?? []))];
      for (const photoId of photoIds) await ownPhoto(trx, actor, photoId);
      const scored = template.items.map((item) => {
        const given: ItemInput = byItem.get(item.id) ?? {};
        return { item, given, ...scoreItem(item, given) };
      });
      const total = scoreResult(
        scored.map((each) => ({ ...each.item, score: each.score, met: each.met })),
        template.passScore,
      );
      const resultId = newId();
      await trx
        .insertInto('execution_results')
        .values({
          id: resultId,
          tenant_id: actor.tenantId,
          result_no: await nextDocumentNo(trx, actor.tenantId, 'EX'),
          client_id: input.clientId,
          visit_id: visit.id,
          customer_id: visit.customer_id,
          employee_id: actor.userId,
          org_code: visit.org_code,
          template_id: template.id,
          template_version: template.version,
          auto_score: total.total,
          final_score: total.total,
          passed: total.passed,
          veto_hit: total.vetoHit,
          created_by: actor.userId,
        })
        .execute();
      await trx
        .insertInto('execution_item_results')
        .values(
          scored.map((each) => ({
            id: newId(),
            tenant_id: actor.tenantId,
            result_id: resultId,
            item_id: each.item.id,
            seq: each.item.seq,
            input_value: JSON.stringify(each.given.value ?? null),
            photo_ids: JSON.stringify(each.given.photoIds ?? []),
            auto_score: each.score,
            final_score: each.score,
            met: each.met,
            deduction_reason: each.deductionReason,
          })),
        )
        .execute();
      await attachPhotos(trx, visit.id, photoIds);
      await trx
        .updateTable('visit_records')
        .set({ execution_score: total.total })
        .where('id', '=', visit.id)
        .execute();
      await logOperation(trx, actor, 'add', `提交门店执行评分（拜访 ${visit.visit_no}）`);
      return resultId;
    });
    return { ...(await resultDetail(db, actor, id, true)), replayed: false };
  } catch (error) {
    // The same clientId sent twice at once: the loser answers what the winner made.
    if (violatedUniqueConstraint(error) === 'execution_results_client_uq') {
      const winner = await replayOf(db, actor, input.clientId);
      if (winner) return { ...(await resultDetail(db, actor, winner.id, true)), replayed: true };
    }
    throw error;
  }
}

// ---- List and detail ----

const resultSpec: ListSpec = {
  filters: {
    resultNo: { column: 'execution_results.result_no', kind: 'text' },
    reviewStatus: { column: 'execution_results.review_status', kind: 'enum', values: codesOf(REVIEW_STATUS) },
    customerId: { column: 'execution_results.customer_id', kind: 'text' },
    employeeId: { column: 'execution_results.employee_id', kind: 'text' },
    orgCode: { column: 'execution_results.org_code', kind: 'text' },
    passed: { column: 'execution_results.passed', kind: 'boolean' },
    executedAt: { column: 'execution_results.executed_at', kind: 'datetime' },
  },
  sorts: {
    executedAt: 'execution_results.executed_at',
    finalScore: 'execution_results.final_score',
  },
  defaultSort: [
    ['execution_results.executed_at', 'desc'],
    ['execution_results.id', 'desc'],
  ],
  extras: ['keyword'],
};

export async function listResults(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, resultSpec);
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const { keyword } = list.extras;
  const base = db
    .selectFrom('execution_results')
    .innerJoin('customers', 'customers.id', 'execution_results.customer_id')
    .innerJoin('users as rep', 'rep.id', 'execution_results.employee_id')
    .innerJoin('execution_templates', 'execution_templates.id', 'execution_results.template_id')
    .leftJoin('users as reviewer', 'reviewer.id', 'execution_results.reviewer_id')
    .where('execution_results.tenant_id', '=', caller.tenantId)
    .where(resultScope(scope))
    .where(list.where)
    .$if(Boolean(keyword), (q) =>
      q.where((eb) =>
        eb.or([
          eb('customers.name', 'ilike', containsPattern(keyword as string)),
          eb('customers.customer_code', 'ilike', containsPattern(keyword as string)),
          eb('execution_results.result_no', 'ilike', containsPattern(keyword as string)),
        ]),
      ),
    );
  return pagedList(base, list, async (page) => {
    const rows = await page
      .select([
        'execution_results.id',
        'execution_results.result_no as resultNo',
        'execution_results.visit_id as visitId',
        'execution_results.customer_id as customerId',
        'customers.name as customerName',
        'customers.customer_code as customerCode',
        'execution_results.employee_id as employeeId',
        'rep.realname as employeeName',
        'execution_templates.name as templateName',
        'execution_results.template_version as templateVersion',
        shanghaiDateTime('execution_results.executed_at').as('executedAt'),
        'execution_results.auto_score as autoScore',
        'execution_results.final_score as finalScore',
        'execution_results.passed',
        'execution_results.veto_hit as vetoHit',
        'execution_results.review_status as reviewStatus',
        'execution_results.coins_awarded as coinsAwarded',
        'reviewer.realname as reviewerName',
      ])
      .execute();
    const photoRows =
      rows.length === 0
        ? []
        : await db
            .selectFrom('execution_item_results')
            .select(['result_id', 'photo_ids'])
            .where(
              'result_id',
              'in',
              rows.map((row) => row.id),
            )
            .orderBy('seq')
            .execute();
    return rows.map((row) => ({
      ...row,
      autoScore: row.autoScore === null ? null : Number(row.autoScore),
      finalScore: row.finalScore === null ? null : Number(row.finalScore),
      photoIds: photoRows.filter((each) => each.result_id === row.id).flatMap((each) => each.photo_ids),
      reviewStatus_dictText: REVIEW_STATUS[row.reviewStatus],
    }));
  });
}

/** 执行详情: the result, its template version's items with what was recorded and scored, and the photos. */
export async function resultDetail(db: Kysely<DB>, caller: Caller, id: string, own = false) {
  const scope = own ? null : await dataScopeOf(db, caller.tenantId, caller.userId);
  const result = await db
    .selectFrom('execution_results')
    .innerJoin('customers', 'customers.id', 'execution_results.customer_id')
    .innerJoin('users as rep', 'rep.id', 'execution_results.employee_id')
    .innerJoin('visit_records', 'visit_records.id', 'execution_results.visit_id')
    .leftJoin('users as reviewer', 'reviewer.id', 'execution_results.reviewer_id')
    .leftJoin('users as finalReviewer', 'finalReviewer.id', 'execution_results.final_reviewer_id')
    .leftJoin('users as appellant', 'appellant.id', 'execution_results.appeal_by')
    .leftJoin('users as revoker', 'revoker.id', 'execution_results.revoked_by')
    .select([
      'execution_results.id',
      'execution_results.result_no as resultNo',
      'execution_results.visit_id as visitId',
      'visit_records.visit_no as visitNo',
      'execution_results.customer_id as customerId',
      'customers.name as customerName',
      'customers.customer_code as customerCode',
      'execution_results.employee_id as employeeId',
      'rep.realname as employeeName',
      'execution_results.template_id as templateId',
      'execution_results.template_version as templateVersion',
      shanghaiDateTime('execution_results.executed_at').as('executedAt'),
      'execution_results.auto_score as autoScore',
      'execution_results.final_score as finalScore',
      'execution_results.passed',
      'execution_results.veto_hit as vetoHit',
      'execution_results.review_status as reviewStatus',
      'execution_results.reviewer_id as reviewerId',
      'reviewer.realname as reviewerName',
      shanghaiDateTime<string | null>('execution_results.reviewed_at').as('reviewedAt'),
      'execution_results.review_comment as reviewComment',
      'execution_results.appeal_reason as appealReason',
      'appellant.realname as appealByName',
      shanghaiDateTime<string | null>('execution_results.appealed_at').as('appealedAt'),
      'finalReviewer.realname as finalReviewerName',
      shanghaiDateTime<string | null>('execution_results.final_reviewed_at').as('finalReviewedAt'),
      'execution_results.final_comment as finalComment',
      'revoker.realname as revokedByName',
      shanghaiDateTime<string | null>('execution_results.revoked_at').as('revokedAt'),
      'execution_results.revoke_reason as revokeReason',
      'execution_results.coins_awarded as coinsAwarded',
    ])
    .where('execution_results.id', '=', id)
    .where('execution_results.tenant_id', '=', caller.tenantId)
    .$if(scope !== null, (q) => q.where(resultScope(scope as DataScope)))
    .executeTakeFirst();
  if (!result) throw notFound('执行结果');
  const template = await templateById(db, caller, result.templateId);
  const itemRows = await db
    .selectFrom('execution_item_results')
    .selectAll()
    .where('result_id', '=', id)
    .orderBy('seq')
    .execute();
  const photos = await attachmentsByIds(
    db,
    caller.tenantId,
    itemRows.flatMap((row) => row.photo_ids),
  );
  const number = (value: string | null) => (value === null ? null : Number(value));
  const items = template.items.map((item) => {
    const row = itemRows.find((each) => each.item_id === item.id);
    return {
      ...item,
      inputType_dictText: INPUT_TYPE[item.inputType],
      value: row?.input_value ?? null,
      photoIds: row?.photo_ids ?? [],
      photos: (row?.photo_ids ?? []).map((photoId) => photos.get(photoId)).filter(Boolean),
      autoScore: number(row?.auto_score ?? null),
      reviewerScore: number(row?.reviewer_score ?? null),
      finalScore: number(row?.final_score ?? null),
      met: row?.met ?? null,
      deductionReason: row?.deduction_reason ?? null,
    };
  });
  return {
    ...result,
    autoScore: number(result.autoScore),
    finalScore: number(result.finalScore),
    templateName: template.name,
    totalScore: template.totalScore,
    passScore: template.passScore,
    coinRule: template.coinRule,
    reviewStatus_dictText: REVIEW_STATUS[result.reviewStatus],
    items,
  };
}
export type ResultDetail = Awaited<ReturnType<typeof resultDetail>>;

// ---- Review ----

const REVIEW_TRANSITIONS: readonly Transition<ReviewStatus>[] = [
  { from: ['PENDING_REVIEW'], to: 'APPROVED', action: '审核通过' },
  { from: ['PENDING_REVIEW'], to: 'REJECTED', action: '驳回' },
  { from: ['REJECTED'], to: 'APPEALING', action: '申诉' },
  { from: ['APPEALING'], to: 'FINAL_APPROVED', action: '终审通过' },
  { from: ['APPEALING'], to: 'FINAL_REJECTED', action: '终审驳回' },
  { from: ['APPROVED', 'FINAL_APPROVED'], to: 'REVOKED', action: '撤销' },
];

/** The result locked for the command, in the caller's data scope. */
async function lockedResult(trx: Kysely<DB>, caller: Caller, id: string) {
  const scope = await dataScopeOf(trx, caller.tenantId, caller.userId);
  const row = await trx
    .selectFrom('execution_results')
    .selectAll()
    .where('id', '=', id)
    .where('tenant_id', '=', caller.tenantId)
    .where(resultScope(scope))
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('执行结果');
  return row;
}
type ResultRow = Awaited<ReturnType<typeof lockedResult>>;

/** The reviewer's item scores applied, and the result scored again from its items. */
async function rescore(
  trx: Kysely<DB>,
  result: ResultRow,
  reviews: readonly ItemReview[],
  approving: boolean,
) {
  const template = await templateById(trx, { tenantId: result.tenant_id, userId: '' }, result.template_id);
  const rows = await trx
    .selectFrom('execution_item_results')
    .selectAll()
    .where('result_id', '=', result.id)
    .execute();
  const byItem = new Map(reviews.map((review) => [review.itemId, review]));
  const scored: Array<{ maxScore: number; isVeto: boolean; score: number | null; met: boolean | null }> = [];
  for (const row of rows) {
    const item = template.items.find((each) => each.id === row.item_id) as TemplateItem;
    const review = byItem.get(row.item_id);
    let reviewer = row.reviewer_score === null ? null : Number(row.reviewer_score);
    let reason = row.deduction_reason;
    if (review) {
      if (review.reviewerScore !== null && (review.reviewerScore < 0 || review.reviewerScore > item.maxScore))
        throw new BusinessError(400, `「${item.name}」的得分应在 0 到 ${item.maxScore} 之间`);
      reviewer = review.reviewerScore;
      if (review.deductionReason !== undefined) reason = review.deductionReason ?? null;
    }
    if (approving && reviewer === null && row.auto_score === null)
      throw new BusinessError(400, `请为「${item.name}」评分（拍照识别项由审核人评分）`);
    const finalScore = reviewer ?? (row.auto_score === null ? null : Number(row.auto_score));
    const met = reviewer !== null ? reviewer >= item.maxScore : row.met;
    scored.push({ maxScore: item.maxScore, isVeto: item.isVeto, score: finalScore, met });
    await trx
      .updateTable('execution_item_results')
      .set({ reviewer_score: reviewer, final_score: finalScore, met, deduction_reason: reason })
      .where('id', '=', row.id)
      .execute();
  }
  return { ...scoreResult(scored, template.passScore), coinRule: template.coinRule };
}

async function moveTo(
  trx: Kysely<DB>,
  result: ResultRow,
  transition: Transition<ReviewStatus>,
  set: Record<string, unknown>,
) {
  const moved = await trx
    .updateTable('execution_results')
    .set({ ...set, review_status: transition.to, updated_at: new Date(), version: sql`version + 1` })
    .where('id', '=', result.id)
    .where('review_status', 'in', transition.from)
    .where('version', '=', result.version)
    .returning('id')
    .executeTakeFirst();
  if (!moved) throw changedMeanwhile('执行结果');
}

/** 通过 / 驳回 at the first review, or 终审 of an appeal; the item scores the reviewer changed come with it. */
export async function reviewResult(db: Kysely<DB>, actor: Actor, input: ReviewInput, final: boolean) {
  return db.transaction().execute(async (trx) => {
    const result = await lockedResult(trx, actor, input.id);
    const to: ReviewStatus = final
      ? input.approve
        ? 'FINAL_APPROVED'
        : 'FINAL_REJECTED'
      : input.approve
        ? 'APPROVED'
        : 'REJECTED';
    const transition = transitionTo(REVIEW_TRANSITIONS, REVIEW_STATUS, result.review_status, to);
    if (result.employee_id === actor.userId) throw new BusinessError(403, '不能审核本人提交的执行结果');
    if (final && result.reviewer_id === actor.userId)
      throw new BusinessError(403, '终审须由初审以外的人员进行');
    const comment = input.comment?.trim() || null;
    if (!input.approve && !comment) throw new BusinessError(400, '请填写驳回原因');
    const score = await rescore(trx, result, input.items ?? [], input.approve);
    const stamp = final
      ? { final_reviewer_id: actor.userId, final_reviewed_at: new Date(), final_comment: comment }
      : { reviewer_id: actor.userId, reviewed_at: new Date(), review_comment: comment };
    await moveTo(trx, result, transition, {
      ...stamp,
      final_score: score.total,
      passed: score.passed,
      veto_hit: score.vetoHit,
      updated_by: actor.userId,
    });
    await trx
      .updateTable('visit_records')
      .set({ execution_score: score.total })
      .where('id', '=', result.visit_id)
      .execute();
    const coins =
      input.approve && score.passed && score.total !== null
        ? await awardCoins(trx, actor, result, score.total, score.coinRule)
        : 0;
    await logOperation(
      trx,
      actor,
      'update',
      `${transition.action}门店执行结果 ${result.result_no}${coins > 0 ? `，奖励 ${coins} 金币` : ''}`,
    );
    return {
      id: result.id,
      reviewStatus: to,
      finalScore: score.total,
      passed: score.passed,
      coinsAwarded: coins,
    };
  });
}

/** 批量通过: each result approved on its own (one that needs the reviewer's scores is left with the reason). */
export async function approveMany(db: Kysely<DB>, actor: Actor, ids: readonly string[]) {
  const approved: string[] = [];
  const skipped: Array<{ id: string; reason: string }> = [];
  let firstRefusal: BusinessError | undefined;
  for (const id of ids) {
    try {
      await reviewResult(db, actor, { id, approve: true }, false);
      approved.push(id);
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      firstRefusal ??= error;
      skipped.push({ id, reason: error.message });
    }
  }
  // Nothing approved (none of them is the caller's to review, or none is pending) is a refusal, not a success.
  if (approved.length === 0 && firstRefusal) throw firstRefusal;
  return { approved: approved.length, skipped };
}

/** 申诉: the rep asks for a final review of their rejected result, within APPEAL_DAYS of the rejection. */
export async function appealResult(db: Kysely<DB>, actor: Actor, id: string, reason: string) {
  return db.transaction().execute(async (trx) => {
    const result = await lockedResult(trx, actor, id);
    const transition = transitionTo(REVIEW_TRANSITIONS, REVIEW_STATUS, result.review_status, 'APPEALING');
    if (result.employee_id !== actor.userId) throw new BusinessError(403, '只有提交人可以申诉');
    const late = await trx
      .selectFrom('execution_results')
      .select(sql<boolean>`now() > reviewed_at + make_interval(days => ${APPEAL_DAYS})`.as('late'))
      .where('id', '=', result.id)
      .executeTakeFirstOrThrow();
    if (late.late) throw new BusinessError(409, `已超过申诉期限（驳回后 ${APPEAL_DAYS} 天内）`);
    await moveTo(trx, result, transition, {
      appeal_reason: reason.trim(),
      appeal_by: actor.userId,
      appealed_at: new Date(),
      updated_by: actor.userId,
    });
    await logOperation(trx, actor, 'update', `申诉门店执行结果 ${result.result_no}`);
    return { id };
  });
}

/** 撤销 an approved result found wrong later: its coins go back out of the outlet's account (REVERSE). */
export async function revokeResult(db: Kysely<DB>, actor: Actor, id: string, reason: string) {
  return db.transaction().execute(async (trx) => {
    const result = await lockedResult(trx, actor, id);
    const transition = transitionTo(REVIEW_TRANSITIONS, REVIEW_STATUS, result.review_status, 'REVOKED');
    await moveTo(trx, result, transition, {
      revoked_by: actor.userId,
      revoked_at: new Date(),
      revoke_reason: reason.trim(),
      updated_by: actor.userId,
    });
    if (result.coins_awarded > 0) await reverseCoins(trx, actor, result);
    await logOperation(trx, actor, 'update', `撤销门店执行结果 ${result.result_no}`);
    return { id };
  });
}

export type { ResultRow };
