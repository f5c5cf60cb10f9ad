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

/**
 * Waits until `select` has its options: not loading (antd 6 marks the select `ant-select-loading` while a
 * RemoteSelect fetches, from the first key typed) and `dropdown` showing the same options on two reads
 * apart. A click before lands on a list about to be replaced by the search's answer.
 */
async function optionsSettled(select: Locator, dropdown: Locator) {
  const deadline = Date.now() + 10_000;
  let previous: string | null = null;
  for (;;) {
    const loading = ((await select.getAttribute('class')) ?? '').includes('ant-select-loading');
    const shown = loading
      ? null
      : (await dropdown.locator('.ant-select-item-option').allTextContents()).join('\n');
    if (shown !== null && shown === previous) return;
    if (Date.now() > deadline)
      throw new Error(`The options of the select did not settle: ${shown ?? 'loading'}`);
    previous = shown;
    await select.page().waitForTimeout(100);
  }
}

/**
 * Opens `select`, optionally types to search, waits for its options to settle (optionsSettled), then picks the
 * option showing `option` in the dropdown just opened. On a loaded machine a pick can still be lost (the select
 * re-rendered while its list opened, seen in CI with two busy cores): it tries again, as a user would, before
 * failing.
 */
export async function choose(select: Locator, option: string, search?: string) {
  const target = select.page();
  const multiple = ((await select.getAttribute('class')) ?? '').includes('ant-select-multiple');
  for (let attempt = 1; ; attempt += 1) {
    // A list still open from the lost pick is used as it is: clicking the select again would close it.
    if ((await select.locator('[role="combobox"]').getAttribute('aria-expanded')) !== 'true') {
      await select.click();
      if (search) await target.keyboard.type(search);
    }
    // The newest dropdown is the one just opened; an earlier one may still be fading out.
    const dropdown = target.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
    await optionsSettled(select, dropdown);
    await dropdown.locator('.ant-select-item-option', { hasText: option }).first().click();
    try {
      // The placeholder leaves once a value shows (it is only hidden while the list is searched); a single
      // select's list closes on a pick, so one still open means the pick was lost (a select without a
      // placeholder shows nothing else). The list, not the select:
      // a select found by its placeholder's text is not found by it once it shows the value.
      await select.locator('.ant-select-placeholder').waitFor({ state: 'detached', timeout: 5000 });
      if (!multiple) await dropdown.waitFor({ state: 'hidden', timeout: 5000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** The form item labelled `label`. */
export const formItemOf = (scope: Locator, label: string) =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator(`label[title="${label}"]`) });

/** The select of the form item labelled `label`. */
export const selectOf = (scope: Locator, label: string) => formItemOf(scope, label).locator('.ant-select');

/** Presses the button showing `text` in the open confirmation. */
export async function confirmWith(target: Page, text: string) {
  await target
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: buttonName(text) })
    .click();
}

/** The date `days` before today in China, as YYYY-MM-DD. */
export const daysAgo = (days: number) => {
  const date = new Date(Date.now() + 8 * 3600_000 - days * 86400_000);
  return date.toISOString().slice(0, 10);
};

/** A row action: the row's own link, else the entry of its 更多 menu (RowActions keeps the first ones). */
export async function rowAction(row: Locator, name: string): Promise<void> {
  const direct = row.getByRole('button', { name: buttonName(name) });
  if (await direct.count()) {
    await direct.click();
    return;
  }
  await row.getByRole('button', { name: /更\s*多/ }).click();
  await row
    .page()
    .locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: name })
    .click();
}
