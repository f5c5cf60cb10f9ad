// 退换货 of the drawer: the order's returns and exchanges with their state, and the next steps each allows
// (the shared tables of common/orders.ts) for users holding order:return.
import { useState } from 'react';
import { Button, Space, Table, Tag } from 'antd';
import {
  documentMayMove,
  EXCHANGE_TRANSITIONS,
  RETURN_TRANSITIONS,
  type DocumentTransition,
  type OrderDetail,
} from '../../../../common/orders';
import { useHasPermission } from '../../../components/HasPermission';
import type { DocumentKind } from '../../../features/orders/slice';
import { DocumentDialog, type DocumentRef, type DocumentStep } from './DocumentDialogs';
import { returnMoneyText, swapMoneyText } from './orderView';

export const DOCUMENT_STATUS_COLOR: Record<string, string> = {
  SUBMITTED: 'orange',
  APPROVED: 'blue',
  REJECTED: 'red',
  RECEIVED: 'green',
  COMPLETED: 'green',
  CANCELLED: 'default',
};

interface DocumentRow extends DocumentRef {
  type: string;
  reason: string;
  money: string;
  status: string;
  statusText: string;
  createdAt: string;
}

/** The buttons of a step and the state it moves the document to. */
const STEPS: Record<DocumentKind, Array<{ step: DocumentStep; to: string; text: string }>> = {
  return: [
    { step: 'audit', to: 'APPROVED', text: '审核' },
    { step: 'receive', to: 'RECEIVED', text: '入库' },
    { step: 'cancel', to: 'CANCELLED', text: '撤销' },
  ],
  swap: [
    { step: 'audit', to: 'APPROVED', text: '审核' },
    { step: 'execute', to: 'COMPLETED', text: '执行换货' },
    { step: 'cancel', to: 'CANCELLED', text: '撤销' },
  ],
};
const MACHINES: Record<DocumentKind, readonly DocumentTransition<string>[]> = {
  return: RETURN_TRANSITIONS,
  swap: EXCHANGE_TRANSITIONS,
};

export function documentRows(order: OrderDetail): DocumentRow[] {
  return [
    ...order.returns.map((back) => ({
      kind: 'return' as const,
      id: back.id,
      no: back.returnNo,
      warehouseId: order.warehouseId,
      type: '退货',
      reason: `${back.reason_dictText} · ${back.refundMethod_dictText}`,
      money: returnMoneyText(back),
      status: back.status,
      statusText: back.status_dictText,
      createdAt: back.createdAt,
    })),
    ...order.exchanges.map((swap) => ({
      kind: 'swap' as const,
      id: swap.id,
      no: swap.exchangeNo,
      warehouseId: order.warehouseId,
      type: '换货',
      reason: swap.reason_dictText,
      money: swapMoneyText(swap),
      status: swap.status,
      statusText: swap.status_dictText,
      createdAt: swap.createdAt,
    })),
  ];
}

export function ReturnsSection({ order }: { order: OrderDetail }) {
  const mayAct = useHasPermission('order:return');
  const [open, setOpen] = useState<{ step: DocumentStep; document: DocumentRef } | null>(null);
  return (
    <>
      <Table<DocumentRow>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={documentRows(order)}
        locale={{ emptyText: '暂无退换货' }}
        aria-label="退换货"
        columns={[
          { title: '单号', dataIndex: 'no', render: (no: string, row) => `${row.type} ${no}` },
          { title: '原因', dataIndex: 'reason' },
          { title: '金额', dataIndex: 'money' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (status: string, row) => (
              <Tag color={DOCUMENT_STATUS_COLOR[status]}>{row.statusText}</Tag>
            ),
          },
          { title: '提交时间', dataIndex: 'createdAt' },
          ...(mayAct
            ? [
                {
                  title: '操作',
                  key: 'actions',
                  render: (_value: unknown, row: DocumentRow) => (
                    <Space size={0}>
                      {STEPS[row.kind]
                        .filter((each) => documentMayMove(MACHINES[row.kind], row.status, each.to))
                        .map((each) => (
                          <Button
                            key={each.step}
                            type="link"
                            size="small"
                            danger={each.step === 'cancel'}
                            onClick={() => setOpen({ step: each.step, document: row })}
                          >
                            {each.text}
                          </Button>
                        ))}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {open && <DocumentDialog step={open.step} document={open.document} onClose={() => setOpen(null)} />}
    </>
  );
}
