// 客户标签 (eCustLabel/LabelList): manual labels, tagged by hand, and rule labels whose members a rule
// selects (the editor previews how many customers it would take; 刷新 recomputes the members). 成员 shows a
// label's customers; a manual label's members are added and removed there.
import { useState } from 'react';
import { Button, Form, Input, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { describeLabelRule, ENABLED_STATUS, LABEL_TYPE } from '../../../../common/businessEnums';
import { type CustomerLabelRecord, exportLabels, listLabels, refreshLabel } from '../../../api/customers';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { useConfirmAction } from '../../../components/form/useConfirmAction';
import { HasPermission } from '../../../components/HasPermission';
import { useRegions } from '../../../components/region/RegionPicker';
import { ListPage } from '../../../components/table/ListPage';
import { useListPage } from '../../../components/table/useListPage';
import { LabelFormModal } from './LabelFormModal';
import { LabelMembersDrawer } from './LabelMembersDrawer';

export default function LabelListPage() {
  const list = useListPage<CustomerLabelRecord>({
    filterKeys: ['name', 'labelGroup', 'labelType', 'status'],
    sortKeys: ['code', 'name', 'labelGroup', 'createTime'],
    defaultSort: { column: 'labelGroup', order: 'asc' },
    fetch: listLabels,
  });
  const confirm = useConfirmAction();
  const regions = useRegions();
  const [editing, setEditing] = useState<{ label: CustomerLabelRecord | null } | null>(null);
  const [members, setMembers] = useState<CustomerLabelRecord | null>(null);

  const columns: ColumnsType<CustomerLabelRecord> = [
    { title: '编码', dataIndex: 'code', key: 'code', sorter: true },
    {
      title: '标签',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (name: string, label) => <Tag color={label.color}>{name}</Tag>,
    },
    { title: '分组', dataIndex: 'labelGroup', key: 'labelGroup', sorter: true },
    {
      title: '类型 / 规则',
      dataIndex: 'labelType',
      key: 'labelType',
      render: (_value, label) =>
        label.labelType === 'RULE'
          ? `规则：${describeLabelRule(label.rule, (code) => regions?.nameOf(code))}`
          : label.labelType_dictText,
    },
    {
      title: '客户数',
      dataIndex: 'customerCount',
      key: 'customerCount',
      align: 'right',
      render: (count: number, label) => (
        <Button type="link" size="small" onClick={() => setMembers(label)}>
          {count}
        </Button>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (status: string, label) => (
        <Tag color={status === 'ACTIVE' ? 'green' : 'default'}>{label.status_dictText}</Tag>
      ),
    },
    {
      title: '计算时间',
      dataIndex: 'refreshTime',
      key: 'refreshTime',
      render: (time: string | null, label) => (label.labelType === 'RULE' ? (time ?? '未计算') : '—'),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_value, label) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setMembers(label)}>
            成员
          </Button>
          <HasPermission code="label:edit">
            <Button type="link" size="small" onClick={() => setEditing({ label })}>
              编辑
            </Button>
            {label.labelType === 'RULE' && label.status === 'ACTIVE' && (
              <Button
                type="link"
                size="small"
                onClick={() =>
                  confirm({
                    title: `按规则重新计算“${label.name}”的客户吗？`,
                    content: '规则选中的客户将替换当前按规则打上的客户。',
                    okText: '重新计算',
                    danger: false,
                    action: () => refreshLabel(label.id),
                    onDone: list.reload,
                  })
                }
              >
                刷新
              </Button>
            )}
          </HasPermission>
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<CustomerLabelRecord>
        list={list}
        compactColumns={['name', 'customerCount', 'status']}
        columns={columns}
        exportAs={exportLabels}
        searchFields={
          <>
            <Form.Item name="name" label="标签名称">
              <Input allowClear placeholder="标签名称" />
            </Form.Item>
            <Form.Item name="labelGroup" label="分组">
              <Input allowClear placeholder="如 价值分层" style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="labelType" label="类型">
              <EnumSelect labels={LABEL_TYPE} placeholder="全部" style={{ width: 100 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={ENABLED_STATUS} placeholder="全部" style={{ width: 100 }} />
            </Form.Item>
          </>
        }
        toolbar={
          <HasPermission code="label:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ label: null })}>
              新增标签
            </Button>
          </HasPermission>
        }
      />
      <LabelFormModal
        label={editing?.label ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={list.reload}
      />
      <LabelMembersDrawer label={members} onClose={() => setMembers(null)} onChanged={list.reload} />
    </>
  );
}
