// What a rep records in the outlet as rows (DOMAIN §1.4 OutletStockCheck, CompetitorObservation): a 库存盘点 step
// writes one 门店库存 row per SKU counted — cases and loose units, the base quantity the server works out from
// the SKU's units per case, the oldest production date seen on the shelf (required where there is stock: it
// feeds outlet-level near-expiry) — and a 竞品采集 step one row per competitor product, the step's photos
// taken in the order of its observations. The step's own JSON stays as the device sent it; the server checks
// it here, before anything is written, and 拜访详情 reads the rows.
import { sql, type Kysely } from 'kysely';
import { newId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { FRESHNESS_CLASS } from '../../../common/businessEnums';
import { shanghaiToday } from '../home/periods';
import { daysBetween, freshnessOf } from '../stock/stockAge';

/** One SKU of a stock check as the device sends it. */
export interface StockLineInput {
  skuId: string;
  qtyCases: number;
  qtyUnits?: number;
  oldestProductionDate?: string | null;
  suggestedOrderCases?: number | null;
}

/** One competitor product as the device sends it. */
export interface CompetitorInput {
  competitorBrand: string;
  skuName: string;
  retailPrice?: number | null;
  facings?: number | null;
  hasFreezer?: boolean | null;
  promoNote?: string | null;
}

interface StepContext {
  tenantId: string;
  visitId: string;
  stepId: string;
  customerId: string;
  photoIds: readonly string[];
}

const MAX_QTY = 100_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function refuse(message: string): never {
  throw new BusinessError(400, message);
}

const isCount = (value: unknown, max = MAX_QTY): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max;

const isDay = (text: string) =>
  DAY.test(text) &&
  !Number.isNaN(Date.parse(text)) &&
  new Date(Date.parse(text)).toISOString().startsWith(text);

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** A stock check's lines, checked: each SKU once, counts whole and not negative, a real day not in the future. */
export function stockLinesOf(data: Record<string, unknown>, now = new Date()): StockLineInput[] {
  const lines = data.lines;
  if (!Array.isArray(lines) || lines.length === 0) refuse('库存盘点至少填写一个品项');
  if ((lines as unknown[]).length > 200) refuse('库存盘点一次最多 200 个品项');
  const today = shanghaiToday(now);
  const seen = new Set<string>();
  return (lines as unknown[]).map((raw, index) => {
    const line = record(raw);
    const at = `第 ${index + 1} 行`;
    const { skuId, qtyCases, oldestProductionDate } = line;
    const qtyUnits = line.qtyUnits ?? 0;
    const suggested = line.suggestedOrderCases ?? null;
    if (typeof skuId !== 'string' || skuId === '') return refuse(`库存盘点${at}缺少品项`);
    if (seen.has(skuId)) refuse(`库存盘点${at}的品项重复`);
    seen.add(skuId);
    if (!isCount(qtyCases) || !isCount(qtyUnits)) refuse(`库存盘点${at}的数量应为 0 到 ${MAX_QTY} 的整数`);
    if (suggested !== null && !isCount(suggested)) refuse(`库存盘点${at}的建议订货箱数应为不小于 0 的整数`);
    const date = oldestProductionDate ?? null;
    if (date !== null && (typeof date !== 'string' || !isDay(date)))
      refuse(`库存盘点${at}的最早生产日期格式应为 YYYY-MM-DD`);
    if (typeof date === 'string' && date > today) refuse(`库存盘点${at}的最早生产日期不能晚于今天`);
    if (date === null && ((qtyCases as number) > 0 || (qtyUnits as number) > 0))
      refuse(`库存盘点${at}有库存，请填写最早生产日期`);
    return {
      skuId,
      qtyCases: qtyCases as number,
      qtyUnits: qtyUnits as number,
      oldestProductionDate: date as string | null,
      suggestedOrderCases: suggested as number | null,
    };
  });
}

const text = (value: unknown, max: number) =>
  typeof value === 'string' && value.trim() !== '' && value.trim().length <= max;

/** A competitor step's observations, checked: brand and product named, price and facings not negative. */
export function competitorsOf(data: Record<string, unknown>): CompetitorInput[] {
  const observations = data.observations;
  if (!Array.isArray(observations) || observations.length === 0) refuse('竞品采集至少填写一个竞品');
  if ((observations as unknown[]).length > 20) refuse('竞品采集一次最多 20 个竞品');
  return (observations as unknown[]).map((raw, index) => {
    const each = record(raw);
    const at = `第 ${index + 1} 个竞品`;
    if (!text(each.competitorBrand, 64) || !text(each.skuName, 128))
      refuse(`${at}请填写品牌和产品（品牌不超过 64 字，产品不超过 128 字）`);
    const price = each.retailPrice ?? null;
    if (
      price !== null &&
      (typeof price !== 'number' || !Number.isFinite(price) || price < 0 || price >= 100_000_000)
    )
      refuse(`${at}的零售价应为不小于 0 的金额`);
    const facings = each.facings ?? null;
    if (facings !== null && !isCount(facings, 10_000)) refuse(`${at}的排面数应为不小于 0 的整数`);
    const hasFreezer = each.hasFreezer ?? null;
    if (hasFreezer !== null && typeof hasFreezer !== 'boolean') refuse(`${at}的是否有冰柜应为是或否`);
    const note = each.promoNote ?? null;
    if (note !== null && (typeof note !== 'string' || note.length > 256))
      refuse(`${at}的促销说明不超过 256 字`);
    return {
      competitorBrand: (each.competitorBrand as string).trim(),
      skuName: (each.skuName as string).trim(),
      retailPrice: price as number | null,
      facings: facings as number | null,
      hasFreezer: hasFreezer as boolean | null,
      promoNote: (note as string | null)?.trim() || null,
    };
  });
}

/** Checks a step's data before the step is written; answers what to record once it is. */
export function observationsOf(
  stepType: string,
  data: Record<string, unknown>,
): { stock?: StockLineInput[]; competitors?: CompetitorInput[] } {
  if (stepType === 'STOCK_CHECK') return { stock: stockLinesOf(data) };
  if (stepType === 'COMPETITOR') return { competitors: competitorsOf(data) };
  return {};
}

/** The stock check's rows; a SKU counted again in the same visit takes the later count. */
export async function recordStockCheck(db: Kysely<DB>, step: StepContext, lines: readonly StockLineInput[]) {
  const skus = await db
    .selectFrom('skus')
    .select(['id', 'units_per_case'])
    .where('tenant_id', '=', step.tenantId)
    .where(
      'id',
      'in',
      lines.map((line) => line.skuId),
    )
    .execute();
  const unitsPerCase = new Map(skus.map((sku) => [sku.id, sku.units_per_case]));
  const unknown = lines.find((line) => !unitsPerCase.has(line.skuId));
  if (unknown) refuse('库存盘点的品项不存在');
  await db
    .insertInto('outlet_stock_checks')
    .values(
      lines.map((line) => ({
        id: newId(),
        tenant_id: step.tenantId,
        visit_id: step.visitId,
        step_id: step.stepId,
        customer_id: step.customerId,
        sku_id: line.skuId,
        qty_cases: line.qtyCases,
        qty_units: line.qtyUnits ?? 0,
        base_qty: line.qtyCases * (unitsPerCase.get(line.skuId) ?? 1) + (line.qtyUnits ?? 0),
        oldest_production_date: line.oldestProductionDate ?? null,
        suggested_order_cases: line.suggestedOrderCases ?? null,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['visit_id', 'sku_id']).doUpdateSet((row) => ({
        step_id: row.ref('excluded.step_id'),
        qty_cases: row.ref('excluded.qty_cases'),
        qty_units: row.ref('excluded.qty_units'),
        base_qty: row.ref('excluded.base_qty'),
        oldest_production_date: row.ref('excluded.oldest_production_date'),
        suggested_order_cases: row.ref('excluded.suggested_order_cases'),
        created_at: sql<Date>`now()`,
      })),
    )
    .execute();
}

/** The competitor rows of a step, its photos in the order of the observations. */
export async function recordCompetitors(
  db: Kysely<DB>,
  step: StepContext,
  observations: readonly CompetitorInput[],
) {
  await db
    .insertInto('competitor_observations')
    .values(
      observations.map((each, index) => ({
        id: newId(),
        tenant_id: step.tenantId,
        visit_id: step.visitId,
        step_id: step.stepId,
        customer_id: step.customerId,
        seq: index + 1,
        competitor_brand: each.competitorBrand,
        sku_name: each.skuName,
        retail_price:
          each.retailPrice === null || each.retailPrice === undefined ? null : each.retailPrice.toFixed(2),
        facings: each.facings ?? null,
        has_freezer: each.hasFreezer ?? null,
        promo_note: each.promoNote ?? null,
        photo_id: step.photoIds[index] ?? null,
      })),
    )
    .execute();
}

/** 拜访详情's stock check table and competitor rows. */
export async function visitObservations(db: Kysely<DB>, tenantId: string, visitId: string) {
  const stockChecks = await db
    .selectFrom('outlet_stock_checks')
    .innerJoin('skus', 'skus.id', 'outlet_stock_checks.sku_id')
    .select([
      'outlet_stock_checks.id',
      'outlet_stock_checks.sku_id as skuId',
      'skus.sku_code as skuCode',
      'skus.name as skuName',
      'skus.spec',
      'skus.units_per_case as unitsPerCase',
      'outlet_stock_checks.qty_cases as qtyCases',
      'outlet_stock_checks.qty_units as qtyUnits',
      'outlet_stock_checks.base_qty as baseQty',
      sql<string | null>`to_char(outlet_stock_checks.oldest_production_date, 'YYYY-MM-DD')`.as(
        'oldestProductionDate',
      ),
      // The oldest goods seen expire on this day (production date + the SKU's shelf life).
      sql<
        string | null
      >`to_char(outlet_stock_checks.oldest_production_date + skus.shelf_life_days, 'YYYY-MM-DD')`.as(
        'expiresOn',
      ),
      'skus.shelf_life_days as shelfLifeDays',
      'outlet_stock_checks.suggested_order_cases as suggestedOrderCases',
    ])
    .where('outlet_stock_checks.tenant_id', '=', tenantId)
    .where('outlet_stock_checks.visit_id', '=', visitId)
    .orderBy('skus.sku_code')
    .execute();
  const competitors = await db
    .selectFrom('competitor_observations')
    .select([
      'id',
      'competitor_brand as competitorBrand',
      'sku_name as skuName',
      'retail_price as retailPrice',
      'facings',
      'has_freezer as hasFreezer',
      'promo_note as promoNote',
      'photo_id as photoId',
    ])
    .where('tenant_id', '=', tenantId)
    .where('visit_id', '=', visitId)
    .orderBy('created_at')
    .orderBy('seq')
    .execute();
  const today = shanghaiToday(new Date());
  return {
    stockChecks: stockChecks.map(({ shelfLifeDays, ...row }) => {
      // The freshness of the oldest goods seen, by the stock module's rules (临期 window by shelf life).
      const freshness = row.expiresOn ? freshnessOf(daysBetween(today, row.expiresOn), shelfLifeDays) : null;
      return { ...row, freshness, freshness_dictText: freshness ? FRESHNESS_CLASS[freshness] : null };
    }),
    competitors,
  };
}
