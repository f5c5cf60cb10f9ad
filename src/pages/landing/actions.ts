// What the landing page's links and buttons ask for. The landing page itself only renders; whoever
// mounts it decides what an action does: the lean entry first loads the app, the app's login page
// opens the login modal, goes to registration, or hands the third-party actions to their flows.

export type LandingAction =
  /** Open the login modal. */
  | 'login'
  /** The enterprise-messaging QR login (state qywx_login): src/features/thirdPartyLogin. */
  | 'qrLogin'
  /** Install the app into the enterprise-messaging workspace: src/features/thirdPartyLogin. */
  | 'install'
  /** Go to /user/register. */
  | 'register';

export type OnLandingAction = (action: LandingAction) => void;

// The action that made the lean entry load the app, handed to the login page once it mounts.
let pendingAction: LandingAction | null = null;

export function setPendingAction(action: LandingAction | null): void {
  pendingAction = action;
}

/**
 * The pending action, read without consuming it: a render that suspends on a lazy chunk is thrown
 * away and run again, so the reader clears it only once its render has committed.
 */
export function peekPendingAction(): LandingAction | null {
  return pendingAction;
}
