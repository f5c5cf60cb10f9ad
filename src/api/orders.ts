// Orders (DOMAIN §1.5, spec §7 /eOrder/eOrder and /payment): the list, one order's detail, the data the
// audit and delivery dialogs show, the commands (returns and exchanges among them) and the printed sheets. Shapes: common/orders.ts.
import type { Page } from '../../common/contract';
import type {
  OrderAddInput,
  OrderApprovalData,
  OrderAuditInput,
  OrderBatchResult,
  OrderCancelInput,
  OrderDeliverInput,
  OrderDeliverPlan,
  OrderDetail,
  OrderInvalidInput,
  OrderListRecord,
  OrderPrintData,
  OrderResubmitInput,
  OrderSignInput,
  OrderStatusCounts,
  PaymentAddInput,
  ReturnAddInput,
  ReturnAuditInput,
  ReturnDetail,
  ReturnReceiveInput,
  ShelfGoodsLine,
  SwapAddInput,
  SwapDetail,
  SwapExecuteInput,
} from '../../common/orders';
import { downloadFile, getAction, postAction } from './http';
import type { ListParams } from './systemTypes';

const BASE = '/eOrder/eOrder';

export const listOrders = (params: ListParams) => getAction<Page<OrderListRecord>>(`${BASE}/list`, params);
export const exportOrders = (params: ListParams) =>
  downloadFile(`${BASE}/exportXls`, '订单列表.xlsx', params);
/** Counts per tab under the list's filters (the status itself ignored). */
export const orderStatusCounts = (params: ListParams) =>
  getAction<OrderStatusCounts>(`${BASE}/statusCounts`, params);
export const queryOrder = (id: string) => getAction<OrderDetail>(`${BASE}/queryById`, { id });
/** 临期预警's 退货 / 换货: the order line that shipped the batch an outlet's stock check saw. */
export const shelfGoodsLine = (checkId: string) =>
  getAction<ShelfGoodsLine>(`${BASE}/shelfGoods`, { checkId });
export const approvalData = (id: string, warehouseId?: string) =>
  getAction<OrderApprovalData>(`${BASE}/getOpenApprovalData`, { id, warehouseId });
export const deliverPlan = (id: string, warehouseId?: string) =>
  getAction<OrderDeliverPlan>(`${BASE}/deliverPlan`, { id, warehouseId });

/** One return (退单) or exchange (换货单) with its lines, for the dialogs that move it on. */
export const returnById = (id: string) => getAction<ReturnDetail>(`${BASE}/backOrderById`, { id });
export const exchangeById = (id: string) => getAction<SwapDetail>(`${BASE}/getSwapOrderById`, { id });

/** One ERP sync task of an order (getOrderSyncRecord, the ERP module's task rows). */
export interface OrderSyncTask {
  id: string;
  taskNo: string;
  connectionName: string | null;
  bizType_dictText: string;
  /** The document synced: the order's own number, or its shipment's, payment's (收款) or refund's (退款). */
  bizNo?: string;
  operation_dictText: string;
  status: string;
  status_dictText: string;
  attemptCount: number;
  maxAttempts: number;
  errorCategory_dictText: string | null;
  lastErrorMessage: string | null;
  erpBillNo: string | null;
  nextRetryAt: string | null;
  createTime: string;
  updateTime: string;
}

export const orderSyncRecord = (id: string) =>
  getAction<OrderSyncTask[]>(`${BASE}/getOrderSyncRecord`, { id });

/** The commands of the order dialogs, each with its request body. */
export interface OrderCommandPayloads {
  audit: OrderAuditInput;
  deliver: OrderDeliverInput;
  sign: OrderSignInput;
  invalid: OrderInvalidInput;
  pay: PaymentAddInput;
  create: OrderAddInput;
  /** 取消 for the buyer, before the audit. */
  cancel: OrderCancelInput;
  /** 修改重提 of a rejected order: same number, buyer and type; the rest replaced and priced again. */
  resubmit: OrderResubmitInput;
  /** Re-runs the order's failed ERP tasks. */
  resync: { id: string };
  returnAdd: ReturnAddInput;
  returnAudit: ReturnAuditInput;
  returnReceive: ReturnReceiveInput;
  returnCancel: { id: string };
  swapAdd: SwapAddInput;
  swapAudit: ReturnAuditInput;
  swapExecute: SwapExecuteInput;
  swapCancel: { id: string };
}
export type OrderCommandKind = keyof OrderCommandPayloads;

export const orderCommands = {
  audit: (body: OrderAuditInput) => postAction<OrderBatchResult>(`${BASE}/auditOrder`, body),
  deliver: (body: OrderDeliverInput) =>
    postAction<{ shipmentNo: string; status: string }>(`${BASE}/saveOrderDeliver`, body),
  sign: (body: OrderSignInput) => postAction<{ status: string }>(`${BASE}/saveOrderSign`, body),
  invalid: (body: OrderInvalidInput) => postAction<{ status: string }>(`${BASE}/orderInvalid`, body),
  pay: (body: PaymentAddInput) => postAction<{ paymentNo: string }>('/payment/add', body),
  create: (body: OrderAddInput) => postAction<{ id: string; orderNo: string }>(`${BASE}/add`, body),
  cancel: (body: OrderCancelInput) => postAction<{ status: string }>(`${BASE}/cancelOrder`, body),
  resubmit: (body: OrderResubmitInput) =>
    postAction<{ id: string; orderNo: string; payableAmount: string }>(`${BASE}/resubmitOrder`, body),
  resync: (body: { id: string }) => postAction<{ success: number; failed: number }>(`${BASE}/resync`, body),
  returnAdd: (body: ReturnAddInput) =>
    postAction<{ id: string; returnNo: string }>(`${BASE}/backOrder/add`, body),
  returnAudit: (body: ReturnAuditInput) => postAction<{ status: string }>(`${BASE}/backOrder/audit`, body),
  returnReceive: (body: ReturnReceiveInput) =>
    postAction<{ status: string }>(`${BASE}/backOrder/receive`, body),
  returnCancel: (body: { id: string }) => postAction<{ status: string }>(`${BASE}/backOrder/cancel`, body),
  swapAdd: (body: SwapAddInput) =>
    postAction<{ id: string; exchangeNo: string }>(`${BASE}/swapOrder/add`, body),
  swapAudit: (body: ReturnAuditInput) => postAction<{ status: string }>(`${BASE}/swapOrder/audit`, body),
  swapExecute: (body: SwapExecuteInput) => postAction<{ status: string }>(`${BASE}/swapOrder/execute`, body),
  swapCancel: (body: { id: string }) => postAction<{ status: string }>(`${BASE}/swapOrder/cancel`, body),
} satisfies { [K in OrderCommandKind]: (body: OrderCommandPayloads[K]) => unknown };

export type PrintKind = 'DELIVERY_NOTE' | 'EXECUTION';

/** Fetches the sheet to print; the server counts the print. */
export const printOrder = (id: string, kind: PrintKind) =>
  postAction<OrderPrintData>(`${BASE}/${kind === 'EXECUTION' ? 'orderExePrint' : 'orderPrint'}`, { id });
