// 拜访步骤配置 (DOMAIN §1.4 VisitStepTemplate): which steps a visit takes between check-in and check-out, in
// order, each 必做 or not — per department subtree, optionally narrowed to a channel and an outlet type, the
// most specific active template winning as for 打卡规则 (rules.ts); DEFAULT_VISIT_STEPS where none matches.
// Check-in takes the outlet's steps into the visit's rule snapshot; check-out refuses a visit missing a required
// step.
import type { Kysely } from 'kysely';
import { CHANNEL, ENABLED_STATUS } from '../../../common/businessEnums';
import {
  DEFAULT_VISIT_STEPS,
  STEP_TYPE,
  TEMPLATE_STEP_TYPES,
  type VisitStepDefinition,
} from '../../../common/visits';
import { shanghaiDateTime } from '../../db/dates';
import type { DB, EnabledStatus } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type RawQuery } from '../../http/listQuery';
import type { Actor, Caller } from '../shared/actor';
import { saveScopedRow, scopedListSpec, scopeMatches, scopeSpecificity, type ScopedOutlet } from './rules';

export interface StepTemplateInput {
  name: string;
  orgCode: string;
  channel?: string | null;
  outletType?: string | null;
  steps: VisitStepDefinition[];
  status?: EnabledStatus;
}

const spec = scopedListSpec('visit_step_templates');

const withLabels = (steps: readonly VisitStepDefinition[]) =>
  steps.map((step) => ({ ...step, stepType_dictText: STEP_TYPE[step.stepType] }));

/** The tenant's templates: configuration every department reads; only one of the caller's scope is written. */
export async function listStepTemplates(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, spec);
  const base = db
    .selectFrom('visit_step_templates')
    .leftJoin('departs', (join) =>
      join
        .onRef('departs.org_code', '=', 'visit_step_templates.org_code')
        .onRef('departs.tenant_id', '=', 'visit_step_templates.tenant_id'),
    )
    .where('visit_step_templates.tenant_id', '=', caller.tenantId)
    .where(list.where);
  return pagedList(base, list, async (page) => {
    const rows = await page
      .select([
        'visit_step_templates.id',
        'visit_step_templates.name',
        'visit_step_templates.org_code as orgCode',
        'departs.depart_name as orgName',
        'visit_step_templates.channel',
        'visit_step_templates.outlet_type as outletType',
        'visit_step_templates.steps',
        'visit_step_templates.status',
        shanghaiDateTime('visit_step_templates.updated_at').as('updateTime'),
      ])
      .execute();
    return rows.map((row) => ({
      ...row,
      steps: withLabels(row.steps),
      channel_dictText: row.channel ? CHANNEL[row.channel as keyof typeof CHANNEL] : '全部渠道',
      status_dictText: ENABLED_STATUS[row.status],
    }));
  });
}

function checkedSteps(steps: readonly VisitStepDefinition[]): VisitStepDefinition[] {
  if (steps.length === 0) throw new BusinessError(400, '请至少选择一个拜访步骤');
  const types = steps.map((step) => step.stepType);
  if (types.some((type) => !TEMPLATE_STEP_TYPES.includes(type)))
    throw new BusinessError(400, '进店签到和离店签退是每次拜访都有的步骤，无需配置');
  if (new Set(types).size !== types.length) throw new BusinessError(400, '拜访步骤不能重复');
  return steps.map((step) => ({ stepType: step.stepType, required: step.required }));
}

const KEYS = { visit_step_templates_scope_uq: '该范围已有启用的拜访步骤模板' };

export async function saveStepTemplate(db: Kysely<DB>, actor: Actor, input: StepTemplateInput, id?: string) {
  const steps = checkedSteps(input.steps);
  return db.transaction().execute((trx) =>
    saveScopedRow(trx, actor, { table: 'visit_step_templates', noun: '拜访步骤模板', id }, KEYS, {
      name: input.name,
      org_code: input.orgCode,
      channel: input.channel ?? null,
      outlet_type: input.outletType ?? null,
      steps: JSON.stringify(steps),
      status: input.status ?? 'ACTIVE',
    }),
  );
}

export interface ResolvedSteps {
  stepTemplateName: string | null;
  steps: VisitStepDefinition[];
}

/** The steps an outlet's visits take: its most specific active template's, or the default ones. */
export async function stepsForOutlet(
  db: Kysely<DB>,
  tenantId: string,
  outlet: ScopedOutlet,
): Promise<ResolvedSteps> {
  const template = await db
    .selectFrom('visit_step_templates')
    .select(['name', 'steps'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'ACTIVE')
    .where(scopeMatches(outlet))
    .orderBy(scopeSpecificity, 'desc')
    .limit(1)
    .executeTakeFirst();
  return template
    ? { stepTemplateName: template.name, steps: template.steps }
    : { stepTemplateName: null, steps: [...DEFAULT_VISIT_STEPS] };
}

/** The required steps of a visit's snapshot not written yet (checked at check-out). */
export async function missingRequiredSteps(
  db: Kysely<DB>,
  visitId: string,
  steps: readonly VisitStepDefinition[] | undefined,
) {
  const required = (steps ?? []).filter((step) => step.required).map((step) => step.stepType);
  if (required.length === 0) return [];
  const done = await db
    .selectFrom('visit_step_results')
    .select('step_type')
    .where('visit_id', '=', visitId)
    .where('step_type', 'in', required)
    .execute();
  const written = new Set(done.map((row) => row.step_type));
  return required.filter((type) => !written.has(type));
}
