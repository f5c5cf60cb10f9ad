// The visit demo (issue #17, DOMAIN §1.4): check-in rules, three routes of 广州办事处 walked by the rep 赵磊,
// their plans from 13 weeks ago to next week, and the visits of those weeks — most valid, some out of range,
// too short, too long or never checked out (closed by the system), their reviews, steps (with their 门店库存 and
// 竞品采集 rows), orders and scores.
// Every other outlet's 最近拜访 is a real visit too: one by its owner at that time. Deterministic (a seeded
// PRNG, dates relative to today); no visit is left open, so a rep starts the day free.
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { HARD_FLAGS, type AbnormalFlag, type CheckInRuleValues, type StepType } from '../../../common/visits';
import { newId, stableId } from '../ids';
import type { DB, VisitPlansTable, VisitRecordsTable } from '../schema';
import { addDays } from '../../modules/stock/stockAge';
import { weekdayOf } from '../../modules/visits/plans';
import { insertChunked, seededRandom } from './businessData';
import { hashPassword } from '../../modules/auth/passwords';
import { insertAccount } from '../../modules/auth/tenantOrganisation';
import { demoRoleId, demoUserId } from './ids';

type Random = ReturnType<typeof seededRandom>;

const RULES: Array<
  { name: string; orgCode: string; channel?: string; outletType?: string } & CheckInRuleValues
> = [
  {
    name: '全国默认',
    orgCode: 'A01',
    checkInRadiusM: 200,
    gpsAccuracyMaxM: 100,
    allowOutOfRange: true,
    requireCheckOut: true,
    minStayMinutes: 5,
    maxStayMinutes: 90,
  },
  {
    name: 'KA卖场',
    orgCode: 'A01',
    channel: 'MT',
    outletType: '大卖场KA',
    checkInRadiusM: 100,
    gpsAccuracyMaxM: 50,
    allowOutOfRange: true,
    requireCheckOut: true,
    minStayMinutes: 10,
    maxStayMinutes: 120,
  },
  {
    name: '上海办事处',
    orgCode: 'A01A01A01',
    checkInRadiusM: 150,
    gpsAccuracyMaxM: 80,
    allowOutOfRange: false,
    requireCheckOut: true,
    minStayMinutes: 5,
    maxStayMinutes: 90,
  },
];

// Sunday too: an outlet's busiest day, and the demo (and the workbench e2e) always has a plan for today.
const ROUTE_DAYS = [
  [1, 4],
  [2, 5],
  [3, 6, 7],
];

/** A rep's three routes (ROUTE_DAYS) and how far back their plans and visits go. */
interface RouteShape {
  outletsPerRoute: number;
  weeksBack: number;
  code: (route: number) => string;
  name: (route: number) => string;
}

/** 赵磊's routes in 广州. */
const DEMO_ROUTES: RouteShape = {
  outletsPerRoute: 12,
  weeksBack: 13,
  code: (route) => `XL-GZ-0${route + 1}`,
  name: (route) => `广州${['天河', '越秀', '海珠'][route]}线`,
};

/** Metres due north as degrees of latitude. */
const northDegrees = (metres: number) => (metres * 180) / (Math.PI * 6_371_008.8);

/** A Shanghai wall-clock time of `day` as a Date. */
const shanghaiAt = (day: string, minutes: number) =>
  new Date(Date.parse(`${day}T00:00:00+08:00`) + minutes * 60_000);

interface SeedOutlet {
  id: string;
  org_code: string;
  lng: string | null;
  lat: string | null;
  address: string | null;
  owner_user_id: string | null;
  last_visit_at: Date | null;
  outlet_type: string | null;
}

/** The rule the server picks for the outlet (rules.ts): 上海办事处 (the deeper department), then KA, else 全国默认. */
const RULE_OF = (outlet: SeedOutlet) =>
  outlet.org_code.startsWith('A01A01A01')
    ? RULES[2]
    : outlet.outlet_type === '大卖场KA'
      ? RULES[1]
      : RULES[0];

/** A SKU a seeded stock check counts. */
interface SeedSku {
  id: string;
  units_per_case: number;
  shelf_life_days: number;
}

