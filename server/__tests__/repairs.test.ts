// The MES repair and spare-parts mode (issue #20, docs/repairs-api.md) over real HTTP: an IoT alarm opens a
// repair order that goes through every step to CLOSED with a part off the engineer's stock; the guards (no
// negative stock under concurrency, the transition table with 409 to the loser, duplicate orders), SLA
// breaches and the 48 h auto-approval of the clock, provider and tenant isolation, 备件申请 through the
// 审批中心, and what the engineer's phone page reads (我的工单, their shelf) with the engineer-only steps.
import sharp from 'sharp';
import type { ChangeRecord } from '../../common/changeHistory';
import type { Page } from '../../common/contract';
import { runRepairClock } from '../modules/repairs/orders';
import { apiClient, loginAs, type ApiAnswer } from './support/auth';
import { testBackends } from './support/database';
import { FORBIDDEN, ok, openBusinessTestbed, queryString, type BusinessTestbed } from './support/business';

interface Order {
  id: string;
  orderNo: string;
  status: string;
  assetId: string | null;
  serviceProviderId: string | null;
  slaBreached: boolean;
  partsCost: string;
  totalCost: string;
  timeline: Array<{ action: string; statusTo: string }>;
  candidateProviders: Array<{ id: string; name: string }>;
}
/** The users this file signs in itself (the testbed signs in the others). */
type SignedInHere = 'mes_zg' | 'mes_wxg' | 'mes_li';
type Who = 'admin' | 'zhangwei' | 'wangfang' | 't2admin' | SignedInHere;
const signedInHere = (who: Who): who is SignedInHere => who.startsWith('mes_');

