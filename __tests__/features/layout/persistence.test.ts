// The layout settings in storage (spec §3, §4, API.md §7.7): one pro__ key per setting, never
// expiring, restored on the next start; multi-tab mode restored as on when unset.
import {
  colorRequested,
  settingsChanged,
  sidebarToggled,
  themeRendered,
} from '../../../src/features/layout/slice';
import { configureAppStore } from '../../../src/store';
import { rehydrated } from '../../support/store';

async function startStore() {
  const app = configureAppStore();
  await rehydrated(app.persistor);
  // The restore saga runs on the rehydration.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return app;
}

const stored = (key: string) => JSON.parse(localStorage.getItem(`pro__${key}`) ?? 'null');

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

it('starts from the defaults of spec §9, with multi-tab mode restored as on when nothing is stored', async () => {
  const { store, persistor } = await startStore();
  expect(store.getState().layout).toMatchObject({
    sidebarOpened: true,
    theme: 'dark',
    layout: 'sidemenu',
    contentWidth: 'Fixed',
    fixedHeader: true,
    fixSiderbar: true,
    autoHideHeader: false,
    color: '#1890FF',
    weak: false,
    multipage: true,
  });
  await persistor.flush();
  expect(stored('DEFAULT_MULTI_PAGE')).toEqual({ value: true, expire: null });
});

it('writes each setting under its own key when it changes', async () => {
  const { store, persistor } = await startStore();
  store.dispatch(settingsChanged({ theme: 'light', layout: 'topmenu', contentWidth: 'Fluid', weak: true }));
  store.dispatch(settingsChanged({ fixedHeader: false, multipage: false }));
  store.dispatch(sidebarToggled());
  store.dispatch(colorRequested('#52C41A'));
  store.dispatch(themeRendered('#52C41A'));
  await persistor.flush();
  const values = Object.fromEntries(
    [
      'SIDEBAR_TYPE',
      'DEFAULT_THEME',
      'DEFAULT_LAYOUT_MODE',
      'DEFAULT_COLOR',
      'DEFAULT_COLOR_WEAK',
      'DEFAULT_FIXED_HEADER',
      'DEFAULT_FIXED_SIDEMENU',
      'DEFAULT_FIXED_HEADER_HIDDEN',
      'DEFAULT_CONTENT_WIDTH_TYPE',
      'DEFAULT_MULTI_PAGE',
    ].map((key) => [key, stored(key)?.value]),
  );
  expect(values).toEqual({
    SIDEBAR_TYPE: false,
    DEFAULT_THEME: 'light',
    DEFAULT_LAYOUT_MODE: 'topmenu',
    DEFAULT_COLOR: '#52C41A',
    DEFAULT_COLOR_WEAK: true,
    DEFAULT_FIXED_HEADER: false,
    DEFAULT_FIXED_SIDEMENU: false,
    DEFAULT_FIXED_HEADER_HIDDEN: false,
    DEFAULT_CONTENT_WIDTH_TYPE: 'Fluid',
    DEFAULT_MULTI_PAGE: false,
  });
  expect(stored('DEFAULT_THEME').expire).toBeNull();
  // Nothing transient is stored.
  expect(Object.keys(localStorage).filter((key) => /device|settingsOpen|themeApplying/.test(key))).toEqual(
    [],
  );
});

it('restores the stored settings on the next start, a stored "off" for multi-tab mode included', async () => {
  localStorage.setItem('pro__DEFAULT_COLOR', JSON.stringify({ value: '#722ED1', expire: null }));
  localStorage.setItem('pro__DEFAULT_LAYOUT_MODE', JSON.stringify({ value: 'topmenu', expire: null }));
  localStorage.setItem('pro__SIDEBAR_TYPE', JSON.stringify({ value: false, expire: null }));
  localStorage.setItem('pro__DEFAULT_MULTI_PAGE', JSON.stringify({ value: false, expire: null }));
  const { store } = await startStore();
  expect(store.getState().layout).toMatchObject({
    color: '#722ED1',
    layout: 'topmenu',
    sidebarOpened: false,
    multipage: false,
    theme: 'dark',
  });
});
