// Walking the trees of the permission, role and department screens.

export interface KeyedNode {
  key: string;
  children?: KeyedNode[] | null;
}

/** Every key of the tree, parents before children. */
export function allKeys(nodes: readonly KeyedNode[]): string[] {
  return nodes.flatMap((node) => [node.key, ...allKeys(node.children ?? [])]);
}

/** The keys of the nodes that have children (what "expand all" opens). */
export function parentKeys(nodes: readonly KeyedNode[]): string[] {
  return nodes.flatMap((node) =>
    node.children && node.children.length > 0 ? [node.key, ...parentKeys(node.children)] : [],
  );
}

/** The node with `key`, searched depth-first. */
export function findNode<N extends KeyedNode>(nodes: readonly N[], key: string): N | undefined {
  for (const node of nodes) {
    if (node.key === key) return node;
    const found = findNode((node.children ?? []) as N[], key);
    if (found) return found;
  }
  return undefined;
}

/** A tree whose leaves carry no `children`. */
export type Pruned<N> = Omit<N, 'children'> & { children?: Pruned<N>[] };

/** `children: null` and empty lists become absent, so antd shows no expander on leaves. */
export function withoutEmptyChildren<N extends KeyedNode>(nodes: readonly N[]): Pruned<N>[] {
  return nodes.map((node) => {
    const { children, ...rest } = node;
    return children && children.length > 0
      ? { ...rest, children: withoutEmptyChildren(children as N[]) }
      : rest;
  });
}
