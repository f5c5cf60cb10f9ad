// /user/register-result?username=…&tenantName=…: the company exists, its administrator can log in.
import { Button, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { LOGIN_PATH } from '../../../common/constants';

export default function RegisterResultPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      title="注册成功"
      subTitle={`企业：${params.get('tenantName') ?? ''}，你的账户：${params.get('username') ?? ''}`}
      extra={
        <Button type="primary" size="large" onClick={() => navigate(LOGIN_PATH)}>
          去登录
        </Button>
      }
    />
  );
}
