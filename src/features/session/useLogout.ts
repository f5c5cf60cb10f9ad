import { useCallback } from 'react';
import { App } from 'antd';
import { useAppDispatch } from '../../store/hooks';
import { logoutRequested } from './slice';

export const LOGOUT_CONFIRM = { title: '提示', content: '真的要注销登录吗 ?' } as const;

/** The logout of the header and the home page: asks for confirmation (spec §4), then logs out. */
export function useLogout(): () => void {
  const { modal } = App.useApp();
  const dispatch = useAppDispatch();
  return useCallback(() => {
    modal.confirm({ ...LOGOUT_CONFIRM, onOk: () => void dispatch(logoutRequested()) });
  }, [modal, dispatch]);
}
