// 系统公告 (/isystem/annountCement): the tenant's announcements, paged and sorted by the server with the
// filters in the URL; create and edit in a modal, release, revoke and delete after a confirmation, each
// button shown only to holders of its code (the server checks them again).
import { useState, type Key } from 'react';
import {
  Button,
  Card,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CATEGORY_LABELS,
  PRIORITY_LABELS,
  SEND_STATUS_LABELS,
  type Announcement,
  type AnnouncementSendStatus,
} from '../../../common/announcements';
import type { Envelope } from '../../../common/contract';
import {
  deleteAnnouncement,
  deleteAnnouncements,
  listAnnouncements,
  queryAnnouncement,
  releaseAnnouncement,
  revokeAnnouncement,
} from '../../api/announcements';
import { HasPermission, useHasPermission } from '../../components/HasPermission';
import { announcementOpened } from '../../features/notices/slice';
import { useAppDispatch } from '../../store/hooks';
import { toast } from '../../utils/notifier';
import { AnnouncementFormModal } from './announcement/AnnouncementFormModal';
import { containsParam, priorityColumn } from './announcement/columns';
import { sortOrderOf, tablePaging, useUrlList } from './announcement/useUrlList';

export const ANNOUNCEMENT_CODES = {
  add: 'annountCement:add',
  edit: 'annountCement:edit',
  delete: 'annountCement:delete',
  release: 'annountCement:release',
  revoke: 'annountCement:revoke',
} as const;

const FILTERS = ['titile', 'msgCategory', 'priority', 'sendStatus'] as const;
const fetchAnnouncements = (params: Record<string, string | number>) =>
  listAnnouncements(containsParam(params, 'titile'));

const STATUS_COLORS: Record<AnnouncementSendStatus, string> = { '0': 'default', '1': 'green', '2': 'orange' };

const selectOptions = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

type Filters = Partial<Record<(typeof FILTERS)[number], string>>;

