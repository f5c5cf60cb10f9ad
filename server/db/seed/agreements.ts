// The agreements of the demo (DOMAIN §1.8) for tenant A01: a cooperation template published twice (so its
// version history and diff show something), a published 陈列协议 template, a freezer template still in draft,
// and the dealers' cooperation agreements in every state a user meets — running (one expiring within 30 days),
// waiting for approval in the 审批中心, waiting for signature, a draft, a terminated one, and last year's expired
// one renewed into this year's. The agreements store the template version and the variable values, as the
// module does.
import { sql, type Transaction } from 'kysely';
import {
  COOPERATION_TYPE,
  COOP_STANDARD_VARIABLES,
  DISPLAY_STANDARD_VARIABLES,
  type CoopEvent,
  type CoopStatus,
  type CooperationType,
  type TemplateVariable,
  type VariableValues,
} from '../../../common/agreements';
import { startApproval } from '../../modules/approvals/engine';
import { stableId } from '../ids';
import type { DB } from '../schema';
import { DEMO_CITIES } from './businessCatalogue';
import { demoUserId } from './ids';
import type { SeedStep } from './index';

const TENANT = 'A01';
const DAY = 86_400_000;

const OWN_VARIABLES: TemplateVariable[] = [
  { name: 'brandScope', label: '经销品牌', type: 'text', sample: '劲鹏、本草凉' },
  { name: 'rebateNote', label: '返利说明', type: 'text', sample: '按季度返利政策执行' },
];

/** The demo's 陈列协议 template: the display agreement's own fields fill it. */
const DISPLAY_BODY =
  '<h2>门店陈列协议</h2><p>协议编号：{{agreementNo}}</p><p>甲方：{{partyA}}</p><p>乙方：{{partyB}}</p>' +
  '<p>乙方在{{locationDesc}}以「{{displayType}}」形式陈列甲方产品，排面不少于{{minFacings}}个，' +
  '期限自{{startDate}}至{{endDate}}。</p><p>甲方每月支付陈列费{{monthlyFee}}元（共{{totalFee}}元），' +
  '以{{feeType}}方式兑付；每月检核不达标的，按陈列方案扣减。</p>';

const BODY = (revision: 1 | 2) =>
  [
    '<h2>经销商年度合作协议</h2>',
    '<p>协议编号：{{agreementNo}}</p>',
    '<p>甲方：{{partyA}}</p>',
    '<p>乙方：{{partyB}}</p>',
    '<h3>第一条 合作内容</h3>',
    '<p>甲方授权乙方在{{territory}}范围内以「{{cooperationType}}」方式销售甲方{{brandScope}}系列产品，协议期自{{startDate}}起至{{endDate}}止。</p>',
    '<h3>第二条 销售目标</h3>',
    '<p>乙方年度销售目标为人民币{{annualTargetAmount}}元（{{annualTargetCases}}箱），月度目标如下：</p>',
    '<table data-source="monthlyTargets"><tbody><tr><th><p>月份</p></th><th><p>目标金额（元）</p></th></tr><tr><td><p>{{monthlyTargets.month}}</p></td><td><p>{{monthlyTargets.target}}</p></td></tr></tbody></table>',
    '<h3>第三条 保证金与付款</h3>',
    `<p>乙方应于协议签订后${revision === 1 ? '十五' : '七'}日内向甲方缴纳保证金{{depositAmount}}元；付款条件：{{paymentTerms}}。</p>`,
    '<h3>第四条 返利</h3>',
    '<p>{{rebateNote}}。</p>',
    '<h3>第五条 违约责任</h3>',
    '<p>{{penaltyTerms}}</p>',
    ...(revision === 2 ? ['<p>乙方不得跨区域销售（窜货），一经查实按违约处理。</p>'] : []),
    '<hr><p>甲方（盖章）：　　　　　　　　乙方（盖章）：</p>',
  ].join('');

interface DemoAgreement {
  key: string;
  status: CoopStatus;
  /** Days from today. */
  start: number;
  end: number;
  type: CooperationType;
  target: number;
  deposit: number;
  /** The part of the dealer's city it covers. */
  territory: string;
  terms: string;
  reason?: string;
  previous?: string;
}

