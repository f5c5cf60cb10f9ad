// The orders sagas, branch by branch: counts, the drawer's order, the dialogs' data, the printed sheets
// and the commands (refused, done, a batch audit partly or wholly refused, a transport failure).
import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import type { Envelope } from '../../../common/contract';
import type {
  OrderApprovalData,
  OrderBatchResult,
  OrderDeliverPlan,
  OrderDetail,
  OrderPrintData,
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
} from '../../../src/api/orders';
import {
  loadApproval,
  loadCounts,
  loadDeliverPlan,
  loadDetail,
  loadDialogDocument,
  loadDialogOrder,
  loadPrint,
  loadSyncRecord,
  ordersSaga,
  runCommand,
} from '../../../src/features/orders/sagas';
import { selectDetailId } from '../../../src/features/orders/selectors';
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
  LOADING,
  ordersChanged,
  ordersReducer,
  printClosed,
  printLoaded,
  printRequested,
  syncRecordLoaded,
  syncRecordRequested,
} from '../../../src/features/orders/slice';
import { loggedOut } from '../../../src/features/session/slice';
import { notify, toast } from '../../../src/utils/notifier';

jest.mock('../../../src/utils/notifier');

const ok = <T>(result: T, message = ''): Envelope<T> => ({
  success: true,
  message,
  code: 200,
  result,
  timestamp: 0,
});
const refused = (message: string): Envelope<never> => ({
  success: false,
  message,
  code: 400,
  result: null as never,
  timestamp: 0,
});

const detail = { id: 'o1', orderNo: 'SO1' } as OrderDetail;
const sheet = (orderNo: string) => ({ orderNo, printCount: 1 }) as OrderPrintData;
const approval = (orderId: string) => ({ orderId }) as OrderApprovalData;

describe('loadCounts', () => {
  it('stores the counts under the filters', () =>
    expectSaga(loadCounts, countsRequested({ orderNo: 'SO1' }))
      .provide([[matchers.call(orderStatusCounts, { orderNo: 'SO1' }), ok({ ALL: 3, PENDING_AUDIT: 1 })]])
      .put(countsLoaded({ ALL: 3, PENDING_AUDIT: 1 }))
      .run());

  it('keeps the old counts when refused or failed', async () => {
    await expectSaga(loadCounts, countsRequested())
      .provide([[matchers.call.fn(orderStatusCounts), refused('无权限')]])
      .not.put.actionType(countsLoaded.type)
      .run();
    await expectSaga(loadCounts, countsRequested())
      .provide([[matchers.call.fn(orderStatusCounts), throwError(new Error('network'))]])
      .not.put.actionType(countsLoaded.type)
      .run();
  });
});

describe('loadDetail', () => {
  it('does nothing without an open order', () =>
    expectSaga(loadDetail)
      .provide([[matchers.select(selectDetailId), null]])
      .not.call.fn(queryOrder)
      .run());

  it('loads the open order', () =>
    expectSaga(loadDetail)
      .provide([
        [matchers.select(selectDetailId), 'o1'],
        [matchers.call(queryOrder, 'o1'), ok(detail)],
      ])
      .put(detailLoaded(detail))
      .run());

  it('shows the refusal and stops loading', () =>
    expectSaga(loadDetail)
      .provide([
        [matchers.select(selectDetailId), 'o1'],
        [matchers.call(queryOrder, 'o1'), refused('订单不存在')],
      ])
      .call(toast, 'warning', '订单不存在')
      .put(detailLoadFailed())
      .run());

  it('stops loading after a transport failure', () =>
    expectSaga(loadDetail)
      .provide([
        [matchers.select(selectDetailId), 'o1'],
        [matchers.call(queryOrder, 'o1'), throwError(new Error('network'))],
      ])
      .put(detailLoadFailed())
      .run());
});

describe('loadApproval', () => {
  it('loads every order of the batch', () =>
    expectSaga(loadApproval, approvalRequested({ ids: ['o1', 'o2'], warehouseId: 'w1' }))
      .provide([
        [matchers.call(approvalData, 'o1', 'w1'), ok(approval('o1'))],
        [matchers.call(approvalData, 'o2', 'w1'), ok(approval('o2'))],
      ])
      .put(approvalLoaded([approval('o1'), approval('o2')]))
      .run());

  it('names a refusal and keeps the others', () =>
    expectSaga(loadApproval, approvalRequested({ ids: ['o1', 'o2'] }))
      .provide([
        [matchers.call(approvalData, 'o1', undefined), ok(approval('o1'))],
        [matchers.call(approvalData, 'o2', undefined), refused('订单状态已变化')],
      ])
      .call(toast, 'warning', '订单状态已变化')
      .put(approvalLoaded([approval('o1')]))
      .run());

  it('ends empty after a transport failure', () =>
    expectSaga(loadApproval, approvalRequested({ ids: ['o1'] }))
      .provide([[matchers.call.fn(approvalData), throwError(new Error('network'))]])
      .put(approvalLoaded([]))
      .run());
});

