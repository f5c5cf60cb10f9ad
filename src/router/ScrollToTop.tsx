import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Every navigation starts at the top of the page (spec §2). Mounting is not a navigation: the app
 * mounts over the landing page where the visitor scrolled to and clicked 登录.
 */
export function ScrollToTop(): null {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
