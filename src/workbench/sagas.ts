// The workbench's sagas. Check-in: a fresh fix, the rule's accuracy and radius checked on the device only to
// ask for what the server will require (a reason and a photo out of range) — the server decides again from its
// own clock and the outlet's coordinates. Every write goes through one queue, sent in order, one at a time:
// a network failure leaves it waiting (kicked again when the browser is back online and every RETRY_MS), a
// refusal by the server drops the item (and the steps of a refused check-in) and tells the rep. Sent twice —
// an answer lost — the server answers the first one (client ids), so nothing is made twice.
import { eventChannel, type EventChannel, type SagaIterator } from 'redux-saga';
import { call, delay, fork, put, select, take, takeLatest, takeLeading } from 'redux-saga/effects';
import { REHYDRATE } from 'redux-persist';
import { haversineMetres } from '../../common/visits';
import type { PromotionPreview } from '../../common/promotions';
import {
  failureMessage,
  fetchMine,
  fetchOrderPreview,
  fetchToday,
  isRetryable,
  sendItem,
  type Refs,
} from './api';
import { deviceIdOf, newClientId } from './clientIds';
import { locate } from './geo';
import { missingRequired } from './steps';
import {
  checkInLocating,
  checkInNeedsReason,
  checkInQueued,
  checkInRefused,
  checkInRequested,
  checkOutQueued,
  checkOutRefused,
  checkOutRequested,
  fixed,
  itemRefused,
  itemSent,
  loadMine,
  loadToday,
  mineLoaded,
  onlineChanged,
  orderPreviewCleared,
  orderPreviewFailed,
  orderPreviewLoaded,
  orderPreviewLoading,
  orderPreviewRequested,
  orderRequested,
  queueKick,
  queueStalled,
  selectOutlet,
  selectQueue,
  selectRefs,
  selectVisit,
  stepQueued,
  todayFailed,
  todayLoaded,
  todayLoading,
} from './slice';
import type { Fix, LocalVisit, QueueItem, TodayOutlet } from './types';
import type { Envelope } from '../../common/contract';
import type { Mine, Today } from './types';

export const APP_VERSION = 'workbench-1';
export const RETRY_MS = 15_000;

export function* checkInSaga({ payload }: ReturnType<typeof checkInRequested>): SagaIterator {
  const { customerId, reason, photo } = payload;
  const outlet: TodayOutlet | undefined = yield select(selectOutlet(customerId));
  if (!outlet) return;
  const open: LocalVisit | null = yield select(selectVisit);
  if (open) {
    yield put(
      checkInRefused({ customerId, message: `您在「${open.customerName}」的拜访尚未签退，请先签退` }),
    );
    return;
  }
  if (outlet.lng === null || outlet.lat === null) {
    yield put(checkInRefused({ customerId, message: '门店尚未标注坐标，不能签到' }));
    return;
  }
  yield put(checkInLocating(customerId));
  let fix: Fix;
  try {
    fix = yield call(locate);
  } catch (error) {
    yield put(checkInRefused({ customerId, message: failureMessage(error) }));
    return;
  }
  yield put(fixed(fix));
  const { rule } = outlet;
  if (fix.accuracyM > rule.gpsAccuracyMaxM) {
    yield put(
      checkInRefused({
        customerId,
        message: `定位精度 ${fix.accuracyM} 米，低于要求的 ${rule.gpsAccuracyMaxM} 米，请到开阔处重新定位`,
      }),
    );
    return;
  }
  const distanceM = haversineMetres(fix, { lng: outlet.lng, lat: outlet.lat });
  if (distanceM > rule.checkInRadiusM) {
    if (!rule.allowOutOfRange) {
      yield put(
        checkInRefused({
          customerId,
          message: `距门店 ${distanceM} 米，超出签到范围 ${rule.checkInRadiusM} 米，不能签到`,
        }),
      );
      return;
    }
    if (!reason?.trim() || !photo) {
      yield put(checkInNeedsReason({ customerId, distanceM, radiusM: rule.checkInRadiusM }));
      return;
    }
  }
  const clientId: string = yield call(newClientId);
  const deviceId: string = yield call(deviceIdOf);
  const items: QueueItem[] = [];
  if (photo) items.push({ id: `p-${photo.clientId}`, kind: 'photo', photo });
  items.push({
    id: `c-${clientId}`,
    kind: 'checkIn',
    body: {
      clientId,
      customerId,
      lng: fix.lng,
      lat: fix.lat,
      accuracyM: fix.accuracyM,
      reason: distanceM > rule.checkInRadiusM ? (reason?.trim() ?? null) : null,
      deviceTime: fix.at,
      deviceId,
      appVersion: APP_VERSION,
    },
    photoKey: photo?.clientId ?? null,
  });
  yield put(
    checkInQueued({
      visit: {
        key: clientId,
        customerId,
        customerName: outlet.customerName,
        customerCode: outlet.customerCode,
        address: outlet.address,
        checkInAt: fix.at,
        rule,
        steps: outlet.steps,
        stepsDone: [],
      },
      items,
    }),
  );
}