const COMPETITORS = [
  { brand: '康师傅', skus: ['冰红茶 500ml', '茉莉清茶 500ml', '绿茶 500ml'], price: [3, 4] },
  { brand: '统一', skus: ['冰红茶 500ml', '阿萨姆奶茶 500ml'], price: [3.5, 5] },
  { brand: '农夫山泉', skus: ['东方树叶 500ml', '茶π 500ml'], price: [4.5, 6] },
  { brand: '元气森林', skus: ['气泡水 480ml', '燃茶 500ml'], price: [5, 6.5] },
];
const PROMOS = ['买二送一', '第二件半价', '满 10 元减 2 元', '端架特价'];

/** The production dates shipped to an outlet, by `outletId|skuId`, each with the day it was shipped. */
type ShippedGoods = Map<string, Array<{ productionDate: string; shippedDay: string }>>;

class VisitWriter {
  readonly visits: Insertable<VisitRecordsTable>[] = [];
  readonly steps: Insertable<DB['visit_step_results']>[] = [];
  readonly stockChecks: Insertable<DB['outlet_stock_checks']>[] = [];
  readonly competitors: Insertable<DB['competitor_observations']>[] = [];
  private readonly sequences = new Map<string, number>();
  /** Whether a visit gets its steps with their stock-check and competitor rows (the load volume leaves them out). */
  observations = true;

  /**
   * `detail` draws what the stock check and competitor rows hold, apart from `random`: the visits themselves
   * (flags, stays, amounts) stay the same whatever those rows draw.
   */
  constructor(
    private readonly tenantId: string,
    private readonly random: Random,
    private readonly now: number,
    private readonly detail: Random = seededRandom(1),
    private readonly skus: readonly SeedSku[] = [],
    private readonly shipped: ShippedGoods = new Map(),
  ) {}

  /**
   * A stock check of `count` SKUs at `outletId` on `day`, `nearExpiry` of them with goods close to their expiry.
   * Goods an order shipped to the outlet before that day are on its shelf: the oldest such batch is the oldest
   * production date counted, so 临期预警's 退货 and 换货 find the order behind what the rep saw.
   */
  private stockLines(outletId: string, day: string, count: number, nearExpiry: number) {
    const random = this.detail;
    const pool = [...this.skus];
    for (let index = pool.length - 1; index > 0; index -= 1) {
      const other = random.int(0, index);
      [pool[index], pool[other]] = [pool[other], pool[index]];
    }
    const picked = pool.slice(0, count);
    return picked.map((sku, index) => {
      const empty = random.chance(0.1);
      const qtyCases = empty ? 0 : random.int(0, 12);
      const qtyUnits = empty ? 0 : random.int(qtyCases === 0 ? 1 : 0, Math.max(1, sku.units_per_case - 1));
      const age =
        index < nearExpiry
          ? sku.shelf_life_days - random.int(1, Math.max(1, Math.round(sku.shelf_life_days / 12)))
          : random.int(5, Math.max(6, Math.round(sku.shelf_life_days * 0.6)));
      const delivered = (this.shipped.get(`${outletId}|${sku.id}`) ?? [])
        .filter((batch) => batch.shippedDay < day && batch.productionDate <= day)
        .map((batch) => batch.productionDate)
        .sort()[0];
      return {
        sku,
        line: {
          skuId: sku.id,
          qtyCases,
          qtyUnits,
          oldestProductionDate: empty ? null : (delivered ?? addDays(day, -age)),
          suggestedOrderCases: qtyCases < 3 ? random.int(2, 6) : null,
        },
      };
    });
  }

  /** The next document number of `prefix` on `day` (the counters are stored at the end). */
  numberOf(prefix: string, day: string): string {
    const key = `${prefix}${day.replaceAll('-', '')}`;
    const value = (this.sequences.get(key) ?? 0) + 1;
    this.sequences.set(key, value);
    return `${key}${String(value).padStart(4, '0')}`;
  }

