// The one way for non-React code (sagas) to change the route. react-router's navigate function lives
// in the router's context, so NavigatorBridge hands it over at mount; until then the last request waits.
export interface NavigateOptions {
  replace?: boolean;
}

type Navigate = (to: string, options?: NavigateOptions) => void;

let registered: Navigate | null = null;
let waiting: [string, NavigateOptions | undefined] | null = null;

/** Registers the router's navigate function and performs a navigation requested before it mounted. */
export function registerNavigator(navigate: Navigate): () => void {
  registered = navigate;
  if (waiting) {
    const [to, options] = waiting;
    waiting = null;
    navigate(to, options);
  }
  return () => {
    if (registered === navigate) registered = null;
  };
}

export function navigateTo(to: string, options?: NavigateOptions): void {
  if (registered) registered(to, options);
  else waiting = [to, options];
}
