// ERP同步失败列表 (erp/SyncFailureList, menu 同步失败订单): the failed sync tasks of the tenant, filtered by
// system, business type, error category, date and status, with 重试 / 批量重试, 查看报文, 忽略 (a remark is
// required), 标记人工已处理 (with the ERP bill number) and 去修正映射 (fill the missing codes, then retry at once).
// After each command the failed-order counters load again, so the side menu's red dot follows.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  Alert,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Input,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  ERP_SYNC_BIZ_TYPE,
  ERP_SYNC_ERROR_CATEGORY,
  ERP_SYNC_RECORD,
  ERP_SYNC_RECORD_BIZ_TYPES,
  ERP_SYNC_STATUS,
  ERP_SYSTEM_TYPE,
  type ErpSyncRecord,
} from '../../../../common/erpSync';
import {
  getSyncTask,
  ignoreSyncTasks,
  markSyncTaskDone,
  retrySyncTasks,
  saveErpMapping,
  listSyncTasks,
  exportSyncTasks,
  type SyncAttempt,
  type SyncTask,
  type SyncTaskDetail,
} from '../../../api/erpSync';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { required } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { HasPermission, useHasPermission } from '../../../components/HasPermission';
import { RowActions, type RowAction } from '../../../components/table/RowActions';
import { ListPage } from '../../../components/table/ListPage';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';
import { countsRequested } from '../../../features/failedOrders/slice';
import { useAppDispatch } from '../../../store/hooks';
import { toast } from '../../../utils/notifier';
import { filtersToRange, rangeToFilters } from '../../system/log/LogListPage';

export const STATUS_COLOR: Record<string, string> = {
  PENDING: 'blue',
  RUNNING: 'processing',
  SUCCESS: 'green',
  FAILED: 'red',
  IGNORED: 'default',
  MANUAL_DONE: 'cyan',
};

const CATEGORY_COLOR: Record<string, string> = {
  AUTH: 'magenta',
  MAPPING: 'orange',
  MASTER_DATA: 'volcano',
  NETWORK: 'purple',
};

/** Statuses a person can still act on. */
const OPEN = ['FAILED', 'IGNORED'];

/** The business types a tab's 业务类型 filter offers: its own records' only. */
const BIZ_TYPES_OF = Object.fromEntries(
  Object.entries(ERP_SYNC_RECORD_BIZ_TYPES).map(([record, types]) => [
    record,
    Object.fromEntries(types.map((type) => [type, ERP_SYNC_BIZ_TYPE[type]])),
  ]),
) as Record<ErpSyncRecord, Record<string, string>>;

/** Orders' failures and the customer archives' on tabs of their own, each a list with its own filters. */
export default function SyncFailureListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const record: ErpSyncRecord = searchParams.get('record') === 'ARCHIVE' ? 'ARCHIVE' : 'ORDER';
  return (
    <>
      <Tabs
        activeKey={record}
        // A new tab starts from its first page without filters.
        onChange={(key) => setSearchParams(key === 'ARCHIVE' ? { record: key } : {})}
        items={Object.entries(ERP_SYNC_RECORD).map(([key, label]) => ({ key, label }))}
      />
      <SyncFailureList key={record} record={record} />
    </>
  );
}

