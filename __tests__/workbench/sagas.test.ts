// The rep's workbench (issue #17): every branch of the check-in saga (no outlet, a visit still open, an outlet
// without coordinates, no fix, poor accuracy, out of range refused / asking for a reason and a photo / queued
// with them, in range), of the check-out saga, and of the upload queue (in order with the server's ids passed
// on, a network failure that keeps the queue, a refusal that drops an item and what depends on it, a replay
// after a lost answer, the queue kicked when the network returns).
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { DEFAULT_CHECK_IN_RULE } from '../../common/visits';
import { HttpError, type HttpFailure } from '../../src/api/http';
import { fetchOrderPreview, Refused, sendItem } from '../../src/workbench/api';
import { deviceIdOf, newClientId } from '../../src/workbench/clientIds';
import { locate, LocationError } from '../../src/workbench/geo';
import {
  checkInSaga,
  checkOutSaga,
  flushQueue,
  orderPreviewSaga,
  placeOrderSaga,
  watchConnectivity,
  connectivityChannel,
} from '../../src/workbench/sagas';
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
  initialState,
  itemRefused,
  itemSent,
  onlineChanged,
  orderPreviewCleared,
  orderPreviewFailed,
  orderPreviewLoaded,
  orderPreviewLoading,
  orderPreviewRequested,
  orderRequested,
  queueKick,
  queueStalled,
  workbenchReducer,
  type WorkbenchState,
} from '../../src/workbench/slice';
import type { PromotionPreview } from '../../common/promotions';
import type { Fix, LocalVisit, QueuedPhoto, QueueItem, TodayOutlet } from '../../src/workbench/types';
import { channel } from 'redux-saga';
import { combineReducers } from '@reduxjs/toolkit';

const RULE = { ...DEFAULT_CHECK_IN_RULE, ruleName: '全国默认' };
const OUTLET: TodayOutlet = {
  id: 'i1',
  planId: 'p1',
  planNo: 'VP1',
  seq: 1,
  purpose: '巡店',
  plannedTime: null,
  mustVisit: true,
  status: 'PENDING',
  visitId: null,
  customerId: 'c1',
  customerCode: 'MD001',
  customerName: '天河便利店',
  address: '广州市天河路1号',
  lng: 113.3,
  lat: 23.1,
  rule: RULE,
  executionTemplateId: null,
  steps: [
    { stepType: 'DOOR_PHOTO', required: true },
    { stepType: 'PRICE_CHECK', required: false },
  ],
  stepTemplateName: '华南步骤',
};
/** A fix `metres` north of the outlet. */
const fixAt = (metres: number, accuracyM = 10): Fix => ({
  lng: OUTLET.lng as number,
  lat: (OUTLET.lat as number) + metres / 111_195,
  accuracyM,
  at: '2026-11-27T02:00:00.000Z',
});
const PHOTO: QueuedPhoto = {
  clientId: 'photo-0001',
  kind: 'CHECK_IN',
  dataUrl: 'data:image/jpeg;base64,AAAA',
  capturedAt: '2026-11-27T02:00:00.000Z',
  lng: 113.3,
  lat: 23.1,
  accuracy: 10,
  address: null,
  watermarkText: 'x',
};
const VISIT: LocalVisit = {
  key: 'visit-key-1',
  customerId: 'c1',
  customerName: '天河便利店',
  customerCode: 'MD001',
  address: null,
  checkInAt: '2026-11-27T02:00:00.000Z',
  rule: RULE,
  stepsDone: [],
};

const rootReducer = combineReducers({ workbench: workbenchReducer }) as unknown as (
  state: { workbench: WorkbenchState } | undefined,
  action: { type: string },
) => { workbench: WorkbenchState };
const stateWith = (patch: Partial<WorkbenchState> = {}) => ({
  workbench: {
    ...initialState,
    today: {
      date: '2026-11-27',
      repName: '赵磊',
      mayOrder: true,
      outlets: [OUTLET],
      openVisit: null,
      skus: [],
      executionTemplates: [],
    },
    ...patch,
  },
});
const failure = (status: number | null, message = ''): HttpFailure => ({
  status,
  message,
  timedOut: false,
  hadToken: true,
  method: 'post',
  url: '/eVisit/checkIn',
});

