// The rules of closing tabs (spec §2 Tab mode, §8), as jeecg's TabLayout applies them: the home tab is
// never closed, the last tab stays, and the tab shown afterwards is the one nearest to the closed ones.
import { HOME_TAB_PATH } from '../../../common/constants';

export const TAB_TEXTS = {
  homeNotClosable: '首页不能关闭!',
  lastTab: '这是最后一页，不能再关闭了啦',
} as const;

export type CloseScope = 'self' | 'left' | 'right' | 'others';

export interface Tab {
  /** The page's path: a list's search changes the query (filters live in the URL), not the tab. */
  key: string;
  /** The path and query the page last showed, where switching back to the tab goes. */
  url: string;
  title: string;
}

/** The home tab is the one at /dashboard/analysis. */
export function isHomeTab(key: string): boolean {
  return key === HOME_TAB_PATH;
}

export type ClosePlan =
  { type: 'refused'; message: string } | { type: 'close'; keys: string[]; nextActive: string };

/** What closing `key` (or its neighbours) does to the open `tabs`, of which `activeKey` is shown. */
export function planClose(tabs: Tab[], activeKey: string, key: string, scope: CloseScope): ClosePlan {
  const index = tabs.findIndex((tab) => tab.key === key);
  if (index < 0) return { type: 'close', keys: [], nextActive: activeKey };
  let closing: Tab[];
  switch (scope) {
    case 'self':
      if (isHomeTab(key)) return { type: 'refused', message: TAB_TEXTS.homeNotClosable };
      if (tabs.length === 1) return { type: 'refused', message: TAB_TEXTS.lastTab };
      closing = [tabs[index]];
      break;
    case 'left':
      closing = tabs.slice(0, index);
      break;
    case 'right':
      closing = tabs.slice(index + 1);
      break;
    case 'others':
      closing = tabs.filter((tab) => tab.key !== key);
      break;
  }
  const keys = closing.filter((tab) => !isHomeTab(tab.key)).map((tab) => tab.key);
  const remaining = tabs.filter((tab) => !keys.includes(tab.key));
  let nextActive = activeKey;
  if (keys.includes(activeKey)) {
    // Closing the shown tab shows its right neighbour, else the last one; closing around a tab shows it.
    nextActive =
      scope === 'self'
        ? (tabs.slice(index + 1).find((tab) => !keys.includes(tab.key)) ?? remaining.at(-1))!.key
        : key;
  }
  return { type: 'close', keys, nextActive };
}
