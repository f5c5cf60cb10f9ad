// Stable ids of the demo rows: the same on every seeded database, so tests and later issues can name them.
import { createHash } from 'node:crypto';

/** 32 hex characters, the id format of the reference contract, derived from what the row is. */
export function stableId(...parts: string[]): string {
  return createHash('md5').update(parts.join(':')).digest('hex');
}

export const demoUserId = (username: string) => stableId('user', username);
export const demoDepartId = (tenantId: string, orgCode: string) => stableId('depart', tenantId, orgCode);
export const demoRoleId = (tenantId: string, roleCode: string) => stableId('role', tenantId, roleCode);
/** `key` is the menu's url, or the button's permission code. */
export const demoPermissionId = (tenantId: string, key: string) => stableId('permission', tenantId, key);
