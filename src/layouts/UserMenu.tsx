// The user area at the right of the header (spec §2 Header user area): help, the notice bell, the
// user's dropdown (password, department, settings, logout) and a logout link. The dialogs load when first opened.
import { lazy } from 'react';
import { Avatar, Dropdown, Space, Tooltip, type MenuProps } from 'antd';
import {
  ApartmentOutlined,
  LockOutlined,
  LogoutOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { settingsDrawerToggled } from '../features/layout/slice';
import { JobProgressIndicator } from '../features/jobs/JobProgressIndicator';
import { NoticeBell } from '../features/notices/NoticeBell';
import { departDialogRequested, passwordDialogRequested } from '../features/layout/userMenuSlice';
import { selectUserInfo } from '../features/session/selectors';
import { useLogout } from '../features/session/useLogout';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { OpenedLazily } from '../components/OpenedLazily';

const PasswordModal = lazy(() =>
  import(/* webpackChunkName: "password-modal" */ './PasswordModal').then((module) => ({
    default: module.PasswordModal,
  })),
);
const DepartSwitchModal = lazy(() =>
  import(/* webpackChunkName: "depart-switch-modal" */ './DepartSwitchModal').then((module) => ({
    default: module.DepartSwitchModal,
  })),
);

/** The user manual of the jeecg platform the back office is built on, as the original header linked it. */
export const HELP_URL = 'http://doc.jeecg.com';

export function UserMenu({ compact = false }: { compact?: boolean }) {
  const dispatch = useAppDispatch();
  const userInfo = useAppSelector(selectUserInfo);
  const logout = useLogout();
  const passwordOpen = useAppSelector((state) => state.userMenu.password.open);
  const departOpen = useAppSelector((state) => state.userMenu.depart.open);

  const items: MenuProps['items'] = [
    { key: 'password', icon: <LockOutlined />, label: '密码修改' },
    { key: 'depart', icon: <ApartmentOutlined />, label: '切换部门' },
    { key: 'settings', icon: <SettingOutlined />, label: '系统设置' },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'password') dispatch(passwordDialogRequested());
    else if (key === 'depart') dispatch(departDialogRequested());
    else if (key === 'settings') dispatch(settingsDrawerToggled(true));
    else if (key === 'logout') logout();
  };

  return (
    <Space size={compact ? 4 : 8} className="header-user-menu">
      <Tooltip title="帮助">
        <a
          href={HELP_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="header-action"
          aria-label="帮助"
        >
          <QuestionCircleOutlined />
        </a>
      </Tooltip>
      <JobProgressIndicator />
      <NoticeBell />
      <Dropdown menu={{ items, onClick }} placement="bottomRight">
        <span
          className="header-action header-account"
          role="button"
          tabIndex={0}
          // Named by its greeting where it shows one (a name must hold the visible text).
          aria-label={compact ? '用户菜单' : undefined}
        >
          <Avatar size="small" src={userInfo?.avatar || undefined} icon={<UserOutlined />} />
          {!compact && <span>欢迎您，{userInfo?.realname}</span>}
        </span>
      </Dropdown>
      <span className="header-action" role="button" tabIndex={0} onClick={logout}>
        <LogoutOutlined />
        {!compact && <span style={{ marginLeft: 6 }}>退出登录</span>}
      </span>
      <OpenedLazily open={passwordOpen}>
        <PasswordModal />
      </OpenedLazily>
      <OpenedLazily open={departOpen}>
        <DepartSwitchModal />
      </OpenedLazily>
    </Space>
  );
}