const AGREEMENTS: DemoAgreement[] = [
  {
    key: 'active-1',
    status: 'ACTIVE',
    start: -120,
    end: 245,
    type: 'DISTRIBUTION',
    target: 3_600_000,
    deposit: 100_000,
    territory: '市区及下辖区县',
    terms: '款到发货',
  },
  {
    key: 'expiring',
    status: 'ACTIVE',
    start: -345,
    end: 20,
    type: 'EXCLUSIVE',
    target: 1_800_000,
    deposit: 50_000,
    territory: '城区',
    terms: '月结30天',
  },
  {
    key: 'last-year',
    status: 'RENEWED',
    start: -400,
    end: -36,
    type: 'DISTRIBUTION',
    target: 1_200_000,
    deposit: 30_000,
    territory: '城东片区',
    terms: '款到发货',
  },
  {
    key: 'renewal',
    status: 'DRAFT',
    start: -35,
    end: 329,
    type: 'DISTRIBUTION',
    target: 1_500_000,
    deposit: 30_000,
    territory: '城东片区',
    terms: '款到发货',
    previous: 'last-year',
  },
  {
    key: 'pending',
    status: 'PENDING_APPROVAL',
    start: 10,
    end: 375,
    type: 'SUB_DISTRIBUTION',
    target: 900_000,
    deposit: 20_000,
    territory: '城北片区',
    terms: '款到发货',
  },
  {
    key: 'approved',
    status: 'APPROVED',
    start: 5,
    end: 370,
    type: 'SPECIAL',
    target: 600_000,
    deposit: 10_000,
    territory: '高新区',
    terms: '款到发货',
  },
  {
    key: 'terminated',
    status: 'TERMINATED',
    start: -200,
    end: 165,
    type: 'DISTRIBUTION',
    target: 1_000_000,
    deposit: 30_000,
    territory: '城南片区',
    terms: '月结15天',
    reason: '乙方多次跨区窜货，经核实属实',
  },
];

/** The events an agreement in `status` went through, in order. */
function eventsOf(agreement: DemoAgreement): Array<[CoopEvent, CoopStatus | null, CoopStatus]> {
  const path: Array<[CoopEvent, CoopStatus | null, CoopStatus]> = [['CREATE', null, 'DRAFT']];
  if (agreement.status === 'DRAFT') return path;
  path.push(['SUBMIT', 'DRAFT', 'PENDING_APPROVAL']);
  if (agreement.status === 'PENDING_APPROVAL') return path;
  path.push(['APPROVE', 'PENDING_APPROVAL', 'APPROVED']);
  if (agreement.status === 'APPROVED') return path;
  path.push(['SIGN', 'APPROVED', 'SIGNED'], ['ACTIVATE', 'SIGNED', 'ACTIVE']);
  if (agreement.status === 'TERMINATED') path.push(['TERMINATE', 'ACTIVE', 'TERMINATED']);
  if (agreement.status === 'RENEWED')
    path.push(['EXPIRE', 'ACTIVE', 'EXPIRED'], ['RENEW', 'EXPIRED', 'RENEWED']);
  return path;
}

