// Stable ids of the demo rows: the same on every seeded database, so tests and later issues can name them.
import { stableId } from '../ids';

export { permissionIdOf as demoPermissionId } from '../../modules/auth/tenantOrganisation';

export const demoUserId = (username: string) => stableId('user', username);
export const demoDepartId = (tenantId: string, orgCode: string) => stableId('depart', tenantId, orgCode);
export const demoRoleId = (tenantId: string, roleCode: string) => stableId('role', tenantId, roleCode);
export const demoAnnouncementId = (tenantId: string) => stableId('announcement', tenantId, 'welcome');
