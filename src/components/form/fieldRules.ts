// Field rules shared by the system forms, with their Chinese messages (spec §5 where it gives one).
import type { RuleObject, RuleRender } from 'antd/es/form';
import {
  EMAIL_PATTERN,
  isStrongPassword,
  LANDLINE_PATTERN,
  MAINLAND_MOBILE_PATTERN,
} from '../../../common/validators';
import { messages } from '../../../common/messages';

export const PASSWORD_POLICY_MESSAGE = '密码至少8位，且须包含字母和数字!';

/** Required with the message `请输入<label>!` (or `请选择<label>!` for pickers). */
export function required(label: string, verb: '输入' | '选择' = '输入'): RuleObject {
  return { required: true, whitespace: verb === '输入', message: `请${verb}${label}!` };
}

export const mobileRule: RuleObject = { pattern: MAINLAND_MOBILE_PATTERN, message: messages.mobileInvalid };
export const emailRule: RuleObject = { pattern: EMAIL_PATTERN, message: '请输入正确格式的邮箱!' };
export const landlineRule: RuleObject = { pattern: LANDLINE_PATTERN, message: '请输入正确的座机号码!' };

export const passwordPolicyRule: RuleObject = {
  validator: (_rule, value: unknown) =>
    typeof value !== 'string' || value === '' || isStrongPassword(value)
      ? Promise.resolve()
      : Promise.reject(new Error(PASSWORD_POLICY_MESSAGE)),
};

/** The confirmation equals the `password` field (spec §5's message). */
export const samePasswordRule: RuleRender = ({ getFieldValue }) => ({
  validator: (_rule, value: unknown) =>
    !value || value === getFieldValue('password')
      ? Promise.resolve()
      : Promise.reject(new Error(messages.passwordMismatch)),
});

// Typed required rules: an untyped rule checks for a string, and its message would replace the type error.
/** Required for a number input. */
export function requiredNumber(label: string): RuleObject {
  return { required: true, type: 'number', message: `请输入${label}!` };
}

/** Required for a multiple select: at least one chosen. */
export function requiredChoices(label: string): RuleObject {
  return { required: true, type: 'array', min: 1, message: `请选择${label}!` };
}

/** Required for a date picker (a dayjs value). */
export function requiredDate(label: string): RuleObject {
  return { required: true, type: 'object', message: `请选择${label}!` };
}
