// Every icon the default menus name is one the shell can show (a name it does not know shows no icon).
import { DEFAULT_MENUS, type MenuDefinition } from '../../server/modules/auth/tenantOrganisation';
import { MENU_ICON_NAMES } from '../../src/layouts/menuIcons';

const iconsOf = (menus: MenuDefinition[]): string[] =>
  menus.flatMap((menu) => [...(menu.icon ? [menu.icon] : []), ...iconsOf(menu.children ?? [])]);

it('knows every icon of the default menus', () => {
  expect(iconsOf(DEFAULT_MENUS).filter((icon) => !MENU_ICON_NAMES.includes(icon))).toEqual([]);
});
