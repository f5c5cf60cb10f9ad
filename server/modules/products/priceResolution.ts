// Price resolution (DOMAIN §1.2): for a customer, a SKU, a quantity and a moment, among the ACTIVE lists of
// the wanted price type valid at that moment keep the most specific scope match (CUSTOMER > LABEL > LEVEL >
// OUTLET_TYPE > CHANNEL > REGION_CODE > ORG > ALL), then the lowest priority number, then the latest
// validFrom; within the chosen list, the item whose quantity tier [minQty, maxQty) holds the quantity.
// Pure: the orders issue calls resolvePrice (service.ts) which loads the candidates and calls this.
import type { PriceScopeType, PriceUnit } from '../../db/schema';

/** Rank of a scope type: the higher, the more specific. */
export const SCOPE_SPECIFICITY: Record<PriceScopeType, number> = {
  CUSTOMER: 8,
  LABEL: 7,
  LEVEL: 6,
  OUTLET_TYPE: 5,
  CHANNEL: 4,
  REGION_CODE: 3,
  ORG: 2,
  ALL: 1,
};

export interface PriceScope {
  type: PriceScopeType;
  value: string;
}

export interface PriceItem {
  unit: PriceUnit;
  /** Decimal text, two places: '58.00'. */
  price: string;
  /** The tier [minQty, maxQty) in base units; maxQty null is open-ended. */
  minQty: number;
  maxQty: number | null;
}

export interface PriceCandidate {
  priceListId: string;
  code: string;
  name: string;
  priority: number;
  validFrom: Date;
  validTo: Date | null;
  /** A list without scopes applies to everyone (ALL). */
  scopes: PriceScope[];
  /** The list's items for the SKU asked about. */
  items: PriceItem[];
}

/** What a scope may match of a customer. */
export interface CustomerFacts {
  customerId: string;
  labelIds: string[];
  level: string | null;
  outletType: string | null;
  channel: string | null;
  /** Province, city and district codes (GB/T 2260). */
  regionCodes: string[];
  orgCode: string;
}

export interface ResolvedPrice {
  priceListId: string;
  priceListCode: string;
  priceListName: string;
  /** The unit the list prices in, and its price. */
  unit: PriceUnit;
  price: string;
  /** The same price per case and per base unit (4 decimals: a case price split over 24 bottles). */
  casePrice: string;
  basePrice: string;
  /** Which scope made the list apply. */
  matchedScope: PriceScopeType;
}

/** The specificity with which a scope applies to the customer; 0 when it does not. */
export function scopeMatch(scope: PriceScope, facts: CustomerFacts): number {
  const rank = SCOPE_SPECIFICITY[scope.type];
  switch (scope.type) {
    case 'ALL':
      return rank;
    case 'CUSTOMER':
      return scope.value === facts.customerId ? rank : 0;
    case 'LABEL':
      return facts.labelIds.includes(scope.value) ? rank : 0;
    case 'LEVEL':
      return scope.value === facts.level ? rank : 0;
    case 'OUTLET_TYPE':
      return scope.value === facts.outletType ? rank : 0;
    case 'CHANNEL':
      return scope.value === facts.channel ? rank : 0;
    case 'REGION_CODE':
      return facts.regionCodes.includes(scope.value) ? rank : 0;
    case 'ORG':
      return scope.value !== '' && facts.orgCode.startsWith(scope.value) ? rank : 0;
  }
}

/** The best-matching scope of a list for the customer, or undefined when none applies. */
function bestScope(candidate: PriceCandidate, facts: CustomerFacts): PriceScope | undefined {
  const scopes = candidate.scopes.length > 0 ? candidate.scopes : [{ type: 'ALL' as const, value: '' }];
  let best: PriceScope | undefined;
  for (const scope of scopes) {
    const rank = scopeMatch(scope, facts);
    if (rank > 0 && (!best || rank > SCOPE_SPECIFICITY[best.type])) best = scope;
  }
  return best;
}

const isValidAt = (candidate: PriceCandidate, at: Date) =>
  candidate.validFrom.getTime() <= at.getTime() &&
  (!candidate.validTo || at.getTime() < candidate.validTo.getTime());

const itemFor = (candidate: PriceCandidate, qty: number) =>
  candidate.items.find((item) => qty >= item.minQty && (item.maxQty === null || qty < item.maxQty));

/** Decimal text → hundredths of a yuan, without floating-point error. */
function toCents(price: string): number {
  const [whole, fraction = ''] = price.split('.');
  const sign = whole.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2)));
}

const centsText = (cents: number) => (cents / 100).toFixed(2);

/** The case and base-unit prices of an item (the base price to 4 places, rounded half up). */
export function unitPrices(item: Pick<PriceItem, 'unit' | 'price'>, unitsPerCase: number) {
  const cents = toCents(item.price);
  if (item.unit === 'CASE') {
    const base = Math.round((cents * 100) / unitsPerCase) / 10000;
    return { casePrice: centsText(cents), basePrice: base.toFixed(4) };
  }
  return { casePrice: centsText(cents * unitsPerCase), basePrice: (cents / 100).toFixed(4) };
}

/**
 * Picks the price of `qty` base units at `at`. Candidates are the tenant's ACTIVE lists of the wanted price
 * type with their items for the SKU; those not valid at `at`, not applying to the customer, or with no
 * tier holding `qty` drop out.
 */
export function choosePrice(
  candidates: PriceCandidate[],
  facts: CustomerFacts,
  qty: number,
  at: Date,
  unitsPerCase: number,
): ResolvedPrice | undefined {
  const ranked = candidates
    .filter((candidate) => isValidAt(candidate, at))
    .map((candidate) => ({ candidate, scope: bestScope(candidate, facts), item: itemFor(candidate, qty) }))
    .filter((entry): entry is { candidate: PriceCandidate; scope: PriceScope; item: PriceItem } =>
      Boolean(entry.scope && entry.item),
    )
    .sort(
      (a, b) =>
        SCOPE_SPECIFICITY[b.scope.type] - SCOPE_SPECIFICITY[a.scope.type] ||
        a.candidate.priority - b.candidate.priority ||
        b.candidate.validFrom.getTime() - a.candidate.validFrom.getTime() ||
        a.candidate.code.localeCompare(b.candidate.code),
    );
  const best = ranked[0];
  if (!best) return undefined;
  return {
    priceListId: best.candidate.priceListId,
    priceListCode: best.candidate.code,
    priceListName: best.candidate.name,
    unit: best.item.unit,
    price: centsText(toCents(best.item.price)),
    ...unitPrices(best.item, unitsPerCase),
    matchedScope: best.scope.type,
  };
}