  /** A finished visit of `employeeId` at `outlet` starting at `start`; its id. */
  add(
    employeeId: string,
    outlet: SeedOutlet,
    day: string,
    start: Date,
    options: { planItemId?: string; ordinary?: boolean } = {},
  ): string {
    const random = this.random;
    const rule = RULE_OF(outlet);
    const roll = options.ordinary ? 1 : random.next();
    const kind =
      roll < 0.06 && !rule.allowOutOfRange
        ? 'OK'
        : roll < 0.06
          ? 'FAR'
          : roll < 0.11
            ? 'SHORT'
            : roll < 0.14
              ? 'LONG'
              : roll < 0.17
                ? 'NO_CHECKOUT'
                : 'OK';
    const distance =
      kind === 'FAR' ? random.int(rule.checkInRadiusM + 40, 900) : random.int(3, rule.checkInRadiusM - 20);
    const stayMinutes =
      kind === 'SHORT'
        ? random.int(1, rule.minStayMinutes - 1)
        : kind === 'LONG'
          ? random.int(rule.maxStayMinutes + 5, rule.maxStayMinutes + 40)
          : random.int(rule.minStayMinutes + 3, 40);
    const stay = stayMinutes * 60 + random.int(0, 59);
    const flags: AbnormalFlag[] = [];
    if (kind === 'FAR') flags.push('OUT_OF_RANGE');
    if (kind === 'SHORT') flags.push('TOO_SHORT');
    if (kind === 'LONG') flags.push('TOO_LONG');
    if (kind === 'NO_CHECKOUT') flags.push('NO_CHECKOUT');
    const old = this.now - start.getTime() > 5 * 86_400_000;
    const review = flags.length === 0 ? null : old ? (random.chance(0.7) ? 'ACCEPTED' : 'DENIED') : 'PENDING';
    const hard = flags.some((flag) => HARD_FLAGS.includes(flag));
    const lng = Number(outlet.lng);
    const lat = Number(outlet.lat) + northDegrees(distance);
    const checkOut = kind === 'NO_CHECKOUT' ? null : new Date(start.getTime() + stay * 1000);
    const id = newId();
    const amount = random.chance(0.35) ? random.int(20, 300) * 10 : 0;
    this.visits.push({
      id,
      tenant_id: this.tenantId,
      created_by: employeeId,
      visit_no: this.numberOf('VS', day),
      client_id: stableId('visitClient', id),
      employee_id: employeeId,
      customer_id: outlet.id,
      org_code: outlet.org_code,
      plan_item_id: options.planItemId ?? null,
      visit_type: options.planItemId ? 'PLANNED' : 'UNPLANNED',
      check_in_at: start,
      device_check_in_at: new Date(start.getTime() - random.int(0, 20) * 1000),
      check_in_lng: lng.toFixed(7),
      check_in_lat: lat.toFixed(7),
      check_in_accuracy_m: random.int(5, Math.min(60, rule.gpsAccuracyMaxM)),
      check_in_address: outlet.address,
      check_in_distance_m: distance,
      check_in_in_range: kind !== 'FAR',
      rule_snapshot: JSON.stringify({
        checkInRadiusM: rule.checkInRadiusM,
        gpsAccuracyMaxM: rule.gpsAccuracyMaxM,
        allowOutOfRange: rule.allowOutOfRange,
        requireCheckOut: rule.requireCheckOut,
        minStayMinutes: rule.minStayMinutes,
        maxStayMinutes: rule.maxStayMinutes,
        ruleName: rule.name,
      }),
      check_out_at: checkOut,
      check_out_lng: checkOut ? lng.toFixed(7) : null,
      check_out_lat: checkOut ? (Number(outlet.lat) + northDegrees(random.int(2, 40))).toFixed(7) : null,
      check_out_accuracy_m: checkOut ? random.int(5, 40) : null,
      check_out_distance_m: checkOut ? random.int(2, 40) : null,
      duration_sec: checkOut ? stay : null,
      is_valid: !hard || review === 'ACCEPTED',
      abnormal_flags: JSON.stringify(flags),
      abnormal_reason:
        kind === 'FAR' ? random.pick(['门店搬迁，系统坐标未更新', '定位漂移', '门店在商场内，信号差']) : null,
      abnormal_review_status: review,
      device_id: `DEV-${employeeId.slice(0, 6)}`,
      app_version: '1.4.2',
      order_amount: amount,
      execution_score: random.chance(0.5) ? random.int(60, 100) : null,
      remark: random.chance(0.2)
        ? random.pick(['老板不在，已留言', '陈列已整改', '冰柜需维修', '竞品在做促销'])
        : null,
      status: checkOut ? 'COMPLETED' : 'AUTO_CLOSED',
    });
    if (checkOut && this.observations) {
      const competitor = this.detail.chance(0.3);
      const steps: StepType[] = [
        'DOOR_PHOTO',
        'STOCK_CHECK',
        'DISPLAY_CHECK',
        ...(competitor ? (['COMPETITOR'] as const) : []),
        ...(amount > 0 ? (['ORDER'] as const) : []),
      ];
      for (const [index, stepType] of steps.entries()) {
        const stepId = newId();
        let data: Record<string, unknown> = {};
        if (stepType === 'STOCK_CHECK') {
          const counted = this.stockLines(outlet.id, day, random.int(3, 12), random.int(0, 2));
          data = { lines: counted.map((each) => each.line) };
          for (const { sku, line } of counted)
            this.stockChecks.push({
              id: newId(),
              tenant_id: this.tenantId,
              visit_id: id,
              step_id: stepId,
              customer_id: outlet.id,
              sku_id: sku.id,
              qty_cases: line.qtyCases,
              qty_units: line.qtyUnits,
              base_qty: line.qtyCases * sku.units_per_case + line.qtyUnits,
              oldest_production_date: line.oldestProductionDate,
              suggested_order_cases: line.suggestedOrderCases,
            });
        } else if (stepType === 'COMPETITOR') {
          const rival = this.detail.pick(COMPETITORS);
          const observation = {
            competitorBrand: rival.brand,
            skuName: this.detail.pick(rival.skus),
            retailPrice: rival.price[this.detail.int(0, rival.price.length - 1)],
            facings: this.detail.int(1, 8),
            hasFreezer: this.detail.chance(0.4),
            promoNote: this.detail.chance(0.35) ? this.detail.pick(PROMOS) : null,
          };
          data = { observations: [observation] };
          this.competitors.push({
            id: newId(),
            tenant_id: this.tenantId,
            visit_id: id,
            step_id: stepId,
            customer_id: outlet.id,
            seq: 1,
            competitor_brand: observation.competitorBrand,
            sku_name: observation.skuName,
            retail_price: observation.retailPrice.toFixed(2),
            facings: observation.facings,
            has_freezer: observation.hasFreezer,
            promo_note: observation.promoNote,
            photo_id: null,
          });
        } else if (stepType === 'ORDER') data = { amount };
        else if (stepType === 'DISPLAY_CHECK') data = { facings: random.int(2, 10) };
        this.steps.push({
          id: stepId,
          tenant_id: this.tenantId,
          visit_id: id,
          client_id: `${stepType}-${index}`,
          step_type: stepType,
          completed_at: new Date(start.getTime() + ((index + 1) * stay * 1000) / (steps.length + 1)),
          data: JSON.stringify(data),
          photo_ids: '[]',
        });
      }
    }
    return id;
  }

