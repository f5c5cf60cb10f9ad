// 评分模板 (eVisit/ExecutionTemplateList): every version of each template; a version opens with its items and
// coin rule. 启用 makes a 草稿 the code's active version (the one before is retired), 新版本 copies a version into
// the next 草稿, 停用 retires the active one. Versions never change once active: results keep theirs.
import { useState } from 'react';
import { App, Button, Descriptions, Drawer, Form, Input, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect } from 'react';
import { TEMPLATE_STATUS } from '../../../../common/execution';
import {
  changeTemplateStatus,
  exportTemplates,
  listTemplates,
  newTemplateVersion,
  type ExecutionTemplate,
} from '../../../api/execution';
import { getAction } from '../../../api/http';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { HasPermission } from '../../../components/HasPermission';
import { ListPage } from '../../../components/table/ListPage';
import { useListPage } from '../../../components/table/useListPage';

interface TemplateItem {
  id: string;
  name: string;
  category_dictText: string;
  inputType_dictText: string;
  scoringRule_dictText: string;
  requirement: { min?: number; deductPerMiss?: number; passOptions?: string[] };
  maxScore: number;
  isVeto: boolean;
}

const requirementText = (item: TemplateItem) =>
  [
    item.requirement.min !== undefined && `≥ ${item.requirement.min}`,
    item.requirement.deductPerMiss !== undefined && `每缺扣 ${item.requirement.deductPerMiss} 分`,
    item.requirement.passOptions && `达标：${item.requirement.passOptions.join('、')}`,
  ]
    .filter(Boolean)
    .join('，');

function TemplateDrawer({ template, onClose }: { template: ExecutionTemplate | null; onClose: () => void }) {
  const [items, setItems] = useState<TemplateItem[]>([]);
  useEffect(() => {
    if (template)
      getAction<{ items: TemplateItem[] }>('/eVisit/executionTemplate/queryById', { id: template.id })
        .then((answer) => answer.success && setItems(answer.result.items))
        .catch(() => undefined);
  }, [template]);
  const columns: ColumnsType<TemplateItem> = [
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
      <Table<TemplateItem>
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
  const { message } = App.useApp();
  const list = useListPage<ExecutionTemplate>({
    filterKeys: ['name', 'status'],
    sortKeys: ['code', 'createTime'],
    defaultSort: { column: 'code', order: 'asc' },
    fetch: listTemplates,
  });
  const [open, setOpen] = useState<ExecutionTemplate | null>(null);
  const act = (call: Promise<{ success: boolean; message: string }>) =>
    void call.then((answer) => {
      if (answer.success) message.success(answer.message);
      else message.error(answer.message);
      list.reload();
    });
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
      render: (_value, row) => (
        <>
          <Button type="link" size="small" onClick={() => setOpen(row)}>
            查看
          </Button>
          <HasPermission code="executionTemplate:edit">
            {row.status === 'DRAFT' && (
              <Button type="link" size="small" onClick={() => act(changeTemplateStatus(row.id, 'ACTIVE'))}>
                启用
              </Button>
            )}
            {row.status === 'ACTIVE' && (
              <Button type="link" size="small" onClick={() => act(changeTemplateStatus(row.id, 'RETIRED'))}>
                停用
              </Button>
            )}
            <Button type="link" size="small" onClick={() => act(newTemplateVersion(row.id))}>
              新版本
            </Button>
          </HasPermission>
        </>
      ),
    },
  ];
  return (
    <>
      <ListPage<ExecutionTemplate>
        list={list}
        columns={columns}
        compactColumns={['name', 'version', 'status']}
        exportAs={exportTemplates}
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
    </>
  );
}
