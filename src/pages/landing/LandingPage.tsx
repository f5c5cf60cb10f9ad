// The landing page: the desktop page, or the mobile promotional layout on mobile user agents.
import './landing.css';
import { isMobileDevice } from '../../utils/device';
import type { OnLandingAction } from './actions';
import { DesktopLanding } from './DesktopLanding';
import { MobileLanding } from './MobileLanding';

export interface LandingPageProps {
  onAction: OnLandingAction;
  /** The app is loading after a click: the login button says so. */
  busy?: boolean;
}

export function LandingPage(props: LandingPageProps) {
  return isMobileDevice() ? <MobileLanding {...props} /> : <DesktopLanding {...props} />;
}
