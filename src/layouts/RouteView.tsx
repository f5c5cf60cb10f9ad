import { Outlet } from 'react-router';

/** A menu level without a frame of its own: it shows the matched child route. */
export default function RouteView() {
  return <Outlet />;
}
