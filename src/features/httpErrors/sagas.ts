// What the user sees when a request fails (spec §8). The HTTP layer only reports; this saga decides.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, delay, put, takeEvery } from 'redux-saga/effects';
import { TOKEN_EXPIRED_MESSAGE } from '../../../common/constants';
import { downloadFailed, requestFailed, type HttpFailure } from '../../api/http';
import { flushPersistedState } from '../../store/persistence';
import { reloadPage } from '../../utils/browser';
import { notify, toast } from '../../utils/notifier';
import { loggedOut, tokenInvalidated } from '../session/slice';

const HTTP_ERROR_TEXTS = {
  forbidden: '拒绝访问',
  notFound: '很抱歉，资源未找到!',
  timeout: '网络超时',
  unauthorized: '未授权，请重新登录',
  downloadFailed: '文件下载失败',
} as const;

/** After a 401 the notice stays readable for a moment before the page reloads. */
export const UNAUTHORIZED_RELOAD_DELAY_MS = 1500;

/** The server no longer accepts the token: spec form 500, our server's form 401 (API.md Part A). */
function isTokenExpired({ status, message, hadToken }: HttpFailure): boolean {
  return hadToken && (status === 500 || status === 401) && message === TOKEN_EXPIRED_MESSAGE;
}

export function* handleRequestFailed({ payload: failure }: PayloadAction<HttpFailure>): SagaIterator {
  if (isTokenExpired(failure)) {
    // The login modal opens after the reload (resetLogin).
    yield put(tokenInvalidated());
    yield call(flushPersistedState);
    yield call(reloadPage);
    return;
  }
  if (failure.status === 403) {
    // The server's reason (没有权限… / 不能操作权限高于您的用户 …) under the catalogue's title.
    if (failure.message) yield call(notify, 'error', HTTP_ERROR_TEXTS.forbidden, failure.message);
    else yield call(notify, 'error', HTTP_ERROR_TEXTS.forbidden);
  } else if (failure.status === 404) {
    yield call(notify, 'error', HTTP_ERROR_TEXTS.notFound);
  } else if (failure.status === 504 || failure.timedOut) {
    yield call(notify, 'error', HTTP_ERROR_TEXTS.timeout);
  } else if (failure.status === 401) {
    yield call(notify, 'error', HTTP_ERROR_TEXTS.unauthorized);
    if (failure.hadToken) {
      yield put(loggedOut());
      yield delay(UNAUTHORIZED_RELOAD_DELAY_MS);
      yield call(flushPersistedState);
      yield call(reloadPage);
    }
  } else if (failure.message) {
    yield call(notify, 'error', failure.message);
  }
}

export function* handleDownloadFailed({ payload }: ReturnType<typeof downloadFailed>): SagaIterator {
  yield call(toast, 'warning', payload.message || HTTP_ERROR_TEXTS.downloadFailed);
}

export function* httpErrorsSaga(): SagaIterator {
  yield takeEvery(requestFailed.type, handleRequestFailed);
  yield takeEvery(downloadFailed.type, handleDownloadFailed);
}
