// Closing tabs: the rules of closing.ts decide; a refusal is a warning, a close releases the pages and,
// when the shown tab went, takes the router to the tab shown next.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery } from 'redux-saga/effects';
import { navigateTo } from '../../router/navigator';
import { toast } from '../../utils/notifier';
import { planClose, type ClosePlan, type CloseScope, type Tab } from './closing';
import { selectActiveTabKey, selectTabs } from './selectors';
import { closeRequested, tabsClosed } from './slice';

export function* closeTabs({
  payload: { key, scope },
}: PayloadAction<{ key: string; scope: CloseScope }>): SagaIterator {
  const tabs: Tab[] = yield select(selectTabs);
  const activeKey: string | null = yield select(selectActiveTabKey);
  const plan: ClosePlan = yield call(planClose, tabs, activeKey ?? key, key, scope);
  if (plan.type === 'refused') {
    yield call(toast, 'warning', plan.message);
    return;
  }
  if (plan.keys.length === 0) return;
  yield put(tabsClosed({ keys: plan.keys, nextActive: plan.nextActive }));
  if (plan.nextActive !== activeKey) {
    const next = tabs.find((tab) => tab.key === plan.nextActive);
    yield call(navigateTo, next?.url ?? plan.nextActive);
  }
}

export function* tabsSaga(): SagaIterator {
  yield takeEvery(closeRequested.type, closeTabs);
}
