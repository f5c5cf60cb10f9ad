// The entry. The landing page is the product's storefront and must load light (STACK.md §7): a
// visitor without a session on /user/login gets the landing page alone, with React and nothing of
// the back office; the app (store, antd, router, every other page) is one import away and loads when
// the visitor asks for it; the site root without a session shows it too. Every other first load starts the app
// at once.
import { StrictMode, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { type LandingAction, setPendingAction } from './pages/landing/actions';
import { LandingPage } from './pages/landing/LandingPage';
import { leanLandingPath } from './pages/landing/leanBoot';
import { isWorkbenchPath } from './workbench/path';

const container = document.getElementById('app');
if (!container) throw new Error('index.html has no #app element');
const root = createRoot(container);

/** Loads the app and mounts it in place of what the root shows; false when its chunk failed. */
function startApp(target: Root, action: LandingAction | null): Promise<boolean> {
  setPendingAction(action);
  return import(/* webpackChunkName: "app" */ './appRoot').then(
    ({ mountApp }) => {
      mountApp(target);
      return true;
    },
    () => false,
  );
}

function LoadFailure() {
  return (
    <div role="alert" className="boot-failure">
      页面资源加载失败，请检查网络后
      <button type="button" onClick={() => window.location.reload()}>
        重新加载
      </button>
    </div>
  );
}

function LeanLanding() {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const onAction = (action: LandingAction) => {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    void startApp(root, action).then((mounted) => {
      if (mounted) return;
      setBusy(false);
      setFailed(true);
    });
  };
  return (
    <>
      {failed && <LoadFailure />}
      <LandingPage onAction={onAction} busy={busy} />
    </>
  );
}

/** The phone web mall (issue #22): its own lean chunk, React and the buyer API only. */
const isMall = /^\/mall(\/|$)/.test(window.location.pathname);
const landingPath = isMall ? null : leanLandingPath(window.location, navigator.userAgent);
if (isWorkbenchPath(window.location.pathname)) {
  // The rep's mobile workbench (issue #17): its own lean entry, none of the back office.
  import(/* webpackChunkName: "workbench" */ './workbench/boot').then(
    ({ mountWorkbench }) => mountWorkbench(root),
    () => root.render(<LoadFailure />),
  );
} else if (isMall) {
  void import(/* webpackChunkName: "mall" */ './mall/MallApp').then(
    ({ MallApp }) =>
      root.render(
        <StrictMode>
          <MallApp />
        </StrictMode>,
      ),
    () => root.render(<LoadFailure />),
  );
} else if (landingPath) {
  // The address the app would have redirected to, so that starting it later finds the login page.
  if (landingPath !== `${window.location.pathname}${window.location.search}`)
    window.history.replaceState(null, '', `${landingPath}${window.location.hash}`);
  root.render(
    <StrictMode>
      <LeanLanding />
    </StrictMode>,
  );
} else {
  void startApp(root, null).then((mounted) => mounted || root.render(<LoadFailure />));
}
