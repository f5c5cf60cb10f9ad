// The third-party flows (spec §2 query parameters, §7): what the landing query asks for, the QR panel's
// company search, the jumps to WeCom's install and register pages and to the CAS login, and the share
// inside the messaging apps. Every login goes through the session's handleLoginResult, like the password login.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, fork, put, race, select, take, takeLatest, takeLeading } from 'redux-saga/effects';
import { LOGIN_PATH, PRODUCT_NAME } from '../../../common/constants';
import type { Envelope } from '../../../common/contract';
import type { LoginResult } from '../../api/auth';
import {
  adminLogin,
  APP_TYPE,
  casValidateLogin,
  genWxConfigParams,
  installApp,
  preAuthCode,
  qrLogin,
  registerCode,
  searchCompany,
  specialLogin,
  suiteLogin,
  thirdPartySettings,
  type CorpSummary,
  type ThirdPartySettings,
  type WxConfigParams,
} from '../../api/thirdParty';
import { navigateTo } from '../../router/navigator';
import { notify, toast } from '../../utils/notifier';
import { handleLoginResult, submitLogin } from '../session/sagas';
import { loggedOut, loginCompleted } from '../session/slice';
import {
  applyShare,
  assignLocation,
  loadJsSdk,
  logShareSkipped,
  type ShareContent,
  type WxSdk,
} from './browser';
import { casLoginUrl, landingFlowOf, webparamPath, type LandingFlow } from './query';
import { selectThirdPartySettings } from './selectors';
import {
  casLoginRequested,
  companySearchRequested,
  companySearchSettled,
  flowSettled,
  installRequested,
  landingQueryReceived,
  qrPanelOpened,
  registerCodeRequested,
  settingsLoaded,
  settingsRequested,
  shareSetupRequested,
  type LandingAddress,
} from './slice';

export const THIRD_PARTY_TEXTS = {
  installTitle: '安装提示',
  installFailed: '应用安装失败，请稍后重试',
  jumpFailedTitle: '跳转失败',
  keywordRequired: '请输入企业名称',
  casNotConfigured: '未配置单点登录（CAS）服务',
} as const;

/** What the page shares inside WeChat and WeCom (fixed, spec §2). */
export const SHARE_TEXTS = {
  title: `${PRODUCT_NAME} — 酒水快消渠道数字化`,
  desc: '品牌商、经销商、终端门店一站式数字化：客户拜访、订货商城、促销与协议、资产管理。',
} as const;
export const SHARE_IMAGE_PATH = '/logo.svg';

/** The login call of each login flow. */
function loginCallOf(flow: LandingFlow): [(params: never) => Promise<Envelope<LoginResult>>, unknown] | null {
  switch (flow.kind) {
    case 'qrLogin':
      return [qrLogin, { code: flow.code, corpid: flow.corpid, remember_me: true }];
    case 'cas':
      return [casValidateLogin, { ticket: flow.ticket, service: flow.service }];
    case 'special':
      return [specialLogin, { username: flow.username }];
    case 'adminLogin':
      return [adminLogin, { code: flow.code, suiteId: flow.suiteId }];
    case 'suiteLogin':
      return [suiteLogin, { code: flow.code }];
    default:
      return null;
  }
}

/** Installs the app with WeCom's auth_code; the server's message is the notice 安装提示. */
export function* installWithAuthCode(authCode: string, code: string): SagaIterator {
  try {
    const envelope: Envelope<null> = yield call(installApp, { authCode, code });
    yield call(
      notify,
      envelope.success ? 'success' : 'error',
      THIRD_PARTY_TEXTS.installTitle,
      envelope.message || THIRD_PARTY_TEXTS.installFailed,
    );
  } catch {
    // The HTTP layer has shown the failure.
  }
}

/** Once the login has landed (department chosen, if asked), opens `path`; a failed login ends the wait. */
export function* openAfterLogin(path: string): SagaIterator {
  const { completed } = yield race({ completed: take(loginCompleted.type), out: take(loggedOut.type) });
  if (completed) yield call(navigateTo, path);
}

export function* runLandingQuery({ payload }: PayloadAction<LandingAddress>): SagaIterator {
  const flow = landingFlowOf(payload.search, payload.pageUrl);
  if (flow.kind === 'none') return;
  if (flow.kind === 'qrPanel') {
    yield put(qrPanelOpened());
    return;
  }
  // Codes and tickets are single use: a reload must not send them again.
  yield call(navigateTo, LOGIN_PATH, { replace: true });
  if (flow.kind === 'install') {
    yield call(installWithAuthCode, flow.authCode, flow.code);
    return;
  }
  const login = loginCallOf(flow);
  if (!login) return;
  const [request, params] = login;
  const next = webparamPath(payload.search);
  if (next) yield fork(openAfterLogin, next);
  const envelope: Envelope<LoginResult> | null = yield call(submitLogin<never>, request, params as never);
  if (envelope) yield call(handleLoginResult, envelope);
}

