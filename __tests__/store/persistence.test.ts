import { SESSION_TTL_MS } from '../../common/constants';
import { buttonAuthLoaded } from '../../src/features/permissions/slice';
import { loggedIn, loggedOut, tokenInvalidated, type UserInfo } from '../../src/features/session/slice';
import { configureAppStore } from '../../src/store';
import { keyedStorage, vueLsArea } from '../../src/store/persistence';
import { rehydrated } from '../support/store';

const NOW = 1_700_000_000_000;
const userInfo: UserInfo = { id: 'u1', username: 'admin', realname: '管理员', cpycod: 'C001' };

async function startStore() {
  const app = configureAppStore();
  await rehydrated(app.persistor);
  return app;
}

function vueLs(value: unknown, expire: number | null): string {
  return JSON.stringify({ value, expire });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('session persistence (vue-ls records under pro__ keys)', () => {
  it('writes the token, username and user info with a 7-day expiry', async () => {
    const { store, persistor } = await startStore();

    store.dispatch(loggedIn({ token: 'tok-1', username: 'admin', userInfo }));
    await persistor.flush();

    const expire = NOW + 604800000;
    expect(SESSION_TTL_MS).toBe(604800000);
    expect(localStorage.getItem('pro__Access-Token')).toBe('{"value":"tok-1","expire":' + expire + '}');
    expect(localStorage.getItem('pro__Login_Username')).toBe(vueLs('admin', expire));
    expect(localStorage.getItem('pro__Login_Userinfo')).toBe(vueLs(userInfo, expire));
    expect(localStorage.getItem('pro__resetLogin')).toBe(vueLs(false, null));
    // The layout settings have their own keys (features/layout); the session writes only these.
    const layoutKeys = /^pro__(SIDEBAR_TYPE|DEFAULT_)/;
    expect(
      Object.keys(localStorage)
        .filter((key) => !layoutKeys.test(key))
        .sort(),
    ).toEqual(['pro__Access-Token', 'pro__Login_Userinfo', 'pro__Login_Username', 'pro__resetLogin']);
  });

  it('restores unexpired values and drops (and deletes) expired ones', async () => {
    localStorage.setItem('pro__Access-Token', vueLs('old-token', NOW - 1));
    localStorage.setItem('pro__Login_Username', vueLs('admin', NOW + 1000));
    localStorage.setItem('pro__Login_Userinfo', vueLs(userInfo, NOW));

    const { store } = await startStore();

    expect(store.getState().session).toMatchObject({ token: null, username: 'admin', userInfo });
    expect(localStorage.getItem('pro__Access-Token')).toBeNull();
    expect(localStorage.getItem('pro__Login_Username')).toBe(vueLs('admin', NOW + 1000));
  });

  it('keeps the expiry of a value that did not change when the slice is written again', async () => {
    localStorage.setItem('pro__Access-Token', vueLs('tok-1', NOW + 5000));

    const { store, persistor } = await startStore();
    store.dispatch(buttonAuthLoaded({ auth: [], allAuth: [] }));
    await persistor.flush();

    expect(store.getState().session.token).toBe('tok-1');
    expect(localStorage.getItem('pro__Access-Token')).toBe(vueLs('tok-1', NOW + 5000));
  });

  it('removes the keys when the session ends', async () => {
    const { store, persistor } = await startStore();
    store.dispatch(loggedIn({ token: 'tok-1', username: 'admin', userInfo }));
    await persistor.flush();

    store.dispatch(loggedOut());
    await persistor.flush();

    expect(localStorage.getItem('pro__Access-Token')).toBeNull();
    expect(localStorage.getItem('pro__Login_Username')).toBeNull();
    expect(localStorage.getItem('pro__Login_Userinfo')).toBeNull();
  });

  it('removes only the token and flags resetLogin when the token is invalidated', async () => {
    const { store, persistor } = await startStore();
    store.dispatch(loggedIn({ token: 'tok-1', username: 'admin', userInfo }));
    await persistor.flush();

    store.dispatch(tokenInvalidated());
    await persistor.flush();

    expect(localStorage.getItem('pro__Access-Token')).toBeNull();
    expect(localStorage.getItem('pro__Login_Username')).toBe(vueLs('admin', NOW + SESSION_TTL_MS));
    expect(localStorage.getItem('pro__resetLogin')).toBe(vueLs(true, null));
  });
});

describe('permission persistence (raw JSON in sessionStorage)', () => {
  const auth = [{ action: 'order:audit', type: '1', describe: '审核' }];
  const allAuth = [{ action: 'order:audit', type: '1', status: '1', describe: '审核' }];

  it('writes the button permissions without prefix or expiry, and never to localStorage', async () => {
    const { store, persistor } = await startStore();

    store.dispatch(buttonAuthLoaded({ auth, allAuth }));
    await persistor.flush();

    expect(sessionStorage.getItem('LOGIN_USER_BUTTON_AUTH')).toBe(JSON.stringify(auth));
    expect(sessionStorage.getItem('SYS_BUTTON_AUTH')).toBe(JSON.stringify(allAuth));
    expect(Object.keys(localStorage).filter((key) => key.includes('AUTH'))).toEqual([]);
  });

  it('restores them on start and clears them at logout', async () => {
    sessionStorage.setItem('LOGIN_USER_BUTTON_AUTH', JSON.stringify(auth));
    sessionStorage.setItem('SYS_BUTTON_AUTH', JSON.stringify(allAuth));

    const { store, persistor } = await startStore();
    expect(store.getState().permissions).toMatchObject({ userButtonAuth: auth, sysButtonAuth: allAuth });

    store.dispatch(loggedOut());
    await persistor.flush();
    expect(sessionStorage.getItem('LOGIN_USER_BUTTON_AUTH')).toBe('[]');
  });
});

describe('vueLsArea', () => {
  it('reads records without expiry, and ignores values that are not vue-ls records', () => {
    localStorage.setItem('pro__mesSystem', vueLs('1', null));
    localStorage.setItem('pro__broken', '{not json');
    localStorage.setItem('pro__plain', '"just a string"');

    expect(vueLsArea.read('mesSystem')).toEqual({ value: '1' });
    expect(vueLsArea.read('broken')).toBeUndefined();
    expect(vueLsArea.read('plain')).toBeUndefined();
    expect(vueLsArea.read('missing')).toBeUndefined();
  });

  it('treats a record expiring exactly now as still valid, as vue-ls does', () => {
    localStorage.setItem('pro__loginLevel', vueLs(9, NOW));
    expect(vueLsArea.read('loginLevel')).toEqual({ value: 9 });
  });
});

describe('keyedStorage', () => {
  const storage = keyedStorage(
    { token: { key: 'Access-Token', ttlMs: 1000 }, level: { key: 'loginLevel' } },
    vueLsArea,
  );

  it('answers null when none of its keys is stored, so nothing is rehydrated', async () => {
    await expect(storage.getItem('persist:session')).resolves.toBeNull();
  });

  it('maps redux-persist serialized state onto the field keys and back, ignoring other fields', async () => {
    await storage.setItem(
      'persist:session',
      JSON.stringify({ token: '"t"', level: '9', other: '"x"', _persist: '{"version":-1}' }),
    );

    expect(localStorage.getItem('pro__Access-Token')).toBe(vueLs('t', NOW + 1000));
    expect(localStorage.getItem('pro__loginLevel')).toBe(vueLs(9, null));
    expect(localStorage.length).toBe(2);
    await expect(storage.getItem('persist:session')).resolves.toBe(
      JSON.stringify({ token: '"t"', level: '9' }),
    );

    await storage.removeItem('persist:session');
    expect(localStorage.length).toBe(0);
  });
});
