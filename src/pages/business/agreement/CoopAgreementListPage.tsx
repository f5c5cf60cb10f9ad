// 合作协议 (eAgrt/CoopAgreementList, DOMAIN §1.8): the agreements of the caller's data scope with party B, period,
// target completion and state; searched by number or party, filtered by type, state and 30天内到期, sorted,
// exported through 下载中心; 新建/编辑 (草稿/已驳回), 提交 (审批中心), 签署, 终止 (with a reason), 续签 and 下载PDF
// as the state machine allows them (the server refuses the rest); 详情 opens the drawer with the history.
import { useState } from 'react';
import { Button, Checkbox, Form, Input, Progress, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import {
  canCoop,
  COOP_STATUS,
  COOPERATION_TYPE,
  EDITABLE_COOP_STATUS,
  type CoopAgreementRecord,
  type CoopStatus,
} from '../../../../common/agreements';
import {
  downloadCoopPdf,
  exportCoopAgreements,
  listCoopAgreements,
  renewCoopAgreement,
  signCoopAgreement,
  submitCoopAgreement,
  terminateCoopAgreement,
} from '../../../api/agreements';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { useConfirmAction } from '../../../components/form/useConfirmAction';
import { HasPermission, useHasPermission } from '../../../components/HasPermission';
import { ListPage } from '../../../components/table/ListPage';
import { RowActions, type RowAction } from '../../../components/table/RowActions';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';
import { CoopAgreementDrawer, money, percentOf } from './CoopAgreementDrawer';
import { CoopAgreementFormModal } from './CoopAgreementFormModal';
import { TerminateModal } from './TerminateModal';

export const COOP_STATUS_COLORS: Partial<Record<CoopStatus, string>> = {
  PENDING_APPROVAL: 'processing',
  APPROVED: 'cyan',
  SIGNED: 'blue',
  ACTIVE: 'green',
  REJECTED: 'red',
  TERMINATED: 'volcano',
  EXPIRED: 'default',
  RENEWED: 'purple',
};

export default function CoopAgreementListPage() {
  const list = useListPage<CoopAgreementRecord>({
    filterKeys: ['keyword', 'cooperationType', 'status', 'expiringWithin30'],
    sortKeys: ['agreementNo', 'startDate', 'endDate', 'annualTargetAmount', 'updateTime'],
    fetch: listCoopAgreements,
  });
  const confirm = useConfirmAction();
  const mayEdit = useHasPermission('coopAgreement:edit');
  const maySign = useHasPermission('coopAgreement:sign');
  const mayEnd = useHasPermission('coopAgreement:terminate');
  const [editing, setEditing] = useState<{ id: string | undefined } | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [terminating, setTerminating] = useState<CoopAgreementRecord | null>(null);

  const actionsOf = (record: CoopAgreementRecord): RowAction[] => {
    const actions: RowAction[] = [{ key: 'view', label: '详情', onClick: () => setViewing(record.id) }];
    if (mayEdit && EDITABLE_COOP_STATUS.includes(record.status))
      actions.push({ key: 'edit', label: '编辑', onClick: () => setEditing({ id: record.id }) });
    if (mayEdit && canCoop('SUBMIT', record.status))
      actions.push({
        key: 'submit',
        label: '提交',
        onClick: () =>
          confirm({
            title: `提交「${record.agreementNo}」审批`,
            content: '提交后进入审批中心，审批期间不能编辑。',
            okText: '提交',
            danger: false,
            action: () => submitCoopAgreement(record.id),
            onDone: list.reload,
          }),
      });
    if (maySign && canCoop('SIGN', record.status))
      actions.push({
        key: 'sign',
        label: '签署',
        onClick: () =>
          confirm({
            title: `确认「${record.agreementNo}」已由双方签署`,
            content: '签署后保存协议PDF快照；到达开始日期自动生效。',
            okText: '确认签署',
            danger: false,
            action: () => signCoopAgreement(record.id),
            onDone: list.reload,
          }),
      });
    if (mayEnd && canCoop('RENEW', record.status))
      actions.push({
        key: 'renew',
        label: '续签',
        onClick: () =>
          confirm({
            title: `续签「${record.agreementNo}」`,
            content: '将按原条款生成下一年度的协议草稿，本协议标记为已续签。',
            okText: '续签',
            danger: false,
            action: () => renewCoopAgreement(record.id),
            onDone: list.reload,
          }),
      });
    if (mayEnd && canCoop('TERMINATE', record.status))
      actions.push({ key: 'terminate', label: '终止', danger: true, onClick: () => setTerminating(record) });
    actions.push({
      key: 'pdf',
      label: '下载PDF',
      onClick: () => void downloadCoopPdf(record.id, record.agreementNo),
    });
    return actions;
  };

  const columns: ColumnsType<CoopAgreementRecord> = [
    {
      title: '协议编号 / 乙方',
      dataIndex: 'agreementNo',
      key: 'agreementNo',
      sorter: true,
      width: 170,
      ellipsis: true,
      render: (_value, record) => <TwoLineCell main={record.partyBName} sub={record.agreementNo} />,
    },
    {
      title: '合作类型 / 模板',
      dataIndex: 'cooperationType_dictText',
      key: 'cooperationType',
      width: 150,
      ellipsis: true,
      render: (type: string, record) => (
        <TwoLineCell main={type} sub={`${record.templateName} v${record.templateVersion}`} />
      ),
    },
    {
      title: '协议期',
      dataIndex: 'endDate',
      key: 'endDate',
      sorter: true,
      render: (_value, record) => (
        <TwoLineCell
          main={`${record.startDate} 至 ${record.endDate}`}
          sub={
            ['SIGNED', 'ACTIVE'].includes(record.status) && record.daysToEnd >= 0 && record.daysToEnd <= 30
              ? `${record.daysToEnd} 天后到期`
              : ''
          }
        />
      ),
    },
    {
      title: '年度目标 / 保证金',
      dataIndex: 'annualTargetAmount',
      key: 'annualTargetAmount',
      sorter: true,
      align: 'right',
      render: (value: number | null, record) => (
        <TwoLineCell main={money(value)} sub={`保证金 ${money(record.depositAmount)}`} />
      ),
    },
    {
      title: '完成',
      key: 'completion',
      width: 140,
      render: (_value, record) =>
        record.completionRate === null ? (
          money(record.achievedAmount)
        ) : (
          <Progress percent={percentOf(record.completionRate) ?? 0} size="small" />
        ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (status: CoopStatus, record) => (
        <Tag color={COOP_STATUS_COLORS[status] ?? 'default'}>{record.status_dictText}</Tag>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_value, record) => <RowActions actions={actionsOf(record)} />,
    },
  ];

  return (
    <>
      <ListPage<CoopAgreementRecord>
        list={list}
        columns={columns}
        compactColumns={['agreementNo', 'status', 'annualTargetAmount']}
        exportAs={exportCoopAgreements}
        toFormValues={(filters) => ({ ...filters, expiringWithin30: filters.expiringWithin30 === 'true' })}
        toFilters={(values) =>
          Object.fromEntries(
            Object.entries(values).map(([key, value]) => [
              key,
              key === 'expiringWithin30' ? (value ? 'true' : undefined) : (value as string | undefined),
            ]),
          )
        }
        searchFields={
          <>
            <Form.Item name="keyword" label="搜索">
              <Input allowClear placeholder="协议编号、乙方名称或编码" style={{ width: 220 }} />
            </Form.Item>
            <Form.Item name="cooperationType" label="合作类型">
              <EnumSelect labels={COOPERATION_TYPE} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={COOP_STATUS} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="expiringWithin30" valuePropName="checked">
              <Checkbox>30天内到期</Checkbox>
            </Form.Item>
          </>
        }
        toolbar={
          <HasPermission code="coopAgreement:edit">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: undefined })}>
              新建合作协议
            </Button>
          </HasPermission>
        }
      />
      <CoopAgreementFormModal
        id={editing?.id}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={list.reload}
      />
      <CoopAgreementDrawer id={viewing} onClose={() => setViewing(null)} />
      <TerminateModal
        agreement={terminating}
        onClose={() => setTerminating(null)}
        onDone={list.reload}
        terminate={terminateCoopAgreement}
      />
    </>
  );
}
