// The register-code flow (spec §7): a company without WeCom registers it and installs the app in one go on
// WeCom's page; WeCom then brings the browser back to the landing route with auth_code (安装提示).
import { Button, Divider } from 'antd';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectThirdPartyBusy } from './selectors';
import { registerCodeRequested } from './slice';

export const WECOM_REGISTER_TEXT = '开通企业微信并安装应用';

export function WecomRegisterButton() {
  const dispatch = useAppDispatch();
  const busy = useAppSelector(selectThirdPartyBusy);
  return (
    <>
      <Divider plain>或</Divider>
      <Button block size="large" loading={busy} onClick={() => dispatch(registerCodeRequested())}>
        {WECOM_REGISTER_TEXT}
      </Button>
    </>
  );
}
