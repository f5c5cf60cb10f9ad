// 促销组管理 (ePromotion/PromotionGroupList): groups decide how their promotions combine (DOMAIN §1.7) —
// exclusive (one per order, chosen best for the buyer / by priority / by the buyer) or stackable, whether
// the group stacks with other groups, and its priority in the engine order.
import { useState } from 'react';
import { Button, Checkbox, Form, Input, InputNumber, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import {
  GROUP_EXCLUSIVITY,
  GROUP_SELECTION,
  type PromotionGroupInput,
  type PromotionGroupRecord,
} from '../../../../common/promotions';
import { exportPromotionGroups, listPromotionGroups, savePromotionGroup } from '../../../api/promotions';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { required, requiredNumber } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { HasPermission } from '../../../components/HasPermission';
import { ListPage } from '../../../components/table/ListPage';
import { useListPage } from '../../../components/table/useListPage';

const STATUS = { ENABLED: '启用', DISABLED: '停用' };
const NEW_GROUP: Partial<PromotionGroupInput> = {
  exclusivity: 'EXCLUSIVE',
  selection: 'BEST_FOR_BUYER',
  stackWithOtherGroups: true,
  priority: 100,
  status: 'ENABLED',
};

export default function PromotionGroupListPage() {
  const list = useListPage<PromotionGroupRecord>({
    filterKeys: ['code', 'name', 'status'],
    sortKeys: ['priority', 'code'],
    fetch: listPromotionGroups,
  });
  const [editing, setEditing] = useState<{ group: PromotionGroupRecord | null } | null>(null);

  const columns: ColumnsType<PromotionGroupRecord> = [
    { title: '编码', dataIndex: 'code', key: 'code', sorter: true },
    { title: '名称', dataIndex: 'name', key: 'name' },
    { title: '组内规则', dataIndex: 'exclusivity_dictText', key: 'exclusivity' },
    { title: '选择方式', dataIndex: 'selection_dictText', key: 'selection' },
    {
      title: '与其他组叠加',
      dataIndex: 'stackWithOtherGroups',
      key: 'stackWithOtherGroups',
      render: (stack: boolean) => (stack ? '可叠加' : '不叠加'),
    },
    { title: '优先级', dataIndex: 'priority', key: 'priority', sorter: true, align: 'right' },
    { title: '促销数', dataIndex: 'promotionCount', key: 'promotionCount', align: 'right' },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (status: 'ENABLED' | 'DISABLED') => (
        <Tag color={status === 'ENABLED' ? 'green' : 'default'}>{STATUS[status]}</Tag>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_value, group) => (
        <HasPermission code="promotion:group">
          <Button type="link" size="small" onClick={() => setEditing({ group })}>
            编辑
          </Button>
        </HasPermission>
      ),
    },
  ];

  const group = editing?.group;
  return (
    <>
      <ListPage<PromotionGroupRecord>
        list={list}
        compactColumns={['name', 'promotionCount', 'status']}
        columns={columns}
        exportAs={exportPromotionGroups}
        searchFields={
          <>
            <Form.Item name="name" label="名称">
              <Input allowClear placeholder="促销组名称" />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={STATUS} placeholder="全部" style={{ width: 100 }} />
            </Form.Item>
          </>
        }
        toolbar={
          <HasPermission code="promotion:group">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ group: null })}>
              新增促销组
            </Button>
          </HasPermission>
        }
      />
      <ModalForm<PromotionGroupInput>
        title={group ? '编辑促销组' : '新增促销组'}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={list.reload}
        initialValues={group ?? NEW_GROUP}
        onSubmit={(values) => savePromotionGroup(group?.id, values)}
      >
        <Form.Item name="code" label="编码" rules={[required('编码')]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="name" label="名称" rules={[required('名称')]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="exclusivity" label="组内规则" rules={[required('组内规则', '选择')]}>
          <EnumSelect labels={GROUP_EXCLUSIVITY} allowClear={false} />
        </Form.Item>
        <Form.Item name="selection" label="选择方式" rules={[required('选择方式', '选择')]}>
          <EnumSelect labels={GROUP_SELECTION} allowClear={false} />
        </Form.Item>
        <Form.Item name="stackWithOtherGroups" valuePropName="checked" label="与其他组">
          <Checkbox>可叠加</Checkbox>
        </Form.Item>
        <Form.Item
          name="priority"
          label="优先级"
          rules={[requiredNumber('优先级')]}
          tooltip="数字越小越先计算"
        >
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <EnumSelect labels={STATUS} allowClear={false} />
        </Form.Item>
      </ModalForm>
    </>
  );
}
