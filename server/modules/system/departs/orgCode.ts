// Hierarchical department codes (API.md §6.4, the reference YouBianCodeUtil): three characters per level, a
// letter and two digits — A01 … A99, B01 … Z99 — the child codes appended to the parent's: A01A01, A01A02 …
import { ORG_CODE_LEVEL, ROOT_ORG_CODE } from '../../auth/tenantOrganisation';

const LEVEL_PATTERN = /^([A-Z])(\d{2})$/;

/** The code after `last` among siblings (the first one when there is none); undefined when Z99 is used up. */
export function nextLevelCode(last: string | undefined): string | undefined {
  if (last === undefined) return ROOT_ORG_CODE;
  const match = LEVEL_PATTERN.exec(last);
  if (!match) return undefined;
  const [, letter, digits] = match;
  const number = Number(digits);
  if (number < 99) return `${letter}${String(number + 1).padStart(2, '0')}`;
  if (letter === 'Z') return undefined;
  return `${String.fromCharCode(letter.charCodeAt(0) + 1)}01`;
}

/** The new child's full code under `parentCode` ('' for a root), given the siblings' codes. */
export function nextOrgCode(parentCode: string, siblingCodes: string[]): string | undefined {
  const levels = siblingCodes
    .map((code) => code.slice(parentCode.length, parentCode.length + ORG_CODE_LEVEL))
    .sort();
  const next = nextLevelCode(levels.at(-1));
  return next === undefined ? undefined : `${parentCode}${next}`;
}