describe('check-in saga', () => {
  const run = (payload: Parameters<typeof checkInRequested>[0], state = stateWith()) =>
    expectSaga(checkInSaga, checkInRequested(payload)).withState(state);

  it('does nothing for an outlet not on today’s plan', () =>
    run({ customerId: 'other' })
      .not.put.like({ action: { type: checkInLocating.type } })
      .run());

  it('refuses while another visit is open', () =>
    run({ customerId: 'c1' }, stateWith({ visit: VISIT }))
      .put(checkInRefused({ customerId: 'c1', message: '您在「天河便利店」的拜访尚未签退，请先签退' }))
      .run());

  it('refuses an outlet without coordinates', () =>
    run(
      { customerId: 'c1' },
      {
        workbench: {
          ...stateWith().workbench,
          today: {
            date: 'd',
            repName: 'r',
            mayOrder: true,
            outlets: [{ ...OUTLET, lng: null }],
            openVisit: null,
            skus: [],
            executionTemplates: [],
          },
        },
      },
    )
      .put(checkInRefused({ customerId: 'c1', message: '门店尚未标注坐标，不能签到' }))
      .run());

  it('tells why when there is no fix', () =>
    run({ customerId: 'c1' })
      .provide([[matchers.call.fn(locate), throwError(new LocationError('定位超时，请到开阔处重试'))]])
      .put(checkInLocating('c1'))
      .put(checkInRefused({ customerId: 'c1', message: '定位超时，请到开阔处重试' }))
      .run());

  it('refuses a fix less accurate than the rule asks', () =>
    run({ customerId: 'c1' })
      .provide([[matchers.call.fn(locate), fixAt(10, 150)]])
      .put(
        checkInRefused({
          customerId: 'c1',
          message: '定位精度 150 米，低于要求的 100 米，请到开阔处重新定位',
        }),
      )
      .run());

  it('refuses out of range when the rule does not allow it', () =>
    run(
      { customerId: 'c1' },
      {
        workbench: {
          ...stateWith().workbench,
          today: {
            date: 'd',
            repName: 'r',
            mayOrder: true,
            outlets: [{ ...OUTLET, rule: { ...RULE, allowOutOfRange: false } }],
            openVisit: null,
            skus: [],
            executionTemplates: [],
          },
        },
      },
    )
      .provide([[matchers.call.fn(locate), fixAt(300)]])
      .put(checkInRefused({ customerId: 'c1', message: '距门店 300 米，超出签到范围 200 米，不能签到' }))
      .run());

  it('asks for a reason and a photo out of range', () =>
    run({ customerId: 'c1', reason: '  ' })
      .provide([[matchers.call.fn(locate), fixAt(300)]])
      .put(checkInNeedsReason({ customerId: 'c1', distanceM: 300, radiusM: 200 }))
      .not.put.like({ action: { type: checkInQueued.type } })
      .run());

  it('queues the photo, then the check-in with its reason, out of range', async () => {
    const { storeState } = await run({ customerId: 'c1', reason: '门店搬迁', photo: PHOTO })
      .withReducer(rootReducer, stateWith())
      .provide([
        [matchers.call.fn(locate), fixAt(300)],
        [matchers.call.fn(newClientId), 'check-in-0001'],
        [matchers.call.fn(deviceIdOf), 'device-0001'],
      ])
      .put.like({ action: { type: checkInQueued.type } })
      .run();
    const { queue, visit } = storeState.workbench as WorkbenchState;
    expect(queue.map((item) => item.kind)).toEqual(['photo', 'checkIn']);
    expect(queue[1]).toMatchObject({
      kind: 'checkIn',
      photoKey: 'photo-0001',
      body: {
        clientId: 'check-in-0001',
        customerId: 'c1',
        reason: '门店搬迁',
        accuracyM: 10,
        deviceId: 'device-0001',
      },
    });
    expect(visit).toMatchObject({
      key: 'check-in-0001',
      customerId: 'c1',
      steps: OUTLET.steps,
      stepsDone: [],
    });
  });

  it('queues the check-in at the radius itself, without reason or photo', async () => {
    const { storeState } = await run({ customerId: 'c1' })
      .withReducer(rootReducer, stateWith())
      .provide([
        [matchers.call.fn(locate), fixAt(200)],
        [matchers.call.fn(newClientId), 'check-in-0002'],
      ])
      .put(fixed(fixAt(200)))
      .run();
    const { queue } = storeState.workbench as WorkbenchState;
    expect(queue).toEqual([
      expect.objectContaining({
        kind: 'checkIn',
        photoKey: null,
        body: expect.objectContaining({ reason: null }),
      }),
    ]);
  });
});

