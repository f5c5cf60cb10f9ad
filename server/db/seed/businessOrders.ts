// Demo orders (DOMAIN §1.5, issue #8): months of a tenant's orders in every state, priced from the demo price
// lists (dealers buy at the factory price, outlets at the supply price), with what each state implies —
// audit, shipment with its batches, sign record, payment, the order log and the ERP sync outcome, some of
// them failed. Deterministic: each order's fate is drawn from the seeded generator, and its timeline is
// clipped at now, so the newest orders are the ones still waiting. The seed step writes a few hundred;
// `npm run seed:business -- --orders 200000` writes the load-test volume in bulk.
import { sql, type Insertable, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { enqueueSyncTask, ERP_FORM_IDS, externalCodeOf } from '../../modules/erpSync/tasks';
import { addOrderSales, countsAsSales } from '../../modules/kpi/salesSummary';
import { lockStock } from '../../modules/stock/service';
import { newId } from '../ids';
import {
  PAYMENT_CHANNEL,
  type OrderLogAction,
  type OrderStatus,
  type OrderType,
  type PaymentChannel,
  type PaymentMethod,
  type SkuSnapshot,
} from '../../../common/orders';
import type { DB, ErpSyncDocument, SalesOrderLinesTable, SalesOrdersTable } from '../schema';
import { seededRandom } from './businessData';

type Random = ReturnType<typeof seededRandom>;

export interface OrderVolume {
  orders: number;
  /** The orders are spread over this many days up to now. */
  days: number;
}

export const DEMO_ORDER_VOLUME: OrderVolume = { orders: 450, days: 90 };
export const SECOND_TENANT_ORDER_VOLUME: OrderVolume = { orders: 40, days: 60 };
export const LOAD_TEST_ORDERS: OrderVolume = { orders: 200_000, days: 730 };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CHUNK = 500;
const ORDER_PREFIX = 'SO';
const SHIPMENT_PREFIX = 'SH';
const PAYMENT_PREFIX = 'PM';
const TASK_PREFIX = 'ES';
/** Why a demo sync failed, as the ERP said it (ErpSyncErrorCategory + message). */
const SYNC_FAILURES = [
  { category: 'MASTER_DATA' as const, message: (code: string) => `客户"${code}"已禁用，不允许保存` },
  { category: 'MAPPING' as const, message: (code: string) => `编码为"${code}"的物料不存在` },
  { category: 'PRICE' as const, message: () => '第1行分录的含税单价为0，请检查价目表' },
  { category: 'STOCK' as const, message: (code: string) => `物料"${code}"库存不足` },
  { category: 'NETWORK' as const, message: () => '连接ERP超时（15000ms）' },
];

interface Buyer {
  id: string;
  code: string;
  name: string;
  dealer: boolean;
  orgCode: string;
  cityCode: string | null;
  ownerId: string | null;
  servingDealerId: string | null;
  contactName: string | null;
  contactMobile: string | null;
  address: string | null;
  lng: string | null;
  lat: string | null;
}

interface Sku {
  id: string;
  code: string;
  name: string;
  spec: string | null;
  barcode: string | null;
  unitsPerCase: number;
  baseUnit: string;
  saleUnit: string;
  taxRate: string;
  erpCode: string;
}

interface Lot {
  id: string;
  skuId: string;
  batchNo: string;
  productionDate: string;
}

interface PriceList {
  id: string;
  name: string;
  priceType: 'FACTORY' | 'SUPPLY';
  validFrom: string;
  validTo: string | null;
  priority: number;
  /** City codes of a REGION_CODE scope; null: the whole tenant. */
  regions: string[] | null;
  /** Case price per SKU. */
  prices: Map<string, number>;
}

interface Catalogue {
  buyers: Buyer[];
  outletsByDealer: Map<string, Buyer[]>;
  skus: Map<string, Sku>;
  /** Lots per warehouse, the brand's central warehouse first. */
  lotsByWarehouse: Map<string, Lot[]>;
  brandWarehouse: string;
  dealerWarehouse: Map<string, string>;
  /** The active FACTORY (dealers buy) and SUPPLY (outlets buy) lists of the tenant. */
  priceLists: PriceList[];
  users: Map<string, string>;
  admin: { id: string; name: string };
}

async function loadCatalogue(db: Kysely<DB>, tenantId: string): Promise<Catalogue> {
  const customers = await db
    .selectFrom('customers')
    .select([
      'id',
      'customer_code',
      'name',
      'customer_type',
      'org_code',
      'city_code',
      'owner_user_id',
      'serving_dealer_id',
      'contact_name',
      'contact_mobile',
      'address',
      'lng',
      'lat',
    ])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'ACTIVE')
    .where('audit_status', '=', 'APPROVED')
    .orderBy('customer_code')
    .execute();
  const buyers = customers.map((row): Buyer => ({
    id: row.id,
    code: row.customer_code,
    name: row.name,
    dealer: row.customer_type === 'DEALER',
    orgCode: row.org_code,
    cityCode: row.city_code,
    ownerId: row.owner_user_id,
    servingDealerId: row.serving_dealer_id,
    contactName: row.contact_name,
    contactMobile: row.contact_mobile,
    address: row.address,
    lng: row.lng,
    lat: row.lat,
  }));
  const outletsByDealer = new Map<string, Buyer[]>();
  for (const buyer of buyers) {
    if (buyer.dealer) continue;
    const key = buyer.servingDealerId ?? '';
    outletsByDealer.set(key, [...(outletsByDealer.get(key) ?? []), buyer]);
  }
  const skuRows = await db
    .selectFrom('skus')
    .select([
      'id',
      'sku_code',
      'name',
      'spec',
      'barcode',
      'units_per_case',
      'base_unit',
      'sale_unit',
      'tax_rate',
      'erp_material_code',
    ])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'ON_SALE')
    .orderBy('sku_code')
    .execute();
  const skus = new Map(
    skuRows.map((row) => [
      row.id,
      {
        id: row.id,
        code: row.sku_code,
        name: row.name,
        spec: row.spec,
        barcode: row.barcode,
        unitsPerCase: row.units_per_case,
        baseUnit: row.base_unit,
        saleUnit: row.sale_unit,
        taxRate: row.tax_rate,
        erpCode: row.erp_material_code ?? row.sku_code,
      },
    ]),
  );
  const warehouses = await db
    .selectFrom('warehouses')
    .select(['id', 'owner_type', 'owner_id'])
    .where('tenant_id', '=', tenantId)
    .orderBy('code')
    .execute();
  const lots = await db
    .selectFrom('stock_lots')
    .select([
      'id',
      'warehouse_id',
      'sku_id',
      'batch_no',
      sql<string>`production_date::text`.as('production_date'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('lot_status', '=', 'NORMAL')
    .orderBy('production_date')
    .orderBy('id')
    .execute();
  const lotsByWarehouse = new Map<string, Lot[]>();
  for (const lot of lots) {
    if (!skus.has(lot.sku_id)) continue;
    const entry = {
      id: lot.id,
      skuId: lot.sku_id,
      batchNo: lot.batch_no,
      productionDate: lot.production_date,
    };
    lotsByWarehouse.set(lot.warehouse_id, [...(lotsByWarehouse.get(lot.warehouse_id) ?? []), entry]);
  }
  const brand = warehouses.find((row) => row.owner_type === 'BRAND' && lotsByWarehouse.has(row.id));
  if (!brand) throw new Error(`租户 ${tenantId} 没有品牌仓库存：请先写入业务演示数据`);
  const dealerWarehouse = new Map(
    warehouses
      .filter((row) => row.owner_type === 'DEALER' && row.owner_id && lotsByWarehouse.has(row.id))
      .map((row) => [row.owner_id!, row.id]),
  );
  // The demo's lists are tenant-wide or for a city (REGION_CODE); a list of any other scope is left out.
  const priceLists = async (): Promise<PriceList[]> => {
    const lists = await db
      .selectFrom('price_lists')
      .select([
        'id',
        'name',
        'price_type',
        'priority',
        sql<string>`valid_from::text`.as('valid_from'),
        sql<string | null>`valid_to::text`.as('valid_to'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('price_type', 'in', ['FACTORY', 'SUPPLY'])
      .where('status', '=', 'ACTIVE')
      .orderBy('code')
      .execute();
    const scopes = await db
      .selectFrom('price_list_scopes')
      .select(['price_list_id', 'scope_type', 'scope_value'])
      .where('tenant_id', '=', tenantId)
      .execute();
    const items = await db
      .selectFrom('price_list_items')
      .select(['price_list_id', 'sku_id', 'price'])
      .where('tenant_id', '=', tenantId)
      .where('unit', '=', 'CASE')
      .execute();
    return lists.flatMap((list): PriceList[] => {
      const own = scopes.filter((scope) => scope.price_list_id === list.id && scope.scope_type !== 'ALL');
      if (own.some((scope) => scope.scope_type !== 'REGION_CODE')) return [];
      return [
        {
          id: list.id,
          name: list.name,
          priceType: list.price_type as PriceList['priceType'],
          validFrom: list.valid_from,
          validTo: list.valid_to,
          priority: list.priority,
          regions: own.length ? own.map((scope) => scope.scope_value ?? '') : null,
          prices: new Map(
            items
              .filter((item) => item.price_list_id === list.id)
              .map((item) => [item.sku_id, Number(item.price)]),
          ),
        },
      ];
    });
  };
  const userRows = await db
    .selectFrom('users')
    .select(['id', 'realname', 'username'])
    .where('tenant_id', '=', tenantId)
    .orderBy('username')
    .execute();
  const admin = userRows.find((row) => row.username === 'admin') ?? userRows[0];
  return {
    buyers,
    outletsByDealer,
    skus,
    lotsByWarehouse,
    brandWarehouse: brand.id,
    dealerWarehouse,
    priceLists: await priceLists(),
    users: new Map(userRows.map((row) => [row.id, row.realname])),
    admin: { id: admin.id, name: admin.realname },
  };
}

/** What happens to an order, drawn when it is placed; the clock decides how far it got. */
type Fate = 'NORMAL' | 'FINANCE' | 'REJECTED' | 'FINANCE_REJECTED' | 'CANCELLED' | 'INVALID' | 'PARTIAL';

const FATES: Array<{ fate: Fate; weight: number }> = [
  { fate: 'NORMAL', weight: 78 },
  { fate: 'FINANCE', weight: 6 },
  { fate: 'PARTIAL', weight: 4 },
  { fate: 'REJECTED', weight: 4 },
  { fate: 'FINANCE_REJECTED', weight: 1 },
  { fate: 'CANCELLED', weight: 4 },
  { fate: 'INVALID', weight: 3 },
];

interface Step {
  action: OrderLogAction;
  to: OrderStatus;
  at: number;
  comment?: string;
}

/** The steps of an order's life from its fate, each some hours or days after the one before. */
function timeline(random: Random, fate: Fate, placedAt: number): Step[] {
  const steps: Step[] = [];
  let at = placedAt;
  const after = (minHours: number, maxHours: number) =>
    (at += random.int(minHours * 60, maxHours * 60) * 60_000);
  const step = (action: OrderLogAction, to: OrderStatus, comment?: string) =>
    steps.push({ action, to, at, comment });
  if (fate === 'CANCELLED') {
    after(1, 20);
    step('CANCEL', 'CANCELLED', '买家取消订单');
    return steps;
  }
  after(1, 30);
  if (fate === 'REJECTED') {
    step(
      'AUDIT_REJECT',
      'REJECTED',
      random.pick(['超出信用额度', '收货地址不完整', '商品数量有误，请核对后重新提交']),
    );
    return steps;
  }
  if (fate === 'INVALID') {
    step('INVALID', 'INVALID', random.pick(['客户要求作废', '重复下单']));
    return steps;
  }
  if (fate === 'FINANCE' || fate === 'FINANCE_REJECTED') {
    step('AUDIT_PASS', 'PENDING_FINANCE', '信用检查未通过，转财务审核');
    after(2, 48);
    if (fate === 'FINANCE_REJECTED') {
      step('FINANCE_REJECT', 'REJECTED', '有逾期欠款，请先回款');
      return steps;
    }
    step('FINANCE_PASS', 'PENDING_SHIPMENT');
  } else {
    step('AUDIT_PASS', 'PENDING_SHIPMENT');
  }
  after(4, 60);
  if (fate === 'PARTIAL') {
    step('SHIP', 'PARTIALLY_SHIPPED', '部分商品缺货，先发有货部分');
    after(24, 96);
  }
  step('SHIP', 'SHIPPED');
  after(12, 72);
  step('SIGN', 'SIGNED');
  after(48, 240);
  step('COMPLETE', 'COMPLETED');
  return steps;
}

const ORDER_TYPES_OF_OUTLETS: Array<{ type: OrderType; weight: number }> = [
  { type: 'OUTLET_MALL', weight: 60 },
  { type: 'REP_PROXY', weight: 30 },
  { type: 'VAN_SALES', weight: 10 },
];
const PAYMENT_METHODS: Array<{ method: PaymentMethod; weight: number }> = [
  { method: 'COD', weight: 40 },
  { method: 'ONLINE', weight: 30 },
  { method: 'CREDIT', weight: 20 },
  { method: 'PREPAID', weight: 10 },
];
const DRIVERS = ['王师傅', '李师傅', '赵师傅', '陈师傅', '刘师傅'];
const PLATES = ['沪A', '浙A', '粤A', '苏E', '京N'];

interface Built {
  order: Insertable<SalesOrdersTable>;
  lines: Array<Insertable<SalesOrderLinesTable>>;
  shipment?: Insertable<DB['shipments']>;
  shipmentLines: Array<Insertable<DB['shipment_lines']>>;
  sign?: Insertable<DB['sign_records']>;
  payment?: Insertable<DB['payments']>;
  logs: Array<Insertable<DB['order_operation_logs']>>;
  /** Audited and ERP-bound: the sync task's outcome. */
  sync?: {
    outcome: 'SUCCESS' | 'FAILED' | 'PENDING';
    at: number;
    failure: (typeof SYNC_FAILURES)[number];
    message: string;
  };
  buyer: Buyer;
  warehouseId: string;
}

const money = (value: number) => value.toFixed(2);
const shanghaiDay = (at: number) => new Date(at + 8 * HOUR).toISOString().slice(0, 10);
const compactDay = (at: number) => shanghaiDay(at).replaceAll('-', '');

/**
 * The list that prices a SKU for a buyer on a day, as the price resolution does for these scopes: a city's
 * list before the tenant's, then the lowest priority, then the latest validFrom. Orders older than every list
 * (the load-test years) take the list that would apply today.
 */
function priceListFor(
  catalogue: Catalogue,
  priceType: PriceList['priceType'],
  buyer: Buyer,
  skuId: string,
  day: string,
): PriceList | undefined {
  const candidates = catalogue.priceLists.filter(
    (list) =>
      list.priceType === priceType &&
      list.prices.has(skuId) &&
      (list.regions === null || (buyer.cityCode !== null && list.regions.includes(buyer.cityCode))),
  );
  const valid = candidates.filter(
    (list) => list.validFrom <= day && (list.validTo === null || list.validTo > day),
  );
  const rank = (list: PriceList) => [list.regions === null ? 1 : 0, list.priority];
  return (valid.length ? valid : candidates).sort((a, b) => {
    const [specificA, priorityA] = rank(a);
    const [specificB, priorityB] = rank(b);
    return specificA - specificB || priorityA - priorityB || b.validFrom.localeCompare(a.validFrom);
  })[0];
}

/** One order, its lines and what its state implies; the numbers are given by the caller. */
function buildOrder(
  random: Random,
  catalogue: Catalogue,
  tenantId: string,
  placedAt: number,
  now: number,
): Built {
  const dealerOrder = random.chance(0.15);
  const dealers = catalogue.buyers.filter((buyer) => buyer.dealer);
  let buyer: Buyer;
  let sellerId: string | null = null;
  if (dealerOrder && dealers.length > 0) {
    buyer = random.pick(dealers);
  } else {
    const dealer = dealers.length > 0 ? random.pick(dealers) : undefined;
    const outlets =
      (dealer && catalogue.outletsByDealer.get(dealer.id)) || catalogue.outletsByDealer.get('') || [];
    buyer = outlets.length > 0 ? random.pick(outlets) : random.pick(catalogue.buyers);
    sellerId = buyer.dealer ? null : buyer.servingDealerId;
  }
  const purchase = buyer.dealer;
  const orderType: OrderType = purchase
    ? 'DEALER_PURCHASE'
    : random.weighted(ORDER_TYPES_OF_OUTLETS, (o) => o.weight).type;
  const warehouseId = (sellerId && catalogue.dealerWarehouse.get(sellerId)) || catalogue.brandWarehouse;
  const priceType = purchase ? 'FACTORY' : 'SUPPLY';
  const day = shanghaiDay(placedAt);
  const lots = catalogue.lotsByWarehouse.get(warehouseId)!;
  const skuIds = [...new Set(lots.map((lot) => lot.skuId))].filter((id) =>
    priceListFor(catalogue, priceType, buyer, id, day),
  );
  const lineCount = Math.min(skuIds.length, random.int(1, purchase ? 6 : 4));
  const chosen = new Set<string>();
  while (chosen.size < lineCount) chosen.add(random.pick(skuIds));
  const promo = random.chance(0.2);
  const orderId = newId();
  const lines = [...chosen].map((skuId, index): Insertable<SalesOrderLinesTable> => {
    const sku = catalogue.skus.get(skuId)!;
    const cases = purchase ? random.int(20, 200) : random.int(1, 12);
    const prices = priceListFor(catalogue, priceType, buyer, skuId, day)!;
    const price = prices.prices.get(skuId)!;
    const listAmount = Math.round(price * cases * 100) / 100;
    const discount = promo ? Math.round(listAmount * 5) / 100 : 0;
    return {
      id: newId(),
      tenant_id: tenantId,
      order_id: orderId,
      line_no: index + 1,
      sku_id: skuId,
      sku_snapshot: JSON.stringify({
        skuCode: sku.code,
        name: sku.name,
        spec: sku.spec,
        barcode: sku.barcode,
        unitsPerCase: sku.unitsPerCase,
        baseUnit: sku.baseUnit,
        saleUnit: sku.saleUnit,
      }),
      unit: 'CASE',
      base_qty: cases * sku.unitsPerCase,
      price_list_id: prices.id,
      price_list_name: prices.name,
      price_unit: 'CASE',
      list_price: money(price),
      deal_price: money(promo ? Math.round(price * 95) / 100 : price),
      list_amount: money(listAmount),
      discount_amount: money(discount),
      amount: money(listAmount - discount),
      promotion_ids: '[]',
      tax_rate: sku.taxRate,
    };
  });
  const goods = lines.reduce((sum, line) => sum + Number(line.list_amount), 0);
  const discount = lines.reduce((sum, line) => sum + Number(line.discount_amount), 0);
  const payable = Math.round((goods - discount) * 100) / 100;
  const method = random.weighted(PAYMENT_METHODS, (p) => p.weight).method;
  const fate = random.weighted(FATES, (f) => f.weight).fate;
  // A few recent orders got stuck before shipping (a forgotten audit, finance waiting for money, no stock).
  // Finance reviews wait for the dealer's money more often than the others.
  const stuck = random.chance(fate === 'FINANCE' ? 0.4 : 0.05) && now - placedAt < 30 * DAY;
  const full = timeline(random, fate, placedAt);
  const waiting = full.findIndex((each) => each.to === 'PENDING_SHIPMENT');
  const cut = !stuck || waiting < 0 ? full.length : fate === 'FINANCE' ? 1 : random.int(0, waiting + 1);
  const steps = full.slice(0, cut).filter((each) => each.at <= now);
  const status: OrderStatus = steps.at(-1)?.to ?? 'PENDING_AUDIT';
  const stepAt = (action: OrderLogAction) => steps.find((each) => each.action === action)?.at;
  const rep = buyer.ownerId;
  const repName = (rep && catalogue.users.get(rep)) || null;
  const operator = { operator_id: catalogue.admin.id, operator_name: catalogue.admin.name };
  const logs: Built['logs'] = [
    {
      id: newId(),
      tenant_id: tenantId,
      order_id: orderId,
      action: 'CREATE',
      from_status: null,
      to_status: 'PENDING_AUDIT',
      operator_id: orderType === 'REP_PROXY' || orderType === 'VAN_SALES' ? rep : null,
      operator_name: orderType === 'REP_PROXY' || orderType === 'VAN_SALES' ? repName : buyer.name,
      comment: null,
      at: new Date(placedAt),
    },
  ];
  let from: OrderStatus = 'PENDING_AUDIT';
  for (const each of steps) {
    logs.push({
      id: newId(),
      tenant_id: tenantId,
      order_id: orderId,
      action: each.action,
      from_status: from,
      to_status: each.to,
      ...(each.action === 'COMPLETE' ? { operator_id: null, operator_name: null } : operator),
      comment: each.comment ?? null,
      at: new Date(each.at),
    });
    from = each.to;
  }
  const auditedAt = stepAt('AUDIT_PASS') ?? stepAt('AUDIT_REJECT');
  const shippedAt = steps.filter((each) => each.action === 'SHIP').at(-1)?.at;
  const signedAt = stepAt('SIGN');
  const completedAt = stepAt('COMPLETE');
  const shipped = shippedAt !== undefined;
  const fullyShipped = status === 'SHIPPED' || status === 'SIGNED' || status === 'COMPLETED';

  // Partially shipped: the first line went out, the rest waits.
  const shippedQty = (index: number, qty: number) => (fullyShipped || index === 0 ? qty : 0);
  let shipment: Built['shipment'];
  const shipmentLines: Built['shipmentLines'] = [];
  if (shipped) {
    const shipmentId = newId();
    shipment = {
      id: shipmentId,
      tenant_id: tenantId,
      shipment_no: '',
      order_id: orderId,
      warehouse_id: warehouseId,
      shipped_at: new Date(shippedAt),
      shipped_by: catalogue.admin.name,
      driver_name: random.pick(DRIVERS),
      driver_mobile: `139${String(random.int(0, 99_999_999)).padStart(8, '0')}`,
      vehicle_no: `${random.pick(PLATES)}${random.int(10000, 99999)}`,
      remark: null,
      status: signedAt !== undefined ? 'SIGNED' : 'SHIPPED',
      created_by: catalogue.admin.id,
      updated_by: null,
    };
    lines.forEach((line, index) => {
      const qty = shippedQty(index, line.base_qty as number);
      line.shipped_base_qty = qty;
      if (signedAt !== undefined) line.signed_base_qty = qty;
      if (qty === 0) return;
      const skuLots = lots.filter((lot) => lot.skuId === line.sku_id);
      const lot = skuLots[0];
      shipmentLines.push({
        id: newId(),
        tenant_id: tenantId,
        shipment_id: shipmentId,
        order_line_id: line.id as string,
        sku_id: line.sku_id as string,
        lot_id: lot.id,
        batch_no: lot.batchNo,
        production_date: lot.productionDate,
        base_qty: qty,
      });
    });
  }
  const sign: Built['sign'] =
    signedAt === undefined
      ? undefined
      : {
          id: newId(),
          tenant_id: tenantId,
          order_id: orderId,
          sign_type: random.weighted(
            [
              { type: 'OUTLET_SELF' as const, weight: 70 },
              { type: 'DRIVER_PROXY' as const, weight: 20 },
              { type: 'AUTO' as const, weight: 10 },
            ],
            (s) => s.weight,
          ).type,
          signed_at: new Date(signedAt),
          signed_by: buyer.contactName,
          lines: JSON.stringify(
            lines.map((line) => ({
              orderLineId: line.id,
              shippedBaseQty: line.shipped_base_qty,
              signedBaseQty: line.signed_base_qty,
            })),
          ),
          diff_reason: null,
          remark: null,
        };
  // Online orders are paid when placed; the others once signed (completion needs the money in).
  const paidAt =
    method === 'ONLINE' && status !== 'CANCELLED' && status !== 'INVALID' && status !== 'REJECTED'
      ? placedAt + 60_000
      : (completedAt ?? (signedAt !== undefined && random.chance(0.5) ? signedAt + HOUR : undefined));
  const payment: Built['payment'] =
    paidAt === undefined
      ? undefined
      : {
          id: newId(),
          tenant_id: tenantId,
          payment_no: '',
          order_id: orderId,
          amount: money(payable),
          channel:
            method === 'ONLINE'
              ? random.pick(['WECHAT', 'ALIPAY'] as const)
              : method === 'PREPAID'
                ? 'PREPAID'
                : random.pick(['CASH', 'BANK_TRANSFER'] as const),
          paid_at: new Date(paidAt),
          reference_no: null,
          remark: null,
          created_by: catalogue.admin.id,
        };
  if (payment) {
    logs.push({
      id: newId(),
      tenant_id: tenantId,
      order_id: orderId,
      action: 'PAYMENT',
      from_status: null,
      to_status: null,
      ...operator,
      comment: `收款 ${money(payable)} 元`,
      at: new Date(paidAt!),
    });
  }
  // Audited orders go to the ERP; the newest may still wait, a few failed (more of them among recent ones).
  const releasedAt = steps.find((each) => each.to === 'PENDING_SHIPMENT')?.at;
  let sync: Built['sync'];
  if (releasedAt !== undefined) {
    const age = now - releasedAt;
    const roll = random.next();
    const outcome = age < 2 * HOUR ? 'PENDING' : roll < (age < 14 * DAY ? 0.12 : 0.02) ? 'FAILED' : 'SUCCESS';
    const failure = random.pick(SYNC_FAILURES);
    const firstSku = catalogue.skus.get(lines[0].sku_id as string)!;
    sync = {
      outcome,
      at: Math.min(now, releasedAt + random.int(1, 10) * 60_000),
      failure,
      message: failure.message(failure.category === 'MASTER_DATA' ? buyer.code : firstSku.erpCode),
    };
    logs.push({
      id: newId(),
      tenant_id: tenantId,
      order_id: orderId,
      action: outcome === 'FAILED' ? 'SYNC_FAIL' : 'SYNC_OK',
      from_status: null,
      to_status: null,
      operator_id: null,
      operator_name: null,
      comment: outcome === 'FAILED' ? sync.message : null,
      at: new Date(sync.at),
    });
    if (outcome === 'PENDING') logs.pop();
  }
  const order: Insertable<SalesOrdersTable> = {
    id: orderId,
    tenant_id: tenantId,
    order_no: '',
    order_type: orderType,
    source_channel:
      orderType === 'OUTLET_MALL' ? 'MINIPROGRAM' : orderType === 'DEALER_PURCHASE' ? 'PC' : 'APP',
    buyer_id: buyer.id,
    org_code: buyer.orgCode,
    seller_type: sellerId ? 'DEALER' : 'BRAND',
    seller_id: sellerId,
    sales_rep_id: rep,
    ordered_at: new Date(placedAt),
    requested_delivery_date: shanghaiDay(placedAt + random.int(1, 3) * DAY),
    warehouse_id: auditedAt !== undefined && status !== 'REJECTED' ? warehouseId : null,
    receiver_snapshot: JSON.stringify({
      name: buyer.contactName,
      mobile: buyer.contactMobile,
      address: buyer.address,
      lng: buyer.lng,
      lat: buyer.lat,
    }),
    goods_amount: money(goods),
    promo_discount_amount: money(discount),
    rebate_deduct_amount: '0',
    coin_deduct_amount: '0',
    coupon_amount: '0',
    freight_amount: '0',
    payable_amount: money(payable),
    paid_amount: money(payment ? payable : 0),
    payment_method: method,
    payment_status: payment ? 'PAID' : 'UNPAID',
    credit_check_result: fate === 'FINANCE' || fate === 'FINANCE_REJECTED' ? 'OVER_LIMIT' : 'PASS',
    status,
    reject_reason: status === 'REJECTED' ? (steps.at(-1)?.comment ?? null) : null,
    invalid_reason: status === 'INVALID' || status === 'CANCELLED' ? (steps.at(-1)?.comment ?? null) : null,
    total_base_qty: lines.reduce((sum, line) => sum + (line.base_qty as number), 0),
    total_cases: money(
      lines.reduce(
        (sum, line) =>
          sum + (line.base_qty as number) / catalogue.skus.get(line.sku_id as string)!.unitsPerCase,
        0,
      ),
    ),
    total_weight_kg: null,
    buyer_remark: random.chance(0.15) ? random.pick(['请上午送货', '到店前电话联系', '周末不收货']) : null,
    internal_remark: null,
    erp_sync_status: sync?.outcome ?? 'NOT_REQUIRED',
    audited_at: auditedAt === undefined ? null : new Date(auditedAt),
    audited_by: auditedAt === undefined ? null : catalogue.admin.id,
    shipped_at: shippedAt === undefined ? null : new Date(shippedAt),
    signed_at: signedAt === undefined ? null : new Date(signedAt),
    completed_at: completedAt === undefined ? null : new Date(completedAt),
    version: logs.length,
    created_by: rep,
    updated_by: null,
  };
  return { order, lines, shipment, shipmentLines, sign, payment, logs, sync, buyer, warehouseId };
}

/**
 * Takes numbers of a prefix for several days at once from the counters nextDocumentNo reads (one statement),
 * answering each day's first number.
 */
async function reserveNumbers(
  db: Kysely<DB>,
  tenantId: string,
  prefix: string,
  counts: Map<string, number>,
): Promise<Map<string, number>> {
  const reserved = new Map<string, number>();
  const days = [...counts.keys()].sort();
  for (let index = 0; index < days.length; index += CHUNK) {
    const rows = await db
      .insertInto('document_sequences')
      .values(
        days
          .slice(index, index + CHUNK)
          .map((day) => ({ tenant_id: tenantId, prefix, day, last_value: counts.get(day)! })),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['tenant_id', 'prefix', 'day'])
          .doUpdateSet({ last_value: sql`document_sequences.last_value + excluded.last_value` }),
      )
      .returning(['day', 'last_value'])
      .execute();
    for (const row of rows) reserved.set(row.day, row.last_value - counts.get(row.day)! + 1);
  }
  return reserved;
}

/** Gives each document of a kind its number: prefix + the Shanghai day of `at` + the day's sequence. */
async function numberDocuments<T>(
  db: Kysely<DB>,
  tenantId: string,
  prefix: string,
  documents: T[],
  atOf: (document: T) => number,
  assign: (document: T, no: string) => void,
) {
  const days = documents.map((document) => compactDay(atOf(document)));
  const counts = new Map<string, number>();
  for (const day of days) counts.set(day, (counts.get(day) ?? 0) + 1);
  const next = await reserveNumbers(db, tenantId, prefix, counts);
  documents.forEach((document, index) => {
    const sequence = next.get(days[index])!;
    next.set(days[index], sequence + 1);
    assign(document, `${prefix}${days[index]}${String(sequence).padStart(4, '0')}`);
  });
}

async function insertChunked<T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  rows: Insertable<DB[T]>[],
) {
  for (let index = 0; index < rows.length; index += CHUNK) {
    // Kysely's insert types are per table; the rows were built for this one.
    await db
      .insertInto(table)
      .values(rows.slice(index, index + CHUNK) as never)
      .execute();
  }
}

/** The tenant's own ERP (the demo's is the simulator); without one, orders need no sync. */
async function brandConnection(db: Kysely<DB>, tenantId: string): Promise<string | undefined> {
  const connection = await db
    .selectFrom('erp_connections')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('owner_type', '=', 'BRAND')
    .where('status', '!=', 'DISABLED')
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  return connection?.id;
}

export interface GeneratedOrders {
  orders: number;
  failedSyncs: number;
}

/**
 * Writes `volume.orders` orders placed over the last `volume.days` days. `viaTasks`: queue each order's ERP
 * task with enqueueSyncTask as the order module does (the demo); otherwise the tasks are written in bulk too.
 */
export async function generateOrders(
  db: Kysely<DB>,
  tenantId: string,
  volume: OrderVolume,
  seed: number,
  {
    viaTasks,
    detail = true,
    now = Date.now(),
  }: {
    viaTasks: boolean;
    /** false: orders, lines and sync tasks only (the query benchmarks), not the documents of each state. */
    detail?: boolean;
    now?: number;
  },
): Promise<GeneratedOrders> {
  const random = seededRandom(seed);
  const catalogue = await loadCatalogue(db, tenantId);
  const connectionId = await brandConnection(db, tenantId);
  let failedSyncs = 0;
  // Batches of orders, oldest first, so numbering and memory stay bounded at the load-test volume.
  const batch = 5_000;
  for (let start = 0; start < volume.orders; start += batch) {
    const size = Math.min(batch, volume.orders - start);
    const built: Built[] = [];
    for (let index = 0; index < size; index += 1) {
      // Evenly spread with a little jitter, during opening hours (08:00–21:00 Shanghai).
      const slot =
        now - volume.days * DAY + ((start + index + random.next()) / volume.orders) * volume.days * DAY;
      const day = Math.floor((slot + 8 * HOUR) / DAY) * DAY - 8 * HOUR;
      let placedAt = day + 8 * HOUR + random.int(0, 13 * 60 - 1) * 60_000;
      if (placedAt > now) placedAt = now - random.int(1, 120) * 60_000;
      built.push(buildOrder(random, catalogue, tenantId, placedAt, now));
    }
    built.sort((a, b) => (a.order.ordered_at as Date).getTime() - (b.order.ordered_at as Date).getTime());
    // Each batch in a transaction of its own at load-test volume; inside the seed's transaction as it is.
    failedSyncs += db.isTransaction
      ? await writeBatch(db, tenantId, connectionId, built, viaTasks, detail)
      : await db
          .transaction()
          .execute((trx) => writeBatch(trx, tenantId, connectionId, built, viaTasks, detail));
  }
  return { orders: volume.orders, failedSyncs };
}

/** Numbers a batch of built orders and their documents and writes them all, sync tasks included. */
async function writeBatch(
  db: Kysely<DB>,
  tenantId: string,
  connectionId: string | undefined,
  built: Built[],
  viaTasks: boolean,
  detail: boolean,
): Promise<number> {
  if (connectionId === undefined) {
    for (const b of built) {
      delete b.sync;
      b.order.erp_sync_status = 'NOT_REQUIRED';
      b.logs = b.logs.filter((log) => log.action !== 'SYNC_OK' && log.action !== 'SYNC_FAIL');
    }
  }
  if (!detail) {
    for (const b of built) {
      delete b.shipment;
      delete b.sign;
      delete b.payment;
      b.shipmentLines = [];
      b.logs = [];
    }
  }
  await numberDocuments(
    db,
    tenantId,
    ORDER_PREFIX,
    built,
    (b) => (b.order.ordered_at as Date).getTime(),
    (b, no) => {
      b.order.order_no = no;
    },
  );
  const shipments = built.filter((b) => b.shipment);
  await numberDocuments(
    db,
    tenantId,
    SHIPMENT_PREFIX,
    shipments,
    (b) => (b.shipment!.shipped_at as Date).getTime(),
    (b, no) => {
      b.shipment!.shipment_no = no;
    },
  );
  const payments = built.filter((b) => b.payment);
  await numberDocuments(
    db,
    tenantId,
    PAYMENT_PREFIX,
    payments,
    (b) => (b.payment!.paid_at as Date).getTime(),
    (b, no) => {
      b.payment!.payment_no = no;
    },
  );
  await insertChunked(
    db,
    'sales_orders',
    built.map((b) => b.order),
  );
  await insertChunked(
    db,
    'sales_order_lines',
    built.flatMap((b) => b.lines),
  );
  // Written around the order commands, so the sales summary they keep is posted here (the placed ones).
  const placed = built
    .filter((b) => countsAsSales(b.order.status as string))
    .map((b) => b.order.id as string);
  for (let index = 0; index < placed.length; index += CHUNK) {
    await addOrderSales(db, placed.slice(index, index + CHUNK));
  }
  if (detail) await lockPendingStock(db as Transaction<DB>, tenantId, built);
  await insertChunked(
    db,
    'shipments',
    shipments.map((b) => b.shipment!),
  );
  await insertChunked(
    db,
    'shipment_lines',
    built.flatMap((b) => b.shipmentLines),
  );
  await insertChunked(
    db,
    'sign_records',
    built.flatMap((b) => (b.sign ? [b.sign] : [])),
  );
  await insertChunked(
    db,
    'payments',
    payments.map((b) => b.payment!),
  );
  await insertChunked(
    db,
    'order_operation_logs',
    built.flatMap((b) => b.logs),
  );
  if (connectionId === undefined) return 0;
  return writeSyncTasks(
    db,
    tenantId,
    connectionId,
    built.filter((b) => b.sync),
    viaTasks,
  );
}

/**
 * Audited orders not yet fully shipped hold their stock as the audit does (lockStock: FEFO, lots that have not
 * expired), so the warehouse pages show it locked and other orders cannot promise it again. The demo holds
 * what the warehouse has when it is short.
 */
async function lockPendingStock(trx: Transaction<DB>, tenantId: string, built: Built[]) {
  const holding = built.filter(
    (b) => b.order.status === 'PENDING_SHIPMENT' || b.order.status === 'PARTIALLY_SHIPPED',
  );
  const locks: Array<Insertable<DB['sales_order_stock_locks']>> = [];
  for (const b of holding) {
    const auditor = { tenantId, userId: b.order.audited_by as string };
    for (const line of b.lines) {
      const remaining = (line.base_qty as number) - ((line.shipped_base_qty as number | undefined) ?? 0);
      if (remaining === 0) continue;
      const taken = await lockStock(trx, auditor, {
        warehouseId: b.warehouseId,
        skuId: line.sku_id as string,
        baseQty: remaining,
        upToAvailable: true,
      });
      for (const lock of taken) {
        locks.push({
          id: newId(),
          tenant_id: tenantId,
          order_id: b.order.id as string,
          order_line_id: line.id as string,
          lot_id: lock.lotId,
          base_qty: lock.baseQty,
        });
      }
    }
  }
  await insertChunked(trx, 'sales_order_stock_locks', locks);
}

/** The ERP-neutral document of an order's SAVE task (what erpSync sends). */
function syncDocument(b: Built): ErpSyncDocument {
  return {
    date: shanghaiDay((b.order.ordered_at as Date).getTime()),
    customer: { id: b.buyer.id, code: b.buyer.code, name: b.buyer.name },
    warehouse: { id: b.warehouseId, code: b.warehouseId },
    lines: b.lines.map((line) => {
      const snapshot = JSON.parse(line.sku_snapshot as string) as SkuSnapshot;
      const cases = (line.base_qty as number) / snapshot.unitsPerCase;
      return {
        lineNo: line.line_no as number,
        material: { id: line.sku_id as string, code: snapshot.skuCode, name: snapshot.name },
        unit: snapshot.saleUnit,
        qty: cases,
        price: Number(line.deal_price),
        taxRate: Number(line.tax_rate),
        amount: Number(line.amount),
      };
    }),
  };
}

/** erp_sync_tasks.max_attempts' default (0003): a network failure was retried until it. */
const DEFAULT_MAX_ATTEMPTS = 5;

/**
 * How a task ended: when it ran, how, what the ERP said. Data errors need a person and are not retried; a
 * network error was retried up to the limit. Pending tasks stay due.
 */
function outcomeColumns<Attempts extends number | RawBuilder<number>>(b: Built, maxAttempts: Attempts) {
  const { outcome, at, failure, message } = b.sync!;
  if (outcome === 'PENDING') return { status: outcome, next_retry_at: new Date() };
  const when = new Date(at);
  const failed = outcome === 'FAILED';
  return {
    status: outcome,
    created_at: when,
    updated_at: when,
    attempt_count: failed && failure.category === 'NETWORK' ? maxAttempts : 1,
    next_retry_at: null,
    error_category: failed ? failure.category : null,
    last_error_message: failed ? message : null,
    succeeded_at: failed ? null : when,
    erp_bill_no: failed ? null : `XSDD${(b.order.order_no as string).slice(2)}`,
  };
}

/** The SAVE task of every released order, then its outcome: synced, failed with the ERP's message, or due. */
async function writeSyncTasks(
  db: Kysely<DB>,
  tenantId: string,
  connectionId: string,
  orders: Built[],
  viaTasks: boolean,
): Promise<number> {
  // The failed and due tasks go through the sync contract as the order module queues them; the many synced
  // ones (and all of them at load-test volume) are written in bulk, numbered from the same counter.
  const queued = viaTasks ? orders.filter((b) => b.sync!.outcome !== 'SUCCESS') : [];
  for (const b of queued) {
    await enqueueSyncTask(db, {
      tenantId,
      bizType: 'SALES_ORDER',
      bizId: b.order.id as string,
      bizNo: b.order.order_no as string,
      operation: 'SAVE',
      document: syncDocument(b),
      connectionId,
    });
  }
  // The queued ones get their outcome afterwards, each found by its order.
  for (const b of queued) {
    await db
      .updateTable('erp_sync_tasks')
      .set(outcomeColumns(b, sql<number>`max_attempts`))
      .where('tenant_id', '=', tenantId)
      .where('biz_type', '=', 'SALES_ORDER')
      .where('biz_id', '=', b.order.id as string)
      .where('operation', '=', 'SAVE')
      .execute();
  }
  const bulk = orders.filter((b) => !queued.includes(b));
  const day = compactDay(Date.now());
  const first = (await reserveNumbers(db, tenantId, TASK_PREFIX, new Map([[day, bulk.length]]))).get(day)!;
  // The bulk ones are written as they ended, in one statement per chunk at any volume.
  await insertChunked(
    db,
    'erp_sync_tasks',
    bulk.map((b, index) => ({
      tenant_id: tenantId,
      task_no: `${TASK_PREFIX}${day}${String(first + index).padStart(4, '0')}`,
      connection_id: connectionId,
      direction: 0 as const,
      biz_type: 'SALES_ORDER' as const,
      biz_id: b.order.id as string,
      biz_no: b.order.order_no as string,
      erp_form_id: ERP_FORM_IDS.KINGDEE_K3CLOUD.SALES_ORDER,
      operation: 'SAVE' as const,
      external_code: externalCodeOf(b.order.order_no as string, 'SAVE'),
      document: JSON.stringify(syncDocument(b)),
      ...outcomeColumns(b, DEFAULT_MAX_ATTEMPTS),
    })),
  );
  await writeReceiptTasks(db, tenantId, connectionId, orders);
  return orders.filter((b) => b.sync!.outcome === 'FAILED').length;
}

/**
 * The payments of the synced orders reached the ERP as receipts (issue #22 Money) once both were there: their
 * RECEIPT tasks, done, as payments/erpSync.ts queues them (the demo's 收款方式 are all mapped, seed/erp.ts).
 */
async function writeReceiptTasks(db: Kysely<DB>, tenantId: string, connectionId: string, orders: Built[]) {
  const paid = orders.filter((b) => b.sync!.outcome === 'SUCCESS' && b.payment);
  if (paid.length === 0) return;
  const day = compactDay(Date.now());
  const first = (await reserveNumbers(db, tenantId, TASK_PREFIX, new Map([[day, paid.length]]))).get(day)!;
  await insertChunked(
    db,
    'erp_sync_tasks',
    paid.map((b, index) => {
      const payment = b.payment!;
      const paymentNo = payment.payment_no;
      const channel = payment.channel as PaymentChannel;
      const when = new Date(Math.max((payment.paid_at as Date).getTime(), b.sync!.at));
      const document: ErpSyncDocument = {
        date: shanghaiDay((payment.paid_at as Date).getTime()),
        customer: { id: b.buyer.id, code: b.buyer.code, name: b.buyer.name },
        settleType: { id: channel, code: channel, name: PAYMENT_CHANNEL[channel] },
        amount: Number(payment.amount),
        memo: `${PAYMENT_CHANNEL[channel]}收款`,
        sourceBizNo: b.order.order_no as string,
        lines: [],
      };
      return {
        tenant_id: tenantId,
        task_no: `${TASK_PREFIX}${day}${String(first + index).padStart(4, '0')}`,
        connection_id: connectionId,
        direction: 0 as const,
        biz_type: 'RECEIPT' as const,
        biz_id: payment.id,
        biz_no: paymentNo,
        erp_form_id: ERP_FORM_IDS.KINGDEE_K3CLOUD.RECEIPT,
        operation: 'SAVE' as const,
        external_code: externalCodeOf(paymentNo, 'SAVE'),
        document: JSON.stringify(document),
        status: 'SUCCESS' as const,
        created_at: when,
        updated_at: when,
        attempt_count: 1,
        next_retry_at: null,
        succeeded_at: when,
        erp_bill_no: paymentNo,
      };
    }),
  );
}
