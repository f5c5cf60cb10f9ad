// The frame of the pages reachable without login on a phone: a slim brand bar, the page at full width
// and the copyright line.
import { Link, Outlet } from 'react-router';
import { LOGIN_PATH, PRODUCT_NAME } from '../../common/constants';
import './UserLayout.css';

export default function MobileUserLayout() {
  return (
    <div className="user-layout user-layout-mobile">
      <header className="user-layout-header">
        <Link to={LOGIN_PATH} className="user-layout-brand">
          <img src="/logo.svg" alt="" width={28} height={28} />
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
