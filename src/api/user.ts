// The signed-in user as the server knows it now (GET /user/info).
import type { UserInfo } from '../features/session/slice';
import type { Depart, LoginRole } from './auth';
import { getAction } from './http';

export interface CurrentUser {
  userInfo: UserInfo;
  roles: LoginRole[];
  departs: Depart[];
}

export function getCurrentUser() {
  return getAction<CurrentUser>('/user/info');
}
