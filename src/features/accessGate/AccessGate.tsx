// The access gate of spec §4 around the route tree: it redirects, or holds the routes back behind a
// spinner while the permissions of a signed-in user load and the user is taken to where they were
// heading, so that no 404 or other route shows before the menu routes exist.
import { useEffect, useState, type ReactNode } from 'react';
import { Spin } from 'antd';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectLanding, selectPermissionsLoaded, selectPermissionsLoading } from '../permissions/selectors';
import { landed, loadRequested } from '../permissions/slice';
import { selectToken } from '../session/selectors';
import { decideAccess, isOpenPath, redirectQueryOf } from './decision';

interface Arrival {
  key: string;
  search: string;
  /** Whether the user was signed in when this location was entered. */
  hasToken: boolean;
  /** The query of the location before: the login page's redirect survives the move to the dashboard. */
  previousSearch: string;
}

/**
 * What the gate knows about how the current location was entered. Like jeecg's router guard, the
 * gate judges an open page (the login page) by the session at arrival: a sign-in flow stores the
 * token while its page is still open (department choice) and moves on by itself.
 */
function useArrival(key: string, search: string, hasToken: boolean): Arrival {
  const [arrival, setArrival] = useState<Arrival>({ key, search, hasToken, previousSearch: '' });
  if (arrival.key === key) return arrival;
  const next = { key, search, hasToken, previousSearch: arrival.search };
  setArrival(next);
  return next;
}

/**
 * Takes the user to the landing path once the menu is loaded; true until the router is there.
 * The router moves in a transition while the store updates at once, so the gate navigates itself
 * and waits for the location to change: the routes never render at the location being left.
 */
function useLanding(key: string): boolean {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const landing = useAppSelector(selectLanding);
  const [departure, setDeparture] = useState<string | null>(null);

  useEffect(() => {
    if (landing === null) return;
    if (departure === null) {
      setDeparture(key);
      navigate(landing, { replace: true });
    } else if (key !== departure) {
      setDeparture(null);
      dispatch(landed());
    }
  }, [dispatch, navigate, landing, departure, key]);

  return landing !== null && (departure === null || key === departure);
}

function GateLoading() {
  return (
    <div
      role="status"
      aria-label="正在加载"
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', height: '100vh' }}
    >
      <Spin size="large" />
    </div>
  );
}

export function AccessGate({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const { key, pathname, search, hash } = useLocation();
  const hasToken = Boolean(useAppSelector(selectToken));
  const permissionsLoaded = useAppSelector(selectPermissionsLoaded);
  const loading = useAppSelector(selectPermissionsLoading);
  const arrival = useArrival(key, search, hasToken);
  const landingPending = useLanding(key);
  const signedIn = isOpenPath(pathname) ? hasToken && arrival.hasToken : hasToken;
  const decision = decideAccess(pathname, search, signedIn, permissionsLoaded);
  const mustLoad = decision.type === 'load' && !loading;
  const fullPath = pathname + search + hash;
  const redirect = redirectQueryOf(arrival.previousSearch) ?? redirectQueryOf(search);

  useEffect(() => {
    if (mustLoad) dispatch(loadRequested({ fullPath, redirect }));
  }, [dispatch, mustLoad, fullPath, redirect]);

  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.type === 'load' || landingPending) return <GateLoading />;
  return children;
}
