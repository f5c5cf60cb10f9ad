import { demoUserId } from '../db/seed/ids';
import { testBackends } from './support/database';
import { useTestServer } from './support/useTestServer';

const check = (params: Record<string, string>) =>
  `/sys/duplicate/check?${new URLSearchParams(params).toString()}`;

describe.each(testBackends())('/sys/duplicate/check on %s', (backend) => {
  const context = useTestServer(backend);

  it('answers whether a value is free, leaving out the row being edited', async () => {
    const token = await context.tokenOf('admin');
    const taken = await context.client.get(
      check({ tableName: 'sys_user', fieldName: 'email', fieldVal: 'zhangwei@example.com' }),
      token,
    );
    expect(taken.body).toMatchObject({ success: false, code: 409, message: '该值不可用，系统中已存在！' });
    const own = await context.client.get(
      check({
        tableName: 'sys_user',
        fieldName: 'email',
        fieldVal: 'zhangwei@example.com',
        dataId: demoUserId('zhangwei'),
      }),
      token,
    );
    expect(own.body).toMatchObject({ success: true, code: 200, message: '该值可用！' });
    expect(
      (
        await context.client.get(
          check({ tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'sales' }),
          token,
        )
      ).body.success,
    ).toBe(false);
    expect(
      (
        await context.client.get(
          check({ tableName: 'sys_dict', fieldName: 'dict_code', fieldVal: 'brand_new' }),
          token,
        )
      ).body.success,
    ).toBe(true);
    expect(
      (await context.client.get(check({ tableName: 'sys_user', fieldName: 'email', fieldVal: '' }), token))
        .body.message,
    ).toBe('请输入要校验的值');
  });

  it('checks within the tenant, except user names and mobiles which no two accounts share', async () => {
    const t2 = await context.tokenOf('t2admin');
    expect(
      (
        await context.client.get(
          check({ tableName: 'sys_user', fieldName: 'email', fieldVal: 'zhangwei@example.com' }),
          t2,
        )
      ).body.success,
    ).toBe(true);
    expect(
      (
        await context.client.get(
          check({ tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'sales' }),
          t2,
        )
      ).body.success,
    ).toBe(true);
    expect(
      (
        await context.client.get(
          check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'zhangwei' }),
          t2,
        )
      ).body.success,
    ).toBe(false);
    expect(
      (
        await context.client.get(
          check({ tableName: 'sys_user', fieldName: 'phone', fieldVal: '13800000002' }),
          t2,
        )
      ).body.success,
    ).toBe(false);
  });

  it('refuses pairs off the list and callers without the page’s permission', async () => {
    const token = await context.tokenOf('admin');
    const injection = await context.client.get(
      check({ tableName: 'sys_user', fieldName: 'password_hash', fieldVal: 'x' }),
      token,
    );
    expect(injection).toMatchObject({ status: 400, body: { message: '不支持校验 sys_user.password_hash' } });
    expect(
      (
        await context.client.get(
          check({ tableName: 'users; drop table users', fieldName: 'id', fieldVal: 'x' }),
          token,
        )
      ).status,
    ).toBe(400);
    const denied = await context.client.get(
      check({ tableName: 'sys_dict', fieldName: 'dict_code', fieldVal: 'x' }),
      await context.tokenOf('zhangwei'),
    );
    expect(denied.status).toBe(403);
    expect(
      (await context.client.get(check({ tableName: 'sys_dict', fieldName: 'dict_code', fieldVal: 'x' })))
        .status,
    ).toBe(401);
  });
});
