// Which order dialog is open, for which orders: the list's rows, the batch bar and the drawer open them.
import { useCallback, useState } from 'react';
import type { OrderListRecord } from '../../../../common/orders';
import type { DialogAction } from './orderView';

export type OrderRef = Pick<OrderListRecord, 'id' | 'orderNo' | 'status'>;
export type DialogKind = DialogAction | 'create';

export interface OrderDialogState {
  kind: DialogKind | null;
  orders: OrderRef[];
}

export type OpenDialog = (kind: DialogKind, orders?: OrderRef[]) => void;

export function useOrderDialogs() {
  const [state, setState] = useState<OrderDialogState>({ kind: null, orders: [] });
  const open: OpenDialog = useCallback((kind, orders = []) => setState({ kind, orders }), []);
  const close = useCallback(() => setState({ kind: null, orders: [] }), []);
  return { state, open, close };
}
