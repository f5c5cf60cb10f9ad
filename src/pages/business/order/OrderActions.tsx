// The buttons of an order (a table row, the drawer), of a selection (批量审核 / 批量打印) and 新建订单:
// shown when the transition table allows the action in the order's status and the user holds its code.
import type { ReactNode } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { orderActionAllowed, type OrderListRecord } from '../../../../common/orders';
import { useHasPermission } from '../../../components/HasPermission';
import { RowActions } from '../../../components/table/RowActions';
import { ACTION_CODES, ACTION_LABELS, useOrderActions } from './orderView';
import type { OpenDialog, OrderRef } from './useOrderDialogs';

/** The drawer's buttons: every action the order allows. */
export function OrderActions({ order, open }: { order: OrderRef; open: OpenDialog }) {
  const actionsOf = useOrderActions();
  return (
    <Space size={8} wrap>
      {actionsOf(order.status).map((action) => (
        <Button
          key={action}
          danger={action === 'invalid' || action === 'cancel'}
          onClick={() => open(action, [order])}
        >
          {ACTION_LABELS[action]}
        </Button>
      ))}
    </Space>
  );
}

/**
 * A table row's links: the order's first action, the others and 详情 in 更多 (the order number opens the
 * detail too), so the row's amounts and statuses keep the width.
 */
export function OrderRowActions({
  order,
  open,
  onDetail,
}: {
  order: OrderRef;
  open: OpenDialog;
  onDetail: () => void;
}) {
  const actionsOf = useOrderActions();
  return (
    <RowActions
      max={2}
      actions={[
        ...actionsOf(order.status).map((action) => ({
          key: action,
          label: ACTION_LABELS[action],
          danger: action === 'invalid' || action === 'cancel',
          onClick: () => open(action, [order]),
        })),
        { key: 'detail', label: '详情', onClick: onDetail },
      ]}
    />
  );
}

/** A batch button: the selected orders the action applies to; the others are named in the tooltip. */
function BatchButton({
  orders,
  action,
  open,
  children,
}: {
  orders: OrderListRecord[];
  action: 'audit' | 'print';
  open: OpenDialog;
  children: ReactNode;
}) {
  const allowed = orders.filter((order) => orderActionAllowed(action, order.status));
  const skipped = orders.length - allowed.length;
  const button = (
    <Button size="small" disabled={allowed.length === 0} onClick={() => open(action, allowed)}>
      {children}
      {skipped > 0 && allowed.length > 0 ? `（${allowed.length}）` : ''}
    </Button>
  );
  return skipped > 0 ? (
    <Tooltip title={`${skipped} 个订单的状态不能${ACTION_LABELS[action]}，将跳过`}>{button}</Tooltip>
  ) : (
    button
  );
}

export function BatchOrderActions({ orders, open }: { orders: OrderListRecord[]; open: OpenDialog }) {
  const mayAudit = useHasPermission(ACTION_CODES.audit);
  const mayPrint = useHasPermission(ACTION_CODES.print);
  return (
    <Space>
      {mayAudit && (
        <BatchButton orders={orders} action="audit" open={open}>
          批量审核
        </BatchButton>
      )}
      {mayPrint && (
        <BatchButton orders={orders} action="print" open={open}>
          批量打印
        </BatchButton>
      )}
    </Space>
  );
}

export function CreateOrderButton({ open }: { open: OpenDialog }) {
  return useHasPermission('order:add') ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => open('create')}>
      新建订单
    </Button>
  ) : null;
}