describe('loadDeliverPlan and loadDialogOrder', () => {
  const plan = { orderId: 'o1', lines: [] } as unknown as OrderDeliverPlan;
  it('loads the FEFO plan of the warehouse', () =>
    expectSaga(loadDeliverPlan, deliverPlanRequested({ id: 'o1', warehouseId: 'w2' }))
      .provide([[matchers.call(deliverPlan, 'o1', 'w2'), ok(plan)]])
      .put(deliverPlanLoaded(plan))
      .run());

  it('a refused or failed plan is null, the refusal shown', async () => {
    await expectSaga(loadDeliverPlan, deliverPlanRequested({ id: 'o1' }))
      .provide([[matchers.call.fn(deliverPlan), refused('订单不是待发货状态')]])
      .call(toast, 'warning', '订单不是待发货状态')
      .put(deliverPlanLoaded(null))
      .run();
    await expectSaga(loadDeliverPlan, deliverPlanRequested({ id: 'o1' }))
      .provide([[matchers.call.fn(deliverPlan), throwError(new Error('network'))]])
      .put(deliverPlanLoaded(null))
      .run();
  });

  it('loads the dialog’s order, or null', async () => {
    await expectSaga(loadDialogOrder, dialogOrderRequested('o1'))
      .provide([[matchers.call(queryOrder, 'o1'), ok(detail)]])
      .put(dialogOrderLoaded(detail))
      .run();
    await expectSaga(loadDialogOrder, dialogOrderRequested('o1'))
      .provide([[matchers.call(queryOrder, 'o1'), refused('订单不存在')]])
      .call(toast, 'warning', '订单不存在')
      .put(dialogOrderLoaded(null))
      .run();
    await expectSaga(loadDialogOrder, dialogOrderRequested('o1'))
      .provide([[matchers.call(queryOrder, 'o1'), throwError(new Error('network'))]])
      .put(dialogOrderLoaded(null))
      .run();
  });
});

describe('loadDialogDocument', () => {
  const back = { id: 'r1', returnNo: 'RT1', lines: [] } as unknown as ReturnDetail;
  const swap = { id: 'x1', exchangeNo: 'HH1', returnLines: [], issueLines: [] } as unknown as SwapDetail;

  it('loads a return or an exchange with its lines', async () => {
    await expectSaga(loadDialogDocument, dialogDocumentRequested({ kind: 'return', id: 'r1' }))
      .provide([[matchers.call(returnById, 'r1'), ok(back)]])
      .put(dialogDocumentLoaded({ kind: 'return', detail: back }))
      .run();
    await expectSaga(loadDialogDocument, dialogDocumentRequested({ kind: 'swap', id: 'x1' }))
      .provide([[matchers.call(exchangeById, 'x1'), ok(swap)]])
      .put(dialogDocumentLoaded({ kind: 'swap', detail: swap }))
      .run();
  });

  it('a refused one is null with the refusal shown', async () => {
    await expectSaga(loadDialogDocument, dialogDocumentRequested({ kind: 'return', id: 'r1' }))
      .provide([[matchers.call(returnById, 'r1'), refused('退单不存在或无权访问')]])
      .call(toast, 'warning', '退单不存在或无权访问')
      .put(dialogDocumentLoaded(null))
      .run();
    await expectSaga(loadDialogDocument, dialogDocumentRequested({ kind: 'swap', id: 'x1' }))
      .provide([[matchers.call(exchangeById, 'x1'), refused('')]])
      .call(toast, 'warning', '换货单加载失败')
      .put(dialogDocumentLoaded(null))
      .run();
  });

  it('a transport failure (already shown) leaves it null', () =>
    expectSaga(loadDialogDocument, dialogDocumentRequested({ kind: 'swap', id: 'x1' }))
      .provide([[matchers.call(exchangeById, 'x1'), throwError(new Error('network'))]])
      .put(dialogDocumentLoaded(null))
      .run());
});