function SyncFailureList({ record }: { record: ErpSyncRecord }) {
  const dispatch = useAppDispatch();
  const list = useListPage<SyncTask>({
    filterKeys: [
      'keyword',
      'systemType',
      'bizType',
      'errorCategory',
      'status',
      'createTime_begin',
      'createTime_end',
    ],
    sortKeys: ['updateTime', 'createTime', 'bizNo', 'attemptCount', 'nextRetryAt'],
    defaultSort: { column: 'updateTime', order: 'desc' },
    fixedParams: { record },
    fetch: listSyncTasks,
  });
  const [payloadOf, setPayloadOf] = useState<SyncTask | null>(null);
  const [ignoring, setIgnoring] = useState<SyncTask[] | null>(null);
  const [settling, setSettling] = useState<SyncTask | null>(null);
  const [fixing, setFixing] = useState<SyncTask | null>(null);
  const [retrying, setRetrying] = useState<string[]>([]);
  const may = {
    retry: useHasPermission('erp:retry'),
    config: useHasPermission('erp:config'),
    ignore: useHasPermission('erp:ignore'),
  };

  /** After any command: the list and the counters behind the red dot. */
  const changed = () => {
    list.reload();
    dispatch(countsRequested());
  };
  const retry = async (ids: string[], done: () => void = changed) => {
    setRetrying(ids);
    try {
      const answer = await retrySyncTasks(ids);
      // The command ran either way; a task the ERP refused again is a warning, not a success.
      toast(answer.success && !answer.result?.failed ? 'success' : 'warning', answer.message || '重试失败');
      if (answer.success) done();
    } catch {
      // Transport failures were shown by the HTTP error saga.
    } finally {
      setRetrying([]);
    }
  };

  const columns: ColumnsType<SyncTask> = [
    {
      title: '业务单据 / 任务号',
      dataIndex: 'bizNo',
      key: 'bizNo',
      sorter: true,
      width: 150,
      ellipsis: true,
      render: (bizNo: string, task) => <TwoLineCell main={bizNo} sub={task.taskNo} />,
    },
    {
      title: '状态 / 错误分类',
      dataIndex: 'status',
      key: 'status',
      render: (status: string, task) => (
        <TwoLineCell
          main={<Tag color={STATUS_COLOR[status]}>{task.status_dictText}</Tag>}
          sub={
            task.errorCategory && (
              <Tag color={CATEGORY_COLOR[task.errorCategory] ?? 'red'} style={{ marginTop: 4 }}>
                {task.errorCategory_dictText}
              </Tag>
            )
          }
        />
      ),
    },
    {
      title: '错误信息',
      dataIndex: 'lastErrorMessage',
      key: 'lastErrorMessage',
      ellipsis: true,
      width: 180,
      render: (message: string | null, task) => message ?? task.remark ?? '—',
    },
    {
      title: '业务 / 目标系统',
      dataIndex: 'bizType',
      key: 'bizType',
      width: 160,
      ellipsis: true,
      render: (_value, task) => (
        <TwoLineCell
          main={`${task.bizType_dictText} · ${task.operation_dictText}`}
          sub={`${task.systemType_dictText ?? '—'} ${task.connectionName ?? ''} ${task.erpFormId}`}
        />
      ),
    },
    {
      title: '外部单号 / ERP单号',
      dataIndex: 'externalCode',
      key: 'externalCode',
      width: 150,
      ellipsis: true,
      render: (code: string, task) => (
        <TwoLineCell main={code} sub={task.erpBillNo ? `ERP ${task.erpBillNo}` : ''} />
      ),
    },
    {
      title: '重试 / 下次重试',
      dataIndex: 'attemptCount',
      key: 'attemptCount',
      sorter: true,
      render: (count: number, task) => (
        <TwoLineCell main={`${count}/${task.maxAttempts}`} sub={task.nextRetryAt ?? '待人工处理'} />
      ),
    },
    {
      title: '更新时间',
      dataIndex: 'updateTime',
      key: 'updateTime',
      sorter: true,
      render: (at: string) => <TwoLineCell main={at.slice(0, 10)} sub={at.slice(11)} />,
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_value, task) => {
        const open = OPEN.includes(task.status);
        const actions: RowAction[] = [
          ...(open && may.retry
            ? [
                {
                  key: 'retry',
                  label: retrying.includes(task.id) ? '重试中…' : '重试',
                  disabled: retrying.includes(task.id),
                  onClick: () => void retry([task.id]),
                },
              ]
            : []),
          { key: 'payload', label: '查看报文', onClick: () => setPayloadOf(task) },
          ...(task.errorCategory === 'MAPPING' && task.status === 'FAILED' && may.config
            ? [{ key: 'fix', label: '去修正映射', onClick: () => setFixing(task) }]
            : []),
          ...(task.status === 'FAILED' && may.ignore
            ? [{ key: 'ignore', label: '忽略', onClick: () => setIgnoring([task]) }]
            : []),
          ...(open && may.ignore
            ? [{ key: 'settle', label: '标记人工已处理', onClick: () => setSettling(task) }]
            : []),
        ];
        return <RowActions actions={actions} max={2} />;
      },
    },
  ];

  return (
    <>
      <ListPage<SyncTask>
        list={list}
        columns={columns}
        compactColumns={['bizNo', 'status', 'lastErrorMessage']}
        exportAs={exportSyncTasks}
        toFilters={rangeToFilters}
        toFormValues={filtersToRange}
        searchFields={
          <>
            <Form.Item name="keyword" label="关键词">
              <Input placeholder="单据号/外部单号/错误信息" allowClear />
            </Form.Item>
            <Form.Item name="systemType" label="系统">
              <EnumSelect labels={ERP_SYSTEM_TYPE} placeholder="全部系统" style={{ width: 130 }} />
            </Form.Item>
            <Form.Item name="bizType" label="业务类型">
              <EnumSelect labels={BIZ_TYPES_OF[record]} placeholder="全部类型" style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="errorCategory" label="错误分类">
              <EnumSelect labels={ERP_SYNC_ERROR_CATEGORY} placeholder="全部分类" style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="createTime" label="日期">
              <DatePicker.RangePicker />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={ERP_SYNC_STATUS} placeholder="失败" style={{ width: 120 }} />
            </Form.Item>
          </>
        }
        batchActions={(selected, done) => {
          const open = selected.filter((task) => OPEN.includes(task.status));
          const failed = selected.filter((task) => task.status === 'FAILED');
          return (
            <>
              <HasPermission code="erp:retry">
                <Button
                  disabled={open.length === 0}
                  loading={retrying.length > 1}
                  onClick={() =>
                    void retry(
                      open.map((task) => task.id),
                      () => {
                        done();
                        dispatch(countsRequested());
                      },
                    )
                  }
                >
                  批量重试
                </Button>
              </HasPermission>
              <HasPermission code="erp:ignore">
                <Button disabled={failed.length === 0} onClick={() => setIgnoring(failed)}>
                  批量忽略
                </Button>
              </HasPermission>
            </>
          );
        }}
      />
      <PayloadDrawer task={payloadOf} onClose={() => setPayloadOf(null)} />
      <IgnoreModal tasks={ignoring} onClose={() => setIgnoring(null)} onSaved={changed} />
      <ManualDoneModal task={settling} onClose={() => setSettling(null)} onSaved={changed} />
      <FixMappingModal task={fixing} onClose={() => setFixing(null)} onSaved={changed} />
    </>
  );
}

