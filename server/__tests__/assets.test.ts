import sharp from 'sharp';
import ExcelJS from 'exceljs';
import { CONDITION_STATUS, PLACEMENT_STATUS } from '../../common/assets';
import type { Page } from '../../common/contract';
import type { ApprovalRecord } from '../../common/approvals';
import { apiClient, loginAs } from './support/auth';
import { testBackends } from './support/database';
import {
  FORBIDDEN,
  ok,
  openBusinessTestbed,
  queryString,
  type BusinessTestbed,
  type Caller,
} from './support/business';

interface Asset {
  id: string;
  assetNo: string;
  placementStatus: string;
  conditionStatus: string;
  customerId: string | null;
  warehouseId: string | null;
  version: number;
  moves: Array<{ moveType: string; detail: string | null }>;
  applications: Array<{ id: string; status: string }>;
}

interface Application {
  id: string;
  applyNo: string;
  status: string;
  depositStatus: string;
}

describe.each(testBackends())('assets on %s', (backend) => {
  let bed: BusinessTestbed;
  let modelId: string;
  let bigModelId: string;
  /** A dealer warehouse in 广州办事处 (zhangwei's scope) and a brand warehouse of A01 (outside it). */
  let gzWarehouse: string;
  let hqWarehouse: string;
  let outletA: { id: string; name: string };
  let outletB: { id: string; name: string };
  let png: ArrayBuffer;
  /** A new photo filed under ASSET, not bound to any asset yet. */
  const newPhoto = async (kind = 'HANDOVER') =>
    (
      await ok(
        bed.upload<{ id: string }>('admin', '/sys/attachment/upload', '交接.png', png, {
          bizType: 'ASSET',
          kind,
        }),
      )
    ).id;
  /** The outlet signs a placement on delivery: a handover photo and its signature. */
  const sign = async (id: string) =>
    post('admin', '/eAsset/application/sign', {
      id,
      photoIds: [await newPhoto()],
      signatureId: await newPhoto('SIGNATURE'),
    });
  let serial = 0;

  const get = <T>(caller: Caller, path: string, query: Record<string, string> = {}) =>
    ok(bed.get<T>(caller, `${path}${queryString(query)}`));
  const post = <T = { id: string }>(caller: Caller, path: string, body: unknown) =>
    ok(bed.post<T>(caller, path, body));
  const assetOf = (id: string, caller: Caller = 'admin') => get<Asset>(caller, '/eAsset/queryById', { id });
  const freezersAt = async (customerId: string) =>
    (await get<{ freezerCount: number }>('admin', '/eCustomer/queryById', { id: customerId })).freezerCount;
  const inbound = async (warehouseId: string, count = 1, model = modelId) => {
    const assetNos = Array.from(
      { length: count },
      () => `T${backend.slice(0, 2).toUpperCase()}${++serial}00`,
    );
    const { ids } = await post<{ ids: string[] }>('admin', '/eAsset/inbound', {
      modelId: model,
      warehouseId,
      assetNos,
    });
    return ids;
  };
  /** zhangwei's (or the administrator's) pending task of the application's approval, approved or rejected. */
  const decide = async (applyNo: string, decision: 'approve' | 'reject', caller: Caller = 'zhangwei') => {
    const todo = await get<Page<ApprovalRecord>>(caller, '/approval/todo/list', { bizNo: applyNo });
    expect(todo.records).toHaveLength(1);
    return bed.post(caller, `/approval/${decision}`, { taskId: todo.records[0].taskId, comment: '测试' });
  };
  const place = async (assetId: string, customerId = outletA.id, freeDeposit = false) =>
    post<{ id: string; applyNo: string }>('admin', '/eAsset/application/place', {
      assetId,
      customerId,
      freeDeposit,
    });
  const applicationOf = async (applied: { applyNo: string }) =>
    (await get<Page<Application>>('admin', '/eAsset/application/list', { applyNo: applied.applyNo }))
      .records[0];

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
    const bytes = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    png = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    const { db } = bed.testDatabase.database;
    modelId = (
      await post('admin', '/eAsset/model/add', {
        modelCode: 'T-400',
        name: '测试立式单门 400L',
        assetType: 'FREEZER',
        formFactor: 'UPRIGHT_1D',
        unitValue: 3000,
        depositAmount: 500,
      })
    ).id;
    bigModelId = (
      await post('admin', '/eAsset/model/add', {
        modelCode: 'T-1200',
        name: '测试风幕柜',
        assetType: 'FREEZER',
        formFactor: 'AIR_CURTAIN',
        unitValue: 12000,
        depositAmount: 2000,
      })
    ).id;
    const warehouseIn = async (orgCode: string) =>
      (
        await db
          .selectFrom('warehouses')
          .select('id')
          .where('tenant_id', '=', 'A01')
          .where('org_code', '=', orgCode)
          .where('status', '=', 'ACTIVE')
          .orderBy('code')
          .executeTakeFirstOrThrow()
      ).id;
    gzWarehouse = await warehouseIn('A01A02A01');
    hqWarehouse = await warehouseIn('A01');
    const outlets = await db
      .selectFrom('customers')
      .select(['id', 'name'])
      .where('tenant_id', '=', 'A01')
      .where('customer_type', '=', 'OUTLET')
      .where('org_code', '=', 'A01A02A01')
      .where('status', '=', 'ACTIVE')
      .where('audit_status', '=', 'APPROVED')
      .where('level', 'in', ['A', 'B'])
      .where('freezer_count', '=', 0)
      .orderBy('customer_code')
      .limit(2)
      .execute();
    [outletA, outletB] = outlets;
  });
  afterAll(() => bed.close());

  it('shows the demo ledger: placed freezers behind every 冰柜数, idle stock, applications in progress', async () => {
    const placed = await get<Page<Asset>>('admin', '/eAsset/list', {
      placementStatus: 'PLACED',
      pageSize: '1',
    });
    const { db } = bed.testDatabase.database;
    const { total } = await db
      .selectFrom('customers')
      .select((eb) => eb.fn.sum<number>('freezer_count').as('total'))
      .where('tenant_id', '=', 'A01')
      .executeTakeFirstOrThrow();
    // Display racks are not freezers; every freezer placed or being recalled is counted once.
    const freezers = await get<Page<Asset>>('admin', '/eAsset/list', {
      assetType: 'FREEZER',
      placementStatus: 'PLACED,RECALLING',
      pageSize: '1',
    });
    expect(Number(total)).toBe(freezers.total);
    expect(placed.total).toBeGreaterThan(100);
    const idle = await get<Array<{ normal: number }>>('admin', '/eAsset/idleStock');
    expect(idle.reduce((sum, row) => sum + row.normal, 0)).toBeGreaterThan(20);
    const waiting = await get<Page<Application>>('admin', '/eAsset/application/list', {
      status: 'IN_APPROVAL',
    });
    expect(waiting.total).toBeGreaterThanOrEqual(5);
  });

  it('has about 300 demo assets in every state, racks placed too but off the 冰柜数', async () => {
    const rows = await bed.testDatabase.database.db
      .selectFrom('assets')
      .select(['placement_status', 'condition_status', 'asset_type'])
      .where('tenant_id', '=', 'A01')
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(280);
    expect(rows.length).toBeLessThanOrEqual(320);
    expect(new Set(rows.map((row) => row.placement_status))).toEqual(new Set(Object.keys(PLACEMENT_STATUS)));
    expect(new Set(rows.map((row) => row.condition_status))).toEqual(new Set(Object.keys(CONDITION_STATUS)));
    const racks = rows.filter(
      (row) => row.asset_type === 'DISPLAY_RACK' && row.placement_status === 'PLACED',
    );
    expect(racks.length).toBeGreaterThan(10);
  });

  it('keeps the 变更记录 of a model, and refuses a repeated model code', async () => {
    await ok(
      bed.put('admin', '/eAsset/model/edit', {
        id: modelId,
        modelCode: 'T-400',
        name: '测试立式单门 400L',
        assetType: 'FREEZER',
        formFactor: 'UPRIGHT_1D',
        unitValue: 3000,
        depositAmount: 600,
      }),
    );
    const history = await get<Array<{ changes: Array<{ field: string; before: unknown; after: unknown }> }>>(
      'admin',
      '/sys/changeHistory/list',
      { bizType: 'ASSET_MODEL', bizId: modelId },
    );
    expect(history[0].changes).toEqual([{ field: 'deposit_amount', before: '500.00', after: '600.00' }]);
    const again = await bed.post('admin', '/eAsset/model/add', {
      modelCode: 'T-400',
      name: '重复',
      assetType: 'FREEZER',
      formFactor: 'CHEST',
      unitValue: 1,
      depositAmount: 0,
    });
    expect(again.body).toMatchObject({ code: 409, message: '型号编码 T-400 已存在' });
  });

  it('takes new assets in by their tags, refuses a repeated tag, opens one by its tag', async () => {
    const [id] = await inbound(gzWarehouse);
    const asset = await assetOf(id);
    expect(asset).toMatchObject({
      placementStatus: 'IN_STOCK',
      conditionStatus: 'NORMAL',
      warehouseId: gzWarehouse,
    });
    expect(asset.moves.map((move) => move.moveType)).toEqual(['INBOUND']);
    const again = await bed.post('admin', '/eAsset/inbound', {
      modelId,
      warehouseId: gzWarehouse,
      assetNos: [asset.assetNo],
    });
    expect(again.body).toMatchObject({ success: false, code: 409, message: '资产编号已存在，请检查标签' });
    expect(
      (await get<Asset>('admin', '/eAsset/queryByNo', { assetNo: asset.assetNo.toLowerCase() })).id,
    ).toBe(id);
    expect((await bed.get('admin', '/eAsset/queryByNo?assetNo=NOPE-0000')).body).toMatchObject({ code: 404 });
  });

  it('places a freezer: apply, approve in the 审批中心, deposit, deliver, sign with photos; 冰柜数 follows', async () => {
    const [id] = await inbound(gzWarehouse);
    const applied = await place(id);
    expect((await assetOf(id)).placementStatus).toBe('LOCKED');
    // The asset is locked: a second application for it loses.
    expect(
      (await bed.post('admin', '/eAsset/application/place', { assetId: id, customerId: outletB.id })).body,
    ).toMatchObject({
      success: false,
      code: 409,
    });
    expect((await decide(applied.applyNo, 'approve')).body.success).toBe(true);
    expect(await applicationOf(applied)).toMatchObject({
      status: 'PENDING_DEPOSIT',
      depositStatus: 'UNPAID',
    });
    // Not delivered before the deposit.
    expect((await bed.post('admin', '/eAsset/application/deliver', { id: applied.id })).body).toMatchObject({
      code: 409,
      message: '当前状态为「待付押金」，不能出库配送',
    });
    expect((await bed.post('admin', '/eAsset/application/deposit', { id: applied.id })).body).toMatchObject({
      code: 400,
    });
    await post('admin', '/eAsset/application/deposit', { id: applied.id, receiptNo: 'SK-T-1' });
    await post('admin', '/eAsset/application/deliver', { id: applied.id });
    expect(await assetOf(id)).toMatchObject({ placementStatus: 'DELIVERING', warehouseId: null });
    const before = await freezersAt(outletA.id);
    expect(
      (await bed.post('admin', '/eAsset/application/sign', { id: applied.id, photoIds: [] })).body.code,
    ).toBe(400);
    const photo = await newPhoto();
    const signature = await newPhoto('SIGNATURE');
    await post('admin', '/eAsset/application/sign', {
      id: applied.id,
      photoIds: [photo],
      signatureId: signature,
    });
    const placedAsset = await assetOf(id);
    expect(placedAsset).toMatchObject({ placementStatus: 'PLACED', customerId: outletA.id });
    expect(placedAsset.moves.map((move) => move.moveType)).toEqual([
      'PLACE',
      'DELIVER',
      'DEPOSIT',
      'APPROVED',
      'APPLY',
      'INBOUND',
    ]);
    expect(await freezersAt(outletA.id)).toBe(before + 1);
    const listed = await get<Page<{ id: string; freezerCount: number }>>('admin', '/eCustomer/list', {
      keyword: outletA.name,
    });
    expect(listed.records.find((each) => each.id === outletA.id)?.freezerCount).toBe(before + 1);
    expect(await applicationOf(applied)).toMatchObject({ status: 'COMPLETED', depositStatus: 'PAID' });
    const photos = await get<Array<{ id: string }>>('admin', '/sys/attachment/list', {
      bizType: 'ASSET',
      bizId: id,
    });
    expect(photos.map((each) => each.id).sort()).toEqual([photo, signature].sort());
    // The outlet's assets, from the customer's side.
    const atOutlet = await get<Page<Asset>>('admin', '/eAsset/list', { customerId: outletA.id });
    expect(atOutlet.records.map((each) => each.id)).toContain(id);
  });

  it('goes through two approvers above 5000, and a rejection frees the asset', async () => {
    const [big] = await inbound(gzWarehouse, 1, bigModelId);
    const applied = await place(big, outletB.id, true);
    await decide(applied.applyNo, 'approve');
    expect((await applicationOf(applied))?.status).toBe('IN_APPROVAL');
    await decide(applied.applyNo, 'approve', 'admin');
    expect(await applicationOf(applied)).toMatchObject({
      status: 'WAIT_DELIVERY',
      depositStatus: 'NOT_REQUIRED',
    });
    await post('admin', '/eAsset/application/cancel', { id: applied.id, reason: '门店装修' });
    expect((await assetOf(big)).placementStatus).toBe('IN_STOCK');

    const [other] = await inbound(gzWarehouse);
    const refused = await place(other, outletB.id);
    await decide(refused.applyNo, 'reject');
    expect((await applicationOf(refused))?.status).toBe('REJECTED');
    expect((await assetOf(other)).placementStatus).toBe('IN_STOCK');
  });

  it('refuses a placement against the rules: a D-level outlet, an outlet with an overdue deposit', async () => {
    const { db } = bed.testDatabase.database;
    const [id] = await inbound(gzWarehouse);
    await db.updateTable('customers').set({ level: 'D' }).where('id', '=', outletB.id).execute();
    const low = await bed.post('admin', '/eAsset/application/place', { assetId: id, customerId: outletB.id });
    expect(low.body).toMatchObject({ code: 409, message: '门店等级为「D级」，A、B、C 级门店才能投放' });
    await db.updateTable('customers').set({ level: 'B' }).where('id', '=', outletB.id).execute();
    const [unpaidAsset] = await inbound(gzWarehouse);
    const unpaid = await place(unpaidAsset, outletB.id);
    await decide(unpaid.applyNo, 'approve');
    await db
      .updateTable('asset_applications')
      .set({ deposit_due_at: new Date(Date.now() - 86_400_000) })
      .where('id', '=', unpaid.id)
      .execute();
    const overdue = await bed.post('admin', '/eAsset/application/place', {
      assetId: id,
      customerId: outletB.id,
    });
    expect(overdue.body).toMatchObject({
      code: 409,
      message: `门店有逾期未付的押金（申请 ${unpaid.applyNo}），请先处理`,
    });
    await post('admin', '/eAsset/application/cancel', { id: unpaid.id, reason: '逾期' });
  });

  it('inspects, reports exceptions, transfers, recalls with the deposit refund, scraps', async () => {
    const [id] = await inbound(gzWarehouse);
    const applied = await place(id, outletA.id, true);
    await decide(applied.applyNo, 'approve');
    await post('admin', '/eAsset/application/deliver', { id: applied.id });
    await sign(applied.id);

    await post('zhangwei', '/eAsset/inspect', {
      assetId: id,
      poweredOn: false,
      temperature: 14.5,
      cleanliness: 'POOR',
      reportedCondition: 'ABNORMAL',
      photoIds: [await newPhoto()],
    });
    expect((await assetOf(id)).conditionStatus).toBe('ABNORMAL');
    await post('admin', '/eAsset/restore', { id });
    expect((await assetOf(id)).conditionStatus).toBe('NORMAL');

    // Transfer to outlet B: the freezer leaves A's count for B's.
    const [a, b] = [await freezersAt(outletA.id), await freezersAt(outletB.id)];
    const moved = await post<{ id: string; applyNo: string }>('admin', '/eAsset/application/transfer', {
      assetId: id,
      toCustomerId: outletB.id,
    });
    await decide(moved.applyNo, 'approve');
    expect((await assetOf(id)).customerId).toBe(outletB.id);
    expect([await freezersAt(outletA.id), await freezersAt(outletB.id)]).toEqual([a - 1, b + 1]);

    // Recall: approved → 退还中, received into a warehouse → in stock, off B's count.
    const recall = await post<{ id: string; applyNo: string }>('admin', '/eAsset/application/recall', {
      assetId: id,
      reason: 'LOW_SALES',
      refundDeposit: true,
    });
    await decide(recall.applyNo, 'approve');
    expect((await assetOf(id)).placementStatus).toBe('RECALLING');
    await post('admin', '/eAsset/application/receive', { id: recall.id, warehouseId: gzWarehouse });
    expect(await assetOf(id)).toMatchObject({
      placementStatus: 'IN_STOCK',
      customerId: null,
      warehouseId: gzWarehouse,
    });
    expect(await freezersAt(outletB.id)).toBe(b);

    // Scrap through the administrator's approval.
    const scrap = await post<{ id: string; applyNo: string }>('admin', '/eAsset/application/scrap', {
      assetId: id,
      remark: '压缩机损坏',
    });
    expect((await assetOf(id)).conditionStatus).toBe('SCRAPPING');
    await decide(scrap.applyNo, 'approve', 'admin');
    expect(await assetOf(id)).toMatchObject({ conditionStatus: 'SCRAPPED', warehouseId: null });
    const again = await bed.post('admin', '/eAsset/application/place', {
      assetId: id,
      customerId: outletA.id,
    });
    expect(again.body).toMatchObject({ code: 409, message: '资产当前为「在库／已报废」，不能发起投放' });
  });

  it('reports a loss, confirms it and takes the freezer off the outlet', async () => {
    const [id] = await inbound(gzWarehouse);
    const applied = await place(id, outletA.id, true);
    await decide(applied.applyNo, 'approve');
    await post('admin', '/eAsset/application/deliver', { id: applied.id });
    await sign(applied.id);
    const count = await freezersAt(outletA.id);
    await post('zhangwei', '/eAsset/exception', {
      assetId: id,
      reportType: 'LOST',
      photoIds: [],
      remark: '门店搬迁',
    });
    expect((await assetOf(id)).conditionStatus).toBe('LOSING');
    // zhangwei may report but not write off.
    expect(await bed.post('zhangwei', '/eAsset/confirmLost', { id })).toMatchObject(FORBIDDEN);
    await post('admin', '/eAsset/confirmLost', { id });
    expect(await assetOf(id)).toMatchObject({ conditionStatus: 'LOST', customerId: null });
    expect(await freezersAt(outletA.id)).toBe(count - 1);
  });

  /** A published 冰柜投放协议 template made through the template admin. */
  const freezerTemplate = async () => {
    const { id } = await post('admin', '/eAgrtTmpl/add', {
      code: `T-FRZ-${++serial}`,
      name: '测试冰柜投放协议',
      agreementType: 'FREEZER',
      signMode: 'PAPER_PHOTO',
      bodyHtml:
        '<h2>冰柜投放协议</h2><p>{{agreementNo}}：甲方{{partyA}}将冰柜{{assetNo}}（{{modelName}}）投放至乙方{{partyB}}，押金{{depositAmount}}元，期限{{startDate}}至{{expireDate}}。</p>',
      variableSchema: [],
    });
    await post('admin', '/eAgrtTmpl/publish', { id });
    return id;
  };
  interface Lifecycle {
    deposits: Array<{
      status: string;
      method: string | null;
      amount: string;
      waiveReason: string | null;
      refundMethod: string | null;
    }>;
    agreements: Array<{ id: string; agreementNo: string; status: string; signaturePhotoId: string | null }>;
    handovers: Array<{ status: string }>;
    responsibleUserId: string | null;
  }
  const lifecycleOf = (id: string) => get<Asset & Lifecycle>('admin', '/eAsset/queryById', { id });

  it('keeps the deposit (method, reference) and the agreement from a template, signed at deployment; refunds at recall', async () => {
    const templateId = await freezerTemplate();
    const [id] = await inbound(gzWarehouse);
    const applied = await post<{ id: string; applyNo: string }>('admin', '/eAsset/application/place', {
      assetId: id,
      customerId: outletA.id,
      templateId,
      termMonths: 24,
    });
    let asset = await lifecycleOf(id);
    expect(asset.agreements).toMatchObject([{ status: 'PENDING_SIGN' }]);
    await decide(applied.applyNo, 'approve');
    // The amount is the model's deposit standard; a waiver needs its reason.
    expect(
      (
        await bed.post('admin', '/eAsset/application/deposit', {
          id: applied.id,
          method: 'WECHAT',
          referenceNo: 'WX-1',
          amount: 1,
        })
      ).body,
    ).toMatchObject({ code: 400, message: '押金金额应为 ¥600.00' });
    expect(
      (await bed.post('admin', '/eAsset/application/deposit', { id: applied.id, waive: true })).body,
    ).toMatchObject({
      code: 400,
      message: '请填写免押原因',
    });
    await post('admin', '/eAsset/application/deposit', {
      id: applied.id,
      method: 'BANK_TRANSFER',
      referenceNo: 'BT-20260101-01',
      amount: 600,
      receiptPhotoIds: [await newPhoto('RECEIPT')],
    });
    // Received once: a second receipt of the same placement is refused.
    expect(
      (
        await bed.post('admin', '/eAsset/application/deposit', {
          id: applied.id,
          method: 'CASH',
          referenceNo: 'X',
        })
      ).body.code,
    ).toBe(409);
    asset = await lifecycleOf(id);
    expect(asset.deposits).toMatchObject([{ status: 'RECEIVED', method: 'BANK_TRANSFER', amount: '600.00' }]);
    await post('admin', '/eAsset/application/deliver', { id: applied.id });
    // The outlet's signature is required at deployment.
    expect(
      (await bed.post('admin', '/eAsset/application/sign', { id: applied.id, photoIds: [await newPhoto()] }))
        .body.code,
    ).toBe(400);
    const signature = await newPhoto('SIGNATURE');
    await post('admin', '/eAsset/application/sign', {
      id: applied.id,
      photoIds: [await newPhoto()],
      signatureId: signature,
    });
    asset = await lifecycleOf(id);
    expect(asset.agreements).toMatchObject([{ status: 'SIGNED', signaturePhotoId: signature }]);
    const agreement = asset.agreements[0];
    const { html } = await get<{ html: string }>('admin', '/eAsset/agreement/html', { id: agreement.id });
    expect(html).toContain(outletA.name);
    expect(html).toContain(asset.assetNo);
    expect(html).toContain(agreement.agreementNo);
    const pdf = await bed.download('admin', `/eAsset/agreement/pdf?id=${agreement.id}`);
    expect(pdf.status).toBe(200);
    // Outside the scope (another tenant) the agreement does not exist.
    expect((await bed.get('t2admin', `/eAsset/agreement/html?id=${agreement.id}`)).body).toMatchObject({
      code: 404,
    });

    const recall = await post<{ id: string; applyNo: string }>('admin', '/eAsset/application/recall', {
      assetId: id,
      reason: 'OUTLET_CLOSED',
      refundDeposit: true,
    });
    await decide(recall.applyNo, 'approve');
    await post('admin', '/eAsset/application/receive', {
      id: recall.id,
      warehouseId: gzWarehouse,
      refundMethod: 'CASH',
      refundReference: 'TK-1',
    });
    asset = await lifecycleOf(id);
    expect(asset.deposits).toMatchObject([{ status: 'REFUNDED', refundMethod: 'CASH' }]);
    expect(asset.agreements).toMatchObject([{ status: 'TERMINATED' }]);
    expect(asset.moves.map((move) => move.moveType)).toContain('DEPOSIT_REFUND');
  });

  it('waives a deposit with its reason; a cancelled placement refunds what was received and voids its agreement', async () => {
    const templateId = await freezerTemplate();
    const [waivedId, cancelledId] = await inbound(gzWarehouse, 2);
    const waived = await place(waivedId, outletB.id);
    await decide(waived.applyNo, 'approve');
    await post('admin', '/eAsset/application/deposit', {
      id: waived.id,
      waive: true,
      waiveReason: '重点门店，大区同意免押',
    });
    expect(await applicationOf(waived)).toMatchObject({
      status: 'WAIT_DELIVERY',
      depositStatus: 'NOT_REQUIRED',
    });
    expect((await lifecycleOf(waivedId)).deposits).toMatchObject([
      { status: 'WAIVED', waiveReason: '重点门店，大区同意免押' },
    ]);
    await post('admin', '/eAsset/application/cancel', { id: waived.id, reason: '门店改主意' });

    const cancelled = await post<{ id: string; applyNo: string }>('admin', '/eAsset/application/place', {
      assetId: cancelledId,
      customerId: outletB.id,
      templateId,
    });
    await decide(cancelled.applyNo, 'approve');
    await post('admin', '/eAsset/application/deposit', {
      id: cancelled.id,
      method: 'CASH',
      referenceNo: 'SK-C-1',
    });
    await post('admin', '/eAsset/application/cancel', { id: cancelled.id, reason: '门店关店' });
    const asset = await lifecycleOf(cancelledId);
    expect(asset).toMatchObject({ placementStatus: 'IN_STOCK' });
    expect(asset.deposits).toMatchObject([{ status: 'REFUNDED' }]);
    expect(asset.agreements).toMatchObject([{ status: 'VOID' }]);
    expect(await applicationOf(cancelled)).toMatchObject({ status: 'CANCELLED', depositStatus: 'REFUNDED' });
  });

  it('never has a freezer at two outlets: of two transfers at once one wins, and the freezer is counted once', async () => {
    const [id] = await inbound(gzWarehouse);
    const applied = await place(id, outletA.id, true);
    await decide(applied.applyNo, 'approve');
    await post('admin', '/eAsset/application/deliver', { id: applied.id });
    await sign(applied.id);
    const { db } = bed.testDatabase.database;
    const [third] = await db
      .selectFrom('customers')
      .select('id')
      .where('tenant_id', '=', 'A01')
      .where('customer_type', '=', 'OUTLET')
      .where('org_code', '=', 'A01A02A01')
      .where('status', '=', 'ACTIVE')
      .where('audit_status', '=', 'APPROVED')
      .where('level', 'in', ['A', 'B', 'C'])
      .where('id', 'not in', [outletA.id, outletB.id])
      .limit(1)
      .execute();
    const answers = await Promise.all(
      [outletB.id, third.id].map((toCustomerId) =>
        bed.post<{ applyNo: string }>('admin', '/eAsset/application/transfer', { assetId: id, toCustomerId }),
      ),
    );
    expect(answers.map((answer) => answer.body.success).sort()).toEqual([false, true]);
    expect(answers.find((answer) => !answer.body.success)?.body.code).toBe(409);
    const winner = answers.find((answer) => answer.body.success)!.body.result as { applyNo: string };
    // The approval and a recall at once: one of them moves the freezer.
    const [approved, recalled] = await Promise.all([
      decide(winner.applyNo, 'approve'),
      bed.post('admin', '/eAsset/application/recall', {
        assetId: id,
        reason: 'LOW_SALES',
        refundDeposit: false,
      }),
    ]);
    expect(approved.body.success).toBe(true);
    expect(recalled.body.code).toBe(409);
    const holders = await db.selectFrom('assets').select('customer_id').where('id', '=', id).execute();
    expect(holders).toHaveLength(1);
    const counted = await db
      .selectFrom('customers')
      .select((eb) => eb.fn.sum<number>('freezer_count').as('n'))
      .where('id', 'in', [outletA.id, outletB.id, third.id])
      .executeTakeFirstOrThrow();
    const placedThere = await db
      .selectFrom('assets')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('asset_type', '=', 'FREEZER')
      .where('customer_id', 'in', [outletA.id, outletB.id, third.id])
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(Number(placedThere.n));
  });

  it('hands assets over between reps: the receiver accepts, the 责任人 changes; one handover at a time', async () => {
    const [id] = await inbound(gzWarehouse);
    const { db } = bed.testDatabase.database;
    const receiver = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'zhangwei')
      .executeTakeFirstOrThrow();
    const [first, second] = await Promise.all([
      bed.post('admin', '/eAsset/handover', { assetIds: [id], toUserId: receiver.id, remark: '片区调整' }),
      // The same request twice at once (either may win: the remark checked below is the winner's either way).
      bed.post('admin', '/eAsset/handover', { assetIds: [id], toUserId: receiver.id, remark: '片区调整' }),
    ]);
    expect([first.body.success, second.body.success].sort()).toEqual([false, true]);
    interface Handover {
      id: string;
      assetId: string;
      assetNo: string;
      toUserId: string;
      createdById: string;
      status: string;
      status_dictText: string;
      remark: string | null;
    }
    // 资产交接 of the receiver (范围 发给我的) and of the one who started it, as lists with their filters.
    const mine = await get<Page<Handover>>('zhangwei', '/eAsset/handover/list', {
      mine: 'true',
      status: 'HANDING',
    });
    const handover = mine.records.find((each) => each.assetId === id)!;
    expect(handover).toMatchObject({
      status: 'HANDING',
      status_dictText: '交接中',
      toUserId: receiver.id,
      remark: '片区调整',
    });
    expect(mine.records.every((each) => each.toUserId === receiver.id)).toBe(true);
    const started = await get<Page<Handover>>('admin', '/eAsset/handover/list', {
      assetNo: handover.assetNo,
    });
    expect(started.records.map((each) => each.id)).toEqual([handover.id]);
    expect((await get<Page<Handover>>('admin', '/eAsset/handover/list', { mine: 'true' })).records).toEqual(
      [],
    );
    const file = await bed.download('admin', `/eAsset/handover/exportXls?assetNo=${handover.assetNo}`);
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe(handover.assetNo);
    expect(sheet.getRow(2).getCell(6).value).toBe('交接中');
    // Only the receiver confirms.
    expect((await bed.post('admin', '/eAsset/handover/accept', { id: handover.id })).body.code).toBe(403);
    await post('zhangwei', '/eAsset/handover/accept', { id: handover.id });
    expect((await bed.post('zhangwei', '/eAsset/handover/accept', { id: handover.id })).body.code).toBe(409);
    const asset = await lifecycleOf(id);
    expect(asset.responsibleUserId).toBe(receiver.id);
    expect(asset.handovers).toMatchObject([{ status: 'DONE' }]);
    expect(
      (
        await get<Page<Handover>>('admin', '/eAsset/handover/list', {
          assetNo: handover.assetNo,
          status: 'DONE',
        })
      ).total,
    ).toBe(1);
    expect(asset.moves[0].moveType).toBe('HANDOVER');
    // Another tenant's user is no receiver.
    const t2 = await db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '!=', 'A01')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect((await bed.post('admin', '/eAsset/handover', { assetIds: [id], toUserId: t2.id })).body.code).toBe(
      404,
    );
  });

  it('gives 发起交接 its receivers without user:list: the caller’s scope and tenant, id and name only', async () => {
    const { db } = bed.testDatabase.database;
    const idOf = async (username: string) =>
      (await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow())
        .id;
    const [zhaolei, zhangwei, admin] = await Promise.all(['zhaolei', 'zhangwei', 'admin'].map(idOf));
    // 赵磊, a rep of 广州办事处, hands over but may not list users.
    const client = apiClient(bed.server.baseUrl);
    const token = await loginAs(client, 'zhaolei');
    expect((await client.get('/sys/user/list', token)).body).toMatchObject({ code: 403 });
    type Option = { id: string; realname: string };
    const options = (query: Record<string, string> = {}) =>
      ok(client.get<Option[]>(`/eAsset/handover/userOptions${queryString(query)}`, token));
    const his = await options();
    // Himself and 张伟 (who also heads 广州办事处); not 管理员 of head office, not the other tenant's.
    expect(his.map((each) => each.id)).toEqual(expect.arrayContaining([zhaolei, zhangwei]));
    expect(his.map((each) => each.id)).not.toContain(admin);
    expect(his.every((each) => Object.keys(each).sort().join() === 'id,realname')).toBe(true);
    expect(await options({ keyword: 'zhangw' })).toEqual([{ id: zhangwei, realname: '张伟' }]);
    // 发起交接 takes no receiver the picker does not offer.
    const [asset] = await db
      .selectFrom('assets')
      .select('id')
      .where('tenant_id', '=', 'A01')
      .limit(1)
      .execute();
    expect(
      (await client.post('/eAsset/handover', { assetIds: [asset.id], toUserId: admin }, token)).body,
    ).toMatchObject({ code: 404, message: '接收人不存在或无权访问' });
    // The whole tenant for its administrator, nobody of A01 for B01's; none without asset:apply.
    expect((await get<Option[]>('admin', '/eAsset/handover/userOptions')).map((each) => each.id)).toEqual(
      expect.arrayContaining([admin, zhaolei, zhangwei]),
    );
    const theirs = await get<Option[]>('t2admin', '/eAsset/handover/userOptions');
    expect(theirs.length).toBeGreaterThan(0);
    const a01 = await db.selectFrom('users').select('id').where('tenant_id', '=', 'A01').execute();
    expect(theirs.filter((each) => a01.some((user) => user.id === each.id))).toEqual([]);
    expect(await bed.get('wangfang', '/eAsset/handover/userOptions')).toMatchObject(FORBIDDEN);
    expect(
      (await bed.get('admin', `/eAsset/handover/userOptions?keyword=${'x'.repeat(33)}`)).body,
    ).toMatchObject({
      code: 400,
    });
  });

  it('reports assets by state and region, utilisation per month, the idle list', async () => {
    const report = await get<{
      byRegion: Array<{ regionName: string; total: number; PLACED?: number }>;
      utilisation: Array<{ month: string; freezers: number; cases: number; casesPerFreezer: number }>;
      overdueInspection: number;
    }>('admin', '/eAsset/report/summary', { assetType: 'FREEZER' });
    const ledger = await get<Page<Asset>>('admin', '/eAsset/list', { assetType: 'FREEZER', pageSize: '1' });
    expect(report.byRegion.reduce((sum, row) => sum + row.total, 0)).toBe(ledger.total);
    expect(report.utilisation).toHaveLength(6);
    expect(report.utilisation.at(-1)!.freezers).toBeGreaterThan(0);
    const overdue = await get<Page<Asset>>('admin', '/eAsset/list', {
      assetType: 'FREEZER',
      overdueInspection: 'true',
      pageSize: '1',
    });
    expect(report.overdueInspection).toBe(overdue.total);
    // zhangwei sees his offices only.
    const his = await get<{ byRegion: Array<{ total: number }> }>('zhangwei', '/eAsset/report/summary');
    const all = await get<{ byRegion: Array<{ total: number }> }>('admin', '/eAsset/report/summary');
    expect(his.byRegion.reduce((s, r) => s + r.total, 0)).toBeLessThan(
      all.byRegion.reduce((s, r) => s + r.total, 0),
    );
    const idle = await get<Page<{ idleDays: number }>>('admin', '/eAsset/report/idle', { pageSize: '5' });
    expect(idle.total).toBeGreaterThan(0);
    expect(idle.records[0].idleDays).toBeGreaterThanOrEqual(90);
    expect(idle.records.map((row) => row.idleDays)).toEqual(
      [...idle.records.map((row) => row.idleDays)].sort((a, b) => b - a),
    );
    const freezers = await get<Page<{ assetType: string }>>('admin', '/eAsset/report/idle', {
      assetType: 'FREEZER',
      pageSize: '500',
    });
    expect(freezers.records.every((row) => row.assetType === 'FREEZER')).toBe(true);
    const workbook = await bed.download('admin', '/eAsset/report/idle/exportXls');
    expect(workbook.status).toBe(200);
    expect(workbook.headers.get('content-type')).toContain('spreadsheetml');
    // 逾期未巡检: exactly the ledger's overdue rows of the filter, with the report page's columns.
    const overdueFile = await bed.download('admin', '/eAsset/report/overdue/exportXls?assetType=FREEZER');
    expect(overdueFile.status).toBe(200);
    const overdueBook = new ExcelJS.Workbook();
    await overdueBook.xlsx.load(overdueFile.body);
    const overdueSheet = overdueBook.worksheets[0];
    expect((overdueSheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      '资产编号',
      '型号',
      '门店',
      '责任人',
      '投放日期',
      '最近巡检',
    ]);
    expect(overdueSheet.rowCount - 1).toBe(overdue.total);
    const overdueNos = (overdueSheet.getColumn(1).values as unknown[]).slice(2);
    const overdueRows = await get<Page<Asset>>('admin', '/eAsset/list', {
      assetType: 'FREEZER',
      overdueInspection: 'true',
      pageSize: '200',
    });
    expect(overdueRows.records.length).toBeGreaterThan(0);
    expect(overdueNos).toEqual(expect.arrayContaining(overdueRows.records.map((row) => row.assetNo)));
  });

  it('gives one of two operators acting on one asset at once a 409', async () => {
    const [id] = await inbound(gzWarehouse);
    const answers = await Promise.all([
      bed.post('admin', '/eAsset/application/place', { assetId: id, customerId: outletA.id }),
      bed.post('admin', '/eAsset/application/place', { assetId: id, customerId: outletB.id }),
    ]);
    expect(answers.map((answer) => answer.body.success).sort()).toEqual([false, true]);
    expect(answers.find((answer) => !answer.body.success)?.body.code).toBe(409);
    const asset = await assetOf(id);
    expect(asset.applications).toHaveLength(1);
    expect(asset.moves.filter((move) => move.moveType === 'APPLY')).toHaveLength(1);
  });

  it('keeps the data scope and the tenant: zhangwei sees 广州 not 总部, t2admin nothing of A01', async () => {
    const [gz] = await inbound(gzWarehouse);
    const [hq] = await inbound(hqWarehouse);
    expect((await assetOf(gz, 'zhangwei')).id).toBe(gz);
    expect((await bed.get('zhangwei', `/eAsset/queryById?id=${hq}`)).body).toMatchObject({ code: 404 });
    const listed = await get<Page<Asset>>('zhangwei', '/eAsset/list', { warehouseId: hqWarehouse });
    expect(listed.total).toBe(0);
    expect((await bed.get('t2admin', `/eAsset/queryById?id=${gz}`)).body).toMatchObject({ code: 404 });
    const foreign = await bed.post('t2admin', '/eAsset/application/place', {
      assetId: gz,
      customerId: outletA.id,
    });
    expect(foreign.body).toMatchObject({ code: 404 });
    const t2 = await get<Page<Asset>>('t2admin', '/eAsset/list', { pageSize: '100' });
    expect(t2.records.every((each) => each.assetNo.startsWith('CF'))).toBe(true);
    expect(await bed.get('wangfang', '/eAsset/list')).toMatchObject(FORBIDDEN);
  });
});