export default function SysAnnouncementListPage() {
  const dispatch = useAppDispatch();
  const list = useUrlList(fetchAnnouncements, FILTERS);
  const [form] = Form.useForm<Filters>();
  const [selected, setSelected] = useState<Key[]>([]);
  const [editor, setEditor] = useState<{ open: boolean; editing: Announcement | null }>({
    open: false,
    editing: null,
  });
  const canDelete = useHasPermission(ANNOUNCEMENT_CODES.delete);

  /** A command's answer: its message, then the list again. */
  const run = async (command: () => Promise<Envelope<unknown>>) => {
    try {
      const answer = await command();
      toast(answer.success ? 'success' : 'warning', answer.message);
      if (answer.success) list.reload();
      return answer.success;
    } catch {
      // Shown by the HTTP layer.
      return false;
    }
  };

  const startEdit = async (row: Announcement) => {
    try {
      const answer = await queryAnnouncement(row.id);
      if (answer.success) setEditor({ open: true, editing: answer.result });
      else toast('warning', answer.message);
    } catch {
      // Shown by the HTTP layer.
    }
  };

  const columns: TableColumnsType<Announcement> = [
    {
      title: '标题',
      dataIndex: 'titile',
      width: 280,
      ellipsis: true,
      sorter: true,
      render: (_value, row) => (
        <Typography.Link onClick={() => dispatch(announcementOpened({ id: row.id }))}>
          {row.titile}
        </Typography.Link>
      ),
    },
    { title: '消息类型', dataIndex: 'msgCategory_dictText', width: 100 },
    priorityColumn<Announcement>(),
    { title: '通告对象', dataIndex: 'msgType_dictText', width: 100 },
    {
      title: '发布状态',
      dataIndex: 'sendStatus',
      width: 100,
      render: (_value, row) => <Tag color={STATUS_COLORS[row.sendStatus]}>{row.sendStatus_dictText}</Tag>,
    },
    { title: '发布人', dataIndex: 'sender', width: 100 },
    { title: '发布时间', dataIndex: 'sendTime', width: 170, sorter: true },
    { title: '撤销时间', dataIndex: 'cancelTime', width: 170 },
    { title: '创建时间', dataIndex: 'createTime', width: 170, sorter: true },
    {
      title: '操作',
      key: 'action',
      fixed: 'right',
      width: 200,
      render: (_value, row) => (
        <Space size={0} wrap>
          {row.sendStatus !== '1' && (
            <HasPermission code={ANNOUNCEMENT_CODES.edit}>
              <Button type="link" size="small" onClick={() => startEdit(row)}>
                编辑
              </Button>
            </HasPermission>
          )}
          {row.sendStatus !== '1' && (
            <HasPermission code={ANNOUNCEMENT_CODES.release}>
              <Popconfirm
                title="确定发布吗？发布后通告对象将立即收到消息。"
                onConfirm={() => run(() => releaseAnnouncement(row.id))}
              >
                <Button type="link" size="small">
                  发布
                </Button>
              </Popconfirm>
            </HasPermission>
          )}
          {row.sendStatus === '1' && (
            <HasPermission code={ANNOUNCEMENT_CODES.revoke}>
              <Popconfirm title="确定撤销吗？" onConfirm={() => run(() => revokeAnnouncement(row.id))}>
                <Button type="link" size="small">
                  撤销
                </Button>
              </Popconfirm>
            </HasPermission>
          )}
          <HasPermission code={ANNOUNCEMENT_CODES.delete}>
            <Popconfirm title="确定删除吗？" onConfirm={() => run(() => deleteAnnouncement(row.id))}>
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          </HasPermission>
        </Space>
      ),
    },
  ];

  return (
    <Card title="系统公告" variant="borderless">
      <Form<Filters>
        form={form}
        layout="inline"
        key={JSON.stringify(list.query.filters)}
        initialValues={list.query.filters}
        onFinish={(values) => list.search(values)}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="titile" label="标题">
          <Input placeholder="标题包含" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="msgCategory" label="消息类型">
          <Select
            allowClear
            placeholder="请选择"
            options={selectOptions(CATEGORY_LABELS)}
            style={{ width: 120 }}
          />
        </Form.Item>
        <Form.Item name="priority" label="优先级">
          <Select
            allowClear
            placeholder="请选择"
            options={selectOptions(PRIORITY_LABELS)}
            style={{ width: 100 }}
          />
        </Form.Item>
        <Form.Item name="sendStatus" label="发布状态">
          <Select
            allowClear
            placeholder="请选择"
            options={selectOptions(SEND_STATUS_LABELS)}
            style={{ width: 110 }}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button onClick={() => list.search({})}>重置</Button>
          </Space>
        </Form.Item>
      </Form>
      <Space style={{ marginBottom: 16 }}>
        <HasPermission code={ANNOUNCEMENT_CODES.add}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditor({ open: true, editing: null })}
          >
            新增
          </Button>
        </HasPermission>
        {canDelete && selected.length > 0 && (
          <Popconfirm
            title={`确定删除选中的 ${selected.length} 条公告吗？`}
            onConfirm={async () => {
              if (await run(() => deleteAnnouncements(selected.map(String)))) setSelected([]);
            }}
          >
            <Button danger icon={<DeleteOutlined />}>
              批量删除
            </Button>
          </Popconfirm>
        )}
      </Space>
      <Table<Announcement>
        rowKey="id"
        size="middle"
        scroll={{ x: 1500 }}
        loading={list.loading}
        columns={columns.map((column) =>
          'dataIndex' in column && column.sorter
            ? { ...column, sortOrder: sortOrderOf(list.query, String(column.dataIndex)) }
            : column,
        )}
        dataSource={list.records}
        rowSelection={canDelete ? { selectedRowKeys: selected, onChange: setSelected } : undefined}
        {...tablePaging(list)}
      />
      <AnnouncementFormModal
        open={editor.open}
        editing={editor.editing}
        onClose={() => setEditor({ open: false, editing: null })}
        onSaved={() => {
          setEditor({ open: false, editing: null });
          list.reload();
        }}
      />
    </Card>
  );
}