function IgnoreModal({
  tasks,
  onClose,
  onSaved,
}: {
  tasks: SyncTask[] | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <ModalForm<{ remark: string }>
      title={
        tasks && tasks.length > 1
          ? `忽略 ${tasks.length} 条同步失败`
          : `忽略同步失败 ${tasks?.[0]?.bizNo ?? ''}`
      }
      open={tasks !== null}
      onClose={onClose}
      onSaved={onSaved}
      onSubmit={({ remark }) => ignoreSyncTasks(tasks?.map((task) => task.id) ?? [], remark)}
    >
      <Alert
        type="info"
        showIcon
        message="忽略后不再自动重试，也不再计入失败数；之后仍可重试。"
        style={{ marginBottom: 16 }}
      />
      <Form.Item
        name="remark"
        label="忽略原因"
        rules={[required('忽略原因'), { whitespace: true, message: '请输入忽略原因!' }]}
      >
        <Input.TextArea rows={3} maxLength={500} placeholder="例如：已在ERP中手工补录" />
      </Form.Item>
    </ModalForm>
  );
}

function ManualDoneModal({
  task,
  onClose,
  onSaved,
}: {
  task: SyncTask | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <ModalForm<{ erpBillNo: string; remark?: string }>
      title={`标记人工已处理 ${task?.bizNo ?? ''}`}
      open={task !== null}
      onClose={onClose}
      onSaved={onSaved}
      onSubmit={(values) => markSyncTaskDone({ id: task!.id, ...values })}
    >
      <Form.Item
        name="erpBillNo"
        label="ERP单号"
        rules={[required('ERP单号'), { whitespace: true, message: '请输入ERP单号!' }]}
      >
        <Input maxLength={64} placeholder="在ERP中手工录入的单据编号" />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </ModalForm>
  );
}

