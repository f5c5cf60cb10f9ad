import type { Page } from '../../common/contract';
import { demoUserId } from '../db/seed/ids';
import { hasValidCheckDigit } from '../modules/products/service';
import { testBackends } from './support/database';
import type { ApprovalRecord } from '../../common/approvals';
import {
  activatePriceList,
  FORBIDDEN,
  ok,
  openBusinessTestbed,
  queryString,
  type BusinessTestbed,
  type Caller,
} from './support/business';

interface Sku {
  id: string;
  skuCode: string;
  name: string;
  brandName: string;
  status: string;
  status_dictText: string;
  version: number;
  unitsPerCase: number;
}

interface PriceListDetail {
  id: string;
  status: string;
  items: Array<{ skuId: string; price: string; unit: string }>;
  scopes: Array<{ scopeType: string; scopeValue: string }>;
}

const skuInput = (brandId: string, categoryId: string, overrides: Record<string, unknown> = {}) => ({
  skuCode: 'T-SKU-001',
  barcode: '6901234567892',
  name: '测试能量饮料 250ml PET',
  brandId,
  categoryId,
  spec: '250ml',
  volumeMl: 250,
  packageType: 'PET',
  baseUnit: '瓶',
  saleUnit: '箱',
  unitsPerCase: 24,
  shelfLifeDays: 540,
  suggestedRetailPrice: 3.5,
  ...overrides,
});

describe('barcode check digits', () => {
  it('accepts valid EAN-13, EAN-8 and ITF-14 codes and refuses wrong ones', () => {
    expect(hasValidCheckDigit('6901234567892')).toBe(true);
    expect(hasValidCheckDigit('6901234567893')).toBe(false);
    expect(hasValidCheckDigit('96385074')).toBe(true);
    expect(hasValidCheckDigit('16901234567899')).toBe(true);
    expect(hasValidCheckDigit('690123456789')).toBe(false);
  });
});

