import { Typography } from 'antd';
import { Outlet } from 'react-router';
import { useRouteTrail } from '../router/routeTrail';

/** A page header with the current route's title above the child route; meta.hiddenHeaderContent drops the header. */
export default function PageView() {
  const current = useRouteTrail().at(-1);
  return (
    <>
      {current?.meta && !current.meta.hiddenHeaderContent && (
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {current.meta.title}
        </Typography.Title>
      )}
      <Outlet />
    </>
  );
}
