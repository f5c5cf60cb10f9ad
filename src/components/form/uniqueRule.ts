// The asynchronous "is this value still free?" rule of the modal forms (API.md §6.6 and the per-entity
// checks). It runs when the field loses focus and again on submit; empty values are left to the required
// rule. Give its Form.Item {...UNIQUE_CHECKED}: the field's own rules (required, format) then run first, one
// after the other, and a value they refuse is never sent to the check.
import type { RuleObject } from 'antd/es/form';
import { ResultCode, type Envelope } from '../../../common/contract';
import { hasText } from '../../../common/validators';

/** No answer from the server (network, timeout): nothing is known about the value. */
export const UNIQUE_CHECK_FAILED = '校验失败，请稍后重试';
const TAKEN_FALLBACK = '该值不可用，系统中已存在！';

/** The text a refused check shows: "taken" only when the server answered taken (409). */
function refusalText(answer: Envelope<unknown>, takenMessage: string | undefined): string {
  if (answer.code === ResultCode.conflict) return takenMessage ?? (answer.message || TAKEN_FALLBACK);
  // Any other refusal (a malformed value, too many look-ups ...) in the server's own words.
  return answer.message || UNIQUE_CHECK_FAILED;
}

export function uniqueRule(
  check: (value: string) => Promise<Envelope<unknown>>,
  /** Replaces the server's "taken" message (a shared check answers one text for several fields). */
  takenMessage?: string,
  /** The value the record has now (editing): keeping it needs no check. */
  current?: string | null,
): RuleObject {
  return {
    validateTrigger: 'onBlur',
    validator: async (_rule, value: unknown) => {
      if (!hasText(value) || value.trim() === current) return;
      let answer: Envelope<unknown>;
      try {
        answer = await check(value.trim());
      } catch {
        throw new Error(UNIQUE_CHECK_FAILED);
      }
      if (!answer.success) throw new Error(refusalText(answer, takenMessage));
    },
  };
}

/** The triggers a Form.Item with a uniqueRule needs. */
const CHECK_ON_BLUR = ['onChange', 'onBlur'];

/**
 * The props of a Form.Item with a uniqueRule: checked on blur, and its rules run in order, stopping at the
 * first refusal, so the required and format rules listed before the uniqueRule keep a value they refuse
 * from the server's check (antd otherwise runs a field's rules all at once and shows every message).
 */
export const UNIQUE_CHECKED = { validateTrigger: CHECK_ON_BLUR, validateFirst: true } as const;