describe('the device id', () => {
  it('is made once and kept: every check-in from this browser names the same device', () => {
    window.localStorage.removeItem('workbench-device-id');
    const first = deviceIdOf();
    expect(first).toMatch(/^[\w-]{8,}$/);
    expect(deviceIdOf()).toBe(first);
    window.localStorage.removeItem('workbench-device-id');
    expect(deviceIdOf()).not.toBe(first);
  });
});

describe('check-out saga', () => {
  it('does nothing without a visit', () =>
    expectSaga(checkOutSaga, checkOutRequested({})).withState(stateWith()).not.call.fn(locate).run());

  it('tells why when there is no fix', () =>
    expectSaga(checkOutSaga, checkOutRequested({}))
      .withState(stateWith({ visit: VISIT }))
      .provide([[matchers.call.fn(locate), throwError(new LocationError('未获得定位权限'))]])
      .put(checkOutRefused('未获得定位权限'))
      .run());

  it('refuses while a required step of the visit’s template is not done, before taking a fix', async () => {
    const steps = OUTLET.steps;
    await expectSaga(checkOutSaga, checkOutRequested({}))
      .withState(stateWith({ visit: { ...VISIT, steps, stepsDone: ['PRICE_CHECK'] } }))
      .put(checkOutRefused('请先完成必做步骤：门头照'))
      .not.call.fn(locate)
      .run();
    await expectSaga(checkOutSaga, checkOutRequested({}))
      .withState(stateWith({ visit: { ...VISIT, steps, stepsDone: ['DOOR_PHOTO'] } }))
      .provide([[matchers.call.fn(locate), fixAt(5)]])
      .put.like({ action: { type: checkOutQueued.type } })
      .run();
  });

  it('asks for an evidence photo past the maximum stay', () =>
    expectSaga(checkOutSaga, checkOutRequested({}))
      .withState(stateWith({ visit: { ...VISIT, checkInAt: '2026-11-27T00:00:00.000Z' } }))
      .provide([[matchers.call.fn(locate), fixAt(5)]])
      .put(checkOutRefused('在店已超过 90 分钟，请拍摄超时举证照片后签退'))
      .run());

  it('queues the check-out (with the evidence photo first) and leaves the visit', async () => {
    const { storeState } = await expectSaga(checkOutSaga, checkOutRequested({ photo: PHOTO }))
      .withReducer(rootReducer, stateWith({ visit: { ...VISIT, checkInAt: '2026-11-27T00:00:00.000Z' } }))
      .provide([
        [matchers.call.fn(locate), fixAt(5)],
        [matchers.call.fn(newClientId), 'out-1'],
      ])
      .put.like({ action: { type: checkOutQueued.type } })
      .run();
    const { queue, visit } = storeState.workbench as WorkbenchState;
    expect(visit).toBeNull();
    expect(queue).toEqual([
      expect.objectContaining({ kind: 'photo' }),
      expect.objectContaining({ kind: 'checkOut', visitKey: 'visit-key-1', photoKey: 'photo-0001' }),
    ]);
  });
});

