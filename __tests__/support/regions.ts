// Choosing a region by name in a region picker (src/components/region): type part of a name, pick the path.
import { screen } from '@testing-library/react';
import type { setupUser } from './signIn';

export async function chooseRegion(
  user: ReturnType<typeof setupUser>,
  combobox: HTMLElement,
  search: string,
  /** The whole path as the search lists it: 广东省 / 深圳市 / 南山区. */
  path: string,
): Promise<void> {
  await user.click(combobox);
  await user.type(combobox, search);
  await user.click(
    await screen.findByText((_text, element) => element?.textContent === path && element.tagName === 'LI'),
  );
}
