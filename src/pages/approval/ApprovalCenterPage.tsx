// 审批中心 (approval/ApprovalCenter, DOMAIN §1.17): 待我审批 / 我已审批 / 我发起的, filtered by business type,
// department and submission date; a row opens its drawer; low-risk tasks can be approved in a batch. Every
// step reloads the list and the menu's pending count.
import { useState } from 'react';
import { Badge, Button, DatePicker, Form, Input, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import {
  APPROVAL_BIZ_TYPE,
  type ApprovalBizType,
  type ApprovalRecord,
  APPROVAL_TAB,
  type ApprovalTab,
} from '../../../common/approvals';
import { approveBatch, exportApprovals, listApprovals } from '../../api/approvals';
import { EnumSelect } from '../../components/form/EnumSelect';
import { HasPermission } from '../../components/HasPermission';
import { ListPage } from '../../components/table/ListPage';
import { useListPage } from '../../components/table/useListPage';
import { selectPendingApprovals } from '../../features/approvals/selectors';
import { pendingCountRequested } from '../../features/approvals/slice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { toast } from '../../utils/notifier';
import { OrgPicker } from '../../components/form/OrgPicker';
import { ApprovalDrawer, STATUS_COLOR } from './ApprovalDrawer';

const DATE = 'YYYY-MM-DD';
const FILTER_KEYS = ['bizType', 'orgCode', 'title', 'startTime_begin', 'startTime_end'];

/** The submission dates are one picker in the form and two fields in the URL; a department covers its subtree. */
export function approvalFilters(values: Record<string, unknown>): Record<string, string | undefined> {
  const { startTime, orgCode, bizType, title } = values as {
    startTime?: [Dayjs | null, Dayjs | null] | null;
    orgCode?: string;
    bizType?: string;
    title?: string;
  };
  return {
    bizType: bizType || undefined,
    orgCode: orgCode || undefined,
    title: title?.trim() ? `*${title.trim()}*` : undefined,
    startTime_begin: startTime?.[0]?.startOf('day').format(`${DATE} HH:mm:ss`),
    startTime_end: startTime?.[1]?.endOf('day').format(`${DATE} HH:mm:ss`),
  };
}

function approvalFormValues(filters: Record<string, string>): Record<string, unknown> {
  const { startTime_begin: begin, startTime_end: end, title, ...rest } = filters;
  return {
    ...rest,
    title: title?.replace(/^\*|\*$/g, ''),
    startTime: begin || end ? [begin ? dayjs(begin) : null, end ? dayjs(end) : null] : undefined,
  };
}

function ApprovalList({
  tab,
  onOpen,
  bizTypes,
}: {
  tab: ApprovalTab;
  onOpen: (id: string) => void;
  bizTypes?: readonly ApprovalBizType[];
}) {
  const dispatch = useAppDispatch();
  const list = useListPage<ApprovalRecord>({
    filterKeys: FILTER_KEYS,
    sortKeys: ['startTime'],
    // The department filter names a subtree: its code as a prefix; a page of some types lists only those.
    fetch: (params) =>
      listApprovals(tab, {
        ...params,
        bizType: params.bizType ?? bizTypes?.join(','),
        orgCode: params.orgCode ? `${String(params.orgCode)}*` : undefined,
      }),
  });
  const typeLabels = bizTypes
    ? Object.fromEntries(bizTypes.map((type) => [type, APPROVAL_BIZ_TYPE[type]]))
    : APPROVAL_BIZ_TYPE;

  const columns: ColumnsType<ApprovalRecord> = [
    { title: '类型', dataIndex: 'bizType_dictText', key: 'bizType' },
    {
      title: '标题',
      dataIndex: 'title',
      key: 'title',
      render: (title: string, row) => (
        <Button type="link" size="small" onClick={() => onOpen(row.id)}>
          {title}
        </Button>
      ),
    },
    { title: '单号', dataIndex: 'bizNo', key: 'bizNo' },
    { title: '发起人', dataIndex: 'initiatorName', key: 'initiatorName' },
    { title: '部门', dataIndex: 'orgName', key: 'orgName' },
    { title: '当前节点', dataIndex: 'currentNodeName', key: 'currentNodeName' },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (_status, row) => <Tag color={STATUS_COLOR[row.status]}>{row.status_dictText}</Tag>,
    },
    { title: '提交时间', dataIndex: 'startTime', key: 'startTime', sorter: true },
    ...(tab === 'done'
      ? ([
          { title: '我的处理', dataIndex: 'taskResult_dictText', key: 'taskResult' },
          { title: '处理时间', dataIndex: 'actTime', key: 'actTime' },
        ] as ColumnsType<ApprovalRecord>)
      : []),
    {
      title: '操作',
      key: 'actions',
      render: (_value, row) => (
        <Button type="link" size="small" onClick={() => onOpen(row.id)}>
          {tab === 'todo' ? '审批' : '详情'}
        </Button>
      ),
    },
  ];

  const batchApprove = async (selected: ApprovalRecord[], done: () => void) => {
    try {
      const answer = await approveBatch(selected.map((row) => row.taskId as string));
      if (!answer.success) {
        toast('warning', answer.message);
        return;
      }
      const { failed } = answer.result;
      toast(failed.length === 0 ? 'success' : 'warning', answer.message);
      done();
      dispatch(pendingCountRequested());
    } catch {
      // The HTTP layer has shown the failure.
    }
  };

  return (
    <ListPage<ApprovalRecord>
      list={list}
      compactColumns={['title', 'status']}
      columns={columns}
      toFilters={approvalFilters}
      exportAs={(params) => exportApprovals(tab, params)}
      toFormValues={approvalFormValues}
      searchFields={
        <>
          <Form.Item name="bizType" label="业务类型">
            <EnumSelect labels={typeLabels} placeholder="全部" style={{ width: 140 }} />
          </Form.Item>
          <HasPermission code="depart:list">
            <Form.Item name="orgCode" label="部门">
              <OrgPicker />
            </Form.Item>
          </HasPermission>
          <Form.Item name="startTime" label="提交日期">
            <DatePicker.RangePicker allowEmpty={[true, true]} />
          </Form.Item>
          <Form.Item name="title" label="标题">
            <Input allowClear placeholder="门店名称、单号…" />
          </Form.Item>
        </>
      }
      batchActions={
        tab === 'todo'
          ? (selected, done) => {
              const risky = selected.some((row) => !row.lowRisk);
              return (
                <Button
                  type="primary"
                  disabled={risky}
                  title={risky ? '所选审批中含不允许批量审批的类型' : undefined}
                  onClick={() => void batchApprove(selected, done)}
                >
                  批量通过
                </Button>
              );
            }
          : undefined
      }
    />
  );
}

/** The 审批中心; with `bizTypes`, only approvals of those types (the asset approvals page). */
export default function ApprovalCenterPage({ bizTypes }: { bizTypes?: readonly ApprovalBizType[] }) {
  const dispatch = useAppDispatch();
  const pending = useAppSelector(selectPendingApprovals);
  const [tab, setTab] = useState<ApprovalTab>('todo');
  const [opened, setOpened] = useState<string | null>(null);
  // A new key remounts the list: it loads again after a step.
  const [generation, setGeneration] = useState(0);

  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as ApprovalTab)}
        items={[
          {
            key: 'todo',
            label: (
              <Badge count={pending} size="small" offset={[8, 0]}>
                {APPROVAL_TAB.todo}
              </Badge>
            ),
          },
          { key: 'done', label: APPROVAL_TAB.done },
          { key: 'mine', label: APPROVAL_TAB.mine },
        ]}
      />
      <ApprovalList key={`${tab}-${generation}`} tab={tab} onOpen={setOpened} bizTypes={bizTypes} />
      <ApprovalDrawer
        id={opened}
        onClose={() => setOpened(null)}
        onDone={() => {
          setGeneration((value) => value + 1);
          dispatch(pendingCountRequested());
        }}
      />
    </>
  );
}
