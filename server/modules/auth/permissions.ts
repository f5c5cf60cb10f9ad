// What a user may do: the permission codes the access gate checks, and the menu payload the SPA builds
// its routes from. Both come from the union of the user's roles, within the user's tenant.
import type { Kysely } from 'kysely';
import { cachedAnswer, cachedRows, type TableName } from '../../db/readCache';
import type { DB } from '../../db/schema';
import { serialiseAnswer, type SerialisedAnswer } from '../../http/serialisedAnswer';
import { dealerOfUser } from '../shared/dataScope';
import { dealerPermissionRecords, withinDealerCeiling } from '../shared/dealerScope';
import {
  buildPermissionPayload,
  HOME_MENU_NAME,
  type PermissionPayload,
  type PermissionRecord,
} from './menuTree';

/**
 * Button-level codes of the user's roles: active (status '1'), not deleted; a row may list several, comma-separated.
 * A dealer's user holds only those of its dealer roles within the dealer ceiling (shared/dealerScope.ts).
 */
export async function permissionCodesOf(
  db: Kysely<DB>,
  userId: string,
  tenantId: string,
): Promise<Set<string>> {
  const dealer = await dealerOfUser(db, tenantId, userId);
  const rows = await db
    .selectFrom('permissions')
    .innerJoin('role_permissions', 'role_permissions.permission_id', 'permissions.id')
    .innerJoin('user_roles', 'user_roles.role_id', 'role_permissions.role_id')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('permissions.perms')
    .$if(dealer !== undefined, (query) => query.where('roles.for_dealers', '=', true))
    .where('user_roles.user_id', '=', userId)
    .where('permissions.tenant_id', '=', tenantId)
    .where('permissions.menu_type', '=', 2)
    .where('permissions.status', '=', '1')
    .where('permissions.del_flag', '=', 0)
    .execute();
  const codes = rows
    .flatMap((row) => (row.perms ?? '').split(',').map((code) => code.trim()))
    .filter(Boolean);
  return dealer === undefined ? new Set(codes) : withinDealerCeiling(codes);
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

/** The payload of a set of roles in a tenant: it depends on nothing else (not on the user holding them). */
async function permissionPayloadOfRoles(
  db: Kysely<DB>,
  roleIds: readonly string[],
  tenantId: string,
  forDealer = false,
): Promise<PermissionPayload> {
  const granted: PermissionRecord[] =
    roleIds.length === 0
      ? []
      : await tenantPermissions(db, tenantId)
          .where((eb) =>
            eb(
              'id',
              'in',
              eb
                .selectFrom('role_permissions')
                .select('role_permissions.permission_id')
                .where('role_permissions.role_id', 'in', roleIds),
            ),
          )
          .execute();
  const userPermissions = forDealer ? dealerPermissionRecords(granted) : granted;
  const homeMenu = await tenantPermissions(db, tenantId)
    .where('name', '=', HOME_MENU_NAME)
    .where('menu_type', '!=', 2)
    .limit(1)
    .executeTakeFirst();
  const tenantButtons = await tenantPermissions(db, tenantId).where('menu_type', '=', 2).execute();
  return buildPermissionPayload({ userPermissions, homeMenu, tenantButtons });
}

/** Tables the payload of a role set is read from: a committed write to one of them makes it stale. */
export const MENU_TABLES: TableName[] = ['roles', 'role_permissions', 'permissions'];

/**
 * The envelope of a user's menus and buttons, serialised once per tenant and role set (issue #23: every signed-in
 * browser asks for it; ~19 KB): the user's roles are read through the read cache, then the payload of that role
 * set is answered from it until a write to MENU_TABLES commits. The read cache bounds the entries.
 */
export async function permissionAnswerOf(
  db: Kysely<DB>,
  userId: string,
  tenantId: string,
  message: string,
): Promise<SerialisedAnswer> {
  // A dealer's user: only its dealer roles, and only the menus and buttons of the dealer ceiling.
  const dealer = await cachedRows(
    db,
    ['users'],
    db.selectFrom('users').select('dealer_id').where('id', '=', userId).where('dealer_id', 'is not', null),
  );
  const forDealer = dealer.length > 0;
  const roles = await cachedRows(
    db,
    ['user_roles', 'roles'],
    db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select('user_roles.role_id')
      .where('user_roles.user_id', '=', userId)
      .$if(forDealer, (query) => query.where('roles.for_dealers', '=', true))
      .orderBy('user_roles.role_id'),
  );
  const roleIds = roles.map((role) => role.role_id);
  const key = `menu:${tenantId}:${forDealer ? 'dealer:' : ''}${roleIds.join(',')}`;
  return cachedAnswer(db, key, MENU_TABLES, async () =>
    serialiseAnswer(await permissionPayloadOfRoles(db, roleIds, tenantId, forDealer), message),
  );
}
