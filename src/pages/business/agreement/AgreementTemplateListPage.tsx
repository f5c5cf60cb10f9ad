// 协议模板 (eAgrt/AgreementTemplateList, DOMAIN §1.8): the templates with their type, latest version and
// whether the draft has unpublished changes; 新建/编辑 in the template editor (rich text with the variable
// panel, variables, 预览 with sample data), 发布 as a new immutable version, 版本历史 with a diff of two
// versions, 停用/启用.
import { useState } from 'react';
import { Button, Form, Input, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import {
  AGREEMENT_TYPE,
  TEMPLATE_STATUS,
  type TemplateRecord,
  type TemplateStatus,
} from '../../../../common/agreements';
import { exportTemplates, listTemplates, publishTemplate, retireTemplate } from '../../../api/agreements';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { useConfirmAction } from '../../../components/form/useConfirmAction';
import { HasPermission, useHasPermission } from '../../../components/HasPermission';
import { ListPage } from '../../../components/table/ListPage';
import { RowActions, type RowAction } from '../../../components/table/RowActions';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';
import { TemplateEditor } from './TemplateEditor';
import { TemplateVersionsDrawer } from './TemplateVersionsDrawer';

const STATUS_COLORS: Record<TemplateStatus, string> = {
  DRAFT: 'default',
  PUBLISHED: 'green',
  RETIRED: 'red',
};

export default function AgreementTemplateListPage() {
  const list = useListPage<TemplateRecord>({
    filterKeys: ['code', 'name', 'agreementType', 'status'],
    sortKeys: ['code', 'name', 'updateTime'],
    fetch: listTemplates,
  });
  const confirm = useConfirmAction();
  const mayEdit = useHasPermission('agreementTemplate:edit');
  const [editing, setEditing] = useState<{ id: string | undefined } | null>(null);
  const [versionsOf, setVersionsOf] = useState<TemplateRecord | null>(null);

  const actionsOf = (record: TemplateRecord): RowAction[] => {
    const actions: RowAction[] = [];
    if (mayEdit && record.status !== 'RETIRED') {
      actions.push({ key: 'edit', label: '编辑', onClick: () => setEditing({ id: record.id }) });
      actions.push({
        key: 'publish',
        label: '发布',
        disabled: !record.draftChanged,
        onClick: () =>
          confirm({
            title: `发布「${record.name}」第 ${record.currentVersion + 1} 版`,
            content: '发布后此版本不可修改，新建的协议将使用此版本；已有协议仍按原版本显示。',
            okText: '发布',
            danger: false,
            action: () => publishTemplate(record.id),
            onDone: list.reload,
          }),
      });
    }
    if (record.currentVersion > 0)
      actions.push({ key: 'versions', label: '版本历史', onClick: () => setVersionsOf(record) });
    if (mayEdit)
      actions.push({
        key: 'retire',
        label: record.status === 'RETIRED' ? '启用' : '停用',
        danger: record.status !== 'RETIRED',
        onClick: () =>
          confirm({
            title: `${record.status === 'RETIRED' ? '启用' : '停用'}「${record.name}」`,
            content:
              record.status === 'RETIRED' ? '启用后可再用此模板新建协议。' : '停用后不能再用此模板新建协议。',
            okText: record.status === 'RETIRED' ? '启用' : '停用',
            danger: record.status !== 'RETIRED',
            action: () => retireTemplate(record.id, record.status !== 'RETIRED'),
            onDone: list.reload,
          }),
      });
    return actions;
  };

  const columns: ColumnsType<TemplateRecord> = [
    {
      title: '编码 / 名称',
      dataIndex: 'code',
      key: 'code',
      sorter: true,
      render: (_value, record) => <TwoLineCell main={record.name} sub={record.code} />,
    },
    { title: '协议类型', dataIndex: 'agreementType_dictText', key: 'agreementType' },
    { title: '签署方式', dataIndex: 'signMode_dictText', key: 'signMode' },
    {
      title: '当前版本',
      dataIndex: 'currentVersion',
      key: 'currentVersion',
      render: (version: number, record) => (
        <>
          {version > 0 ? `v${version}` : '未发布'}
          {record.draftChanged && record.status !== 'RETIRED' && (
            <Tag color="orange" style={{ marginLeft: 8 }}>
              有未发布修改
            </Tag>
          )}
        </>
      ),
    },
    {
      title: '发布',
      dataIndex: 'publishedAt',
      key: 'publishedAt',
      render: (time: string | null, record) =>
        time ? <TwoLineCell main={time} sub={record.publishedByName ?? ''} /> : '—',
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (status: TemplateStatus, record) => (
        <Tag color={STATUS_COLORS[status]}>{record.status_dictText}</Tag>
      ),
    },
    { title: '更新时间', dataIndex: 'updateTime', key: 'updateTime', sorter: true },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_value, record) => <RowActions actions={actionsOf(record)} />,
    },
  ];

  return (
    <>
      <ListPage<TemplateRecord>
        list={list}
        columns={columns}
        exportAs={exportTemplates}
        compactColumns={['code', 'currentVersion', 'status']}
        searchFields={
          <>
            <Form.Item name="name" label="名称">
              <Input allowClear placeholder="模板名称" />
            </Form.Item>
            <Form.Item name="code" label="编码">
              <Input allowClear placeholder="模板编码" style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="agreementType" label="协议类型">
              <EnumSelect labels={AGREEMENT_TYPE} placeholder="全部" style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={TEMPLATE_STATUS} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
          </>
        }
        toolbar={
          <HasPermission code="agreementTemplate:edit">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: undefined })}>
              新建模板
            </Button>
          </HasPermission>
        }
      />
      <TemplateEditor
        id={editing?.id}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={list.reload}
      />
      <TemplateVersionsDrawer template={versionsOf} onClose={() => setVersionsOf(null)} />
    </>
  );
}