describe.each(testBackends())('MES repairs on %s', (backend) => {
  let bed: BusinessTestbed;
  const tokens: Partial<Record<SignedInHere, string>> = {};
  let png: ArrayBuffer;
  let serial = 0;
  let assets: Array<{ id: string; asset_no: string }>;
  let providers: { south: string; east: string };
  let warehouses: { central: string; wuVan: string };
  let thermostat: string;

  const call = async <T>(
    who: Who,
    method: 'get' | 'post' | 'put',
    path: string,
    body?: unknown,
  ): Promise<ApiAnswer<T>> => {
    if (signedInHere(who)) {
      const client = apiClient(bed.server.baseUrl);
      return method === 'get' ? client.get<T>(path, tokens[who]) : client[method]<T>(path, body, tokens[who]);
    }
    return method === 'get' ? bed.get<T>(who, path) : bed[method]<T>(who, path, body);
  };
  const get = <T>(who: Who, path: string, query: Record<string, string> = {}) =>
    ok(call<T>(who, 'get', `${path}${queryString(query)}`));
  const post = <T = { id: string }>(who: Who, path: string, body: unknown) =>
    ok(call<T>(who, 'post', path, body));
  const refused = async (who: Who, path: string, body: unknown) => (await call(who, 'post', path, body)).body;
  const detail = (id: string, who: Who = 'mes_zg') => get<Order>(who, '/mes/order/queryById', { id });
  const assetOf = async (id: string) =>
    (
      await bed.testDatabase.database.db
        .selectFrom('assets')
        .select('condition_status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).condition_status;
  const stockOf = async (warehouseId: string, partId: string) => {
    const page = await get<Page<{ partId: string; qtyOnHand: number }>>('mes_zg', '/mes/stock/list', {
      warehouseId,
      partId,
    });
    return page.records.find((row) => row.partId === partId)?.qtyOnHand ?? 0;
  };
  const photo = async () =>
    (
      await ok(
        bed.upload<{ id: string }>('admin', '/sys/attachment/upload', `r${++serial}.png`, png, {
          bizType: 'REPAIR',
          kind: 'OTHER',
        }),
      )
    ).id;
  /** A hotline order on asset `index`, dispatched to 粤冷, accepted and assigned to its engineer `engineer`. */
  const assigned = async (index: number, engineer = '吴师傅') => {
    const order = await post<{ id: string; status: string }>('mes_zg', '/mes/order/add', {
      sourceType: 'HOTLINE',
      assetId: assets[index].id,
      faultCategory: 'WEAK_COOLING',
      faultDescription: '制冷差',
    });
    await post('mes_zg', '/mes/order/dispatch', { id: order.id, providerId: providers.south });
    await post('mes_wxg', '/mes/order/accept', { id: order.id });
    await post('mes_wxg', '/mes/order/contact', { id: order.id, bookingTimeRange: '09:00-12:00' });
    const { engineerId } = await bed.testDatabase.database.db
      .selectFrom('service_engineers')
      .select('id as engineerId')
      .where('name', '=', engineer)
      .executeTakeFirstOrThrow();
    await post('mes_wxg', '/mes/order/assign', { id: order.id, engineerId });
    return order.id;
  };
  /** The same, taken to ON_SITE by 吴师傅. */
  const onSite = async (index: number) => {
    const id = await assigned(index);
    await post('mes_wxg', '/mes/order/arrive', { id, lng: 113.26, lat: 23.13 });
    return id;
  };

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
    const client = apiClient(bed.server.baseUrl);
    tokens.mes_zg = await loginAs(client, 'mes_zg');
    tokens.mes_wxg = await loginAs(client, 'mes_wxg');
    tokens.mes_li = await loginAs(client, 'mes_li');
    const bytes = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    png = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    const { db } = bed.testDatabase.database;
    assets = await db
      .selectFrom('assets as a')
      .innerJoin('customers as c', 'c.id', 'a.customer_id')
      .select(['a.id', 'a.asset_no'])
      .where('a.tenant_id', '=', 'A01')
      .where('a.asset_type', '=', 'FREEZER')
      .where('a.placement_status', '=', 'PLACED')
      .where('a.condition_status', '=', 'NORMAL')
      .where('c.province_code', '=', '440000')
      .orderBy('a.asset_no', 'desc')
      .limit(8)
      .execute();
    const rows = await db.selectFrom('service_providers').select(['id', 'code']).execute();
    providers = {
      south: rows.find((row) => row.code === 'SP-YL')!.id,
      east: rows.find((row) => row.code === 'SP-HD')!.id,
    };
    const stores = await db
      .selectFrom('spare_warehouses as w')
      .leftJoin('service_engineers as e', 'e.id', 'w.engineer_id')
      .select(['w.id', 'w.code', 'e.name'])
      .execute();
    warehouses = {
      central: stores.find((row) => row.code === 'SP-CENTRAL')!.id,
      wuVan: stores.find((row) => row.name === '吴师傅')!.id,
    };
    thermostat = (
      await db
        .selectFrom('spare_parts')
        .select('id')
        .where('part_code', '=', 'SP-THM-01')
        .executeTakeFirstOrThrow()
    ).id;
    // The seeded business database (with this module's demo orders) takes long to open on a loaded machine.
  }, 180_000);
  afterAll(() => bed?.close());

  it('takes an alarm to a closed repair: dispatched, fed back with a part off the engineer, stock drops, asset normal', async () => {
    const asset = assets[0];
    const sim = await fetch(`${bed.server.baseUrl}/sim/iot/alarm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ assetNo: asset.asset_no, alarmType: 'TEMPERATURE', temperature: 16 }),
    });
    expect(sim.status).toBe(200);
    expect(await assetOf(asset.id)).toBe('REPAIRING');
    const page = await get<Page<Order>>('mes_zg', '/mes/order/list', { assetNo: asset.asset_no });
    expect(page.records).toHaveLength(1);
    const { id } = page.records[0];
    let order = await detail(id);
    expect(order).toMatchObject({ status: 'PENDING_DISPATCH' });
    expect(order.candidateProviders.map((each) => each.id)).toContain(providers.south);
    // By coverage area: no provider chosen, the one covering 广东 takes it.
    expect((await post<{ providerId: string }>('mes_zg', '/mes/order/dispatch', { id })).providerId).toBe(
      providers.south,
    );
    await post('mes_wxg', '/mes/order/accept', { id });
    await post('mes_wxg', '/mes/order/contact', {
      id,
      bookingDate: '2026-12-01',
      bookingTimeRange: '14:00-17:00',
    });
    const engineers = await get<Array<{ id: string; name: string }>>('mes_wxg', '/mes/engineer/list');
    await post('mes_wxg', '/mes/order/assign', {
      id,
      engineerId: engineers.find((each) => each.name === '吴师傅')!.id,
    });
    await post('mes_wxg', '/mes/order/arrive', { id, lng: 113.27, lat: 23.13 });
    const before = await stockOf(warehouses.wuVan, thermostat);
    const fed = await post<{ partsCost: string }>('mes_wxg', '/mes/order/feedback', {
      id,
      cause: '温控器失灵',
      repairMethod: '更换温控器',
      actualServiceType: 'ON_SITE',
      parts: [{ partId: thermostat, qty: 1, oldPartReturned: true }],
      photoIds: [await photo()],
      signatureId: await photo(),
      laborCost: 80,
      travelCost: 30,
    });
    expect(fed.partsCost).toBe('38.00');
    expect(await stockOf(warehouses.wuVan, thermostat)).toBe(before - 1);
    await post('mes_zg', '/mes/order/approve', { id, costBearer: 'MANUFACTURER' });
    await post('mes_zg', '/mes/order/revisit', { id, result: 'PASSED' });
    await post('mes_zg', '/mes/order/close', { id });
    order = await detail(id);
    expect(order).toMatchObject({ status: 'CLOSED', totalCost: '148.00' });
    expect(order.timeline.map((each) => each.statusTo)).toEqual([
      'REPORTED',
      'PENDING_DISPATCH',
      'DISPATCHED',
      'ACCEPTED',
      'CONTACTED',
      'ENGINEER_ASSIGNED',
      'ON_SITE',
      'FEEDBACK',
      'COMPLETED',
      'REVISITED',
      'CLOSED',
    ]);
    expect(await assetOf(asset.id)).toBe('NORMAL');
  });

  it('refuses steps out of the table, a second open order of an asset, and gives 409 to the loser of a race', async () => {
    const order = await post<{ id: string; status: string }>('mes_zg', '/mes/order/add', {
      sourceType: 'HOTLINE',
      assetId: assets[1].id,
      faultCategory: 'NOISE',
      faultDescription: '噪音大',
    });
    expect(order.status).toBe('PENDING_DISPATCH');
    expect(
      await refused('mes_zg', '/mes/order/add', {
        sourceType: 'HOTLINE',
        assetId: assets[1].id,
        faultCategory: 'NOISE',
        faultDescription: '再报',
      }),
    ).toMatchObject({ code: 409, message: expect.stringContaining('未完成的维修工单') });
    expect(await refused('mes_zg', '/mes/order/close', { id: order.id })).toMatchObject({
      code: 409,
      message: '当前状态为「待派工」，不能关闭',
    });
    await post('mes_zg', '/mes/order/dispatch', { id: order.id, providerId: providers.south });
    const answers = await Promise.all(
      [1, 2].map(() => call('mes_wxg', 'post', '/mes/order/accept', { id: order.id })),
    );
    expect(answers.map((answer) => answer.body.code).sort()).toEqual([200, 409]);
    // 取消 before feedback: the asset goes back to what it was.
    expect(await refused('mes_zg', '/mes/order/cancel', { id: order.id, reason: ' ' })).toMatchObject({
      code: 400,
    });
    await post('mes_zg', '/mes/order/cancel', { id: order.id, reason: '门店撤回报修' });
    expect(await assetOf(assets[1].id)).toBe('NORMAL');
  });

  it('never lets parts go negative, neither in feedback nor under concurrent moves', async () => {
    const id = await onSite(2);
    const have = await stockOf(warehouses.wuVan, thermostat);
    expect(
      await refused('mes_wxg', '/mes/order/feedback', {
        id,
        cause: 'x',
        repairMethod: 'y',
        actualServiceType: 'ON_SITE',
        parts: [{ partId: thermostat, qty: have + 1 }],
        photoIds: [await photo()],
      }),
    ).toMatchObject({ code: 409, message: expect.stringContaining('库存不足') });
    expect(await stockOf(warehouses.wuVan, thermostat)).toBe(have);
    expect((await detail(id)).status).toBe('ON_SITE');
    const central = await stockOf(warehouses.central, thermostat);
    const scraps = await Promise.all(
      [1, 2].map(() =>
        call('mes_zg', 'post', '/mes/movement/add', {
          moveType: 'SCRAP',
          partId: thermostat,
          warehouseId: warehouses.central,
          qty: central - 1,
          remark: '受潮',
        }),
      ),
    );
    expect(scraps.map((answer) => answer.body.code).sort()).toEqual([200, 409]);
    expect(await stockOf(warehouses.central, thermostat)).toBe(1);
  });

  it('flags SLA breaches and approves fed-back orders after 48 h with signature and photos', async () => {
    const { db } = bed.testDatabase.database;
    const late = await post<{ id: string }>('mes_zg', '/mes/order/add', {
      sourceType: 'PREVENTIVE',
      assetId: assets[3].id,
      faultCategory: 'OTHER',
      faultDescription: '保养',
    });
    await post('mes_zg', '/mes/order/dispatch', { id: late.id, providerId: providers.east });
    await db
      .updateTable('repair_orders')
      .set({ sla_due_at: new Date(Date.now() - 60_000) })
      .where('id', '=', late.id)
      .execute();
    const id = await onSite(4);
    await post('mes_wxg', '/mes/order/feedback', {
      id,
      cause: '门封条老化',
      repairMethod: '更换门封条',
      actualServiceType: 'ON_SITE',
      photoIds: [await photo()],
      signatureId: await photo(),
    });
    await db
      .updateTable('repair_orders')
      .set({ finished_at: new Date(Date.now() - 49 * 3_600_000) })
      .where('id', '=', id)
      .execute();
    const result = await runRepairClock(db);
    expect(result.approved).toBeGreaterThanOrEqual(1);
    expect((await detail(late.id)).slaBreached).toBe(true);
    const approved = await detail(id);
    expect(approved.status).toBe('AUTO_APPROVED');
    expect(approved.timeline.at(-1)).toMatchObject({ action: '自动审核' });
  });

  it('shows a provider only its own orders and stock, and other tenants nothing', async () => {
    const east = await post<{ id: string }>('mes_zg', '/mes/order/add', {
      sourceType: 'HOTLINE',
      assetId: assets[5].id,
      faultCategory: 'LIGHT',
      faultDescription: '灯不亮',
    });
    await post('mes_zg', '/mes/order/dispatch', { id: east.id, providerId: providers.east });
    const mine = await get<Page<Order>>('mes_wxg', '/mes/order/list', { pageSize: '200' });
    expect(mine.records.length).toBeGreaterThan(0);
    expect(mine.records.every((row) => row.serviceProviderId === providers.south)).toBe(true);
    expect(await refused('mes_wxg', '/mes/order/accept', { id: east.id })).toMatchObject({ code: 404 });
    expect((await call('mes_wxg', 'get', `/mes/order/queryById?id=${east.id}`)).body).toMatchObject({
      code: 404,
    });
    const stock = await get<Page<{ warehouseType: string }>>('mes_wxg', '/mes/stock/list', {
      pageSize: '200',
    });
    expect(stock.records.every((row) => row.warehouseType !== 'CENTRAL')).toBe(true);
    // The repair centre may not take the provider's steps.
    expect(await refused('mes_zg', '/mes/order/accept', { id: east.id })).toMatchObject({ code: 403 });
    expect((await bed.get('t2admin', `/mes/order/queryById?id=${east.id}`)).body).toMatchObject({
      code: 404,
    });
    expect((await bed.get<Page<Order>>('t2admin', '/mes/order/list')).body.result.total).toBe(0);
    expect(await bed.get('wangfang', '/mes/order/list')).toMatchObject(FORBIDDEN);
  });

  it('shows an order’s photos only to who sees the order: not another provider, scope or tenant, nor without repair:list', async () => {
    // An outlet zhangwei sees (his data scope), reported by the hotline; he holds no repair:list.
    const [outlet] = (
      await get<Page<{ id: string }>>('zhangwei', '/eCustomer/list', {
        customerType: 'OUTLET',
        pageSize: '1',
      })
    ).records;
    const fault = await photo();
    const order = await post<{ id: string }>('mes_zg', '/mes/order/add', {
      sourceType: 'HOTLINE',
      customerId: outlet.id,
      faultCategory: 'NO_COOLING',
      faultDescription: '不制冷',
      photoIds: [fault],
    });
    const paths = [
      `/sys/attachment/info/${fault}`,
      `/sys/attachment/view/${fault}`,
      `/sys/attachment/thumbnail/${fault}`,
      `/sys/attachment/list?bizType=REPAIR&bizId=${order.id}`,
    ];
    /** The content type and the text of a GET, whatever it answers (the envelope, or the picture's bytes). */
    const read = async (who: Who, path: string) => {
      if (!signedInHere(who)) {
        const { headers, body } = await bed.download(who, path);
        return { type: headers.get('content-type') ?? '', text: Buffer.from(body).toString() };
      }
      const answer = await fetch(`${bed.server.baseUrl}/api${path}`, {
        headers: { 'x-access-token': tokens[who] as string },
      });
      return { type: answer.headers.get('content-type') ?? '', text: await answer.text() };
    };
    const [info, view, thumbnail, list] = await Promise.all(paths.map((path) => read('mes_zg', path)));
    // The repair centre sees every order of the tenant: the photo, its facts and the order's list.
    expect(JSON.parse(info.text).result).toMatchObject({ id: fault, bizType: 'REPAIR', bizId: order.id });
    expect([view.type, thumbnail.type]).toEqual(['image/png', 'image/webp']);
    expect(JSON.parse(list.text).result.map((each: { id: string }) => each.id)).toEqual([fault]);
    // 粤冷 has not taken the order; wangfang has neither scope nor code; zhangwei the scope only; B01 nothing.
    for (const path of paths) {
      for (const who of ['mes_wxg', 'wangfang', 'zhangwei', 't2admin'] as const) {
        const answer = await read(who, path);
        expect([who, path, JSON.parse(answer.text)]).toEqual([
          who,
          path,
          expect.objectContaining({ success: false, code: 404 }),
        ]);
      }
    }
    // Nor may another provider file a photo under the order.
    const form = new FormData();
    form.append('bizType', 'REPAIR');
    form.append('bizId', order.id);
    form.append('kind', 'REPAIR');
    form.append('file', new Blob([png]), 'x.png');
    const upload = await fetch(`${bed.server.baseUrl}/api/sys/attachment/upload`, {
      method: 'POST',
      headers: { 'x-access-token': tokens.mes_wxg as string },
      body: form,
    });
    expect(await upload.json()).toMatchObject({ success: false, code: 404 });
    await post('mes_zg', '/mes/order/cancel', { id: order.id, reason: '测试完毕' });
  });

  it('gives the phone page the engineer’s own orders and shelf, and the engineer steps only to the assigned one', async () => {
    interface Shelf {
      warehouseId: string;
      warehouseType: string;
      partId: string;
      qtyOnHand: number;
      serialTracked: boolean;
      serialNos: string[];
    }
    const me = await get<{
      engineerId: string;
      engineerName: string;
      providerId: string;
      isManager: boolean;
      stock: Shelf[];
    }>('mes_li', '/mes/engineer/me');
    expect(me).toMatchObject({ engineerName: '李师傅', providerId: providers.south, isManager: false });
    // 我的工单: the seeded orders waiting at the outlet are his, and only his.
    const his = await get<Page<Order & { engineerId: string }>>('mes_li', '/mes/order/list', {
      mine: 'true',
      pageSize: '100',
    });
    expect(his.records.map((row) => row.status).sort()).toEqual(['ENGINEER_ASSIGNED', 'ON_SITE']);
    expect(his.records.every((row) => row.engineerId === me.engineerId)).toBe(true);
    // The provider's dispatcher takes every order of the provider; someone of no provider nothing.
    const dispatcher = await get<Page<Order>>('mes_wxg', '/mes/order/list', { mine: 'true', pageSize: '1' });
    const provider = await get<Page<Order>>('mes_wxg', '/mes/order/list', { pageSize: '1' });
    expect(dispatcher.total).toBe(provider.total);
    expect((await get<Page<Order>>('mes_zg', '/mes/order/list', { mine: 'true' })).total).toBe(0);
    expect(await get('mes_zg', '/mes/engineer/me')).toBeNull();
    // His shelf: his van first, then 粤冷's store, never 吴师傅's van; the compressor with its serial number.
    const types = me.stock.map((row) => row.warehouseType);
    expect(types).toEqual([...types].sort());
    expect(new Set(types)).toEqual(new Set(['ENGINEER', 'PROVIDER']));
    expect(me.stock.some((row) => row.warehouseId === warehouses.wuVan)).toBe(false);
    const van = me.stock.find((row) => row.warehouseType === 'ENGINEER' && row.partId === thermostat)!;
    const compressor = me.stock.find((row) => row.serialTracked)!;
    expect(compressor).toMatchObject({ qtyOnHand: 1, serialNos: ['QD65H-20260001'] });

    // 吴师傅's order: 李师傅 neither arrives nor feeds back.
    const other = await assigned(6);
    expect(
      await refused('mes_li', '/mes/order/arrive', { id: other, lng: 113.26, lat: 23.13 }),
    ).toMatchObject({ code: 403, message: '只有指派的工程师可以操作' });
    // His own: he arrives and feeds back with the compressor by its serial and a thermostat off his van.
    await post('mes_zg', '/mes/order/cancel', { id: other, reason: '测试完毕' });
    const id = await assigned(6, '李师傅');
    await post('mes_li', '/mes/order/arrive', { id, lng: 113.26, lat: 23.13 });
    await post('mes_li', '/mes/order/feedback', {
      id,
      cause: '压缩机烧毁',
      repairMethod: '更换压缩机与温控器',
      actualServiceType: 'ON_SITE',
      parts: [
        {
          partId: compressor.partId,
          warehouseId: compressor.warehouseId,
          qty: 1,
          newPartSerialNo: 'QD65H-20260001',
          oldPartReturned: true,
        },
        { partId: thermostat, warehouseId: van.warehouseId, qty: 1 },
      ],
      photoIds: [await photo()],
      signatureId: await photo(),
    });
    const after = await get<{ stock: Shelf[] }>('mes_li', '/mes/engineer/me');
    expect(after.stock.some((row) => row.serialTracked)).toBe(false);
    expect(
      after.stock.find((row) => row.warehouseId === van.warehouseId && row.partId === thermostat)
        ?.qtyOnHand ?? 0,
    ).toBe(van.qtyOnHand - 1);
    expect((await detail(id, 'mes_li')).status).toBe('FEEDBACK');
  });

  it('runs a 备件申请 through the 审批中心, issues it from the central warehouse and has it received', async () => {
    const created = await post<{ id: string; requestNo: string }>('mes_wxg', '/mes/request/add', {
      warehouseId: warehouses.wuVan,
      lines: [{ partId: thermostat, qty: 1 }],
      remark: '随车补货',
    });
    const pending = await get<Page<{ taskId: string; bizId: string }>>('mes_zg', '/approval/todo/list', {
      pageSize: '50',
    });
    const task = pending.records.find((row) => row.bizId === created.id);
    expect(task).toBeDefined();
    await ok(call('mes_zg', 'post', '/approval/approve', { taskId: task!.taskId }));
    const before = await stockOf(warehouses.wuVan, thermostat);
    await post('mes_zg', '/mes/request/issue', { id: created.id, fromWarehouseId: warehouses.central });
    await post('mes_wxg', '/mes/request/receive', { id: created.id });
    expect(await stockOf(warehouses.wuVan, thermostat)).toBe(before + 1);
    const list = await get<Page<{ id: string; status: string }>>('mes_wxg', '/mes/request/list');
    expect(list.records.find((row) => row.id === created.id)?.status).toBe('RECEIVED');
  });

  it('keeps the 变更记录 of parts, providers, engineers and fault codes, a provider’s user seeing only its own', async () => {
    const history = (who: Who, bizType: string, bizId: string) =>
      get<ChangeRecord[]>(who, '/sys/changeHistory/list', { bizType, bizId });
    const part = {
      partCode: 'SP-HIS-01',
      name: '历史温控器',
      category: 'THERMOSTAT',
      unit: '个',
      standardPrice: 80,
      costPrice: 50,
    };
    const { id: partId } = await post('admin', '/mes/part/add', part);
    await ok(
      call('admin', 'put', '/mes/part/edit', { ...part, id: partId, standardPrice: 95, safetyStock: 4 }),
    );
    const [partEdit, partAdd] = await history('mes_zg', 'SPARE_PART', partId);
    expect(partEdit).toMatchObject({ operateType: 3, content: '编辑备件 SP-HIS-01 历史温控器' });
    expect([...partEdit.changes].sort((a, b) => a.field.localeCompare(b.field))).toEqual([
      { field: 'safety_stock', before: 0, after: 4 },
      { field: 'standard_price', before: '80.00', after: '95.00' },
    ]);
    expect(partAdd.changes).toEqual(
      expect.arrayContaining([{ field: 'part_code', before: null, after: 'SP-HIS-01' }]),
    );
    expect(await refused('admin', '/mes/part/add', part)).toMatchObject({
      code: 409,
      message: '备件编码 SP-HIS-01 已存在',
    });

    const provider = { code: 'SP-HIS', name: '历史服务商', coverageAreaCodes: ['460000'], slaHours: 48 };
    const { id: providerId } = await post('admin', '/mes/provider/add', provider);
    await ok(call('admin', 'put', '/mes/provider/edit', { ...provider, id: providerId, slaHours: 24 }));
    const [providerEdit] = await history('admin', 'SERVICE_PROVIDER', providerId);
    expect(providerEdit).toMatchObject({ content: '编辑服务商 SP-HIS 历史服务商' });
    expect(providerEdit.changes).toEqual([{ field: 'sla_hours', before: 48, after: 24 }]);
    expect(await refused('admin', '/mes/provider/add', provider)).toMatchObject({
      code: 409,
      message: '服务商编码 SP-HIS 已存在',
    });
    const engineer = { providerId, name: '历史师傅', mobile: '13900000077' };
    const { id: engineerId } = await post('admin', '/mes/engineer/add', engineer);
    await ok(call('admin', 'put', '/mes/engineer/edit', { ...engineer, id: engineerId, isManager: true }));
    const [engineerEdit] = await history('admin', 'SERVICE_ENGINEER', engineerId);
    expect(engineerEdit.changes).toEqual([{ field: 'is_manager', before: false, after: true }]);
    // 粤冷's user reads its own provider's history, not another's nor its engineers'.
    await expect(history('mes_wxg', 'SERVICE_PROVIDER', providers.south)).resolves.toEqual(expect.any(Array));
    for (const [bizType, bizId] of [
      ['SERVICE_PROVIDER', providerId],
      ['SERVICE_ENGINEER', engineerId],
    ]) {
      expect(
        (await call('mes_wxg', 'get', `/sys/changeHistory/list?bizType=${bizType}&bizId=${bizId}`)).body,
      ).toMatchObject({ success: false, code: 404 });
    }

    const fault = { code: 'E-HIS', faultCategory: 'LIGHT', description: '灯闪' };
    const { id: faultId } = await post('admin', '/mes/faultCode/add', fault);
    await ok(call('admin', 'put', '/mes/faultCode/edit', { ...fault, id: faultId, description: '灯不亮' }));
    const [faultEdit] = await history('admin', 'FAULT_CODE', faultId);
    expect(faultEdit.changes).toEqual([{ field: 'description', before: '灯闪', after: '灯不亮' }]);
    expect(await refused('admin', '/mes/faultCode/add', fault)).toMatchObject({
      code: 409,
      message: '故障代码 E-HIS 已存在',
    });
    expect(
      await bed.get('wangfang', `/sys/changeHistory/list?bizType=SPARE_PART&bizId=${partId}`),
    ).toMatchObject(FORBIDDEN);
  });

  it('reports fault rates, MTTR, first-time fix, parts and cost by bearer', async () => {
    const report = await get<{
      orders: number;
      mttrHours: number | null;
      firstTimeFixRate: number | null;
      partsConsumption: unknown[];
      costByBearer: Array<{ costBearer: string }>;
      faultRateByModel: unknown[];
    }>('mes_zg', '/mes/report/summary');
    expect(report.orders).toBeGreaterThan(10);
    expect(report.mttrHours).not.toBeNull();
    expect(report.firstTimeFixRate).not.toBeNull();
    expect(report.partsConsumption.length).toBeGreaterThan(0);
    expect(report.costByBearer.map((row) => row.costBearer)).toContain('MANUFACTURER');
    expect(report.faultRateByModel.length).toBeGreaterThan(0);
  });
});
