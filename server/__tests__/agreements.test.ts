// Agreements over HTTP (DOMAIN §1.8): templates published as immutable versions with a diff, an agreement
// rendering the same after its template changes, the cooperation agreement's state machine through the
// 审批中心 and the clock with every refusal, 续签, completion from real orders, 30天内到期, the PDF, and
// tenant isolation.
import type { Page } from '../../common/contract';
import type { ApprovalRecord } from '../../common/approvals';
import type {
  CoopAgreementDetail,
  CoopAgreementRecord,
  DiffLine,
  TemplateRecord,
  TemplateVersionRecord,
} from '../../common/agreements';
import { settleCoopByTime } from '../modules/agreements/coop';
import { blocksOf } from '../modules/agreements/pdf';
import { renderAgreement } from '../modules/agreements/render';
import { addDays } from '../modules/stock/stockAge';
import { testBackends } from './support/database';
import {
  type BusinessTestbed,
  type Caller,
  FORBIDDEN,
  ok,
  openBusinessTestbed,
  orderableGoods,
  type OrderableGoods,
  shanghaiToday,
} from './support/business';

const BODY_V1 =
  '<h2>合作协议</h2><p>甲方：{{partyA}}，乙方：{{partyB}}。</p><p>年度目标 {{annualTargetAmount}} 元，保证金 {{depositAmount}} 元。</p>' +
  '<table data-source="monthlyTargets"><tbody><tr><th><p>月份</p></th><th><p>目标</p></th></tr>' +
  '<tr><td><p>{{monthlyTargets.month}}</p></td><td><p>{{monthlyTargets.target}}</p></td></tr></tbody></table>' +
  '<p>专营品牌：{{brand}}</p>';

describe('renderAgreement', () => {
  it('fills the variables, escapes them, repeats a bound table row and blanks what is missing', () => {
    const html = renderAgreement(
      {
        bodyHtml: BODY_V1,
        variableSchema: [
          { name: 'annualTargetAmount', label: '年度目标', type: 'number' },
          { name: 'brand', label: '品牌', type: 'text' },
          {
            name: 'monthlyTargets',
            label: '月度目标',
            type: 'array',
            fields: [
              { name: 'month', label: '月份' },
              { name: 'target', label: '目标' },
            ],
          },
        ],
      },
      {
        partyA: '华润饮品',
        partyB: '<b>盛达</b>商贸',
        annualTargetAmount: 1200000,
        brand: null,
        monthlyTargets: [
          { month: '1月', target: 100 },
          { month: '2月', target: 200 },
        ],
      },
    );
    expect(html).toContain('乙方：&lt;b&gt;盛达&lt;/b&gt;商贸');
    expect(html).toContain('1,200,000');
    expect(html).toContain('保证金 ________ 元');
    expect(html).toContain('<td><p>1月</p></td><td><p>100</p></td></tr><tr><td><p>2月</p></td>');
    expect(html).toContain('专营品牌：________');
    const table = blocksOf(html).find((block) => block.kind === 'table');
    expect(table).toMatchObject({ rows: [expect.any(Array), expect.any(Array), expect.any(Array)] });
  });
});

