// 目标设置 (DOMAIN §1.13): targets per (subject, indicator, period) edited as a grid of subjects × months, split
// top-down from a parent target, published, and locked at the period's start. A locked target (or a published
// one whose period has begun) changes only through 审批中心 (KPI_CHANGE): the change row waits for the flow,
// and the approval writes the new value.
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  KPI_INDICATOR,
  KPI_TARGET_STATUS,
  gridPeriodsOf,
  lastYearOf,
  monthsOf,
  periodRange,
  periodTypeOf,
  type KpiIndicatorCode,
  type KpiSubjectType,
  type KpiTargetCell,
  type KpiTargetGrid,
  type KpiTargetGridRow,
  type KpiTargetStatus,
} from '../../../common/kpi';
import { newId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import {
  registerApprovalHandler,
  startApproval,
  type ApprovalOutcome,
  type TaskNotice,
} from '../approvals/engine';
import { shanghaiToday } from '../home/periods';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { changedMeanwhile, notFound } from '../shared/commands';
import { dataScopeOf, orgCodeInScope } from '../shared/dataScope';
import { nextDocumentNo } from '../shared/documentNumbers';
import { indicatorActuals, isRatio, orgFigure, valueOf } from './indicators';
import { subjectsOf, visibleSubjects, type Subject } from './subjects';

export interface GridQuery {
  year: number;
  indicatorCode: KpiIndicatorCode;
  subjectType: KpiSubjectType;
}

const STATUS_ORDER: KpiTargetStatus[] = ['DRAFT', 'PUBLISHED', 'LOCKED'];

/** A target is in force once published and its period has begun: edits then go through approval. */
export const targetLocked = (status: KpiTargetStatus, period: string, today: string) =>
  status === 'LOCKED' || (status === 'PUBLISHED' && periodRange(period).start <= today);

export async function targetGrid(
  db: Kysely<DB>,
  caller: Caller,
  query: GridQuery,
  now = new Date(),
): Promise<KpiTargetGrid> {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const subjects = visibleSubjects(await subjectsOf(db, caller.tenantId, query.subjectType), scope);
  const targets = await db
    .selectFrom('kpi_targets')
    .select(['subject_id', 'period', 'period_type', 'target_value', 'status'])
    .where('tenant_id', '=', caller.tenantId)
    .where('indicator_code', '=', query.indicatorCode)
    .where('subject_type', '=', query.subjectType)
    .where('period', 'in', gridPeriodsOf(query.year))
    .execute();
  const today = shanghaiToday(now);
  const rows = new Map<string, KpiTargetGridRow>(
    subjects.map((subject) => [
      subject.id,
      {
        subjectType: subject.type,
        subjectId: subject.id,
        subjectName: subject.name,
        orgCode: subject.orgCode,
        months: {},
        year: null,
        status: null,
        lockedMonths: [],
      },
    ]),
  );
  for (const target of targets) {
    const row = rows.get(target.subject_id);
    if (!row) continue;
    const value = Number(target.target_value);
    if (target.period_type === 'YEAR') row.year = value;
    else row.months[target.period] = value;
    if (row.status === null || STATUS_ORDER.indexOf(target.status) > STATUS_ORDER.indexOf(row.status))
      row.status = target.status;
    if (target.period_type !== 'YEAR' && targetLocked(target.status, target.period, today))
      row.lockedMonths.push(target.period);
  }
  return { ...query, rows: [...rows.values()] };
}

export interface SaveCellsInput extends GridQuery {
  cells: KpiTargetCell[];
}

/** The periods a grid of `year` may hold: the year and its months. */
function checkPeriod(year: number, period: string) {
  if (!gridPeriodsOf(year).includes(period)) throw new BusinessError(400, `期间「${period}」不属于${year}年`);
}

async function subjectIn(
  db: Kysely<DB>,
  caller: Caller,
  type: KpiSubjectType,
): Promise<Map<string, Subject>> {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const subjects = visibleSubjects(await subjectsOf(db, caller.tenantId, type), scope);
  return new Map(subjects.map((subject) => [subject.id, subject]));
}

interface TargetWrite {
  subject: Subject;
  period: string;
  indicatorCode: KpiIndicatorCode;
  value: number | null;
  parentTargetId?: string | null;
}

/** Writes draft targets; a target in force refuses (409) and says to request a change. */
async function writeTargets(trx: Kysely<DB>, actor: Actor, writes: TargetWrite[], now: Date) {
  const today = shanghaiToday(now);
  let changed = 0;
  for (const write of writes) {
    const existing = await trx
      .selectFrom('kpi_targets')
      .select(['id', 'status', 'target_value'])
      .where('tenant_id', '=', actor.tenantId)
      .where('period', '=', write.period)
      .where('subject_type', '=', write.subject.type)
      .where('subject_id', '=', write.subject.id)
      .where('indicator_code', '=', write.indicatorCode)
      .executeTakeFirst();
    if (existing && targetLocked(existing.status, write.period, today)) {
      if (write.value !== null && Number(existing.target_value) === write.value) continue;
      throw new BusinessError(
        409,
        `${write.subject.name} ${write.period} 的目标已锁定，请通过「申请变更」提交审批`,
      );
    }
    if (write.value === null) {
      if (existing) {
        await trx.deleteFrom('kpi_targets').where('id', '=', existing.id).execute();
        changed += 1;
      }
      continue;
    }
    if (existing) {
      await trx
        .updateTable('kpi_targets')
        .set({
          target_value: write.value,
          parent_target_id: write.parentTargetId === undefined ? undefined : write.parentTargetId,
          updated_by: actor.userId,
          updated_at: now,
          version: sql`version + 1`,
        })
        .where('id', '=', existing.id)
        .execute();
    } else {
      await trx
        .insertInto('kpi_targets')
        .values({
          id: newId(),
          tenant_id: actor.tenantId,
          period_type: periodTypeOf(write.period),
          period: write.period,
          subject_type: write.subject.type,
          subject_id: write.subject.id,
          org_code: write.subject.orgCode,
          indicator_code: write.indicatorCode,
          target_value: write.value,
          parent_target_id: write.parentTargetId ?? null,
          assigned_by: actor.userId,
          created_by: actor.userId,
          updated_by: actor.userId,
        })
        .execute();
    }
    changed += 1;
  }
  return changed;
}

export async function saveTargetCells(
  db: Kysely<DB>,
  actor: Actor,
  input: SaveCellsInput,
  now = new Date(),
): Promise<{ changed: number }> {
  const subjects = await subjectIn(db, actor, input.subjectType);
  const writes = input.cells.map((cell): TargetWrite => {
    checkPeriod(input.year, cell.period);
    const subject = subjects.get(cell.subjectId);
    if (!subject) throw notFound('考核对象');
    if (cell.value !== null && (!Number.isFinite(cell.value) || cell.value < 0))
      throw new BusinessError(400, `${subject.name} ${cell.period} 的目标值应为不小于0的数字`);
    return { subject, period: cell.period, indicatorCode: input.indicatorCode, value: cell.value };
  });
  return db.transaction().execute(async (trx) => {
    const changed = await writeTargets(trx, actor, writes, now);
    await logOperation(
      trx,
      actor,
      'update',
      `保存${input.year}年「${KPI_INDICATOR[input.indicatorCode]}」目标 ${changed} 项`,
    );
    return { changed };
  });
}

/** DRAFT → PUBLISHED for the grid's targets the caller may see; a conditional update per status. */
export async function publishTargets(
  db: Kysely<DB>,
  actor: Actor,
  query: GridQuery,
): Promise<{ published: number }> {
  const subjects = await subjectIn(db, actor, query.subjectType);
  if (subjects.size === 0) throw new BusinessError(409, '没有待下达的草稿目标');
  return db.transaction().execute(async (trx) => {
    const published = await trx
      .updateTable('kpi_targets')
      .set({
        status: 'PUBLISHED',
        updated_by: actor.userId,
        updated_at: new Date(),
        version: sql`version + 1`,
      })
      .where('tenant_id', '=', actor.tenantId)
      .where('indicator_code', '=', query.indicatorCode)
      .where('subject_type', '=', query.subjectType)
      .where('period', 'in', gridPeriodsOf(query.year))
      .where('subject_id', 'in', [...subjects.keys()])
      .where('status', '=', 'DRAFT')
      .returning('id')
      .execute();
    if (published.length === 0) throw new BusinessError(409, '没有待下达的草稿目标');
    await logOperation(
      trx,
      actor,
      'update',
      `下达${query.year}年「${KPI_INDICATOR[query.indicatorCode]}」目标 ${published.length} 项`,
    );
    return { published: published.length };
  });
}

/** SYS at the period's start: PUBLISHED → LOCKED for every period that has begun. */
export async function lockStartedTargets(db: Kysely<DB>, now = new Date()): Promise<number> {
  const today = shanghaiToday(now);
  const candidates = await db
    .selectFrom('kpi_targets')
    .select(['id', 'period'])
    .where('status', '=', 'PUBLISHED')
    .execute();
  const due = candidates.filter((row) => periodRange(row.period).start <= today).map((row) => row.id);
  if (due.length === 0) return 0;
  const locked = await db
    .updateTable('kpi_targets')
    .set({ status: 'LOCKED', updated_at: now, version: sql`version + 1` })
    .where('id', 'in', due)
    .where('status', '=', 'PUBLISHED')
    .returning('id')
    .execute();
  return locked.length;
}

// ---- Top-down split ----

export type SplitMethod = 'EVEN' | 'LAST_YEAR';

export interface SplitInput {
  /** The parent: a department's target of a period. */
  orgCode: string;
  period: string;
  indicatorCode: KpiIndicatorCode;
  childType: KpiSubjectType;
  method: SplitMethod;
}

/** The children a department's target is split among: its sub-departments, or the reps / dealers under it. */
function childrenOf(subjects: Subject[], orgCode: string, childType: KpiSubjectType) {
  if (childType === 'ORG') return subjects.filter((subject) => subject.parentKey === orgCode);
  return subjects.filter((subject) => subject.orgCode.startsWith(orgCode));
}

/** Splits `total` by the weights (evenly when they sum to nothing), to 2 places, the rounding on the largest. */
export function splitByShares(total: number, weights: number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = sum > 0 ? weights.map((weight) => weight / sum) : weights.map(() => 1 / weights.length);
  const parts = shares.map((share) => Math.floor(total * share * 100) / 100);
  const rest = Math.round((total - parts.reduce((a, b) => a + b, 0)) * 100) / 100;
  const largest = shares.indexOf(Math.max(...shares));
  parts[largest] = Math.round((parts[largest] + rest) * 100) / 100;
  return parts;
}

export async function splitTarget(
  db: Kysely<DB>,
  actor: Actor,
  input: SplitInput,
  now = new Date(),
): Promise<{ children: Array<{ subjectId: string; name: string; value: number }> }> {
  if (isRatio(input.indicatorCode))
    throw new BusinessError(400, `「${KPI_INDICATOR[input.indicatorCode]}」是比率指标，不能按金额拆分`);
  const scope = await dataScopeOf(db, actor.tenantId, actor.userId);
  if (!orgCodeInScope(scope, input.orgCode)) throw notFound('部门');
  const parent = await db
    .selectFrom('kpi_targets')
    .select(['id', 'target_value'])
    .where('tenant_id', '=', actor.tenantId)
    .where('subject_type', '=', 'ORG')
    .where('subject_id', '=', input.orgCode)
    .where('period', '=', input.period)
    .where('indicator_code', '=', input.indicatorCode)
    .executeTakeFirst();
  if (!parent)
    throw new BusinessError(
      404,
      `该部门 ${input.period} 还没有「${KPI_INDICATOR[input.indicatorCode]}」目标，请先设置`,
    );
  const children = childrenOf(
    await subjectsOf(db, actor.tenantId, input.childType),
    input.orgCode,
    input.childType,
  );
  if (children.length === 0) throw new BusinessError(400, '该部门下没有可拆分的对象');
  let weights = children.map(() => 1);
  if (input.method === 'LAST_YEAR') {
    const last = lastYearOf(input.period);
    const { start, end } = periodRange(last);
    const actuals = await indicatorActuals(db, actor.tenantId, input.indicatorCode, start, end);
    weights = children.map((child) => {
      if (!actuals) return 0;
      const figure =
        child.type === 'ORG'
          ? orgFigure(actuals, child.id)
          : (child.type === 'EMPLOYEE' ? actuals.employee : actuals.dealer).get(child.id);
      return Math.max(0, valueOf(input.indicatorCode, figure) ?? 0);
    });
  }
  const values = splitByShares(Number(parent.target_value), weights);
  return db.transaction().execute(async (trx) => {
    await writeTargets(
      trx,
      actor,
      children.map((child, index) => ({
        subject: child,
        period: input.period,
        indicatorCode: input.indicatorCode,
        value: values[index],
        parentTargetId: parent.id,
      })),
      now,
    );
    await logOperation(
      trx,
      actor,
      'update',
      `拆分 ${input.orgCode} ${input.period}「${KPI_INDICATOR[input.indicatorCode]}」目标（${input.method === 'EVEN' ? '平均' : '按去年占比'}）`,
    );
    return {
      children: children.map((child, index) => ({
        subjectId: child.id,
        name: child.name,
        value: values[index],
      })),
    };
  });
}

// ---- Changes of a locked target through 审批中心 ----

export interface ChangeInput {
  subjectType: KpiSubjectType;
  subjectId: string;
  period: string;
  indicatorCode: KpiIndicatorCode;
  newValue: number;
  reason: string;
}

export async function requestTargetChange(
  db: Kysely<DB>,
  actor: Actor,
  input: ChangeInput,
  now = new Date(),
): Promise<{ changeNo: string; notices: TaskNotice[] }> {
  const subjects = await subjectIn(db, actor, input.subjectType);
  const subject = subjects.get(input.subjectId);
  if (!subject) throw notFound('考核对象');
  return db.transaction().execute(async (trx) => {
    const target = await trx
      .selectFrom('kpi_targets')
      .select(['id', 'status', 'target_value', 'period'])
      .where('tenant_id', '=', actor.tenantId)
      .where('subject_type', '=', input.subjectType)
      .where('subject_id', '=', input.subjectId)
      .where('period', '=', input.period)
      .where('indicator_code', '=', input.indicatorCode)
      .executeTakeFirst();
    if (!target) throw notFound('目标');
    if (!targetLocked(target.status, target.period, shanghaiToday(now)))
      throw new BusinessError(409, `目标当前为「${KPI_TARGET_STATUS[target.status]}」，可直接修改，无需审批`);
    const pending = await trx
      .selectFrom('kpi_target_changes')
      .select('change_no')
      .where('target_id', '=', target.id)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    if (pending) throw new BusinessError(409, `该目标已有审批中的变更（${pending.change_no}）`);
    const changeNo = await nextDocumentNo(trx, actor.tenantId, 'KC');
    const id = newId();
    await trx
      .insertInto('kpi_target_changes')
      .values({
        id,
        tenant_id: actor.tenantId,
        change_no: changeNo,
        target_id: target.id,
        org_code: subject.orgCode,
        old_value: target.target_value,
        new_value: input.newValue,
        reason: input.reason,
        created_by: actor.userId,
        updated_by: actor.userId,
      })
      .execute();
    const name = KPI_INDICATOR[input.indicatorCode];
    const { notices } = await startApproval(trx, {
      tenantId: actor.tenantId,
      initiatorId: actor.userId,
      bizType: 'KPI_CHANGE',
      bizId: id,
      bizNo: changeNo,
      title: `${subject.name} ${input.period}「${name}」目标变更`,
      summary: {
        fields: [
          { label: '变更单号', value: changeNo },
          { label: '考核对象', value: subject.name },
          { label: '期间', value: input.period },
          { label: '指标', value: name },
          { label: '原目标', value: String(Number(target.target_value)) },
          { label: '新目标', value: String(input.newValue) },
          { label: '变更原因', value: input.reason },
        ],
      },
      orgCode: subject.orgCode,
    });
    await logOperation(trx, actor, 'add', `申请变更目标 ${changeNo}`);
    return { changeNo, notices };
  });
}

async function settleChange(
  trx: Transaction<DB>,
  outcome: ApprovalOutcome,
  status: 'APPROVED' | 'REJECTED' | 'WITHDRAWN',
) {
  const change = await trx
    .updateTable('kpi_target_changes')
    .set({ status, updated_by: outcome.actorId, updated_at: new Date() })
    .where('id', '=', outcome.bizId)
    .where('tenant_id', '=', outcome.tenantId)
    .where('status', '=', 'PENDING')
    .returning(['target_id', 'new_value'])
    .executeTakeFirst();
  if (!change) throw changedMeanwhile('目标变更');
  if (status !== 'APPROVED') return;
  await trx
    .updateTable('kpi_targets')
    .set({
      target_value: change.new_value,
      updated_by: outcome.actorId,
      updated_at: new Date(),
      version: sql`version + 1`,
    })
    .where('id', '=', change.target_id)
    .execute();
}

registerApprovalHandler({
  bizType: 'KPI_CHANGE',
  approved: (trx, outcome) => settleChange(trx, outcome, 'APPROVED'),
  rejected: (trx, outcome) => settleChange(trx, outcome, 'REJECTED'),
  withdrawn: (trx, outcome) => settleChange(trx, outcome, 'WITHDRAWN'),
});

/** The target of a subject in a period: its own, else (counts and sums) the sum of its month targets. */
export async function targetsOf(
  db: Kysely<DB>,
  tenantId: string,
  indicatorCode: KpiIndicatorCode,
  period: string,
): Promise<Map<string, number>> {
  const type = periodTypeOf(period);
  const rows = await db
    .selectFrom('kpi_targets')
    .select(['subject_type', 'subject_id', 'period_type', 'target_value'])
    .where('tenant_id', '=', tenantId)
    .where('indicator_code', '=', indicatorCode)
    .where((eb) =>
      type === 'MONTH'
        ? eb('period', '=', period)
        : eb.or([eb('period', '=', period), eb('period', 'in', monthsIn(period))]),
    )
    .execute();
  const own = new Map<string, number>();
  const summed = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.subject_type}:${row.subject_id}`;
    if (row.period_type === type) own.set(key, Number(row.target_value));
    else summed.set(key, (summed.get(key) ?? 0) + Number(row.target_value));
  }
  if (!isRatio(indicatorCode)) for (const [key, value] of summed) if (!own.has(key)) own.set(key, value);
  return own;
}

/** The months inside a quarter or year. */
export function monthsIn(period: string): string[] {
  const year = Number(period.slice(0, 4));
  const { start, end } = periodRange(period);
  return monthsOf(year).filter((month) => `${month}-01` >= start && `${month}-01` < end);
}
