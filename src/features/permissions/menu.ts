// Pure rules over the server's menu tree.
import { isHttpUrl } from '../../../common/validators';
import type { MenuMeta, MenuNode } from '../../api/permissions';

/**
 * A top-level menu whose children are all hidden is hidden itself (jeecg): it would open onto
 * nothing. Returns a new tree; the input is left alone.
 */
export function hideParentsWithoutVisibleChildren(menu: MenuNode[]): MenuNode[] {
  return menu.map((node) =>
    node.children && !node.hidden && node.children.every((child) => child.hidden)
      ? { ...node, hidden: true }
      : node,
  );
}

/** The nodes the side menu shows: hidden ones are left out, at every level. */
export function visibleMenu(menu: MenuNode[]): MenuNode[] {
  return menu
    .filter((node) => !node.hidden)
    .map((node) => (node.children ? { ...node, children: visibleMenu(node.children) } : node));
}

/** The external address of a menu entry, only when it is a valid http(s) URL (spec §2). */
export function externalUrlOf(meta: Pick<MenuMeta, 'url'>): string | undefined {
  return meta.url && isHttpUrl(meta.url) ? meta.url : undefined;
}

export interface UrlPlaceholderValues {
  token: string;
  tenantId: string;
}

/** Fills the `{{ token }}` and `{{ tenantId }}` placeholders of an external address, when the link is opened. */
export function fillUrlPlaceholders(url: string, { token, tenantId }: UrlPlaceholderValues): string {
  return url
    .replace(/\{\{\s*token\s*\}\}/g, encodeURIComponent(token))
    .replace(/\{\{\s*tenantId\s*\}\}/g, encodeURIComponent(tenantId));
}
