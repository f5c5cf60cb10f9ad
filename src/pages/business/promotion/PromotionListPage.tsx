// 促销列表 (ePromotion/PromotionList, DOMAIN §1.7): the promotions of the caller's data scope with their group,
// period, budget and use, filtered by number, name, type, group and state; 新建, 编辑 (草稿/已驳回), 复制, 提交
// (to the 审批中心), 暂停/恢复, 结束 and 作废 as the state machine allows them (the server refuses the rest), and
// 效果 (效果分析) once it has been approved.
import { useState } from 'react';
import { Button, Form, Input, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import {
  budgetText,
  canPromo,
  EDITABLE_PROMO_STATUS,
  PROMO_STATUS,
  PROMO_TYPE,
  type PromoCommand,
  type PromoStatus,
  type PromotionListRecord,
} from '../../../../common/promotions';
import {
  copyPromotion,
  listPromotionGroups,
  exportPromotions,
  listPromotions,
  promotionCommand,
  type PromotionAction,
} from '../../../api/promotions';
import { EnumSelect, optionByName, RemoteSelect } from '../../../components/form/EnumSelect';
import { useConfirmAction } from '../../../components/form/useConfirmAction';
import { HasPermission, useHasPermission } from '../../../components/HasPermission';
import { ListPage } from '../../../components/table/ListPage';
import { RowActions, type RowAction } from '../../../components/table/RowActions';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';
import { PromotionEffectModal } from './PromotionEffectModal';
import { PromotionFormModal } from './PromotionFormModal';

const STATUS_COLORS: Partial<Record<PromoStatus, string>> = {
  PENDING_APPROVAL: 'processing',
  APPROVED: 'cyan',
  ACTIVE: 'green',
  PAUSED: 'orange',
  BUDGET_EXHAUSTED: 'volcano',
  REJECTED: 'red',
};

/** The state commands of the list, in the order of the links. */
const COMMANDS: Array<{
  command: PromoCommand;
  action: PromotionAction;
  label: string;
  confirm: string;
  danger?: boolean;
}> = [
  { command: 'SUBMIT', action: 'submit', label: '提交', confirm: '提交审批后不能再编辑，确定提交吗？' },
  { command: 'PAUSE', action: 'pause', label: '暂停', confirm: '暂停后新订单不再享受该促销，确定暂停吗？' },
  { command: 'RESUME', action: 'resume', label: '恢复', confirm: '恢复后新订单将按该促销计价，确定恢复吗？' },
  { command: 'END', action: 'end', label: '结束', confirm: '提前结束后不能恢复，确定结束吗？', danger: true },
  {
    command: 'CANCEL',
    action: 'cancel',
    label: '作废',
    confirm: '作废后不能恢复，确定作废吗？',
    danger: true,
  },
];

const NEVER_RAN: readonly PromoStatus[] = ['DRAFT', 'PENDING_APPROVAL', 'REJECTED', 'CANCELLED'];

const loadGroups = () => listPromotionGroups({ pageSize: 200 });

export default function PromotionListPage() {
  const list = useListPage<PromotionListRecord>({
    filterKeys: ['promoNo', 'name', 'promoType', 'groupId', 'status'],
    sortKeys: ['promoNo', 'startAt', 'endAt', 'priority', 'updateTime'],
    fetch: listPromotions,
  });
  const confirm = useConfirmAction();
  const [editing, setEditing] = useState<{ id: string | undefined } | null>(null);
  const [analysed, setAnalysed] = useState<string | null>(null);
  const mayAdd = useHasPermission('promotion:add');
  const mayEdit = useHasPermission('promotion:edit');
  const mayChange = useHasPermission('promotion:status');

  const actionsOf = (record: PromotionListRecord): RowAction[] => {
    const actions: RowAction[] = [];
    if (mayEdit && EDITABLE_PROMO_STATUS.includes(record.status))
      actions.push({ key: 'edit', label: '编辑', onClick: () => setEditing({ id: record.id }) });
    for (const each of COMMANDS) {
      if (!canPromo(each.command, record.status)) continue;
      if (each.command === 'SUBMIT' ? !mayEdit : !mayChange) continue;
      actions.push({
        key: each.action,
        label: each.label,
        danger: each.danger,
        onClick: () =>
          confirm({
            title: `${each.label}「${record.name}」`,
            content: each.confirm,
            okText: each.label,
            danger: Boolean(each.danger),
            action: () => promotionCommand(each.action, record.id),
            onDone: list.reload,
          }),
      });
    }
    if (mayAdd)
      actions.push({
        key: 'copy',
        label: '复制',
        onClick: () =>
          confirm({
            title: `复制「${record.name}」为新的草稿吗？`,
            okText: '复制',
            danger: false,
            action: () => copyPromotion(record.id),
            onDone: list.reload,
          }),
      });
    // A promotion that was never approved (or was cancelled, which only an unused one can be) has nothing to show.
    if (!NEVER_RAN.includes(record.status))
      actions.push({ key: 'effect', label: '效果', onClick: () => setAnalysed(record.id) });
    return actions;
  };

  const columns: ColumnsType<PromotionListRecord> = [
    {
      title: '编号 / 名称',
      // The name in full on hover.
      dataIndex: 'name',
      key: 'promoNo',
      sorter: true,
      width: 160,
      ellipsis: true,
      render: (_value, record) => <TwoLineCell main={record.name} sub={record.promoNo} />,
    },
    {
      title: '类型 / 促销组',
      dataIndex: 'promoType',
      key: 'promoType',
      width: 120,
      ellipsis: true,
      render: (_value, record) => (
        <TwoLineCell
          main={`${record.promoType_dictText}·${record.applyLevel_dictText}`}
          sub={record.groupName ?? '—'}
        />
      ),
    },
    { title: '适用对象', dataIndex: 'audience_dictText', key: 'audience' },
    {
      title: '起止时间',
      dataIndex: 'startAt',
      key: 'startAt',
      sorter: true,
      render: (_value, record) => <TwoLineCell main={record.startAt} sub={`至 ${record.endAt}`} />,
    },
    { title: '预算 / 已用', key: 'budget', render: (_value, record) => budgetText(record) },
    {
      title: '参与客户 / 订单',
      dataIndex: 'customerCount',
      key: 'customerCount',
      align: 'right',
      render: (count: number, record) => <TwoLineCell main={count} sub={`订单 ${record.orderCount}`} />,
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (status: PromoStatus, record) => (
        <Tag color={STATUS_COLORS[status] ?? 'default'}>{record.status_dictText}</Tag>
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
      <ListPage<PromotionListRecord>
        list={list}
        columns={columns}
        compactColumns={['promoNo', 'budget', 'status']}
        exportAs={exportPromotions}
        searchFields={
          <>
            <Form.Item name="name" label="名称">
              <Input allowClear placeholder="促销名称" />
            </Form.Item>
            <Form.Item name="promoNo" label="编号">
              <Input allowClear placeholder="CX…" style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="promoType" label="类型">
              <EnumSelect labels={PROMO_TYPE} placeholder="全部" style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="groupId" label="促销组">
              <RemoteSelect
                load={loadGroups}
                toOption={optionByName}
                placeholder="全部"
                style={{ width: 160 }}
              />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={PROMO_STATUS} placeholder="全部" style={{ width: 120 }} />
            </Form.Item>
          </>
        }
        toolbar={
          <HasPermission code="promotion:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: undefined })}>
              新建促销
            </Button>
          </HasPermission>
        }
      />
      <PromotionFormModal
        id={editing?.id}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={list.reload}
      />
      <PromotionEffectModal id={analysed} onClose={() => setAnalysed(null)} />
    </>
  );
}
