// Departments (API.md §6.4).
import { deleteAction, getAction, postAction, putAction } from './http';
import { idsParam } from './systemTypes';

export interface SysDepart {
  id: string;
  parentId?: string | null;
  departName: string;
  departNameEn?: string | null;
  departNameAbbr?: string | null;
  departOrder?: number | null;
  description?: string | null;
  /** '1' company, '2' org unit, '3' position. */
  orgCategory?: string | null;
  orgType?: string | null;
  /** Server-assigned hierarchical code. */
  orgCode?: string | null;
  mobile?: string | null;
  fax?: string | null;
  address?: string | null;
  memo?: string | null;
  status?: string | null;
}

/** A node of the department tree: the department plus tree keys. */
export interface DepartTreeNode extends SysDepart {
  key: string;
  value: string;
  title: string;
  isLeaf?: boolean;
  /** Within the caller's data scope: they may place users there and add, edit or delete it (issue #14). */
  inScope?: boolean;
  children?: DepartTreeNode[] | null;
}

/** The caller's reach over the tree: the whole tenant (top-level departments too) or their data scope. */
export interface DepartScope {
  wholeTenant: boolean;
}

export type DepartPayload = Omit<SysDepart, 'id' | 'orgCode' | 'orgType'> & { id?: string };

export const queryDepartTree = () => getAction<DepartTreeNode[]>('/sys/sysDepart/queryTreeList');
export const queryDepartScope = () => getAction<DepartScope>('/sys/sysDepart/queryScope');
/** Departments whose name contains the keyword, as a flat list. */
export const searchDeparts = (keyWord: string) =>
  getAction<DepartTreeNode[]>('/sys/sysDepart/searchBy', { keyWord });
export const addDepart = (body: DepartPayload) => postAction<null>('/sys/sysDepart/add', body);
export const editDepart = (body: DepartPayload) => putAction<null>('/sys/sysDepart/edit', body);
/** Deletes the department with all its descendants. */
export const deleteDepart = (id: string) => deleteAction<null>('/sys/sysDepart/delete', { id });
export const deleteDeparts = (ids: readonly string[]) =>
  deleteAction<null>('/sys/sysDepart/deleteBatch', { ids: idsParam(ids) });
