// The business demo generator (DOMAIN §2): brands, categories and about 30 SKUs with their price lists;
// dealers and outlets of several kinds in several cities, with labels, teams and door photos; warehouses
// with stock in batches of different ages written as movements. Deterministic: the same seed gives the
// same rows (dates are relative to today, so stock ages stay meaningful). The seed step uses the demo
// volume; `npm run seed:business` tops a tenant up to the load-test volume (50 dealers, 5,000 outlets).
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { hasValidCheckDigit, insertSkus } from '../../modules/products/service';
import { insertPriceList } from '../../modules/products/priceLists';
import { replaceRuleLinks, type LabelRule } from '../../modules/customers/labels';
import { DEFAULT_AGE_BUCKETS, addDays, nearExpiryWindowDays } from '../../modules/stock/stockAge';
import { newId, stableId } from '../ids';
import type { CustomersTable, DB, StockLotsTable, StockMovementsTable } from '../schema';
import {
  DEALER_WORDS,
  DEMO_BRANDS,
  DEMO_CATEGORIES,
  DEMO_CITIES,
  DEMO_SKUS,
  DOOR_PHOTOS,
  GIVEN_NAMES,
  LEVELS,
  LICENSE_PHOTO,
  OUTLET_MIX,
  OUTLET_PREFIXES,
  STREETS,
  SURNAMES,
  VISIT_CYCLE_BY_LEVEL,
  type DemoCity,
} from './businessCatalogue';

/** A small, fast, seedable PRNG (mulberry32): the same seed, the same sequence. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const weighted = <T>(items: readonly T[], weightOf: (item: T) => number): T => {
    const total = items.reduce((sum, item) => sum + weightOf(item), 0);
    let roll = next() * total;
    for (const item of items) {
      roll -= weightOf(item);
      if (roll < 0) return item;
    }
    return items[items.length - 1];
  };
  return { next, int, pick, weighted, chance: (probability: number) => next() < probability };
}

type Random = ReturnType<typeof seededRandom>;

export interface BusinessVolume {
  dealers: number;
  outlets: number;
  /** How many of the catalogue's SKUs the tenant sells. */
  skus: number;
  cities: DemoCity[];
}

export const DEMO_VOLUME: BusinessVolume = {
  dealers: 10,
  outlets: 500,
  skus: DEMO_SKUS.length,
  cities: DEMO_CITIES,
};
/** The second demo tenant has one department (A01) and sells in Chengdu. */
export const SECOND_TENANT_VOLUME: BusinessVolume = {
  dealers: 2,
  outlets: 20,
  skus: 5,
  cities: [{ ...DEMO_CITIES[7], orgCode: 'A01' }],
};
export const LOAD_TEST_VOLUME = { dealers: 50, outlets: 5000 };

const CHUNK = 400;

