// 临期预警's suggested action (DOMAIN §1.6 "促销 / 调拨 / 换货 / 退货"): one pure rule over the facts of a row, so the
// list, its export and the tests agree. The rule (docs/business-api.md 临期预警 says the same):
//
// Warehouse lot (仓库批次)
//   - expired (days left < 0): 报损 — it may not be sold (the expiry job marks it EXPIRED); it leaves the books by
//     an EXPIRED_DESTROY stock-out. DOMAIN lists four actions for near-expiry goods; expired ones in a warehouse
//     have no buyer, so this fifth one names what the stock commands offer.
//   - in the window: 调拨 when the warehouse will not sell the lot in time at its own pace (its SALES_OUT of the
//     SKU over the last SALES_LOOKBACK_DAYS, per day, times the days left, is less than the lot) and another
//     warehouse of the same owner in the caller's scope sells the SKU fast enough to take all of it in the days
//     left less TRANSFER_LEAD_DAYS for the move; otherwise 促销 (发起临期促销: a NEAR_EXPIRY promotion for the
//     lot's SKU and dealer) — also when it would sell in time, as many buyers refuse goods inside the window.
// Outlet stock check (门店检查, the oldest goods a rep saw on the shelf)
//   - expired: 退货 — goods past their date come off the shelf on a return (reason 临期/过期).
//   - days left at most half the window (rounded up): 换货 — 临期换新 on an exchange order, too late to sell through.
//   - earlier in the window: 促销 — an outlet-level clearance still sells it.
import type { EXPIRY_ACTION } from '../../../common/businessEnums';

export type ExpiryAction = keyof typeof EXPIRY_ACTION;

/** The sales history a transfer suggestion looks at, in days. */
export const SALES_LOOKBACK_DAYS = 30;
/** Days a transfer takes before the goods can be sold in the other warehouse. */
export const TRANSFER_LEAD_DAYS = 3;

export interface LotFacts {
  source: 'LOT';
  remainingDays: number;
  /** The near-expiry window of the SKU's shelf life, in days. */
  windowDays: number;
  /** On hand, base units. */
  qty: number;
  /** SALES_OUT of the SKU from this warehouse over SALES_LOOKBACK_DAYS, base units. */
  soldHere: number;
  /** The best other warehouse of the same owner: its SALES_OUT of the SKU over the same days. */
  soldElsewhere: number;
}

export interface OutletFacts {
  source: 'OUTLET';
  remainingDays: number;
  windowDays: number;
}

/** What sells in `days` at the pace of `sold` over the lookback. */
const sellsIn = (sold: number, days: number) => (sold / SALES_LOOKBACK_DAYS) * Math.max(0, days);

export function expiryActionOf(facts: LotFacts | OutletFacts): ExpiryAction {
  if (facts.source === 'OUTLET') {
    if (facts.remainingDays < 0) return 'RETURN';
    if (facts.remainingDays <= Math.ceil(facts.windowDays / 2)) return 'EXCHANGE';
    return 'PROMOTE';
  }
  if (facts.remainingDays < 0) return 'DESTROY';
  const sellsHere = sellsIn(facts.soldHere, facts.remainingDays) >= facts.qty;
  const sellsThere = sellsIn(facts.soldElsewhere, facts.remainingDays - TRANSFER_LEAD_DAYS) >= facts.qty;
  return !sellsHere && sellsThere ? 'TRANSFER' : 'PROMOTE';
}
