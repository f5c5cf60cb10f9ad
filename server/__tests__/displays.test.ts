// 陈列方案 / 陈列协议 / 陈列检核 / 陈列兑付 (issue #19, DOMAIN §1.8) on both back ends: every transition and guard
// of the policy and the agreement, the budget under concurrent signing, the inspections suspending and resuming an
// agreement, the review, the monthly payment with hand-worked amounts for each result, the payout batch, the
// clock, the zip and tenant isolation.
import { setTimeout as delay } from 'node:timers/promises';
import JSZip from 'jszip';
import sharp from 'sharp';
import type { Page } from '../../common/contract';
import type { ApprovalRecord } from '../../common/approvals';
import type { JobRecord, QueuedExport } from '../../common/jobs';
import { stableId } from '../db/ids';
import { runAgreementClock } from '../modules/displays/agreements';
import { lastDayOfPeriod } from '../../common/displays';
import {
  computeDisplayPayments,
  creditPayout,
  previousPeriod,
  runDisplayMonth,
} from '../modules/displays/payments';
import { coinBalanceOf, fundBalanceOf } from '../modules/funds/ledger';
import { testBackends } from './support/database';
import {
  FORBIDDEN,
  ok,
  openBusinessTestbed,
  queryString,
  shanghaiToday,
  type BusinessTestbed,
  type Caller,
} from './support/business';

interface Policy {
  id: string;
  status: string;
  signedOutlets: number;
  signedAmount: string;
  remainingBudget: string;
}

interface Agreement {
  id: string;
  agreementNo: string;
  status: string;
  consecutiveFails: number;
  months: Array<{ period: string; inspections: Array<{ result: string }> }>;
  schedule: Array<{ period: string; periods: string[]; dueDate: string; payment: Payment | null }>;
  inspections: Array<{ id: string; result: string; reviewStatus: string; photos: Array<{ id: string }> }>;
  signPhotos: Array<{ id: string }>;
  standardPhoto: { id: string } | null;
}

interface Payment {
  id: string;
  period: string;
  agreementId: string;
  baseAmount: string;
  deductionAmount: string;
  payableAmount: string;
  status: string;
  batchNo: string | null;
}

const thisPeriod = shanghaiToday().slice(0, 7);
const lastPeriod = previousPeriod(thisPeriod);
// The calendar quarter before this one (p1, p2, p3) and this one's first and last month.
const quarterStart = (() => {
  const [year, month] = thisPeriod.split('-').map(Number);
  return `${year}-${String(Math.floor((month - 1) / 3) * 3 + 1).padStart(2, '0')}`;
})();
const thisQuarter = [0, 1, 2].map(
  (offset) => `${quarterStart.slice(0, 5)}${String(Number(quarterStart.slice(5)) + offset).padStart(2, '0')}`,
);
const quarterEnd = thisQuarter[2];
const p3 = previousPeriod(quarterStart);
const p2 = previousPeriod(p3);
const p1 = previousPeriod(p2);
const nextPeriod = (() => {
  const [year, month] = thisPeriod.split('-').map(Number);
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
})();