describe('loadSyncRecord', () => {
  const task = { id: 't1', taskNo: 'T1', status: 'FAILED' } as never;
  it('loads the order’s ERP tasks, or null (the refusal shown)', async () => {
    await expectSaga(loadSyncRecord, syncRecordRequested('o1'))
      .provide([[matchers.call(orderSyncRecord, 'o1'), ok([task])]])
      .put(syncRecordLoaded([task]))
      .run();
    await expectSaga(loadSyncRecord, syncRecordRequested('o1'))
      .provide([[matchers.call(orderSyncRecord, 'o1'), refused('无权限')]])
      .call(toast, 'warning', '无权限')
      .put(syncRecordLoaded(null))
      .run();
    await expectSaga(loadSyncRecord, syncRecordRequested('o1'))
      .provide([[matchers.call(orderSyncRecord, 'o1'), throwError(new Error('network'))]])
      .put(syncRecordLoaded(null))
      .run();
  });
});

describe('loadPrint', () => {
  it('fetches each sheet, then the orders changed (print counts) and the open order reloads', () =>
    expectSaga(loadPrint, printRequested({ ids: ['o1', 'o2'], kind: 'DELIVERY_NOTE' }))
      .provide([
        [matchers.call(printOrder, 'o1', 'DELIVERY_NOTE'), ok(sheet('SO1'))],
        [matchers.call(printOrder, 'o2', 'DELIVERY_NOTE'), ok(sheet('SO2'))],
        [matchers.select(selectDetailId), 'o1'],
      ])
      .put(printLoaded([sheet('SO1'), sheet('SO2')]))
      .put(ordersChanged())
      .put(detailReloadRequested())
      .run());

  it('stops at a refusal and prints what it has', () =>
    expectSaga(loadPrint, printRequested({ ids: ['o1', 'o2'], kind: 'EXECUTION' }))
      .provide([
        [matchers.call(printOrder, 'o1', 'EXECUTION'), ok(sheet('SO1'))],
        [matchers.call(printOrder, 'o2', 'EXECUTION'), refused('订单未审核，不能打印')],
        [matchers.select(selectDetailId), null],
      ])
      .call(toast, 'warning', '订单未审核，不能打印')
      .put(printLoaded([sheet('SO1')]))
      .not.put(detailReloadRequested())
      .run());

  it('closes the print when nothing could be fetched', async () => {
    await expectSaga(loadPrint, printRequested({ ids: ['o1'], kind: 'DELIVERY_NOTE' }))
      .provide([[matchers.call.fn(printOrder), refused('订单未审核，不能打印')]])
      .put(printClosed())
      .not.put(ordersChanged())
      .run();
    await expectSaga(loadPrint, printRequested({ ids: ['o1'], kind: 'DELIVERY_NOTE' }))
      .provide([[matchers.call.fn(printOrder), throwError(new Error('network'))]])
      .put(printClosed())
      .run();
  });
});

