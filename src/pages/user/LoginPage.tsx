// /user/login inside the app: the landing page with the login modal. The modal opens on arrival
// (the visitor came from a back-office page, was signed out, clicked 登录 on the lean landing page,
// or the server invalidated the session) unless a third-party flow runs here; it reopens from the
// header. The third-party flows (query parameters, install and register links) load on demand.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isMessengerBrowser } from '../../features/thirdPartyLogin/browser';
import { type LandingAction, peekPendingAction, setPendingAction } from '../landing/actions';
import { LandingPage } from '../landing/LandingPage';
import { hasThirdPartyQuery } from '../landing/leanBoot';
import { QR_LOGIN_HREF } from '../landing/SiteHeader';

const LoginModal = lazy(() => import(/* webpackChunkName: "login-modal" */ '../../components/LoginModal'));
const LandingFlows = lazy(
  () => import(/* webpackChunkName: "third-party-login" */ '../../features/thirdPartyLogin/LandingFlows'),
);

/** The actions the third-party flows take: installation and the messaging-workspace registration. */
type FlowAction = Extract<LandingAction, 'install' | 'register'>;

function isFlowAction(action: LandingAction | null): action is FlowAction {
  return action === 'install' || action === 'register';
}

export default function LoginPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const [arrival] = useState(peekPendingAction);
  // Once: a later visit to the login page does not repeat the action that loaded the app.
  useEffect(() => setPendingAction(null), []);
  const [open, setOpen] = useState(
    () => (arrival === null || arrival === 'login') && !hasThirdPartyQuery(search),
  );
  const [flowAction, setFlowAction] = useState<FlowAction | null>(isFlowAction(arrival) ? arrival : null);
  // The modal's chunk loads at its first opening; it stays mounted to animate its closing.
  const [modalLoaded, setModalLoaded] = useState(open);

  const onAction = (action: LandingAction) => {
    if (action === 'login') {
      setModalLoaded(true);
      setOpen(true);
    } else if (action === 'qrLogin') navigate(QR_LOGIN_HREF);
    else setFlowAction(action);
  };
  // The lean page's QR-login click arrives here as a pending action: move to its query.
  useEffect(() => {
    if (arrival === 'qrLogin') navigate(QR_LOGIN_HREF);
  }, [arrival, navigate]);

  // Inside WeChat/WeCom the flows also set the share content.
  const flows = flowAction !== null || hasThirdPartyQuery(search) || isMessengerBrowser(navigator.userAgent);
  return (
    <>
      <LandingPage onAction={onAction} />
      <Suspense fallback={null}>
        {modalLoaded && <LoginModal open={open} onClose={() => setOpen(false)} />}
        {flows && (
          <LandingFlows search={search} action={flowAction} onActionDone={() => setFlowAction(null)} />
        )}
      </Suspense>
    </>
  );
}
