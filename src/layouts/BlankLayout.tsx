import { Outlet } from 'react-router';

/** The child route alone, without any frame. */
export default function BlankLayout() {
  return <Outlet />;
}
