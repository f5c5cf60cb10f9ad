// The side menu as a drawer from the left (phones and small tablets, spec §2 Main layout): its own chunk.
import { Drawer } from 'antd';
import type { NavTheme } from '../features/layout/slice';
import { DRAWER_WIDTH } from './BasicLayout';
import { Logo } from './Logo';
import { SideMenu } from './SideMenu';

export default function DrawerMenu({
  open,
  theme,
  onClose,
}: {
  open: boolean;
  theme: NavTheme;
  onClose: () => void;
}) {
  return (
    <Drawer
      placement="left"
      size={DRAWER_WIDTH}
      open={open}
      onClose={onClose}
      closable={false}
      rootClassName={`basic-drawer basic-drawer-${theme}`}
      styles={{ body: { padding: 0 } }}
    >
      <div className={`basic-sider-brand basic-sider-brand-${theme}`}>
        <Logo />
      </div>
      <SideMenu theme={theme} onNavigate={onClose} />
    </Drawer>
  );
}
