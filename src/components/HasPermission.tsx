// Button-level permission in views (spec §6): children render only when the signed-in user may use `code`.
import type { ReactNode } from 'react';
import type { ButtonAuth } from '../features/permissions/slice';
import type { RootState } from '../store';
import { useAppSelector } from '../store/hooks';
import { hasPermission } from '../utils/hasPermission';

const selectUserButtonAuth = (state: RootState) => state.permissions.userButtonAuth;
const selectSysButtonAuth = (state: RootState) => state.permissions.sysButtonAuth;

/** Whether the signed-in user may use the control `code`; a form's own rules come first when given. */
export function useHasPermission(code: string, formPermissionList?: ButtonAuth[]): boolean {
  const userAuth = useAppSelector(selectUserButtonAuth);
  const sysAuth = useAppSelector(selectSysButtonAuth);
  return hasPermission(code, { userAuth, sysAuth, formPermissionList });
}

interface HasPermissionProps {
  code: string;
  formPermissionList?: ButtonAuth[];
  children: ReactNode;
}

export function HasPermission({ code, formPermissionList, children }: HasPermissionProps) {
  return useHasPermission(code, formPermissionList) ? children : null;
}
