// The asynchronous "is this value still free?" rule of the modal forms (API.md §6.6 and the per-entity
// checks). It runs when the field loses focus (give the Form.Item validateTrigger={['onChange','onBlur']})
// and again on submit; empty values are left to the required rule.
import type { RuleObject } from 'antd/es/form';
import type { Envelope } from '../../../common/contract';
import { hasText } from '../../../common/validators';

export const UNIQUE_CHECK_FAILED = '校验失败，请稍后重试';

export function uniqueRule(
  check: (value: string) => Promise<Envelope<unknown>>,
  /** Replaces the server's message (a shared check answers one text for several fields). */
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
      if (!answer.success) throw new Error(takenMessage ?? (answer.message || '该值不可用，系统中已存在！'));
    },
  };
}

/** The triggers a Form.Item with a uniqueRule needs. */
export const CHECK_ON_BLUR = ['onChange', 'onBlur'];
