// The one way for non-React code (sagas) to show antd notices. antd's App.useApp() instances carry
// the theme and locale, so a component registers them at mount (NotifierBridge); until then notices wait.
import { createElement } from 'react';
import { Button } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

export type NoticeKind = 'success' | 'info' | 'warning' | 'error';

export interface NoticeApi {
  notification: NotificationInstance;
  message: MessageInstance;
}

const NOTIFICATION_SECONDS = 4;

type Show = (api: NoticeApi) => void;

let registered: NoticeApi | null = null;
let waiting: Show[] = [];

function show(notice: Show): void {
  if (registered) notice(registered);
  else waiting.push(notice);
}

/** Registers antd's context-aware instances and shows whatever was waiting; returns the unregister function. */
export function registerNoticeApi(api: NoticeApi): () => void {
  registered = api;
  const pending = waiting;
  waiting = [];
  pending.forEach((notice) => notice(api));
  return () => {
    if (registered === api) registered = null;
  };
}

/** A notification box (top right, 4 s): the request errors and other system notices. */
export function notify(kind: NoticeKind, title: string, description?: string): void {
  show(({ notification }) => notification[kind]({ title, description, duration: NOTIFICATION_SECONDS }));
}

/** A short message at the top of the page. */
export function toast(kind: NoticeKind, text: string): void {
  show(({ message }) => message[kind](text));
}

/** A loading message that stays until closeToast(key): a change the user waits for. */
export function loadingToast(key: string, text: string): void {
  show(({ message }) => message.open({ key, type: 'loading', content: text, duration: 0 }));
}

export function closeToast(key: string): void {
  show(({ message }) => message.destroy(key));
}

/**
 * A notice at the bottom right that stays until closed, with one action button (a push's 查看详情, spec §4);
 * the action closes it. Notices with the same key replace each other.
 */
export function notifyWithAction(
  title: string,
  description: string,
  actionText: string,
  onAction?: () => void,
  key: string = title + description,
): void {
  show(({ notification }) =>
    notification.info({
      key,
      title,
      description,
      placement: 'bottomRight',
      duration: 0,
      actions: onAction
        ? createElement(
            Button,
            {
              type: 'primary',
              size: 'small',
              onClick: () => {
                notification.destroy(key);
                onAction();
              },
            },
            actionText,
          )
        : undefined,
    }),
  );
}