/** The codes the task misses, to fill in; saving runs the task again at once. */
function FixMappingModal({
  task,
  onClose,
  onSaved,
}: {
  task: SyncTask | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [detail, setDetail] = useState<SyncTaskDetail | null>(null);
  const [form] = Form.useForm<Record<string, string>>();
  useEffect(() => {
    setDetail(null);
    form.resetFields();
    if (!task) return;
    let current = true;
    void getSyncTask(task.id).then((answer) => {
      if (current && answer.success) setDetail(answer.result);
    });
    return () => {
      current = false;
    };
  }, [task, form]);
  const missing = detail?.missingMappings ?? [];
  return (
    <ModalForm<Record<string, string>>
      title={`修正编码映射 ${task?.bizNo ?? ''}`}
      open={task !== null}
      onClose={onClose}
      onSaved={onSaved}
      form={form}
      width={680}
      onSubmit={async (values) => {
        for (const mapping of missing) {
          const saved = await saveErpMapping({ id: mapping.id, erpCode: values[mapping.id] });
          if (!saved.success) return saved;
        }
        const retried = await retrySyncTasks([task!.id]);
        if (retried.success && retried.result?.total && !retried.result.failed) return retried;
        // The saved codes made the task due again, so the sync worker may have taken it before this retry
        // (which then found it running or done, or ran nothing): the task's own outcome is the answer.
        const again = await settledTask(task!.id);
        if (again?.status === 'SUCCESS') return { ...retried, success: true, message: '已重新同步' };
        // The codes are saved, but the ERP refused again: the dialog stays open with its reason, and the
        // list behind it shows the task's new attempt.
        onSaved();
        if (again) setDetail(again);
        const reason = again?.lastErrorMessage;
        return { ...retried, success: false, message: reason ? `ERP仍未接受：${reason}` : retried.message };
      }}
    >
      {detail && missing.length === 0 ? (
        <Empty description="映射已修正，可直接保存以重新同步" />
      ) : (
        <Typography.Paragraph type="secondary">{task?.lastErrorMessage}</Typography.Paragraph>
      )}
      {missing.map((mapping) => (
        <Form.Item
          key={mapping.id}
          name={mapping.id}
          label={`${mapping.entityType_dictText} ${mapping.localCode}`}
          tooltip={mapping.localName ?? undefined}
          rules={[required('ERP编码'), { whitespace: true, message: '请输入ERP编码!' }]}
        >
          <Input maxLength={64} placeholder={`${mapping.localName ?? mapping.localCode} 在ERP中的编码`} />
        </Form.Item>
      ))}
    </ModalForm>
  );
}

/** How long the dialog waits for the sync worker to finish a task it took: its 5 s tick and an ERP call. */
const SETTLE_WAIT_MS = 20_000;
const SETTLE_POLL_MS = 500;

/** The task once no sync run holds it (null if it cannot be read, or is still held after the wait). */
async function settledTask(id: string): Promise<SyncTaskDetail | null> {
  for (const deadline = Date.now() + SETTLE_WAIT_MS; ;) {
    const answer = await getSyncTask(id);
    if (!answer.success) return null;
    if (answer.result.status !== 'PENDING' && answer.result.status !== 'RUNNING') return answer.result;
    if (Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  }
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

function PayloadDrawer({ task, onClose }: { task: SyncTask | null; onClose: () => void }) {
  const [detail, setDetail] = useState<SyncTaskDetail | null>(null);
  useEffect(() => {
    setDetail(null);
    if (!task) return;
    let current = true;
    void getSyncTask(task.id).then((answer) => {
      if (current && answer.success) setDetail(answer.result);
    });
    return () => {
      current = false;
    };
  }, [task]);
  const attemptColumns: ColumnsType<SyncAttempt> = [
    { title: '次序', dataIndex: 'attemptNo', key: 'attemptNo', width: 60 },
    { title: '开始时间', dataIndex: 'startedAt', key: 'startedAt' },
    { title: '耗时(ms)', dataIndex: 'durationMs', key: 'durationMs' },
    {
      title: 'HTTP',
      dataIndex: 'httpStatus',
      key: 'httpStatus',
      render: (status: number | null) => status ?? '—',
    },
    {
      title: '结果',
      dataIndex: 'success',
      key: 'success',
      render: (success: boolean, attempt) =>
        success ? <Tag color="green">成功</Tag> : <Tag color="red">{attempt.errorMessage ?? '失败'}</Tag>,
    },
    {
      title: '触发',
      dataIndex: 'triggeredBy',
      key: 'triggeredBy',
      render: (by: string) => (by === 'MANUAL' ? '手动' : '自动'),
    },
  ];
  return (
    <Drawer
      title={`同步报文 ${task?.bizNo ?? ''}`}
      open={task !== null}
      onClose={onClose}
      width={860}
      destroyOnClose
    >
      {detail && (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="任务号">{detail.taskNo}</Descriptions.Item>
            <Descriptions.Item label="外部单号">{detail.externalCode}</Descriptions.Item>
            <Descriptions.Item label="目标系统">{`${detail.systemType_dictText ?? ''} ${detail.erpFormId}`}</Descriptions.Item>
            <Descriptions.Item label="状态">{detail.status_dictText}</Descriptions.Item>
            <Descriptions.Item label="ERP单号">{detail.erpBillNo ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="处理备注">{detail.remark ?? '—'}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            同步记录
          </Typography.Title>
          <Table<SyncAttempt>
            rowKey="attemptNo"
            size="small"
            pagination={false}
            columns={attemptColumns}
            dataSource={detail.attempts}
            expandable={{
              expandedRowRender: (attempt) => (
                <Space direction="vertical" style={{ width: '100%' }}>
                  <Typography.Text strong>请求</Typography.Text>
                  <pre className="erp-payload">{json(attempt.requestPayload)}</pre>
                  <Typography.Text strong>应答</Typography.Text>
                  <pre className="erp-payload">{json(attempt.responsePayload)}</pre>
                </Space>
              ),
            }}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            最近一次请求报文
          </Typography.Title>
          <pre
            className="erp-payload"
            style={{ maxHeight: 320, overflow: 'auto', background: '#fafafa', padding: 12 }}
          >
            {json(detail.requestPayload)}
          </pre>
          <Typography.Title level={5}>最近一次应答报文</Typography.Title>
          <pre
            className="erp-payload"
            style={{ maxHeight: 320, overflow: 'auto', background: '#fafafa', padding: 12 }}
          >
            {json(detail.responsePayload)}
          </pre>
        </>
      )}
    </Drawer>
  );
}