export function* checkOutSaga({ payload }: ReturnType<typeof checkOutRequested>): SagaIterator {
  const visit: LocalVisit | null = yield select(selectVisit);
  if (!visit) return;
  // The server refuses the check-out too (the visit's snapshot); asked here, before a fix is taken.
  const missing = missingRequired(visit);
  if (missing.length > 0) {
    yield put(checkOutRefused(`请先完成必做步骤：${missing.join('、')}`));
    return;
  }
  let fix: Fix;
  try {
    fix = yield call(locate);
  } catch (error) {
    yield put(checkOutRefused(failureMessage(error)));
    return;
  }
  yield put(fixed(fix));
  const staySec = (Date.parse(fix.at) - Date.parse(visit.checkInAt)) / 1000;
  if (staySec > visit.rule.maxStayMinutes * 60 && !payload.photo) {
    yield put(checkOutRefused(`在店已超过 ${visit.rule.maxStayMinutes} 分钟，请拍摄超时举证照片后签退`));
    return;
  }
  const { photo } = payload;
  const items: QueueItem[] = [];
  if (photo) items.push({ id: `p-${photo.clientId}`, kind: 'photo', photo });
  const clientId: string = yield call(newClientId);
  items.push({
    id: `o-${clientId}`,
    kind: 'checkOut',
    visitKey: visit.key,
    body: {
      lng: fix.lng,
      lat: fix.lat,
      accuracyM: fix.accuracyM,
      remark: payload.remark?.trim() || null,
      deviceTime: fix.at,
    },
    photoKey: photo?.clientId ?? null,
  });
  yield put(checkOutQueued(items));
}

/** The server's prices for the order being written (the outlet's price lists and promotions); none offline. */
export function* orderPreviewSaga({ payload }: ReturnType<typeof orderPreviewRequested>): SagaIterator {
  const visit: LocalVisit | null = yield select(selectVisit);
  if (!visit) return;
  yield put(orderPreviewLoading());
  try {
    const envelope: Envelope<PromotionPreview> = yield call(
      fetchOrderPreview,
      visit.customerId,
      payload.lines,
    );
    if (envelope.success) yield put(orderPreviewLoaded(envelope.result));
    else yield put(orderPreviewFailed(envelope.message));
  } catch (error) {
    yield put(
      orderPreviewFailed(
        isRetryable(error)
          ? '网络不可用，暂不能预览价格；订单可先提交，联网后由服务器按门店价格定价'
          : failureMessage(error),
      ),
    );
  }
}

/**
 * 下单: the order waits in the queue like a step, under a client id of its own — sent again after a lost answer,
 * the server answers the order it placed.
 */
export function* placeOrderSaga({ payload }: ReturnType<typeof orderRequested>): SagaIterator {
  const visit: LocalVisit | null = yield select(selectVisit);
  if (!visit) return;
  const clientId: string = yield call(newClientId);
  yield put(
    stepQueued({
      stepType: 'ORDER',
      items: [
        {
          id: `r-${clientId}`,
          kind: 'order',
          visitKey: visit.key,
          body: { clientId, paymentMethod: payload.paymentMethod, lines: payload.lines },
        },
      ],
    }),
  );
  yield put(orderPreviewCleared());
}

/** Sends the queue's items in order until it is empty, refused items dropped, or the network fails. */
export function* flushQueue(): SagaIterator {
  for (;;) {
    const queue: QueueItem[] = yield select(selectQueue);
    const item = queue[0];
    if (!item) return;
    const refs: Refs = yield select(selectRefs);
    try {
      const serverId: string | undefined = yield call(sendItem, item, refs);
      yield put(itemSent({ id: item.id, serverId }));
    } catch (error) {
      if (isRetryable(error)) {
        yield put(queueStalled(failureMessage(error)));
        return;
      }
      yield put(itemRefused({ id: item.id, message: failureMessage(error) }));
    }
  }
}

export function* loadTodaySaga(): SagaIterator {
  yield put(todayLoading());
  try {
    const envelope: Envelope<Today> = yield call(fetchToday);
    if (envelope.success) yield put(todayLoaded(envelope.result));
    else yield put(todayFailed(envelope.message));
  } catch (error) {
    yield put(todayFailed(failureMessage(error)));
  }
}

export function* loadMineSaga(): SagaIterator {
  try {
    const envelope: Envelope<Mine> = yield call(fetchMine);
    if (envelope.success) yield put(mineLoaded(envelope.result));
  } catch {
    // 我的 keeps what it showed; the queue's banner tells about the network.
  }
}

/** The browser's online / offline events. */
export function connectivityChannel(): EventChannel<boolean> {
  return eventChannel((emit) => {
    const online = () => emit(true);
    const offline = () => emit(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  });
}

export function* watchConnectivity(): SagaIterator {
  const channel: EventChannel<boolean> = yield call(connectivityChannel);
  for (;;) {
    const online: boolean = yield take(channel);
    yield put(onlineChanged(online));
    if (online) yield put(queueKick());
  }
}

export function* retryTimer(): SagaIterator {
  for (;;) {
    yield delay(RETRY_MS);
    const queue: QueueItem[] = yield select(selectQueue);
    if (queue.length > 0) yield put(queueKick());
  }
}

/** After the queue emptied, today's plan is read again (ticked-off outlets, the server's visit). */
function* flushThenRefresh(): SagaIterator {
  const before: QueueItem[] = yield select(selectQueue);
  yield call(flushQueue);
  const after: QueueItem[] = yield select(selectQueue);
  if (before.length > 0 && after.length === 0) yield call(loadTodaySaga);
}

export function* workbenchSaga(): SagaIterator {
  yield takeLatest(checkInRequested.type, checkInSaga);
  yield takeLeading(checkOutRequested.type, checkOutSaga);
  yield takeLatest(orderPreviewRequested.type, orderPreviewSaga);
  yield takeLeading(orderRequested.type, placeOrderSaga);
  yield takeLatest(loadToday.type, loadTodaySaga);
  yield takeLatest(loadMine.type, loadMineSaga);
  yield takeLeading(
    [queueKick.type, checkInQueued.type, stepQueued.type, checkOutQueued.type, REHYDRATE],
    flushThenRefresh,
  );
  yield fork(watchConnectivity);
  yield fork(retryTimer);
}