describe('upload queue', () => {
  const photoItem: QueueItem = { id: 'p-photo-0001', kind: 'photo', photo: PHOTO };
  const checkInItem: QueueItem = {
    id: 'c-visit-key-1',
    kind: 'checkIn',
    body: {
      clientId: 'visit-key-1',
      customerId: 'c1',
      lng: 113.3,
      lat: 23.1,
      accuracyM: 10,
      reason: null,
      deviceTime: 't',
      appVersion: 'v',
    },
    photoKey: 'photo-0001',
  };
  const stepItem: QueueItem = {
    id: 's-1',
    kind: 'step',
    visitKey: 'visit-key-1',
    body: { clientId: 'step-1', stepType: 'DOOR_PHOTO', data: {} },
    photoKeys: [],
  };

  it('stops at once when empty', () =>
    expectSaga(flushQueue).withState(stateWith()).not.call.fn(sendItem).run());

  it('sends in order and hands the server’s ids to what comes next', async () => {
    const sent: Array<[string, unknown]> = [];
    const { storeState } = await expectSaga(flushQueue)
      .withReducer(rootReducer, stateWith({ queue: [photoItem, checkInItem, stepItem], visit: VISIT }))
      .provide({
        call(effect, next) {
          if (effect.fn !== sendItem) return next();
          const [item, refs] = effect.args as [QueueItem, unknown];
          sent.push([item.id, JSON.parse(JSON.stringify(refs))]);
          return item.kind === 'photo' ? 'att-1' : item.kind === 'checkIn' ? 'visit-1' : undefined;
        },
      })
      .put(itemSent({ id: 'p-photo-0001', serverId: 'att-1' }))
      .put(itemSent({ id: 'c-visit-key-1', serverId: 'visit-1' }))
      .put(itemSent({ id: 's-1', serverId: undefined }))
      .run();
    expect(sent.map(([id]) => id)).toEqual(['p-photo-0001', 'c-visit-key-1', 's-1']);
    expect(sent[2][1]).toEqual({
      visitIds: { 'visit-key-1': 'visit-1' },
      photoIds: { 'photo-0001': 'att-1' },
    });
    expect((storeState.workbench as WorkbenchState).queue).toEqual([]);
  });

  it('keeps the queue when the network fails, to send it again later', async () => {
    const { storeState } = await expectSaga(flushQueue)
      .withReducer(rootReducer, stateWith({ queue: [photoItem, checkInItem] }))
      .provide([
        [matchers.call.fn(sendItem), throwError(new HttpError(failure(null, 'Network Error'), undefined))],
      ])
      .put(queueStalled('网络不可用，恢复后自动上传'))
      .not.put.like({ action: { type: itemRefused.type } })
      .run();
    expect((storeState.workbench as WorkbenchState).queue).toHaveLength(2);
  });

  it('keeps the queue on a server fault', () =>
    expectSaga(flushQueue)
      .withState(stateWith({ queue: [stepItem] }))
      .provide([[matchers.call.fn(sendItem), throwError(new HttpError(failure(502, '网关错误'), undefined))]])
      .put(queueStalled('网关错误'))
      .run());

  it('drops a refused check-in with the steps that depend on it, and tells the rep', async () => {
    const { storeState } = await expectSaga(flushQueue)
      .withReducer(rootReducer, stateWith({ queue: [checkInItem, stepItem], visit: VISIT }))
      .provide([
        [
          matchers.call.fn(sendItem),
          throwError(new HttpError(failure(409, '您在「某店」的拜访尚未签退，请先签退'), undefined)),
        ],
      ])
      .put(itemRefused({ id: 'c-visit-key-1', message: '您在「某店」的拜访尚未签退，请先签退' }))
      .run();
    const state = storeState.workbench as WorkbenchState;
    expect(state.queue).toEqual([]);
    expect(state.visit).toBeNull();
    expect(state.notice).toBe('您在「某店」的拜访尚未签退，请先签退');
  });

  it('drops an item the server refused in its envelope and goes on with the next', () =>
    expectSaga(flushQueue)
      .withReducer(rootReducer, stateWith({ queue: [stepItem, { ...stepItem, id: 's-2' }] }))
      .provide({
        call(effect, next) {
          if (effect.fn !== sendItem) return next();
          if ((effect.args[0] as QueueItem).id === 's-1') throw new Refused('拜访已签退，不能再记录步骤');
          return undefined;
        },
      })
      .put(itemRefused({ id: 's-1', message: '拜访已签退，不能再记录步骤' }))
      .put(itemSent({ id: 's-2', serverId: undefined }))
      .run());

  it('sends an item again after a lost answer: the same client id, the one visit the server made', async () => {
    let calls = 0;
    const bodies: unknown[] = [];
    const saga = expectSaga(flushQueue)
      .withReducer(rootReducer, stateWith({ queue: [{ ...checkInItem, photoKey: null }] }))
      .provide({
        call(effect, next) {
          if (effect.fn !== sendItem) return next();
          calls += 1;
          bodies.push((effect.args[0] as QueueItem & { kind: 'checkIn' }).body.clientId);
          if (calls === 1) throw new HttpError(failure(null, 'timeout'), undefined);
          return 'visit-1';
        },
      });
    const first = await saga.run();
    expect((first.storeState.workbench as WorkbenchState).queue).toHaveLength(1);
    const second = await expectSaga(flushQueue)
      .withReducer(rootReducer, first.storeState)
      .provide({
        call(effect, next) {
          if (effect.fn !== sendItem) return next();
          bodies.push((effect.args[0] as QueueItem & { kind: 'checkIn' }).body.clientId);
          return 'visit-1';
        },
      })
      .run();
    expect(bodies).toEqual(['visit-key-1', 'visit-key-1']);
    expect((second.storeState.workbench as WorkbenchState).visitIds).toEqual({ 'visit-key-1': 'visit-1' });
  });

  it('kicks the queue when the network returns, and shows when it is lost', () => {
    const events = channel<boolean>();
    events.put(false);
    events.put(true);
    return expectSaga(watchConnectivity)
      .provide([[matchers.call.fn(connectivityChannel), events]])
      .put(onlineChanged(false))
      .put(onlineChanged(true))
      .put(queueKick())
      .silentRun(50);
  });
});

