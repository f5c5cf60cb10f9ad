// Flat rows with parent ids as the nested trees the admin pages show (menus, departments).

export type Tree<N> = N & { children?: Array<Tree<N>> };

/**
 * Nests rows under their parents, keeping the rows' order; `children` only on nodes that have some. A row
 * whose parent is not among the rows becomes a root.
 */
export function nest<T extends { id: string; parentId: string | null }, N>(
  rows: T[],
  node: (row: T) => N,
): Array<Tree<N>> {
  const ids = new Set(rows.map((row) => row.id));
  const byParent = new Map<string | null, T[]>();
  for (const row of rows) {
    const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), row]);
  }
  const build = (parent: string | null): Array<Tree<N>> =>
    (byParent.get(parent) ?? []).map((row): Tree<N> => {
      const children = build(row.id);
      return children.length > 0 ? { ...node(row), children } : (node(row) as Tree<N>);
    });
  return build(null);
}
