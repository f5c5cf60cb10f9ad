// The main frame of a signed-in user (spec §2 Main layout): side menu, header, breadcrumbs, the
// current route's page and the footer.
import { Breadcrumb, Button, Layout, Space, theme, Typography } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { Link, Outlet } from 'react-router';
import { HOME_TAB_PATH, PRODUCT_NAME } from '../../common/constants';
import { selectUserInfo } from '../features/session/selectors';
import { useLogout } from '../features/session/useLogout';
import { useRouteTrail } from '../router/routeTrail';
import { useAppSelector } from '../store/hooks';
import { SideMenu } from './SideMenu';

const SIDER_WIDTH = 200;

function Breadcrumbs() {
  const trail = useRouteTrail();
  const items = [
    { key: HOME_TAB_PATH, title: <Link to={HOME_TAB_PATH}>首页</Link> },
    // The home page is the first crumb already.
    ...trail
      .filter((route) => route.path !== HOME_TAB_PATH)
      .map((route) => ({ key: route.path, title: route.meta?.title })),
  ];
  return <Breadcrumb items={items} style={{ margin: '16px 0' }} />;
}

export default function BasicLayout() {
  const { token: design } = theme.useToken();
  const realname = useAppSelector(selectUserInfo)?.realname;
  const logout = useLogout();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={SIDER_WIDTH} theme="dark">
        <SideMenu />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            padding: '0 24px',
            background: design.colorBgContainer,
          }}
        >
          <Typography.Text strong style={{ fontSize: 18 }}>
            {PRODUCT_NAME}
          </Typography.Text>
          <Space size="middle">
            <span>欢迎您，{realname}</span>
            <Button type="text" icon={<LogoutOutlined />} onClick={logout}>
              退出登录
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: '0 24px' }}>
          <Breadcrumbs />
          <div style={{ padding: 24, minHeight: 360, background: design.colorBgContainer }}>
            <Outlet />
          </div>
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center' }}>
          Copyright © {new Date().getFullYear()} {PRODUCT_NAME}
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}
