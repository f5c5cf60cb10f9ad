// The header's account dialogs (spec §4, §8): every branch of the change-password and
// switch-department sagas.
import { testSaga } from 'redux-saga-test-plan';
import { announceSessionEvent } from '../../../src/features/session/sessionEventsSagas';
import { getCurrentUserDeparts, selectDepart, updatePassword } from '../../../src/api/auth';
import {
  changePassword,
  openDepartDialog,
  openPasswordDialog,
  switchDepart,
  USER_MENU_TEXTS,
} from '../../../src/features/layout/userMenuSagas';
import {
  departDialogClosed,
  departDialogOpened,
  departSwitchRefused,
  departSwitchSubmitted,
  passwordDialogClosed,
  passwordDialogOpened,
  passwordRefused,
  passwordSubmitted,
  userMenuReducer,
} from '../../../src/features/layout/userMenuSlice';
import { selectUsername } from '../../../src/features/session/selectors';
import { departSelected } from '../../../src/features/session/slice';
import { workplaceOpened } from '../../../src/features/workplace/slice';
import { toast } from '../../../src/utils/notifier';

function ok<T>(result: T, message = '') {
  return { success: true, message, code: 200, result, timestamp: 0 };
}
function refused(message: string) {
  return { success: false, message, code: 400, result: null, timestamp: 0 };
}

const form = { oldpassword: 'Old#2026', password: 'New#2026x', confirmpassword: 'New#2026x' };
const departs = [
  { id: 'd1', orgCode: 'A01A01', departName: '销售部' },
  { id: 'd2', orgCode: 'A01A02', departName: '市场部' },
];
const userInfo = { id: 'u1', username: 'zhangwei', realname: '张伟', orgCode: 'A01A02' };

describe('openPasswordDialog', () => {
  it('opens for a signed-in user', () => {
    testSaga(openPasswordDialog)
      .next()
      .select(selectUsername)
      .next('zhangwei')
      .put(passwordDialogOpened())
      .next()
      .isDone();
  });

  it("warns '当前系统无登陆用户!' without a user and opens nothing", () => {
    testSaga(openPasswordDialog)
      .next()
      .select(selectUsername)
      .next(null)
      .call(toast, 'warning', USER_MENU_TEXTS.noUser)
      .next()
      .isDone();
  });
});

describe('changePassword', () => {
  it("sends the change with the user's name; success shows the server's message and closes", () => {
    testSaga(changePassword, passwordSubmitted(form))
      .next()
      .select(selectUsername)
      .next('zhangwei')
      .call(updatePassword, { username: 'zhangwei', ...form })
      .next(ok(null, '密码修改成功！'))
      .call(toast, 'success', '密码修改成功！')
      .next()
      .put(passwordDialogClosed())
      .next()
      .isDone();
  });

  it("a refusal shows the server's message as a warning and keeps the dialog", () => {
    testSaga(changePassword, passwordSubmitted(form))
      .next()
      .select(selectUsername)
      .next('zhangwei')
      .call(updatePassword, { username: 'zhangwei', ...form })
      .next(refused('旧密码输入错误'))
      .call(toast, 'warning', '旧密码输入错误')
      .next()
      .put(passwordRefused())
      .next()
      .isDone();
  });

  it('a failed request (shown by the HTTP layer) gives the dialog back', () => {
    testSaga(changePassword, passwordSubmitted(form))
      .next()
      .select(selectUsername)
      .next('zhangwei')
      .call(updatePassword, { username: 'zhangwei', ...form })
      .throw(new Error('Network Error'))
      .put(passwordRefused())
      .next()
      .isDone();
  });

  it('without a user it warns and closes', () => {
    testSaga(changePassword, passwordSubmitted(form))
      .next()
      .select(selectUsername)
      .next(null)
      .call(toast, 'warning', USER_MENU_TEXTS.noUser)
      .next()
      .put(passwordDialogClosed())
      .next()
      .isDone();
  });

  it('the dialog state follows', () => {
    let state = userMenuReducer(undefined, passwordDialogOpened());
    state = userMenuReducer(state, passwordSubmitted(form));
    expect(state.password).toEqual({ open: true, submitting: true });
    expect(userMenuReducer(state, passwordRefused()).password).toEqual({ open: true, submitting: false });
    expect(userMenuReducer(state, passwordDialogClosed()).password).toEqual({
      open: false,
      submitting: false,
    });
  });
});

describe('openDepartDialog', () => {
  it("opens with the user's departments and the current one", () => {
    testSaga(openDepartDialog)
      .next()
      .call(getCurrentUserDeparts)
      .next(ok({ list: departs, orgCode: 'A01A02' }))
      .put(departDialogOpened({ departs, current: 'A01A02' }))
      .next()
      .isDone();
  });

  it("warns '您尚未设置部门信息!' without departments and closes", () => {
    testSaga(openDepartDialog)
      .next()
      .call(getCurrentUserDeparts)
      .next(ok({ list: [], orgCode: null }))
      .call(toast, 'warning', USER_MENU_TEXTS.noDepart)
      .next()
      .put(departDialogClosed())
      .next()
      .isDone();
  });

  it('a refused answer counts as no departments', () => {
    testSaga(openDepartDialog)
      .next()
      .call(getCurrentUserDeparts)
      .next(refused('查询失败'))
      .call(toast, 'warning', USER_MENU_TEXTS.noDepart)
      .next()
      .put(departDialogClosed())
      .next()
      .isDone();
  });

  it('a failed request closes quietly (the HTTP layer has spoken)', () => {
    testSaga(openDepartDialog)
      .next()
      .call(getCurrentUserDeparts)
      .throw(new Error('timeout'))
      .put(departDialogClosed())
      .next()
      .isDone();
  });
});

describe('switchDepart', () => {
  it('switches, stores the returned user, closes, confirms and reloads the home page data', () => {
    testSaga(switchDepart, departSwitchSubmitted({ orgCode: 'A01A02' }))
      .next()
      .select(selectUsername)
      .next('zhangwei')
      .call(selectDepart, { orgCode: 'A01A02', username: 'zhangwei' })
      .next(ok({ userInfo }))
      .put(departSelected(userInfo))
      .next()
      .call(announceSessionEvent, 'depart')
      .next()
      .put(departDialogClosed())
      .next()
      .call(toast, 'success', USER_MENU_TEXTS.departSwitched)
      .next()
      .put(workplaceOpened())
      .next()
      .isDone();
  });

  it("a refusal shows the server's message and keeps the dialog", () => {
    testSaga(switchDepart, departSwitchSubmitted({ orgCode: 'X' }))
      .next()
      .select(selectUsername)
      .next('zhangwei')
      .call(selectDepart, { orgCode: 'X', username: 'zhangwei' })
      .next(refused('部门不存在'))
      .call(toast, 'warning', '部门不存在')
      .next()
      .put(departSwitchRefused())
      .next()
      .isDone();
  });

  it('a failed request gives the dialog back', () => {
    testSaga(switchDepart, departSwitchSubmitted({ orgCode: 'A01A01' }))
      .next()
      .select(selectUsername)
      .next('zhangwei')
      .call(selectDepart, { orgCode: 'A01A01', username: 'zhangwei' })
      .throw(new Error('Network Error'))
      .put(departSwitchRefused())
      .next()
      .isDone();
  });
});
