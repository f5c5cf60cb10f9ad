// 我的消息 (/isps/userAnnouncement, spec §2 查看更多): the signed-in user's announcements, read and unread,
// paged by the server; opening one shows it and marks it read; everything can be marked read at once; 导出
// exports what the filters select.
import { useState } from 'react';
import { Button, Card, Popconfirm, Segmented, Space, Table, Typography, type TableColumnsType } from 'antd';
import type { AnnouncementSendRow } from '../../../common/announcements';
import { exportMyAnnouncements, getMyAnnouncements, markAllAnnouncementsRead } from '../../api/announcements';
import { ExportButton } from '../../components/table/ListPage';
import { announcementOpened, noticesReloadRequested } from '../../features/notices/slice';
import { useAppDispatch } from '../../store/hooks';
import { toast } from '../../utils/notifier';
import { containsParam, priorityColumn, ReadBadge, TitleSearch } from './announcement/columns';
import { sortOrderOf, tablePaging, urlListParams, useUrlList } from './announcement/useUrlList';

const FILTERS = ['titile', 'readFlag'] as const;
/** The filters as the server takes them: the title by any part (list and export alike). */
const mineQuery = (params: Record<string, string | number>) => containsParam(params, 'titile');
const fetchMine = (params: Record<string, string | number>) => getMyAnnouncements(mineQuery(params));

const READ_OPTIONS = [
  { label: '全部', value: '' },
  { label: '未读', value: '0' },
  { label: '已读', value: '1' },
];

export default function UserAnnouncementListPage() {
  const dispatch = useAppDispatch();
  const list = useUrlList(fetchMine, FILTERS);
  /** Opened here: read, whatever the rows loaded before said. */
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const [markingAll, setMarkingAll] = useState(false);

  const open = (row: AnnouncementSendRow) => {
    setOpened((previous) => new Set(previous).add(row.anntId));
    dispatch(announcementOpened({ id: row.anntId }));
  };

  const markAll = async () => {
    setMarkingAll(true);
    try {
      const answer = await markAllAnnouncementsRead();
      if (answer.success) {
        toast('success', answer.message);
        list.reload();
        dispatch(noticesReloadRequested());
      } else toast('warning', answer.message);
    } catch {
      // Shown by the HTTP layer.
    } finally {
      setMarkingAll(false);
    }
  };

  const columns: TableColumnsType<AnnouncementSendRow> = [
    {
      title: '标题',
      dataIndex: 'titile',
      ellipsis: true,
      render: (_value, row) => (
        <Typography.Link onClick={() => open(row)} strong={row.readFlag === '0' && !opened.has(row.anntId)}>
          {row.titile}
        </Typography.Link>
      ),
    },
    { title: '消息类型', dataIndex: 'msgCategory_dictText', width: 110 },
    { title: '发布人', dataIndex: 'sender', width: 120 },
    priorityColumn<AnnouncementSendRow>(),
    {
      title: '发布时间',
      dataIndex: 'sendTime',
      width: 180,
      sorter: true,
      sortOrder: sortOrderOf(list.query, 'sendTime'),
    },
    {
      title: '阅读状态',
      dataIndex: 'readFlag',
      width: 110,
      render: (_value, row) => <ReadBadge flag={opened.has(row.anntId) ? '1' : row.readFlag} />,
    },
    {
      title: '操作',
      key: 'action',
      width: 90,
      render: (_value, row) => (
        <Button type="link" size="small" onClick={() => open(row)}>
          查看
        </Button>
      ),
    },
  ];

  return (
    <Card title="我的消息" variant="borderless">
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <TitleSearch
            value={list.query.filters.titile}
            onSearch={(titile) => list.search({ ...list.query.filters, titile })}
          />
          <Segmented
            options={READ_OPTIONS}
            value={list.query.filters.readFlag ?? ''}
            onChange={(readFlag) => list.search({ ...list.query.filters, readFlag: String(readFlag) })}
          />
        </Space>
        <Space>
          <ExportButton exportAs={() => exportMyAnnouncements(mineQuery(urlListParams(list.query)))} />
          <Popconfirm title="确定将全部消息标为已读吗？" onConfirm={markAll} okText="确定" cancelText="取消">
            <Button loading={markingAll}>全部标为已读</Button>
          </Popconfirm>
        </Space>
      </Space>
      <Table<AnnouncementSendRow>
        rowKey="id"
        size="middle"
        loading={list.loading}
        columns={columns}
        dataSource={list.records}
        {...tablePaging(list)}
      />
    </Card>
  );
}
