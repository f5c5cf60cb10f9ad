// The header of the main frame: the menu fold trigger (or, in top-menu mode, the logo and the menu)
// and the user area. Fixed at the top when the settings say so; with auto-hide it slides away while
// the page scrolls down past 100 px and returns when it scrolls up (spec §9).
import { useEffect, useState } from 'react';
import { Layout } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { LayoutSettings } from '../features/layout/slice';
import { Logo } from './Logo';
import { SideMenu } from './SideMenu';
import { UserMenu } from './UserMenu';

export const AUTO_HIDE_AFTER_PX = 100;

/** Whether the header is hidden by scrolling: down past the threshold hides it, any scroll up shows it. */
function useScrolledAway(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return undefined;
    }
    let last = window.scrollY;
    const onScroll = () => {
      const top = window.scrollY;
      setHidden(top > AUTO_HIDE_AFTER_PX && top > last);
      last = top;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return hidden;
}

export interface GlobalHeaderProps {
  settings: LayoutSettings;
  topMenu: boolean;
  mobile: boolean;
  /** The menu is in the drawer (tablets and phones). */
  drawerMenu: boolean;
  collapsed: boolean;
  onToggle: () => void;
}

export function GlobalHeader({
  settings,
  topMenu,
  mobile,
  drawerMenu,
  collapsed,
  onToggle,
}: GlobalHeaderProps) {
  const hidden = useScrolledAway(settings.fixedHeader && settings.autoHideHeader);
  const classes = [
    'basic-header',
    topMenu ? `basic-header-top basic-header-${settings.theme}` : 'basic-header-side',
    settings.fixedHeader && 'basic-header-fixed',
    hidden && 'basic-header-hidden',
  ];
  const Trigger = collapsed ? MenuUnfoldOutlined : MenuFoldOutlined;
  return (
    <Layout.Header className={classes.filter(Boolean).join(' ')}>
      <div
        className={`basic-header-inner${topMenu && settings.contentWidth === 'Fixed' ? ' basic-width-fixed' : ''}`}
      >
        {topMenu ? (
          <>
            <Logo />
            <div className="basic-header-menu">
              <SideMenu theme={settings.theme} mode="horizontal" />
            </div>
          </>
        ) : (
          <>
            {drawerMenu && <Logo showTitle={!mobile} />}
            <span
              className="header-action header-trigger"
              role="button"
              tabIndex={0}
              aria-label={collapsed ? '展开菜单' : '收起菜单'}
              onClick={onToggle}
            >
              <Trigger />
            </span>
            <div style={{ flex: 1 }} />
          </>
        )}
        <UserMenu compact={mobile} />
      </div>
    </Layout.Header>
  );
}
