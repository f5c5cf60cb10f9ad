// The scope of a visit configuration (打卡规则, 拜访步骤模板): its name, the department subtree it applies to, and
// optionally a channel and an outlet type — the form fields both editors share.
import { Form, Input, TreeSelect } from 'antd';
import { CHANNEL, OUTLET_TYPES } from '../../../../common/businessEnums';
import type { DepartTreeNode } from '../../../api/systemDepart';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { required } from '../../../components/form/fieldRules';

export interface OrgOption {
  value: string;
  title: string;
  children?: OrgOption[];
}

export const orgOptions = (nodes: DepartTreeNode[] | null | undefined): OrgOption[] =>
  (nodes ?? []).map((node) => ({
    value: node.orgCode ?? node.id,
    title: node.departName,
    children: orgOptions(node.children),
  }));

const OUTLET_TYPE_LABELS = Object.fromEntries(OUTLET_TYPES.map((type) => [type, type]));

/** 名称 (`nameLabel`), 适用部门, 渠道 and 业态. */
export function ScopeFields({ nameLabel, orgs }: { nameLabel: string; orgs: OrgOption[] }) {
  return (
    <>
      <Form.Item
        name="name"
        label={nameLabel}
        rules={[required(nameLabel), { max: 64, message: '最多64字!' }]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="orgCode" label="适用部门" rules={[required('适用部门', '选择')]}>
        <TreeSelect treeData={orgs} treeDefaultExpandAll placeholder="该部门及其下级" />
      </Form.Item>
      <Form.Item name="channel" label="渠道">
        <EnumSelect labels={CHANNEL} placeholder="全部渠道" />
      </Form.Item>
      <Form.Item name="outletType" label="业态">
        <EnumSelect labels={OUTLET_TYPE_LABELS} placeholder="全部业态" />
      </Form.Item>
    </>
  );
}
