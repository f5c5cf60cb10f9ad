// The trade-asset demo (DOMAIN §1.10, issue #20), about 300 assets of A01 in every state: asset models; a
// freezer placed for every unit of 冰柜数 the business seed gave an outlet and display racks at outlets spread
// over the list (each with its completed placement, its log and, mostly, an inspection), idle stock in the brand
// warehouses, and applications in every state made through the module's own commands, so the approvals wait in
// the 审批中心 of the office heads and the logs read as they would after real use.
import type { Insertable, Transaction } from 'kysely';
import { FREEZER_STANDARD_VARIABLES } from '../../../common/agreements';
import type { ConditionStatus } from '../../../common/assets';
import {
  applyPlacementIn,
  applyRecallIn,
  applyScrapIn,
  applyTransferIn,
  deliverPlacementIn,
  receiveDepositIn,
} from '../../modules/assets/applications';
import { startHandoverIn } from '../../modules/assets/lifecycle';
import { reportExceptionIn } from '../../modules/assets/inspections';
import { receiveAlarmIn, type AlarmInput } from '../../modules/assets/iot';
import { DEFAULT_IOT_ALARMS } from '../../config';
import { recountFreezers } from '../../modules/assets/ledger';
import { decideTask } from '../../modules/approvals/engine';
import type { Actor } from '../../modules/shared/actor';
import { stableId } from '../ids';
import type {
  AssetApplicationsTable,
  AssetInspectionsTable,
  AssetModelsTable,
  AssetMovesTable,
  AssetsTable,
  DB,
} from '../schema';
import { insertChunked, seededRandom } from './businessData';
import { DEMO_SEED } from './business';
import { demoUserId } from './ids';
import type { SeedStep } from './index';

type Model = Insertable<AssetModelsTable> & { id: string };

const MODELS: Array<Omit<Model, 'id' | 'tenant_id'>> = [
  {
    model_code: 'SC-400',
    name: '立式单门冷藏柜 400L',
    asset_type: 'FREEZER',
    form_factor: 'UPRIGHT_1D',
    volume_l: 400,
    power_w: 260,
    temp_range: '2~10℃',
    manufacturer: '海川制冷（示例）',
    unit_value: 2800,
    deposit_amount: 500,
    warranty_months: 24,
  },
  {
    model_code: 'SC-680',
    name: '立式双门冷藏柜 680L',
    asset_type: 'FREEZER',
    form_factor: 'UPRIGHT_2D',
    volume_l: 680,
    power_w: 420,
    temp_range: '2~10℃',
    manufacturer: '海川制冷（示例）',
    unit_value: 5600,
    deposit_amount: 1000,
    warranty_months: 24,
  },
  {
    model_code: 'WG-300',
    name: '卧式冷藏冷冻柜 300L',
    asset_type: 'FREEZER',
    form_factor: 'CHEST',
    volume_l: 300,
    power_w: 180,
    temp_range: '-18~8℃',
    manufacturer: '北辰电器（示例）',
    unit_value: 2200,
    deposit_amount: 300,
    warranty_months: 12,
  },
  {
    model_code: 'FM-1200',
    name: '风幕展示柜 1.2m',
    asset_type: 'FREEZER',
    form_factor: 'AIR_CURTAIN',
    volume_l: 900,
    power_w: 1100,
    temp_range: '2~8℃',
    manufacturer: '北辰电器（示例）',
    unit_value: 12800,
    deposit_amount: 2000,
    warranty_months: 36,
  },
  {
    model_code: 'DR-4L',
    name: '四层金属陈列架',
    asset_type: 'DISPLAY_RACK',
    form_factor: 'RACK_4L',
    volume_l: null,
    power_w: null,
    temp_range: null,
    manufacturer: '恒业货架（示例）',
    unit_value: 600,
    deposit_amount: 0,
    warranty_months: 12,
  },
];

