// The frame of the pages reachable without login (/user/*): brand bar, content, copyright footer.
// Kept lean: the landing site grows around it and the login route has a download budget.
import { Link, Outlet } from 'react-router';
import { BREAKPOINT_MOBILE_MAX, PRODUCT_NAME } from '../../common/constants';
import MobileUserLayout from './MobileUserLayout';
import './UserLayout.css';

const LOGO_URL = '/logo.svg';

export default function UserLayout() {
  // A phone gets the slim frame (spec §2: a separate mobile user layout).
  if (window.matchMedia(`(max-width: ${BREAKPOINT_MOBILE_MAX}px)`).matches) return <MobileUserLayout />;
  return (
    <div className="user-layout">
      <header className="user-layout-header">
        <Link to="/user/login" className="user-layout-brand">
          <img src={LOGO_URL} alt="" width={32} height={32} />
          <span>{PRODUCT_NAME}</span>
        </Link>
      </header>
      <main className="user-layout-content">
        <Outlet />
      </main>
      <footer className="user-layout-footer">
        Copyright © {new Date().getFullYear()} {PRODUCT_NAME}
      </footer>
    </div>
  );
}
