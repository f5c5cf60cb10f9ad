// The execution and coin demo (issue #17, DOMAIN §1.4): the 标准门店执行 template (version 1 retired, version 2
// active) and a KA draft; an execution result for the demo visits that did a 陈列检查 over the last three months,
// scored by the same rules as the server and in every review state (old ones approved, rejected, appealed and
// finally decided by the administrator, two revoked, the last week's waiting); the coins the approved ones earned
// under the monthly cap, on the day they were approved, and some outlets' gift redemptions. Deterministic.
import {
  coinsForScore,
  scoreItem,
  scoreResult,
  type CoinRule,
  type ReviewStatus,
  type ScoreItem,
} from '../../../common/execution';
import { postCoins } from '../../modules/funds/ledger';
import { newId, stableId } from '../ids';
import { insertChunked, seededRandom } from './businessData';
import { demoUserId } from './ids';
import type { SeedStep } from './index';

const TENANT = 'A01';
const COIN_RULE: CoinRule = {
  tiers: [
    { minScore: 80, coins: 30 },
    { minScore: 90, coins: 50 },
  ],
  monthlyCap: 200,
};

type Item = Omit<ScoreItem, 'id'> & { code: string; category: string; aiDetectType?: string };

const ITEMS: Item[] = [
  {
    code: 'SKU6',
    name: '主销SKU铺货≥6个',
    category: 'DISTRIBUTION',
    inputType: 'NUMBER',
    scoringRule: 'DEDUCT_PER_MISS',
    requirement: { min: 6, deductPerMiss: 5 },
    maxScore: 25,
    isVeto: false,
    photoRequired: false,
  },
  {
    code: 'FACE4',
    name: '排面数≥4',
    category: 'DISPLAY',
    inputType: 'NUMBER',
    scoringRule: 'PROPORTIONAL',
    requirement: { min: 4 },
    maxScore: 20,
    isVeto: false,
    photoRequired: false,
  },
  {
    code: 'GOLD',
    name: '黄金层陈列',
    category: 'DISPLAY',
    inputType: 'YES_NO',
    scoringRule: 'ALL_OR_NOTHING',
    requirement: {},
    maxScore: 15,
    isVeto: false,
    photoRequired: false,
  },
  {
    code: 'PRICE',
    name: '价签齐全',
    category: 'PRICE',
    inputType: 'YES_NO',
    scoringRule: 'ALL_OR_NOTHING',
    requirement: {},
    maxScore: 10,
    isVeto: false,
    photoRequired: false,
  },
  {
    code: 'FRESH',
    name: '无临期品',
    category: 'FRESHNESS',
    inputType: 'YES_NO',
    scoringRule: 'ALL_OR_NOTHING',
    requirement: {},
    maxScore: 10,
    isVeto: true,
    photoRequired: false,
  },
  {
    code: 'FREEZER',
    name: '冰柜纯净度≥80%',
    category: 'FREEZER',
    inputType: 'PHOTO_AI',
    aiDetectType: 'FREEZER',
    scoringRule: 'ALL_OR_NOTHING',
    requirement: {},
    maxScore: 20,
    isVeto: false,
    photoRequired: true,
  },
];

export const DEMO_TEMPLATE_ID = stableId('executionTemplate', TENANT, 'EXE-STD', '2');

