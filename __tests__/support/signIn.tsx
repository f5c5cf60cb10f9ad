// Rendering sign-in screens with the real store, sagas, antd App and a memory router whose navigations
// (from components and from sagas) are recorded. The API module is replaced by jest.mock in each suite.
import type { ReactNode } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import type { Envelope } from '../../common/contract';
import { AppProviders } from '../../src/AppProviders';
import { NavigatorBridge } from '../../src/router/NavigatorBridge';
import { configureAppStore, type AppStore } from '../../src/store';
import { rehydrated } from './store';

export function ok<T>(result: T, message = ''): Envelope<T> {
  return { success: true, message, code: 200, result, timestamp: 0 };
}

export function refused<T = null>(message: string, code = 400): Envelope<T> {
  return { success: false, message, code, result: null as T, timestamp: 0 };
}

/** A 136×38 image as the captcha endpoint answers it. */
export const CAPTCHA_IMAGE = 'data:image/png;base64,iVBORw0KGgo=';

export interface SignInApp {
  store: AppStore;
  /** Every path the router showed, in order. */
  visited: string[];
}

/**
 * Renders `ui` inside the app's providers at `path`. `prepare` runs on the rehydrated store before the
 * first render (a stored session, an open picker …).
 */
export async function renderSignIn(
  ui: ReactNode,
  { path = '/', prepare }: { path?: string; prepare?: (store: AppStore) => void } = {},
): Promise<SignInApp> {
  const { store, persistor } = configureAppStore();
  await rehydrated(persistor);
  prepare?.(store);
  const visited: string[] = [];
  function LocationSpy() {
    const { pathname, search } = useLocation();
    const current = pathname + search;
    if (visited[visited.length - 1] !== current) visited.push(current);
    return null;
  }
  render(
    <AppProviders store={store} persistor={persistor}>
      <MemoryRouter initialEntries={[path]}>
        <NavigatorBridge />
        <LocationSpy />
        {ui}
      </MemoryRouter>
    </AppProviders>,
  );
  return { store, visited };
}

/**
 * user-event without its pointer-events check: the check reads the computed style of every ancestor,
 * which costs most of a click under antd's many style rules in jsdom.
 */
export function setupUser(options: Parameters<typeof userEvent.setup>[0] = {}) {
  return userEvent.setup({ pointerEventsCheck: 0, ...options });
}

/**
 * The button showing `text` (antd spaces two CJK characters: pass a regex). Cheaper than getByRole,
 * whose accessible-name computation reads computed styles.
 */
export function buttonByText(
  text: string | RegExp,
  container: HTMLElement = document.body,
): HTMLButtonElement {
  const button = within(container).getByText(text, { selector: 'button, button > span' }).closest('button');
  if (!button) throw new Error(`no button shows ${String(text)}`);
  return button;
}

/** The open dialog whose title shows `title` (see buttonByText for why not getByRole). */
export async function findDialog(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title, .ant-modal-title *' });
  const dialog = heading.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`no dialog titled ${title}`);
  return dialog;
}

/**
 * A row action by its text: the row's own link, or the entry of its 更多 menu (RowActions keeps the
 * first ones in the row).
 */
export async function rowAction(
  user: ReturnType<typeof setupUser>,
  row: HTMLElement,
  text: string | RegExp,
): Promise<void> {
  const direct = within(row).queryByText(text, { selector: 'button, button > span' })?.closest('button');
  if (direct) {
    await user.click(direct);
    return;
  }
  await user.click(buttonByText(/更\s*多/, row));
  const items = await screen.findAllByText(text, { selector: '.ant-dropdown-menu-title-content' });
  await user.click(items[items.length - 1]);
}

/** Every action a row offers: its links and the entries of its 更多 menu (which is opened and closed). */
export async function rowActionNames(
  user: ReturnType<typeof setupUser>,
  row: HTMLElement,
): Promise<string[]> {
  const links = Array.from(row.querySelectorAll('td:last-child button'))
    .map((button) => button.textContent?.replace(/\s/g, '') ?? '')
    .filter((name) => name !== '更多');
  const more = within(row)
    .queryByText(/更\s*多/, { selector: 'button, button > span' })
    ?.closest('button');
  if (!more) return links;
  await user.click(more);
  const menus = await screen.findAllByRole('menu');
  const entries = Array.from(
    menus[menus.length - 1].querySelectorAll('.ant-dropdown-menu-title-content'),
  ).map((entry) => entry.textContent?.replace(/\s/g, '') ?? '');
  await user.keyboard('{Escape}');
  return [...links, ...entries];
}
