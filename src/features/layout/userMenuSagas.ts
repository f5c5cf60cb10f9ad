// The header's account actions (spec §4, §8): change password (PUT /sys/user/updatePassword) and switch
// department (GET /sys/user/getCurrentUserDeparts, PUT /sys/selectDepart). A failure the HTTP layer
// has reported already (a rejected call) only gives the dialog back to the user.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeLeading } from 'redux-saga/effects';
import type { Envelope } from '../../../common/contract';
import { getCurrentUserDeparts, selectDepart, updatePassword, type Depart } from '../../api/auth';
import { toast } from '../../utils/notifier';
import { selectUsername } from '../session/selectors';
import { departSelected, type UserInfo } from '../session/slice';
import { announceSessionEvent } from '../session/sessionEventsSagas';
import { workplaceOpened } from '../workplace/slice';
import {
  departDialogClosed,
  departDialogOpened,
  departDialogRequested,
  departSwitchRefused,
  departSwitchSubmitted,
  passwordDialogClosed,
  passwordDialogOpened,
  passwordDialogRequested,
  passwordRefused,
  passwordSubmitted,
  type PasswordChangeForm,
} from './userMenuSlice';

export const USER_MENU_TEXTS = {
  noUser: '当前系统无登陆用户!',
  noDepart: '您尚未设置部门信息!',
  departSwitched: '部门切换成功',
} as const;

export function* openPasswordDialog(): SagaIterator {
  const username: string | null = yield select(selectUsername);
  if (!username) {
    yield call(toast, 'warning', USER_MENU_TEXTS.noUser);
    return;
  }
  yield put(passwordDialogOpened());
}

export function* changePassword({ payload }: PayloadAction<PasswordChangeForm>): SagaIterator {
  const username: string | null = yield select(selectUsername);
  if (!username) {
    yield call(toast, 'warning', USER_MENU_TEXTS.noUser);
    yield put(passwordDialogClosed());
    return;
  }
  try {
    const envelope: Envelope<null> = yield call(updatePassword, { username, ...payload });
    if (envelope.success) {
      yield call(toast, 'success', envelope.message);
      yield put(passwordDialogClosed());
    } else {
      yield call(toast, 'warning', envelope.message);
      yield put(passwordRefused());
    }
  } catch {
    yield put(passwordRefused());
  }
}

export function* openDepartDialog(): SagaIterator {
  try {
    const envelope: Envelope<{ list: Depart[]; orgCode: string | null } | null> =
      yield call(getCurrentUserDeparts);
    const departs = envelope.success ? (envelope.result?.list ?? []) : [];
    if (departs.length === 0) {
      yield call(toast, 'warning', USER_MENU_TEXTS.noDepart);
      yield put(departDialogClosed());
      return;
    }
    yield put(departDialogOpened({ departs, current: envelope.result?.orgCode ?? null }));
  } catch {
    yield put(departDialogClosed());
  }
}

export function* switchDepart({ payload: { orgCode } }: PayloadAction<{ orgCode: string }>): SagaIterator {
  const username: string | null = yield select(selectUsername);
  try {
    const envelope: Envelope<{ userInfo: UserInfo } | null> = yield call(selectDepart, {
      orgCode,
      username: username ?? '',
    });
    if (!envelope.success || !envelope.result) {
      yield call(toast, 'warning', envelope.message);
      yield put(departSwitchRefused());
      return;
    }
    yield put(departSelected(envelope.result.userInfo));
    // The other tabs must not go on with the old department's permissions and menu.
    yield call(announceSessionEvent, 'depart');
    yield put(departDialogClosed());
    yield call(toast, 'success', USER_MENU_TEXTS.departSwitched);
    // The home page shows the current department.
    yield put(workplaceOpened());
  } catch {
    yield put(departSwitchRefused());
  }
}

export function* userMenuSaga(): SagaIterator {
  yield all([
    takeLeading(passwordDialogRequested.type, openPasswordDialog),
    takeLeading(passwordSubmitted.type, changePassword),
    takeLeading(departDialogRequested.type, openDepartDialog),
    takeLeading(departSwitchSubmitted.type, switchDepart),
  ]);
}
