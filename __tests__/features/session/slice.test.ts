// The session slice with the real store: what each sign-in event leaves in state and in storage.
import { SESSION_TTL_MS } from '../../../common/constants';
import * as authApi from '../../../src/api/auth';
import { buttonAuthLoaded } from '../../../src/features/permissions/slice';
import { selectToken } from '../../../src/features/session/selectors';
import {
  departChosen,
  departPickerOpened,
  departSelected,
  encryptedStringLoaded,
  loggedIn,
  loggedOut,
  loginCompleted,
  loginModalOpened,
  loginRequested,
  logoutRequested,
  phoneLoginRequested,
  sessionReducer,
  tokenInvalidated,
  type UserInfo,
} from '../../../src/features/session/slice';
import { registerNavigator } from '../../../src/router/navigator';
import { configureAppStore } from '../../../src/store';
import { rehydrated } from '../../support/store';

jest.mock('../../../src/api/auth', () => ({
  ...jest.requireActual('../../../src/api/auth'),
  logout: jest.fn(),
  getEncryptedString: jest.fn(),
}));

const NOW = 1_700_000_000_000;
const userInfo: UserInfo = { id: 'u1', username: 'zhangwei', realname: '张伟', roleEnum: 'MES_ZG' };
const role = { id: 'r1', roleCode: 'sales', roleName: '销售', roleLevel: 9 };
const material = { key: '1234567890adbcde', iv: '1234567890hjlkew' };

function stored(key: string) {
  const raw = localStorage.getItem(`pro__${key}`);
  return raw === null ? null : (JSON.parse(raw) as { value: unknown; expire: number | null });
}

async function startStore() {
  const app = configureAppStore();
  await rehydrated(app.persistor);
  return app;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('session reducer', () => {
  const signedIn = sessionReducer(
    undefined,
    loggedIn({ token: 'tok-1', username: 'zhangwei', userInfo, loginLevel: role, mesSystem: 1 }),
  );

  it('a login in progress spans the request, the department choice and the landing', () => {
    const pending = sessionReducer(
      undefined,
      loginRequested({ username: 'a', password: 'b', rememberMe: true }),
    );
    expect(pending.loginPending).toBe(true);
    expect(
      sessionReducer(undefined, phoneLoginRequested({ mobile: 'm', smsCode: 's', rememberMe: true }))
        .loginPending,
    ).toBe(true);
    const picking = sessionReducer({ ...pending, ...signedIn, loginPending: true }, departPickerOpened([]));
    expect(picking).toMatchObject({
      loginPending: true,
      departPicker: { open: true, departs: [], submitting: false },
    });
    const sending = sessionReducer(picking, departChosen({ orgCode: 'A01' }));
    expect(sending.departPicker.submitting).toBe(true);
    const chosen = sessionReducer(sending, departSelected({ ...userInfo, orgCode: 'A01' }));
    expect(chosen).toMatchObject({
      userInfo: { orgCode: 'A01' },
      departPicker: { open: false, submitting: false },
    });
    expect(sessionReducer(chosen, loginCompleted()).loginPending).toBe(false);
  });

  it('opening the login modal removes the token and the resetLogin flag, not the account name', () => {
    const invalidated = sessionReducer(signedIn, tokenInvalidated());
    expect(invalidated.resetLogin).toBe(true);
    const opened = sessionReducer({ ...invalidated, token: 'tok-1' }, loginModalOpened());
    expect(opened).toMatchObject({ token: null, resetLogin: false, username: 'zhangwei', userInfo });
  });

  it('logout clears the session and the picker but keeps the cached key material', () => {
    const withKey = sessionReducer(
      sessionReducer(signedIn, encryptedStringLoaded(material)),
      departPickerOpened([]),
    );
    expect(sessionReducer(withKey, loggedOut())).toEqual({
      token: null,
      username: null,
      userInfo: null,
      resetLogin: false,
      loginLevel: null,
      mesSystem: null,
      encryptedString: material,
      loginPending: false,
      departPicker: { open: false, departs: [], submitting: false },
    });
  });
});

describe('persistence of the login details', () => {
  it('login level, production flag and key material are stored under their keys for 7 days', async () => {
    const { store, persistor } = await startStore();
    store.dispatch(
      loggedIn({ token: 'tok-1', username: 'zhangwei', userInfo, loginLevel: role, mesSystem: 1 }),
    );
    store.dispatch(encryptedStringLoaded(material));
    await persistor.flush();

    const expire = NOW + SESSION_TTL_MS;
    expect(stored('loginLevel')).toEqual({ value: role, expire });
    expect(stored('mesSystem')).toEqual({ value: 1, expire });
    expect(stored('ENCRYPTED_STRING')).toEqual({ value: material, expire });
    expect(stored('Login_Username')).toEqual({ value: 'zhangwei', expire });

    store.dispatch(loggedOut());
    await persistor.flush();
    expect(stored('loginLevel')).toBeNull();
    expect(stored('mesSystem')).toBeNull();
    expect(stored('Access-Token')).toBeNull();
    expect(stored('ENCRYPTED_STRING')).toEqual({ value: material, expire });
  });

  it('cached key material is reused after a reload; expired material is fetched again', async () => {
    localStorage.setItem('pro__ENCRYPTED_STRING', JSON.stringify({ value: material, expire: NOW + 1 }));
    const first = await startStore();
    first.store.dispatch(loginModalOpened());
    expect(authApi.getEncryptedString).not.toHaveBeenCalled();
    expect(first.store.getState().session.encryptedString).toEqual(material);

    localStorage.setItem('pro__ENCRYPTED_STRING', JSON.stringify({ value: material, expire: NOW - 1 }));
    jest
      .mocked(authApi.getEncryptedString)
      .mockResolvedValue({ success: true, message: '', code: 200, result: material, timestamp: NOW });
    const second = await startStore();
    second.store.dispatch(loginModalOpened());
    await Promise.resolve();
    await Promise.resolve();
    expect(authApi.getEncryptedString).toHaveBeenCalledTimes(1);
    expect(second.store.getState().session.encryptedString).toEqual(material);
  });
});

describe('logout through the store', () => {
  it('the server call carries the token; session and permissions are gone at once; then /', async () => {
    const { store } = await startStore();
    const navigate = jest.fn();
    const unregister = registerNavigator(navigate);
    store.dispatch(loggedIn({ token: 'tok-1', username: 'zhangwei', userInfo }));
    store.dispatch(buttonAuthLoaded({ auth: [{ action: 'user:add', type: '1' }], allAuth: [] }));
    let tokenAtCall: string | null = null;
    jest.mocked(authApi.logout).mockImplementation(() => {
      tokenAtCall = selectToken(store.getState());
      // The server never answers: the local logout must not wait for it.
      return new Promise(() => undefined);
    });

    store.dispatch(logoutRequested());

    expect(tokenAtCall).toBe('tok-1');
    expect(store.getState().session).toMatchObject({ token: null, username: null, userInfo: null });
    expect(store.getState().permissions).toMatchObject({ userButtonAuth: [], sysButtonAuth: [] });
    expect(navigate).toHaveBeenCalledWith('/', undefined);
    unregister();
  });
});
