// Stock age (库龄) and freshness (DOMAIN §1.6). Pure rules shared by the TypeScript checks and the SQL of the
// stock lists, so a lot is put in the same bucket and class wherever it is shown.
import { sql, type RawBuilder } from 'kysely';

export interface AgeBucket {
  code: string;
  label: string;
  /** Inclusive bounds in days; maxDays null is open-ended. */
  minDays: number;
  maxDays: number | null;
  color: string;
}

/** The default buckets of a tenant (DOMAIN §1.6), editable per tenant. */
export const DEFAULT_AGE_BUCKETS: AgeBucket[] = [
  { code: 'D0_30', label: '0-30天', minDays: 0, maxDays: 30, color: '#52c41a' },
  { code: 'D31_60', label: '31-60天', minDays: 31, maxDays: 60, color: '#95de64' },
  { code: 'D61_90', label: '61-90天', minDays: 61, maxDays: 90, color: '#fadb14' },
  { code: 'D91_180', label: '91-180天', minDays: 91, maxDays: 180, color: '#ffc53d' },
  { code: 'D181_270', label: '181-270天', minDays: 181, maxDays: 270, color: '#fa8c16' },
  { code: 'D271_365', label: '271-365天', minDays: 271, maxDays: 365, color: '#fa541c' },
  { code: 'D365_PLUS', label: '365天以上', minDays: 366, maxDays: null, color: '#f5222d' },
];

/**
 * Why a bucket list cannot be used, or undefined when it can: the buckets must start at 0 days, follow each
 * other without gap or overlap, and only the last may be open-ended.
 */
export function bucketListProblem(buckets: AgeBucket[]): string | undefined {
  if (buckets.length === 0) return '至少需要一个库龄段';
  const codes = new Set(buckets.map((bucket) => bucket.code));
  if (codes.size !== buckets.length) return '库龄段编码不能重复';
  if (buckets[0].minDays !== 0) return '第一个库龄段须从 0 天开始';
  for (const [index, bucket] of buckets.entries()) {
    const last = index === buckets.length - 1;
    if (bucket.maxDays === null && !last) return `只有最后一个库龄段可以不设上限（${bucket.label}）`;
    if (bucket.maxDays !== null && bucket.maxDays < bucket.minDays)
      return `库龄段 ${bucket.label} 的上限小于下限`;
    const next = buckets[index + 1];
    if (next && bucket.maxDays !== null && next.minDays !== bucket.maxDays + 1) {
      return `库龄段 ${bucket.label} 与 ${next.label} 之间有缺口或重叠`;
    }
  }
  if (buckets[buckets.length - 1].maxDays !== null) return '最后一个库龄段须不设上限';
  return undefined;
}

/** The bucket of a stock age in days (negative ages — a production date in the future — count as 0). */
export function bucketOf(ageDays: number, buckets: AgeBucket[]): AgeBucket {
  const days = Math.max(0, ageDays);
  return (
    buckets.find((bucket) => days >= bucket.minDays && (bucket.maxDays === null || days <= bucket.maxDays)) ??
    buckets[buckets.length - 1]
  );
}

/** Near-expiry (临期) windows by shelf life (DOMAIN §1.6), longest shelf life first. */
export const NEAR_EXPIRY_WINDOWS: Array<{ minShelfLifeDays: number; windowDays: number }> = [
  { minShelfLifeDays: 365, windowDays: 45 },
  { minShelfLifeDays: 180, windowDays: 20 },
  { minShelfLifeDays: 90, windowDays: 15 },
  { minShelfLifeDays: 30, windowDays: 10 },
  { minShelfLifeDays: 16, windowDays: 5 },
  { minShelfLifeDays: 0, windowDays: 3 },
];

export function nearExpiryWindowDays(shelfLifeDays: number): number {
  return (
    NEAR_EXPIRY_WINDOWS.find((rule) => shelfLifeDays >= rule.minShelfLifeDays) ?? NEAR_EXPIRY_WINDOWS[5]
  ).windowDays;
}

export type FreshnessClass = 'FRESH' | 'NORMAL' | 'WARNING' | 'NEAR_EXPIRY' | 'EXPIRED';

/** Below this share of shelf life left, a lot is WARNING (many KA buyers refuse it); above FRESH_RATIO, FRESH. */
export const WARNING_RATIO = 1 / 3;
export const FRESH_RATIO = 2 / 3;

/** The freshness of a lot with `remainingDays` of `shelfLifeDays` left (remaining = expiry − today). */
export function freshnessOf(remainingDays: number, shelfLifeDays: number): FreshnessClass {
  if (remainingDays < 0) return 'EXPIRED';
  if (remainingDays <= nearExpiryWindowDays(shelfLifeDays)) return 'NEAR_EXPIRY';
  const ratio = remainingDays / shelfLifeDays;
  if (ratio < WARNING_RATIO) return 'WARNING';
  if (ratio > FRESH_RATIO) return 'FRESH';
  return 'NORMAL';
}

/** Whole days from one 'YYYY-MM-DD' date to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** 'YYYY-MM-DD' plus some days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

// ---- The same rules in SQL, over expressions for remaining days, shelf life and age ----

/** The near-expiry window of a shelf-life expression. */
function windowSql(shelfLife: RawBuilder<number>): RawBuilder<number> {
  const cases = NEAR_EXPIRY_WINDOWS.map(
    (rule) => sql`when ${shelfLife} >= ${sql.lit(rule.minShelfLifeDays)} then ${sql.lit(rule.windowDays)}`,
  );
  return sql<number>`(case ${sql.join(cases, sql` `)} end)`;
}

export function freshnessSql(
  remaining: RawBuilder<number>,
  shelfLife: RawBuilder<number>,
): RawBuilder<FreshnessClass> {
  return sql<FreshnessClass>`(case
    when ${remaining} < 0 then 'EXPIRED'
    when ${remaining} <= ${windowSql(shelfLife)} then 'NEAR_EXPIRY'
    when ${remaining}::numeric / ${shelfLife} < ${sql.lit(WARNING_RATIO)} then 'WARNING'
    when ${remaining}::numeric / ${shelfLife} > ${sql.lit(FRESH_RATIO)} then 'FRESH'
    else 'NORMAL' end)`;
}

export function bucketSql(age: RawBuilder<number>, buckets: AgeBucket[]): RawBuilder<string> {
  const cases = buckets.map((bucket) =>
    bucket.maxDays === null
      ? sql`when greatest(${age}, 0) >= ${bucket.minDays} then ${bucket.code}`
      : sql`when greatest(${age}, 0) between ${bucket.minDays} and ${bucket.maxDays} then ${bucket.code}`,
  );
  return sql<string>`(case ${sql.join(cases, sql` `)} else ${buckets[buckets.length - 1].code} end)`;
}