export const seedAgreements: SeedStep = async (trx: Transaction<DB>) => {
  const admin = demoUserId('admin');
  const tenant = await trx
    .selectFrom('tenants')
    .select('name')
    .where('tenant_id', '=', TENANT)
    .executeTakeFirstOrThrow();
  const dealers = await trx
    .selectFrom('customers')
    .select(['id', 'name', 'org_code', 'city_code'])
    .where('tenant_id', '=', TENANT)
    .where('customer_type', '=', 'DEALER')
    .orderBy('customer_code')
    .limit(AGREEMENTS.length)
    .execute();
  if (dealers.length === 0) return;

  const templateId = stableId('agreement-template', TENANT, 'coop');
  await trx
    .insertInto('agreement_templates')
    .values([
      {
        id: templateId,
        tenant_id: TENANT,
        code: 'COOP-2026',
        name: '经销商年度合作协议',
        agreement_type: 'COOPERATION',
        sign_mode: 'BOTH',
        body_html: BODY(2),
        variable_schema: JSON.stringify(OWN_VARIABLES),
        status: 'PUBLISHED',
        current_version: 2,
        published_at: new Date(Date.now() - 30 * DAY),
        published_by: admin,
        created_by: admin,
        updated_by: admin,
      },
      {
        id: stableId('agreement-template', TENANT, 'display'),
        tenant_id: TENANT,
        code: 'DISPLAY-2026',
        name: '门店陈列协议',
        agreement_type: 'DISPLAY',
        sign_mode: 'PAPER_PHOTO',
        body_html: DISPLAY_BODY,
        variable_schema: JSON.stringify([]),
        status: 'PUBLISHED',
        current_version: 1,
        published_at: new Date(Date.now() - 60 * DAY),
        published_by: admin,
        created_by: admin,
        updated_by: admin,
      },
      {
        id: stableId('agreement-template', TENANT, 'freezer'),
        tenant_id: TENANT,
        code: 'FREEZER-2026',
        name: '冰柜投放协议（草稿）',
        agreement_type: 'FREEZER',
        sign_mode: 'PAPER_PHOTO',
        body_html:
          '<h2>冰柜投放协议</h2><p>甲方将冰柜一台投放至乙方门店{{outletName}}，押金{{deposit}}元。</p>',
        variable_schema: JSON.stringify([
          { name: 'outletName', label: '门店名称', type: 'text', sample: '好又多便利店' },
          { name: 'deposit', label: '押金', type: 'number', sample: '500' },
        ]),
        created_by: admin,
        updated_by: admin,
      },
    ])
    .execute();
  const variables = [...COOP_STANDARD_VARIABLES, ...OWN_VARIABLES];
  const versionIds = ([1, 2] as const).map((version) =>
    stableId('agreement-template-version', TENANT, 'coop', String(version)),
  );
  await trx
    .insertInto('agreement_template_versions')
    .values(
      ([1, 2] as const).map((version, index) => ({
        id: versionIds[index],
        tenant_id: TENANT,
        template_id: templateId,
        version,
        body_html: BODY(version),
        variable_schema: JSON.stringify(variables),
        published_by: admin,
      })),
    )
    .execute();
  await trx
    .insertInto('agreement_template_versions')
    .values({
      id: stableId('agreement-template-version', TENANT, 'display', '1'),
      tenant_id: TENANT,
      template_id: stableId('agreement-template', TENANT, 'display'),
      version: 1,
      body_html: DISPLAY_BODY,
      variable_schema: JSON.stringify(DISPLAY_STANDARD_VARIABLES),
      published_by: admin,
    })
    .execute();
  await sql`update agreement_template_versions set published_at = now() - (interval '1 day' * ${400})
    where id = ${versionIds[0]}`.execute(trx);
  await sql`update agreement_template_versions set published_at = now() - (interval '1 day' * ${30})
    where id = ${versionIds[1]}`.execute(trx);

  const today = Date.now() + 8 * 3_600_000;
  const date = (days: number) => new Date(today + days * DAY).toISOString().slice(0, 10);
  const ids = new Map(
    AGREEMENTS.map((agreement) => [agreement.key, stableId('coop-agreement', TENANT, agreement.key)]),
  );
  for (const [index, agreement] of AGREEMENTS.entries()) {
    const dealer = dealers[index % dealers.length];
    const city = DEMO_CITIES.find((each) => each.code === dealer.city_code)?.name ?? '';
    const territory = `${city}${city ? '市' : ''}${agreement.territory}`;
    const id = ids.get(agreement.key)!;
    const agreementNo = `CA${date(agreement.start - 15).replace(/-/g, '')}${String(index + 1).padStart(4, '0')}`;
    const monthly = Array.from({ length: 12 }, (_, month) =>
      Math.round((agreement.target / 12) * (month >= 5 && month <= 8 ? 1.3 : 0.85)),
    );
    // The old agreement was made from version 1: it still reads as version 1 did.
    const versionIndex = agreement.start < -380 ? 0 : 1;
    const values: VariableValues = {
      brandScope: '劲鹏、本草凉',
      rebateNote: '按甲方当年季度返利政策执行，返利以货补形式兑付',
      agreementNo,
      partyA: tenant.name,
      partyB: dealer.name,
      cooperationType: COOPERATION_TYPE[agreement.type],
      startDate: date(agreement.start),
      endDate: date(agreement.end),
      territory,
      annualTargetAmount: agreement.target,
      annualTargetCases: Math.round(agreement.target / 60),
      depositAmount: agreement.deposit,
      paymentTerms: agreement.terms,
      penaltyTerms:
        '乙方未完成年度目标80%的，甲方有权调整授权区域；乙方违约的，甲方有权扣除保证金并终止协议。',
      monthlyTargets: monthly.map((target, month) => ({ month: `${month + 1}月`, target })),
    };
    await trx
      .insertInto('coop_agreements')
      .values({
        id,
        tenant_id: TENANT,
        agreement_no: agreementNo,
        party_b_customer_id: dealer.id,
        cooperation_type: agreement.type,
        start_date: date(agreement.start),
        end_date: date(agreement.end),
        territory,
        channels: '传统渠道、餐饮',
        annual_target_cases: Math.round(agreement.target / 60),
        annual_target_amount: agreement.target,
        monthly_targets: JSON.stringify(monthly),
        deposit_amount: agreement.deposit,
        credit_limit: agreement.deposit * 5,
        payment_terms: agreement.terms,
        rebate_policy_ids: '[]',
        exclusivity: agreement.type === 'EXCLUSIVE',
        penalty_terms: values.penaltyTerms as string,
        template_id: templateId,
        template_version_id: versionIds[versionIndex],
        variable_values: JSON.stringify(values),
        signed_at: ['ACTIVE', 'TERMINATED', 'RENEWED'].includes(agreement.status)
          ? new Date(Date.now() + (agreement.start - 3) * DAY)
          : null,
        previous_agreement_id: agreement.previous ? ids.get(agreement.previous)! : null,
        status: agreement.status,
        termination_reason: agreement.reason ?? null,
        org_code: dealer.org_code,
        created_by: admin,
        updated_by: admin,
      })
      .execute();
    const events = eventsOf(agreement);
    await trx
      .insertInto('coop_agreement_events')
      .values(
        events.map(([action, from, to], step) => ({
          id: stableId('coop-agreement-event', id, String(step)),
          tenant_id: TENANT,
          agreement_id: id,
          action,
          from_status: from,
          to_status: to,
          note:
            action === 'TERMINATE'
              ? (agreement.reason ?? null)
              : action === 'CREATE' && agreement.previous
                ? '由上一期协议续签'
                : null,
          actor_id: action === 'ACTIVATE' || action === 'EXPIRE' ? null : admin,
        })),
      )
      .execute();
    // The history in order: a day apart, starting three weeks before the period.
    for (const step of events.keys()) {
      await sql`update coop_agreement_events
        set created_at = now() - interval '1 day' * ${-agreement.start + 21 - step}
        where id = ${stableId('coop-agreement-event', id, String(step))}`.execute(trx);
    }
    if (agreement.status === 'PENDING_APPROVAL') {
      await startApproval(trx, {
        tenantId: TENANT,
        initiatorId: admin,
        bizType: 'COOP_AGREEMENT',
        bizId: id,
        bizNo: agreementNo,
        title: `合作协议：${dealer.name}`,
        summary: {
          fields: [
            { label: '协议编号', value: agreementNo },
            { label: '乙方', value: dealer.name },
            { label: '合作类型', value: COOPERATION_TYPE[agreement.type] },
            { label: '协议期', value: `${date(agreement.start)} 至 ${date(agreement.end)}` },
            { label: '年度目标金额', value: `¥${agreement.target.toLocaleString('zh-CN')}` },
          ],
        },
        amount: agreement.target,
        orgCode: dealer.org_code,
      });
    }
  }
};