describe('runCommand', () => {
  const invalid = commandRequested({ kind: 'invalid', payload: { id: 'o1', reason: '客户取消' } });
  const audit = commandRequested({ kind: 'audit', payload: { ids: ['o1', 'o2'], pass: true } });
  const batch = (failed: number): OrderBatchResult => ({
    results: [
      { id: 'o1', orderNo: 'SO1', success: failed < 2, message: failed < 2 ? '' : '库存不足' },
      { id: 'o2', orderNo: 'SO2', success: failed < 1, message: failed < 1 ? '' : '订单状态已变化' },
    ],
    succeeded: 2 - failed,
    failed,
  });

  it('a refusal keeps the dialog open with the server’s message', () =>
    expectSaga(runCommand, invalid)
      .provide([[matchers.call.fn(orderCommands.invalid), refused('已发货的订单不能作废')]])
      .put(commandRefused('已发货的订单不能作废'))
      .not.put(commandSucceeded())
      .run());

  it('a command done says so, closes the dialog and reloads list, counts and the open order', () =>
    expectSaga(runCommand, invalid)
      .provide([
        [
          matchers.call(orderCommands.invalid, { id: 'o1', reason: '客户取消' }),
          ok({ status: 'INVALID' }, '订单已作废'),
        ],
        [matchers.select(selectDetailId), 'o1'],
      ])
      .call(toast, 'success', '订单已作废')
      .put(commandSucceeded())
      .put(ordersChanged())
      .put(detailReloadRequested())
      .run());

  it('without an open order nothing reloads in the drawer', () =>
    expectSaga(
      runCommand,
      commandRequested({ kind: 'pay', payload: { orderId: 'o1', amount: 10, channel: 'CASH' } }),
    )
      .provide([
        [matchers.call.fn(orderCommands.pay), ok({ paymentNo: 'PM1' })],
        [matchers.select(selectDetailId), null],
      ])
      .call(toast, 'success', '操作成功')
      .put(commandSucceeded())
      .not.put(detailReloadRequested())
      .run());

  it('a return goes to its endpoint; the server’s refusal stays in its dialog', async () => {
    const back = commandRequested({
      kind: 'returnAdd',
      payload: { orderId: 'o1', reason: 'NEAR_EXPIRY', refundMethod: 'OFFSET_AR', lines: [] },
    });
    await expectSaga(runCommand, back)
      .provide([[matchers.call.fn(orderCommands.returnAdd), refused('第 1 行 可乐 最多可退 1箱')]])
      .put(commandRefused('第 1 行 可乐 最多可退 1箱'))
      .not.put(commandSucceeded())
      .run();
    await expectSaga(
      runCommand,
      commandRequested({ kind: 'returnReceive', payload: { id: 'r1', warehouseId: 'w1' } }),
    )
      .provide([
        [
          matchers.call(orderCommands.returnReceive, { id: 'r1', warehouseId: 'w1' }),
          ok({ status: 'RECEIVED' }, '入库成功！'),
        ],
        [matchers.select(selectDetailId), 'o1'],
      ])
      .call(toast, 'success', '入库成功！')
      .put(commandSucceeded())
      .put(ordersChanged())
      .put(detailReloadRequested())
      .run();
  });

  it('a wholly audited batch is done', () =>
    expectSaga(runCommand, audit)
      .provide([
        [matchers.call.fn(orderCommands.audit), ok(batch(0), '审核完成')],
        [matchers.select(selectDetailId), null],
      ])
      .not.call.fn(notify)
      .put(commandSucceeded())
      .run());

  it('a partly refused batch lists the refused orders and is done', () =>
    expectSaga(runCommand, audit)
      .provide([
        [matchers.call.fn(orderCommands.audit), ok(batch(1), '审核完成')],
        [matchers.select(selectDetailId), null],
      ])
      .call(notify, 'warning', '1 个订单审核完成，1 个未处理', 'SO2：订单状态已变化')
      .put(commandSucceeded())
      .put(ordersChanged())
      .run());

  it('a wholly refused batch is refused with every reason', () =>
    expectSaga(runCommand, audit)
      .provide([[matchers.call.fn(orderCommands.audit), ok(batch(2))]])
      .put(commandRefused('SO1：库存不足\nSO2：订单状态已变化'))
      .not.put(commandSucceeded())
      .run());

  it('a transport failure (already shown) leaves the dialog open', () =>
    expectSaga(runCommand, invalid)
      .provide([[matchers.call.fn(orderCommands.invalid), throwError(new Error('timeout'))]])
      .put(commandRefused(null))
      .run());
});

