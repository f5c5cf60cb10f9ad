import sharp from 'sharp';
import type { Page } from '../../common/contract';
import type { ApprovalDetail, ApprovalRecord } from '../../common/approvals';
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

interface Ad {
  id: string;
  applyNo: string;
  status: string;
  quotedAmount: string;
  approvedAmount: string | null;
  areaSqm: string;
  keepUntil: string | null;
  acceptanceResult: string | null;
  settledAmount: string | null;
  beforePhotoIds: string[];
  afterPhotoIds: string[];
}

/** zhaolei: a field rep of 广州办事处, whose head is zhangwei. */
type Who = Caller | 'zhaolei';

describe.each(testBackends())('ad applications on %s', (backend) => {
  let bed: BusinessTestbed;
  let repToken: string;
  let png: ArrayBuffer;
  let outlet: string;
  let hqOutlet: string;
  let serial = 0;

  const call = async <T>(who: Who, method: 'get' | 'post' | 'put', path: string, body?: unknown) => {
    if (who !== 'zhaolei') return method === 'get' ? bed.get<T>(who, path) : bed[method]<T>(who, path, body);
    const client = apiClient(bed.server.baseUrl);
    return method === 'get' ? client.get<T>(path, repToken) : client[method]<T>(path, body, repToken);
  };
  const get = <T>(who: Who, path: string, query: Record<string, string> = {}) =>
    ok(call<T>(who, 'get', `${path}${queryString(query)}`));
  const post = <T = { id: string }>(who: Who, path: string, body: unknown) =>
    ok(call<T>(who, 'post', path, body));
  const refused = async (who: Who, path: string, body: unknown) => (await call(who, 'post', path, body)).body;
  const adOf = (id: string, who: Who = 'admin') => get<Ad>(who, '/eAdAppr/queryById', { id });
  const photo = async (kind: string) =>
    (
      await ok(
        bed.upload<{ id: string }>('admin', '/sys/attachment/upload', `ad${++serial}.png`, png, {
          bizType: 'AD',
          kind,
        }),
      )
    ).id;
  const draftOf = async (over: Record<string, unknown> = {}) =>
    post<{ id: string; applyNo: string; quotedAmount: string }>('zhaolei', '/eAdAppr/add', {
      customerId: outlet,
      adType: 'STOREFRONT_SIGN',
      widthM: 6,
      heightM: 1.5,
      quantity: 1,
      material: '喷绘布',
      signText: '好又多便利店',
      beforePhotoIds: [await photo('AD_BEFORE')],
      designFileId: await photo('AD_DESIGN'),
      costSharing: { brand: 70, dealer: 30, outlet: 0 },
      keepMonths: 12,
      ...over,
    });
  /** The pending task of `who` on the application's approval, decided. */
  const decide = async (applyNo: string, who: Caller, decision: 'approve' | 'reject' = 'approve') => {
    const todo = await get<Page<ApprovalRecord>>(who, '/approval/todo/list', { bizNo: applyNo });
    expect(todo.records).toHaveLength(1);
    return post(who, `/approval/${decision}`, { taskId: todo.records[0].taskId, comment: '同意' });
  };

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
    repToken = await loginAs(apiClient(bed.server.baseUrl), 'zhaolei');
    const bytes = await sharp({ create: { width: 240, height: 160, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    png = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    const { db } = bed.testDatabase.database;
    const outletIn = async (orgCode: string) =>
      (
        await db
          .selectFrom('customers')
          .select('id')
          .where('tenant_id', '=', 'A01')
          .where('customer_type', '=', 'OUTLET')
          .where('org_code', '=', orgCode)
          .orderBy('customer_code')
          .executeTakeFirstOrThrow()
      ).id;
    outlet = await outletIn('A01A02A01');
    hqOutlet = await outletIn('A01A01A01');
    for (const [adType, material, unitPrice] of [
      ['STOREFRONT_SIGN', '喷绘布', 120],
      ['LIGHTBOX', '亚克力', 800],
    ] as const) {
      const existing = await get<Page<{ id: string }>>('admin', '/eAdAppr/price/list', { adType, material });
      if (existing.total === 0) await post('admin', '/eAdAppr/price/add', { adType, material, unitPrice });
      else
        await ok(
          bed.put('admin', '/eAdAppr/price/edit', {
            id: existing.records[0].id,
            adType,
            material,
            unitPrice,
          }),
        );
    }
  });
  afterAll(() => bed.close());

  it('keeps a price book per ㎡ that only ad:price maintains, and quotes from it', async () => {
    expect(
      await refused('admin', '/eAdAppr/price/add', { adType: 'LIGHTBOX', material: '亚克力', unitPrice: 1 }),
    ).toMatchObject({
      code: 409,
      message: '「灯箱 · 亚克力」的价格已存在',
    });
    expect(
      await call('zhaolei', 'post', '/eAdAppr/price/add', { adType: 'WALL', material: '墙绘', unitPrice: 1 }),
    ).toEqual(FORBIDDEN);
    const quote = await post<{ unitPrice: string; areaSqm: string; quotedAmount: string }>(
      'zhaolei',
      '/eAdAppr/quote',
      {
        adType: 'STOREFRONT_SIGN',
        material: '喷绘布',
        widthM: 6,
        heightM: 1.5,
        quantity: 2,
      },
    );
    // 6 × 1.5 = 9 ㎡, × 2, × ¥120 = ¥2160.
    expect(quote).toEqual({ unitPrice: '120.00', areaSqm: '9.00', quotedAmount: '2160.00' });
    expect(
      await refused('zhaolei', '/eAdAppr/quote', {
        adType: 'UMBRELLA',
        material: '帆布',
        widthM: 1,
        heightM: 1,
        quantity: 1,
      }),
    ).toMatchObject({ code: 400, message: '价目表中没有「遮阳伞 · 帆布」的价格，请联系市场部维护' });
  });

  it('checks a draft: shares add up to 100, an outlet, photos and a design before submitting', async () => {
    expect(
      await refused('zhaolei', '/eAdAppr/add', {
        customerId: outlet,
        adType: 'STOREFRONT_SIGN',
        widthM: 6,
        heightM: 1.5,
        quantity: 1,
        material: '喷绘布',
        costSharing: { brand: 70, dealer: 20, outlet: 0 },
        keepMonths: 12,
      }),
    ).toMatchObject({ code: 400, message: '费用分摊比例合计须为 100%' });
    const bare = await draftOf({ beforePhotoIds: [], designFileId: null });
    expect(await refused('zhaolei', '/eAdAppr/submit', { id: bare.id })).toMatchObject({
      code: 400,
      message: '请先上传现场照（门头正面全景）',
    });
    // Another's draft is not theirs to submit.
    expect(await refused('zhangwei', '/eAdAppr/submit', { id: bare.id })).toMatchObject({ code: 403 });
    await post('zhaolei', '/eAdAppr/cancel', { id: bare.id, reason: '重新申请' });
    expect((await adOf(bare.id)).status).toBe('CANCELLED');
  });

  it('takes an ad from before photos through approval, production, a failed and a passed acceptance, to settlement', async () => {
    const draft = await draftOf();
    expect(draft.quotedAmount).toBe('1080.00');
    await post('zhaolei', '/eAdAppr/submit', { id: draft.id });
    // Below ¥5000: the office head alone.
    const todo = await get<Page<ApprovalRecord>>('zhangwei', '/approval/todo/list', { bizNo: draft.applyNo });
    const approval = await get<ApprovalDetail>('zhangwei', '/approval/queryById', { id: todo.records[0].id });
    expect(approval.flowName).toBe('广告申请审批（5000元以下）');
    expect(approval.summary.fields).toContainEqual({ label: '价目表单价', value: '¥120.00/㎡' });
    expect(approval.summary.fields).toContainEqual({
      label: '费用分摊',
      value: '品牌方 70%（¥756.00），经销商 30%（¥324.00）',
    });
    // The approver sees the photos of the application (the 审批中心 drawer reads them).
    const before = await get<unknown[]>('zhangwei', '/sys/attachment/list', {
      bizType: 'AD',
      bizId: draft.id,
    });
    expect(before).toHaveLength(2);
    expect(await refused('zhangwei', '/eAdAppr/produce', { id: draft.id, vendorName: '广州美印' })).toEqual(
      FORBIDDEN.body,
    );
    expect(
      await refused('admin', '/eAdAppr/produce', { id: draft.id, vendorName: '广州美印' }),
    ).toMatchObject({
      code: 409,
      message: '当前状态为「审批中」，不能安排制作',
    });
    await decide(draft.applyNo, 'zhangwei');
    expect(await adOf(draft.id)).toMatchObject({ status: 'APPROVED', approvedAmount: '1080.00' });

    await post('admin', '/eAdAppr/produce', {
      id: draft.id,
      vendorName: '广州美印广告',
      installDeadline: '2030-01-31',
    });
    expect(await refused('zhaolei', '/eAdAppr/accept', { id: draft.id, result: 'PASS' })).toMatchObject({
      code: 409,
      message: '当前状态为「制作中」，不能验收合格',
    });
    expect(await refused('admin', '/eAdAppr/install', { id: draft.id, photoIds: [] })).toMatchObject({
      code: 400,
    });
    await post('admin', '/eAdAppr/install', { id: draft.id, photoIds: [await photo('AD_AFTER')] });
    expect(await refused('zhaolei', '/eAdAppr/accept', { id: draft.id, result: 'FAIL' })).toMatchObject({
      code: 400,
      message: '验收不合格须填写原因',
    });
    await post('zhaolei', '/eAdAppr/accept', { id: draft.id, result: 'FAIL', remark: '店招文字错别字' });
    expect((await adOf(draft.id)).status).toBe('ACCEPT_FAILED');
    expect(await refused('admin', '/eAdAppr/settle', { id: draft.id, settledAmount: 1000 })).toMatchObject({
      code: 409,
    });
    await post('admin', '/eAdAppr/install', { id: draft.id, photoIds: [await photo('AD_AFTER')] });
    await post('zhaolei', '/eAdAppr/accept', { id: draft.id, result: 'PASS' });
    const accepted = await adOf(draft.id);
    expect(accepted).toMatchObject({ status: 'ACCEPTED', acceptanceResult: 'PASS' });
    expect(accepted.afterPhotoIds).toHaveLength(1);
    const inOneYear = new Date(Date.now() + 8 * 3_600_000);
    inOneYear.setUTCMonth(inOneYear.getUTCMonth() + 12);
    expect(accepted.keepUntil).toBe(inOneYear.toISOString().slice(0, 10));
    const keeping = await get<Page<{ id: string }>>('admin', '/eAdAppr/list', {
      inKeepPeriod: 'true',
      pageSize: '100',
    });
    expect(keeping.records.map((row) => row.id)).toContain(draft.id);

    expect(await call('zhaolei', 'post', '/eAdAppr/settle', { id: draft.id, settledAmount: 1 })).toEqual(
      FORBIDDEN,
    );
    expect(await refused('admin', '/eAdAppr/settle', { id: draft.id, settledAmount: 1080.01 })).toMatchObject(
      {
        code: 400,
        message: '结算金额不能超过核准金额 ¥1080.00',
      },
    );
    await post('admin', '/eAdAppr/settle', { id: draft.id, settledAmount: 1050 });
    expect(await adOf(draft.id)).toMatchObject({ status: 'SETTLED', settledAmount: '1050.00' });
    expect(await refused('zhaolei', '/eAdAppr/cancel', { id: draft.id })).toMatchObject({
      code: 409,
      message: '当前状态为「已结算」，不能撤销',
    });
    const history = await get<Array<{ content: string }>>('admin', '/sys/changeHistory/list', {
      bizType: 'AD_APPLICATION',
      bizId: draft.id,
    });
    expect(history.map((entry) => entry.content)).toEqual(
      expect.arrayContaining([expect.stringContaining('验收不合格'), expect.stringContaining('结算')]),
    );
  });

  it('sends a large ad to marketing as well, and lets a rejected one come back', async () => {
    const big = await draftOf({ adType: 'LIGHTBOX', material: '亚克力', widthM: 3, heightM: 2, quantity: 2 });
    expect(big.quotedAmount).toBe('9600.00');
    await post('zhaolei', '/eAdAppr/submit', { id: big.id });
    await decide(big.applyNo, 'zhangwei');
    expect((await adOf(big.id)).status).toBe('PENDING_APPROVAL');
    await decide(big.applyNo, 'admin', 'reject');
    expect((await adOf(big.id)).status).toBe('REJECTED');
    await post('zhaolei', '/eAdAppr/submit', { id: big.id });
    expect((await adOf(big.id)).status).toBe('PENDING_APPROVAL');
    await post('zhaolei', '/eAdAppr/cancel', { id: big.id });
    expect((await adOf(big.id)).status).toBe('CANCELLED');
  });

  it('keeps applications in their tenant and data scope', async () => {
    // zhaolei's scope is 广州: an outlet of 杭州 is not his to apply for.
    expect(
      await refused('zhaolei', '/eAdAppr/add', {
        customerId: hqOutlet,
        adType: 'STOREFRONT_SIGN',
        widthM: 1,
        heightM: 1,
        quantity: 1,
        material: '喷绘布',
        costSharing: { brand: 100, dealer: 0, outlet: 0 },
        keepMonths: 6,
      }),
    ).toMatchObject({ code: 404 });
    const draft = await draftOf();
    expect((await call('t2admin', 'get', `/eAdAppr/queryById?id=${draft.id}`)).body).toMatchObject({
      code: 404,
    });
    expect(
      (await call('t2admin', 'post', '/eAdAppr/produce', { id: draft.id, vendorName: 'x' })).body,
    ).toMatchObject({ code: 404 });
    const theirs = await get<Page<{ id: string }>>('t2admin', '/eAdAppr/list');
    expect(theirs.records.map((row) => row.id)).not.toContain(draft.id);
    expect(await call('wangfang', 'get', '/eAdAppr/list')).toEqual(FORBIDDEN);
    const exported = await bed.download('admin', `/eAdAppr/exportXls?applyNo=${draft.applyNo}`);
    expect(exported.status).toBe(200);
  });
});