describe('slice', () => {
  it('takes the server’s open visit with its steps and keeps the device’s', () => {
    const state = workbenchReducer(
      { ...initialState, visit: { ...VISIT, stepsDone: ['STOCK_CHECK'] } },
      {
        type: 'workbench/todayLoaded',
        payload: {
          date: 'd',
          repName: 'r',
          mayOrder: true,
          outlets: [],
          skus: [],
          openVisit: {
            id: 'visit-1',
            visitNo: 'VS1',
            clientId: 'visit-key-1',
            customerId: 'c1',
            customerName: '天河便利店',
            customerCode: 'MD001',
            address: null,
            checkInAt: '2026-11-27 10:00:00',
            checkInDistanceM: 10,
            abnormalFlags: [],
            rule: { ...RULE, steps: [{ stepType: 'DOOR_PHOTO', required: true }] },
            steps: [{ stepType: 'DOOR_PHOTO', clientId: 's' }],
          },
        },
      },
    );
    expect(state.visit?.stepsDone).toEqual(['DOOR_PHOTO', 'STOCK_CHECK']);
    // The visit's steps are those of its snapshot.
    expect(state.visit?.steps).toEqual([{ stepType: 'DOOR_PHOTO', required: true }]);
    expect(state.visitIds).toEqual({ 'visit-key-1': 'visit-1' });
  });

  it('drops a refused check-in’s execution result with its steps', () => {
    const state = workbenchReducer(
      {
        ...initialState,
        visit: VISIT,
        queue: [
          {
            id: 'c-visit-key-1',
            kind: 'checkIn',
            body: {
              clientId: 'visit-key-1',
              customerId: 'c1',
              lng: 1,
              lat: 1,
              accuracyM: 1,
              reason: null,
              deviceTime: 't',
              appVersion: 'v',
            },
            photoKey: null,
          },
          {
            id: 'e-1',
            kind: 'execution',
            visitKey: 'visit-key-1',
            body: { clientId: 'exec-0001', templateId: 't1', items: [{ itemId: 'i1', value: true }] },
            photoKeys: {},
          },
        ],
      },
      itemRefused({ id: 'c-visit-key-1', message: '不能签到' }),
    );
    expect(state.queue).toEqual([]);
    expect(state.visit).toBeNull();
  });
});