const DAY = 86_400_000;
const actorOf = (tenantId: string, username: string): Actor => ({
  tenantId,
  userId: demoUserId(username),
  username,
  request: { ip: '127.0.0.1', method: 'SEED', url: '/seed/assets', userAgent: undefined, elapsedMs: () => 0 },
});

interface Volume {
  /** Idle assets per brand warehouse. */
  idlePerWarehouse: number;
  /** The most freezers placed (the outlets' 冰柜数 are kept up to it). */
  maxPlaced: number;
  /** Display racks placed, spread over the outlets. */
  racksPlaced: number;
  /** Whether to make the applications in every state (the demo tenant). */
  applications: boolean;
}

async function seedTenantAssets(trx: Transaction<DB>, tenantId: string, volume: Volume, seed: number) {
  const random = seededRandom(seed);
  const admin = demoUserId(tenantId === 'A01' ? 'admin' : 't2admin');
  const models: Model[] = MODELS.map((model) => ({
    ...model,
    id: stableId('assetModel', tenantId, model.model_code),
    tenant_id: tenantId,
    created_by: admin,
  }));
  await insertChunked(trx, 'asset_models', models);
  const freezers = models.filter((model) => model.asset_type === 'FREEZER');
  const warehouses = await trx
    .selectFrom('warehouses')
    .select(['id', 'name', 'org_code'])
    .where('tenant_id', '=', tenantId)
    .where('owner_type', '=', 'BRAND')
    .orderBy('code')
    .execute();
  if (warehouses.length === 0) return;
  const everyOutlet = await trx
    .selectFrom('customers')
    .select(['id', 'name', 'org_code', 'owner_user_id', 'freezer_count', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('customer_type', '=', 'OUTLET')
    .orderBy('customer_code')
    .execute();
  const outlets = everyOutlet.filter((outlet) => outlet.freezer_count > 0);

  const assets: Array<Insertable<AssetsTable> & { id: string }> = [];
  const moves: Insertable<AssetMovesTable>[] = [];
  const applications: Insertable<AssetApplicationsTable>[] = [];
  const inspections: Insertable<AssetInspectionsTable>[] = [];
  const now = Date.now();
  let serial = 0;
  const newAsset = (model: Model, warehouse: (typeof warehouses)[number], inboundDaysAgo: number) => {
    serial += 1;
    const asset = {
      id: stableId('asset', tenantId, String(serial)),
      tenant_id: tenantId,
      asset_no: `${tenantId === 'A01' ? 'HY' : 'CF'}${String(100000 + serial)}`,
      serial_no: `${model.model_code.replace('-', '')}${String(2_500_000 + serial * 7)}`,
      model_id: model.id,
      asset_type: model.asset_type,
      value: model.unit_value,
      org_code: warehouse.org_code,
      warehouse_id: warehouse.id as string | null,
      release_date: new Date(now - (inboundDaysAgo + 30) * DAY).toISOString().slice(0, 10),
      created_by: admin,
    };
    assets.push(asset);
    moves.push({
      id: stableId('assetMove', tenantId, asset.id, 'in'),
      tenant_id: tenantId,
      asset_id: asset.id,
      move_type: 'INBOUND',
      to_text: warehouse.name,
      detail: model.name,
      operator_id: admin,
      created_at: new Date(now - inboundDaysAgo * DAY),
    });
    return asset;
  };

  const placeDay = new Map<string, number>();
  /** A placed asset of `model` at `outlet`, with its completed placement, its log and, mostly, an inspection. */
  const placeAt = (
    random: ReturnType<typeof seededRandom>,
    outlet: (typeof outlets)[number],
    model: Model,
  ) => {
    const warehouse = random.pick(warehouses);
    const daysAgo = random.int(20, 700);
    const asset = newAsset(model, warehouse, daysAgo + 5);
    const placedAt = new Date(now - daysAgo * DAY);
    const inspectedDaysAgo = random.chance(0.8) ? random.int(1, Math.min(daysAgo, 60)) : null;
    const condition: ConditionStatus = random.chance(0.08) ? 'ABNORMAL' : 'NORMAL';
    // A rack has no temperature to read.
    const temperature =
      inspectedDaysAgo === null || model.asset_type !== 'FREEZER' ? null : String(random.int(30, 90) / 10);
    Object.assign(asset, {
      warehouse_id: null,
      customer_id: outlet.id,
      org_code: outlet.org_code,
      responsible_user_id: outlet.owner_user_id,
      placement_status: 'PLACED',
      condition_status: condition,
      placed_at: placedAt,
      last_inspection_at: inspectedDaysAgo === null ? null : new Date(now - inspectedDaysAgo * DAY),
      last_temperature: temperature,
    });
    const day = placedAt.toISOString().slice(0, 10).replace(/-/g, '');
    const sequence = (placeDay.get(day) ?? 0) + 1;
    placeDay.set(day, sequence);
    const applicationId = stableId('assetApplication', tenantId, asset.id);
    const free = model.deposit_amount === 0 || random.chance(0.3);
    applications.push({
      id: applicationId,
      tenant_id: tenantId,
      apply_no: `FP${day}${String(sequence).padStart(4, '0')}`,
      apply_type: 'PLACE',
      asset_id: asset.id,
      customer_id: outlet.id,
      warehouse_id: warehouse.id,
      org_code: outlet.org_code,
      applicant_id: outlet.owner_user_id ?? admin,
      status: 'COMPLETED',
      free_deposit: free,
      deposit_amount: free ? 0 : model.deposit_amount,
      deposit_status: free ? 'NOT_REQUIRED' : 'PAID',
      deposit_receipt_no: free ? null : `SK${day}${String(sequence).padStart(4, '0')}`,
      deposit_paid_at: free ? null : new Date(placedAt.getTime() - 2 * DAY),
      finished_at: placedAt,
      created_by: outlet.owner_user_id ?? admin,
    });
    moves.push({
      id: stableId('assetMove', tenantId, asset.id, 'place'),
      tenant_id: tenantId,
      asset_id: asset.id,
      move_type: 'PLACE',
      from_text: warehouse.name,
      to_text: outlet.name,
      application_id: applicationId,
      detail: '门店签收',
      operator_id: outlet.owner_user_id ?? admin,
      created_at: placedAt,
    });
    if (inspectedDaysAgo !== null) {
      inspections.push({
        id: stableId('assetInspection', tenantId, asset.id),
        tenant_id: tenantId,
        inspection_no: `XJ${asset.asset_no}`,
        asset_id: asset.id,
        customer_id: outlet.id,
        powered_on: condition === 'NORMAL' || random.chance(0.5),
        temperature,
        cleanliness: random.weighted(['GOOD', 'FAIR', 'POOR'] as const, (each) =>
          each === 'GOOD' ? 6 : each === 'FAIR' ? 3 : 1,
        ),
        reported_condition: condition === 'NORMAL' ? 'NORMAL' : 'ABNORMAL',
        created_by: outlet.owner_user_id ?? admin,
      });
      moves.push({
        id: stableId('assetMove', tenantId, asset.id, 'inspect'),
        tenant_id: tenantId,
        asset_id: asset.id,
        move_type: 'INSPECT',
        detail: `巡检：${condition === 'NORMAL' ? '正常' : '异常'}`,
        operator_id: outlet.owner_user_id ?? admin,
        created_at: new Date(now - inspectedDaysAgo * DAY),
      });
    }
  };
  // Placed freezers: one per unit of each outlet's 冰柜数.
  let placed = 0;
  for (const outlet of outlets) {
    for (let n = 0; n < outlet.freezer_count && placed < volume.maxPlaced; n += 1) {
      placed += 1;
      placeAt(
        random,
        outlet,
        random.weighted(freezers, (each) => (each.model_code === 'FM-1200' ? 1 : 4)),
      );
    }
  }
  // Idle stock in the brand warehouses; a few scrapped and lost ones off the books.
  for (const warehouse of warehouses) {
    for (let n = 0; n < volume.idlePerWarehouse; n += 1) {
      const model = random.weighted(models, (each) => (each.asset_type === 'DISPLAY_RACK' ? 2 : 3));
      const asset = newAsset(model, warehouse, random.int(3, 200));
      const roll = random.next();
      if (roll < 0.08) Object.assign(asset, { condition_status: 'ABNORMAL' });
      else if (roll < 0.12) Object.assign(asset, { condition_status: 'SCRAPPED', warehouse_id: null });
      else if (roll < 0.14) Object.assign(asset, { condition_status: 'LOST', warehouse_id: null });
    }
  }
  // Display racks at outlets spread over the whole list (a rack is no freezer: the 冰柜数 stays), drawn apart so
  // the freezers and the idle stock stay as they were.
  if (volume.racksPlaced > 0) {
    const active = everyOutlet.filter((outlet) => outlet.status === 'ACTIVE');
    const rack = models.find((model) => model.asset_type === 'DISPLAY_RACK') as Model;
    const rackRandom = seededRandom(seed + 2);
    const step = Math.max(1, Math.floor(active.length / volume.racksPlaced));
    for (let index = 0; index < active.length && index / step < volume.racksPlaced; index += step) {
      placeAt(rackRandom, active[index], rack);
    }
  }
  await insertChunked(trx, 'assets', assets);
  await insertChunked(trx, 'asset_applications', applications);
  await insertChunked(trx, 'asset_moves', moves);
  await insertChunked(trx, 'asset_inspections', inspections);
  // 冰柜数 as the ledger has it.
  await recountFreezers(trx, tenantId);
  const templateId = await seedDepositsAndAgreements(trx, tenantId, admin, seed);
  if (volume.applications) await seedApplications(trx, tenantId, templateId);
}

/** Applications in every state through the module's commands, in 广州办事处 (zhaolei applies, zhangwei approves). */
async function seedApplications(trx: Transaction<DB>, tenantId: string, templateId: string) {
  const GUANGZHOU = 'A01A02A01';
  const rep = actorOf(tenantId, 'zhaolei');
  const admin = actorOf(tenantId, 'admin');
  const idle = await trx
    .selectFrom('assets')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('placement_status', '=', 'IN_STOCK')
    .where('condition_status', '=', 'NORMAL')
    .where('asset_type', '=', 'FREEZER')
    .orderBy('asset_no')
    .limit(12)
    .execute();
  const outlets = await trx
    .selectFrom('customers')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('customer_type', '=', 'OUTLET')
    .where('org_code', '=', GUANGZHOU)
    .where('status', '=', 'ACTIVE')
    .where('audit_status', '=', 'APPROVED')
    .where('level', 'in', ['A', 'B', 'C'])
    .orderBy('customer_code')
    .limit(12)
    .execute();
  const placedHere = await trx
    .selectFrom('assets')
    .select(['id', 'customer_id'])
    .where('tenant_id', '=', tenantId)
    .where('placement_status', '=', 'PLACED')
    .where('condition_status', '=', 'NORMAL')
    .where('org_code', '=', GUANGZHOU)
    .where('asset_type', '=', 'FREEZER')
    .orderBy('asset_no')
    .limit(6)
    .execute();
  if (idle.length < 11 || outlets.length < 11 || placedHere.length < 6) return;
  // The rep needs the assets in scope: he works in 广州办事处, the warehouses are the brand's (A01).
  const place = (index: number, freeDeposit: boolean) =>
    applyPlacementIn(trx, admin, {
      assetId: idle[index].id,
      customerId: outlets[index].id,
      freeDeposit,
      templateId,
    });
  /** The pending task of the application's approval and its approver, if any. */
  const taskOf = (bizId: string) =>
    trx
      .selectFrom('approval_tasks')
      .innerJoin('approval_instances', 'approval_instances.id', 'approval_tasks.instance_id')
      .select(['approval_tasks.id', 'approval_tasks.approver_id'])
      .where('approval_instances.biz_id', '=', bizId)
      .where('approval_tasks.result', '=', 'PENDING')
      .orderBy('approval_tasks.id')
      .executeTakeFirst();
  /** Every node approved (a valuable freezer goes to the administrator after the office head). */
  const approve = async (id: string) => {
    for (let task = await taskOf(id); task; task = await taskOf(id)) {
      await decideTask(trx, { tenantId, userId: task.approver_id }, task.id, 'APPROVE', '同意');
    }
  };
  // 审批中: three waiting for zhangwei.
  for (const index of [0, 1, 2]) await place(index, index === 2);
  // 待付押金 and 待配送.
  const pendingDeposit = await place(3, false);
  await approve(pendingDeposit.id);
  const waiver = await place(4, true);
  await approve(waiver.id);
  const paid = await place(5, false);
  await approve(paid.id);
  await receiveDepositIn(trx, admin, {
    id: paid.id,
    method: 'BANK_TRANSFER',
    referenceNo: 'SK-DEMO-0001',
  });
  // A deposit left unpaid past its due day: that outlet may not apply again until it is settled.
  const overdue = await place(10, false);
  await approve(overdue.id);
  await trx
    .updateTable('asset_applications')
    .set({ deposit_due_at: new Date(Date.now() - 3 * DAY) })
    .where('id', '=', overdue.id)
    .execute();
  // Handovers: two assets of a rep going to the office head, waiting for his confirmation.
  const handed = await trx
    .selectFrom('assets')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('placement_status', '=', 'PLACED')
    .where('condition_status', '=', 'NORMAL')
    .where('org_code', '=', GUANGZHOU)
    .where('responsible_user_id', '!=', demoUserId('zhangwei'))
    .where('asset_type', '=', 'FREEZER')
    .orderBy('asset_no', 'desc')
    .offset(3)
    .limit(2)
    .execute();
  await startHandoverIn(trx, admin, {
    assetIds: handed.map((each) => each.id),
    toUserId: demoUserId('zhangwei'),
    remark: '业务员离职，门店冰柜交接给主管',
  });
  // 配送中.
  const delivering = await place(6, true);
  await approve(delivering.id);
  await deliverPlacementIn(trx, admin, delivering.id);
  // 已驳回.
  const rejected = await place(7, false);
  const refused = await taskOf(rejected.id);
  if (refused) {
    await decideTask(
      trx,
      { tenantId, userId: refused.approver_id },
      refused.id,
      'REJECT',
      '门店月销量不足，暂缓投放',
    );
  }
  // Recall: one waiting, one approved (待收柜); a transfer waiting; a scrap waiting for the administrator.
  await applyRecallIn(trx, rep, { assetId: placedHere[0].id, reason: 'LOW_SALES', refundDeposit: true });
  const recall = await applyRecallIn(trx, rep, {
    assetId: placedHere[1].id,
    reason: 'OUTLET_CLOSED',
    refundDeposit: true,
  });
  await approve(recall.id);
  await applyTransferIn(trx, rep, { assetId: placedHere[2].id, toCustomerId: outlets[9].id });
  await applyScrapIn(trx, admin, { assetId: idle[8].id, remark: '压缩机损坏，维修价值低' });
  // Exceptions reported from the field.
  await reportExceptionIn(trx, rep, {
    assetId: placedHere[3].id,
    reportType: 'DAMAGED',
    photoIds: [],
    remark: '柜门密封条破损',
  });
  await reportExceptionIn(trx, rep, {
    assetId: placedHere[4].id,
    reportType: 'MISUSED',
    photoIds: [],
    remark: '柜内存放竞品',
  });
  await reportExceptionIn(trx, rep, {
    assetId: placedHere[5].id,
    reportType: 'LOST',
    photoIds: [],
    remark: '门店搬迁，冰柜去向不明',
  });
  await seedAlarms(trx, tenantId);
}

/**
 * Alarms of smart freezers in 广州办事处 (A01A02A01), as the IoT webhook receives them: a warm cabinet and a long outage open
 * exception reports, a short outage is only recorded.
 */
async function seedAlarms(trx: Transaction<DB>, tenantId: string) {
  const placed = await trx
    .selectFrom('assets')
    .select('asset_no')
    .where('tenant_id', '=', tenantId)
    .where('placement_status', '=', 'PLACED')
    .where('condition_status', '=', 'NORMAL')
    .where('org_code', '=', 'A01A02A01')
    .where('asset_type', '=', 'FREEZER')
    .orderBy('asset_no', 'desc')
    .limit(3)
    .execute();
  if (placed.length < 3) return;
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
  const alarms: AlarmInput[] = [
    { alarmType: 'TEMPERATURE', temperature: 14.5, occurredAt: hoursAgo(20) },
    { alarmType: 'POWER_OFF', durationMinutes: 95, occurredAt: hoursAgo(30) },
    { alarmType: 'POWER_OFF', durationMinutes: 8, occurredAt: hoursAgo(5) },
  ].map((alarm, index) => ({
    ...alarm,
    tenantId,
    alarmId: `IOT-DEMO-${index + 1}`,
    assetNo: placed[index].asset_no,
  })) as AlarmInput[];
  for (const alarm of alarms) await receiveAlarmIn(trx, { ...DEFAULT_IOT_ALARMS, secret: undefined }, alarm);
}

export const seedAssets: SeedStep = async (trx) => {
  await seedTenantAssets(
    trx,
    'A01',
    { idlePerWarehouse: 20, maxPlaced: 260, racksPlaced: 26, applications: true },
    DEMO_SEED + 20,
  );
  await seedTenantAssets(
    trx,
    'B01',
    { idlePerWarehouse: 6, maxPlaced: 12, racksPlaced: 2, applications: false },
    DEMO_SEED + 21,
  );
};

/** The demo's 冰柜投放协议 template (published), filled by the placement's own fields. */
const FREEZER_BODY =
  '<h2>冰柜投放协议</h2><p>协议编号：{{agreementNo}}（投放申请 {{applyNo}}）</p><p>甲方：{{partyA}}</p>' +
  '<p>乙方：{{partyB}}</p><p>甲方将{{modelName}}一台（资产编号 {{assetNo}}，价值 {{assetValue}} 元）投放至乙方门店使用，' +
  '期限{{termMonths}}个月，自{{startDate}}至{{expireDate}}。押金：{{freeDeposit}} {{depositAmount}} 元，协议终止、冰柜完好收回后退还。</p>' +
  '<p>乙方承诺：冰柜仅陈列甲方产品，保持通电和清洁，不得转让、移位；遗失或人为损坏按资产价值赔偿。</p>';

/**
 * The deposit record of every placement paid for (method and reference as the receipts say), the published
 * 冰柜投放协议 template, and the signed agreement of every freezer at an outlet. Answers the template's id.
 */
async function seedDepositsAndAgreements(
  trx: Transaction<DB>,
  tenantId: string,
  admin: string,
  seed: number,
) {
  const random = seededRandom(seed + 1);
  const templateId = stableId('agreement-template', tenantId, 'freezer-placement');
  const versionId = stableId('agreement-template-version', tenantId, 'freezer-placement', '1');
  await trx
    .insertInto('agreement_templates')
    .values({
      id: templateId,
      tenant_id: tenantId,
      code: 'FREEZER-PLACE',
      name: '冰柜投放协议',
      agreement_type: 'FREEZER',
      sign_mode: 'PAPER_PHOTO',
      body_html: FREEZER_BODY,
      variable_schema: JSON.stringify([]),
      status: 'PUBLISHED',
      current_version: 1,
      published_at: new Date(Date.now() - 800 * DAY),
      published_by: admin,
      created_by: admin,
      updated_by: admin,
    })
    .execute();
  await trx
    .insertInto('agreement_template_versions')
    .values({
      id: versionId,
      tenant_id: tenantId,
      template_id: templateId,
      version: 1,
      body_html: FREEZER_BODY,
      variable_schema: JSON.stringify(FREEZER_STANDARD_VARIABLES),
      published_by: admin,
    })
    .execute();
  const tenant = await trx
    .selectFrom('tenants')
    .select('name')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  const placements = await trx
    .selectFrom('asset_applications as app')
    .innerJoin('assets as a', 'a.id', 'app.asset_id')
    .innerJoin('asset_models as m', 'm.id', 'a.model_id')
    .innerJoin('customers as c', 'c.id', 'app.customer_id')
    .select([
      'app.id',
      'app.apply_no',
      'app.asset_id',
      'app.customer_id',
      'app.org_code',
      'app.free_deposit',
      'app.deposit_amount',
      'app.deposit_status',
      'app.deposit_receipt_no',
      'app.deposit_paid_at',
      'app.created_by',
      'a.asset_no',
      'a.value',
      'a.placed_at',
      'm.model_code',
      'm.name as model_name',
      'c.name as outlet_name',
    ])
    .where('app.tenant_id', '=', tenantId)
    .where('app.apply_type', '=', 'PLACE')
    .where('app.status', '=', 'COMPLETED')
    .where('a.asset_type', '=', 'FREEZER')
    .orderBy('app.apply_no')
    .execute();
  const methods = ['CASH', 'BANK_TRANSFER', 'WECHAT', 'ALIPAY'] as const;
  const day = (date: Date) => new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  await insertChunked(
    trx,
    'asset_deposits',
    placements
      .filter((each) => each.deposit_status === 'PAID')
      .map((each) => ({
        id: stableId('assetDeposit', tenantId, each.id),
        tenant_id: tenantId,
        application_id: each.id,
        asset_id: each.asset_id,
        customer_id: each.customer_id as string,
        amount: each.deposit_amount,
        method: random.weighted(methods, (method) => (method === 'WECHAT' ? 4 : method === 'CASH' ? 3 : 2)),
        reference_no: each.deposit_receipt_no,
        status: 'RECEIVED' as const,
        received_by: each.created_by,
        received_at: each.deposit_paid_at ?? new Date(),
        created_by: each.created_by,
      })),
  );
  await insertChunked(
    trx,
    'asset_agreements',
    placements
      .filter((each) => each.placed_at)
      .map((each, index) => {
        const placedAt = each.placed_at as Date;
        const months = random.pick([12, 24, 36]);
        const expire = new Date(placedAt.getTime());
        expire.setMonth(expire.getMonth() + months);
        const agreementNo = `FA${day(placedAt).replace(/-/g, '')}${String(index + 1).padStart(4, '0')}`;
        const values = {
          agreementNo,
          applyNo: each.apply_no,
          partyA: tenant.name,
          partyB: each.outlet_name,
          assetNo: each.asset_no,
          modelName: `${each.model_code} ${each.model_name}`,
          assetValue: Number(each.value),
          depositAmount: Number(each.deposit_amount),
          freeDeposit: each.free_deposit ? '免押' : '收取押金',
          termMonths: months,
          startDate: day(placedAt),
          expireDate: day(expire),
        };
        return {
          id: stableId('assetAgreement', tenantId, each.id),
          tenant_id: tenantId,
          agreement_no: agreementNo,
          application_id: each.id,
          asset_id: each.asset_id,
          customer_id: each.customer_id as string,
          org_code: each.org_code,
          start_date: values.startDate,
          expire_date: values.expireDate,
          deposit_amount: each.deposit_amount,
          free_deposit: each.free_deposit,
          template_version_id: versionId,
          variable_values: JSON.stringify(values),
          status: 'SIGNED' as const,
          signed_at: placedAt,
          signed_by: each.created_by,
          created_by: each.created_by,
        };
      }),
  );
  return templateId;
}