export async function insertChunked<T extends keyof DB & string>(
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

/** An EAN-13 barcode under the demo's fictional company prefix 697000, with its check digit. */
export function demoBarcode(index: number): string {
  const body = `697000${String(index).padStart(6, '0')}`;
  for (let check = 0; check <= 9; check += 1) {
    if (hasValidCheckDigit(`${body}${check}`)) return `${body}${check}`;
  }
  throw new Error('unreachable: one check digit always fits');
}

const shanghaiToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

// ---- Products and prices ----

interface SeededSku {
  id: string;
  index: number;
  unitsPerCase: number;
  shelfLifeDays: number;
  factory: number;
  weight: number;
  status: string;
}

async function seedProducts(
  trx: Transaction<DB>,
  tenantId: string,
  volume: BusinessVolume,
  userId: string | null,
) {
  const catalogue = DEMO_SKUS.slice(0, volume.skus);
  const usedBrands = DEMO_BRANDS.filter((brand) => catalogue.some((each) => each.brand === brand.code));
  const categoryIds = new Map<string, string>(
    DEMO_CATEGORIES.map((category) => [category.code, stableId('category', tenantId, category.code)]),
  );
  await trx
    .insertInto('product_categories')
    .values(
      DEMO_CATEGORIES.map((category, sort) => ({
        id: categoryIds.get(category.code) as string,
        tenant_id: tenantId,
        code: category.code,
        name: category.name,
        sort,
        created_by: userId,
        updated_by: userId,
      })),
    )
    .execute();
  const brandIds = new Map(usedBrands.map((brand) => [brand.code, stableId('brand', tenantId, brand.code)]));
  await trx
    .insertInto('brands')
    .values(
      usedBrands.map((brand, sort) => ({
        id: brandIds.get(brand.code) as string,
        tenant_id: tenantId,
        code: brand.code,
        name: brand.name,
        sort,
        created_by: userId,
        updated_by: userId,
      })),
    )
    .execute();
  const brandCategory = new Map<string, string>(DEMO_BRANDS.map((brand) => [brand.code, brand.category]));
  const inserted = await insertSkus(
    trx,
    tenantId,
    userId,
    catalogue.map((item, index) => ({
      skuCode: `SKU${String(index + 1).padStart(8, '0')}`,
      barcode: demoBarcode(index + 1),
      caseBarcode: null,
      name: item.name,
      shortName: item.name.replace(/\s.*$/, ''),
      brandId: brandIds.get(item.brand) as string,
      categoryId: categoryIds.get(brandCategory.get(item.brand) as string) as string,
      spec: item.spec,
      volumeMl: item.volumeMl,
      packageType: item.packageType,
      baseUnit: item.baseUnit,
      saleUnit: item.packageType === 'GIFT_BOX' ? '件' : '箱',
      unitsPerCase: item.unitsPerCase,
      shelfLifeDays: item.shelfLifeDays,
      suggestedRetailPrice: item.retail,
      lifecycleTag: item.lifecycleTag ?? (index < 3 ? 'CORE' : 'REGULAR'),
      mallVisible: item.status !== 'DISCONTINUED',
      // One SKU without an ERP material code exercises the failed-sync screens (DOMAIN §2.1).
      erpMaterialCode: index === 7 ? null : `MAT${String(index + 1).padStart(6, '0')}`,
    })),
  );
  const statusOf = (index: number) => catalogue[index].status ?? 'ON_SALE';
  for (const [index, row] of inserted.entries()) {
    if (statusOf(index) !== 'DRAFT') {
      await trx
        .updateTable('skus')
        .set({ status: statusOf(index) })
        .where('id', '=', row.id)
        .execute();
    }
  }
  const skus: SeededSku[] = inserted.map((row, index) => ({
    id: row.id,
    index,
    unitsPerCase: catalogue[index].unitsPerCase,
    shelfLifeDays: catalogue[index].shelfLifeDays,
    factory: catalogue[index].factory,
    weight: catalogue[index].weight,
    status: statusOf(index),
  }));

  const year = shanghaiToday().slice(0, 4);
  const priced = skus.filter((each) => each.status !== 'DRAFT');
  const items = (price: (index: number) => number, unit: 'CASE' | 'BASE' = 'CASE', only = priced) =>
    only.map((each) => ({ skuId: each.id, unit, price: price(each.index) }));
  const water = priced.filter((each) => catalogue[each.index].brand === 'SQY');
  const lists = [
    {
      code: `PL-F-${year}`,
      name: `${year}年出厂价`,
      priceType: 'FACTORY' as const,
      items: items((i) => catalogue[i].factory),
    },
    {
      code: `PL-F-${year}-W`,
      name: `${year}年饮用水出厂价调整(+3%)`,
      priceType: 'FACTORY' as const,
      validFrom: addDays(shanghaiToday(), -90),
      items: items((i) => Math.round(catalogue[i].factory * 103) / 100, 'CASE', water),
    },
    {
      code: `PL-S-${year}`,
      name: `${year}年供货价`,
      priceType: 'SUPPLY' as const,
      items: items((i) => catalogue[i].supply),
    },
    {
      code: `PL-S-${year}-GZ`,
      name: `${year}年广州供货价`,
      priceType: 'SUPPLY' as const,
      scopes: [{ scopeType: 'REGION_CODE' as const, scopeValue: '440100' }],
      items: items((i) => catalogue[i].supply - 1),
    },
    {
      code: `PL-R-${year}`,
      name: `${year}年建议零售价`,
      priceType: 'RETAIL' as const,
      items: items((i) => catalogue[i].retail, 'BASE'),
    },
  ];
  for (const list of lists) {
    await insertPriceList(
      trx,
      tenantId,
      userId,
      {
        code: list.code,
        name: list.name,
        priceType: list.priceType,
        validFrom: 'validFrom' in list && list.validFrom ? list.validFrom : `${year}-01-01`,
        items: list.items,
        scopes: 'scopes' in list && list.scopes ? list.scopes : [],
      },
      'ACTIVE',
    );
  }
  return skus;
}

// ---- Customers ----

interface CustomerPlan {
  firstDealer: number;
  firstOutlet: number;
  dealers: number;
  outlets: number;
}

const personName = (random: Random) =>
  `${random.pick(SURNAMES)}${random.pick(GIVEN_NAMES)}${random.chance(0.5) ? random.pick(GIVEN_NAMES) : ''}`;
const mobileOf = (random: Random) =>
  `13${random.int(0, 9)}${String(random.int(0, 99999999)).padStart(8, '0')}`;
const pastTime = (random: Random, maxDays: number) =>
  new Date(Date.now() - random.int(0, maxDays * 24) * 3_600_000);

/** Owners: the first account of each department, the tenant's first account elsewhere. */
async function ownersByOrg(db: Kysely<DB>, tenantId: string) {
  const rows = await db
    .selectFrom('user_departs')
    .innerJoin('departs', 'departs.id', 'user_departs.depart_id')
    .innerJoin('users', 'users.id', 'user_departs.user_id')
    .select(['departs.org_code', 'users.id', 'users.username'])
    .where('user_departs.tenant_id', '=', tenantId)
    .orderBy('users.username')
    .execute();
  const byOrg = new Map<string, string>();
  for (const row of rows) if (!byOrg.has(row.org_code)) byOrg.set(row.org_code, row.id);
  const fallback = rows.find((row) => row.org_code.length === 3)?.id ?? rows[0]?.id ?? null;
  return (orgCode: string) => byOrg.get(orgCode) ?? fallback;
}

async function seedCustomers(
  trx: Kysely<DB>,
  tenantId: string,
  volume: BusinessVolume,
  plan: CustomerPlan,
  random: Random,
) {
  const ownerOf = await ownersByOrg(trx, tenantId);
  const rows: Insertable<CustomersTable>[] = [];
  // Outlets are supplied by a signed dealer of their city: the tenant's existing ones and the new ones.
  const dealersByCity = new Map<string, string[]>();
  const existing = await trx
    .selectFrom('customers')
    .select(['id', 'city_code'])
    .where('tenant_id', '=', tenantId)
    .where('customer_type', '=', 'DEALER')
    .where('partner_stage', '=', 'SIGNED')
    .orderBy('customer_code')
    .execute();
  for (const dealer of existing) {
    if (dealer.city_code)
      dealersByCity.set(dealer.city_code, [...(dealersByCity.get(dealer.city_code) ?? []), dealer.id]);
  }
  for (let index = 0; index < plan.dealers; index += 1) {
    const city = volume.cities[index % volume.cities.length];
    const number = plan.firstDealer + index;
    const id = stableId('customer', tenantId, 'D', String(number));
    // DOMAIN §2.3: 30 % Kingdee, 40 % T+, 30 % no ERP; a tenth are still prospects.
    const roll = random.next();
    const stage = index % 10 === 8 ? 'POTENTIAL' : index % 10 === 9 ? 'NEGOTIATING' : 'SIGNED';
    if (stage === 'SIGNED') dealersByCity.set(city.code, [...(dealersByCity.get(city.code) ?? []), id]);
    rows.push({
      id,
      tenant_id: tenantId,
      customer_code: `D${String(number).padStart(4, '0')}`,
      name: `${city.name}${DEALER_WORDS[(number - 1) % DEALER_WORDS.length]}${number > DEALER_WORDS.length ? Math.ceil(number / DEALER_WORDS.length) : ''}${random.chance(0.5) ? '商贸' : '食品贸易'}有限公司`,
      customer_type: 'DEALER',
      channel: 'TT',
      province_code: city.provinceCode,
      city_code: city.code,
      address: `${city.name}市${random.pick(STREETS)}${random.int(1, 300)}号`,
      lng: (city.lng + (random.next() - 0.5) * 0.08).toFixed(7),
      lat: (city.lat + (random.next() - 0.5) * 0.08).toFixed(7),
      contact_name: personName(random),
      contact_mobile: mobileOf(random),
      boss_name: personName(random),
      boss_mobile: mobileOf(random),
      owner_user_id: ownerOf(city.orgCode),
      org_code: city.orgCode,
      settlement_method: random.pick(['PREPAID', 'CREDIT'] as const),
      credit_limit: random.int(5, 50) * 10000,
      credit_days: random.pick([15, 30, 45]),
      source: 'ERP',
      audit_status: 'APPROVED',
      verify_status: 'VERIFIED',
      partner_stage: stage,
      erp_type: roll < 0.3 ? 'KINGDEE_K3CLOUD' : roll < 0.7 ? 'CHANJET_TPLUS' : 'NONE',
      erp_customer_code: roll < 0.7 ? `C${String(number).padStart(5, '0')}` : null,
      last_order_at: stage === 'SIGNED' ? pastTime(random, 10) : null,
    });
  }

  // Each city has 30–60 street centres; outlets cluster around them (DOMAIN §2.2).
  const centres = new Map(
    volume.cities.map((city) => [
      city.code,
      Array.from({ length: random.int(30, 60) }, () => ({
        lng: city.lng + (random.next() - 0.5) * 0.12,
        lat: city.lat + (random.next() - 0.5) * 0.12,
        street: random.pick(STREETS),
      })),
    ]),
  );
  const outletRows: Insertable<CustomersTable>[] = [];
  for (let index = 0; index < plan.outlets; index += 1) {
    const number = plan.firstOutlet + index;
    const city = volume.cities[random.int(0, volume.cities.length - 1)];
    const kind = random.weighted(OUTLET_MIX, (each) => each.share);
    const level = random.weighted(LEVELS, (each) => kind.levels[LEVELS.indexOf(each)]);
    const centre = random.pick(centres.get(city.code) ?? []);
    // 1 % duplicates: a look-alike of an earlier outlet 5–30 m away, waiting for the POI audit.
    const original = outletRows.length > 20 && random.chance(0.01) ? random.pick(outletRows) : undefined;
    const noPoint = !original && random.chance(0.02);
    const lng = original
      ? Number(original.lng) + random.int(5, 25) / 111_000
      : centre.lng + (random.next() - 0.5) * 0.04;
    const lat = original
      ? Number(original.lat) + random.int(-10, 10) / 111_000
      : centre.lat + (random.next() - 0.5) * 0.04;
    const poiOffset = random.chance(0.01) ? 0.008 : random.int(0, 120) / 111_000;
    const prefix = random.pick(OUTLET_PREFIXES);
    const name = original
      ? `${String(original.name).replace(/(便利店|超市|食杂店)$/, '')}${random.pick(['超市', '便利店'])}`
      : `${prefix}${random.pick(kind.words)}`;
    const audit = original
      ? 'PENDING'
      : random.weighted(
          ['APPROVED', 'PENDING', 'REJECTED'] as const,
          (status) => ({ APPROVED: 90, PENDING: 7, REJECTED: 3 })[status],
        );
    const verify =
      audit !== 'APPROVED'
        ? 'UNVERIFIED'
        : random.weighted(
            ['VERIFIED', 'UNVERIFIED', 'SUSPECT'] as const,
            (status) => ({ VERIFIED: 70, UNVERIFIED: 27, SUSPECT: 3 })[status],
          );
    const status =
      audit !== 'APPROVED'
        ? 'ACTIVE'
        : random.weighted(
            ['ACTIVE', 'FROZEN', 'CLOSED'] as const,
            (each) => ({ ACTIVE: 94, FROZEN: 2, CLOSED: 4 })[each],
          );
    const dealers = dealersByCity.get(city.code) ?? [...dealersByCity.values()].flat();
    outletRows.push({
      id: stableId('customer', tenantId, 'S', String(number)),
      tenant_id: tenantId,
      customer_code: `S${String(number).padStart(7, '0')}`,
      name,
      customer_type: 'OUTLET',
      channel: kind.channel,
      outlet_type: kind.outletType,
      level,
      serving_dealer_id: dealers.length > 0 ? random.pick(dealers) : null,
      province_code: city.provinceCode,
      city_code: city.code,
      district_code: `${city.code.slice(0, 4)}${String(random.int(1, 9)).padStart(2, '0')}`,
      address: `${city.name}市${centre.street}${random.int(1, 500)}号`,
      lng: noPoint ? null : lng.toFixed(7),
      lat: noPoint ? null : lat.toFixed(7),
      poi_id: noPoint ? null : `B0${random.int(10000000, 99999999)}`,
      poi_name: noPoint ? null : `${name}(${centre.street}店)`,
      poi_lng: noPoint ? null : (lng + poiOffset).toFixed(7),
      poi_lat: noPoint ? null : lat.toFixed(7),
      contact_name: personName(random),
      contact_mobile: mobileOf(random),
      boss_name: personName(random),
      boss_mobile: mobileOf(random),
      owner_user_id: ownerOf(city.orgCode),
      org_code: city.orgCode,
      delivery_mode: 'DEALER_DELIVERY',
      visit_cycle: VISIT_CYCLE_BY_LEVEL[level],
      settlement_method: kind.outletType === '大卖场KA' ? 'CREDIT' : 'CASH',
      source: random.pick(['REP_CREATED', 'REP_CREATED', 'IMPORTED', 'MINIPROGRAM'] as const),
      audit_status: audit,
      audit_remark: audit === 'REJECTED' ? random.pick(['照片不合格', '位置不符', '非目标业态']) : null,
      verify_status: verify,
      verify_remark: verify === 'SUSPECT' ? '90天无订单但已支付费用' : null,
      status,
      freezer_count: random.chance(kind.freezerShare)
        ? random.int(1, kind.outletType === '大卖场KA' ? 1 : 2)
        : 0,
      last_visit_at: audit === 'APPROVED' ? pastTime(random, 30) : null,
      last_order_at:
        audit === 'APPROVED' && random.chance(0.8) ? pastTime(random, random.chance(0.8) ? 14 : 90) : null,
    });
  }
  const all = [...rows, ...outletRows];
  await insertChunked(trx, 'customers', all);
  await insertChunked(
    trx,
    'customer_team_members',
    all
      .filter((row) => row.owner_user_id)
      .map((row) => ({
        id: newId(),
        tenant_id: tenantId,
        customer_id: row.id,
        user_id: row.owner_user_id as string,
        role: 'OWNER' as const,
        from_date: addDays(shanghaiToday(), -random.int(30, 400)),
      })),
  );
  await insertChunked(
    trx,
    'customer_photos',
    all.flatMap((row) => [
      {
        id: newId(),
        tenant_id: tenantId,
        customer_id: row.id,
        kind: 'DOOR' as const,
        url: random.pick(DOOR_PHOTOS),
        title: '门头照',
        sort: 0,
      },
      ...(random.chance(0.3)
        ? [
            {
              id: newId(),
              tenant_id: tenantId,
              customer_id: row.id,
              kind: 'LICENSE' as const,
              url: LICENSE_PHOTO,
              title: '营业执照',
              sort: 1,
            },
          ]
        : []),
    ]),
  );
  return { dealers: rows, outlets: outletRows };
}

/** The labels of DOMAIN §2.3: manual ones tagged by the generator, rule ones computed from their rule. */
async function seedLabels(
  trx: Kysely<DB>,
  tenantId: string,
  outlets: Insertable<CustomersTable>[],
  random: Random,
) {
  const manual = [
    {
      code: 'HIGH_VALUE',
      name: '高价值',
      group: '价值分层',
      color: 'gold',
      pick: (row: Insertable<CustomersTable>) => row.level === 'A',
    },
    {
      code: 'NEW_SKU_FIRST',
      name: '新品首铺',
      group: '活动',
      color: 'green',
      pick: () => random.chance(0.08),
    },
    {
      code: 'DISPLAY_AGREEMENT',
      name: '陈列协议店',
      group: '活动',
      color: 'blue',
      pick: () => random.chance(0.1),
    },
    {
      code: 'EXPIRY_RISK',
      name: '临期风险',
      group: '风险',
      color: 'orange',
      pick: () => random.chance(0.03),
    },
    {
      code: 'SUSPECT_DUPLICATE',
      name: '疑似重复',
      group: '风险',
      color: 'red',
      pick: (row: Insertable<CustomersTable>) => row.audit_status === 'PENDING' && random.chance(0.3),
    },
  ];
  const rules: Array<{ code: string; name: string; group: string; color: string; rule: LabelRule }> = [
    {
      code: 'FREEZER_OUTLET',
      name: '冰柜店',
      group: '业态特征',
      color: 'cyan',
      rule: { conditions: [{ field: 'freezerCount', op: 'gte', value: 1 }] },
    },
    {
      code: 'NO_ORDER_30D',
      name: '连续30天未下单',
      group: '风险',
      color: 'volcano',
      rule: {
        conditions: [
          { field: 'customerType', op: 'eq', value: 'OUTLET' },
          { field: 'daysSinceLastOrder', op: 'gte', value: 30 },
        ],
      },
    },
  ];
  for (const label of manual) {
    const id = stableId('label', tenantId, label.code);
    await trx
      .insertInto('customer_labels')
      .values({
        id,
        tenant_id: tenantId,
        code: label.code,
        name: label.name,
        label_group: label.group,
        color: label.color,
        label_type: 'MANUAL',
      })
      .execute();
    await insertChunked(
      trx,
      'customer_label_links',
      outlets
        .filter((row) => label.pick(row))
        .map((row) => ({
          tenant_id: tenantId,
          customer_id: row.id,
          label_id: id,
          source: 'MANUAL' as const,
        })),
    );
  }
  for (const label of rules) {
    const id = stableId('label', tenantId, label.code);
    await trx
      .insertInto('customer_labels')
      .values({
        id,
        tenant_id: tenantId,
        code: label.code,
        name: label.name,
        label_group: label.group,
        color: label.color,
        label_type: 'RULE',
        rule: JSON.stringify(label.rule),
        refreshed_at: new Date(),
      })
      .execute();
    await replaceRuleLinks(trx, tenantId, id, label.rule, null);
  }
}

// ---- Warehouses and stock ----

async function seedStock(
  trx: Kysely<DB>,
  tenantId: string,
  skus: SeededSku[],
  dealers: Insertable<CustomersTable>[],
  brandWarehouses: Array<{ code: string; name: string; orgCode: string }>,
  random: Random,
) {
  const today = shanghaiToday();
  const warehouses = [
    ...brandWarehouses.map((each) => ({
      ...each,
      ownerType: 'BRAND' as const,
      ownerId: null as string | null,
    })),
    ...dealers
      .filter((dealer) => dealer.partner_stage === 'SIGNED')
      .flatMap((dealer, index) =>
        Array.from({ length: index % 3 === 0 ? 2 : 1 }, (_, n) => ({
          code: `WH-${dealer.customer_code}-${n + 1}`,
          name: `${String(dealer.name).replace(/(商贸|食品贸易)有限公司$/, '')}${n === 0 ? '主仓' : '二号仓'}`,
          orgCode: dealer.org_code,
          ownerType: 'DEALER' as const,
          ownerId: dealer.id as string,
        })),
      ),
  ];
  await insertChunked(
    trx,
    'warehouses',
    warehouses.map((each) => ({
      id: stableId('warehouse', tenantId, each.code),
      tenant_id: tenantId,
      code: each.code,
      name: each.name,
      owner_type: each.ownerType,
      owner_id: each.ownerId,
      org_code: each.orgCode,
      erp_warehouse_code: `CK${each.code.replace(/\D/g, '').padStart(4, '0')}`,
    })),
  );
  const sellable = skus.filter((each) => each.status === 'ON_SALE');
  const lots: Insertable<StockLotsTable>[] = [];
  const movements: Insertable<StockMovementsTable>[] = [];
  const sequences = new Map<string, number>();
  const movementNo = (day: string) => {
    const key = day.replace(/-/g, '');
    const next = (sequences.get(key) ?? 0) + 1;
    sequences.set(key, next);
    return `SM${key}${String(next).padStart(4, '0')}`;
  };
  for (const warehouse of warehouses) {
    const warehouseId = stableId('warehouse', tenantId, warehouse.code);
    const brand = warehouse.ownerType === 'BRAND';
    const chosen = new Set<SeededSku>();
    const wanted = Math.min(sellable.length, random.int(brand ? 12 : 6, brand ? 20 : 12));
    while (chosen.size < wanted) chosen.add(random.weighted(sellable, (each) => each.weight));
    for (const sku of chosen) {
      for (let n = random.int(1, brand ? 3 : 2); n > 0; n -= 1) {
        // Ages: mostly young, some old, ~5 % inside the near-expiry window, a few past it.
        const roll = random.next();
        const window = nearExpiryWindowDays(sku.shelfLifeDays);
        const age =
          roll < 0.5
            ? random.int(3, 60)
            : roll < 0.75
              ? random.int(61, 180)
              : roll < 0.93
                ? random.int(181, Math.max(182, sku.shelfLifeDays - window - 5))
                : roll < 0.98
                  ? sku.shelfLifeDays - random.int(1, window)
                  : sku.shelfLifeDays + random.int(1, 20);
        const production = addDays(today, -age);
        const inbound = addDays(production, Math.min(age, random.int(2, 15)));
        const batchNo = `${production.replace(/-/g, '')}${random.pick(['A', 'B', 'C'])}${random.int(1, 3)}`;
        if (
          lots.some(
            (lot) => lot.warehouse_id === warehouseId && lot.sku_id === sku.id && lot.batch_no === batchNo,
          )
        )
          continue;
        const lotId = newId();
        const received =
          random.int(brand ? 80 : 10, brand ? 800 : 200) * sku.unitsPerCase +
          (random.chance(0.2) ? random.int(1, sku.unitsPerCase - 1) : 0);
        const shipped = random.chance(0.6) ? Math.floor(received * random.next() * 0.7) : 0;
        const unitCost = (sku.factory / sku.unitsPerCase).toFixed(4);
        lots.push({
          id: lotId,
          tenant_id: tenantId,
          warehouse_id: warehouseId,
          sku_id: sku.id,
          batch_no: batchNo,
          production_date: production,
          expiry_date: addDays(production, sku.shelfLifeDays),
          first_inbound_date: inbound,
          qty_on_hand: received - shipped,
          unit_cost: unitCost,
          lot_status: age > sku.shelfLifeDays ? 'EXPIRED' : random.chance(0.01) ? 'FROZEN' : 'NORMAL',
        });
        const movement = {
          tenant_id: tenantId,
          warehouse_id: warehouseId,
          sku_id: sku.id,
          lot_id: lotId,
          batch_no: batchNo,
          production_date: production,
          unit_cost: unitCost,
        };
        movements.push({
          ...movement,
          id: newId(),
          movement_no: movementNo(inbound),
          direction: 'IN',
          movement_type: 'PURCHASE_IN',
          base_qty: received,
          unit: received % sku.unitsPerCase === 0 ? 'CASE' : 'MIXED',
          balance_after: received,
          source_doc_type: 'PURCHASE',
          occurred_at: new Date(`${inbound}T10:00:00+08:00`),
        });
        if (shipped > 0) {
          const day = addDays(
            inbound,
            Math.max(0, Math.min(age - (inbound === production ? 0 : 1), random.int(1, 30))),
          );
          const shippedOn = day > today ? today : day;
          movements.push({
            ...movement,
            id: newId(),
            movement_no: movementNo(shippedOn),
            direction: 'OUT',
            movement_type: 'SALES_OUT',
            base_qty: shipped,
            unit: 'MIXED',
            balance_after: received - shipped,
            source_doc_type: 'ORDER',
            occurred_at: new Date(`${shippedOn}T15:00:00+08:00`),
          });
        }
      }
    }
  }
  await insertChunked(trx, 'stock_lots', lots);
  await insertChunked(trx, 'stock_movements', movements);
  // Later movements of those days continue after the generated numbers.
  for (const [day, last] of sequences) {
    await trx
      .insertInto('document_sequences')
      .values({ tenant_id: tenantId, prefix: 'SM', day, last_value: last })
      .onConflict((conflict) =>
        conflict
          .columns(['tenant_id', 'prefix', 'day'])
          .doUpdateSet({ last_value: sql`document_sequences.last_value + ${last}` }),
      )
      .execute();
  }
  return { warehouses: warehouses.length, lots: lots.length, movements: movements.length };
}

export interface GeneratedBusinessData {
  skus: number;
  dealers: number;
  outlets: number;
  warehouses: number;
  lots: number;
  movements: number;
}

/** The whole business demo of a tenant with no business data yet. */
export async function generateBusinessData(
  trx: Transaction<DB>,
  tenantId: string,
  volume: BusinessVolume,
  seed: number,
): Promise<GeneratedBusinessData> {
  const random = seededRandom(seed);
  const skus = await seedProducts(trx, tenantId, volume, null);
  const { dealers, outlets } = await seedCustomers(
    trx,
    tenantId,
    volume,
    { firstDealer: 1, firstOutlet: 1, dealers: volume.dealers, outlets: volume.outlets },
    random,
  );
  await seedLabels(trx, tenantId, outlets, random);
  const regions = [...new Set(volume.cities.map((city) => city.orgCode.slice(0, 6)))];
  const stock = await seedStock(
    trx,
    tenantId,
    skus,
    dealers,
    regions.map((orgCode, index) => ({
      code: `WH-BRAND-${index + 1}`,
      name: index === 0 ? '品牌中心仓' : `品牌区域仓${index}`,
      orgCode,
    })),
    random,
  );
  await trx
    .insertInto('stock_age_buckets')
    .values(
      DEFAULT_AGE_BUCKETS.map((bucket, sort) => ({
        tenant_id: tenantId,
        code: bucket.code,
        label: bucket.label,
        min_days: bucket.minDays,
        max_days: bucket.maxDays,
        color: bucket.color,
        sort,
      })),
    )
    .execute();
  return { skus: skus.length, dealers: dealers.length, outlets: outlets.length, ...stock };
}

/**
 * Adds dealers and outlets (with their teams, photos and the dealers' warehouses and stock) until the
 * tenant has `target` of each: the load-test volume on top of the demo. Codes continue after the
 * tenant's highest ones.
 */
export async function topUpCustomers(
  db: Kysely<DB>,
  tenantId: string,
  target: { dealers: number; outlets: number },
  seed: number,
): Promise<GeneratedBusinessData> {
  return db.transaction().execute(async (trx) => {
    const random = seededRandom(seed);
    const counts = await trx
      .selectFrom('customers')
      .select([
        sql<number>`count(*) filter (where customer_type = 'DEALER')::integer`.as('dealers'),
        sql<number>`count(*) filter (where customer_type = 'OUTLET')::integer`.as('outlets'),
        sql<number>`coalesce(max(substr(customer_code, 2)::integer) filter (where customer_code ~ '^D[0-9]{4}$'), 0)`.as(
          'lastDealer',
        ),
        sql<number>`coalesce(max(substr(customer_code, 2)::integer) filter (where customer_code ~ '^S[0-9]{7}$'), 0)`.as(
          'lastOutlet',
        ),
      ])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    const skus = await trx
      .selectFrom('skus')
      .select(['id', 'units_per_case', 'shelf_life_days', 'status', 'sku_code'])
      .where('tenant_id', '=', tenantId)
      .orderBy('sku_code')
      .execute();
    if (skus.length === 0) throw new Error(`租户 ${tenantId} 还没有商品：请先启动一次服务写入演示数据`);
    const catalogue = new Map(
      DEMO_SKUS.map((item, index) => [`SKU${String(index + 1).padStart(8, '0')}`, item]),
    );
    const plan = {
      firstDealer: Number(counts.lastDealer) + 1,
      firstOutlet: Number(counts.lastOutlet) + 1,
      dealers: Math.max(0, target.dealers - counts.dealers),
      outlets: Math.max(0, target.outlets - counts.outlets),
    };
    const { dealers, outlets } = await seedCustomers(trx, tenantId, DEMO_VOLUME, plan, random);
    const stock = await seedStock(
      trx,
      tenantId,
      skus.map((row, index) => ({
        id: row.id,
        index,
        unitsPerCase: row.units_per_case,
        shelfLifeDays: row.shelf_life_days,
        factory: catalogue.get(row.sku_code)?.factory ?? 50,
        weight: catalogue.get(row.sku_code)?.weight ?? 1,
        status: row.status,
      })),
      dealers,
      [],
      random,
    );
    return { skus: skus.length, dealers: dealers.length, outlets: outlets.length, ...stock };
  });
}
