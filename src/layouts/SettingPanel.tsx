// The content of the theme settings drawer (spec §2 Theme settings drawer), laid out like ant-design-pro's.
// Every change applies at once and is stored (layout slice); the colour goes through the theme saga. Loaded
// when the drawer first opens (SettingDrawer.tsx holds its handle).
import type { ReactNode } from 'react';
import { Divider, Drawer, Select, Switch, Tooltip, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { selectLayoutSettings, selectSettingsOpen } from '../features/layout/selectors';
import {
  colorRequested,
  settingsChanged,
  settingsDrawerToggled,
  THEME_COLORS,
  type LayoutMode,
  type NavTheme,
} from '../features/layout/slice';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { SETTING_DRAWER_WIDTH } from './SettingDrawer';

export const ONLY_TOP_MENU_HINT = '该设定仅 [顶部栏导航] 时有效';
const ONLY_SIDE_MENU_HINT = '该设定仅 [侧边栏导航] 时有效';
const NEEDS_FIXED_HEADER_HINT = '固定 Header 时可配置';

/** A miniature of a layout: the side bar, the header and the content as coloured blocks. */
function LayoutPicture({ sider, header }: { sider?: string; header: string }) {
  return (
    <svg width="48" height="40" viewBox="0 0 48 40" aria-hidden>
      <rect width="48" height="40" rx="4" fill="#f0f2f5" />
      <rect width="48" height="10" rx="2" fill={header} />
      {sider && <rect width="14" height="40" rx="2" fill={sider} />}
    </svg>
  );
}

function SettingRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="setting-row">
      <span>{label}</span>
      {children}
    </div>
  );
}

function PictureChoice({
  label,
  checked,
  onClick,
  children,
}: {
  label: string;
  checked: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <button
        type="button"
        className="setting-picture"
        aria-label={label}
        aria-pressed={checked}
        onClick={onClick}
      >
        {children}
        {checked && <CheckOutlined className="setting-picture-check" />}
      </button>
    </Tooltip>
  );
}

export default function SettingPanel() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectSettingsOpen);
  const settings = useAppSelector(selectLayoutSettings);
  const topMenu = settings.layout === 'topmenu';
  const setTheme = (theme: NavTheme) => dispatch(settingsChanged({ theme }));
  const setLayout = (layout: LayoutMode) => dispatch(settingsChanged({ layout }));

  return (
    <Drawer
      title="系统设置"
      placement="right"
      size={SETTING_DRAWER_WIDTH}
      open={open}
      onClose={() => dispatch(settingsDrawerToggled(false))}
      className="setting-drawer"
    >
      <Typography.Title level={5}>整体风格设置</Typography.Title>
      <div className="setting-pictures">
        <PictureChoice
          label="暗色菜单风格"
          checked={settings.theme === 'dark'}
          onClick={() => setTheme('dark')}
        >
          <LayoutPicture sider="#001529" header="#fff" />
        </PictureChoice>
        <PictureChoice
          label="亮色菜单风格"
          checked={settings.theme === 'light'}
          onClick={() => setTheme('light')}
        >
          <LayoutPicture sider="#fff" header="#fff" />
        </PictureChoice>
      </div>

      <Typography.Title level={5}>主题色</Typography.Title>
      <div className="setting-colors" role="radiogroup" aria-label="主题色">
        {THEME_COLORS.map(({ key, color }) => (
          <Tooltip key={color} title={key}>
            <button
              type="button"
              role="radio"
              aria-label={key}
              aria-checked={settings.color.toLowerCase() === color.toLowerCase()}
              className="setting-color"
              style={{ background: color }}
              onClick={() => dispatch(colorRequested(color))}
            >
              {settings.color.toLowerCase() === color.toLowerCase() && <CheckOutlined />}
            </button>
          </Tooltip>
        ))}
      </div>

      <Divider />
      <Typography.Title level={5}>导航模式</Typography.Title>
      <div className="setting-pictures">
        <PictureChoice label="侧边栏导航" checked={!topMenu} onClick={() => setLayout('sidemenu')}>
          <LayoutPicture sider="#001529" header="#fff" />
        </PictureChoice>
        <PictureChoice label="顶部栏导航" checked={topMenu} onClick={() => setLayout('topmenu')}>
          <LayoutPicture header="#001529" />
        </PictureChoice>
      </div>
      <div className="setting-rows">
        <SettingRow label="内容区域宽度">
          <Tooltip key="width" title={topMenu ? '' : ONLY_TOP_MENU_HINT} placement="left">
            <Select
              aria-label="内容区域宽度"
              size="small"
              style={{ width: 90 }}
              disabled={!topMenu}
              value={settings.contentWidth}
              onChange={(contentWidth) => dispatch(settingsChanged({ contentWidth }))}
              options={[
                { value: 'Fixed', label: '固定' },
                { value: 'Fluid', label: '流式' },
              ]}
            />
          </Tooltip>
        </SettingRow>
        <SettingRow label="固定 Header">
          <Switch
            key="fixedHeader"
            size="small"
            aria-label="固定 Header"
            checked={settings.fixedHeader}
            onChange={(fixedHeader) => dispatch(settingsChanged({ fixedHeader }))}
          />
        </SettingRow>
        <SettingRow label="下滑时隐藏 Header">
          <Tooltip
            key="autoHide"
            title={settings.fixedHeader ? '' : NEEDS_FIXED_HEADER_HINT}
            placement="left"
          >
            <Switch
              size="small"
              aria-label="下滑时隐藏 Header"
              disabled={!settings.fixedHeader}
              checked={settings.autoHideHeader}
              onChange={(autoHideHeader) => dispatch(settingsChanged({ autoHideHeader }))}
            />
          </Tooltip>
        </SettingRow>
        <SettingRow label="固定侧边菜单">
          <Tooltip key="fixSider" title={topMenu ? ONLY_SIDE_MENU_HINT : ''} placement="left">
            <Switch
              size="small"
              aria-label="固定侧边菜单"
              disabled={topMenu}
              checked={settings.fixSiderbar}
              onChange={(fixSiderbar) => dispatch(settingsChanged({ fixSiderbar }))}
            />
          </Tooltip>
        </SettingRow>
      </div>

      <Divider />
      <Typography.Title level={5}>其他设置</Typography.Title>
      <div className="setting-rows">
        <SettingRow label="色弱模式">
          <Switch
            key="weak"
            size="small"
            aria-label="色弱模式"
            checked={settings.weak}
            onChange={(weak) => dispatch(settingsChanged({ weak }))}
          />
        </SettingRow>
        <SettingRow label="多页签模式">
          <Switch
            key="multipage"
            size="small"
            aria-label="多页签模式"
            checked={settings.multipage}
            onChange={(multipage) => dispatch(settingsChanged({ multipage }))}
          />
        </SettingRow>
      </div>
    </Drawer>
  );
}
