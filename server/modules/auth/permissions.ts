// What a user may do: the permission codes the access gate checks, and the menu payload the SPA builds
// its routes from. Both come from the union of the user's roles, within the user's tenant.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import {
  buildPermissionPayload,
  HOME_MENU_NAME,
  type PermissionPayload,
  type PermissionRecord,
} from './menuTree';

/** Button-level codes of the user's roles: active (status '1'), not deleted; a row may list several, comma-separated. */
export async function permissionCodesOf(
  db: Kysely<DB>,
  userId: string,
  tenantId: string,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('permissions')
    .innerJoin('role_permissions', 'role_permissions.permission_id', 'permissions.id')
    .innerJoin('user_roles', 'user_roles.role_id', 'role_permissions.role_id')
    .select('permissions.perms')
    .where('user_roles.user_id', '=', userId)
    .where('permissions.tenant_id', '=', tenantId)
    .where('permissions.menu_type', '=', 2)
    .where('permissions.status', '=', '1')
    .where('permissions.del_flag', '=', 0)
    .execute();
  return new Set(
    rows.flatMap((row) => (row.perms ?? '').split(',').map((code) => code.trim())).filter(Boolean),
  );
}

/** The tenant's permissions that are not deleted, as builder records, by sort_no. */
function tenantPermissions(db: Kysely<DB>, tenantId: string) {
  return db
    .selectFrom('permissions')
    .select([
      'id',
      'parent_id as parentId',
      'name',
      'url',
      'component',
      'component_name as componentName',
      'redirect',
      'menu_type as menuType',
      'perms',
      'perms_type as permsType',
      'sort_no as sortNo',
      'always_show as alwaysShow',
      'icon',
      'is_route as isRoute',
      'keep_alive as keepAlive',
      'hidden',
      'internal_or_external as internalOrExternal',
      'status',
    ])
    .where('tenant_id', '=', tenantId)
    .where('del_flag', '=', 0)
    .orderBy('sort_no')
    .orderBy('id');
}

export async function permissionPayloadOf(
  db: Kysely<DB>,
  userId: string,
  tenantId: string,
): Promise<PermissionPayload> {
  const userPermissions: PermissionRecord[] = await tenantPermissions(db, tenantId)
    .where((eb) =>
      eb(
        'id',
        'in',
        eb
          .selectFrom('role_permissions')
          .innerJoin('user_roles', 'user_roles.role_id', 'role_permissions.role_id')
          .select('role_permissions.permission_id')
          .where('user_roles.user_id', '=', userId),
      ),
    )
    .execute();
  const homeMenu = await tenantPermissions(db, tenantId)
    .where('name', '=', HOME_MENU_NAME)
    .where('menu_type', '!=', 2)
    .limit(1)
    .executeTakeFirst();
  const tenantButtons = await tenantPermissions(db, tenantId).where('menu_type', '=', 2).execute();
  return buildPermissionPayload({ userPermissions, homeMenu, tenantButtons });
}
