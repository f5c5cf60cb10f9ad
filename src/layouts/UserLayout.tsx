// The frame of the pages reachable without login (/user/*): brand bar, content, copyright footer.
// Kept lean: the landing site grows around it and the login route has a download budget.
import { Link, Outlet } from 'react-router';
import { PRODUCT_NAME } from '../../common/constants';
import './UserLayout.css';

const LOGO_URL = '/logo.svg';

export default function UserLayout() {
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
