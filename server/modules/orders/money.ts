// Order money in whole cents (DOMAIN §0: decimal(14,2) CNY): prices and totals are added and split as
// integers, so a total is always the sum of its lines to the cent.

import { sql } from 'kysely';

/** Decimal text or a number (at most 2 places meant) → cents. */
export function toCents(value: string | number): number {
  if (typeof value === 'number') return Math.round(value * 100);
  const [whole, fraction = ''] = value.trim().split('.');
  const sign = whole.startsWith('-') ? -1 : 1;
  const cents = Math.abs(Number(whole)) * 100 + Number(fraction.padEnd(3, '0').slice(0, 3)) / 10;
  return sign * Math.round(cents);
}

/** Cents → '1288.00'. */
export const centsText = (cents: number) => (cents / 100).toFixed(2);

/** The amount of `baseQty` base units at a price per case (CASE) or per base unit (BASE). */
export function lineCents(
  priceCents: number,
  priceUnit: 'CASE' | 'BASE',
  baseQty: number,
  unitsPerCase: number,
) {
  return priceUnit === 'CASE' ? Math.round((priceCents * baseQty) / unitsPerCase) : priceCents * baseQty;
}

/** A part of a line's amount: `part` of its `whole` base units. */
export const shareCents = (amountCents: number, part: number, whole: number) =>
  Math.round((amountCents * part) / whole);

/**
 * `totalCents` split over `weights` in proportion, to the cent: the largest remainders take the odd cents,
 * so the parts always add up to the total.
 */
export function allocateCents(totalCents: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((sum, weight) => sum + weight, 0);
  if (totalCents <= 0 || whole <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (totalCents * weight) / whole);
  const parts = exact.map(Math.floor);
  let left = totalCents - parts.reduce((sum, part) => sum + part, 0);
  const order = exact.map((value, index) => [value - parts[index], index]).sort((a, b) => b[0] - a[0]);
  for (const [, index] of order) {
    if (left <= 0) break;
    parts[index] += 1;
    left -= 1;
  }
  return parts;
}

/** '¥1,288.00' for messages. */
export const yuan = (cents: number) =>
  `¥${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** What an order is worth now: its payable less the returns received against it (migration 0058). */
export const ORDER_DUE = sql<string>`(payable_amount - returned_amount)`;

/** What an order still owes, in cents (below zero: the buyer paid for goods they returned). */
export const owedCents = (order: { payable_amount: string; returned_amount: string; paid_amount: string }) =>
  toCents(order.payable_amount) - toCents(order.returned_amount) - toCents(order.paid_amount);
