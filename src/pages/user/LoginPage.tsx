// /user/login: a short product headline; the login modal opens on arrival (which also covers the
// resetLogin case after the server invalidated the token) and can be reopened after closing it.
import { lazy, Suspense, useState } from 'react';
import { Button, Typography } from 'antd';
import { PRODUCT_NAME } from '../../../common/constants';

const LoginModal = lazy(() => import(/* webpackChunkName: "login-modal" */ '../../components/LoginModal'));

export const LOGIN_HEADLINE = '连接品牌商、经销商、终端门店与消费者，让渠道业务在线、透明、高效。';

export default function LoginPage() {
  const [open, setOpen] = useState(true);
  return (
    <section style={{ padding: '64px 0', textAlign: 'center' }}>
      <Typography.Title>{PRODUCT_NAME}</Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 16 }}>
        {LOGIN_HEADLINE}
      </Typography.Paragraph>
      <Button type="primary" size="large" onClick={() => setOpen(true)}>
        登录
      </Button>
      <Suspense fallback={null}>
        <LoginModal open={open} onClose={() => setOpen(false)} />
      </Suspense>
    </section>
  );
}
