// The frame of the pages reachable without login on a phone (spec §2: a separate mobile user layout):
// a slim brand bar, the page at full width, and the host family's copyright and filing footer.
import { Link, Outlet } from 'react-router';
import { LOGIN_PATH, PRODUCT_NAME } from '../../common/constants';
import '../pages/landing/landing.css';
import { SiteFooter } from '../pages/landing/SiteFooter';
import { useSiteConfig } from '../pages/landing/siteConfig';
import './UserLayout.css';

export default function MobileUserLayout() {
  const config = useSiteConfig();
  return (
    <div className="user-layout user-layout-mobile">
      <header className="user-layout-mobile-header">
        <Link to={LOGIN_PATH} className="user-layout-mobile-brand">
          <img src="/logo.svg" alt="" width={28} height={28} />
          <span>{PRODUCT_NAME}</span>
        </Link>
      </header>
      <main className="user-layout-content">
        <Outlet />
      </main>
      <SiteFooter config={config} />
    </div>
  );
}