  /** Numbers continue after those the tenant's visits and plans already have. */
  async continueNumbering(trx: Transaction<DB>) {
    const counters = await trx
      .selectFrom('document_sequences')
      .select(['prefix', 'day', 'last_value'])
      .where('tenant_id', '=', this.tenantId)
      .where('prefix', 'in', ['VS', 'VP'])
      .execute();
    for (const counter of counters) this.sequences.set(`${counter.prefix}${counter.day}`, counter.last_value);
  }

  /** Writes what was added since the last save, and the number counters as they stand. */
  async save(trx: Transaction<DB>) {
    await insertChunked(trx, 'visit_records', this.visits.splice(0));
    await insertChunked(trx, 'visit_step_results', this.steps.splice(0));
    await insertChunked(trx, 'outlet_stock_checks', this.stockChecks.splice(0));
    await insertChunked(trx, 'competitor_observations', this.competitors.splice(0));
    const counters = [...this.sequences.entries()].map(([key, value]) => ({
      tenant_id: this.tenantId,
      prefix: key.slice(0, 2),
      day: key.slice(2),
      last_value: value,
    }));
    if (counters.length > 0)
      await trx
        .insertInto('document_sequences')
        .values(counters)
        .onConflict((conflict) =>
          conflict
            .columns(['tenant_id', 'prefix', 'day'])
            .doUpdateSet({ last_value: (eb) => eb.ref('excluded.last_value') }),
        )
        .execute();
  }
}

