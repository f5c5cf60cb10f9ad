// One approval in the 审批中心: the business summary its module gave, the flow's nodes with where it stands,
// the tasks and the log of every step; the caller's own task can be approved, rejected (reason required) or
// transferred, and the initiator can withdraw a running one.
import { useEffect, useState, type ComponentType } from 'react';
import {
  Button,
  Drawer,
  Form,
  Input,
  Select,
  Space,
  Spin,
  Steps,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import type { ApprovalBizType, ApprovalDetail, ApprovalStatus } from '../../../common/approvals';
import { APPROVAL_MODE, APPROVER_TYPE } from '../../../common/approvals';
import {
  approveTask,
  approverOptions,
  getApproval,
  rejectTask,
  transferTask,
  withdrawApproval,
  type UserOption,
} from '../../api/approvals';
import { DetailList } from '../../components/DetailList';
import { VisitApprovalSection } from '../business/visit/VisitApprovalSection';
import { settle } from '../../components/form/settle';
import { CustomerApprovalPhotos } from '../business/customer/CustomerApprovalPhotos';
import { AdApprovalSection } from '../business/ad/AdPhotos';
import { MaterialApprovalSection } from '../business/posm/MaterialApprovalSection';

export const STATUS_COLOR: Record<ApprovalStatus, string> = {
  IN_PROGRESS: 'processing',
  APPROVED: 'success',
  REJECTED: 'error',
  WITHDRAWN: 'default',
};

/**
 * What a business type shows below its summary, beyond the fields it submitted (the attachment service's
 * photo gallery registers itself here per type; 物料申请 its lines to cut, deciding through `onDone`). A type
 * without an entry shows its summary alone.
 */
export const APPROVAL_DETAIL_SECTIONS: Partial<
  Record<ApprovalBizType, ComponentType<{ detail: ApprovalDetail; onDone?: () => void }>>
> = {
  CUSTOMER_CREATE: CustomerApprovalPhotos,
  VISIT_ABNORMAL: VisitApprovalSection,
  MATERIAL_REQUEST: MaterialApprovalSection,
  AD_APPLY: AdApprovalSection,
};

type Command = 'approve' | 'reject' | 'transfer' | 'withdraw';

const COMMAND_TEXT: Record<Command, string> = {
  approve: '通过',
  reject: '驳回',
  transfer: '转交',
  withdraw: '撤回',
};

function UserPicker({ value, onChange }: { value?: string; onChange?: (value: string) => void }) {
  const [options, setOptions] = useState<UserOption[]>([]);
  const search = (keyword?: string) =>
    approverOptions(keyword)
      .then((answer) => answer.success && setOptions(answer.result))
      .catch(() => undefined);
  useEffect(() => {
    void search();
  }, []);
  return (
    <Select<string>
      value={value}
      onChange={onChange}
      showSearch={{ filterOption: false, onSearch: (keyword) => void search(keyword.trim() || undefined) }}
      options={options.map((user) => ({ value: user.id, label: `${user.realname}（${user.username}）` }))}
      placeholder="搜索姓名或账号"
      aria-label="转交给"
    />
  );
}

export function ApprovalDrawer({
  id,
  onClose,
  onDone,
}: {
  id: string | null;
  onClose: () => void;
  /** A step was taken: the lists and the count reload. */
  onDone: () => void;
}) {
  const [detail, setDetail] = useState<ApprovalDetail | null>(null);
  const [command, setCommand] = useState<Command | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ comment?: string; toUserId?: string }>();

  useEffect(() => {
    if (!id) return;
    let current = true;
    setDetail(null);
    setCommand(null);
    getApproval(id)
      .then((answer) => current && answer.success && setDetail(answer.result))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [id]);

  const run = async ({ comment, toUserId }: { comment?: string; toUserId?: string }) => {
    if (!detail || !command) return;
    const text = comment?.trim() || undefined;
    const taskId = detail.myTaskId ?? '';
    const call = {
      approve: () => approveTask(taskId, text),
      reject: () => rejectTask(taskId, text ?? ''),
      transfer: () => transferTask(taskId, toUserId ?? '', text),
      withdraw: () => withdrawApproval(detail.id, text),
    }[command];
    setBusy(true);
    const done = await settle(call());
    setBusy(false);
    if (done) {
      onDone();
      onClose();
    }
  };

  const Section = detail ? APPROVAL_DETAIL_SECTIONS[detail.bizType] : undefined;
  return (
    <Drawer
      title={detail ? `${detail.bizType_dictText}：${detail.title}` : '审批详情'}
      open={id !== null}
      onClose={onClose}
      size="large"
      destroyOnHidden
      extra={
        detail && (
          <Space>
            {detail.myTaskId && (
              <>
                <Button type="primary" onClick={() => setCommand('approve')}>
                  通过
                </Button>
                <Button danger onClick={() => setCommand('reject')}>
                  驳回
                </Button>
                <Button onClick={() => setCommand('transfer')}>转交</Button>
              </>
            )}
            {detail.canWithdraw && <Button onClick={() => setCommand('withdraw')}>撤回</Button>}
          </Space>
        )
      }
    >
      {!detail ? (
        <Spin />
      ) : (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          {command && (
            <Form
              form={form}
              layout="vertical"
              onFinish={(values) => void run(values)}
              aria-label={`${COMMAND_TEXT[command]}审批`}
              style={{ background: '#fafafa', padding: 12 }}
            >
              {command === 'transfer' && (
                <Form.Item
                  name="toUserId"
                  label="转交给"
                  rules={[{ required: true, message: '请选择转交对象!' }]}
                >
                  <UserPicker />
                </Form.Item>
              )}
              <Form.Item
                name="comment"
                label={command === 'reject' ? '驳回原因' : '审批意见'}
                rules={
                  command === 'reject'
                    ? [{ required: true, whitespace: true, message: '请填写驳回原因!' }]
                    : []
                }
              >
                <Input.TextArea rows={2} maxLength={256} />
              </Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" loading={busy} danger={command === 'reject'}>
                  确认{COMMAND_TEXT[command]}
                </Button>
                <Button onClick={() => setCommand(null)}>返回</Button>
              </Space>
            </Form>
          )}
          <DetailList
            title="业务信息"
            col={2}
            items={[
              { label: '单号', content: detail.bizNo },
              {
                label: '状态',
                content: <Tag color={STATUS_COLOR[detail.status]}>{detail.status_dictText}</Tag>,
              },
              { label: '发起人', content: detail.initiatorName },
              { label: '部门', content: detail.orgName ?? '—' },
              { label: '提交时间', content: detail.startTime },
              { label: '审批流', content: `${detail.flowName}（第 ${detail.flowVersion} 版）` },
              ...detail.summary.fields.map((field) => ({ label: field.label, content: field.value })),
            ]}
          />
          {Section && (
            <Section
              detail={detail}
              onDone={() => {
                onDone();
                onClose();
              }}
            />
          )}
          <Steps
            size="small"
            current={detail.currentNodeSeq - 1}
            status={
              detail.status === 'REJECTED' ? 'error' : detail.status === 'APPROVED' ? 'finish' : 'process'
            }
            items={detail.nodes.map((node) => ({
              title: node.name,
              content: `${APPROVER_TYPE[node.approverType]} · ${APPROVAL_MODE[node.mode]}`,
            }))}
          />
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={detail.tasks}
            columns={[
              { title: '节点', dataIndex: 'nodeSeq', render: (seq: number) => detail.nodes[seq - 1]?.name },
              { title: '审批人', dataIndex: 'approverName' },
              { title: '结果', dataIndex: 'result_dictText' },
              { title: '意见', dataIndex: 'comment' },
              { title: '处理时间', dataIndex: 'actTime' },
            ]}
          />
          <div>
            <Typography.Title level={5}>审批记录</Typography.Title>
            <Timeline
              items={detail.logs.map((log) => ({
                key: log.id,
                content: `${log.time} ${log.actorName} ${log.action_dictText}${log.comment ? `：${log.comment}` : ''}`,
              }))}
            />
          </div>
        </Space>
      )}
    </Drawer>
  );
}
