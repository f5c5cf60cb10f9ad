// Which frame a visitor gets: the landing page switches to its mobile promotional layout on mobile
// user agents (spec §2), and that layout sizes itself in rem on the §9 scale.

// Phones and tablets, including the in-app browsers of the messaging apps (they keep "Mobile").
const MOBILE_USER_AGENT =
  /Android|iPhone|iPad|iPod|Windows Phone|IEMobile|BlackBerry|Opera Mini|HarmonyOS|Mobile/i;

export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_USER_AGENT.test(userAgent);
}

/** The current browser, read once per call (tests set navigator.userAgent). */
export function isMobileDevice(): boolean {
  return typeof navigator !== 'undefined' && isMobileUserAgent(navigator.userAgent);
}

/** The mobile design is drawn 750 px wide; wider screens stop growing at 540 px (spec §9). */
export const REM_DESIGN_WIDTH = 750;
export const REM_MAX_WIDTH = 540;

/** The root font size in px for a viewport width: 1rem is 100 design px, so 7.5rem fill the width. */
export function remFontSize(viewportWidth: number): number {
  const width = Math.min(Math.max(viewportWidth, 0), REM_MAX_WIDTH);
  return (width / REM_DESIGN_WIDTH) * 100;
}

/**
 * Keeps `<html>`'s font size on the rem scale while the window resizes; returns the function that
 * stops and restores the previous size (the desktop pages are not on this scale).
 */
export function applyRemScale(win: Window = window): () => void {
  const root = win.document.documentElement;
  const previous = root.style.fontSize;
  const update = () => {
    root.style.fontSize = `${remFontSize(root.clientWidth || win.innerWidth)}px`;
  };
  update();
  win.addEventListener('resize', update);
  win.addEventListener('orientationchange', update);
  return () => {
    win.removeEventListener('resize', update);
    win.removeEventListener('orientationchange', update);
    root.style.fontSize = previous;
  };
}
