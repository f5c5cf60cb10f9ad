import { expectSaga, testSaga } from 'redux-saga-test-plan';
import { downloadFailed, requestFailed, type HttpFailure } from '../../src/api/http';
import {
  handleDownloadFailed,
  handleRequestFailed,
  httpErrorsSaga,
  UNAUTHORIZED_RELOAD_DELAY_MS,
} from '../../src/features/httpErrors/sagas';
import { loggedOut, tokenInvalidated } from '../../src/features/session/slice';
import { flushPersistedState } from '../../src/store/persistence';
import { reloadPage } from '../../src/utils/browser';
import { notify, toast } from '../../src/utils/notifier';

function failure(overrides: Partial<HttpFailure>): ReturnType<typeof requestFailed> {
  return requestFailed({
    status: 500,
    message: '',
    timedOut: false,
    hadToken: true,
    method: 'get',
    url: '/sys/user/list',
    ...overrides,
  });
}

describe('handleRequestFailed', () => {
  it('HTTP 403 shows 拒绝访问 with the server’s reason', () => {
    testSaga(handleRequestFailed, failure({ status: 403, message: '不能操作权限高于您的用户' }))
      .next()
      .call(notify, 'error', '拒绝访问', '不能操作权限高于您的用户')
      .next()
      .isDone();
  });

  it.each([
    [404, '很抱歉，资源未找到!'],
    [504, '网络超时'],
  ])('HTTP %i shows %s', (status, text) => {
    testSaga(handleRequestFailed, failure({ status, message: 'server text' }))
      .next()
      .call(notify, 'error', text)
      .next()
      .isDone();
  });

  it('a request that timed out without a response shows 网络超时', () => {
    testSaga(
      handleRequestFailed,
      failure({ status: null, timedOut: true, message: 'timeout of 300000ms exceeded' }),
    )
      .next()
      .call(notify, 'error', '网络超时')
      .next()
      .isDone();
  });

  it('HTTP 401 without a token only tells the user to log in', () => {
    testSaga(handleRequestFailed, failure({ status: 401, hadToken: false }))
      .next()
      .call(notify, 'error', '未授权，请重新登录')
      .next()
      .isDone();
  });

  it('HTTP 401 with a token logs out, then reloads after 1.5 s with the logout saved', () => {
    expect(UNAUTHORIZED_RELOAD_DELAY_MS).toBe(1500);
    testSaga(handleRequestFailed, failure({ status: 401, message: '未登录' }))
      .next()
      .call(notify, 'error', '未授权，请重新登录')
      .next()
      .put(loggedOut())
      .next()
      .delay(1500)
      .next()
      .call(flushPersistedState)
      .next()
      .call(reloadPage)
      .next()
      .isDone();
  });

  it.each([500, 401])(
    'HTTP %i with Token失效 removes the token, flags resetLogin and reloads at once',
    (status) => {
      testSaga(handleRequestFailed, failure({ status, message: 'Token失效，请重新登录' }))
        .next()
        .put(tokenInvalidated())
        .next()
        .call(flushPersistedState)
        .next()
        .call(reloadPage)
        .next()
        .isDone();
    },
  );

  it('Token失效 on a request that carried no token is shown like any other failure', () => {
    testSaga(handleRequestFailed, failure({ status: 500, message: 'Token失效，请重新登录', hadToken: false }))
      .next()
      .call(notify, 'error', 'Token失效，请重新登录')
      .next()
      .isDone();
  });

  it.each([
    [500, '操作失败，数据库不可用'],
    [418, '服务器是一把茶壶'],
    [429, '请求过于频繁'],
    [null, 'Network Error'],
  ])('HTTP %p shows the server message %s', (status, message) => {
    testSaga(handleRequestFailed, failure({ status, message }))
      .next()
      .call(notify, 'error', message)
      .next()
      .isDone();
  });

  it('shows nothing for an unlisted status without a message', () => {
    testSaga(handleRequestFailed, failure({ status: 502, message: '' }))
      .next()
      .isDone();
  });
});

describe('handleDownloadFailed', () => {
  it("shows the warning '文件下载失败'", () => {
    testSaga(handleDownloadFailed, downloadFailed({ url: '/x' }))
      .next()
      .call(toast, 'warning', '文件下载失败')
      .next()
      .isDone();
  });

  it("shows the server's refusal when it gave one", () => {
    testSaga(handleDownloadFailed, downloadFailed({ url: '/x', message: '文件已过期，请重新导出' }))
      .next()
      .call(toast, 'warning', '文件已过期，请重新导出')
      .next()
      .isDone();
  });
});

describe('httpErrorsSaga', () => {
  it('handles every reported failure', () =>
    expectSaga(httpErrorsSaga)
      .provide({ call: (effect, next) => (effect.fn === notify || effect.fn === toast ? undefined : next()) })
      .call(notify, 'error', '拒绝访问')
      .call(notify, 'error', '很抱歉，资源未找到!')
      .call(toast, 'warning', '文件下载失败')
      .dispatch(failure({ status: 403 }))
      .dispatch(failure({ status: 404 }))
      .dispatch(downloadFailed({ url: '/file' }))
      .silentRun(50));
});