describe.each(testBackends())('agreements on %s', (backend) => {
  let bed: BusinessTestbed;
  let goods: OrderableGoods;
  let templateId: string;
  const db = () => bed.testDatabase.database.db;
  const today = shanghaiToday();

  const template = (values: Record<string, unknown> = {}) => ({
    code: 'T-COOP',
    name: '经销合作协议',
    agreementType: 'COOPERATION',
    signMode: 'BOTH',
    bodyHtml: BODY_V1,
    variableSchema: [{ name: 'brand', label: '专营品牌', type: 'text', sample: '怡宝' }],
    ...values,
  });
  const agreement = (values: Record<string, unknown> = {}) => ({
    partyBCustomerId: goods.outletId,
    cooperationType: 'DISTRIBUTION',
    templateId,
    startDate: addDays(today, -10),
    endDate: addDays(today, 300),
    annualTargetAmount: 120000,
    monthlyTargets: Array.from({ length: 12 }, () => 10000),
    depositAmount: 50000,
    variableValues: { brand: '怡宝纯净水' },
    ...values,
  });
  const add = (values: Record<string, unknown> = {}) =>
    ok(bed.post<{ id: string; agreementNo: string }>('admin', '/eCoopAgrt/add', agreement(values)));
  const command = (path: string, body: Record<string, unknown>, caller: Caller = 'admin') =>
    bed.post<{ status: string }>(caller, `/eCoopAgrt/${path}`, body);
  const detail = (id: string) => ok(bed.get<CoopAgreementDetail>('admin', `/eCoopAgrt/queryById?id=${id}`));
  const decide = async (id: string, action: 'approve' | 'reject') => {
    const todo = await ok(bed.get<Page<ApprovalRecord>>('admin', '/approval/todo/list?pageSize=100'));
    const task = todo.records.find((record) => record.bizId === id);
    expect(task).toMatchObject({ bizType: 'COOP_AGREEMENT' });
    await ok(bed.post('admin', `/approval/${action}`, { taskId: task!.taskId, comment: '目标偏低' }));
  };
  const signed = async (values: Record<string, unknown> = {}) => {
    const { id } = await add(values);
    await ok(command('submit', { id }));
    await decide(id, 'approve');
    await ok(command('sign', { id }));
    return id;
  };

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
    goods = await orderableGoods(bed, 'admin', 'AGR', 'A01A02A01', 1);
    ({ id: templateId } = await ok(bed.post<{ id: string }>('admin', '/eAgrtTmpl/add', template())));
  }, 120_000);
  afterAll(() => bed.close());

  it('publishes immutable versions, lists them and diffs two of them', async () => {
    const unknownVariable = await bed.post('admin', '/eAgrtTmpl/add', {
      ...template({ code: 'T-BAD', bodyHtml: '<p>{{nobody}}</p>' }),
    });
    const bad = unknownVariable.body as { result: { id: string } };
    const refused = await bed.post('admin', '/eAgrtTmpl/publish', { id: bad.result.id });
    expect(refused.body).toMatchObject({
      success: false,
      code: 400,
      message: expect.stringContaining('nobody'),
    });

    const preview = await ok(
      bed.post<{ html: string }>('admin', '/eAgrtTmpl/preview', {
        agreementType: 'COOPERATION',
        bodyHtml: BODY_V1,
        variableSchema: template().variableSchema,
      }),
    );
    expect(preview.html).toContain('专营品牌：怡宝');
    expect(preview.html).toContain('月份1');

    expect(await ok(bed.post('admin', '/eAgrtTmpl/publish', { id: templateId }))).toMatchObject({
      version: 1,
    });
    const record = await ok(bed.get<TemplateRecord>('admin', `/eAgrtTmpl/queryById?id=${templateId}`));
    expect(record).toMatchObject({ status: 'PUBLISHED', currentVersion: 1, draftChanged: false });
    const list = await ok(bed.get<Page<TemplateRecord>>('admin', '/eAgrtTmpl/list?name=*经销*'));
    expect(list.records.map((each) => each.id)).toContain(templateId);
    expect((await bed.post('admin', '/eAgrtTmpl/add', template({ name: '重复' }))).body).toMatchObject({
      success: false,
      code: 409,
    });
    // Script is cleaned out of the body.
    await ok(
      bed.post('admin', '/eAgrtTmpl/edit', {
        ...template({ bodyHtml: `${BODY_V1}<script>alert(1)</script>` }),
        id: templateId,
      }),
    );
    expect(
      (await ok(bed.get<TemplateRecord>('admin', `/eAgrtTmpl/queryById?id=${templateId}`))).bodyHtml,
    ).not.toContain('script');
  });

  it('renders an agreement as it was made after the template publishes a new version', async () => {
    const { id } = await add();
    const before = await ok(bed.get<{ html: string }>('admin', `/eCoopAgrt/content?id=${id}`));
    expect(before.html).toContain('专营品牌：怡宝纯净水');
    expect(before.html).toContain('120,000');

    await ok(
      bed.post('admin', '/eAgrtTmpl/edit', {
        ...template({
          bodyHtml: BODY_V1.replace('专营品牌', '授权品牌').replace('<h2>合作协议</h2>', '<h2>新版协议</h2>'),
        }),
        id: templateId,
      }),
    );
    expect(await ok(bed.post('admin', '/eAgrtTmpl/publish', { id: templateId }))).toMatchObject({
      version: 2,
    });
    const after = await ok(bed.get<{ html: string }>('admin', `/eCoopAgrt/content?id=${id}`));
    expect(after.html).toBe(before.html);
    expect((await detail(id)).templateVersion).toBe(1);
    // A new agreement takes the new version.
    const { id: newer } = await add();
    expect((await detail(newer)).templateVersion).toBe(2);

    const versions = await ok(
      bed.get<TemplateVersionRecord[]>('admin', `/eAgrtTmpl/versions?id=${templateId}`),
    );
    expect(versions.map((each) => each.version)).toEqual([2, 1]);
    const diff = await ok(bed.get<DiffLine[]>('admin', `/eAgrtTmpl/diff?id=${templateId}&from=1&to=2`));
    expect(diff).toEqual(
      expect.arrayContaining([
        { kind: 'removed', text: '合作协议' },
        { kind: 'added', text: '新版协议' },
        { kind: 'removed', text: '专营品牌：{{brand}}' },
        { kind: 'added', text: '授权品牌：{{brand}}' },
      ]),
    );
    expect(diff.filter((line) => line.kind === 'same').length).toBeGreaterThan(2);

    const pdf = await bed.download('admin', `/eCoopAgrt/pdf?id=${id}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(pdf.body);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The Chinese font is embedded (a subset) with its map back to the text.
    expect(bytes.includes('/FontFile2')).toBe(true);
    expect(bytes.includes('/ToUnicode')).toBe(true);
  });

  it('moves through the states of §1.8 and refuses what the state does not allow', async () => {
    const { id, agreementNo } = await add();
    expect(agreementNo).toMatch(/^CA\d{12}$/);
    for (const [path, body] of [
      ['sign', { id }],
      ['terminate', { id, reason: '测试' }],
      ['renew', { id }],
    ] as const) {
      expect((await command(path, body)).body).toMatchObject({ success: false, code: 409 });
    }
    await ok(command('submit', { id }));
    expect(await detail(id)).toMatchObject({ status: 'PENDING_APPROVAL' });
    expect((await bed.post('admin', '/eCoopAgrt/edit', { ...agreement(), id })).body).toMatchObject({
      success: false,
      code: 409,
    });
    expect((await command('submit', { id })).body).toMatchObject({ success: false, code: 409 });
    await decide(id, 'reject');
    expect(await detail(id)).toMatchObject({ status: 'REJECTED' });
    await ok(bed.post('admin', '/eCoopAgrt/edit', { ...agreement({ depositAmount: 80000 }), id }));
    await ok(command('submit', { id }));
    await decide(id, 'approve');
    expect(await detail(id)).toMatchObject({ status: 'APPROVED', depositAmount: 80000 });
    expect((await command('terminate', { id, reason: '  ' })).body).toMatchObject({ success: false });
    // Started ten days ago: signing makes it ACTIVE at once, with the PDF snapshot kept.
    expect(await ok(command('sign', { id, signedAt: today }))).toMatchObject({ status: 'ACTIVE' });
    const active = await detail(id);
    expect(active).toMatchObject({
      status: 'ACTIVE',
      snapshotFileId: expect.any(String),
      signedAt: expect.any(String),
    });
    expect((await command('sign', { id })).body).toMatchObject({ success: false, code: 409 });
    await ok(command('terminate', { id, reason: '乙方严重窜货' }));
    const terminated = await detail(id);
    expect(terminated).toMatchObject({ status: 'TERMINATED', terminationReason: '乙方严重窜货' });
    expect(terminated.history.map((event) => event.action)).toEqual([
      'CREATE',
      'SUBMIT',
      'REJECT',
      'EDIT',
      'SUBMIT',
      'APPROVE',
      'SIGN',
      'ACTIVATE',
      'TERMINATE',
    ]);
    expect((await command('renew', { id })).body).toMatchObject({ success: false, code: 409 });
    // Bad input is a 400 in Chinese.
    expect(
      (await bed.post('admin', '/eCoopAgrt/add', agreement({ endDate: addDays(today, -20) }))).body,
    ).toMatchObject({
      success: false,
      code: 400,
      message: '结束日期须不早于开始日期',
    });
    expect(
      (await bed.post('admin', '/eCoopAgrt/add', agreement({ monthlyTargets: [1, 2] }))).body,
    ).toMatchObject({
      success: false,
      code: 400,
    });
  });

  it('activates and expires by the clock, renews into a linked agreement once, and filters 30天内到期', async () => {
    const future = await signed({ startDate: addDays(today, 5), endDate: addDays(today, 20) });
    expect(await detail(future)).toMatchObject({ status: 'SIGNED', daysToEnd: 20 });
    const expiring = await ok(
      bed.get<Page<CoopAgreementRecord>>('admin', '/eCoopAgrt/list?expiringWithin30=true&pageSize=100'),
    );
    expect(expiring.records.map((each) => each.id)).toContain(future);
    expect(expiring.records.every((each) => each.daysToEnd >= 0 && each.daysToEnd <= 30)).toBe(true);

    await db()
      .updateTable('coop_agreements')
      .set({ start_date: addDays(today, -400), end_date: addDays(today, -35) })
      .where('id', '=', future)
      .execute();
    await settleCoopByTime(db(), null);
    expect(await detail(future)).toMatchObject({ status: 'EXPIRED' });

    // Two 续签 at once: one wins, the other gets 409 and makes nothing.
    const answers = await Promise.all(
      [1, 2].map(() => bed.post<{ renewedId: string }>('admin', '/eCoopAgrt/renew', { id: future })),
    );
    expect(answers.filter((answer) => answer.body.success)).toHaveLength(1);
    expect(answers.find((answer) => !answer.body.success)?.body).toMatchObject({ code: 409 });
    const renewed = answers.find((answer) => answer.body.success)!.body.result;
    const renewals = await db()
      .selectFrom('coop_agreements')
      .select('id')
      .where('previous_agreement_id', '=', future)
      .execute();
    expect(renewals).toHaveLength(1);
    expect(await detail(future)).toMatchObject({ status: 'RENEWED', renewedById: renewed.renewedId });
    expect(await detail(renewed.renewedId)).toMatchObject({
      status: 'DRAFT',
      previousAgreementId: future,
      startDate: addDays(today, -34),
      depositAmount: 50000,
    });
    expect((await command('renew', { id: future })).body).toMatchObject({ success: false, code: 409 });
  });

  it('computes completion from the party’s real orders within the period', async () => {
    const id = await signed();
    const before = await detail(id);
    const placed = await bed.post<{ id: string }>('admin', '/eOrder/eOrder/add', {
      buyerId: goods.outletId,
      paymentMethod: 'COD',
      lines: [{ skuId: goods.skuId, cases: 5 }],
    });
    expect(placed.body).toMatchObject({ success: true });
    const after = await detail(id);
    expect(after.achievedAmount - before.achievedAmount).toBe(240);
    expect(after.completionRate).toBeCloseTo(after.achievedAmount / 120000, 4);
    const month = Number(today.slice(5, 7));
    expect(after.monthly[month - 1].achieved).toBeGreaterThanOrEqual(240);
    const byCustomer = await ok(
      bed.get<Page<CoopAgreementRecord>>(
        'admin',
        `/eCoopAgrt/list?partyBCustomerId=${goods.outletId}&column=endDate&order=asc&pageSize=100`,
      ),
    );
    expect(byCustomer.records.map((each) => each.id)).toContain(id);
    expect(byCustomer.records.every((each) => each.partyBCustomerId === goods.outletId)).toBe(true);
  });

  it('keeps agreements and templates to their tenant and to the permitted', async () => {
    const { id } = await add();
    expect((await bed.get('t2admin', `/eCoopAgrt/queryById?id=${id}`)).body).toMatchObject({ code: 404 });
    expect((await bed.get('t2admin', `/eAgrtTmpl/queryById?id=${templateId}`)).body).toMatchObject({
      code: 404,
    });
    expect((await bed.post('t2admin', '/eCoopAgrt/submit', { id })).body).toMatchObject({ code: 404 });
    expect((await bed.post('t2admin', '/eAgrtTmpl/publish', { id: templateId })).body).toMatchObject({
      code: 404,
    });
    const other = await ok(bed.get<Page<CoopAgreementRecord>>('t2admin', '/eCoopAgrt/list'));
    expect(other.records.map((each) => each.id)).not.toContain(id);
    // t2admin cannot make an agreement of tenant A's customer or from its template.
    expect((await bed.post('t2admin', '/eCoopAgrt/add', agreement())).body).toMatchObject({
      success: false,
      code: 400,
    });
    expect(await bed.get('wangfang', '/eCoopAgrt/list')).toMatchObject(FORBIDDEN);
    expect(await bed.post('wangfang', '/eAgrtTmpl/add', template({ code: 'X' }))).toMatchObject(FORBIDDEN);
  });
});
