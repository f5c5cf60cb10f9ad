// Menu icons by the names the server's menu uses (jeecg/antd icon types). An explicit map keeps the
// bundle to these icons; a name not listed shows no icon. A later menu adds its icon here.
import type { ComponentType, ReactNode } from 'react';
import {
  AccountBookOutlined,
  ApiOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BellOutlined,
  BookOutlined,
  CarOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DownloadOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  GiftOutlined,
  InboxOutlined,
  PictureOutlined,
  HomeOutlined,
  MessageOutlined,
  NotificationOutlined,
  ProfileOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  TableOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';

const MENU_ICONS = new Map<string, ComponentType>([
  ['account-book', AccountBookOutlined],
  ['api', ApiOutlined],
  ['apartment', ApartmentOutlined],
  ['appstore', AppstoreOutlined],
  ['bar-chart', BarChartOutlined],
  ['bell', BellOutlined],
  ['book', BookOutlined],
  ['car', CarOutlined],
  ['download', DownloadOutlined],
  ['dashboard', DashboardOutlined],
  ['environment', EnvironmentOutlined],
  ['database', DatabaseOutlined],
  ['file-text', FileTextOutlined],
  ['gift', GiftOutlined],
  ['home', HomeOutlined],
  ['inbox', InboxOutlined],
  ['message', MessageOutlined],
  ['notification', NotificationOutlined],
  ['picture', PictureOutlined],
  ['profile', ProfileOutlined],
  ['setting', SettingOutlined],
  ['shop', ShopOutlined],
  ['shopping-cart', ShoppingCartOutlined],
  ['shopping', ShoppingOutlined],
  ['wallet', WalletOutlined],
  ['table', TableOutlined],
  ['tags', TagsOutlined],
  ['team', TeamOutlined],
  ['tool', ToolOutlined],
  ['user', UserOutlined],
]);

/** The icon names a menu entry may choose from. */
export const MENU_ICON_NAMES = [...MENU_ICONS.keys()].sort();

export function menuIcon(name: string | undefined): ReactNode {
  const Icon = name ? MENU_ICONS.get(name) : undefined;
  return Icon ? <Icon /> : undefined;
}
