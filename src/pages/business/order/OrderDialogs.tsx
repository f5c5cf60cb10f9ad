// The open order dialog, whichever opened it (a row, the batch bar, the drawer).
import { AuditDialog } from './AuditDialog';
import { CreateOrderDialog } from './CreateOrderDialog';
import { DeliverDialog } from './DeliverDialog';
import { PaymentDialog } from './PaymentDialog';
import { PrintDialog } from './PrintDialog';
import { ReasonDialog } from './ReasonDialog';
import { ReturnDialog } from './ReturnDialog';
import { SignDialog } from './SignDialog';
import { SwapDialog } from './SwapDialog';
import type { OrderDialogState } from './useOrderDialogs';

export function OrderDialogs({ state, onClose }: { state: OrderDialogState; onClose: () => void }) {
  const [order] = state.orders;
  switch (state.kind) {
    case 'create':
      return <CreateOrderDialog onClose={onClose} />;
    case 'audit':
      return <AuditDialog orders={state.orders} onClose={onClose} />;
    case 'print':
      return <PrintDialog orders={state.orders} onClose={onClose} />;
    case 'deliver':
      return order ? <DeliverDialog order={order} onClose={onClose} /> : null;
    case 'sign':
      return order ? <SignDialog order={order} onClose={onClose} /> : null;
    case 'invalid':
    case 'cancel':
      return order ? <ReasonDialog kind={state.kind} order={order} onClose={onClose} /> : null;
    case 'resubmit':
      return order ? <CreateOrderDialog resubmit={order} onClose={onClose} /> : null;
    case 'pay':
      return order ? <PaymentDialog order={order} onClose={onClose} /> : null;
    case 'return':
      return order ? <ReturnDialog order={order} onClose={onClose} /> : null;
    case 'swap':
      return order ? <SwapDialog order={order} onClose={onClose} /> : null;
    default:
      return null;
  }
}
