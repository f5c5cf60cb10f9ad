// What a role's permission assignment changes: the server grants `permissionIds − lastpermissionIds` and
// revokes `lastpermissionIds − permissionIds` (API.md §6.3 saveRolePermission).

export interface PermissionChange {
  added: string[];
  removed: string[];
}

export function permissionDiff(checked: readonly string[], last: readonly string[]): PermissionChange {
  const now = new Set(checked);
  const before = new Set(last);
  return {
    added: [...now].filter((id) => !before.has(id)),
    removed: [...before].filter((id) => !now.has(id)),
  };
}

/** The save body: the ids checked now and the ids the role had. */
export function saveRolePermissionBody(roleId: string, checked: readonly string[], last: readonly string[]) {
  return { roleId, permissionIds: [...new Set(checked)].join(','), lastpermissionIds: last.join(',') };
}
