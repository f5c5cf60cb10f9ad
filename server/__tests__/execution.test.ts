// 门店执行评分 and 金币 over real HTTP (issue #17, DOMAIN §1.4) on both back ends: every scoring rule and the
// veto and pass score, the template's immutable versions, submission replays, the review state machine (first
// review not by the rep, appeal within its window, final review by a different person, revoke with a REVERSE
// entry), coins by the coin rule under the outlet's monthly cap, concurrent approvals, the coin ledger summing to
// the account, 人工调整 through the 审批中心, and another tenant seeing nothing.
import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'kysely';
import { scoreItem, scoreResult, type ScoreItem } from '../../common/execution';
import { coinBalanceOf } from '../modules/funds/ledger';
import { dataScopeOf } from '../modules/shared/dataScope';
import { ledgerSums } from '../modules/funds/queries';
import { testBackends } from './support/database';
import { useTestServer } from './support/useTestServer';

interface Template {
  id: string;
  version: number;
  status: string;
  items: Array<{ id: string; code: string; maxScore: number }>;
}

interface Result {
  id: string;
  resultNo: string;
  reviewStatus: string;
  autoScore: number | null;
  finalScore: number | null;
  passed: boolean | null;
  vetoHit: boolean;
  coinsAwarded: number;
  replayed?: boolean;
  items: Array<{
    id: string;
    code: string;
    autoScore: number | null;
    finalScore: number | null;
    met: boolean | null;
  }>;
}

const item = (overrides: Partial<ScoreItem>): ScoreItem => ({
  id: 'x',
  name: '项',
  inputType: 'NUMBER',
  scoringRule: 'ALL_OR_NOTHING',
  requirement: { min: 4 },
  maxScore: 20,
  isVeto: false,
  photoRequired: false,
  ...overrides,
});

describe('execution scoring rules (common/execution)', () => {
  it('scores all-or-nothing, proportional and deduct-per-miss items, photos and the reviewer items', () => {
    expect(scoreItem(item({}), { value: 4 }).score).toBe(20);
    expect(scoreItem(item({}), { value: 3 })).toMatchObject({ score: 0, met: false });
    expect(
      scoreItem(item({ scoringRule: 'PROPORTIONAL', requirement: { min: 6 } }), { value: 3 }),
    ).toMatchObject({
      score: 10,
      met: false,
    });
    expect(
      scoreItem(item({ scoringRule: 'PROPORTIONAL', requirement: { min: 6 } }), { value: 9 }).score,
    ).toBe(20);
    expect(
      scoreItem(item({ scoringRule: 'DEDUCT_PER_MISS', requirement: { min: 4, deductPerMiss: 6 } }), {
        value: 2,
      }),
    ).toMatchObject({ score: 8, met: false });
    expect(
      scoreItem(item({ scoringRule: 'DEDUCT_PER_MISS', requirement: { min: 4, deductPerMiss: 6 } }), {
        value: 0,
      }).score,
    ).toBe(0);
    expect(scoreItem(item({ inputType: 'YES_NO' }), { value: true }).score).toBe(20);
    expect(scoreItem(item({ inputType: 'YES_NO' }), { value: false }).score).toBe(0);
    expect(
      scoreItem(item({ inputType: 'SELECT', requirement: { passOptions: ['黄金层'] } }), { value: '黄金层' })
        .met,
    ).toBe(true);
    expect(scoreItem(item({ inputType: 'YES_NO', photoRequired: true }), { value: true })).toMatchObject({
      score: 0,
      deductionReason: '缺少照片',
    });
    expect(scoreItem(item({ inputType: 'PHOTO_AI' }), { photoIds: ['p'] })).toMatchObject({
      score: null,
      met: null,
    });
  });

  it('fails a result on a veto whatever its sum, and passes at the pass score', () => {
    const full = { maxScore: 50, isVeto: false, score: 50, met: true };
    expect(scoreResult([full, { ...full, score: 30, met: false }], 80)).toEqual({
      total: 80,
      vetoHit: false,
      passed: true,
    });
    expect(scoreResult([full, { ...full, score: 29.99, met: false }], 80).passed).toBe(false);
    expect(scoreResult([full, { ...full, isVeto: true, score: 45, met: false }], 80)).toEqual({
      total: 95,
      vetoHit: true,
      passed: false,
    });
    expect(scoreResult([full, { ...full, score: null, met: null }], 80)).toEqual({
      total: null,
      vetoHit: false,
      passed: null,
    });
  });
});