export const seedExecution: SeedStep = async (trx) => {
  const random = seededRandom(1717);
  const admin = demoUserId('admin');
  const manager = demoUserId('zhangwei');
  const templates = [
    {
      id: stableId('executionTemplate', TENANT, 'EXE-STD', '1'),
      code: 'EXE-STD',
      name: '标准门店执行',
      version: 1,
      status: 'RETIRED' as const,
      items: ITEMS.slice(0, 5).map((item) => (item.code === 'FRESH' ? { ...item, maxScore: 30 } : item)),
      channels: [] as string[],
      outletTypes: [] as string[],
    },
    {
      id: DEMO_TEMPLATE_ID,
      code: 'EXE-STD',
      name: '标准门店执行',
      version: 2,
      status: 'ACTIVE' as const,
      items: ITEMS,
      channels: [],
      outletTypes: [],
    },
    {
      id: stableId('executionTemplate', TENANT, 'EXE-KA', '1'),
      code: 'EXE-KA',
      name: 'KA卖场执行',
      version: 1,
      status: 'DRAFT' as const,
      items: ITEMS,
      channels: ['MT'],
      outletTypes: ['大卖场KA'],
    },
  ];
  const itemIds = new Map<string, string>();
  for (const template of templates) {
    await trx
      .insertInto('execution_templates')
      .values({
        id: template.id,
        tenant_id: TENANT,
        code: template.code,
        name: template.name,
        version: template.version,
        channels: JSON.stringify(template.channels),
        outlet_types: JSON.stringify(template.outletTypes),
        total_score: 100,
        pass_score: 80,
        coin_rule: JSON.stringify(COIN_RULE),
        status: template.status,
        remark: template.status === 'RETIRED' ? '第一版：无冰柜项' : null,
        created_by: admin,
      })
      .execute();
    await trx
      .insertInto('execution_template_items')
      .values(
        template.items.map((item, index) => {
          const id = stableId('executionItem', template.id, item.code);
          itemIds.set(`${template.id}:${item.code}`, id);
          return {
            id,
            tenant_id: TENANT,
            template_id: template.id,
            seq: index + 1,
            code: item.code,
            name: item.name,
            category: item.category as never,
            input_type: item.inputType,
            ai_detect_type: (item.aiDetectType ?? null) as never,
            requirement: JSON.stringify(item.requirement),
            max_score: item.maxScore,
            scoring_rule: item.scoringRule,
            is_veto: item.isVeto,
            photo_required: item.photoRequired,
          };
        }),
      )
      .execute();
  }

  // The visits that did a 陈列检查, oldest first.
  const visits = await trx
    .selectFrom('visit_records')
    .innerJoin('visit_step_results', 'visit_step_results.visit_id', 'visit_records.id')
    .select([
      'visit_records.id',
      'visit_records.visit_no',
      'visit_records.customer_id',
      'visit_records.employee_id',
      'visit_records.org_code',
      'visit_records.check_in_at',
      'visit_records.check_out_at',
    ])
    .where('visit_records.tenant_id', '=', TENANT)
    .where('visit_step_results.step_type', '=', 'DISPLAY_CHECK')
    .where('visit_records.check_in_at', '>', new Date(Date.now() - 92 * 86_400_000))
    .orderBy('visit_records.check_in_at')
    .orderBy('visit_records.id')
    .execute();

  const results: Array<{ visit_id: string; final_score: number | null } & Record<string, unknown>> = [];
  const itemRows: Array<Record<string, unknown>> = [];
  const earnedByMonth = new Map<string, number>();
  const awards: Array<{
    customerId: string;
    resultId: string;
    resultNo: string;
    coins: number;
    at: Date;
    score: number;
  }> = [];
  const revocations: Array<{
    customerId: string;
    resultId: string;
    resultNo: string;
    coins: number;
    at: Date;
  }> = [];
  let sequence = 0;
  for (const visit of visits) {
    if (!random.chance(0.7)) continue;
    const executedAt = visit.check_out_at ?? visit.check_in_at;
    const ageDays = (Date.now() - executedAt.getTime()) / 86_400_000;
    const good = random.chance(0.7);
    const inputs = ITEMS.map((item) => ({
      item,
      value:
        item.inputType === 'NUMBER'
          ? good
            ? random.int(item.requirement.min ?? 0, (item.requirement.min ?? 0) + 3)
            : random.int(1, item.requirement.min ?? 1)
          : item.inputType === 'YES_NO'
            ? good || random.chance(0.5)
            : null,
    }));
    const auto = inputs.map(({ item, value }) => ({
      item,
      value,
      ...scoreItem(
        { ...item, id: item.code },
        { value, photoIds: item.inputType === 'PHOTO_AI' ? ['demo'] : [] },
      ),
    }));
    let status: ReviewStatus;
    if (ageDays < 6) status = random.chance(0.85) ? 'PENDING_REVIEW' : 'REJECTED';
    else
      status = random.weighted(
        [
          ['APPROVED', 70],
          ['REJECTED', 10],
          ['APPEALING', 3],
          ['FINAL_APPROVED', 6],
          ['FINAL_REJECTED', 4],
          ['REVOKED', 2],
        ] as Array<[ReviewStatus, number]>,
        ([, weight]) => weight,
      )[0];
    const reviewed = status !== 'PENDING_REVIEW';
    // The reviewer scores the freezer from the photo.
    const freezer = reviewed ? (good ? 20 : random.pick([0, 10, 20])) : null;
    const final = auto.map((each) =>
      each.item.inputType === 'PHOTO_AI'
        ? { ...each, reviewerScore: freezer, score: freezer, met: freezer === null ? null : freezer >= 20 }
        : { ...each, reviewerScore: null },
    );
    const autoTotal = scoreResult(
      auto.map((each) => ({ ...each.item, score: each.score, met: each.met })),
      80,
    );
    const finalTotal = scoreResult(
      final.map((each) => ({ ...each.item, score: each.score, met: each.met })),
      80,
    );
    const id = stableId('executionResult', visit.id);
    const day = executedAt.toISOString().slice(0, 10).replaceAll('-', '');
    sequence += 1;
    const resultNo = `EX${day}${String(sequence).padStart(4, '0')}`;
    const reviewedAt = new Date(executedAt.getTime() + random.int(2, 30) * 3_600_000);
    const appealed = ['APPEALING', 'FINAL_APPROVED', 'FINAL_REJECTED'].includes(status);
    const finalAt = new Date(reviewedAt.getTime() + random.int(30, 60) * 3_600_000);
    const approved = status === 'APPROVED' || status === 'FINAL_APPROVED' || status === 'REVOKED';
    const awardAt = status === 'FINAL_APPROVED' ? finalAt : reviewedAt;
    let coins = 0;
    if (approved && finalTotal.passed && finalTotal.total !== null) {
      const month = `${visit.customer_id}:${awardAt.toISOString().slice(0, 7)}`;
      const used = earnedByMonth.get(month) ?? 0;
      coins = Math.max(0, Math.min(coinsForScore(COIN_RULE, finalTotal.total), COIN_RULE.monthlyCap - used));
      if (status !== 'REVOKED') earnedByMonth.set(month, used + coins);
      if (coins > 0)
        awards.push({
          customerId: visit.customer_id,
          resultId: id,
          resultNo,
          coins,
          at: awardAt,
          score: finalTotal.total,
        });
      if (status === 'REVOKED' && coins > 0)
        revocations.push({
          customerId: visit.customer_id,
          resultId: id,
          resultNo,
          coins,
          at: new Date(awardAt.getTime() + 5 * 86_400_000),
        });
    }
    results.push({
      id,
      tenant_id: TENANT,
      result_no: resultNo,
      client_id: `seed-${id}`,
      visit_id: visit.id,
      customer_id: visit.customer_id,
      employee_id: visit.employee_id,
      org_code: visit.org_code,
      template_id: DEMO_TEMPLATE_ID,
      template_version: 2,
      executed_at: executedAt,
      auto_score: autoTotal.total,
      final_score: reviewed ? finalTotal.total : autoTotal.total,
      passed: reviewed ? finalTotal.passed : autoTotal.passed,
      veto_hit: finalTotal.vetoHit,
      review_status: status,
      reviewer_id: reviewed ? manager : null,
      reviewed_at: reviewed ? reviewedAt : null,
      review_comment:
        status === 'REJECTED' || appealed
          ? random.pick(['照片不清晰，无法判断冰柜纯净度', '排面数与照片不符', '价签缺失'])
          : null,
      appeal_reason: appealed ? random.pick(['已补拍清晰照片，请复核', '排面数已按标准整改']) : null,
      appeal_by: appealed ? visit.employee_id : null,
      appealed_at: appealed ? new Date(reviewedAt.getTime() + 20 * 3_600_000) : null,
      final_reviewer_id: status === 'FINAL_APPROVED' || status === 'FINAL_REJECTED' ? admin : null,
      final_reviewed_at: status === 'FINAL_APPROVED' || status === 'FINAL_REJECTED' ? finalAt : null,
      final_comment:
        status === 'FINAL_APPROVED' ? '复核照片后认可' : status === 'FINAL_REJECTED' ? '维持驳回' : null,
      revoked_by: status === 'REVOKED' ? admin : null,
      revoked_at: status === 'REVOKED' ? new Date(awardAt.getTime() + 5 * 86_400_000) : null,
      revoke_reason: status === 'REVOKED' ? '稽查复访：陈列为临时摆放' : null,
      coins_awarded: coins,
      coin_month: coins > 0 ? awardAt.toISOString().slice(0, 7) : null,
      created_by: visit.employee_id,
    });
    for (const [index, each] of final.entries())
      itemRows.push({
        id: newId(),
        tenant_id: TENANT,
        result_id: id,
        item_id: itemIds.get(`${DEMO_TEMPLATE_ID}:${each.item.code}`),
        seq: index + 1,
        input_value: JSON.stringify(each.value),
        photo_ids: '[]',
        auto_score: auto[index].score,
        reviewer_score: each.reviewerScore,
        final_score: reviewed ? each.score : auto[index].score,
        met: reviewed ? each.met : auto[index].met,
        deduction_reason: auto[index].deductionReason,
      });
  }
  await insertChunked(trx, 'execution_results', results as never);
  await insertChunked(trx, 'execution_item_results', itemRows as never);
  for (const result of results)
    await trx
      .updateTable('visit_records')
      .set({ execution_score: result.final_score })
      .where('id', '=', result.visit_id)
      .execute();

  // The coins, in the order they happened; some outlets redeem gifts with them.
  const events = [
    ...awards.map((award) => ({ ...award, kind: 'EARN' as const })),
    ...revocations.map((each) => ({ ...each, score: 0, kind: 'REVERSE' as const })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  const balances = new Map<string, number>();
  // What each outlet's revoked results will take back: a redemption leaves that much, or the reversal would
  // find the account short (which the ledger refuses).
  const toReverse = new Map<string, number>();
  for (const each of revocations)
    toReverse.set(each.customerId, (toReverse.get(each.customerId) ?? 0) + each.coins);
  for (const event of events) {
    if (event.kind === 'REVERSE')
      toReverse.set(event.customerId, (toReverse.get(event.customerId) ?? 0) - event.coins);
    const entry = await postCoins(trx, {
      tenantId: TENANT,
      customerId: event.customerId,
      coins: event.kind === 'EARN' ? event.coins : -event.coins,
      entryType: event.kind === 'EARN' ? 'EARN_EXECUTION' : 'REVERSE',
      source: { type: 'EXECUTION', id: event.resultId, no: event.resultNo },
      remark:
        event.kind === 'EARN'
          ? `执行得分 ${event.score}，奖励 ${event.coins} 金币`
          : `执行结果 ${event.resultNo} 撤销，冲正 ${event.coins} 金币`,
      operatorId: event.kind === 'EARN' ? manager : admin,
      expireAt: event.kind === 'EARN' ? `${event.at.getFullYear() + 1}-12-31` : null,
      at: event.at,
    });
    if (event.kind === 'EARN')
      await trx
        .updateTable('execution_results')
        .set({ coin_entry_id: entry.entryId })
        .where('id', '=', event.resultId)
        .execute();
    const balance =
      (balances.get(event.customerId) ?? 0) + (event.kind === 'EARN' ? event.coins : -event.coins);
    balances.set(event.customerId, balance);
    if (
      event.kind === 'EARN' &&
      balance >= 120 &&
      event.at.getTime() < Date.now() - 3 * 86_400_000 &&
      random.chance(0.3)
    ) {
      const redeemed = random.pick([50, 80, 100]);
      if (balance - redeemed < (toReverse.get(event.customerId) ?? 0)) continue;
      await postCoins(trx, {
        tenantId: TENANT,
        customerId: event.customerId,
        coins: -redeemed,
        entryType: 'REDEEM_GIFT',
        source: { type: 'MANUAL', no: null },
        remark: random.pick(['兑换冰柜温度计', '兑换店招灯箱贴', '兑换收银台立牌']),
        operatorId: manager,
        at: new Date(event.at.getTime() + 2 * 86_400_000),
      });
      balances.set(event.customerId, balance - redeemed);
    }
  }
};
