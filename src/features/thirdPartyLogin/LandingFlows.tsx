// The third-party flows of the login page (spec §2 query parameters, §7): installation, the
// enterprise-messaging QR login, the special login, CAS. Owned by the third-party work; the landing
// page loads this module lazily and renders it inside the app's providers (see LoginPage).
import { useEffect } from 'react';
import { Modal } from 'antd';
import { LOGIN_PATH } from '../../../common/constants';
import type { LandingAction } from '../../pages/landing/actions';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { isMessengerBrowser } from './browser';
import { QrLoginPanel } from './QrLoginPanel';
import { selectQrPanelOpen } from './selectors';
import {
  installRequested,
  landingQueryReceived,
  qrPanelClosed,
  registerCodeRequested,
  shareSetupRequested,
} from './slice';

export interface LandingFlowsProps {
  /** The login page's query string (state, auth_code, suiteId, webparam, username, code, ticket). */
  search: string;
  /** 'install' or 'register' from the header, until onActionDone is called. */
  action: LandingAction | null;
  onActionDone: () => void;
}

export const QR_MODAL_TITLE = '企业微信扫码登录';
const QR_MODAL_WIDTH = 450;

export default function LandingFlows({ search, action, onActionDone }: LandingFlowsProps) {
  const dispatch = useAppDispatch();
  const qrPanelOpen = useAppSelector(selectQrPanelOpen);

  useEffect(() => {
    const { origin, pathname } = window.location;
    if (search) dispatch(landingQueryReceived({ search, pageUrl: `${origin}${pathname}` }));
  }, [search, dispatch]);

  useEffect(() => {
    if (action === 'install')
      dispatch(installRequested({ redirectUri: `${window.location.origin}${LOGIN_PATH}` }));
    else if (action === 'register') dispatch(registerCodeRequested());
    else return;
    onActionDone();
  }, [action, onActionDone, dispatch]);

  // Inside WeChat or WeCom the page sets its share content (title and description).
  useEffect(() => {
    if (isMessengerBrowser(navigator.userAgent)) dispatch(shareSetupRequested({ url: window.location.href }));
  }, [dispatch]);

  return (
    <Modal
      title={QR_MODAL_TITLE}
      open={qrPanelOpen}
      width={QR_MODAL_WIDTH}
      footer={null}
      destroyOnHidden
      onCancel={() => dispatch(qrPanelClosed())}
    >
      <QrLoginPanel />
    </Modal>
  );
}
