// Deletes and other irreversible commands ask first: a confirmation that names what happens (children
// deleted too, ...), the call while the OK button spins, then the server's message.
import type { ReactNode } from 'react';
import { App } from 'antd';
import type { Envelope } from '../../../common/contract';
import { settle } from './settle';

export interface ConfirmActionOptions {
  title: string;
  content?: ReactNode;
  okText?: string;
  /** Red OK button (deletes). */
  danger?: boolean;
  action: () => Promise<Envelope<unknown>>;
  /** After the command succeeded (reload, clear the selection). */
  onDone: () => void;
}

export function useConfirmAction(): (options: ConfirmActionOptions) => void {
  const { modal } = App.useApp();
  return ({ title, content, okText = '确定', danger = true, action, onDone }) => {
    modal.confirm({
      title,
      content,
      okText,
      cancelText: '取消',
      okButtonProps: { danger },
      onOk: async () => {
        if (await settle(action())) onDone();
      },
    });
  };
}
