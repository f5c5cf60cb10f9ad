// The caller's data scope over the department tree (issue #14), as the server marks it: departments outside
// it are not theirs to place users in, nor to add under, edit or delete. The reasons are the server's.
import type { DepartTreeNode } from '../../../api/systemDepart';
import type { Pruned } from '../../../components/tree/treeKeys';

export const OUTSIDE_SCOPE = '不能操作您管辖范围以外的部门';
export const ADD_OUTSIDE_SCOPE = '只能在您管辖范围以内的部门下添加部门';

/** A server without the flag leaves the decision to its own checks. */
export const isInScope = (node: Pick<DepartTreeNode, 'inScope'>) => node.inScope !== false;

type Node = Pruned<DepartTreeNode>;
export type DepartChoice = Node & { disabled?: boolean; children?: DepartChoice[] };

/**
 * The departments a user may be placed in: those within the caller's scope, and those outside it that the
 * user already belongs to (`kept`), shown disabled since they stay as they are; the departments above them
 * stay as disabled branches. Other departments outside the scope are left out.
 */
export function departChoices(nodes: readonly Node[], kept: ReadonlySet<string>): DepartChoice[] {
  return nodes.flatMap((node): DepartChoice[] => {
    const children = departChoices(node.children ?? [], kept);
    const inScope = isInScope(node);
    if (!inScope && !kept.has(node.value) && children.length === 0) return [];
    const { children: _children, ...rest } = node;
    return [{ ...rest, ...(!inScope && { disabled: true }), ...(children.length > 0 && { children }) }];
  });
}
