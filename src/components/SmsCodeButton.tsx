// The 获取验证码 button: checks the mobile number and the graphic code of its form, asks for an SMS
// code, then stays disabled for 60 seconds, counting down (spec §4 Other). It waits for the captcha image.
import { Button, type FormInstance } from 'antd';
import type { SmsMode } from '../api/auth';
import { selectCaptcha, selectSmsCountdown, selectSmsSending } from '../features/session/selectors';
import { smsCodeRequested } from '../features/session/verificationSlice';
import { useAppDispatch, useAppSelector } from '../store/hooks';

export const SMS_BUTTON_TEXT = '获取验证码';

interface SmsCodeButtonProps {
  /** The form holding the mobile number and the graphic code (field `captcha`). */
  form: FormInstance;
  mobileField: string;
  smsmode: SmsMode;
}

export function SmsCodeButton({ form, mobileField, smsmode }: SmsCodeButtonProps) {
  const dispatch = useAppDispatch();
  const captcha = useAppSelector(selectCaptcha);
  const sending = useAppSelector(selectSmsSending);
  const countdown = useAppSelector(selectSmsCountdown);

  const requestCode = async () => {
    let values: Record<string, string>;
    try {
      values = await form.validateFields([mobileField, 'captcha']);
    } catch {
      // The form shows what is missing or wrong.
      return;
    }
    if (!captcha) return;
    dispatch(
      smsCodeRequested({
        mobile: values[mobileField],
        captcha: values.captcha,
        checkKey: captcha.checkKey,
        smsmode,
      }),
    );
  };

  return (
    <Button size="large" block disabled={countdown > 0 || !captcha} loading={sending} onClick={requestCode}>
      {countdown > 0 ? `${countdown} s` : SMS_BUTTON_TEXT}
    </Button>
  );
}
