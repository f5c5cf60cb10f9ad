// Side effects of 订单列表: the tab counts, the drawer's order, the dialogs' data, the printed sheets and
// the commands. Whatever changes orders (a command, a print) ends with ordersChanged — the page reloads
// its table and counts — and reloads the open order.
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { Envelope } from '../../../common/contract';
import type {
  OrderApprovalData,
  OrderBatchResult,
  OrderDeliverPlan,
  OrderDetail,
  OrderPrintData,
  OrderStatusCounts,
  ReturnDetail,
  SwapDetail,
} from '../../../common/orders';
import {
  approvalData,
  deliverPlan,
  exchangeById,
  orderCommands,
  orderStatusCounts,
  orderSyncRecord,
  printOrder,
  queryOrder,
  returnById,
  type OrderSyncTask,
} from '../../api/orders';
import { notify, toast } from '../../utils/notifier';
import { selectDetailId } from './selectors';
import {
  approvalLoaded,
  approvalRequested,
  commandRefused,
  commandRequested,
  commandSucceeded,
  countsLoaded,
  countsRequested,
  deliverPlanLoaded,
  deliverPlanRequested,
  detailLoaded,
  detailLoadFailed,
  detailOpened,
  detailReloadRequested,
  dialogDocumentLoaded,
  dialogDocumentRequested,
  dialogOrderLoaded,
  dialogOrderRequested,
  ordersChanged,
  printClosed,
  printLoaded,
  printRequested,
  syncRecordLoaded,
  syncRecordRequested,
} from './slice';

export function* loadCounts({ payload: filters }: ReturnType<typeof countsRequested>): SagaIterator {
  try {
    const answer: Envelope<OrderStatusCounts> = yield call(orderStatusCounts, filters);
    if (answer.success) yield put(countsLoaded(answer.result));
  } catch {
    // Shown by the HTTP error saga; the tabs keep their numbers.
  }
}

export function* loadDetail(): SagaIterator {
  const id: string | null = yield select(selectDetailId);
  if (!id) return;
  try {
    const answer: Envelope<OrderDetail> = yield call(queryOrder, id);
    if (answer.success) {
      yield put(detailLoaded(answer.result));
      return;
    }
    yield call(toast, 'warning', answer.message || '订单加载失败');
  } catch {
    // Shown by the HTTP error saga.
  }
  yield put(detailLoadFailed());
}

export function* loadSyncRecord({ payload: id }: ReturnType<typeof syncRecordRequested>): SagaIterator {
  try {
    const answer: Envelope<OrderSyncTask[]> = yield call(orderSyncRecord, id);
    if (!answer.success) yield call(toast, 'warning', answer.message || '同步记录加载失败');
    yield put(syncRecordLoaded(answer.success ? answer.result : null));
  } catch {
    yield put(syncRecordLoaded(null));
  }
}

/** Something changed orders: the page reloads its table and counts, the drawer its order. */
function* afterChange(): SagaIterator {
  yield put(ordersChanged());
  const openId: string | null = yield select(selectDetailId);
  if (openId) yield put(detailReloadRequested());
}

export function* loadApproval({ payload }: ReturnType<typeof approvalRequested>): SagaIterator {
  try {
    const answers: Envelope<OrderApprovalData>[] = yield all(
      payload.ids.map((id) => call(approvalData, id, payload.warehouseId)),
    );
    const refused = answers.find((answer) => !answer.success);
    if (refused) yield call(toast, 'warning', refused.message || '审核信息加载失败');
    yield put(approvalLoaded(answers.filter((answer) => answer.success).map((answer) => answer.result)));
  } catch {
    yield put(approvalLoaded([]));
  }
}

export function* loadDeliverPlan({ payload }: ReturnType<typeof deliverPlanRequested>): SagaIterator {
  try {
    const answer: Envelope<OrderDeliverPlan> = yield call(deliverPlan, payload.id, payload.warehouseId);
    if (!answer.success) yield call(toast, 'warning', answer.message || '发货批次加载失败');
    yield put(deliverPlanLoaded(answer.success ? answer.result : null));
  } catch {
    yield put(deliverPlanLoaded(null));
  }
}

