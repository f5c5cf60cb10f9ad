// The whole chain: a request with the stored token, the server refusing it, the saga ending the
// session, the storage updated before the page reloads.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getAction, HttpError } from '../../src/api/http';
import { loggedIn } from '../../src/features/session/slice';
import { configureAppStore } from '../../src/store';
import { reloadPage } from '../../src/utils/browser';
import { rehydrated } from '../support/store';

jest.mock('../../src/utils/browser', () => ({
  ...jest.requireActual('../../src/utils/browser'),
  reloadPage: jest.fn(),
}));

const reload = jest.mocked(reloadPage);
const userInfo = { id: 'u1', username: 'admin', realname: '管理员' };

/** Answers every request with the given status and message; records the tokens it was sent. */
function refusingServer(status: number, message: string) {
  const tokens: (string | undefined)[] = [];
  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '');
      res.writeHead(204).end();
      return;
    }
    tokens.push(req.headers['x-access-token'] as string | undefined);
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ success: false, message, code: status, result: null, timestamp: Date.now() }));
  });
  return {
    tokens,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function signedInStore(baseURL: string) {
  const app = configureAppStore({ baseURL });
  await rehydrated(app.persistor);
  app.store.dispatch(loggedIn({ token: 'tok-1', username: 'admin', userInfo }));
  await app.persistor.flush();
  return app;
}

beforeEach(() => {
  localStorage.clear();
  reload.mockReset();
});

afterEach(() => {
  jest.useRealTimers();
});

it.each([500, 401])(
  'HTTP %i Token失效: the token is removed from the store and storage, resetLogin set, then the page reloads',
  async (status) => {
    const server = refusingServer(status, 'Token失效，请重新登录');
    const baseURL = await server.start();
    try {
      const { store } = await signedInStore(baseURL);
      let storedTokenAtReload: string | null = 'not reloaded';
      reload.mockImplementation(() => {
        storedTokenAtReload = localStorage.getItem('pro__Access-Token');
      });

      await expect(getAction('/sys/user/list')).rejects.toBeInstanceOf(HttpError);
      await new Promise((resolve) => setTimeout(resolve, 0));

      expect(server.tokens).toEqual(['tok-1']);
      expect(store.getState().session).toMatchObject({ token: null, resetLogin: true, username: 'admin' });
      expect(reload).toHaveBeenCalledTimes(1);
      expect(storedTokenAtReload).toBeNull();
      expect(localStorage.getItem('pro__resetLogin')).toBe('{"value":true,"expire":null}');
    } finally {
      await server.stop();
    }
  },
);

it('HTTP 401 with a token: logged out at once, reloaded 1.5 s later with the logout saved', async () => {
  const server = refusingServer(401, '未登录');
  const baseURL = await server.start();
  try {
    const { store } = await signedInStore(baseURL);
    jest.useFakeTimers();
    await expect(getAction('/sys/user/list')).rejects.toBeInstanceOf(HttpError);

    expect(store.getState().session).toMatchObject({ token: null, username: null, userInfo: null });
    await jest.advanceTimersByTimeAsync(1499);
    expect(reload).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('pro__Access-Token')).toBeNull();
    expect(localStorage.getItem('pro__Login_Userinfo')).toBeNull();
  } finally {
    jest.useRealTimers();
    await server.stop();
  }
});