describe('runCommand: the buyer’s 取消 and 修改重提', () => {
  const cancel = commandRequested({ kind: 'cancel', payload: { id: 'o1', reason: '客户不要了' } });
  const resubmitInput = {
    id: 'o1',
    sellerId: 'd1',
    salesRepId: 'u1',
    paymentMethod: 'COD' as const,
    requestedDeliveryDate: null,
    receiver: { name: '王老板', mobile: '13900001111', address: '上海市浦东新区张杨路1号' },
    freightAmount: 0,
    buyerRemark: null,
    internalRemark: null,
    lines: [{ skuId: 's1', cases: 3, units: 3, isGift: false }],
  };
  const resubmit = commandRequested({ kind: 'resubmit', payload: resubmitInput });

  it('取消 done: says so, closes the dialog, reloads list, counts and the open order', () =>
    expectSaga(runCommand, cancel)
      .provide([
        [
          matchers.call(orderCommands.cancel, { id: 'o1', reason: '客户不要了' }),
          ok({ status: 'CANCELLED' }, '订单已取消'),
        ],
        [matchers.select(selectDetailId), 'o1'],
      ])
      .call(toast, 'success', '订单已取消')
      .put(commandSucceeded())
      .put(ordersChanged())
      .put(detailReloadRequested())
      .run());

  it('取消 refused: the server’s message stays in the dialog, nothing reloads', () =>
    expectSaga(runCommand, cancel)
      .provide([[matchers.call.fn(orderCommands.cancel), refused('订单已审核，不能取消')]])
      .put(commandRefused('订单已审核，不能取消'))
      .not.put(commandSucceeded())
      .not.put(ordersChanged())
      .run());

  it('取消 with a transport failure (already shown) leaves the dialog open', () =>
    expectSaga(runCommand, cancel)
      .provide([[matchers.call.fn(orderCommands.cancel), throwError(new Error('timeout'))]])
      .put(commandRefused(null))
      .not.put(ordersChanged())
      .run());

  it('修改重提 done: the whole form goes to resubmitOrder; list, counts and the open order reload', () =>
    expectSaga(runCommand, resubmit)
      .provide([
        [
          matchers.call(orderCommands.resubmit, resubmitInput),
          ok({ id: 'o1', orderNo: 'SO1', payableAmount: '150.00' }, '订单已重新提交'),
        ],
        [matchers.select(selectDetailId), 'o1'],
      ])
      .call(toast, 'success', '订单已重新提交')
      .put(commandSucceeded())
      .put(ordersChanged())
      .put(detailReloadRequested())
      .run());

  it('修改重提 refused: the server’s message stays in the form', () =>
    expectSaga(runCommand, resubmit)
      .provide([[matchers.call.fn(orderCommands.resubmit), refused('只有已驳回的订单可以修改重提')]])
      .put(commandRefused('只有已驳回的订单可以修改重提'))
      .not.put(commandSucceeded())
      .not.put(ordersChanged())
      .run());

  it('修改重提 with a transport failure (already shown) keeps the form open', () =>
    expectSaga(runCommand, resubmit)
      .provide([[matchers.call.fn(orderCommands.resubmit), throwError(new Error('Network Error'))]])
      .put(commandRefused(null))
      .not.put(commandSucceeded())
      .run());
});

describe('ordersSaga', () => {
  it('watches each request; a command is taken only when none runs (no double audit on a second click)', () => {
    testSaga(ordersSaga)
      .next()
      .takeLatest(countsRequested.type, loadCounts)
      .next()
      .takeLatest([detailOpened.type, detailReloadRequested.type], loadDetail)
      .next()
      .takeLatest(syncRecordRequested.type, loadSyncRecord)
      .next()
      .takeLatest(approvalRequested.type, loadApproval)
      .next()
      .takeLatest(deliverPlanRequested.type, loadDeliverPlan)
      .next()
      .takeLatest(dialogOrderRequested.type, loadDialogOrder)
      .next()
      .takeLatest(dialogDocumentRequested.type, loadDialogDocument)
      .next()
      .takeLatest(printRequested.type, loadPrint)
      .next()
      .takeLeading(commandRequested.type, runCommand)
      .next()
      .isDone();
  });

  it('opening an order loads it', () =>
    expectSaga(ordersSaga)
      .withReducer((state: { orders?: ReturnType<typeof ordersReducer> } = {}, action) => ({
        orders: ordersReducer(state.orders, action),
      }))
      .provide([[matchers.call(queryOrder, 'o1'), ok(detail)]])
      .dispatch(detailOpened('o1'))
      .put(detailLoaded(detail))
      .silentRun(50));
});

describe('ordersReducer', () => {
  it('ignores an order that is no longer open, and clears at logout', () => {
    let state = ordersReducer(undefined, detailOpened('o2'));
    state = ordersReducer(state, detailLoaded(detail));
    expect(state.detail).toBeNull();
    expect(state.detailLoading).toBe(true);
    state = ordersReducer(state, deliverPlanRequested({ id: 'o2' }));
    expect(state.deliverPlan).toBe(LOADING);
    state = ordersReducer(state, dialogDocumentRequested({ kind: 'return', id: 'r1' }));
    expect(state.dialogDocument).toBe(LOADING);
    state = ordersReducer(state, commandRequested({ kind: 'invalid', payload: { id: 'o2', reason: 'x' } }));
    state = ordersReducer(state, commandRefused('不能作废'));
    expect(state.command).toEqual({ kind: 'invalid', status: 'refused', refusal: '不能作废' });
    state = ordersReducer(state, ordersChanged());
    expect(state.listVersion).toBe(1);
    expect(ordersReducer(state, loggedOut())).toEqual(ordersReducer(undefined, { type: '@@init' }));
  });
});
