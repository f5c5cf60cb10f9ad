// The menu tree of the permission page loads level by level (GET /sys/permission/queryListAsync?pid=): a
// node that is not a leaf starts with an empty children list (so the table shows its expander) and gets
// its children when expanded.
import type { MenuType, PermissionTreeModel } from '../../../api/systemPermission';

export interface MenuRow {
  id: string;
  name: string;
  menuType: MenuType;
  icon?: string | null;
  perms?: string | null;
  children?: MenuRow[];
}

/** Rows of one level: non-leaves get `children: []` until loaded. */
export function toRows(nodes: readonly PermissionTreeModel[]): MenuRow[] {
  return nodes.map((node) => ({
    id: node.key,
    name: node.title,
    menuType: node.menuType,
    icon: node.icon,
    perms: node.perms,
    children: node.isLeaf ? undefined : [],
  }));
}

/** The tree with `children` of the row `id` replaced. */
export function withChildren(rows: readonly MenuRow[], id: string, children: MenuRow[]): MenuRow[] {
  return rows.map((row) => {
    if (row.id === id) return { ...row, children: children.length > 0 ? children : undefined };
    return row.children ? { ...row, children: withChildren(row.children, id, children) } : row;
  });
}

/** Loads the top level, then again the children of every row in `expanded` that is still in the tree. */
export async function loadMenuTree(
  loadLevel: (parentId?: string) => Promise<PermissionTreeModel[]>,
  expanded: readonly string[],
): Promise<MenuRow[]> {
  let rows = toRows(await loadLevel());
  let level = rows.filter((row) => expanded.includes(row.id));
  while (level.length > 0) {
    const loaded = await Promise.all(
      level.map(async (row) => [row.id, toRows(await loadLevel(row.id))] as const),
    );
    const next: MenuRow[] = [];
    for (const [id, children] of loaded) {
      rows = withChildren(rows, id, children);
      next.push(...children.filter((child) => expanded.includes(child.id)));
    }
    level = next;
  }
  return rows;
}