async function insertRules(trx: Transaction<DB>, tenantId: string) {
  await trx
    .insertInto('check_in_rules')
    .values(
      RULES.map((rule) => ({
        id: stableId('checkInRule', tenantId, rule.name),
        tenant_id: tenantId,
        name: rule.name,
        org_code: rule.orgCode,
        channel: rule.channel ?? null,
        outlet_type: rule.outletType ?? null,
        check_in_radius_m: rule.checkInRadiusM,
        gps_accuracy_max_m: rule.gpsAccuracyMaxM,
        allow_out_of_range: rule.allowOutOfRange,
        require_check_out: rule.requireCheckOut,
        min_stay_minutes: rule.minStayMinutes,
        max_stay_minutes: rule.maxStayMinutes,
      })),
    )
    .execute();
  // 拜访步骤配置: 华东's supermarkets check price and display before anything else; elsewhere the default steps.
  await trx
    .insertInto('visit_step_templates')
    .values({
      id: stableId('visitStepTemplate', tenantId, '华东商超'),
      tenant_id: tenantId,
      name: '华东商超拜访步骤',
      org_code: 'A01A01',
      channel: 'MT',
      outlet_type: null,
      steps: JSON.stringify([
        { stepType: 'DOOR_PHOTO', required: true },
        { stepType: 'DISPLAY_CHECK', required: true },
        { stepType: 'PRICE_CHECK', required: true },
        { stepType: 'STOCK_CHECK', required: false },
        { stepType: 'COMPETITOR', required: false },
      ]),
    })
    .execute();
}

/** The routes of `rep` over the first outlets of `orgCode`, their plans and the visits of the past weeks. */
async function seedRepVisits(
  trx: Transaction<DB>,
  tenantId: string,
  rep: string,
  outlets: SeedOutlet[],
  writer: VisitWriter,
  random: Random,
  today: string,
  shape: RouteShape = DEMO_ROUTES,
) {
  const plans: Insertable<VisitPlansTable>[] = [];
  const items: Insertable<DB['visit_plan_items']>[] = [];
  for (const [index, weekdays] of ROUTE_DAYS.entries()) {
    const members = outlets.slice(index * shape.outletsPerRoute, (index + 1) * shape.outletsPerRoute);
    if (members.length === 0) break;
    const routeId = stableId('visitRoute', tenantId, rep, String(index));
    await trx
      .insertInto('visit_routes')
      .values({
        id: routeId,
        tenant_id: tenantId,
        created_by: rep,
        code: shape.code(index),
        name: shape.name(index),
        employee_id: rep,
        org_code: members[0].org_code,
        weekdays: JSON.stringify(weekdays),
      })
      .execute();
    await trx
      .insertInto('visit_route_outlets')
      .values(
        members.map((outlet, seq) => ({
          id: newId(),
          tenant_id: tenantId,
          route_id: routeId,
          customer_id: outlet.id,
          seq: seq + 1,
        })),
      )
      .execute();
    for (let offset = -shape.weeksBack * 7; offset <= 7; offset += 1) {
      const day = addDays(today, offset);
      if (!weekdays.includes(weekdayOf(day))) continue;
      const planId = newId();
      const past = day < today;
      const skipped = past && random.chance(0.05);
      let visited = 0;
      let missingMust = 0;
      let minute = 9 * 60 + random.int(0, 30);
      for (const [seq, outlet] of members.entries()) {
        const itemId = newId();
        const start = shanghaiAt(day, minute);
        // Today the rep is half-way: the second half of the route is still to visit, whatever the hour.
        const due = past || seq < members.length / 2;
        const happens =
          !skipped && due && start.getTime() < Date.now() - 3 * 3_600_000 && random.chance(0.88);
        const visitId = happens ? writer.add(rep, outlet, day, start, { planItemId: itemId }) : null;
        if (visitId) visited += 1;
        else if (past) missingMust += 1;
        minute += random.int(30, 50);
        items.push({
          id: itemId,
          tenant_id: tenantId,
          plan_id: planId,
          customer_id: outlet.id,
          seq: seq + 1,
          purpose: '巡店',
          must_visit: true,
          status: visitId ? 'VISITED' : past ? 'MISSED' : 'PENDING',
          visit_record_id: visitId,
        });
      }
      // Now and then an outlet of another route on the way.
      if (!skipped && past && random.chance(0.3)) {
        const other = outlets[random.int(0, outlets.length - 1)];
        writer.add(rep, other, day, shanghaiAt(day, minute + 20));
      }
      plans.push({
        id: planId,
        tenant_id: tenantId,
        created_by: rep,
        plan_no: writer.numberOf('VP', addDays(day, -7)),
        employee_id: rep,
        org_code: members[0].org_code,
        plan_date: day,
        plan_type: 'ROUTE',
        route_id: routeId,
        planned_count: members.length,
        visited_count: visited,
        status: !past
          ? visited > 0
            ? 'IN_PROGRESS'
            : 'APPROVED'
          : visited === 0
            ? 'MISSED'
            : missingMust === 0
              ? 'DONE'
              : 'PARTIAL',
      });
    }
  }
  await insertChunked(trx, 'visit_plans', plans);
  await insertChunked(trx, 'visit_plan_items', items);
}

