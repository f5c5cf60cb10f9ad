import {
  choosePrice,
  scopeMatch,
  unitPrices,
  type CustomerFacts,
  type PriceCandidate,
} from '../modules/products/priceResolution';

const outlet: CustomerFacts = {
  customerId: 'c1',
  labelIds: ['vip'],
  level: 'A',
  outletType: '便利店',
  channel: 'TT',
  regionCodes: ['440000', '440100', '440106'],
  orgCode: 'A01A02A01',
};

const at = new Date('2026-07-15T04:00:00Z');

function list(overrides: Partial<PriceCandidate> & { code: string }): PriceCandidate {
  return {
    priceListId: overrides.code,
    name: overrides.code,
    priority: 100,
    validFrom: new Date('2026-01-01T00:00:00Z'),
    validTo: null,
    scopes: [{ type: 'ALL', value: '' }],
    items: [{ unit: 'CASE', price: '66.00', minQty: 0, maxQty: null }],
    ...overrides,
  };
}

describe('price resolution (DOMAIN §1.2)', () => {
  it('matches each scope type against the customer', () => {
    expect(scopeMatch({ type: 'CUSTOMER', value: 'c1' }, outlet)).toBe(8);
    expect(scopeMatch({ type: 'CUSTOMER', value: 'c2' }, outlet)).toBe(0);
    expect(scopeMatch({ type: 'LABEL', value: 'vip' }, outlet)).toBe(7);
    expect(scopeMatch({ type: 'LEVEL', value: 'B' }, outlet)).toBe(0);
    expect(scopeMatch({ type: 'OUTLET_TYPE', value: '便利店' }, outlet)).toBe(5);
    expect(scopeMatch({ type: 'CHANNEL', value: 'TT' }, outlet)).toBe(4);
    expect(scopeMatch({ type: 'REGION_CODE', value: '440100' }, outlet)).toBe(3);
    expect(scopeMatch({ type: 'REGION_CODE', value: '330100' }, outlet)).toBe(0);
    expect(scopeMatch({ type: 'ORG', value: 'A01A02' }, outlet)).toBe(2);
    expect(scopeMatch({ type: 'ORG', value: 'A01A01' }, outlet)).toBe(0);
    expect(scopeMatch({ type: 'ALL', value: '' }, outlet)).toBe(1);
  });

  it('prefers the most specific scope over priority and date', () => {
    const general = list({ code: 'ALL', priority: 1, validFrom: new Date('2026-06-01T00:00:00Z') });
    const byCity = list({
      code: 'CITY',
      priority: 50,
      scopes: [{ type: 'REGION_CODE', value: '440100' }],
      items: [{ unit: 'CASE', price: '64.00', minQty: 0, maxQty: null }],
    });
    const chosen = choosePrice([general, byCity], outlet, 24, at, 24);
    expect(chosen).toMatchObject({ priceListCode: 'CITY', price: '64.00', matchedScope: 'REGION_CODE' });
  });

  it('then the lowest priority, then the latest validFrom', () => {
    const older = list({ code: 'OLD', validFrom: new Date('2026-01-01T00:00:00Z') });
    const newer = list({
      code: 'NEW',
      validFrom: new Date('2026-07-01T00:00:00Z'),
      items: [{ unit: 'CASE', price: '68.00', minQty: 0, maxQty: null }],
    });
    expect(choosePrice([older, newer], outlet, 1, at, 24)?.priceListCode).toBe('NEW');
    const urgent = list({ code: 'URGENT', priority: 10 });
    expect(choosePrice([older, newer, urgent], outlet, 1, at, 24)?.priceListCode).toBe('URGENT');
  });

  it('skips lists outside their validity, of other customers, or without a tier for the quantity', () => {
    const expired = list({ code: 'EXPIRED', validTo: new Date('2026-07-01T00:00:00Z'), priority: 1 });
    const future = list({ code: 'FUTURE', validFrom: new Date('2026-08-01T00:00:00Z'), priority: 1 });
    const otherCustomer = list({ code: 'OTHER', scopes: [{ type: 'CUSTOMER', value: 'c9' }] });
    const bulkOnly = list({
      code: 'BULK',
      scopes: [{ type: 'CUSTOMER', value: 'c1' }],
      items: [{ unit: 'CASE', price: '60.00', minQty: 240, maxQty: null }],
    });
    const fallback = list({ code: 'BASE' });
    const candidates = [expired, future, otherCustomer, bulkOnly, fallback];
    expect(choosePrice(candidates, outlet, 24, at, 24)?.priceListCode).toBe('BASE');
    expect(choosePrice(candidates, outlet, 240, at, 24)?.priceListCode).toBe('BULK');
    expect(choosePrice([expired, future, otherCustomer], outlet, 24, at, 24)).toBeUndefined();
  });

  it('validTo is exclusive, validFrom inclusive', () => {
    const boundary = new Date('2026-07-01T00:00:00Z');
    const first = list({ code: 'H1', validTo: boundary });
    const second = list({ code: 'H2', validFrom: boundary });
    expect(choosePrice([first, second], outlet, 1, boundary, 24)?.priceListCode).toBe('H2');
    expect(choosePrice([first], outlet, 1, new Date(boundary.getTime() - 1), 24)?.priceListCode).toBe('H1');
  });

  it('picks the quantity tier [minQty, maxQty)', () => {
    const tiered = list({
      code: 'TIERS',
      items: [
        { unit: 'CASE', price: '66.00', minQty: 0, maxQty: 240 },
        { unit: 'CASE', price: '64.50', minQty: 240, maxQty: null },
      ],
    });
    expect(choosePrice([tiered], outlet, 239, at, 24)?.price).toBe('66.00');
    expect(choosePrice([tiered], outlet, 240, at, 24)?.price).toBe('64.50');
  });

  it('gives case and bottle prices without floating-point error', () => {
    expect(unitPrices({ unit: 'CASE', price: '58.00' }, 24)).toEqual({
      casePrice: '58.00',
      basePrice: '2.4167',
    });
    expect(unitPrices({ unit: 'CASE', price: '0.10' }, 3)).toEqual({
      casePrice: '0.10',
      basePrice: '0.0333',
    });
    expect(unitPrices({ unit: 'BASE', price: '3.5' }, 24)).toEqual({
      casePrice: '84.00',
      basePrice: '3.5000',
    });
  });
});
