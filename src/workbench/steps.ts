// The steps of a visit on the workbench, in the order the rep does them (DOMAIN §1.4): the outlet's 拜访步骤模板
// as the server gave it (today's plan, or the open visit's snapshot), else the default steps.
import { DEFAULT_VISIT_STEPS, STEP_TYPE, type VisitStepDefinition } from '../../common/visits';
import type { LocalVisit } from './types';

export interface WorkbenchStep {
  type: VisitStepDefinition['stepType'];
  title: string;
  required: boolean;
}

/**
 * 下单 is offered on every visit of a rep who may place orders (an outlet may order any day); a template only makes
 * it required or places it.
 */
const ORDER_STEP: VisitStepDefinition = { stepType: 'ORDER', required: false };

export function stepsOf(visit: Pick<LocalVisit, 'steps'>, mayOrder = false): WorkbenchStep[] {
  const steps = visit.steps ?? DEFAULT_VISIT_STEPS;
  const offered =
    !mayOrder || steps.some((step) => step.stepType === 'ORDER') ? steps : [...steps, ORDER_STEP];
  return offered.map((step) => ({
    type: step.stepType,
    title: STEP_TYPE[step.stepType],
    required: step.required,
  }));
}

/** The required steps of the visit not done yet, by title. */
export function missingRequired(visit: Pick<LocalVisit, 'steps' | 'stepsDone'>): string[] {
  return stepsOf(visit)
    .filter((step) => step.required && !visit.stepsDone.includes(step.type))
    .map((step) => step.title);
}

/** The display check's items where no active execution template applies: each met or not, its share of 100. */
export const DISPLAY_ITEMS = [
  { code: 'FACINGS', name: '主推品排面 ≥ 3 个', points: 40 },
  { code: 'PRICE_TAG', name: '价签齐全、价格正确', points: 30 },
  { code: 'POSM', name: '物料张贴规范', points: 30 },
] as const;
