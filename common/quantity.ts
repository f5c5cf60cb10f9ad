// Quantities of drinks (DOMAIN §0): stored as an integer count of base units (瓶/罐/盒), shown in cases and
// the bottles left over: "12箱3瓶". One module for the server and the SPA, so both say the same thing.

export interface PackUnits {
  /** Base units in one case (箱规): 6, 12, 15, 24 ... */
  unitsPerCase: number;
  /** The case unit's name; 箱 unless the SKU says otherwise. */
  caseUnit?: string;
  /** The base unit's name: 瓶, 罐, 盒 ... */
  baseUnit?: string;
}

export interface CasesAndUnits {
  cases: number;
  units: number;
}

function checkUnitsPerCase(unitsPerCase: number): void {
  if (!Number.isInteger(unitsPerCase) || unitsPerCase < 1) {
    throw new RangeError(`unitsPerCase must be a positive integer, got ${unitsPerCase}`);
  }
}

/** Cases and units to base units: 12 cases and 3 bottles of a 24-bottle case are 291 bottles. */
export function toBaseQty(cases: number, units: number, unitsPerCase: number): number {
  checkUnitsPerCase(unitsPerCase);
  if (!Number.isInteger(cases) || !Number.isInteger(units)) {
    throw new RangeError('cases and units must be integers');
  }
  return cases * unitsPerCase + units;
}

/** Base units to whole cases and the units left over; a negative quantity keeps its sign on both. */
export function splitBaseQty(baseQty: number, unitsPerCase: number): CasesAndUnits {
  checkUnitsPerCase(unitsPerCase);
  if (!Number.isInteger(baseQty)) throw new RangeError(`baseQty must be an integer, got ${baseQty}`);
  const sign = baseQty < 0 ? -1 : 1;
  const magnitude = Math.abs(baseQty);
  return {
    cases: sign * Math.floor(magnitude / unitsPerCase) || 0,
    units: sign * (magnitude % unitsPerCase) || 0,
  };
}

/** "12箱3瓶", "12箱", "3瓶", "0瓶", "-1箱2瓶". */
export function formatQuantity(baseQty: number, pack: PackUnits): string {
  const caseUnit = pack.caseUnit ?? '箱';
  const baseUnit = pack.baseUnit ?? '瓶';
  const { cases, units } = splitBaseQty(baseQty, pack.unitsPerCase);
  const sign = baseQty < 0 ? '-' : '';
  const parts = [
    cases !== 0 ? `${Math.abs(cases)}${caseUnit}` : '',
    units !== 0 ? `${Math.abs(units)}${baseUnit}` : '',
  ].join('');
  return parts === '' ? `0${baseUnit}` : `${sign}${parts}`;
}
