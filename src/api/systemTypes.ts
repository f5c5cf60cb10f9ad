// Shapes shared by the system-administration calls (API.md Part B §2, §6).

/** List query parameters as the server reads them: paging, sort and filters by field name. */
export type ListParams = Record<string, string | number | undefined>;

/** A tree node as the permission and role trees answer it (`TreeModel`, §6.1). */
export interface TreeModel {
  key: string;
  value: string;
  title: string;
  icon?: string | null;
  parentId?: string | null;
  isLeaf?: boolean;
  children?: TreeModel[];
}

/** `{key, value, title, children}`: the department id tree and a user's departments (§6.2, §6.4). */
export interface DepartIdModel {
  key: string;
  value: string;
  title: string;
  children?: DepartIdModel[];
}

/** `?ids=a,b,c,` as the reference client sends it (§2 Delete conventions). */
export function idsParam(ids: readonly string[]): string {
  return `${ids.join(',')},`;
}
