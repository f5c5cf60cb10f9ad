import { formatQuantity, splitBaseQty, toBaseQty } from '../quantity';

describe('quantities in cases and base units', () => {
  it('converts cases and bottles to base units', () => {
    expect(toBaseQty(12, 3, 24)).toBe(291);
    expect(toBaseQty(0, 5, 15)).toBe(5);
    expect(toBaseQty(2, 0, 6)).toBe(12);
  });

  it('splits base units into whole cases and the rest', () => {
    expect(splitBaseQty(291, 24)).toEqual({ cases: 12, units: 3 });
    expect(splitBaseQty(24, 24)).toEqual({ cases: 1, units: 0 });
    expect(splitBaseQty(0, 12)).toEqual({ cases: 0, units: 0 });
    expect(splitBaseQty(-26, 24)).toEqual({ cases: -1, units: -2 });
  });

  it('round-trips every quantity', () => {
    for (const unitsPerCase of [1, 4, 6, 12, 15, 24]) {
      for (let baseQty = -50; baseQty <= 50; baseQty += 1) {
        const { cases, units } = splitBaseQty(baseQty, unitsPerCase);
        expect(toBaseQty(cases, units, unitsPerCase)).toBe(baseQty);
      }
    }
  });

  it('shows "12箱3瓶" with the SKU units', () => {
    expect(formatQuantity(291, { unitsPerCase: 24 })).toBe('12箱3瓶');
    expect(formatQuantity(48, { unitsPerCase: 24 })).toBe('2箱');
    expect(formatQuantity(7, { unitsPerCase: 24, baseUnit: '罐' })).toBe('7罐');
    expect(formatQuantity(0, { unitsPerCase: 24, baseUnit: '罐' })).toBe('0罐');
    expect(formatQuantity(-26, { unitsPerCase: 24 })).toBe('-1箱2瓶');
    expect(formatQuantity(5, { unitsPerCase: 2, caseUnit: '件', baseUnit: '盒' })).toBe('2件1盒');
  });

  it('refuses a case without units and fractional quantities', () => {
    expect(() => toBaseQty(1, 0, 0)).toThrow(RangeError);
    expect(() => splitBaseQty(1.5, 24)).toThrow(RangeError);
    expect(() => toBaseQty(1.5, 0, 24)).toThrow(RangeError);
  });
});
