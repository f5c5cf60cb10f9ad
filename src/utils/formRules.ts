// Bridges the shared `check*` validators of common/validators (spec §5 messages) to antd form rules.
import type { RuleObject, RuleRender } from 'antd/es/form';
import { checkConfirmPassword } from '../../common/validators';

/** An antd rule that fails with the message `check` returns for the field's value. */
export function ruleOf<T>(check: (value: T) => string | undefined): RuleObject {
  return {
    validator: (_rule, value: T) => {
      const message = check(value);
      return message === undefined ? Promise.resolve() : Promise.reject(new Error(message));
    },
  };
}

/** The confirmation of the form's `password` field: required, then equal (spec §5). */
export const confirmPasswordRule: RuleRender = ({ getFieldValue }) =>
  ruleOf((confirm: string | undefined) => checkConfirmPassword(getFieldValue('password'), confirm));
