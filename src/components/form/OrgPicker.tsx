// The tenant's departments as a tree picker whose value is the org code (a department with its subordinates):
// one, or several with `multiple`; as a list's filter (`asFilter`) the value is `code*`, the department and
// those under it, and it may be cleared.
import { useEffect, useState } from 'react';
import { TreeSelect } from 'antd';
import { queryDepartTree, type DepartTreeNode } from '../../api/systemDepart';

interface OrgNode {
  value: string;
  title: string;
  children?: OrgNode[];
}

const toOrgNodes = (nodes: DepartTreeNode[]): OrgNode[] =>
  nodes.map((node) => ({
    value: node.orgCode ?? node.id,
    title: node.departName,
    children: node.children ? toOrgNodes(node.children) : undefined,
  }));

export function OrgPicker({
  value,
  onChange,
  multiple = false,
  asFilter = false,
  placeholder = '请选择组织（含下级）',
  style = { width: 300 },
}: {
  value?: string | string[];
  onChange?: (value: string | string[]) => void;
  multiple?: boolean;
  asFilter?: boolean;
  placeholder?: string;
  style?: React.CSSProperties;
}) {
  const [tree, setTree] = useState<OrgNode[]>([]);
  useEffect(() => {
    let current = true;
    queryDepartTree()
      .then((answer) => current && answer.success && setTree(toOrgNodes(answer.result)))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  return (
    <TreeSelect<string | string[]>
      value={asFilter && typeof value === 'string' ? value.replace(/\*$/, '') : value}
      onChange={(chosen) => onChange?.(asFilter && typeof chosen === 'string' ? `${chosen}*` : chosen)}
      treeData={tree}
      treeDefaultExpandAll
      multiple={multiple}
      allowClear={multiple || asFilter}
      showSearch={{ treeNodeFilterProp: 'title' }}
      placeholder={placeholder}
      style={style}
    />
  );
}
