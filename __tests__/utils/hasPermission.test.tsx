import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { HasPermission, useHasPermission } from '../../src/components/HasPermission';
import { buttonAuthLoaded, type ButtonAuth } from '../../src/features/permissions/slice';
import { configureAppStore } from '../../src/store';
import { disabledAuthFilter, hasPermission } from '../../src/utils/hasPermission';

const show = (action: string, extra: Partial<ButtonAuth> = {}): ButtonAuth => ({
  action,
  type: '1',
  ...extra,
});
const toggle = (action: string, extra: Partial<ButtonAuth> = {}): ButtonAuth => ({
  action,
  type: '2',
  ...extra,
});

describe('hasPermission', () => {
  it("shows a control whose code is among the user's auth actions", () => {
    expect(
      hasPermission('user:add', {
        userAuth: [show('user:add')],
        sysAuth: [show('user:add', { status: '1' })],
      }),
    ).toBe(true);
  });

  it("hides a control whose code is not among the user's auth actions", () => {
    expect(hasPermission('user:delete', { userAuth: [show('user:add')], sysAuth: [] })).toBe(false);
  });

  it('splits comma-separated actions (empty pieces ignored)', () => {
    const userAuth = [show('user:add,user:edit,,user:export')];
    expect(hasPermission('user:edit', { userAuth, sysAuth: [] })).toBe(true);
    expect(hasPermission('user:export', { userAuth, sysAuth: [] })).toBe(true);
    expect(hasPermission('', { userAuth, sysAuth: [] })).toBe(false);
    expect(hasPermission('user:add,user:edit', { userAuth, sysAuth: [] })).toBe(false);
  });

  it('an empty user list hides every control with an active rule', () => {
    expect(hasPermission('user:add', { userAuth: [], sysAuth: [show('user:add', { status: '1' })] })).toBe(
      false,
    );
    expect(hasPermission('user:add', { userAuth: [], sysAuth: [] })).toBe(false);
  });

  it("a system rule with status '0' is inactive: the control shows even without the user's auth", () => {
    expect(hasPermission('user:add', { userAuth: [], sysAuth: [show('user:add', { status: '0' })] })).toBe(
      true,
    );
    // Another code's inactive rule does not open this one.
    expect(hasPermission('user:edit', { userAuth: [], sysAuth: [show('user:add', { status: '0' })] })).toBe(
      false,
    );
  });

  it("entries of type '2' are ignored, in the user's list and in the system list", () => {
    expect(hasPermission('user:add', { userAuth: [toggle('user:add')], sysAuth: [] })).toBe(false);
    expect(hasPermission('user:add', { userAuth: [], sysAuth: [toggle('user:add', { status: '0' })] })).toBe(
      false,
    );
  });

  it("the form's permission list grants first; its type '2' entries do not", () => {
    expect(
      hasPermission('bpm:approve', { userAuth: [], sysAuth: [], formPermissionList: [show('bpm:approve')] }),
    ).toBe(true);
    expect(
      hasPermission('bpm:approve', {
        userAuth: [],
        sysAuth: [],
        formPermissionList: [toggle('bpm:approve')],
      }),
    ).toBe(false);
  });

  it("a form list without the code falls back to the user's and the system lists", () => {
    const formPermissionList = [show('bpm:other')];
    expect(hasPermission('user:add', { userAuth: [show('user:add')], sysAuth: [], formPermissionList })).toBe(
      true,
    );
    expect(hasPermission('user:add', { userAuth: [], sysAuth: [], formPermissionList })).toBe(false);
  });
});

describe('disabledAuthFilter', () => {
  it("a form rule of type '2' for the code disables the control", () => {
    expect(
      disabledAuthFilter('order:audit', {
        userAuth: [toggle('order:audit')],
        sysAuth: [],
        formPermissionList: [toggle('order:audit')],
      }),
    ).toBe(true);
  });

  it('no system rule for the code: enabled', () => {
    expect(
      disabledAuthFilter('order:audit', { userAuth: [], sysAuth: [toggle('order:other', { status: '1' })] }),
    ).toBe(false);
  });

  it("an inactive system rule (status '0'): enabled", () => {
    expect(
      disabledAuthFilter('order:audit', { userAuth: [], sysAuth: [toggle('order:audit', { status: '0' })] }),
    ).toBe(false);
  });

  it("an active system rule: disabled unless the user's type '2' rules grant the code", () => {
    const sysAuth = [toggle('order:audit', { status: '1' })];
    expect(disabledAuthFilter('order:audit', { userAuth: [], sysAuth })).toBe(true);
    expect(disabledAuthFilter('order:audit', { userAuth: [toggle('order:audit')], sysAuth })).toBe(false);
    // A show/hide grant does not enable it.
    expect(disabledAuthFilter('order:audit', { userAuth: [show('order:audit')], sysAuth })).toBe(true);
  });

  it("show/hide rules (type ≠ '2') never disable", () => {
    expect(
      disabledAuthFilter('order:audit', { userAuth: [], sysAuth: [show('order:audit', { status: '1' })] }),
    ).toBe(false);
    expect(
      disabledAuthFilter('order:audit', {
        userAuth: [],
        sysAuth: [],
        formPermissionList: [show('order:audit')],
      }),
    ).toBe(false);
  });
});

describe('<HasPermission> and useHasPermission', () => {
  function renderWith(auth: ButtonAuth[], allAuth: ButtonAuth[], ui: React.ReactNode) {
    const { store } = configureAppStore();
    store.dispatch(buttonAuthLoaded({ auth, allAuth }));
    render(<Provider store={store}>{ui}</Provider>);
  }

  function Probe({ code }: { code: string }) {
    return <span>{useHasPermission(code) ? `${code} 可用` : `${code} 不可用`}</span>;
  }

  beforeEach(() => sessionStorage.clear());

  it("renders its children only for a code in the signed-in user's list", () => {
    renderWith(
      [show('user:add')],
      [show('user:add', { status: '1' }), show('user:delete', { status: '1' })],
      <>
        <HasPermission code="user:add">
          <button type="button">添加用户</button>
        </HasPermission>
        <HasPermission code="user:delete">
          <button type="button">删除用户</button>
        </HasPermission>
        <Probe code="user:delete" />
      </>,
    );
    expect(screen.getByRole('button', { name: '添加用户' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除用户' })).not.toBeInTheDocument();
    expect(screen.getByText('user:delete 不可用')).toBeInTheDocument();
  });

  it("uses a form's permission list when given", () => {
    renderWith(
      [],
      [],
      <HasPermission code="bpm:approve" formPermissionList={[show('bpm:approve')]}>
        <button type="button">审批</button>
      </HasPermission>,
    );
    expect(screen.getByRole('button', { name: '审批' })).toBeInTheDocument();
  });
});