/** The SKUs a stock check counts and the active outlets with a position, as the generators walk them. */
async function visitInputs(db: Kysely<DB>, tenantId: string) {
  const skus = await db
    .selectFrom('skus')
    .select(['id', 'units_per_case', 'shelf_life_days'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'ON_SALE')
    .orderBy('sku_code')
    .limit(30)
    .execute();
  const outlets = await db
    .selectFrom('customers')
    .select(['id', 'org_code', 'lng', 'lat', 'address', 'owner_user_id', 'last_visit_at', 'outlet_type'])
    .where('tenant_id', '=', tenantId)
    .where('customer_type', '=', 'OUTLET')
    .where('audit_status', '=', 'APPROVED')
    .where('status', '=', 'ACTIVE')
    .orderBy('customer_code')
    .execute();
  return { skus, located: outlets.filter((outlet) => outlet.lng !== null && outlet.lat !== null) };
}

/** What the demo's orders shipped to each outlet, for the stock checks to count (see `stockLines`). */
async function shippedGoods(db: Kysely<DB>, tenantId: string): Promise<ShippedGoods> {
  const shipments = await db
    .selectFrom('shipment_lines')
    .innerJoin('shipments', 'shipments.id', 'shipment_lines.shipment_id')
    .innerJoin('sales_orders', 'sales_orders.id', 'shipments.order_id')
    .where('shipments.tenant_id', '=', tenantId)
    .select([
      'sales_orders.buyer_id',
      'shipment_lines.sku_id',
      sql<string>`shipment_lines.production_date::text`.as('production_date'),
      sql<string>`to_char(shipments.shipped_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`.as('shipped_day'),
    ])
    .execute();
  const shipped: ShippedGoods = new Map();
  for (const line of shipments) {
    const key = `${line.buyer_id}|${line.sku_id}`;
    shipped.set(key, [
      ...(shipped.get(key) ?? []),
      { productionDate: line.production_date, shippedDay: line.shipped_day },
    ]);
  }
  return shipped;
}

/** 最近拜访 is the latest real visit; an outlet nobody visited has none. */
async function refreshLastVisits(db: Kysely<DB>, tenantId: string) {
  await db
    .updateTable('customers')
    .set({
      last_visit_at: sql<Date | null>`(select max(v.check_in_at) from visit_records v where v.customer_id = customers.id)`,
    })
    .where('tenant_id', '=', tenantId)
    .where('customer_type', '=', 'OUTLET')
    .execute();
}

const shanghaiToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** Rules, the rep's routes, plans and visits, and a real visit behind every other outlet's 最近拜访. */
export async function generateVisits(
  trx: Transaction<DB>,
  tenantId: string,
  seed: number,
  reps: Array<{ username: string; orgCode: string }>,
): Promise<{ visits: number }> {
  const random = seededRandom(seed);
  const today = shanghaiToday();
  const { skus, located } = await visitInputs(trx, tenantId);
  const shipped = await shippedGoods(trx, tenantId);
  const writer = new VisitWriter(tenantId, random, Date.now(), seededRandom(seed + 1_000), skus, shipped);
  await insertRules(trx, tenantId);
  const routed = new Set<string>();
  for (const rep of reps) {
    const own = located
      .filter((outlet) => outlet.org_code === rep.orgCode)
      .slice(0, DEMO_ROUTES.outletsPerRoute * ROUTE_DAYS.length);
    for (const outlet of own) routed.add(outlet.id);
    await seedRepVisits(trx, tenantId, demoUserId(rep.username), own, writer, random, today);
  }
  for (const outlet of located) {
    if (routed.has(outlet.id) || !outlet.last_visit_at || !outlet.owner_user_id) continue;
    const day = new Date(outlet.last_visit_at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const start = shanghaiAt(day, random.int(9 * 60, 17 * 60));
    if (start.getTime() > Date.now() - 3 * 3_600_000) continue;
    writer.add(outlet.owner_user_id, outlet, day, start, { ordinary: random.chance(0.8) });
  }
  const visits = writer.visits.length;
  await writer.save(trx);
  await refreshLastVisits(trx, tenantId);
  return { visits };
}

/**
 * DOMAIN §2.5's load volume of visits (about 210 k a year): 200 reps, each with three routes of four outlets
 * walked twice a week for a year, as the demo's rep walks his. The visits' steps and their stock-check and
 * competitor rows are left out: the visit list and the reports read the visits and the plans.
 */
export const LOAD_TEST_VISITS = { reps: 200, weeks: 52, outletsPerRoute: 4 };

/** The user name of the load volume's n-th rep (from 1). */
export const loadRepUsername = (n: number) => `rep${String(n).padStart(3, '0')}`;

/**
 * Adds the load volume's reps (业务代表 of the departments their outlets belong to) with their routes, plans and
 * visits; reps that exist already are kept, so a second run adds nothing. Needs the outlets of the load volume
 * (topUpCustomers): each rep takes outlets no other load rep has. Written in batches of reps, one transaction
 * each.
 */
export async function generateLoadVisits(
  db: Kysely<DB>,
  tenantId: string,
  volume: typeof LOAD_TEST_VISITS,
  seed: number,
): Promise<{ reps: number; visits: number }> {
  const random = seededRandom(seed);
  const today = shanghaiToday();
  const { skus, located } = await visitInputs(db, tenantId);
  const perRep = volume.outletsPerRoute * ROUTE_DAYS.length;
  // By department, so that a rep's outlets are mostly of one department, as a real rep's are.
  located.sort((a, b) => a.org_code.localeCompare(b.org_code) || a.id.localeCompare(b.id));
  const reps = Math.min(volume.reps, Math.floor(located.length / perRep));
  const existing = new Set(
    (
      await db
        .selectFrom('users')
        .select('username')
        .where('tenant_id', '=', tenantId)
        .where('username', 'like', 'rep%')
        .execute()
    ).map((row) => row.username),
  );
  const departs = new Map(
    (
      await db.selectFrom('departs').select(['id', 'org_code']).where('tenant_id', '=', tenantId).execute()
    ).map((row) => [row.org_code, row.id]),
  );
  const passwordHash = await hashPassword(newId());
  const writer = new VisitWriter(tenantId, random, Date.now(), seededRandom(seed + 1_000), skus);
  writer.observations = false;
  let visits = 0;
  let added = 0;
  const BATCH = 20;
  for (let first = 1; first <= reps; first += BATCH) {
    await db.transaction().execute(async (trx) => {
      await writer.continueNumbering(trx);
      for (let n = first; n < Math.min(first + BATCH, reps + 1); n += 1) {
        const username = loadRepUsername(n);
        if (existing.has(username)) continue;
        const own = located.slice((n - 1) * perRep, n * perRep);
        const orgCode = own[0].org_code;
        const id = stableId('loadRep', tenantId, username);
        await insertAccount(trx, {
          id,
          tenantId,
          username,
          realname: `业务代表${String(n).padStart(3, '0')}`,
          phone: `139${String(80_000_000 + n)}`,
          email: `${username}@example.com`,
          sex: 1,
          roleEnum: null,
          passwordHash,
          roleIds: [demoRoleId(tenantId, 'field_rep')],
          departIds: departs.has(orgCode) ? [departs.get(orgCode) as string] : [],
        });
        await trx.updateTable('users').set({ org_code: orgCode }).where('id', '=', id).execute();
        await seedRepVisits(trx, tenantId, id, own, writer, random, today, {
          outletsPerRoute: volume.outletsPerRoute,
          weeksBack: volume.weeks,
          code: (route) => `XL-${username.toUpperCase()}-${route + 1}`,
          name: (route) => `${username.toUpperCase()} ${['一', '二', '三'][route]}号线`,
        });
        added += 1;
      }
      visits += writer.visits.length;
      await writer.save(trx);
    });
  }
  await refreshLastVisits(db, tenantId);
  return { reps: added, visits };
}
