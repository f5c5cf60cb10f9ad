// Rendering a system-administration screen with the real store, antd App and a memory router, the
// signed-in user holding the given button codes. `go` moves in the history (back/forward) or to a path.
// (A data router would need the Fetch API's Request, which jsdom lacks.)
import type { ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { AppProviders } from '../../src/AppProviders';
import { buttonAuthLoaded } from '../../src/features/permissions/slice';
import { configureAppStore } from '../../src/store';
import { rehydrated } from './store';

export async function renderSystemPage(
  ui: ReactNode,
  { path = '/', codes = [], baseURL }: { path?: string; codes?: string[]; baseURL?: string } = {},
) {
  const { store, persistor } = configureAppStore(baseURL ? { baseURL } : {});
  await rehydrated(persistor);
  store.dispatch(buttonAuthLoaded({ auth: codes.map((action) => ({ action, type: '1' })), allAuth: [] }));
  let location = { search: '' };
  let navigate: NavigateFunction = () => undefined;
  function RouterSpy() {
    location = useLocation();
    navigate = useNavigate();
    return null;
  }
  render(
    <AppProviders store={store} persistor={persistor}>
      <MemoryRouter initialEntries={[path]}>
        <RouterSpy />
        {ui}
      </MemoryRouter>
    </AppProviders>,
  );
  return {
    store,
    /** The current search string, without '?'. */
    search: () => location.search.replace(/^\?/, ''),
    go: (to: number | string) =>
      act(async () => {
        await (typeof to === 'number' ? navigate(to) : navigate(to));
      }),
  };
}
