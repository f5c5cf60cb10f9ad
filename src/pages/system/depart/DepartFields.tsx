// The fields of a department, shared by the detail form and the add modal.
import { Form, Input, InputNumber, Radio } from 'antd';
import { landlineRule, required } from '../../../components/form/fieldRules';

export const ORG_CATEGORIES = [
  { value: '1', label: '公司' },
  { value: '2', label: '组织机构' },
  { value: '3', label: '岗位' },
];

export function DepartFields() {
  return (
    <>
      <Form.Item
        name="departName"
        label="机构名称"
        rules={[required('机构名称'), { max: 100, message: '机构名称最多100个字符!' }]}
      >
        <Input placeholder="请输入机构名称" />
      </Form.Item>
      <Form.Item name="orgCategory" label="机构类型">
        <Radio.Group options={ORG_CATEGORIES} />
      </Form.Item>
      <Form.Item name="departNameAbbr" label="机构简称">
        <Input placeholder="请输入机构简称" />
      </Form.Item>
      <Form.Item name="departOrder" label="排序">
        <InputNumber min={0} placeholder="请输入排序" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="mobile" label="电话" rules={[landlineRule]}>
        <Input placeholder="请输入电话，如 028-12345678" />
      </Form.Item>
      <Form.Item name="fax" label="传真" rules={[landlineRule]}>
        <Input placeholder="请输入传真" />
      </Form.Item>
      <Form.Item name="address" label="地址">
        <Input placeholder="请输入地址" />
      </Form.Item>
      <Form.Item name="memo" label="备注">
        <Input.TextArea rows={3} placeholder="请输入备注" />
      </Form.Item>
    </>
  );
}
