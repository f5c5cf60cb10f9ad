import { screen, waitFor, within } from '@testing-library/react';
import type { Action } from '@reduxjs/toolkit';
import * as authApi from '../../src/api/auth';
import { DepartSelectModal } from '../../src/components/DepartSelectModal';
import { departPickerOpened, loggedIn } from '../../src/features/session/slice';
import type { AppStore } from '../../src/store';
import { buttonByText, findDialog, ok, renderSignIn, setupUser } from '../support/signIn';

jest.mock('../../src/api/auth');

const api = jest.mocked(authApi);
const departs = [
  { id: 'd1', orgCode: 'A01A01', departName: '销售部' },
  { id: 'd2', orgCode: 'A01A02', departName: '财务部' },
];

async function renderPicker() {
  const app = await renderSignIn(<DepartSelectModal />, {
    prepare: (store: AppStore) => {
      store.dispatch(
        loggedIn({
          token: 'tok-1',
          username: 'zhangwei',
          userInfo: { id: 'u2', username: 'zhangwei', realname: '张伟' },
        }),
      );
      store.dispatch(departPickerOpened(departs));
    },
  });
  const dispatched: Action[] = [];
  const dispatch = app.store.dispatch;
  jest.spyOn(app.store, 'dispatch').mockImplementation((action: Action) => {
    dispatched.push(action);
    return dispatch(action);
  });
  return { ...app, dispatched, dialog: await findDialog('登录部门选择') };
}

beforeEach(() => {
  localStorage.clear();
  api.logout.mockResolvedValue(ok(null));
});

afterEach(() => {
  jest.restoreAllMocks();
  jest.clearAllMocks();
});

it('is 450 px wide and cannot be dismissed: no close button', async () => {
  const { dialog } = await renderPicker();
  expect(dialog).toHaveStyle({ width: '450px' });
  expect(dialog.querySelector('.ant-modal-close')).toBeNull();
  expect(buttonByText(/退\s*出/, dialog)).toBeInTheDocument();
});

it('confirm without a choice marks the field as an error and sends nothing', async () => {
  const user = setupUser();
  const { dialog, dispatched } = await renderPicker();
  await user.click(buttonByText(/确\s*认/, dialog));

  await waitFor(() =>
    expect(dialog.querySelector('.ant-form-item-explain-error')).toHaveTextContent('请选择登录部门'),
  );
  expect(dialog.querySelector('.ant-form-item-has-error')).not.toBeNull();
  expect(dispatched).toEqual([]);
  expect(api.selectDepart).not.toHaveBeenCalled();
});

it('offers the departments by name and sends the chosen orgCode with the username', async () => {
  const user = setupUser();
  api.selectDepart.mockReturnValue(new Promise(() => undefined));
  const { dialog, store } = await renderPicker();
  await user.click(within(dialog).getByRole('combobox'));
  expect(await screen.findByText('销售部')).toBeInTheDocument();
  await user.click(screen.getByText('财务部'));
  await user.click(buttonByText(/确\s*认/, dialog));

  await waitFor(() =>
    expect(api.selectDepart).toHaveBeenCalledWith({ orgCode: 'A01A02', username: 'zhangwei' }),
  );
  expect(store.getState().session.departPicker.submitting).toBe(true);
  expect(buttonByText(/确\s*认/, dialog)).toHaveClass('ant-btn-loading');
});

it('退出 logs out instead of choosing', async () => {
  const user = setupUser();
  const { dialog, store, visited } = await renderPicker();
  await user.click(buttonByText(/退\s*出/, dialog));

  await waitFor(() => expect(store.getState().session.token).toBeNull());
  expect(api.logout).toHaveBeenCalledTimes(1);
  expect(api.selectDepart).not.toHaveBeenCalled();
  expect(store.getState().session.departPicker.open).toBe(false);
  expect(visited[visited.length - 1]).toBe('/');
});
