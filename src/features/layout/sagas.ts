// The theme drawer's effects: a colour change is shown as '正在编译主题！' until the theme provider has
// rendered it, 'Failed to update theme' when it cannot be applied (spec §8); and the multi-tab mode
// is restored as on when storage has no value for it (spec §4).
import type { PayloadAction } from '@reduxjs/toolkit';
import { REHYDRATE, type RehydrateAction } from 'redux-persist';
import type { SagaIterator } from 'redux-saga';
import { call, delay, put, race, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { closeToast, loadingToast, toast } from '../../utils/notifier';
import { selectThemeColor } from './selectors';
import { colorChanged, colorRequested, settingsChanged, themeRendered, themeSettled } from './slice';

export const THEME_TEXTS = {
  compiling: '正在编译主题！',
  failed: 'Failed to update theme',
} as const;

export const THEME_TOAST_KEY = 'theme-compiling';
/** How long the provider may take to render a new colour before the change counts as failed. */
export const THEME_RENDER_TIMEOUT_MS = 5000;
/** The persist key of the layout slice (rootReducer). */
export const LAYOUT_PERSIST_KEY = 'layout';

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export function* applyColor({ payload: color }: PayloadAction<string>): SagaIterator {
  const previous: string = yield select(selectThemeColor);
  yield call(loadingToast, THEME_TOAST_KEY, THEME_TEXTS.compiling);
  try {
    if (!HEX_COLOR.test(color)) throw new Error(`not a colour: ${color}`);
    yield put(colorChanged(color));
    const { timedOut } = yield race({
      rendered: take(
        (action: { type: string; payload?: unknown }) =>
          themeRendered.match(action) && action.payload === color,
      ),
      timedOut: delay(THEME_RENDER_TIMEOUT_MS),
    });
    if (timedOut) throw new Error('the theme did not render');
    yield call(closeToast, THEME_TOAST_KEY);
  } catch {
    yield put(colorChanged(previous));
    yield call(closeToast, THEME_TOAST_KEY);
    yield call(toast, 'error', THEME_TEXTS.failed);
  } finally {
    yield put(themeSettled());
  }
}

/** jeecg's mount reads the multi-page flag with `true` as the fallback: unset means on. */
export function* restoreMultipage(action: RehydrateAction): SagaIterator {
  if (action.key !== LAYOUT_PERSIST_KEY) return;
  const stored = action.payload as { multipage?: boolean | null } | undefined;
  if (stored?.multipage === undefined || stored.multipage === null) {
    yield put(settingsChanged({ multipage: true }));
  }
}

export function* layoutSaga(): SagaIterator {
  yield takeLatest(colorRequested.type, applyColor);
  yield takeEvery(REHYDRATE, restoreMultipage);
}
