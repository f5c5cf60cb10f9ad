// Button-level permissions (spec §6, API.md §7.4). Type '2' entries are enable/disable rules and only
// count for disabledAuthFilter; every other entry is a show/hide rule and counts for hasPermission.
import type { ButtonAuth } from '../features/permissions/slice';

/** The rule lists a check consults. */
export interface PermissionSources {
  /** The user's own button auth (`auth`). */
  userAuth: ButtonAuth[];
  /** Every button rule of the system (`allAuth`), with its status. */
  sysAuth: ButtonAuth[];
  /** A form's own rules (workflow node), consulted first when given. */
  formPermissionList?: ButtonAuth[];
}

const ENABLE_DISABLE_TYPE = '2';
/** An inactive rule: it restricts nobody. */
const INACTIVE_STATUS = '0';

function isShowHideRule(entry: ButtonAuth): boolean {
  return entry.type !== ENABLE_DISABLE_TYPE;
}

function isEnableDisableRule(entry: ButtonAuth): boolean {
  return entry.type === ENABLE_DISABLE_TYPE;
}

/** The codes an entry grants: its action may list several, separated by commas. */
function actionsOf(entry: ButtonAuth): string[] {
  return (entry.action ?? '').split(',').filter((action) => action !== '');
}

/**
 * Whether a control with this code is shown:
 * 1. the form's show/hide rules grant it → shown;
 * 2. a system show/hide rule for the code is inactive (status '0') → shown;
 * 3. otherwise shown only when the user's show/hide rules grant it (none at all → hidden).
 */
export function hasPermission(
  code: string,
  { userAuth, sysAuth, formPermissionList }: PermissionSources,
): boolean {
  if (formPermissionList?.some((entry) => isShowHideRule(entry) && entry.action === code)) return true;
  const inactive = sysAuth.some(
    (entry) => isShowHideRule(entry) && entry.action === code && entry.status === INACTIVE_STATUS,
  );
  if (inactive) return true;
  return userAuth.some((entry) => isShowHideRule(entry) && actionsOf(entry).includes(code));
}

/**
 * Whether a control with this code is disabled, by the type '2' rules:
 * 1. a form rule for the code → disabled;
 * 2. the first system rule for the code decides: inactive (status '0') → enabled; active → disabled
 *    unless the user's rules grant the code; no system rule → enabled.
 */
export function disabledAuthFilter(
  code: string,
  { userAuth, sysAuth, formPermissionList }: PermissionSources,
): boolean {
  if (formPermissionList?.some((entry) => isEnableDisableRule(entry) && entry.action === code)) return true;
  const systemRule = sysAuth.find((entry) => isEnableDisableRule(entry) && entry.action === code);
  if (!systemRule || systemRule.status === INACTIVE_STATUS) return false;
  return !userAuth.some((entry) => isEnableDisableRule(entry) && entry.action === code);
}
