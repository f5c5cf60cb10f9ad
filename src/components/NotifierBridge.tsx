import { useEffect } from 'react';
import { App } from 'antd';
import { registerNoticeApi } from '../utils/notifier';

/** Hands antd's App instances to the notifier service; renders nothing. Must sit inside antd <App>. */
export function NotifierBridge(): null {
  const { notification, message } = App.useApp();
  useEffect(() => registerNoticeApi({ notification, message }), [notification, message]);
  return null;
}
