// Field rules of spec §5. Predicates answer yes/no; `check*` functions return the spec's message for the
// first broken rule, or undefined when the value is valid, so antd form rules and the server share one source.

import { TWO_STEP_CODE_LENGTH } from './constants';
import { messages, type Message } from './messages';

/** Local part, `@`, one domain label, then one or two 2–3 character suffixes (the reference front end's rule). */
export const EMAIL_PATTERN = /^[a-zA-Z0-9._-]+@[a-zA-Z0-9_-]+(\.[a-zA-Z0-9_-]{2,3}){1,2}$/;

/** 1, a second/third-digit prefix of spec §5 (3x 45 47 49 50–53 55–59 66 70 71 73 75–78 8x 98 99), 8 more digits. */
export const MAINLAND_MOBILE_PATTERN = /^1(3\d|4[579]|5[0-35-9]|66|7[01356-8]|8\d|9[89])\d{8}$/;

/** Any 11 digits starting with 1 (the looser helper rule). */
export const ELEVEN_DIGIT_MOBILE_PATTERN = /^1\d{10}$/;

/** Optional 3–4 digit area code and a dash, then 7–8 digits. */
export const LANDLINE_PATTERN = /^(\d{3,4}-)?\d{7,8}$/;

/** Starts with http:// or https://. */
export const HTTP_URL_PATTERN = /^https?:\/\//;

const TWO_STEP_CODE_PATTERN = new RegExp(`^\\d{${TWO_STEP_CODE_LENGTH}}$`);

/** How the password login labels the account name (spec §5). */
export type LoginType = 'email' | 'username';

/** Filled in: text with at least one non-space character (a missing value or only spaces is not). */
export function hasText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** E-mail address by EMAIL_PATTERN. */
export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** Mobile number with one of the listed mainland prefixes (login and SMS forms). */
export function isMainlandMobile(value: string): boolean {
  return MAINLAND_MOBILE_PATTERN.test(value);
}

/** Loose mobile check: 11 digits starting with 1. */
export function isElevenDigitMobile(value: string): boolean {
  return ELEVEN_DIGIT_MOBILE_PATTERN.test(value);
}

/** Landline number, with or without area code. */
export function isLandline(value: string): boolean {
  return LANDLINE_PATTERN.test(value);
}

/** Web address starting with http:// or https://. */
export function isHttpUrl(value: string): boolean {
  return HTTP_URL_PATTERN.test(value);
}

/** A user name that looks like an e-mail address logs in as e-mail. */
export function loginTypeOf(username: string): LoginType {
  return isEmail(username) ? 'email' : 'username';
}

/** The graphic code is compared without regard to letter case. */
export function captchaMatches(input: string, expected: string): boolean {
  return input.toLowerCase() === expected.toLowerCase();
}

/** `message` when the field is not filled in. */
export function checkRequired(value: string | null | undefined, message: Message): Message | undefined {
  return hasText(value) ? undefined : message;
}

/** Mobile number for an SMS code: required, then the mainland pattern. */
export function checkMobile(value: string | null | undefined): Message | undefined {
  if (!hasText(value)) return messages.mobileRequired;
  return isMainlandMobile(value) ? undefined : messages.mobileInvalid;
}

/** Graphic code: required, then equal to the issued code ignoring case. */
export function checkCaptcha(input: string | null | undefined, expected: string): Message | undefined {
  if (!hasText(input)) return messages.captchaRequired;
  return captchaMatches(input, expected) ? undefined : messages.captchaMismatch;
}

/** Two-step code: exactly six digits; the spec has one message for missing and malformed. */
export function checkTwoStepCode(value: string | null | undefined): Message | undefined {
  return typeof value === 'string' && TWO_STEP_CODE_PATTERN.test(value)
    ? undefined
    : messages.twoStepCodeInvalid;
}

/** Confirmation of a new password: required, then identical to the new password. */
export function checkConfirmPassword(
  password: string | null | undefined,
  confirm: string | null | undefined,
): Message | undefined {
  if (!hasText(confirm)) return messages.confirmPasswordRequired;
  return confirm === password ? undefined : messages.passwordMismatch;
}

/** The policy for a new password (the server's too): 8–64 characters with at least one letter and one digit. */
export function isStrongPassword(value: string): boolean {
  return value.length >= 8 && value.length <= 64 && /[A-Za-z]/.test(value) && /\d/.test(value);
}
