// 系统公告 (/isystem/annountCement): the tenant's announcements, paged and sorted by the server with the
// filters in the URL; create and edit in a modal, release, revoke and delete after a confirmation, each
// button shown only to holders of its code (the server checks them again).
import { useState } from 'react';
import { Button, Form, Input, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import {
  CATEGORY_LABELS,
  PRIORITY_LABELS,
  SEND_STATUS_LABELS,
  type Announcement,
  type AnnouncementSendStatus,
} from '../../../common/announcements';
import {
  deleteAnnouncement,
  deleteAnnouncements,
  exportAnnouncements,
  listAnnouncements,
  queryAnnouncement,
  releaseAnnouncement,
  revokeAnnouncement,
} from '../../api/announcements';
import type { Params } from '../../api/http';
import { useHasPermission } from '../../components/HasPermission';
import { useConfirmAction } from '../../components/form/useConfirmAction';
import { ListPage } from '../../components/table/ListPage';
import { RowActions, type RowAction } from '../../components/table/RowActions';
import { contains } from '../../components/table/listQuery';
import { useListPage } from '../../components/table/useListPage';
import { BatchDeleteButton, useRemoveRows } from '../../components/table/useRemoveRows';
import { announcementOpened } from '../../features/notices/slice';
import { useAppDispatch } from '../../store/hooks';
import { toast } from '../../utils/notifier';
import { AnnouncementFormModal } from './announcement/AnnouncementFormModal';
import { priorityColumn } from './announcement/columns';

export const ANNOUNCEMENT_CODES = {
  add: 'annountCement:add',
  edit: 'annountCement:edit',
  delete: 'annountCement:delete',
  release: 'annountCement:release',
  revoke: 'annountCement:revoke',
} as const;

const FILTERS = ['titile', 'msgCategory', 'priority', 'sendStatus'] as const;

const STATUS_COLORS: Record<AnnouncementSendStatus, string> = { '0': 'default', '1': 'green', '2': 'orange' };

const selectOptions = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** The filters picked from a fixed list. */
const SELECT_FILTERS = [
  { name: 'msgCategory', label: '消息类型', labels: CATEGORY_LABELS, width: 120 },
  { name: 'priority', label: '优先级', labels: PRIORITY_LABELS, width: 100 },
  { name: 'sendStatus', label: '发布状态', labels: SEND_STATUS_LABELS, width: 110 },
];

/** The search form's values as the server takes them: the title by any part (list and export alike). */
const announcementQuery = (params: Params): Params => ({
  ...params,
  titile: contains(params.titile as string | undefined),
});

export default function SysAnnouncementListPage() {
  const dispatch = useAppDispatch();
  const list = useListPage<Announcement>({
    filterKeys: FILTERS,
    sortKeys: ['titile', 'sendTime', 'createTime'],
    fetch: (params) => listAnnouncements(announcementQuery(params)),
  });
  const [editor, setEditor] = useState<{ open: boolean; editing: Announcement | null }>({
    open: false,
    editing: null,
  });
  const can = {
    add: useHasPermission(ANNOUNCEMENT_CODES.add),
    edit: useHasPermission(ANNOUNCEMENT_CODES.edit),
    release: useHasPermission(ANNOUNCEMENT_CODES.release),
    revoke: useHasPermission(ANNOUNCEMENT_CODES.revoke),
    delete: useHasPermission(ANNOUNCEMENT_CODES.delete),
  };
  const confirm = useConfirmAction();
  const remove = useRemoveRows<Announcement>({
    noun: '公告',
    unit: '条',
    nameOf: (row) => row.titile,
    content: '删除后不可恢复。',
    idOf: (row) => row.id,
    deleteOne: deleteAnnouncement,
    deleteMany: deleteAnnouncements,
  });

  const startEdit = async (row: Announcement) => {
    try {
      const answer = await queryAnnouncement(row.id);
      if (answer.success) setEditor({ open: true, editing: answer.result });
      else toast('warning', answer.message);
    } catch {
      // Shown by the HTTP layer.
    }
  };

  const actionsOf = (row: Announcement): RowAction[] => {
    const draft = row.sendStatus !== '1';
    const actions: RowAction[] = [];
    if (draft && can.edit) actions.push({ key: 'edit', label: '编辑', onClick: () => startEdit(row) });
    if (draft && can.release)
      actions.push({
        key: 'release',
        label: '发布',
        onClick: () =>
          confirm({
            title: '确定发布吗？',
            content: '发布后通告对象将立即收到消息。',
            okText: '发布',
            danger: false,
            action: () => releaseAnnouncement(row.id),
            onDone: list.reload,
          }),
      });
    if (!draft && can.revoke)
      actions.push({
        key: 'revoke',
        label: '撤销',
        onClick: () =>
          confirm({
            title: '确定撤销吗？',
            okText: '撤销',
            action: () => revokeAnnouncement(row.id),
            onDone: list.reload,
          }),
      });
    if (can.delete)
      actions.push({ key: 'delete', label: '删除', danger: true, onClick: () => remove([row], list.reload) });
    return actions;
  };

  const columns: ColumnsType<Announcement> = [
    {
      title: '标题',
      dataIndex: 'titile',
      key: 'titile',
      width: 280,
      ellipsis: true,
      sorter: true,
      render: (_value, row) => (
        <Typography.Link onClick={() => dispatch(announcementOpened({ id: row.id }))}>
          {row.titile}
        </Typography.Link>
      ),
    },
    { title: '消息类型', dataIndex: 'msgCategory_dictText', key: 'msgCategory' },
    { ...priorityColumn<Announcement>(), key: 'priority' },
    { title: '通告对象', dataIndex: 'msgType_dictText', key: 'msgType' },
    {
      title: '发布状态',
      dataIndex: 'sendStatus',
      key: 'sendStatus',
      render: (_value, row) => <Tag color={STATUS_COLORS[row.sendStatus]}>{row.sendStatus_dictText}</Tag>,
    },
    { title: '发布人', dataIndex: 'sender', key: 'sender' },
    { title: '发布时间', dataIndex: 'sendTime', key: 'sendTime', sorter: true },
    { title: '撤销时间', dataIndex: 'cancelTime', key: 'cancelTime' },
    { title: '创建时间', dataIndex: 'createTime', key: 'createTime', sorter: true },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_value, row) => <RowActions actions={actionsOf(row)} />,
    },
  ];

  return (
    <>
      <ListPage<Announcement>
        list={list}
        columns={columns}
        exportAs={(params) => exportAnnouncements(announcementQuery(params))}
        compactColumns={['titile', 'sendStatus']}
        searchFields={
          <>
            <Form.Item name="titile" label="标题">
              <Input placeholder="标题包含" allowClear style={{ width: 200 }} />
            </Form.Item>
            {SELECT_FILTERS.map(({ name, label, labels, width }) => (
              <Form.Item key={name} name={name} label={label}>
                <Select allowClear placeholder="请选择" options={selectOptions(labels)} style={{ width }} />
              </Form.Item>
            ))}
          </>
        }
        toolbar={
          can.add && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditor({ open: true, editing: null })}
            >
              新增
            </Button>
          )
        }
        batchActions={
          can.delete
            ? (selected, done) => (
                <BatchDeleteButton
                  code={ANNOUNCEMENT_CODES.delete}
                  onClick={() => remove(selected, done, true)}
                />
              )
            : undefined
        }
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
    </>
  );
}
