// Finding antd's controls in Chromium the way a user sees them.
import type { Locator, Page } from 'playwright-core';

/** antd puts a space between two CJK characters of a button; an icon adds its name in front. */
export const buttonName = (text: string) => new RegExp(`(^|\\s)${text.split('').join('\\s*')}$`);

/** The modal titled `title`. */
export function dialog(target: Page, title: string): Locator {
  return target.locator('.ant-modal').filter({ has: target.locator('.ant-modal-title', { hasText: title }) });
}

/** Waits for the message toast showing `text`. */
export async function toast(target: Page, text: string) {
  await target.locator('.ant-message-notice').getByText(text).first().waitFor();
}
