// Dealer workspaces (issue #22) on both back ends: a dealer's user sees its own dealer's rows only (orders it
// sells, its warehouses and stock, its outlets, its profile) and no brand menu or route beyond the dealer
// ceiling; its administrator manages its own staff within what it holds; the brand keeps the 经销商档案; a
// dealer's outlet order syncs to the dealer's own ERP connection (T+), another dealer's to the brand's.
import type { Kysely } from 'kysely';
import type { Page } from '../../common/contract';
import { up } from '../db/migrations/0057_dealer_stock_writes';
import { stableId } from '../db/ids';
import type { DB } from '../db/schema';
import { demoRoleId, demoUserId } from '../db/seed/ids';
import { runDueSyncTasks } from '../modules/erpSync/worker';
import { apiClient, DEMO_PASSWORD, loginAs, openSeededDatabase, type ApiClient } from './support/auth';
import { testBackends } from './support/database';
import type { TestDatabase } from './support/database';
import { startTestServer, type TestServer } from './support/server';

interface Dealer {
  id: string;
  customerCode: string;
  legalPerson: string | null;
  contractNo: string | null;
  depositAmount: number | null;
  accountCount: number;
  erpConnectionName: string | null;
}

interface Account {
  id: string;
  username: string;
  phone: string | null;
  status: 1 | 2;
  dealerId: string;
}