/** The parties' addresses, asked once; null when the call failed (the HTTP layer said why). */
export function* ensureSettings(): SagaIterator<ThirdPartySettings | null> {
  const cached: ThirdPartySettings | null = yield select(selectThirdPartySettings);
  if (cached) return cached;
  try {
    const envelope: Envelope<ThirdPartySettings> = yield call(thirdPartySettings);
    if (!envelope.success) return null;
    yield put(settingsLoaded(envelope.result));
    return envelope.result;
  } catch {
    return null;
  }
}

export function* searchCompanies({ payload: keyword }: PayloadAction<string>): SagaIterator {
  if (!keyword.trim()) {
    yield call(toast, 'warning', THIRD_PARTY_TEXTS.keywordRequired);
    yield put(companySearchSettled(null));
    return;
  }
  try {
    const envelope: Envelope<CorpSummary[]> = yield call(searchCompany, keyword.trim());
    if (!envelope.success) yield call(toast, 'warning', envelope.message);
    yield put(companySearchSettled(envelope.success ? envelope.result : null));
  } catch {
    yield put(companySearchSettled(null));
  }
}

/** Leaves for the URL a call returns (the pre-auth and register codes), or says why not. */
export function* jumpToReturnedUrl<P>(
  request: (params: P) => Promise<Envelope<string>>,
  params: P,
  title: string,
): SagaIterator {
  try {
    const envelope: Envelope<string> = yield call(request, params);
    if (envelope.success) {
      yield call(assignLocation, envelope.result);
      return;
    }
    yield call(notify, 'error', title, envelope.message);
  } catch {
    // The HTTP layer has shown the failure.
  }
  yield put(flowSettled());
}

export function* jumpToInstall({ payload }: PayloadAction<{ redirectUri: string }>): SagaIterator {
  yield call(
    jumpToReturnedUrl<Parameters<typeof preAuthCode>[0]>,
    preAuthCode,
    { appType: APP_TYPE, redirectUri: payload.redirectUri },
    THIRD_PARTY_TEXTS.installTitle,
  );
}

export function* jumpToRegister(): SagaIterator {
  yield call(
    jumpToReturnedUrl<Parameters<typeof registerCode>[0]>,
    registerCode,
    { appType: APP_TYPE },
    THIRD_PARTY_TEXTS.jumpFailedTitle,
  );
}

export function* jumpToCasLogin({ payload }: PayloadAction<{ service: string }>): SagaIterator {
  const settings: ThirdPartySettings | null = yield call(ensureSettings);
  if (settings?.casUrl) {
    yield call(assignLocation, casLoginUrl(settings.casUrl, payload.service));
    return;
  }
  if (settings)
    yield call(notify, 'error', THIRD_PARTY_TEXTS.jumpFailedTitle, THIRD_PARTY_TEXTS.casNotConfigured);
  yield put(flowSettled());
}

/**
 * Inside WeChat or WeCom: loads the JS-SDK, has the server sign the page URL (without its hash) and sets the
 * fixed share content. A share that cannot be set is skipped with the reason in the console; the page works on.
 */
export function* setUpShare({ payload }: PayloadAction<{ url: string }>): SagaIterator {
  const settings: ThirdPartySettings | null = yield call(ensureSettings);
  if (!settings?.jsSdkUrl) {
    yield call(logShareSkipped, '未配置微信 JS-SDK');
    return;
  }
  const url = payload.url.split('#')[0];
  try {
    const wx: WxSdk = yield call(loadJsSdk, settings.jsSdkUrl);
    const envelope: Envelope<WxConfigParams> = yield call(genWxConfigParams, url);
    if (!envelope.success) {
      yield call(logShareSkipped, `签名失败：${envelope.message}`);
      return;
    }
    const content: ShareContent = {
      ...SHARE_TEXTS,
      link: url,
      imgUrl: new URL(SHARE_IMAGE_PATH, url).toString(),
    };
    yield call(applyShare, wx, envelope.result, content);
  } catch (error) {
    yield call(logShareSkipped, error instanceof Error ? error.message : String(error));
  }
}

export function* thirdPartyLoginSaga(): SagaIterator {
  yield all([
    takeLeading(landingQueryReceived.type, runLandingQuery),
    takeLeading(settingsRequested.type, ensureSettings),
    takeLatest(companySearchRequested.type, searchCompanies),
    takeLeading(installRequested.type, jumpToInstall),
    takeLeading(registerCodeRequested.type, jumpToRegister),
    takeLeading(casLoginRequested.type, jumpToCasLogin),
    takeLeading(shareSetupRequested.type, setUpShare),
  ]);
}
