// The menu tree of the permission page loads level by level: a node that is not a leaf starts with an
// empty children list (so the table shows its expander) and gets its children when expanded.
import type { PermissionTreeNode } from '../../../api/systemPermission';

export type MenuRow = Omit<PermissionTreeNode, 'children'> & { children?: MenuRow[] };

/** Rows of one level: non-leaves get `children: []` until loaded. */
export function toRows(nodes: readonly PermissionTreeNode[]): MenuRow[] {
  return nodes.map(({ children: _children, ...node }) => ({
    ...node,
    key: node.key ?? node.id,
    children: node.isLeaf || node.leaf ? undefined : [],
  }));
}

/** The tree with `children` of the row `id` replaced. */
export function withChildren(rows: readonly MenuRow[], id: string, children: MenuRow[]): MenuRow[] {
  return rows.map((row) => {
    if (row.id === id) return { ...row, children: children.length > 0 ? children : undefined };
    return row.children ? { ...row, children: withChildren(row.children, id, children) } : row;
  });
}

/** Loads the roots, then again the children of every row in `expanded` that is still in the tree. */
export async function loadMenuTree(
  loadRoots: () => Promise<PermissionTreeNode[]>,
  loadChildren: (parentId: string) => Promise<PermissionTreeNode[]>,
  expanded: readonly string[],
): Promise<MenuRow[]> {
  let rows = toRows(await loadRoots());
  let level = rows.filter((row) => expanded.includes(row.id));
  while (level.length > 0) {
    const loaded = await Promise.all(
      level.map(async (row) => [row.id, toRows(await loadChildren(row.id))] as const),
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