describe.each(testBackends())('products and prices on %s', (backend) => {
  let bed: BusinessTestbed;
  let brandId: string;
  let categoryId: string;
  let skuId: string;

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
    const brand = await bed.post<{ id: string }>('admin', '/eMaterial/brand/add', {
      code: 'T-BR',
      name: '测试品牌',
    });
    brandId = brand.body.result.id;
    const category = await bed.post<{ id: string }>('admin', '/eMaterial/category/add', {
      code: 'T-CAT',
      name: '测试品类',
    });
    categoryId = category.body.result.id;
  });
  afterAll(() => bed.close());

  describe('brands and categories', () => {
    it('lets the stock pages read the brands for their filter, and no one without a page that needs them', async () => {
      // zhangwei holds stock:list, not product:list.
      const reader = await bed.get<Page<{ code: string }>>('zhangwei', '/eMaterial/brand/list?pageSize=200');
      expect(reader.status).toBe(200);
      expect(reader.body.result.records.map((brand) => brand.code)).toContain('T-BR');
      expect((await bed.get('wangfang', '/eMaterial/brand/list')).status).toBe(403);
      expect((await bed.get('zhangwei', '/eprod/warehouse/list')).status).toBe(200);
    });

    it('refuses a duplicate code with a clear message', async () => {
      const { body } = await bed.post('admin', '/eMaterial/brand/add', { code: 'T-BR', name: '重复' });
      expect(body).toMatchObject({ success: false, code: 409, message: '品牌编码 T-BR 已存在' });
    });

    it('lists with filters and refuses an unknown filter or sort field with 400', async () => {
      const { body } = await bed.get<Page<{ code: string; status_dictText: string }>>(
        'admin',
        `/eMaterial/brand/list${queryString({ code: '*T-B*' })}`,
      );
      expect(body.result.records).toEqual([
        expect.objectContaining({ code: 'T-BR', status_dictText: '启用' }),
      ]);
      const unknownFilter = await bed.get('admin', '/eMaterial/brand/list?password=x');
      expect(unknownFilter).toMatchObject({ status: 400, body: { message: '不支持按字段 password 筛选' } });
      const unknownSort = await bed.get('admin', '/eMaterial/brand/list?column=tenant_id&order=asc');
      expect(unknownSort).toMatchObject({ status: 400, body: { message: '不支持按字段 tenant_id 排序' } });
      const tooBig = await bed.get('admin', '/eMaterial/brand/list?pageSize=500');
      expect(tooBig).toMatchObject({ status: 400, body: { message: '参数 pageSize 不能大于 200' } });
    });

    it('disables a brand through edit', async () => {
      const { body } = await bed.put('admin', '/eMaterial/brand/edit', {
        id: brandId,
        code: 'T-BR',
        name: '测试品牌',
        status: 'DISABLED',
      });
      expect(body.success).toBe(true);
      const list = await bed.get<Page<{ id: string; status: string }>>(
        'admin',
        '/eMaterial/brand/list?status=DISABLED',
      );
      expect(list.body.result.records.map((record) => record.id)).toContain(brandId);
      await bed.put('admin', '/eMaterial/brand/edit', { id: brandId, code: 'T-BR', name: '测试品牌' });
    });

    it('keeps a category tree and refuses a parent of another tenant', async () => {
      const child = await bed.post<{ id: string }>('admin', '/eMaterial/category/add', {
        code: 'T-CAT-1',
        name: '子品类',
        parentId: categoryId,
      });
      expect(child.body.success).toBe(true);
      const list = await bed.get<Page<{ code: string; level: number }>>(
        'admin',
        `/eMaterial/category/list${queryString({ parentId: categoryId })}`,
      );
      expect(list.body.result.records).toEqual([
        expect.objectContaining({ code: 'T-CAT-1', level: 2, parentName: '测试品类' }),
      ]);
      const foreign = await bed.post('t2admin', '/eMaterial/category/add', {
        code: 'X',
        name: '越权',
        parentId: categoryId,
      });
      expect(foreign.body).toMatchObject({ success: false, code: 404, message: '上级品类不存在或无权访问' });
    });
  });

  describe('SKUs', () => {
    it('creates a SKU, writes the operation log and finds it by keyword', async () => {
      const { body } = await bed.post<{ id: string }>(
        'admin',
        '/eMaterial/sku/add',
        skuInput(brandId, categoryId),
      );
      expect(body).toMatchObject({ success: true, message: '添加成功！' });
      skuId = body.result.id;
      const list = await bed.get<Page<Sku>>(
        'admin',
        `/eMaterial/sku/list${queryString({ keyword: '测试能量' })}`,
      );
      expect(list.body.result).toMatchObject({ total: 1, current: 1, size: 10, pages: 1 });
      expect(list.body.result.records[0]).toMatchObject({
        skuCode: 'T-SKU-001',
        brandName: '测试品牌',
        status: 'DRAFT',
        status_dictText: '草稿',
        unitsPerCase: 24,
      });
      const log = await bed.testDatabase.database.db
        .selectFrom('sys_log')
        .select(['log_content', 'operate_type', 'tenant_id'])
        .where('user_id', '=', demoUserId('admin'))
        .where('log_content', 'like', '新增商品%')
        .execute();
      expect(log).toEqual([
        { log_content: '新增商品 T-SKU-001 测试能量饮料 250ml PET', operate_type: 2, tenant_id: 'A01' },
      ]);
    });

    it('refuses invalid input: a missing field (400 naming it), a bad barcode, a duplicate code', async () => {
      const missing = await bed.post('admin', '/eMaterial/sku/add', {
        ...skuInput(brandId, categoryId),
        unitsPerCase: undefined,
      });
      expect(missing).toMatchObject({ status: 400, body: { message: '参数 unitsPerCase 不能为空' } });
      const badBarcode = await bed.post(
        'admin',
        '/eMaterial/sku/add',
        skuInput(brandId, categoryId, { skuCode: 'T-SKU-002', barcode: '6901234567893' }),
      );
      expect(badBarcode.body).toMatchObject({ success: false, code: 400 });
      expect(badBarcode.body.message).toContain('校验位不正确');
      const duplicate = await bed.post(
        'admin',
        '/eMaterial/sku/add',
        skuInput(brandId, categoryId, { barcode: null }),
      );
      expect(duplicate.body).toMatchObject({
        success: false,
        code: 409,
        message: '商品编码 T-SKU-001 已存在',
      });
      const foreignImage = await bed.post(
        'admin',
        '/eMaterial/sku/add',
        skuInput(brandId, categoryId, { skuCode: 'T-SKU-003', imageUrls: ['//evil.example/x.png'] }),
      );
      expect(foreignImage.body).toMatchObject({
        success: false,
        code: 400,
        message: '图片地址无效：请上传图片，或使用允许的 https 图片地址',
      });
    });

    it('edits with the loaded version and refuses a stale one', async () => {
      const loaded = await bed.get<Sku>('admin', `/eMaterial/sku/queryById?id=${skuId}`);
      const version = loaded.body.result.version;
      const first = await bed.put('admin', '/eMaterial/sku/edit', {
        ...skuInput(brandId, categoryId, { name: '测试能量饮料 250ml PET 新包装' }),
        id: skuId,
        version,
      });
      expect(first.body.success).toBe(true);
      const stale = await bed.put('admin', '/eMaterial/sku/edit', {
        ...skuInput(brandId, categoryId),
        id: skuId,
        version,
      });
      expect(stale.body).toMatchObject({
        success: false,
        code: 409,
        message: '商品已被他人修改，请刷新后重试',
      });
    });

    it('takes back a listed record as it was read (text numbers, display fields) and keeps every field', async () => {
      const listed = await bed.get<Page<Sku & Record<string, unknown>>>(
        'admin',
        `/eMaterial/sku/list${queryString({ skuCode: 'T-SKU-001' })}`,
      );
      const record = listed.body.result.records[0];
      const edited = await bed.put('admin', '/eMaterial/sku/edit', {
        ...record,
        imageUrls: ['/sys/file/view/0123456789abcdef0123456789abcdef'],
      });
      expect(edited.body).toMatchObject({ success: true, message: '编辑成功！' });
      const reloaded = await bed.get<Sku & Record<string, unknown>>(
        'admin',
        `/eMaterial/sku/queryById?id=${skuId}`,
      );
      const { version: _before, updateTime: _at, imageUrls: _images, ...kept } = record;
      expect(reloaded.body.result).toMatchObject({
        ...kept,
        imageUrls: ['/sys/file/view/0123456789abcdef0123456789abcdef'],
      });
    });

    it('refuses 上架 without an active price, and an illegal transition with the current state', async () => {
      const onSale = await bed.put('admin', '/eMaterial/sku/changeStatus', { id: skuId, status: 'ON_SALE' });
      expect(onSale.body).toMatchObject({
        success: false,
        code: 409,
        message: '商品还没有生效的价格，请先在价目表中定价再上架',
      });
      const suspend = await bed.put('admin', '/eMaterial/sku/changeStatus', {
        id: skuId,
        status: 'SUSPENDED',
      });
      expect(suspend.body).toMatchObject({
        success: false,
        code: 409,
        message: '当前状态为「草稿」，不能停售',
      });
    });

    it('hides SKUs from other tenants and from callers without the permission', async () => {
      const foreign = await bed.get('t2admin', `/eMaterial/sku/queryById?id=${skuId}`);
      expect(foreign.body).toMatchObject({ success: false, code: 404, message: '商品不存在或无权访问' });
      const foreignList = await bed.get<Page<Sku>>('t2admin', '/eMaterial/sku/list?skuCode=T-SKU-001');
      expect(foreignList.body.result.total).toBe(0);
      const foreignEdit = await bed.put('t2admin', '/eMaterial/sku/changeStatus', {
        id: skuId,
        status: 'ON_SALE',
      });
      expect(foreignEdit.body).toMatchObject({ success: false, code: 404 });
      expect(await bed.get('wangfang', '/eMaterial/sku/list')).toMatchObject(FORBIDDEN);
      expect(await bed.post('wangfang', '/eMaterial/sku/add', skuInput(brandId, categoryId))).toMatchObject(
        FORBIDDEN,
      );
    });
  });

  describe('price lists', () => {
    let priceListId: string;
    const priceList = (overrides: Record<string, unknown> = {}) => ({
      code: 'T-PL-2026',
      name: '2026 测试出厂价',
      priceType: 'FACTORY',
      validFrom: '2026-01-01 00:00:00',
      // Not 100: the demo's own factory list has that, and two lists alike in everything cannot both be active.
      priority: 90,
      items: [
        { skuId, unit: 'CASE', price: 58, minQty: 0, maxQty: 240 },
        { skuId, unit: 'CASE', price: 56.5, minQty: 240 },
      ],
      scopes: [{ scopeType: 'ALL' }],
      ...overrides,
    });

    /** The list's row as the 价目表 page reads it. */
    const listed = async (id: string) => {
      const page = await ok(
        bed.get<Page<{ id: string; status: string; displayStatus: string; status_dictText: string }>>(
          'admin',
          `/eMaterial/priceList/list${queryString({ pageSize: 200 })}`,
        ),
      );
      return page.records.find((record) => record.id === id);
    };

    it('refuses overlapping tiers, an empty validity and a price under its floor', async () => {
      const overlapping = await bed.post(
        'admin',
        '/eMaterial/priceList/add',
        priceList({
          items: [
            { skuId, unit: 'CASE', price: 58 },
            { skuId, unit: 'CASE', price: 57, minQty: 24 },
          ],
        }),
      );
      expect(overlapping.body).toMatchObject({
        success: false,
        message: '同一商品同一单位的数量区间不能重叠',
      });
      const backwards = await bed.post(
        'admin',
        '/eMaterial/priceList/add',
        priceList({ validTo: '2025-12-31 00:00:00' }),
      );
      expect(backwards.body).toMatchObject({ success: false, message: '失效时间必须晚于生效时间' });
      const underFloor = await bed.post(
        'admin',
        '/eMaterial/priceList/add',
        priceList({ items: [{ skuId, unit: 'CASE', price: 50, floorPrice: 52 }] }),
      );
      expect(underFloor.body).toMatchObject({ success: false, message: '第 1 行：价格 50 低于最低限价 52' });
      const foreignSku = await bed.post('t2admin', '/eMaterial/priceList/add', priceList());
      expect(foreignSku.body).toMatchObject({ success: false, code: 404 });
    });

    it('creates a draft, activates it, and then lets the SKU go on sale', async () => {
      const created = await bed.post<{ id: string }>('admin', '/eMaterial/priceList/add', priceList());
      expect(created.body.success).toBe(true);
      priceListId = created.body.result.id;
      const detail = await bed.get<PriceListDetail>(
        'admin',
        `/eMaterial/priceList/queryById?id=${priceListId}`,
      );
      expect(detail.body.result).toMatchObject({
        status: 'DRAFT',
        items: [expect.objectContaining({ price: '58.00' }), expect.objectContaining({ price: '56.50' })],
        scopes: [{ scopeType: 'ALL', scopeValue: '', scopeType_dictText: '全部' }],
      });
      // 启用 is no status change any more: it is submitted to the 审批中心.
      const direct = await bed.put('admin', '/eMaterial/priceList/changeStatus', {
        id: priceListId,
        status: 'ACTIVE',
      });
      expect(direct.body).toMatchObject({ success: false, code: 400 });
      await activatePriceList(bed, 'admin', priceListId);
      expect(await listed(priceListId)).toMatchObject({ status: 'ACTIVE', displayStatus: 'ACTIVE' });
      const onSale = await bed.put('admin', '/eMaterial/sku/changeStatus', { id: skuId, status: 'ON_SALE' });
      expect(onSale.body).toMatchObject({ success: true, result: { status: 'ON_SALE' } });
      const bySku = await bed.get<Page<{ code: string }>>(
        'admin',
        `/eMaterial/priceList/list${queryString({ skuId, effective: true })}`,
      );
      expect(bySku.body.result.records.map((record) => record.code)).toEqual(['T-PL-2026']);
    });

    it('freezes an active list, refuses an indistinguishable twin, and copies into a new version', async () => {
      const edit = await bed.put('admin', '/eMaterial/priceList/edit', { ...priceList(), id: priceListId });
      expect(edit.body).toMatchObject({
        success: false,
        code: 409,
        message: '生效中的价目表不能修改，请先停用或复制为新版本',
      });
      const twin = await bed.post<{ id: string }>(
        'admin',
        '/eMaterial/priceList/add',
        priceList({ code: 'T-PL-TWIN' }),
      );
      const refused = await bed.post('admin', '/eMaterial/priceList/submit', { id: twin.body.result.id });
      expect(refused.body).toMatchObject({ success: false, code: 409 });
      expect(refused.body.message).toContain('T-PL-2026');
      const copy = await bed.post<{ id: string }>('admin', '/eMaterial/priceList/copy', {
        id: priceListId,
        code: 'T-PL-2026H2',
        validFrom: '2026-07-01',
      });
      expect(copy.body.success).toBe(true);
      const copied = await bed.get<PriceListDetail>(
        'admin',
        `/eMaterial/priceList/queryById?id=${copy.body.result.id}`,
      );
      expect(copied.body.result).toMatchObject({
        status: 'DRAFT',
        items: [expect.anything(), expect.anything()],
      });
    });

    it('resolves the price of a customer, most specific scope first', async () => {
      const db = bed.testDatabase.database.db;
      await db
        .insertInto('customers')
        .values({
          id: 'testcustomer0000000000000000001',
          tenant_id: 'A01',
          customer_code: 'T-C-1',
          name: '测试门店',
          customer_type: 'OUTLET',
          city_code: '440100',
          level: 'A',
          org_code: 'A01A02A01',
        })
        .execute();
      const customerId = 'testcustomer0000000000000000001';
      const general = await bed.get<{ priceListCode: string; casePrice: string; basePrice: string }>(
        'admin',
        `/eMaterial/price/resolve${queryString({ customerId, skuId, priceType: 'FACTORY', qty: 24, at: '2026-03-01 10:00:00' })}`,
      );
      expect(general.body.result).toMatchObject({
        priceListCode: 'T-PL-2026',
        casePrice: '58.00',
        basePrice: '2.4167',
      });
      const byCity = await bed.post<{ id: string }>(
        'admin',
        '/eMaterial/priceList/add',
        priceList({
          code: 'T-PL-GZ',
          priority: 200,
          items: [{ skuId, unit: 'CASE', price: 57 }],
          scopes: [{ scopeType: 'REGION_CODE', scopeValue: '440100' }],
        }),
      );
      await activatePriceList(bed, 'admin', byCity.body.result.id);
      const specific = await bed.get<{ priceListCode: string; matchedScope: string }>(
        'admin',
        `/eMaterial/price/resolve${queryString({ customerId, skuId, priceType: 'FACTORY', qty: 24, at: '2026-03-01 10:00:00' })}`,
      );
      expect(specific.body.result).toMatchObject({ priceListCode: 'T-PL-GZ', matchedScope: 'REGION_CODE' });
      const none = await bed.get(
        'admin',
        `/eMaterial/price/resolve${queryString({ customerId, skuId, priceType: 'SUPPLY' })}`,
      );
      expect(none.body).toMatchObject({ success: true, result: null });
      const foreign = await bed.get(
        't2admin',
        `/eMaterial/price/resolve${queryString({ customerId, skuId, priceType: 'FACTORY' })}`,
      );
      expect(foreign.body).toMatchObject({ success: false, code: 404 });
    });

    it('names the customer, label and department a scope picks, and refuses one of another tenant', async () => {
      const db = bed.testDatabase.database.db;
      const label = await db
        .selectFrom('customer_labels')
        .select(['id', 'name'])
        .where('tenant_id', '=', 'A01')
        .orderBy('code')
        .executeTakeFirstOrThrow();
      const scoped = await bed.post<{ id: string }>(
        'admin',
        '/eMaterial/priceList/add',
        priceList({
          code: 'T-PL-SCOPES',
          priority: 300,
          scopes: [
            { scopeType: 'CUSTOMER', scopeValue: 'testcustomer0000000000000000001' },
            { scopeType: 'LABEL', scopeValue: label.id },
            { scopeType: 'ORG', scopeValue: 'A01A02' },
          ],
        }),
      );
      expect(scoped.body.success).toBe(true);
      const detail = await bed.get<{ scopes: Array<{ scopeType: string; scopeValueText: string | null }> }>(
        'admin',
        `/eMaterial/priceList/queryById?id=${scoped.body.result.id}`,
      );
      const named = Object.fromEntries(
        detail.body.result.scopes.map((scope) => [scope.scopeType, scope.scopeValueText]),
      );
      expect(named).toMatchObject({ CUSTOMER: '测试门店', LABEL: label.name, ORG: expect.any(String) });

      const foreign = await bed.post(
        't2admin',
        '/eMaterial/priceList/add',
        priceList({
          code: 'T-PL-FOREIGN',
          items: [],
          scopes: [{ scopeType: 'CUSTOMER', scopeValue: 'testcustomer0000000000000000001' }],
        }),
      );
      expect(foreign.body).toMatchObject({
        success: false,
        code: 400,
        message: '适用范围中的客户「testcustomer0000000000000000001」不存在或无权访问',
      });
      const unknownOrg = await bed.post(
        'admin',
        '/eMaterial/priceList/add',
        priceList({ code: 'T-PL-ORG', items: [], scopes: [{ scopeType: 'ORG', scopeValue: 'Z99' }] }),
      );
      expect(unknownOrg.body).toMatchObject({
        success: false,
        message: '适用范围中的组织「Z99」不存在或无权访问',
      });
    });

    describe('approval (审批中心, PRICE_LIST)', () => {
      let sequence = 0;
      /** A draft of its own: a priority no other list has, so that it has no twin. */
      const draft = async () => {
        sequence += 1;
        const code = `T-PL-AP${sequence}`;
        return (
          await ok(
            bed.post<{ id: string }>(
              'admin',
              '/eMaterial/priceList/add',
              priceList({ code, priority: 500 + sequence }),
            ),
          )
        ).id;
      };
      const taskOf = async (caller: Caller, id: string) => {
        const todo = await ok(
          bed.get<Page<ApprovalRecord>>(
            caller,
            `/approval/todo/list${queryString({ bizType: 'PRICE_LIST', pageSize: 100 })}`,
          ),
        );
        return todo.records.find((record) => record.bizId === id);
      };

      it('submits to the approver, keeps the list frozen meanwhile, and activates it when approved', async () => {
        const id = await draft();
        expect(await ok(bed.post('admin', '/eMaterial/priceList/submit', { id }))).toEqual({
          status: 'PENDING',
        });
        expect(await listed(id)).toMatchObject({
          status: 'DRAFT',
          displayStatus: 'PENDING',
          status_dictText: '审批中',
        });
        const task = await taskOf('admin', id);
        expect(task).toMatchObject({
          bizType: 'PRICE_LIST',
          bizNo: `T-PL-AP${sequence}`,
          status: 'IN_PROGRESS',
        });
        const again = await bed.post('admin', '/eMaterial/priceList/submit', { id });
        expect(again.body).toMatchObject({
          success: false,
          code: 409,
          message: '价目表审批中，不能重复提交',
        });
        const edit = await bed.put('admin', '/eMaterial/priceList/edit', { ...priceList(), id });
        expect(edit.body).toMatchObject({ success: false, code: 409, message: '价目表审批中，不能修改' });
        // Neither a user who is not its approver nor another tenant decides it.
        const notTheirs = await bed.post('zhangwei', '/approval/approve', { taskId: task!.taskId });
        expect(notTheirs.body).toMatchObject({ success: false, code: 403 });
        const foreign = await bed.post('t2admin', '/approval/approve', { taskId: task!.taskId });
        expect(foreign.body).toMatchObject({ success: false, code: 404 });
        expect(await taskOf('t2admin', id)).toBeUndefined();
        const foreignSubmit = await bed.post('t2admin', '/eMaterial/priceList/submit', { id });
        expect(foreignSubmit.body).toMatchObject({ success: false, code: 404 });
        expect(await listed(id)).toMatchObject({ displayStatus: 'PENDING' });

        await ok(bed.post('admin', '/approval/approve', { taskId: task!.taskId }));
        expect(await listed(id)).toMatchObject({ status: 'ACTIVE', displayStatus: 'ACTIVE' });
        const active = await bed.post('admin', '/eMaterial/priceList/submit', { id });
        expect(active.body).toMatchObject({
          success: false,
          code: 409,
          message: '当前状态为「生效」，不能提交审批',
        });
        // 停用 stays direct; a disabled list is submitted again to go live.
        await ok(bed.put('admin', '/eMaterial/priceList/changeStatus', { id, status: 'DISABLED' }));
        await activatePriceList(bed, 'admin', id);
        expect(await listed(id)).toMatchObject({ status: 'ACTIVE' });
      });

      it('returns a rejected or withdrawn list as it was, to be edited and submitted again', async () => {
        const id = await draft();
        await ok(bed.post('admin', '/eMaterial/priceList/submit', { id }));
        const task = await taskOf('admin', id);
        const unreasoned = await bed.post('admin', '/approval/reject', { taskId: task!.taskId });
        expect(unreasoned.body).toMatchObject({ success: false, code: 400 });
        await ok(bed.post('admin', '/approval/reject', { taskId: task!.taskId, comment: '价格偏低' }));
        expect(await listed(id)).toMatchObject({ status: 'DRAFT', displayStatus: 'DRAFT' });
        await ok(
          bed.put('admin', '/eMaterial/priceList/edit', {
            ...priceList({ code: `T-PL-AP${sequence}`, priority: 500 + sequence }),
            id,
          }),
        );

        await ok(bed.post('admin', '/eMaterial/priceList/submit', { id }));
        const resubmitted = await taskOf('admin', id);
        await ok(bed.post('admin', '/approval/withdraw', { id: resubmitted!.id }));
        expect(await listed(id)).toMatchObject({ status: 'DRAFT', displayStatus: 'DRAFT' });
        expect(await taskOf('admin', id)).toBeUndefined();
      });

      it('lets one of two decisions at once through; the other gets 409', async () => {
        const id = await draft();
        await ok(bed.post('admin', '/eMaterial/priceList/submit', { id }));
        const task = await taskOf('admin', id);
        const answers = await Promise.all([
          bed.post('admin', '/approval/approve', { taskId: task!.taskId }),
          bed.post('admin', '/approval/reject', { taskId: task!.taskId, comment: '重复' }),
        ]);
        expect(answers.filter((answer) => answer.body.success)).toHaveLength(1);
        expect(answers.find((answer) => !answer.body.success)?.body.code).toBe(409);
        const approved = answers[0].body.success;
        expect(await listed(id)).toMatchObject({ status: approved ? 'ACTIVE' : 'DRAFT' });
      });

      it('refuses the approval of a list whose twin went live meanwhile, leaving the task open', async () => {
        const id = await draft();
        const twin = (
          await ok(
            bed.post<{ id: string }>(
              'admin',
              '/eMaterial/priceList/add',
              priceList({ code: `T-PL-AP${sequence}B`, priority: 500 + sequence }),
            ),
          )
        ).id;
        await ok(bed.post('admin', '/eMaterial/priceList/submit', { id }));
        await ok(bed.post('admin', '/eMaterial/priceList/submit', { id: twin }));
        await ok(bed.post('admin', '/approval/approve', { taskId: (await taskOf('admin', twin))!.taskId }));
        const task = await taskOf('admin', id);
        const refused = await bed.post('admin', '/approval/approve', { taskId: task!.taskId });
        expect(refused.body).toMatchObject({ success: false, code: 409 });
        expect(refused.body.message).toContain(`T-PL-AP${sequence}B`);
        expect(await listed(id)).toMatchObject({ status: 'DRAFT', displayStatus: 'PENDING' });
        await ok(bed.post('admin', '/approval/reject', { taskId: task!.taskId, comment: '与生效版本重复' }));
      });
    });

    it('lets exactly one of two simultaneous status changes through', async () => {
      const [first, second] = await Promise.all([
        bed.put('admin', '/eMaterial/sku/changeStatus', { id: skuId, status: 'SUSPENDED' }),
        bed.put('admin', '/eMaterial/sku/changeStatus', { id: skuId, status: 'SUSPENDED' }),
      ]);
      expect([first.body.success, second.body.success].sort()).toEqual([false, true]);
      const refused = [first, second].find((answer) => !answer.body.success);
      expect(refused?.body.code).toBe(409);
    });
  });
});
