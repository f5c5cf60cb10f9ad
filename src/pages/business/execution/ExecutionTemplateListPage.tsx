// 评分模板 (eVisit/ExecutionTemplateList): every version of each template; a version opens with its items and
// coin rule. 新建模板 and 编辑 (a 草稿 only) in the editor; 启用 makes a 草稿 the code's active version (the one
// before is retired), 新版本 copies an active or retired version into the next 草稿 and opens it in the editor,
// 停用 retires the active one. Versions never change once active: results keep theirs.
import { useEffect, useState } from 'react';
import { Button, Descriptions, Drawer, Form, Input, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { TEMPLATE_STATUS } from '../../../../common/execution';
import {
  changeTemplateStatus,
  exportTemplates,
  listTemplates,
  newTemplateVersion,
  templateById,
  type ExecutionTemplate,
  type ExecutionTemplateItem,
} from '../../../api/execution';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { settle } from '../../../components/form/settle';
import { HasPermission, useHasPermission } from '../../../components/HasPermission';
import { ListPage } from '../../../components/table/ListPage';
import { RowActions, type RowAction } from '../../../components/table/RowActions';
import { useListPage } from '../../../components/table/useListPage';
import { TemplateFormModal } from './TemplateFormModal';

const requirementText = (item: ExecutionTemplateItem) =>
  [
    item.requirement.min !== undefined && `≥ ${item.requirement.min}`,
    item.requirement.deductPerMiss !== undefined && `每缺扣 ${item.requirement.deductPerMiss} 分`,
    item.requirement.passOptions && `达标：${item.requirement.passOptions.join('、')}`,
  ]
    .filter(Boolean)
    .join('，');

function TemplateDrawer({ template, onClose }: { template: ExecutionTemplate | null; onClose: () => void }) {
  const [items, setItems] = useState<ExecutionTemplateItem[]>([]);
  useEffect(() => {
    if (template)
      templateById(template.id)
        .then((answer) => answer.success && setItems(answer.result.items))
        .catch(() => undefined);
  }, [template]);
  const columns: ColumnsType<ExecutionTemplateItem> = [
    {
      title: '检查项',
      dataIndex: 'name',
      render: (name: string, item) => (
        <Space>
          {name}
          {item.isVeto && <Tag color="red">一票否决</Tag>}
        </Space>
      ),
    },
    { title: '分类', dataIndex: 'category_dictText' },
    { title: '采集方式', dataIndex: 'inputType_dictText' },
    { title: '计分方式', dataIndex: 'scoringRule_dictText' },
    { title: '达标标准', key: 'requirement', render: (_value, item) => requirementText(item) },
    { title: '分值', dataIndex: 'maxScore' },
  ];
  return (
    <Drawer
      open={template !== null}
      onClose={onClose}
      size="large"
      title={template ? `${template.name} V${template.version}` : ''}
    >
      {template && (
        <Descriptions size="small" column={2} bordered>
          <Descriptions.Item label="总分 / 及格">{`${template.totalScore} / ${template.passScore}`}</Descriptions.Item>
          <Descriptions.Item label="状态">{template.status_dictText}</Descriptions.Item>
          <Descriptions.Item label="金币规则" span={2}>
            {[...template.coinRule.tiers]
              .sort((a, b) => b.minScore - a.minScore)
              .map((tier) => `≥${tier.minScore}分 ${tier.coins} 金币`)
              .join('；')}
            {`；每店每月上限 ${template.coinRule.monthlyCap}`}
          </Descriptions.Item>
        </Descriptions>
      )}
      <Table<ExecutionTemplateItem>
        style={{ marginTop: 16 }}
        rowKey="id"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={items}
      />
    </Drawer>
  );
}

export default function ExecutionTemplateListPage() {
  const list = useListPage<ExecutionTemplate>({
    filterKeys: ['name', 'status'],
    sortKeys: ['code', 'createTime'],
    defaultSort: { column: 'code', order: 'asc' },
    fetch: listTemplates,
  });
  const mayEdit = useHasPermission('executionTemplate:edit');
  const [open, setOpen] = useState<ExecutionTemplate | null>(null);
  const [editing, setEditing] = useState<{ id: string | undefined } | null>(null);
  const changeStatus = (row: ExecutionTemplate, status: string) =>
    void settle(changeTemplateStatus(row.id, status)).then(list.reload);
  /** The version copied into the next draft, which opens in the editor. */
  const newVersion = async (row: ExecutionTemplate) => {
    let draft: string | undefined;
    const call = newTemplateVersion(row.id).then((answer) => {
      if (answer.success) draft = answer.result.id;
      return answer;
    });
    if (!(await settle(call))) return;
    list.reload();
    if (draft) setEditing({ id: draft });
  };
  const actionsOf = (row: ExecutionTemplate): RowAction[] => {
    const actions: RowAction[] = [{ key: 'view', label: '查看', onClick: () => setOpen(row) }];
    if (!mayEdit) return actions;
    if (row.status === 'DRAFT')
      actions.push(
        { key: 'edit', label: '编辑', onClick: () => setEditing({ id: row.id }) },
        { key: 'activate', label: '启用', onClick: () => changeStatus(row, 'ACTIVE') },
      );
    else actions.push({ key: 'newVersion', label: '新版本', onClick: () => void newVersion(row) });
    if (row.status === 'ACTIVE')
      actions.push({
        key: 'retire',
        label: '停用',
        danger: true,
        onClick: () => changeStatus(row, 'RETIRED'),
      });
    return actions;
  };
  const columns: ColumnsType<ExecutionTemplate> = [
    { title: '编码', dataIndex: 'code', key: 'code', sorter: true },
    { title: '名称', dataIndex: 'name' },
    { title: '版本', dataIndex: 'version', render: (version: number) => `V${version}` },
    { title: '检查项', dataIndex: 'itemCount' },
    { title: '总分 / 及格', key: 'score', render: (_value, row) => `${row.totalScore} / ${row.passScore}` },
    {
      title: '状态',
      dataIndex: 'status',
      render: (status: string, row) => (
        <Tag color={status === 'ACTIVE' ? 'green' : status === 'DRAFT' ? 'blue' : 'default'}>
          {row.status_dictText}
        </Tag>
      ),
    },
    { title: '更新时间', dataIndex: 'updateTime' },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_value, row) => <RowActions actions={actionsOf(row)} />,
    },
  ];
  return (
    <>
      <ListPage<ExecutionTemplate>
        list={list}
        columns={columns}
        compactColumns={['name', 'version', 'status']}
        exportAs={exportTemplates}
        toolbar={
          <HasPermission code="executionTemplate:edit">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: undefined })}>
              新建模板
            </Button>
          </HasPermission>
        }
        searchFields={
          <>
            <Form.Item name="name" label="名称">
              <Input placeholder="模板名称" allowClear />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={TEMPLATE_STATUS} placeholder="全部" style={{ width: 100 }} />
            </Form.Item>
          </>
        }
      />
      <TemplateDrawer template={open} onClose={() => setOpen(null)} />
      <TemplateFormModal
        id={editing?.id}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={list.reload}
      />
    </>
  );
}