describe.each(testBackends())('execution results and coins on %s', (backend) => {
  const context = useTestServer(backend, { businessData: true });
  const db = () => context.database.db;
  let rep: string;
  let admin: string;
  let manager: string;
  let otherTenant: string;
  let outlets: Array<{ id: string; lng: number; lat: number }>;
  let template: Template;

  const post = <T>(token: string, path: string, body: unknown) => context.client.post<T>(path, body, token);
  const put = <T>(token: string, path: string, body: unknown) => context.client.put<T>(path, body, token);
  const get = <T>(token: string, path: string) => context.client.get<T>(path, token);
  const okOf = async <T>(
    answer: Promise<{ status: number; body: { success: boolean; result: T; message: string } }>,
  ) => {
    const { status, body } = await answer;
    if (!body.success) throw new Error(`${status} ${body.message}`);
    return body.result;
  };

  const codeOf = (code: string) => template.items.find((each) => each.code === code)!.id;

  /** A finished visit of the rep at the outlet (in range, short: flagged, which does not matter here). */
  const visitAt = async (outlet: { id: string; lng: number; lat: number }) => {
    const visit = await okOf(
      post<{ id: string }>(rep, '/eVisit/checkIn', {
        clientId: randomUUID(),
        customerId: outlet.id,
        lng: outlet.lng,
        lat: outlet.lat,
        accuracyM: 10,
      }),
    );
    return visit.id;
  };
  const checkOut = (visitId: string, outlet: { lng: number; lat: number }) =>
    okOf(post(rep, '/eVisit/checkOut', { visitId, lng: outlet.lng, lat: outlet.lat, accuracyM: 10 }));

  const photo = async () => {
    const form = new FormData();
    form.append('bizType', 'VISIT');
    form.append('kind', 'DISPLAY');
    const noise = await sharp(randomBytes(48 * 32 * 3), { raw: { width: 48, height: 32, channels: 3 } })
      .jpeg()
      .toBuffer();
    form.append('file', new Blob([new Uint8Array(noise)]), '陈列.jpg');
    const response = await fetch(`${context.server.baseUrl}/api/sys/attachment/upload`, {
      method: 'POST',
      headers: { 'x-access-token': rep },
      body: form,
    });
    const body = (await response.json()) as { result: { id: string } };
    return body.result.id;
  };

  /** Visits the outlet, submits the values, checks out; the submission's answer. */
  const execute = async (
    outlet: { id: string; lng: number; lat: number },
    values: { shelf?: boolean; facings?: number; skus?: number; aiPhoto?: boolean } = {},
  ) => {
    const visitId = await visitAt(outlet);
    const result = await okOf(
      post<Result>(rep, '/eVisit/execution/submit', {
        clientId: randomUUID(),
        visitId,
        templateId: template.id,
        items: [
          { itemId: codeOf('SHELF'), value: values.shelf ?? true },
          { itemId: codeOf('FACINGS'), value: values.facings ?? 6 },
          { itemId: codeOf('SKUS'), value: values.skus ?? 4 },
          ...(values.aiPhoto === false ? [] : [{ itemId: codeOf('FREEZER'), photoIds: [await photo()] }]),
        ],
      }),
    );
    await checkOut(visitId, outlet);
    return { visitId, result };
  };
  const review = (token: string, id: string, body: Record<string, unknown>, final = false) =>
    put<{ reviewStatus: string; coinsAwarded: number; finalScore: number | null }>(
      token,
      final ? '/eVisit/execution/finalReview' : '/eVisit/execution/review',
      { id, ...body },
    );
  const aiScore = (score: number) => [{ itemId: codeOf('FREEZER'), reviewerScore: score }];
  const coinsOf = async (customerId: string) => (await coinBalanceOf(db(), 'A01', customerId)).balance;

  beforeAll(async () => {
    [rep, admin, manager, otherTenant] = await Promise.all(
      ['zhaolei', 'admin', 'zhangwei', 't2admin'].map((name) => context.tokenOf(name)),
    );
    const rows = await db()
      .selectFrom('customers')
      .select(['id', 'lng', 'lat'])
      .where('tenant_id', '=', 'A01')
      .where('customer_type', '=', 'OUTLET')
      .where('org_code', '=', 'A01A02A01')
      .where('lng', 'is not', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('fund_accounts')
              .select('id')
              .whereRef('fund_accounts.customer_id', '=', 'customers.id'),
          ),
        ),
      )
      .orderBy('customer_code', 'desc')
      .limit(4)
      .execute();
    outlets = rows.map((row) => ({ id: row.id, lng: Number(row.lng), lat: Number(row.lat) }));
    expect(outlets).toHaveLength(4);
    // Nobody is checked in anywhere: the rep's open visits of the demo are closed.
    await db()
      .updateTable('visit_records')
      .set({ status: 'COMPLETED', check_out_at: sql`now()` })
      .where(
        'employee_id',
        '=',
        (
          await db()
            .selectFrom('users')
            .select('id')
            .where('username', '=', 'zhaolei')
            .executeTakeFirstOrThrow()
        ).id,
      )
      .where('status', '=', 'CHECKED_IN')
      .execute();

    const input = {
      code: `T-${backend}`,
      name: '测试执行模板',
      passScore: 80,
      coinRule: {
        tiers: [
          { minScore: 80, coins: 30 },
          { minScore: 90, coins: 50 },
        ],
        monthlyCap: 100,
      },
      items: [
        {
          code: 'SHELF',
          name: '黄金层陈列',
          category: 'DISPLAY',
          inputType: 'YES_NO',
          maxScore: 20,
          scoringRule: 'ALL_OR_NOTHING',
          isVeto: true,
        },
        {
          code: 'FACINGS',
          name: '排面数≥6',
          category: 'DISPLAY',
          inputType: 'NUMBER',
          requirement: { min: 6 },
          maxScore: 30,
          scoringRule: 'PROPORTIONAL',
        },
        {
          code: 'SKUS',
          name: '主销SKU铺货≥4',
          category: 'DISTRIBUTION',
          inputType: 'NUMBER',
          requirement: { min: 4, deductPerMiss: 10 },
          maxScore: 30,
          scoringRule: 'DEDUCT_PER_MISS',
        },
        {
          code: 'FREEZER',
          name: '冰柜纯净度',
          category: 'FREEZER',
          inputType: 'PHOTO_AI',
          aiDetectType: 'FREEZER',
          maxScore: 20,
          scoringRule: 'ALL_OR_NOTHING',
        },
      ],
    };
    expect(
      (await post(admin, '/eVisit/executionTemplate/add', { ...input, passScore: 120 })).body.message,
    ).toBe('及格分不能高于总分 100');
    const { id } = await okOf(post<{ id: string }>(admin, '/eVisit/executionTemplate/add', input));
    await okOf(put(admin, '/eVisit/executionTemplate/changeStatus', { id, status: 'ACTIVE' }));
    template = await okOf(get<Template>(admin, `/eVisit/executionTemplate/queryById?id=${id}`));
  });

  it('keeps an active version unchanged: edits go to a new draft version, and activating it retires the old one', async () => {
    const edit = await put(admin, '/eVisit/executionTemplate/edit', {
      id: template.id,
      code: `T-${backend}`,
      name: '改名',
      passScore: 80,
      coinRule: { tiers: [], monthlyCap: 0 },
      items: [
        {
          code: 'A',
          name: 'A',
          category: 'DISPLAY',
          inputType: 'YES_NO',
          maxScore: 100,
          scoringRule: 'ALL_OR_NOTHING',
        },
      ],
    });
    expect(edit.body.code).toBe(409);
    const draft = await okOf(
      post<{ id: string }>(admin, '/eVisit/executionTemplate/newVersion', { id: template.id }),
    );
    expect((await post(admin, '/eVisit/executionTemplate/newVersion', { id: template.id })).body.code).toBe(
      409,
    );
    const copy = await okOf(get<Template>(admin, `/eVisit/executionTemplate/queryById?id=${draft.id}`));
    expect(copy).toMatchObject({ version: 2, status: 'DRAFT' });
    expect(copy.items.map((each) => each.code)).toEqual(['SHELF', 'FACINGS', 'SKUS', 'FREEZER']);
    // The draft is retired at once: the tests below submit against version 1.
    const retired = await put(admin, '/eVisit/executionTemplate/changeStatus', {
      id: draft.id,
      status: 'RETIRED',
    });
    expect(retired.body.code).toBe(409);
  });

  it('scores a submission on the server, answers a replay with the same result and refuses a second one', async () => {
    const visitId = await visitAt(outlets[0]);
    const forVisit = await okOf(
      get<Template | null>(rep, `/eVisit/execution/templateForVisit?visitId=${visitId}`),
    );
    expect(forVisit).not.toBeNull();
    const clientId = randomUUID();
    const body = {
      clientId,
      visitId,
      templateId: template.id,
      items: [
        { itemId: codeOf('SHELF'), value: true },
        { itemId: codeOf('FACINGS'), value: 3 },
        { itemId: codeOf('SKUS'), value: 2 },
        { itemId: codeOf('FREEZER'), photoIds: [await photo()] },
      ],
    };
    const first = await okOf(post<Result>(rep, '/eVisit/execution/submit', body));
    expect(first).toMatchObject({
      reviewStatus: 'PENDING_REVIEW',
      autoScore: null,
      passed: null,
      replayed: false,
    });
    expect(first.items.map((each) => each.autoScore)).toEqual([20, 15, 10, null]);
    const again = await okOf(post<Result>(rep, '/eVisit/execution/submit', body));
    expect(again).toMatchObject({ id: first.id, replayed: true });
    const second = await post(rep, '/eVisit/execution/submit', { ...body, clientId: randomUUID() });
    expect(second.body.code).toBe(409);
    await checkOut(visitId, outlets[0]);

    // The rep does not review; the manager must score the PHOTO_AI item.
    expect((await review(rep, first.id, { approve: true })).body.code).toBe(403);
    const unscored = await review(manager, first.id, { approve: true });
    expect(unscored.body.message).toContain('请为「冰柜纯净度」评分');
    // Scored 20 + 15 + 10 + 20 = 65: approved, not passed, no coins.
    const approved = await okOf(review(manager, first.id, { approve: true, items: aiScore(20) }));
    expect(approved).toMatchObject({ reviewStatus: 'APPROVED', finalScore: 65, coinsAwarded: 0 });
    expect((await review(manager, first.id, { approve: true })).body.code).toBe(409);
  });

  it('awards coins by the rule under the monthly cap, and the veto fails a high score', async () => {
    const outlet = outlets[1];
    const { result: high } = await execute(outlet);
    const first = await okOf(review(manager, high.id, { approve: true, items: aiScore(20) }));
    expect(first).toMatchObject({ finalScore: 100, coinsAwarded: 50 });
    expect(await coinsOf(outlet.id)).toBe(50);

    // 85 → the 80 tier, 30 coins.
    const { result: mid } = await execute(outlet, { facings: 3 });
    expect((await okOf(review(manager, mid.id, { approve: true, items: aiScore(20) }))).coinsAwarded).toBe(
      30,
    );
    // 100 → 50 coins, but only 20 left of the cap of 100.
    const { result: capped } = await execute(outlet);
    expect((await okOf(review(manager, capped.id, { approve: true, items: aiScore(20) }))).coinsAwarded).toBe(
      20,
    );
    const { result: over } = await execute(outlet);
    expect((await okOf(review(manager, over.id, { approve: true, items: aiScore(20) }))).coinsAwarded).toBe(
      0,
    );
    expect(await coinsOf(outlet.id)).toBe(100);

    // The veto item not met: 80 points, yet failed and no coins.
    const { result: vetoed } = await execute(outlets[2], { shelf: false, aiPhoto: true });
    const decided = await okOf(
      review(manager, vetoed.id, {
        approve: true,
        items: [{ itemId: codeOf('FREEZER'), reviewerScore: 20 }],
      }),
    );
    expect(decided).toMatchObject({ finalScore: 80, coinsAwarded: 0 });
    const detail = await okOf(get<Result>(manager, `/eVisit/execution/queryById?id=${vetoed.id}`));
    expect(detail).toMatchObject({ vetoHit: true, passed: false });

    const sums = await ledgerSums(db(), 'A01', outlet.id);
    expect(Number(sums.find((row) => row.account_type === 'COIN')!.balance)).toBe(100);
  });

  it('lets only one of two simultaneous approvals of a result through', async () => {
    const { result } = await execute(outlets[3]);
    const answers = await Promise.all([
      review(manager, result.id, { approve: true, items: aiScore(20) }),
      review(admin, result.id, { approve: true, items: aiScore(20) }),
    ]);
    expect(answers.map((answer) => answer.body.code).sort()).toEqual([200, 409]);
    expect(await coinsOf(outlets[3].id)).toBe(50);
  });

  it('rejects, takes an appeal, needs a different person for the final review, and revokes with a REVERSE entry', async () => {
    const outlet = outlets[3];
    const { result } = await execute(outlet);
    expect((await review(manager, result.id, { approve: false })).body.message).toBe('请填写驳回原因');
    await okOf(review(manager, result.id, { approve: false, comment: '照片模糊' }));
    expect(
      (await put(manager, '/eVisit/execution/appeal', { id: result.id, reason: '已补拍' })).body.code,
    ).toBe(403);
    await okOf(put(rep, '/eVisit/execution/appeal', { id: result.id, reason: '照片已补拍，请复核' }));
    const same = await review(manager, result.id, { approve: true, items: aiScore(20) }, true);
    expect(same.body.code).toBe(403);
    expect(same.body.message).toBe('终审须由初审以外的人员进行');
    // Before the final review: 50 from the concurrency test.
    const final = await okOf(review(admin, result.id, { approve: true, items: aiScore(20) }, true));
    expect(final).toMatchObject({ reviewStatus: 'FINAL_APPROVED', coinsAwarded: 50 });
    expect(await coinsOf(outlet.id)).toBe(100);

    await okOf(put(admin, '/eVisit/execution/revoke', { id: result.id, reason: '稽查发现照片造假' }));
    expect(await coinsOf(outlet.id)).toBe(50);
    const ledger = await okOf(
      get<{ records: Array<{ entryType: string; amount: number }> }>(
        manager,
        `/eVisit/coin/ledger?customerId=${outlet.id}`,
      ),
    );
    expect(ledger.records[0]).toMatchObject({ entryType: 'REVERSE', amount: -50 });
    expect((await put(admin, '/eVisit/execution/revoke', { id: result.id, reason: '再撤' })).body.code).toBe(
      409,
    );

    // An appeal after its window is refused.
    const { result: late } = await execute(outlets[2]);
    await okOf(review(manager, late.id, { approve: false, comment: '不达标' }));
    await db()
      .updateTable('execution_results')
      .set({ reviewed_at: sql`now() - interval '4 days'` })
      .where('id', '=', late.id)
      .execute();
    const refused = await put(rep, '/eVisit/execution/appeal', { id: late.id, reason: '申诉' });
    expect(refused.body.message).toBe('已超过申诉期限（驳回后 3 天内）');
  });

  it('lists the coin accounts and posts a 人工调整 only once the 审批中心 approves it', async () => {
    const outlet = outlets[1];
    const page = await okOf(
      get<{
        records: Array<{ customerId: string; balance: number; monthEarned: number; expiringSoon: number }>;
      }>(manager, `/eVisit/coin/list?customerId=${outlet.id}`),
    );
    expect(page.records[0]).toMatchObject({ balance: 100, monthEarned: 100 });
    expect(
      (await post(manager, '/eVisit/coin/adjust', { customerId: outlet.id, coins: -500, reason: '扣' })).body
        .code,
    ).toBe(409);
    const { id } = await okOf(
      post<{ id: string }>(manager, '/eVisit/coin/adjust', {
        customerId: outlet.id,
        coins: 25,
        reason: '活动补发',
      }),
    );
    expect(await coinsOf(outlet.id)).toBe(100);
    const todo = await okOf(
      get<{ records: Array<{ bizId: string; taskId: string }> }>(admin, '/approval/todo/list?pageSize=100'),
    );
    const task = todo.records.find((record) => record.bizId === id)!;
    await okOf(post(admin, '/approval/approve', { taskId: task.taskId }));
    expect(await coinsOf(outlet.id)).toBe(125);
  });

  it('shows the score card and the orders on 拜访详情, and counts 执行合格率 and 金币 in the visit reports', async () => {
    const { id: repId } = await db()
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'zhaolei')
      .executeTakeFirstOrThrow();
    type Report = {
      records: Array<{
        key: string;
        executionCount: number;
        executionPassedCount: number;
        executionPassRate: number | null;
        coinsEarned: number;
      }>;
      summary: { executionCount: number; coinsEarned: number };
    };
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const repRow = async () => {
      const report = await okOf(
        get<Report>(manager, `/esaleanalysis/dmsdailyreport?date=${today}&pageSize=1000`),
      );
      const row = report.records.find((each) => each.key === repId) ?? {
        executionCount: 0,
        executionPassedCount: 0,
        coinsEarned: 0,
      };
      return { row, summary: report.summary };
    };
    const before = await repRow();

    const outlet = outlets[0];
    const { visitId, result } = await execute(outlet);
    // An order the visit's ORDER step linked (linkVisitOrder sets the same column).
    const order = await db()
      .updateTable('sales_orders')
      .set({ visit_id: visitId })
      .where(
        'id',
        '=',
        db()
          .selectFrom('sales_orders')
          .select('id')
          .where('tenant_id', '=', 'A01')
          .where('visit_id', 'is', null)
          .limit(1),
      )
      .returning(['order_no', 'payable_amount'])
      .executeTakeFirstOrThrow();
    // Waiting for the reviewer's score: no verdict, not counted yet.
    expect((await repRow()).row.executionCount).toBe(before.row.executionCount);
    await okOf(review(manager, result.id, { approve: true, items: aiScore(20) }));

    type Detail = {
      orders: Array<{ orderNo: string; status_dictText: string; payableAmount: string }>;
      execution: {
        resultNo: string;
        finalScore: number;
        totalScore: number;
        passed: boolean;
        reviewStatus_dictText: string;
        coinsAwarded: number;
        items: Array<{
          name: string;
          maxScore: number;
          isVeto: boolean;
          finalScore: number;
          met: boolean;
          photos: unknown[];
        }>;
      } | null;
    };
    const detail = await okOf(get<Detail>(manager, `/eVisit/record/queryById?id=${visitId}`));
    expect(detail.orders).toEqual([
      expect.objectContaining({ orderNo: order.order_no, payableAmount: order.payable_amount }),
    ]);
    expect(detail.orders[0].status_dictText).toEqual(expect.any(String));
    expect(detail.execution).toMatchObject({
      resultNo: result.resultNo,
      finalScore: 100,
      totalScore: 100,
      passed: true,
      reviewStatus_dictText: '已通过',
      coinsAwarded: 50,
    });
    expect(detail.execution!.items.map((each) => [each.name, each.finalScore, each.maxScore])).toEqual([
      ['黄金层陈列', 20, 20],
      ['排面数≥6', 30, 30],
      ['主销SKU铺货≥4', 30, 30],
      ['冰柜纯净度', 20, 20],
    ]);
    expect(detail.execution!.items[0]).toMatchObject({ isVeto: true, met: true });
    // The item's photos as the attachment service has them (the gallery's facts and duplicate mark).
    expect(detail.execution!.items[3].photos).toEqual([
      expect.objectContaining({ kind: 'DISPLAY', duplicate: null }),
    ]);
    // A visit without a result or orders: none.
    const bare = await visitAt(outlets[1]);
    await checkOut(bare, outlets[1]);
    expect(await okOf(get<Detail>(manager, `/eVisit/record/queryById?id=${bare}`))).toMatchObject({
      orders: [],
      execution: null,
    });

    const after = await repRow();
    expect(after.row).toMatchObject({
      executionCount: before.row.executionCount + 1,
      executionPassedCount: before.row.executionPassedCount + 1,
      coinsEarned: before.row.coinsEarned + 50,
    });
    expect((after.row as Report['records'][number]).executionPassRate).toBe(
      Math.round((after.row.executionPassedCount * 1000) / after.row.executionCount) / 10,
    );
    expect(after.summary.coinsEarned).toBe(before.summary.coinsEarned + 50);
    const month = await okOf(
      get<Report>(
        manager,
        `/esaleanalysis/dmsmonthreport?month=${today.slice(0, 7)}&groupBy=org&pageSize=1000`,
      ),
    );
    expect(month.records.find((each) => each.key === 'A01A02A01')?.coinsEarned).toBeGreaterThanOrEqual(50);

    // Revoked: the result no longer counts, and the REVERSE entry takes its coins back out of the period.
    await okOf(put(admin, '/eVisit/execution/revoke', { id: result.id, reason: '稽查' }));
    const revoked = await repRow();
    expect(revoked.row).toMatchObject({
      executionCount: before.row.executionCount,
      executionPassedCount: before.row.executionPassedCount,
      coinsEarned: before.row.coinsEarned,
    });
  });

  it('shows another tenant nothing and refuses the rep the review screens', async () => {
    const list = await okOf(get<{ total: number }>(otherTenant, '/eVisit/execution/list'));
    expect(list.total).toBe(0);
    const coins = await okOf(get<{ total: number }>(otherTenant, '/eVisit/coin/list'));
    expect(coins.total).toBe(0);
    expect((await get(rep, '/eVisit/coin/list')).body.code).toBe(403);
    // The rep sees his own results and those of his departments (his data scope), no other.
    const { id: repId } = await db()
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'zhaolei')
      .executeTakeFirstOrThrow();
    const { orgCodes } = await dataScopeOf(db(), 'A01', repId);
    const all = await db()
      .selectFrom('execution_results')
      .select(['id', 'org_code', 'employee_id'])
      .where('tenant_id', '=', 'A01')
      .execute();
    const visible = all.filter(
      (row) => row.employee_id === repId || orgCodes.some((code) => row.org_code.startsWith(code)),
    );
    expect(visible.length).toBeLessThan(all.length);
    const own = await okOf(
      get<{ records: Array<{ id: string }>; total: number }>(rep, '/eVisit/execution/list?pageSize=200'),
    );
    expect(own.total).toBe(visible.length);
    const visibleIds = new Set(visible.map((row) => row.id));
    expect(own.records.filter((row) => !visibleIds.has(row.id))).toEqual([]);
  });
});