export function* loadDialogOrder({ payload: id }: ReturnType<typeof dialogOrderRequested>): SagaIterator {
  try {
    const answer: Envelope<OrderDetail> = yield call(queryOrder, id);
    if (!answer.success) yield call(toast, 'warning', answer.message || '订单加载失败');
    yield put(dialogOrderLoaded(answer.success ? answer.result : null));
  } catch {
    yield put(dialogOrderLoaded(null));
  }
}

export function* loadDialogDocument({
  payload: { kind, id },
}: ReturnType<typeof dialogDocumentRequested>): SagaIterator {
  try {
    if (kind === 'return') {
      const answer: Envelope<ReturnDetail> = yield call(returnById, id);
      if (!answer.success) yield call(toast, 'warning', answer.message || '退单加载失败');
      yield put(dialogDocumentLoaded(answer.success ? { kind, detail: answer.result } : null));
    } else {
      const answer: Envelope<SwapDetail> = yield call(exchangeById, id);
      if (!answer.success) yield call(toast, 'warning', answer.message || '换货单加载失败');
      yield put(dialogDocumentLoaded(answer.success ? { kind, detail: answer.result } : null));
    }
  } catch {
    yield put(dialogDocumentLoaded(null));
  }
}

/** Fetches the sheets one by one (each counts as a print); a refusal closes the print dialog. */
export function* loadPrint({ payload }: ReturnType<typeof printRequested>): SagaIterator {
  const sheets: OrderPrintData[] = [];
  try {
    for (const id of payload.ids) {
      const answer: Envelope<OrderPrintData> = yield call(printOrder, id, payload.kind);
      if (!answer.success) {
        yield call(toast, 'warning', answer.message || '打印失败');
        break;
      }
      sheets.push(answer.result);
    }
  } catch {
    // Shown by the HTTP error saga.
  }
  if (sheets.length === 0) {
    yield put(printClosed());
    return;
  }
  yield put(printLoaded(sheets));
  yield call(afterChange);
}

/** A batch audit answers per order: the failures are listed, and only an all-failed batch is refused. */
function* reportBatch(result: OrderBatchResult): SagaIterator<boolean> {
  if (result.failed === 0) return true;
  const lines = result.results
    .filter((one) => !one.success)
    .map((one) => `${one.orderNo ?? one.id}：${one.message}`)
    .join('\n');
  if (result.succeeded === 0) {
    yield put(commandRefused(lines));
    return false;
  }
  yield call(notify, 'warning', `${result.succeeded} 个订单审核完成，${result.failed} 个未处理`, lines);
  return true;
}

export function* runCommand({ payload: request }: ReturnType<typeof commandRequested>): SagaIterator {
  const send = orderCommands[request.kind] as (body: unknown) => Promise<Envelope<unknown>>;
  try {
    const answer: Envelope<unknown> = yield call(send, request.payload);
    if (!answer.success) {
      yield put(commandRefused(answer.message || '操作失败'));
      return;
    }
    if (request.kind === 'audit') {
      const whole: boolean = yield call(reportBatch, answer.result as OrderBatchResult);
      if (!whole) return;
    }
    yield call(toast, 'success', answer.message || '操作成功');
    yield put(commandSucceeded());
    yield call(afterChange);
  } catch {
    // A transport failure was shown by the HTTP error saga; the dialog stays open.
    yield put(commandRefused(null));
  }
}

export function* ordersSaga(): SagaIterator {
  yield takeLatest(countsRequested.type, loadCounts);
  yield takeLatest([detailOpened.type, detailReloadRequested.type], loadDetail);
  yield takeLatest(syncRecordRequested.type, loadSyncRecord);
  yield takeLatest(approvalRequested.type, loadApproval);
  yield takeLatest(deliverPlanRequested.type, loadDeliverPlan);
  yield takeLatest(dialogOrderRequested.type, loadDialogOrder);
  yield takeLatest(dialogDocumentRequested.type, loadDialogDocument);
  yield takeLatest(printRequested.type, loadPrint);
  // A second click while a command runs is ignored (no double audit, no double delivery).
  yield takeLeading(commandRequested.type, runCommand);
}