describe('下单 sagas', () => {
  const LINES = [{ skuId: 'sku-1', cases: 2, units: 3 }];
  const PREVIEW = {
    lines: [
      {
        skuId: 'sku-1',
        skuName: '冰红茶',
        qtyText: '2箱3瓶',
        listAmount: '99.00',
        discountAmount: '0.00',
        amount: '99.00',
        isGift: false,
        promotionNames: [],
      },
    ],
    goodsAmount: '99.00',
    promoDiscountAmount: '0.00',
    payableAmount: '99.00',
    applied: [],
    skipped: [],
  } as PromotionPreview;
  const orderItem: QueueItem = {
    id: 'r-order-0001',
    kind: 'order',
    visitKey: 'visit-key-1',
    body: { clientId: 'order-0001', paymentMethod: 'COD', lines: LINES },
  };

  describe('price preview', () => {
    const run = (state = stateWith({ visit: VISIT })) =>
      expectSaga(orderPreviewSaga, orderPreviewRequested({ lines: LINES })).withState(state);

    it('does nothing without a visit', () =>
      run(stateWith()).not.call.fn(fetchOrderPreview).not.put(orderPreviewLoading()).run());

    it('asks the server for the visit’s outlet and shows its prices', () =>
      run()
        .provide([[matchers.call.fn(fetchOrderPreview), { success: true, result: PREVIEW }]])
        .put(orderPreviewLoading())
        .call(fetchOrderPreview, 'c1', LINES)
        .put(orderPreviewLoaded(PREVIEW))
        .run());

    it('shows the server’s refusal (no price for the outlet)', () =>
      run()
        .provide([
          [
            matchers.call.fn(fetchOrderPreview),
            { success: false, message: '第 1 行：冰红茶 没有适用于该客户的供货价，请先维护价目表' },
          ],
        ])
        .put(orderPreviewFailed('第 1 行：冰红茶 没有适用于该客户的供货价，请先维护价目表'))
        .run());

    it('says offline that the server prices the order once it is sent', () =>
      run()
        .provide([
          [
            matchers.call.fn(fetchOrderPreview),
            throwError(new HttpError(failure(null, 'Network Error'), undefined)),
          ],
        ])
        .put(orderPreviewFailed('网络不可用，暂不能预览价格；订单可先提交，联网后由服务器按门店价格定价'))
        .run());

    it('tells a refusal by status as the server worded it', () =>
      run()
        .provide([
          [
            matchers.call.fn(fetchOrderPreview),
            throwError(new HttpError(failure(403, '没有权限'), undefined)),
          ],
        ])
        .put(orderPreviewFailed('没有权限'))
        .run());
  });

  describe('placing the order', () => {
    it('does nothing without a visit', () =>
      expectSaga(placeOrderSaga, orderRequested({ lines: LINES, paymentMethod: 'COD' }))
        .withState(stateWith())
        .not.put.like({ action: { type: 'workbench/stepQueued' } })
        .run());

    it('queues the order under a client id of its own, marks 下单 done and clears the preview', async () => {
      const { storeState } = await expectSaga(
        placeOrderSaga,
        orderRequested({ lines: LINES, paymentMethod: 'CREDIT' }),
      )
        .withReducer(
          rootReducer,
          stateWith({ visit: VISIT, orderPreview: { phase: 'ready', preview: PREVIEW } }),
        )
        .provide([[matchers.call.fn(newClientId), 'order-0001']])
        .put(orderPreviewCleared())
        .run();
      const state = storeState.workbench as WorkbenchState;
      expect(state.queue).toEqual([{ ...orderItem, body: { ...orderItem.body, paymentMethod: 'CREDIT' } }]);
      expect(state.visit?.stepsDone).toEqual(['ORDER']);
      expect(state.orderPreview).toEqual({ phase: 'idle' });
    });

    it('sends the order again after a lost answer with the same client id: the server answers the one order', async () => {
      const sent: string[] = [];
      const provide = (fail: boolean) => ({
        call(effect: { fn: unknown; args: unknown[] }, next: () => unknown) {
          if (effect.fn !== sendItem) return next();
          sent.push((effect.args[0] as QueueItem & { kind: 'order' }).body.clientId);
          if (fail) throw new HttpError(failure(null, 'timeout'), undefined);
          return undefined;
        },
      });
      const first = await expectSaga(flushQueue)
        .withReducer(rootReducer, stateWith({ visit: VISIT, queue: [orderItem] }))
        .provide(provide(true))
        .run();
      expect((first.storeState.workbench as WorkbenchState).queue).toEqual([orderItem]);
      const second = await expectSaga(flushQueue)
        .withReducer(rootReducer, first.storeState)
        .provide(provide(false))
        .put(itemSent({ id: 'r-order-0001', serverId: undefined }))
        .run();
      expect(sent).toEqual(['order-0001', 'order-0001']);
      expect((second.storeState.workbench as WorkbenchState).queue).toEqual([]);
    });

    it('drops an order the server refused and tells the rep', async () => {
      const { storeState } = await expectSaga(flushQueue)
        .withReducer(rootReducer, stateWith({ visit: VISIT, queue: [orderItem] }))
        .provide([[matchers.call.fn(sendItem), throwError(new Refused('拜访已签退，不能再下单'))]])
        .put(itemRefused({ id: 'r-order-0001', message: '拜访已签退，不能再下单' }))
        .run();
      expect((storeState.workbench as WorkbenchState).queue).toEqual([]);
      expect((storeState.workbench as WorkbenchState).notice).toBe('拜访已签退，不能再下单');
    });
  });
});
