// The frame of the pages reachable without login (/user/*). The login path is the landing page,
// which brings its own header and footer (desktop or mobile); the other pages get the same site
// header and the host family's copyright and filing footer around them (phones: MobileUserLayout).
import { Outlet, useMatch, useNavigate } from 'react-router';
import { LOGIN_PATH } from '../../common/constants';
import { type LandingAction, setPendingAction } from '../pages/landing/actions';
import '../pages/landing/landing.css';
import { SiteFooter } from '../pages/landing/SiteFooter';
import { SiteHeader } from '../pages/landing/SiteHeader';
import { useSiteConfig } from '../pages/landing/siteConfig';
import { isMobileDevice } from '../utils/device';
import MobileUserLayout from './MobileUserLayout';
import './UserLayout.css';

export default function UserLayout() {
  const onLandingPage = useMatch(LOGIN_PATH) !== null;
  const navigate = useNavigate();
  const config = useSiteConfig();
  if (onLandingPage) return <Outlet />;
  // A phone gets the slim frame, as the landing page gets its mobile layout: by user agent.
  if (isMobileDevice()) return <MobileUserLayout />;

  // The login page takes the header's actions (the modal, the third-party flows).
  const onAction = (action: LandingAction) => {
    setPendingAction(action);
    navigate(LOGIN_PATH);
  };
  return (
    <div className="user-layout">
      <SiteHeader onAction={onAction} />
      <main className="user-layout-content">
        <Outlet />
      </main>
      <SiteFooter config={config} />
    </div>
  );
}
