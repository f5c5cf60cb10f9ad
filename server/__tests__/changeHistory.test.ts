// The change history: business writes log the fields they changed (before and after), and the 变更记录 of an
// object is read through one endpoint, with the permission of its type, in the caller's tenant and scope.
import type { ChangeRecord } from '../../common/changeHistory';
import { changedFields } from '../modules/shared/changeHistory';
import { testBackends } from './support/database';
import { bottledSku, FORBIDDEN, ok, openBusinessTestbed, type BusinessTestbed } from './support/business';

describe('changedFields', () => {
  it('keeps only what changed, without the bookkeeping columns', () => {
    const at = new Date('2026-11-20T01:00:00Z');
    expect(
      changedFields(
        { id: 'x', name: '老王', credit_limit: '100.00', tags: ['a'], updated_at: at, version: 1 },
        {
          id: 'x',
          name: '老王便利店',
          credit_limit: '100.00',
          tags: ['a', 'b'],
          updated_at: new Date(),
          version: 2,
        },
      ),
    ).toEqual({ before: { name: '老王', tags: ['a'] }, after: { name: '老王便利店', tags: ['a', 'b'] } });
    expect(changedFields({ name: 'a', valid_from: at }, { name: 'a', valid_from: new Date(at) })).toBeNull();
  });

  it('gives a new row every field it has, and a removed one every field it had', () => {
    expect(
      changedFields(null, { id: 'x', name: 'n', remark: null, valid_from: new Date('2026-01-01T00:00:00Z') }),
    ).toEqual({
      before: null,
      after: { name: 'n', valid_from: '2026-01-01T00:00:00.000Z' },
    });
    expect(changedFields({ name: 'n' }, null)).toEqual({ before: { name: 'n' }, after: null });
  });
});

describe.each(testBackends())('change history on %s', (backend) => {
  let bed: BusinessTestbed;
  let his: string;
  let headOffice: string;

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
    const { db } = bed.testDatabase.database;
    const customer = (orgCode: string) =>
      db
        .selectFrom('customers')
        .select('id')
        .where('tenant_id', '=', 'A01')
        .where('org_code', 'like', orgCode)
        .where('verify_status', '=', 'UNVERIFIED')
        .orderBy('customer_code')
        .executeTakeFirstOrThrow();
    his = (await customer('A01A02%')).id;
    headOffice = (await customer('A01')).id;
    // Seeding the business demo takes a while on a busy machine.
  }, 180_000);
  afterAll(() => bed.close());

  const history = (caller: 'admin' | 'zhangwei' | 'wangfang' | 't2admin', bizType: string, bizId: string) =>
    bed.get<ChangeRecord[]>(caller, `/sys/changeHistory/list?bizType=${bizType}&bizId=${bizId}`);

  it('records a SKU added, then only the fields an edit changed', async () => {
    const brand = await ok(
      bed.post<{ id: string }>('admin', '/eMaterial/brand/add', { code: 'H-BR', name: '历史品牌' }),
    );
    const category = await ok(
      bed.post<{ id: string }>('admin', '/eMaterial/category/add', { code: 'H-CAT', name: '历史品类' }),
    );
    const sku = bottledSku('H-SKU-1', '历史测试饮料 500ml', brand.id, category.id);
    const { id } = await ok(bed.post<{ id: string }>('admin', '/eMaterial/sku/add', sku));
    await ok(
      bed.put('admin', '/eMaterial/sku/edit', { ...sku, id, name: '历史测试饮料 550ml', unitsPerCase: 12 }),
    );

    const records = await ok(history('admin', 'SKU', id));
    expect(records).toHaveLength(2);
    const [edit, add] = records;
    expect(edit).toMatchObject({
      operateType: 3,
      content: '编辑商品 H-SKU-1 历史测试饮料 550ml',
      username: 'admin',
    });
    expect(edit.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: '历史测试饮料 500ml', after: '历史测试饮料 550ml' },
        { field: 'units_per_case', before: 24, after: 12 },
      ]),
    );
    expect(edit.changes.map((change) => change.field).sort()).toEqual(['name', 'units_per_case']);
    expect(add.operateType).toBe(2);
    expect(add.changes).toEqual(
      expect.arrayContaining([{ field: 'sku_code', before: null, after: 'H-SKU-1' }]),
    );

    // Brands go through the shared saveTenantRow: the same record there.
    await ok(bed.put('admin', '/eMaterial/brand/edit', { id: brand.id, code: 'H-BR', name: '历史品牌二' }));
    const [brandEdit] = await ok(history('admin', 'BRAND', brand.id));
    expect(brandEdit.changes).toEqual([{ field: 'name', before: '历史品牌', after: '历史品牌二' }]);
  });

  it("records a customer's state change and shows it only within the caller's permission, tenant and scope", async () => {
    await ok(
      bed.put('admin', '/eCustomer/changeVerifyStatus', {
        ids: [his, headOffice],
        verifyStatus: 'SUSPECT',
        reason: '门头不符',
      }),
    );
    const [record] = await ok(history('zhangwei', 'CUSTOMER', his));
    expect(record.changes).toEqual(
      expect.arrayContaining([
        { field: 'verify_status', before: 'UNVERIFIED', after: 'SUSPECT' },
        { field: 'verify_remark', before: null, after: '门头不符' },
      ]),
    );
    expect((await history('zhangwei', 'CUSTOMER', headOffice)).body).toMatchObject({
      success: false,
      code: 404,
    });
    expect(await history('t2admin', 'CUSTOMER', his)).toMatchObject({ body: { success: false, code: 404 } });
    expect(await history('wangfang', 'CUSTOMER', his)).toMatchObject(FORBIDDEN);
    expect((await history('admin', 'INVOICE', his)).status).toBe(400);
  });
});
