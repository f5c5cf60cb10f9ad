/** Where the rep's mobile workbench lives: its own entry (src/index.tsx), outside the back office's router. */
export const WORKBENCH_PATH = '/mobile/visit';

export const isWorkbenchPath = (pathname: string) =>
  pathname === WORKBENCH_PATH || pathname.startsWith(`${WORKBENCH_PATH}/`);