describe.each(testBackends())('display agreements on %s', (backend) => {
  let bed: BusinessTestbed;
  let png: ArrayBuffer;
  let outlets: Array<{ id: string; name: string }>;
  let outletIndex = 0;
  const nextOutlet = () => outlets[outletIndex++];

  const get = <T>(caller: Caller, path: string, query: Record<string, string> = {}) =>
    ok(bed.get<T>(caller, `${path}${queryString(query)}`));
  const post = <T = { id: string }>(caller: Caller, path: string, body: unknown) =>
    ok(bed.post<T>(caller, path, body));
  const refusal = async (caller: Caller, path: string, body: unknown) =>
    (await bed.post(caller, path, body)).body;

  const photo = async (kind = 'DISPLAY') =>
    (
      await ok(
        bed.upload<{ id: string }>('admin', '/sys/attachment/upload', '陈列.png', png, {
          bizType: 'DISPLAY_AGREEMENT',
          kind,
        }),
      )
    ).id;

  const policyInput = (overrides: Record<string, unknown> = {}) => ({
    name: `测试陈列方案${backend}`,
    costType: 'DISPLAY_FEE',
    orgCode: 'A01A02',
    startDate: `${previousPeriod(lastPeriod)}-01`,
    endDate: `${Number(thisPeriod.slice(0, 4)) + 1}-12-31`,
    displayTypes: ['SHELF', 'END_CAP', 'FLOOR_STACK'],
    standard: { minFacings: 6, minLayers: 2, position: '黄金层' },
    totalBudget: 100000,
    perOutletCap: 12000,
    maxOutlets: 50,
    partialRatio: 0.3,
    inspectionFrequency: 'MONTHLY',
    paymentModes: ['CASH', 'ORDER_DEDUCT', 'COINS'],
    ...overrides,
  });
  const activePolicy = async (overrides: Record<string, unknown> = {}) => {
    const { id } = await post('admin', '/esdh/policy/add', policyInput(overrides));
    await post('admin', '/esdh/policy/submit', { id });
    await post('admin', '/esdh/policy/approve', { id });
    return id;
  };
  const policyOf = (id: string) => get<Policy>('admin', '/esdh/policy/queryById', { id });

  const agreementInput = (policyId: string, customerId: string, overrides: Record<string, unknown> = {}) => ({
    policyId,
    customerId,
    startDate: `${lastPeriod}-01`,
    endDate: `${nextPeriod}-28`,
    displayType: 'SHELF',
    locationDesc: '收银台左侧第二组货架',
    feeType: 'CASH',
    monthlyFee: 1000,
    paymentCycle: 'MONTHLY',
    ...overrides,
  });
  const draft = (policyId: string, overrides: Record<string, unknown> = {}, customerId = nextOutlet().id) =>
    post<{ id: string; agreementNo: string; totalFee: string }>(
      'admin',
      '/esdh/add',
      agreementInput(policyId, customerId, overrides),
    );
  const agreementOf = (id: string, caller: Caller = 'admin') => get<Agreement>(caller, '/esdh/info', { id });
  /** The pending task of the agreement's approval, decided by `caller`. */
  const decide = async (agreementNo: string, decision: 'approve' | 'reject', caller: Caller = 'zhangwei') => {
    const todo = await get<Page<ApprovalRecord>>(caller, '/approval/todo/list', { bizNo: agreementNo });
    expect(todo.records).toHaveLength(1);
    return post(caller, `/approval/${decision}`, { taskId: todo.records[0].taskId, comment: '测试' });
  };
  /** A draft submitted, approved and signed: ACTIVE (its start is last month). */
  const active = async (policyId: string, overrides: Record<string, unknown> = {}) => {
    const created = await draft(policyId, overrides);
    await post('admin', '/esdh/submit', { id: created.id });
    await decide(created.agreementNo, 'approve');
    await post('admin', '/esdh/sign', { id: created.id, photoIds: [await photo('DISPLAY_SIGNED')] });
    return created;
  };
  const inspect = async (agreementId: string, result: string, period = thisPeriod) =>
    post<{ id: string; agreementStatus: string }>('admin', '/esdh/inspection/add', {
      agreementId,
      period,
      result,
      photoIds: [await photo()],
      facingsCounted: 6,
    });

  /** The files of a zip by name (its folders left out), with their bytes. */
  const entriesOf = async (body: ArrayBuffer) => {
    const archive = await JSZip.loadAsync(body);
    const files = Object.values(archive.files).filter((file) => !file.dir);
    return Object.fromEntries(
      await Promise.all(files.map(async (file) => [file.name, await file.async('nodebuffer')] as const)),
    );
  };
  const answerOf = (download: { body: ArrayBuffer }) =>
    JSON.parse(Buffer.from(download.body).toString()) as { success: boolean; code: number; message: string };

  beforeAll(async () => {
    // Zips of more than two photos go to 下载中心.
    bed = await openBusinessTestbed(backend, { jobs: { zipThreshold: 2, pollIntervalMs: 100 } });
    const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    png = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    const { db } = bed.testDatabase.database;
    outlets = await db
      .selectFrom('customers')
      .select(['id', 'name'])
      .where('tenant_id', '=', 'A01')
      .where('customer_type', '=', 'OUTLET')
      .where('org_code', '=', 'A01A02A01')
      .where('status', '=', 'ACTIVE')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('display_agreements').select('id').whereRef('customer_id', '=', 'customers.id'),
          ),
        ),
      )
      .orderBy('customer_code')
      .limit(34)
      .execute();
    expect(outlets.length).toBe(34);
  });
  afterAll(() => bed.close());

  it('takes a policy through its states, with its burn-down, and refuses bad input and the unentitled', async () => {
    expect(await refusal('admin', '/esdh/policy/add', policyInput({ perOutletCap: 200000 }))).toMatchObject({
      code: 400,
      message: '单店上限不能超过总预算',
    });
    expect(
      await refusal(
        'admin',
        '/esdh/policy/add',
        policyInput({ startDate: '2030-01-01', endDate: '2029-01-01' }),
      ),
    ).toMatchObject({ code: 400, message: '执行期结束日期不能早于开始日期' });
    expect(await refusal('admin', '/esdh/policy/add', policyInput({ orgCode: 'Z99' }))).toMatchObject({
      code: 400,
      message: '适用组织不存在',
    });
    expect(await bed.post('zhangwei', '/esdh/policy/add', policyInput())).toEqual(FORBIDDEN);

    const { id } = await post('admin', '/esdh/policy/add', policyInput());
    expect((await policyOf(id)).status).toBe('DRAFT');
    await ok(bed.put('admin', '/esdh/policy/edit', { id, ...policyInput({ totalBudget: 90000 }) }));
    expect(await refusal('admin', '/esdh/policy/approve', { id })).toMatchObject({
      code: 409,
      message: '当前状态为「草稿」，不能批准',
    });
    await post('admin', '/esdh/policy/submit', { id });
    // An edit is for drafts only.
    expect((await bed.put('admin', '/esdh/policy/edit', { id, ...policyInput() })).body).toMatchObject({
      code: 404,
    });
    await post('admin', '/esdh/policy/reject', { id });
    await post('admin', '/esdh/policy/submit', { id });
    await post('admin', '/esdh/policy/approve', { id });
    const policy = await policyOf(id);
    expect(policy).toMatchObject({ status: 'ACTIVE', signedOutlets: 0, remainingBudget: '90000.00' });
    await post('admin', '/esdh/policy/close', { id });
    expect((await policyOf(id)).status).toBe('CLOSED');
    // A closed policy takes no agreement.
    const created = await draft(id);
    expect(await refusal('admin', '/esdh/submit', { id: created.id })).toMatchObject({ code: 409 });
  });

  it('guards an agreement: display type, fee form, per-outlet cap, term, outlet, budget and outlets left', async () => {
    const policyId = await activePolicy({ totalBudget: 5000, perOutletCap: 3000, maxOutlets: 2 });
    const outlet = nextOutlet().id;
    const refused = (overrides: Record<string, unknown>) =>
      refusal('admin', '/esdh/add', agreementInput(policyId, outlet, overrides));
    expect(await refused({ displayType: 'FREEZER' })).toMatchObject({
      code: 400,
      message: '方案不含陈列形式「冰柜」',
    });
    expect(await refused({ feeType: 'GOODS' })).toMatchObject({
      code: 400,
      message: '方案不支持兑付方式「货补」',
    });
    // 3 months × 1500 = 4500 over the cap of 3000.
    expect(await refused({ monthlyFee: 1500 })).toMatchObject({
      code: 400,
      message: '总费用 4500.00 元超过方案单店上限 3000.00 元',
    });
    expect(await refused({ startDate: '2000-01-01' })).toMatchObject({ code: 400 });
    expect(await refused({ monthlyFee: -1 })).toMatchObject({ code: 400 });
    // A dealer is not an outlet.
    const { db } = bed.testDatabase.database;
    const dealer = await db
      .selectFrom('customers')
      .select('id')
      .where('tenant_id', '=', 'A01')
      .where('customer_type', '=', 'DEALER')
      .executeTakeFirstOrThrow();
    expect(await refusal('admin', '/esdh/add', agreementInput(policyId, dealer.id))).toMatchObject({
      code: 400,
      message: '陈列协议只能与门店签订',
    });

    // 3 months × 900 = 2700 each: the first signs, the second no longer fits the budget of 5000.
    const first = await active(policyId, { monthlyFee: 900 });
    expect((await agreementOf(first.id)).status).toBe('ACTIVE');
    expect(await policyOf(policyId)).toMatchObject({ signedOutlets: 1, signedAmount: '2700.00' });
    const second = await draft(policyId, { monthlyFee: 900 });
    expect(await refusal('admin', '/esdh/submit', { id: second.id })).toMatchObject({
      code: 409,
      message: `陈列方案「测试陈列方案${backend}」预算不足：剩余 2300.00 元`,
    });
    const third = await draft(policyId, { monthlyFee: 500 });
    await post('admin', '/esdh/submit', { id: third.id });
    await decide(third.agreementNo, 'approve');
    await post('admin', '/esdh/sign', { id: third.id, photoIds: [await photo()] });
    // Two outlets of two: the cap is reached.
    const fourth = await draft(policyId, { monthlyFee: 100 });
    expect(await refusal('admin', '/esdh/submit', { id: fourth.id })).toMatchObject({
      code: 409,
      message: `陈列方案「测试陈列方案${backend}」的门店数已满（2 家）`,
    });
  });

  it('refuses a second living agreement of a display type at an outlet, and allows another type', async () => {
    const policyId = await activePolicy();
    const outlet = nextOutlet().id;
    const first = await draft(policyId, {}, outlet);
    await post('admin', '/esdh/submit', { id: first.id });
    const twin = await draft(policyId, {}, outlet);
    expect(await refusal('admin', '/esdh/submit', { id: twin.id })).toMatchObject({
      code: 409,
      message: `该门店已有同一陈列形式的有效陈列协议（${first.agreementNo}）`,
    });
    const endCap = await draft(policyId, { displayType: 'END_CAP' }, outlet);
    await post('admin', '/esdh/submit', { id: endCap.id });
    // Rejected, the first frees the type: the twin may go now.
    await decide(first.agreementNo, 'reject');
    expect((await agreementOf(first.id)).status).toBe('REJECTED');
    await post('admin', '/esdh/submit', { id: twin.id });
    // A rejected one is edited and submitted again — here it meets the twin.
    await ok(
      bed.put('admin', '/esdh/edit', {
        id: first.id,
        ...agreementInput(policyId, outlet, { monthlyFee: 800 }),
      }),
    );
    expect(await refusal('admin', '/esdh/submit', { id: first.id })).toMatchObject({ code: 409 });
  });

  it('routes a large agreement through the head and then the administrators, and signs it with a photo', async () => {
    const policyId = await activePolicy();
    // 3 × 4000 = 12000: 1万元及以上.
    const created = await draft(policyId, { monthlyFee: 4000 });
    expect(created.totalFee).toBe('12000.00');
    await post('admin', '/esdh/submit', { id: created.id });
    expect(await refusal('admin', '/esdh/sign', { id: created.id, photoIds: [await photo()] })).toMatchObject(
      {
        code: 409,
        message: '陈列协议当前为「待审批」，不能签署',
      },
    );
    await decide(created.agreementNo, 'approve', 'zhangwei');
    expect((await agreementOf(created.id)).status).toBe('PENDING_APPROVAL');
    await decide(created.agreementNo, 'approve', 'admin');
    expect((await agreementOf(created.id)).status).toBe('APPROVED');
    // A photo must be given, and one of another agreement is refused.
    expect((await bed.post('admin', '/esdh/sign', { id: created.id, photoIds: [] })).body).toMatchObject({
      code: 400,
    });
    const signed = await photo('DISPLAY_SIGNED');
    await post('admin', '/esdh/sign', { id: created.id, photoIds: [signed] });
    const detail = await agreementOf(created.id);
    expect(detail.status).toBe('ACTIVE');
    expect(detail.signPhotos.map((each) => each.id)).toEqual([signed]);
    expect(detail.months.map((month) => month.period)).toEqual([lastPeriod, thisPeriod, nextPeriod]);
    expect(await policyOf(policyId)).toMatchObject({ signedOutlets: 1, signedAmount: '12000.00' });
  });

  it('never overdraws a small budget when many sign at once', async () => {
    // Budget for exactly three of eight agreements of 3 × 400 = 1200.
    const policyId = await activePolicy({ totalBudget: 3600, perOutletCap: 1200 });
    const approved = [];
    for (let index = 0; index < 8; index += 1) {
      const created = await draft(policyId, { monthlyFee: 400 });
      await post('admin', '/esdh/submit', { id: created.id });
      await decide(created.agreementNo, 'approve');
      approved.push({ ...created, photoId: await photo() });
    }
    const answers = await Promise.all(
      approved.map((each) => bed.post('admin', '/esdh/sign', { id: each.id, photoIds: [each.photoId] })),
    );
    const signed = answers.filter((answer) => answer.body.success);
    expect(signed).toHaveLength(3);
    for (const answer of answers.filter((each) => !each.body.success))
      expect(answer.body).toMatchObject({ code: 409 });
    expect(await policyOf(policyId)).toMatchObject({
      signedOutlets: 3,
      signedAmount: '3600.00',
      remainingBudget: '0.00',
    });
    const statuses = await Promise.all(approved.map(async (each) => (await agreementOf(each.id)).status));
    expect(statuses.filter((status) => status === 'ACTIVE')).toHaveLength(3);
    expect(statuses.filter((status) => status === 'APPROVED')).toHaveLength(5);
  });

  it('suspends an agreement after a FAIL and resumes it after a PASS; reviews keep or change a result', async () => {
    const policyId = await activePolicy();
    const created = await active(policyId);
    expect(
      await refusal('admin', '/esdh/inspection/add', {
        agreementId: created.id,
        result: 'PASS',
        photoIds: [],
      }),
    ).toMatchObject({ code: 400 });
    expect(
      await refusal('admin', '/esdh/inspection/add', {
        agreementId: created.id,
        period: '2001-01',
        result: 'PASS',
        photoIds: [await photo()],
      }),
    ).toMatchObject({ code: 400, message: '检核月份 2001-01 不在陈列期内' });

    const failed = await inspect(created.id, 'FAIL', lastPeriod);
    expect(failed.agreementStatus).toBe('SUSPENDED');
    expect((await agreementOf(created.id)).consecutiveFails).toBe(1);
    const notFound = await inspect(created.id, 'NOT_FOUND');
    expect(notFound.agreementStatus).toBe('SUSPENDED');
    expect((await agreementOf(created.id)).consecutiveFails).toBe(2);
    const passed = await inspect(created.id, 'PASS');
    expect(passed.agreementStatus).toBe('ACTIVE');
    expect((await agreementOf(created.id)).consecutiveFails).toBe(0);

    // 维持, then the same inspection cannot be reviewed again.
    await post('zhangwei', '/esdh/inspection/review', { id: failed.id, decision: 'CONFIRM' });
    expect(
      await refusal('zhangwei', '/esdh/inspection/review', { id: failed.id, decision: 'CONFIRM' }),
    ).toMatchObject({
      code: 409,
      message: '该检核已复核',
    });
    // 改判 needs a different result and a reason; the PASS overturned to FAIL suspends the agreement again.
    expect(
      await refusal('zhangwei', '/esdh/inspection/review', {
        id: passed.id,
        decision: 'OVERTURN',
        result: 'PASS',
        remark: 'x',
      }),
    ).toMatchObject({ code: 400 });
    const overturned = await post<{ agreementStatus: string }>('zhangwei', '/esdh/inspection/review', {
      id: passed.id,
      decision: 'OVERTURN',
      result: 'FAIL',
      remark: '照片为上月翻拍',
    });
    expect(overturned.agreementStatus).toBe('SUSPENDED');
    const queue = await get<Page<{ id: string; originalResult: string; result: string }>>(
      'admin',
      '/esdh/inspection/list',
      { agreementId: created.id, reviewStatus: 'OVERTURNED' },
    );
    expect(queue.records).toEqual([
      expect.objectContaining({ id: passed.id, originalResult: 'PASS', result: 'FAIL' }),
    ]);
    // wangfang (业务代表) has no display permission at all.
    expect(
      await bed.post('wangfang', '/esdh/inspection/review', { id: notFound.id, decision: 'CONFIRM' }),
    ).toEqual(FORBIDDEN);
    const detail = await agreementOf(created.id);
    expect(detail.inspections).toHaveLength(3);
    expect(detail.months[0].inspections.map((each) => each.result)).toEqual(['FAIL']);
  });

  it('computes the month’s payment by the reviewed result: PASS, PARTIAL, FAIL, NOT_FOUND, unreviewed, held', async () => {
    const policyId = await activePolicy({ partialRatio: 0.3 });
    const fee = { monthlyFee: 1234.56 };
    const agreements: Record<string, { id: string }> = {};
    for (const name of ['pass', 'partial', 'fail', 'notFound', 'unreviewed', 'held'])
      agreements[name] = await active(policyId, fee);
    const reviewed = async (agreementId: string, result: string) => {
      const { id } = await inspect(agreementId, result, lastPeriod);
      await post('zhangwei', '/esdh/inspection/review', { id, decision: 'CONFIRM' });
    };
    await reviewed(agreements.pass.id, 'PASS');
    await reviewed(agreements.partial.id, 'PARTIAL');
    await reviewed(agreements.fail.id, 'FAIL');
    await reviewed(agreements.notFound.id, 'NOT_FOUND');
    await inspect(agreements.unreviewed.id, 'PASS', lastPeriod);
    await reviewed(agreements.held.id, 'PARTIAL');
    // This month's FAIL suspends it: last month's PARTIAL payment is held.
    await inspect(agreements.held.id, 'FAIL');

    expect(await bed.post('zhangwei', '/esdh/payment/calculate', { period: lastPeriod })).toEqual(FORBIDDEN);
    expect(await refusal('admin', '/esdh/payment/calculate', { period: '2026-13' })).toMatchObject({
      code: 400,
    });
    await post('admin', '/esdh/payment/calculate', { period: lastPeriod });
    const payments = await get<Page<Payment>>('admin', '/esdh/payment/list', {
      period: lastPeriod,
      pageSize: '200',
    });
    const of = (name: string) => payments.records.find((each) => each.agreementId === agreements[name].id);
    // 1234.56 × 0.3 = 370.368 → 370.37 deducted, 864.19 payable.
    expect(of('pass')).toMatchObject({
      baseAmount: '1234.56',
      deductionAmount: '0.00',
      payableAmount: '1234.56',
      status: 'PENDING_PAY',
    });
    expect(of('partial')).toMatchObject({
      deductionAmount: '370.37',
      payableAmount: '864.19',
      status: 'PENDING_PAY',
    });
    expect(of('fail')).toMatchObject({
      deductionAmount: '1234.56',
      payableAmount: '0.00',
      status: 'DEDUCTED',
    });
    expect(of('notFound')).toMatchObject({
      deductionAmount: '1234.56',
      payableAmount: '0.00',
      status: 'DEDUCTED',
    });
    expect(of('unreviewed')).toMatchObject({ deductionAmount: '0.00', status: 'PENDING_CALC' });
    expect(of('held')).toMatchObject({ deductionAmount: '370.37', payableAmount: '864.19', status: 'HELD' });

    // The batch: the two payable ones paid under one number; a second run leaves paid ones alone.
    const summary = await get<{ states: Array<{ status: string; count: number }> }>(
      'admin',
      '/esdh/payment/summary',
      {
        period: lastPeriod,
      },
    );
    expect(summary.states.find((each) => each.status === 'DEDUCTED')?.count).toBeGreaterThanOrEqual(2);
    const ids = [of('pass')!.id, of('partial')!.id];
    const batch = await post<{ batchNo: string; count: number; amount: string }>(
      'admin',
      '/esdh/payment/markPaid',
      {
        period: lastPeriod,
        ids,
        voucherNo: 'PZ-001',
      },
    );
    expect(batch).toMatchObject({ count: 2, amount: '2098.75' });
    expect(
      await refusal('admin', '/esdh/payment/markPaid', { period: lastPeriod, ids, voucherNo: 'PZ-002' }),
    ).toMatchObject({
      code: 409,
    });
    // The unreviewed one is reviewed later: the next run prices it; the paid ones stay paid.
    const pending = await get<Page<{ id: string }>>('admin', '/esdh/inspection/list', {
      agreementId: agreements.unreviewed.id,
      reviewStatus: 'PENDING',
    });
    await post('zhangwei', '/esdh/inspection/review', {
      id: pending.records[0].id,
      decision: 'OVERTURN',
      result: 'PARTIAL',
      remark: '缺少两个排面',
    });
    await computeDisplayPayments(bed.testDatabase.database.db, 'A01', lastPeriod);
    const again = await get<Page<Payment>>('admin', '/esdh/payment/list', {
      period: lastPeriod,
      pageSize: '200',
    });
    const after = (name: string) => again.records.find((each) => each.agreementId === agreements[name].id);
    expect(after('pass')).toMatchObject({ status: 'PAID', batchNo: batch.batchNo });
    expect(after('unreviewed')).toMatchObject({ payableAmount: '864.19', status: 'PENDING_PAY' });
    // The held one is released by a PASS of this month.
    await inspect(agreements.held.id, 'PASS');
    await computeDisplayPayments(bed.testDatabase.database.db, 'A01', lastPeriod);
    const released = await get<Page<Payment>>('admin', '/esdh/payment/list', {
      period: lastPeriod,
      agreementId: agreements.held.id,
    });
    expect(released.records[0].status).toBe('PENDING_PAY');
    // The detail's schedule shows the month.
    const detail = await agreementOf(agreements.partial.id);
    expect(detail.schedule[0]).toMatchObject({ period: lastPeriod, periods: [lastPeriod] });
    expect(detail.schedule[0].payment).toMatchObject({ status: 'PAID', payableAmount: '864.19' });

    // Export to finance.
    const workbook = await bed.download(
      'admin',
      `/esdh/payment/exportXls${queryString({ period: lastPeriod })}`,
    );
    expect(workbook.status).toBe(200);
    expect(workbook.headers.get('content-type')).toContain('spreadsheetml');
  });

  it('terminates with a reason and returns the unused budget; the clock activates and expires', async () => {
    const policyId = await activePolicy({ totalBudget: 9000, perOutletCap: 9000 });
    const created = await active(policyId);
    expect(await policyOf(policyId)).toMatchObject({ signedAmount: '3000.00', signedOutlets: 1 });
    expect(
      await bed.post('zhangwei', '/esdh/terminate', { id: created.id, reason: 'OUTLET_CLOSED' }),
    ).toEqual(FORBIDDEN);
    const ended = await post<{ returned: string }>('admin', '/esdh/terminate', {
      id: created.id,
      reason: 'OUTLET_CLOSED',
      remark: '门店转让',
    });
    expect(ended.returned).toBe('3000.00');
    expect(await policyOf(policyId)).toMatchObject({ signedAmount: '0.00', signedOutlets: 0 });
    expect(await refusal('admin', '/esdh/terminate', { id: created.id, reason: 'BREACH' })).toMatchObject({
      code: 409,
    });

    // Starting next month: SIGNED until the clock reaches its start.
    const later = await draft(policyId, { startDate: `${nextPeriod}-01`, endDate: `${nextPeriod}-28` });
    await post('admin', '/esdh/submit', { id: later.id });
    await decide(later.agreementNo, 'approve');
    await post('admin', '/esdh/sign', { id: later.id, photoIds: [await photo()] });
    expect((await agreementOf(later.id)).status).toBe('SIGNED');
    const { db } = bed.testDatabase.database;
    await runAgreementClock(db, 'A01', `${nextPeriod}-01`);
    expect((await agreementOf(later.id)).status).toBe('ACTIVE');
    await runAgreementClock(db, 'A01', `${nextPeriod}-29`);
    expect((await agreementOf(later.id)).status).toBe('EXPIRED');
  });

  it('zips an agreement’s pictures, exports the list, and keeps tenants and scopes apart', async () => {
    const policyId = await activePolicy();
    const created = await active(policyId);
    await inspect(created.id, 'PASS');
    const zip = await bed.download('admin', `/esdh/zip${queryString({ agreementId: created.id })}`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toContain(
      encodeURIComponent(`陈列照片_${created.agreementNo}.zip`),
    );
    // The signed paper and the month's inspection photo, each in its folder, the bytes as uploaded.
    const detail = await agreementOf(created.id);
    const entries = await entriesOf(zip.body);
    expect(Object.keys(entries).sort()).toEqual(
      [`检核照片_${thisPeriod}/DISPLAY_`, `签约照片/DISPLAY_SIGNED_`].map((prefix) =>
        expect.stringMatching(new RegExp(`^${prefix}\\d{14}_[0-9a-f]{8}\\.png$`)),
      ),
    );
    expect(Object.keys(entries).find((name) => name.includes(detail.signPhotos[0].id.slice(0, 8)))).toMatch(
      /^签约照片\//,
    );
    expect(Object.values(entries).every((bytes) => bytes.equals(Buffer.from(png)))).toBe(true);
    const workbook = await bed.download(
      'admin',
      `/esdh/exportXls${queryString({ agreementNo: created.agreementNo })}`,
    );
    expect(workbook.headers.get('content-type')).toContain('spreadsheetml');

    // zhangwei sees it (his office's outlet); the other tenant does not, nor its photos.
    expect((await agreementOf(created.id, 'zhangwei')).agreementNo).toBe(created.agreementNo);
    expect((await bed.get('t2admin', `/esdh/info${queryString({ id: created.id })}`)).body).toMatchObject({
      code: 404,
    });
    expect(
      (await get<Page<unknown>>('t2admin', '/esdh/list', { agreementNo: created.agreementNo })).total,
    ).toBe(0);
    expect((await bed.post('t2admin', '/esdh/submit', { id: created.id })).body).toMatchObject({ code: 404 });
    const foreignZip = await bed.download('t2admin', `/esdh/zip${queryString({ agreementId: created.id })}`);
    expect(JSON.parse(Buffer.from(foreignZip.body).toString())).toMatchObject({ code: 404 });
    expect(
      JSON.parse(
        Buffer.from((await bed.download('wangfang', `/esdh/zip?agreementId=${created.id}`)).body).toString(),
      ),
    ).toMatchObject({ success: false, code: 403 });
    expect(
      (await get<Page<unknown>>('t2admin', '/esdh/policy/list', { name: `测试陈列方案${backend}` })).total,
    ).toBe(0);
    expect(await bed.get('wangfang', '/esdh/list')).toEqual(FORBIDDEN);
    // Inspections due this month: the home card's number.
    const due = await get<{ period: string; due: number }>('admin', '/esdh/inspection/due');
    expect(due.period).toBe(thisPeriod);
  });
  it('zips a month’s photos as the list’s filters select them, through 下载中心 beyond the threshold', async () => {
    const policyId = await activePolicy({ name: `照片打包方案${backend}` });
    const first = await active(policyId);
    const second = await active(policyId);
    await inspect(first.id, 'PASS');
    await inspect(second.id, 'PARTIAL');
    const outletOf = async (id: string) =>
      (await get<{ customer: { name: string } }>('admin', '/esdh/info', { id })).customer.name;
    const folderOf = async (agreement: { id: string; agreementNo: string }) =>
      `${agreement.agreementNo}_${await outletOf(agreement.id)}`;

    // Two photos: at once, a folder per agreement; the list's keyword narrows it to one agreement.
    const small = await bed.download('admin', `/esdh/zip${queryString({ period: thisPeriod, policyId })}`);
    expect(small.headers.get('content-type')).toBe('application/zip');
    const folders = Object.keys(await entriesOf(small.body)).map((name) => name.split('/')[0]);
    expect(folders.sort()).toEqual([await folderOf(first), await folderOf(second)].sort());
    const one = await bed.download(
      'admin',
      `/esdh/zip${queryString({ period: thisPeriod, policyId, keyword: second.agreementNo })}`,
    );
    expect(Object.keys(await entriesOf(one.body))).toEqual([
      expect.stringMatching(new RegExp(`^${await folderOf(second)}/DISPLAY_`)),
    ]);
    expect(
      answerOf(await bed.download('admin', `/esdh/zip${queryString({ period: lastPeriod, policyId })}`)),
    ).toMatchObject({ code: 400, message: '所选范围内没有照片' });
    expect(answerOf(await bed.download('admin', `/esdh/zip${queryString({ policyId })}`))).toMatchObject({
      code: 400,
      message: '请指定协议或所属期',
    });
    expect(
      answerOf(await bed.download('admin', `/esdh/zip${queryString({ period: thisPeriod, colour: 'red' })}`)),
    ).toMatchObject({ code: 400, message: '不支持按字段 colour 筛选' });
    expect(answerOf(await bed.download('admin', `/esdh/zip?period=2026-13`))).toMatchObject({ code: 400 });

    // A third photo passes the threshold: the answer names a job of 下载中心 that makes the zip.
    await inspect(first.id, 'PASS');
    const queued = answerOf(
      await bed.download('admin', `/esdh/zip${queryString({ period: thisPeriod, policyId })}`),
    ) as unknown as { success: boolean; message: string; result: QueuedExport };
    expect(queued).toMatchObject({
      success: true,
      message: '照片共 3 张，已转入下载中心打包，完成后请到下载中心下载',
      result: { title: `陈列照片_${thisPeriod}`, total: 3 },
    });
    let job: JobRecord | undefined;
    for (let tries = 0; tries < 400 && !(job && !['QUEUED', 'RUNNING'].includes(job.status)); tries += 1) {
      if (tries > 0) await delay(50);
      const jobs = await get<Page<JobRecord>>('admin', '/eDownload/list', {
        category: 'EXPORT',
        pageSize: '50',
      });
      job = jobs.records.find((record) => record.id === queued.result.jobId);
    }
    expect(job).toMatchObject({
      category: 'EXPORT',
      status: 'SUCCEEDED',
      done: 3,
      total: 3,
      fileName: `陈列照片_${thisPeriod}.zip`,
      downloadable: true,
    });
    const made = await bed.download('admin', `/eDownload/download?id=${queued.result.jobId}`);
    expect(made.headers.get('content-type')).toBe('application/zip');
    expect(Number(made.headers.get('content-length'))).toBe(job!.fileSize);
    const entries = await entriesOf(made.body);
    expect(
      Object.keys(entries)
        .map((name) => name.split('/')[0])
        .sort(),
    ).toEqual([await folderOf(first), await folderOf(first), await folderOf(second)].sort());
    expect(Object.values(entries).every((bytes) => bytes.equals(Buffer.from(png)))).toBe(true);
    // The job is its owner's: another user of the tenant neither lists nor downloads it.
    expect(
      answerOf(await bed.download('zhangwei', `/eDownload/download?id=${queued.result.jobId}`)),
    ).toMatchObject({
      code: 404,
    });
    // Another tenant's month holds none of these.
    expect(
      answerOf(await bed.download('t2admin', `/esdh/zip${queryString({ period: thisPeriod, policyId })}`)),
    ).toMatchObject({ code: 400, message: '所选范围内没有照片' });
  });
  it("a payout by 订单抵扣 or 货补 credits the payee's fund account, 金币 the outlet's coins, linked to the payment; cash none", async () => {
    const db = bed.testDatabase.database.db;
    const firstOf = (type: 'DEALER' | 'OUTLET') =>
      db
        .selectFrom('customers')
        .select('id')
        .where('tenant_id', '=', 'A01')
        .where('customer_type', '=', type)
        .orderBy('customer_code')
        .executeTakeFirstOrThrow();
    const dealer = await firstOf('DEALER');
    const balances = async () => ({
      displayFee: (await fundBalanceOf(db, 'A01', dealer.id, 'DISPLAY_FEE')).balance,
      goods: (await fundBalanceOf(db, 'A01', dealer.id, 'GOODS_COMPENSATION')).balance,
    });
    const before = await balances();
    const outlet = await firstOf('OUTLET');
    const coinsBefore = await coinBalanceOf(db, 'A01', outlet.id);
    const payout = (
      id: string,
      method: 'ORDER_DEDUCT' | 'GOODS' | 'CASH' | 'COINS',
      amount: string,
      payee = dealer.id,
    ) =>
      db.transaction().execute((trx) =>
        creditPayout(
          trx,
          {
            id,
            tenant_id: 'A01',
            method,
            payable_amount: amount,
            payee_customer_id: payee,
            period: '2026-10',
          },
          'DA-TEST',
          'admin',
        ),
      );
    const deducted = await payout('pay-1', 'ORDER_DEDUCT', '120.50');
    const goods = await payout('pay-2', 'GOODS', '80.00');
    expect(await payout('pay-3', 'CASH', '99.00')).toEqual({});
    // ¥99.00 of display fee is 9900 coins at 100 coins = ¥1.
    const coins = await payout('pay-4', 'COINS', '99.00', outlet.id);
    expect(await payout('pay-5', 'GOODS', '0.00')).toEqual({});
    expect(await payout('pay-6', 'COINS', '0.00', outlet.id)).toEqual({});
    const after = await balances();
    expect(after.displayFee - before.displayFee).toBe(12050);
    expect(after.goods - before.goods).toBe(8000);
    expect((await coinBalanceOf(db, 'A01', outlet.id)).balance - coinsBefore.balance).toBe(9900);
    const entries = await db
      .selectFrom('fund_ledger')
      .select(['id', 'source_type', 'source_id', 'source_no', 'account_type', 'entry_type', 'expire_at'])
      .where('id', 'in', [
        deducted.linkedRebateEntryId!,
        goods.linkedRebateEntryId!,
        coins.linkedCoinEntryId!,
      ])
      .orderBy('source_id')
      .execute();
    expect(entries.map((entry) => [entry.source_type, entry.source_id, entry.source_no])).toEqual([
      ['DISPLAY_FEE', 'pay-1', 'DA-TEST'],
      ['DISPLAY_FEE', 'pay-2', 'DA-TEST'],
      ['DISPLAY_FEE', 'pay-4', 'DA-TEST'],
    ]);
    expect(entries[2]).toMatchObject({ account_type: 'COIN', entry_type: 'EARN_DISPLAY' });
    // Earned coins expire at the end of next year.
    expect(String(entries[2].expire_at)).toMatch(/12-31|Dec 31/);
  });
  it('an agreement made from a 陈列协议 template has its text; signing keeps it as a PDF a new version does not change', async () => {
    const templateId = stableId('agreement-template', 'A01', 'display');
    const policyId = await activePolicy();
    const created = await draft(policyId, { templateId, minFacings: 6 });
    const text = async () => (await get<{ html: string }>('admin', '/esdh/content', { id: created.id })).html;
    const made = await text();
    expect(made).toContain(created.agreementNo);
    expect(made).toContain('收银台左侧第二组货架');
    expect(made).toMatch(/排面不少于6个/);
    await post('admin', '/esdh/submit', { id: created.id });
    await decide(created.agreementNo, 'approve');
    await post('admin', '/esdh/sign', { id: created.id, photoIds: [await photo('DISPLAY_SIGNED')] });
    const pdf = await bed.download('admin', `/esdh/pdf${queryString({ id: created.id })}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(pdf.body).subarray(0, 4).toString()).toBe('%PDF');
    const snapshots = await bed.testDatabase.database.db
      .selectFrom('agreement_snapshots')
      .select('agreement_kind')
      .where('agreement_id', '=', created.id)
      .execute();
    expect(snapshots).toEqual([{ agreement_kind: 'DISPLAY' }]);

    // The template's next version changes the template, not the agreement made from the one before.
    const template = await get<Record<string, unknown>>('admin', '/eAgrtTmpl/queryById', { id: templateId });
    await post('admin', '/eAgrtTmpl/edit', {
      id: templateId,
      code: template.code,
      name: template.name,
      agreementType: 'DISPLAY',
      signMode: template.signMode,
      bodyHtml: '<h2>新版陈列协议</h2><p>{{partyB}}</p>',
      variableSchema: [],
    });
    await post('admin', '/eAgrtTmpl/publish', { id: templateId });
    expect(await text()).toBe(made);

    // Without a template there is no text to show.
    const plain = await draft(policyId);
    expect((await bed.get('admin', `/esdh/content${queryString({ id: plain.id })}`)).body).toMatchObject({
      success: false,
      code: 404,
    });
  });

  describe('按季 and 到期一次 payouts', () => {
    // The job at the close of last quarter: the first day of this one (never later than today).
    const atQuarterClose = new Date(Date.parse(`${quarterStart}-01T10:00:00+08:00`));
    const paymentsOf = (agreementId: string) =>
      bed.testDatabase.database.db
        .selectFrom('display_payments')
        .selectAll()
        .where('agreement_id', '=', agreementId)
        .orderBy('period')
        .execute();
    const reviewed = async (agreementId: string, result: string, period: string) => {
      const { id } = await inspect(agreementId, result, period);
      await post('zhangwei', '/esdh/inspection/review', { id, decision: 'CONFIRM' });
      return id;
    };
    const listed = async (agreementId: string) =>
      (
        await get<Page<Payment & { periods: string[]; coverage: string; inspectionResult_dictText: string }>>(
          'admin',
          '/esdh/payment/list',
          { agreementId },
        )
      ).records;
    /** An ACTIVE agreement of its own policy, paid by `paymentCycle`, running from `startDate` to `endDate`. */
    const running = async (terms: Record<string, unknown>) =>
      active(await activePolicy({ startDate: `${p1}-01` }), terms);

    it('按季: the quarter’s months are assessed one by one and paid once at its end; the job run again changes nothing', async () => {
      const { db } = bed.testDatabase.database;
      const created = await running({
        paymentCycle: 'QUARTERLY',
        startDate: `${p1}-01`,
        endDate: lastDayOfPeriod(quarterEnd),
      });
      // The schedule: last quarter and this one, each due on its last day.
      const planned = await agreementOf(created.id);
      expect(planned.schedule.map((payout) => [payout.periods, payout.dueDate, payout.payment])).toEqual([
        [[p1, p2, p3], lastDayOfPeriod(p3), null],
        [thisQuarter, lastDayOfPeriod(quarterEnd), null],
      ]);

      await reviewed(created.id, 'FAIL', p1);
      await reviewed(created.id, 'PARTIAL', p2);
      const last = await inspect(created.id, 'PASS', p3);
      // While a month waits for its review the quarter is 待核算, filed under its last month only.
      await computeDisplayPayments(db, 'A01', p1);
      const open = await paymentsOf(created.id);
      expect(open.map((row) => [row.period, row.status, row.base_amount, row.deduction_amount])).toEqual([
        [p3, 'PENDING_CALC', '3000.00', '1300.00'],
      ]);
      await post('zhangwei', '/esdh/inspection/review', { id: last.id, decision: 'CONFIRM' });

      // The job at the quarter's close: 1000 × 3 less FAIL 1000 and PARTIAL 30% 300 — one payment of 1700.
      await runDisplayMonth(db, atQuarterClose);
      const listedNow = await listed(created.id);
      // This quarter's payout is planned (待核算) beside last quarter's.
      expect(listedNow.map((row) => [row.period, row.status])).toEqual([
        [quarterEnd, 'PENDING_CALC'],
        [p3, 'PENDING_PAY'],
      ]);
      const quarter = listedNow[1];
      expect(quarter).toMatchObject({
        period: p3,
        periods: [p1, p2, p3],
        coverage: `${p1}~${p3}`,
        inspectionResult_dictText: '不达标 / 部分达标 / 达标',
        baseAmount: '3000.00',
        deductionAmount: '1300.00',
        payableAmount: '1700.00',
        status: 'PENDING_PAY',
      });
      const batch = await post<{ count: number; amount: string }>('admin', '/esdh/payment/markPaid', {
        period: p3,
        ids: [quarter.id],
        voucherNo: 'PZ-Q',
      });
      expect(batch).toMatchObject({ count: 1, amount: '1700.00' });

      // Run again — for every month of the quarter, and as the job — nothing is written, nothing paid twice.
      const before = await paymentsOf(created.id);
      for (const period of [p1, p2, p3]) {
        const again = await computeDisplayPayments(db, 'A01', period);
        expect(again.written).toEqual({});
      }
      await runDisplayMonth(db, atQuarterClose);
      await runDisplayMonth(db, atQuarterClose);
      expect(await paymentsOf(created.id)).toEqual(before);
      expect(before.filter((row) => row.status === 'PAID')).toHaveLength(1);
      const detail = await agreementOf(created.id);
      expect(detail.schedule[0].payment).toMatchObject({ status: 'PAID', payableAmount: '1700.00' });
    });

    it('按季 terminated mid-quarter: the months served are paid by one payout of this month, the rest goes back', async () => {
      const { db } = bed.testDatabase.database;
      const created = await running({
        paymentCycle: 'QUARTERLY',
        startDate: `${quarterStart}-01`,
        endDate: lastDayOfPeriod(quarterEnd),
      });
      const served = thisQuarter.filter((period) => period <= thisPeriod);
      for (const period of served) await reviewed(created.id, 'PASS', period);
      await computeDisplayPayments(db, 'A01', thisPeriod);
      expect((await paymentsOf(created.id)).map((row) => row.period)).toEqual([quarterEnd]);
      const ended = await post<{ returned: string }>('admin', '/esdh/terminate', {
        id: created.id,
        reason: 'OUTLET_REQUEST',
      });
      const paidFor = 1000 * served.length;
      expect(ended.returned).toBe((3000 - paidFor).toFixed(2));
      const settled = await paymentsOf(created.id);
      expect(settled.map((row) => [row.period, row.status, row.base_amount])).toEqual([
        [thisPeriod, 'PENDING_PAY', paidFor.toFixed(2)],
      ]);
      const detail = await agreementOf(created.id);
      expect(detail.schedule.map((payout) => payout.periods)).toEqual([served]);
      const [listedPayout] = await listed(created.id);
      expect(listedPayout.periods).toEqual(served);
      // The job leaves it as settled.
      await runDisplayMonth(db, atQuarterClose);
      expect(await paymentsOf(created.id)).toEqual(settled);
    });

    it('到期一次: every month of the term is paid once, when the agreement expires', async () => {
      const { db } = bed.testDatabase.database;
      const created = await running({
        paymentCycle: 'AT_END',
        monthlyFee: 800,
        startDate: `${p1}-01`,
        endDate: `${p3}-20`,
      });
      await reviewed(created.id, 'PASS', p1);
      await reviewed(created.id, 'PASS', p2);
      await computeDisplayPayments(db, 'A01', p2);
      const planned = await agreementOf(created.id);
      expect(planned.schedule).toHaveLength(1);
      expect(planned.schedule[0]).toMatchObject({ period: p3, periods: [p1, p2, p3], dueDate: `${p3}-20` });
      expect(planned.schedule[0].payment).toMatchObject({ baseAmount: '2400.00', status: 'PENDING_CALC' });

      await reviewed(created.id, 'PARTIAL', p3);
      // The job after the end date: the final payment (800 × 3 less 30% of one month), then the expiry.
      await runDisplayMonth(db, atQuarterClose);
      expect((await agreementOf(created.id)).status).toBe('EXPIRED');
      const [payout] = await listed(created.id);
      expect(payout).toMatchObject({
        period: p3,
        periods: [p1, p2, p3],
        deductionAmount: '240.00',
        payableAmount: '2160.00',
        status: 'PENDING_PAY',
      });
      const before = await paymentsOf(created.id);
      await runDisplayMonth(db, atQuarterClose);
      expect(await paymentsOf(created.id)).toEqual(before);
      await post('admin', '/esdh/payment/markPaid', { period: p3, ids: [payout.id], voucherNo: 'PZ-END' });
      await runDisplayMonth(db, atQuarterClose);
      const paid = await paymentsOf(created.id);
      expect(paid.map((row) => [row.period, row.status, row.payable_amount])).toEqual([
        [p3, 'PAID', '2160.00'],
      ]);
    });
  });
});
