// The theme settings drawer (spec §2 Theme settings drawer): its gear handle at the right edge, always
// there, and the drawer, whose content (SettingPanel) loads when it first opens.
import { lazy } from 'react';
import { CloseOutlined, SettingOutlined } from '@ant-design/icons';
import { OpenedLazily } from '../components/OpenedLazily';
import { selectLayoutSettings, selectSettingsOpen } from '../features/layout/selectors';
import { settingsDrawerToggled } from '../features/layout/slice';
import { useAppDispatch, useAppSelector } from '../store/hooks';

export const SETTING_DRAWER_WIDTH = 300;

const SettingPanel = lazy(() => import(/* webpackChunkName: "setting-panel" */ './SettingPanel'));

export function SettingDrawer() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectSettingsOpen);
  const settings = useAppSelector(selectLayoutSettings);

  return (
    <>
      <button
        type="button"
        className={`setting-drawer-handle${open ? ' setting-drawer-handle-open' : ''}`}
        aria-label={open ? '关闭设置' : '系统设置'}
        onClick={() => dispatch(settingsDrawerToggled(!open))}
        style={{ right: open ? SETTING_DRAWER_WIDTH : 0, background: settings.color }}
      >
        {open ? <CloseOutlined /> : <SettingOutlined />}
      </button>
      <OpenedLazily open={open}>
        <SettingPanel />
      </OpenedLazily>
    </>
  );
}