const dealerOf = async (db: Kysely<DB>, username: string) =>
  (
    await db
      .selectFrom('users')
      .select('dealer_id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).dealer_id!;

describe.each(testBackends())('dealer workspaces on %s', (backend) => {
  let database: TestDatabase;
  let server: TestServer;
  let client: ApiClient;
  let db: Kysely<DB>;
  const tokens: Record<string, string> = {};
  let dealer1: string;
  let dealer2: string;

  const get = async <T>(who: string, path: string) => (await client.get<T>(path, tokens[who])).body;
  const post = async <T>(who: string, path: string, body: unknown) =>
    (await client.post<T>(path, body, tokens[who])).body;
  const put = async <T>(who: string, path: string, body: unknown) =>
    (await client.put<T>(path, body, tokens[who])).body;

  beforeAll(async () => {
    database = await openSeededDatabase(backend, { businessData: true });
    server = await startTestServer({ database: database.database });
    client = apiClient(server.baseUrl);
    db = database.database.db;
    for (const who of ['admin', 'dealer1', 'dealer1wh', 'dealer2', 'dealer2wh', 'zhangwei'])
      tokens[who] = await loginAs(client, who);
    dealer1 = await dealerOf(db, 'dealer1');
    dealer2 = await dealerOf(db, 'dealer2');
    // The business demo is written once per run; on a busy machine that takes minutes.
  }, 600_000);
  afterAll(async () => {
    await server.close();
    await database.dispose();
  });

  it('gives a dealer’s user only the dealer pages and buttons its roles grant', async () => {
    const menu = await get<{
      menu: Array<{ path: string; children?: Array<{ path: string }> }>;
      auth: Array<{ action: string }>;
    }>('dealer1', '/sys/permission/getUserPermissionByToken');
    const paths = menu.result.menu.flatMap((node) => [
      node.path,
      ...(node.children ?? []).map((child) => child.path),
    ]);
    expect(paths).toEqual(expect.arrayContaining(['/eOrder/eOrder', '/eprod/stock', '/eDealer/account']));
    expect(paths).not.toContain('/isystem/user');
    expect(menu.result.auth.map((each) => each.action)).not.toContain('user:list');
    // Even a brand role given to a dealer's user grants nothing: only dealer roles count.
    await db
      .insertInto('user_roles')
      .values({ tenant_id: 'A01', user_id: demoUserId('dealer1wh'), role_id: demoRoleId('A01', 'admin') })
      .execute();
    const keeper = await loginAs(client, 'dealer1wh');
    expect((await client.get('/sys/user/list', keeper)).status).toBe(403);
    expect((await client.get('/eDealer/account/list', keeper)).status).toBe(403);
    await db
      .deleteFrom('user_roles')
      .where('user_id', '=', demoUserId('dealer1wh'))
      .where('role_id', '=', demoRoleId('A01', 'admin'))
      .execute();
  });

  it('gives the pages of a dealer’s keeper their dealer picker without customer:list: its own dealer only', async () => {
    const options = await get<Array<{ id: string }>>('dealer1wh', '/eCustomer/getDDLList');
    expect(options.result.map((option) => option.id)).toEqual([dealer1]);
  });

  it('shows a dealer the orders it sells, its warehouses, stock, outlets and profile — nothing else', async () => {
    const orders = await get<Page<{ id: string }>>('dealer1', '/eOrder/eOrder/list?pageSize=100');
    expect(orders.result.total).toBeGreaterThan(0);
    const sellers = await db
      .selectFrom('sales_orders')
      .select('seller_id')
      .where(
        'id',
        'in',
        orders.result.records.map((row) => row.id),
      )
      .execute();
    expect(new Set(sellers.map((row) => row.seller_id))).toEqual(new Set([dealer1]));

    const warehouses = await get<Page<{ ownerId: string }>>('dealer1', '/eprod/warehouse/list?pageSize=100');
    expect(warehouses.result.total).toBeGreaterThan(0);
    expect(new Set(warehouses.result.records.map((row) => row.ownerId))).toEqual(new Set([dealer1]));

    const stock = await get<Page<{ warehouseId: string }>>('dealer1', '/eprod/prodStockWhlist?pageSize=100');
    expect(stock.result.total).toBeGreaterThan(0);

    const customers = await get<Page<{ id: string; servingDealerId: string | null }>>(
      'dealer1',
      '/eCustomer/list?pageSize=200',
    );
    expect(customers.result.total).toBeGreaterThan(1);
    for (const row of customers.result.records) expect([row.id, row.servingDealerId]).toContain(dealer1);

    const dealers = await get<Page<Dealer>>('dealer1', '/eDealer/list');
    expect(dealers.result.records.map((row) => row.id)).toEqual([dealer1]);
    expect((await get('dealer1', `/eDealer/queryById?id=${dealer2}`)).success).toBe(false);

    // Another dealer's order is not found; a brand route is closed.
    const other = await db
      .selectFrom('sales_orders')
      .select('id')
      .where('seller_id', '=', dealer2)
      .executeTakeFirstOrThrow();
    expect((await get('dealer1', `/eOrder/eOrder/queryById?id=${other.id}`)).success).toBe(false);
    expect((await client.get('/eMaterial/priceList/list', tokens.dealer1)).status).toBe(403);
    expect((await client.get('/eDealer/list', tokens.dealer1wh)).status).toBe(403);
  });

  it('ships an outlet order addressed to the dealer and sends it to the dealer’s T+; another dealer’s goes to the brand', async () => {
    const toShip = (dealerId: string, mineOnly = true) =>
      db
        .selectFrom('sales_orders')
        .select(['id', 'order_no'])
        .where('tenant_id', '=', 'A01')
        .where('seller_type', '=', 'DEALER')
        .where('seller_id', mineOnly ? '=' : '!=', dealerId)
        .where('status', '=', 'PENDING_SHIPMENT')
        .orderBy('order_no')
        .executeTakeFirstOrThrow();
    const outstockOf = (orderId: string) =>
      db
        .selectFrom('erp_sync_tasks')
        .innerJoin('erp_connections', 'erp_connections.id', 'erp_sync_tasks.connection_id')
        .innerJoin('shipments', 'shipments.id', 'erp_sync_tasks.biz_id')
        .select(['erp_connections.system_type', 'erp_connections.owner_type', 'erp_connections.owner_id'])
        .where('erp_sync_tasks.biz_type', '=', 'OUTSTOCK')
        .where('shipments.order_id', '=', orderId)
        .executeTakeFirstOrThrow();
    const mine = await toShip(dealer1);
    const other = await toShip(dealer1, false);
    // Not the keeper's to ship: another dealer's order is not found.
    expect(await post('dealer1wh', '/eOrder/eOrder/saveOrderDeliver', { id: other.id })).toMatchObject({
      success: false,
    });
    expect(await post('dealer1wh', '/eOrder/eOrder/saveOrderDeliver', { id: mine.id })).toMatchObject({
      success: true,
    });
    expect(await outstockOf(mine.id)).toEqual({
      system_type: 'CHANJET_TPLUS',
      owner_type: 'DEALER',
      owner_id: dealer1,
    });
    // The worker pushes it to the dealer's T+ (this server's simulator): the demo connection maps its outlets,
    // reps, materials and warehouses, so nothing waits on 编码未映射.
    const pushed = await runDueSyncTasks(db, server.app.erpRuntime, { tenantId: 'A01' });
    const tplus = stableId('erp-connection', 'A01', 'dealer-tplus');
    expect(pushed.filter((task) => task.connectionId === tplus && task.bizType === 'OUTSTOCK')).toEqual([
      expect.objectContaining({ status: 'SUCCESS', errorCategory: null }),
    ]);
    // Another dealer keeps no ERP of its own: its outbound goes to the brand's.
    expect(await post('admin', '/eOrder/eOrder/saveOrderDeliver', { id: other.id })).toMatchObject({
      success: true,
    });
    expect(await outstockOf(other.id)).toMatchObject({ owner_type: 'BRAND' });
  });

  it('lets the dealer’s administrator manage its own staff within what it holds', async () => {
    const staff = await get<Page<Account>>('dealer1', '/eDealer/account/list');
    expect(staff.result.records.map((row) => row.username).sort()).toEqual(['dealer1', 'dealer1wh']);
    // Naming another dealer changes nothing: its own staff; its picker offers its own dealer only.
    const named = await get<Page<Account>>('dealer1', `/eDealer/account/list?dealerId=${dealer2}`);
    expect(named.result.records.map((row) => row.username).sort()).toEqual(['dealer1', 'dealer1wh']);
    const options = await get<Array<{ id: string }>>('dealer1', '/eDealer/account/dealerOptions');
    expect(options.result.map((row) => row.id)).toEqual([dealer1]);

    const keeperRole = demoRoleId('A01', 'dealer_keeper');
    const added = await post<{ id: string }>('dealer1', '/eDealer/account/add', {
      username: 'dealer1new',
      realname: '新仓管',
      phone: '13800000031',
      password: DEMO_PASSWORD,
      roleIds: [keeperRole],
    });
    expect(added).toMatchObject({ success: true });
    const newcomer = await loginAs(client, 'dealer1new');
    expect((await client.get('/eOrder/eOrder/list', newcomer)).status).toBe(200);
    expect(
      (
        await db
          .selectFrom('users')
          .select('dealer_id')
          .where('username', '=', 'dealer1new')
          .executeTakeFirstOrThrow()
      ).dealer_id,
    ).toBe(dealer1);

    // A brand role, a dealer role beyond what it holds, another dealer's user, a brand user: refused.
    const brandRole = await post('dealer1', '/eDealer/account/add', {
      username: 'dealer1bad',
      realname: '越权',
      password: DEMO_PASSWORD,
      roleIds: [demoRoleId('A01', 'sales')],
    });
    expect(brandRole).toMatchObject({ success: false, message: '只能分配经销商角色' });
    const wider = stableId('role', 'A01', 'dealer_wider');
    await db
      .insertInto('roles')
      .values({
        id: wider,
        tenant_id: 'A01',
        role_code: 'dealer_wider',
        role_name: '经销商陈列',
        for_dealers: true,
      })
      .execute();
    await db
      .insertInto('role_permissions')
      .values({
        tenant_id: 'A01',
        role_id: wider,
        permission_id: stableId('permission', 'A01', 'display:list'),
      })
      .execute();
    const roles = await get<Array<{ id: string }>>('dealer1', '/eDealer/account/roleOptions');
    expect(roles.result.map((row) => row.id)).toEqual(expect.arrayContaining([keeperRole]));
    expect(roles.result.map((row) => row.id)).not.toContain(wider);
    expect(
      await post('dealer1', '/eDealer/account/add', {
        username: 'dealer1bad',
        realname: '越权',
        password: DEMO_PASSWORD,
        roleIds: [wider],
      }),
    ).toMatchObject({ success: false, message: '不能授予您自己没有的权限' });
    const otherStaff = await put('dealer1', '/eDealer/account/edit', {
      id: demoUserId('dealer2wh'),
      realname: '改名',
      roleIds: [keeperRole],
    });
    expect(otherStaff).toMatchObject({ success: false, message: '只能操作本经销商的账号' });
    const brandUser = await put('dealer1', '/eDealer/account/edit', {
      id: demoUserId('zhangwei'),
      realname: '改名',
      roleIds: [keeperRole],
    });
    expect(brandUser).toMatchObject({ success: false, message: '只能操作本经销商的账号' });
    expect(
      await put('dealer1', '/eDealer/account/edit', {
        id: demoUserId('dealer1'),
        realname: '陈经理',
        roleIds: [keeperRole],
      }),
    ).toMatchObject({ success: false, message: '不能修改自己的角色或状态' });
    // Freezing its keeper signs the keeper out.
    const frozen = await put('dealer1', '/eDealer/account/edit', {
      id: added.result.id,
      realname: '新仓管',
      roleIds: [keeperRole],
      status: 2,
    });
    expect(frozen).toMatchObject({ success: true });
    expect((await client.get('/eOrder/eOrder/list', newcomer)).status).toBe(401);
  });

  it('pages every dealer’s accounts for the brand, found by name or phone, status and creation day', async () => {
    const list = (query: string) =>
      get<Page<Account>>('admin', `/eDealer/account/list?pageSize=100&${query}`);
    const all = (await list('')).result;
    expect(new Set(all.records.map((row) => row.dealerId))).toEqual(new Set([dealer1, dealer2]));
    expect(all.records.find((row) => row.username === 'dealer2wh')).toMatchObject({
      dealerId: dealer2,
      dealerName: expect.any(String),
      roleNames: expect.any(String),
    });
    const byPhone = (
      await list(`keyword=${encodeURIComponent(all.records[0].phone ?? all.records[0].username)}`)
    ).result;
    expect(byPhone.records.map((row) => row.id)).toContain(all.records[0].id);
    const frozen = (await list('status=2')).result.records;
    expect(frozen.every((row) => row.status === 2)).toBe(true);
    expect((await list('status=1')).result.total + frozen.length).toBe(all.total);
    expect((await list('createTime_begin=2000-01-01&createTime_end=2000-12-31')).result.total).toBe(0);
    const byName = (await list('column=username&order=desc')).result.records.map((row) => row.username);
    expect(byName).toEqual([...byName].sort().reverse());
    // The picker of the page: the dealers of the brand user's scope, not the customer list's code.
    const options = await get<Array<{ id: string }>>('admin', '/eDealer/account/dealerOptions');
    expect(options.result.map((row) => row.id)).toEqual(expect.arrayContaining([dealer1, dealer2]));
    expect((await client.get('/eDealer/account/dealerOptions', tokens.zhangwei)).status).toBe(403);
  });

  it('keeps the 经销商档案 on the brand side, with accounts and the dealer’s own ERP connection', async () => {
    const list = await get<Page<Dealer>>('admin', '/eDealer/list?pageSize=100');
    expect(list.result.total).toBeGreaterThan(2);
    const first = list.result.records.find((row) => row.id === dealer1)!;
    expect(first).toMatchObject({ accountCount: 3, erpConnectionName: expect.stringContaining('T+') });
    expect(first.contractNo).toMatch(/^HT2026/);

    const saved = await put('admin', '/eDealer/profile/edit', {
      id: dealer2,
      legalPerson: '黄大海',
      bankName: '招商银行',
      bankAccount: '6225880012345678',
      authorizedAreaCodes: ['440100'],
      contractNo: 'HT-NEW-1',
      contractStart: '2026-01-01',
      contractEnd: '2027-12-31',
      depositAmount: 80000,
      erpType: 'KINGDEE_K3CLOUD',
    });
    expect(saved).toMatchObject({ success: true });
    const profile = await get<Dealer>('admin', `/eDealer/queryById?id=${dealer2}`);
    expect(profile.result).toMatchObject({
      legalPerson: '黄大海',
      contractNo: 'HT-NEW-1',
      depositAmount: 80000,
    });
    expect(
      await put('admin', '/eDealer/profile/edit', {
        id: dealer2,
        contractStart: '2026-05-01',
        contractEnd: '2026-01-01',
      }),
    ).toMatchObject({ success: false, message: '合同结束日期不能早于开始日期' });
    // A dealer's user reads its profile but does not edit it.
    expect((await client.put('/eDealer/profile/edit', { id: dealer1 }, tokens.dealer1)).status).toBe(403);

    const accounts = await get<Page<Account>>('admin', `/eDealer/account/list?dealerId=${dealer2}`);
    expect(accounts.result.records.map((row) => row.username).sort()).toEqual(['dealer2', 'dealer2wh']);
    // Adding an account still names the dealer.
    expect(
      await post('admin', '/eDealer/account/add', {
        username: 'nodealer',
        realname: '无经销商',
        password: DEMO_PASSWORD,
        roleIds: [demoRoleId('A01', 'dealer_keeper')],
      }),
    ).toMatchObject({ success: false, message: '请选择经销商' });
    // zhangwei (no dealer permissions) is refused.
    expect((await client.get('/eDealer/list', tokens.zhangwei)).status).toBe(403);
  });

  describe('stock writes', () => {
    const productionDate = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    let sku: string;
    let own: string;
    let brand: string;
    let foreign: string;
    const warehousesOf = (ownerType: 'BRAND' | 'DEALER', ownerId?: string) =>
      db
        .selectFrom('warehouses')
        .select('id')
        .where('tenant_id', '=', 'A01')
        .where('owner_type', '=', ownerType)
        .$if(ownerId !== undefined, (query) => query.where('owner_id', '=', ownerId!))
        .orderBy('code')
        .execute();
    const lotOf = (warehouseId: string) =>
      db
        .selectFrom('stock_lots')
        .select(['id', 'sku_id', 'qty_on_hand'])
        .where('warehouse_id', '=', warehouseId)
        .where('qty_on_hand', '>', 0)
        .orderBy('id')
        .executeTakeFirstOrThrow();
    const stockIn = (who: string, warehouseId: string, batchNo: string) =>
      client.post(
        '/eprod/stock/in',
        { warehouseId, skuId: sku, batchNo, productionDate, cases: 1 },
        tokens[who],
      );

    beforeAll(async () => {
      sku = (
        await db
          .selectFrom('skus')
          .select('id')
          .where('tenant_id', '=', 'A01')
          .where('status', '=', 'ON_SALE')
          .orderBy('sku_code')
          .executeTakeFirstOrThrow()
      ).id;
      own = (await warehousesOf('DEALER', dealer1))[0].id;
      foreign = (await warehousesOf('DEALER', dealer2))[0].id;
      brand = (await warehousesOf('BRAND'))[0].id;
    });

    it('lets a dealer’s keeper stock in, out and transfer in its own warehouses only; the brand keeps its rights', async () => {
      // 入库's SKU picker opens to whoever may stock in.
      const skus = await client.get<Page<{ id: string }>>('/eMaterial/sku/list?pageSize=5', tokens.dealer1wh);
      expect(skus.body.result.total).toBeGreaterThan(0);

      const stocked = await stockIn('dealer1wh', own, 'D1IN');
      expect(stocked.body).toMatchObject({ success: true, message: '入库成功！' });
      const lotId = (stocked.body.result as { lotId: string }).lotId;
      // The brand's warehouse and another dealer's are not found: nothing tells them apart from none.
      for (const warehouseId of [brand, foreign, 'nosuchwarehouse']) {
        const refused = await stockIn('dealer1wh', warehouseId, 'D1BAD');
        expect(refused).toMatchObject({
          body: { code: 404, success: false, message: '仓库不存在或无权访问' },
        });
      }
      expect(
        await db.selectFrom('stock_lots').select('id').where('batch_no', '=', 'D1BAD').execute(),
      ).toEqual([]);

      const out = (warehouseId: string, lot: { id: string; sku_id: string }) =>
        client.post(
          '/eprod/stock/out',
          { warehouseId, skuId: lot.sku_id, lotId: lot.id, units: 1, movementType: 'DAMAGE' },
          tokens.dealer1wh,
        );
      expect((await out(own, { id: lotId, sku_id: sku })).body).toMatchObject({ success: true });
      const foreignLot = await lotOf(foreign);
      const brandLot = await lotOf(brand);
      expect((await out(foreign, foreignLot)).body.code).toBe(404);
      expect((await out(brand, brandLot)).body.code).toBe(404);

      // 调拨: out of its own lot into its other warehouse; never into or out of one not its own.
      const second = await post<{ id: string }>('admin', '/eprod/warehouse/add', {
        code: 'WH-D1-STOCK',
        name: '经销商一二号仓',
        ownerType: 'DEALER',
        ownerId: dealer1,
      });
      expect(second).toMatchObject({ success: true });
      const transfer = (lot: string, toWarehouseId: string) =>
        client.post('/eprod/stock/transfer', { lotId: lot, toWarehouseId, units: 1 }, tokens.dealer1wh);
      const qtyOf = async (id: string) =>
        (
          await db
            .selectFrom('stock_lots')
            .select('qty_on_hand')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).qty_on_hand;
      const before = await qtyOf(lotId);
      for (const target of [foreign, brand]) {
        expect(await transfer(lotId, target)).toMatchObject({
          body: { code: 404, message: '仓库不存在或无权访问' },
        });
      }
      expect(await transfer(foreignLot.id, own)).toMatchObject({
        body: { code: 404, message: '批次不存在或无权访问' },
      });
      expect(await qtyOf(lotId)).toBe(before);
      expect(await qtyOf(foreignLot.id)).toBe(foreignLot.qty_on_hand);
      expect((await transfer(lotId, second.result.id)).body).toMatchObject({ success: true });
      const moved = await get<Page<{ movementType: string }>>(
        'dealer1wh',
        `/eprod/stockMovement/list?warehouseId=${second.result.id}`,
      );
      expect(moved.result.records.map((row) => row.movementType)).toEqual(['TRANSFER_IN']);

      // 盘点 and 冻结 are the administrator's: the keeper's role does not grant them.
      const adjust = (who: string, lot: string) =>
        client.post(
          '/eprod/stock/adjust',
          { lotId: lot, countedCases: 0, countedUnits: 0, reason: '盘点' },
          tokens[who],
        );
      expect((await adjust('dealer1wh', lotId)).status).toBe(403);
      expect(await adjust('dealer1', foreignLot.id)).toMatchObject({
        body: { code: 404, message: '批次不存在或无权访问' },
      });
      expect(
        (
          await client.put(
            '/eprod/stockLot/changeStatus',
            { id: brandLot.id, status: 'FROZEN' },
            tokens.dealer1,
          )
        ).body.code,
      ).toBe(404);
      expect((await adjust('dealer1', lotId)).body).toMatchObject({ success: true, message: '调整成功！' });

      // The brand's administrator still writes to its own warehouses and the dealers'.
      for (const warehouseId of [brand, foreign]) {
        expect((await stockIn('admin', warehouseId, 'BRANDIN')).body).toMatchObject({ success: true });
      }
    });

    it('holds a dealer’s staff to the dealer ceiling whatever dealer role its administrator grants', async () => {
      // A dealer role the brand made too wide: stock-in, but also 库龄段配置 and 新增仓库 (not in the ceiling).
      const wide = stableId('role', 'A01', 'dealer_stock_wide');
      await db
        .insertInto('roles')
        .values({
          id: wide,
          tenant_id: 'A01',
          role_code: 'dealer_stock_wide',
          role_name: '经销商库存',
          for_dealers: true,
        })
        .execute();
      const permissions = await db
        .selectFrom('permissions')
        .select('id')
        .where('tenant_id', '=', 'A01')
        .where('perms', 'in', ['stock:list', 'stock:in', 'stock:config', 'warehouse:add'])
        .execute();
      expect(permissions).toHaveLength(4);
      await db
        .insertInto('role_permissions')
        .values(permissions.map((row) => ({ tenant_id: 'A01', role_id: wide, permission_id: row.id })))
        .execute();
      await db
        .insertInto('user_roles')
        .values({ tenant_id: 'A01', user_id: demoUserId('dealer1'), role_id: wide })
        .execute();
      const added = await post('dealer1', '/eDealer/account/add', {
        username: 'dealer1stock',
        realname: '库管',
        phone: '13800000032',
        password: DEMO_PASSWORD,
        roleIds: [wide],
      });
      expect(added).toMatchObject({ success: true });
      tokens.dealer1stock = await loginAs(client, 'dealer1stock');
      const granted = await get<{ auth: Array<{ action: string }> }>(
        'dealer1stock',
        '/sys/permission/getUserPermissionByToken',
      );
      const codes = granted.result.auth.map((each) => each.action);
      expect(codes).toEqual(expect.arrayContaining(['stock:list', 'stock:in']));
      expect(codes).not.toContain('stock:config');
      expect(codes).not.toContain('warehouse:add');
      expect((await stockIn('dealer1stock', own, 'D1WIDE')).body).toMatchObject({ success: true });
      expect((await stockIn('dealer1stock', brand, 'D1WIDE')).body.code).toBe(404);
      expect((await client.put('/eprod/stockAge/buckets', { buckets: [] }, tokens.dealer1stock)).status).toBe(
        403,
      );
      expect(
        (
          await client.post(
            '/eprod/warehouse/add',
            { code: 'WH-WIDE', name: '越权仓', ownerType: 'DEALER', ownerId: dealer1 },
            tokens.dealer1stock,
          )
        ).status,
      ).toBe(403);
      // Nor does the administrator himself, holding that role.
      expect((await client.put('/eprod/stockAge/buckets', { buckets: [] }, tokens.dealer1)).status).toBe(403);
    });

    it('gives the dealer roles of a database seeded before it their stock buttons, once (migration 0057)', async () => {
      const stockGrants = () =>
        db
          .selectFrom('role_permissions')
          .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
          .select(['role_permissions.role_id as roleId', 'permissions.perms'])
          .where('role_permissions.role_id', 'in', [
            demoRoleId('A01', 'dealer_admin'),
            demoRoleId('A01', 'dealer_keeper'),
          ])
          .where('permissions.perms', 'in', ['stock:in', 'stock:out', 'stock:transfer', 'stock:adjust'])
          .orderBy('role_permissions.role_id')
          .orderBy('permissions.perms')
          .execute();
      const seeded = await stockGrants();
      expect(seeded).toHaveLength(7);
      await db
        .deleteFrom('role_permissions')
        .where('role_id', 'in', [...new Set(seeded.map((row) => row.roleId))])
        .where(
          'permission_id',
          'in',
          db
            .selectFrom('permissions')
            .select('id')
            .where('perms', 'in', ['stock:in', 'stock:out', 'stock:transfer', 'stock:adjust']),
        )
        .execute();
      expect(await stockGrants()).toEqual([]);
      await up(db as unknown as Kysely<unknown>);
      await up(db as unknown as Kysely<unknown>);
      expect(await stockGrants()).toEqual(seeded);
    });
  });
});
