// What counts as a customer's purchases over a period, for what rewards them (返利核算, 累计返): orders the audit
// accepted and that were not taken back (rejected, cancelled and invalid orders never count; one still waiting
// for its audit does not count yet), their sold lines (gifts are not bought), less the returns received.
import { sql } from 'kysely';

/** Orders that were accepted (audited) and not taken back. */
export const COUNTED_ORDER_STATUS = [
  'PENDING_FINANCE',
  'PENDING_SHIPMENT',
  'PARTIALLY_SHIPPED',
  'SHIPPED',
  'SIGNED',
  'COMPLETED',
] as const;

/** A line's quantity in cases, from the packing its SKU snapshot kept (a later repacking changes nothing). */
export const lineCases = (qty: string, snapshot: string) =>
  sql<string>`${sql.ref(qty)}::numeric / greatest((${sql.ref(snapshot)}->>'unitsPerCase')::numeric, 1)`;
