// The graphic captcha (spec §2, §9): an image the server draws (136×38), refreshed by a click. While it is
// on screen its key is in the store, where the SMS request and the sign-in sagas find it.
import { useEffect } from 'react';
import { Col, Form, Input, Row } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { CAPTCHA } from '../../common/constants';
import { messages } from '../../common/messages';
import { selectCaptcha } from '../features/session/selectors';
import { captchaDiscarded, captchaRequested } from '../features/session/verificationSlice';
import { useAppDispatch, useAppSelector } from '../store/hooks';

export const CAPTCHA_REFRESH_LABEL = '看不清？点击刷新';

export function Captcha() {
  const dispatch = useAppDispatch();
  const captcha = useAppSelector(selectCaptcha);

  useEffect(() => {
    dispatch(captchaRequested());
    return () => {
      dispatch(captchaDiscarded());
    };
  }, [dispatch]);

  return (
    <button
      type="button"
      title={CAPTCHA_REFRESH_LABEL}
      aria-label={CAPTCHA_REFRESH_LABEL}
      onClick={() => dispatch(captchaRequested())}
      style={{
        width: CAPTCHA.width,
        height: CAPTCHA.height,
        padding: 0,
        border: 'none',
        background: '#f0f2f5',
        cursor: 'pointer',
        verticalAlign: 'middle',
      }}
    >
      {captcha && (
        <img
          src={captcha.image}
          alt="验证码"
          width={CAPTCHA.width}
          height={CAPTCHA.height}
          style={{ display: 'block' }}
        />
      )}
    </button>
  );
}

/** The graphic code input (field `captcha`, required) beside its image; Enter may submit the form. */
export function CaptchaField({ onPressEnter }: { onPressEnter?: () => void } = {}) {
  return (
    <Row gutter={8} wrap={false}>
      <Col flex="auto">
        <Form.Item
          name="captcha"
          rules={[{ required: true, whitespace: true, message: messages.captchaRequired }]}
        >
          <Input
            size="large"
            prefix={<SafetyOutlined />}
            placeholder="图形验证码"
            autoComplete="off"
            onPressEnter={onPressEnter}
          />
        </Form.Item>
      </Col>
      <Col flex="none">
        <Captcha />
      </Col>
    </Row>
  );
}
