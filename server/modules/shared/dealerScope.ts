// What a dealer's user (users.dealer_id set: DOMAIN §1.1 DSR / DA accounts) may ever do, whatever roles the
// brand grants: the ceiling of permission codes and pages. A dealer's user holds the codes of its dealer roles
// (roles.for_dealers) that lie within this ceiling, and sees only the pages listed here; every route whose code
// is in the ceiling scopes its rows to the dealer through shared/dataScope.ts (inScope's dealer columns). A
// code missing here is refused to every dealer's user (403): add a code only for a route that scopes by dealer.
import type { PermissionRecord } from '../auth/menuTree';

/** Permission codes a dealer's user may hold (each route behind them scoped by dealer). */
export const DEALER_PERMISSION_CEILING: ReadonlySet<string> = new Set([
  // The outlet orders addressed to the dealer (seller = the dealer): read, audit, ship, sign, print, payments.
  'order:list',
  'order:audit',
  'order:deliver',
  'order:sign',
  'order:invalid',
  'order:print',
  'payment:list',
  'payment:add',
  // Its warehouses and their stock: read, and its own stock-ins, stock-outs, transfers between its own
  // warehouses, counts and freezes (DOMAIN §1.6: DA/WH; a command on another's warehouse is not found).
  'stock:list',
  'stock:in',
  'stock:out',
  'stock:transfer',
  'stock:adjust',
  // Its outlets (served by it) and itself.
  'customer:list',
  // Its rebate account and statements.
  'fund:list',
  // Its display agreements.
  'display:list',
  // Its cooperation agreements (party B).
  'coopAgreement:list',
  // Its own 进销存 reports.
  'report:dealer',
  // Its own profile and staff accounts.
  'dealer:list',
  'dealer:account',
]);

/** Pages (menu urls) a dealer's user may see, with their parents; buttons follow the code ceiling. */
export const DEALER_PAGE_CEILING: ReadonlySet<string> = new Set([
  '/dashboard/analysis',
  '/eOrder',
  '/eOrder/eOrder',
  '/eprod',
  '/eprod/stock',
  '/eprod/movement',
  '/eCustomer',
  '/eCustomer/list',
  '/eRebate',
  '/eRebate/account',
  '/esdh',
  '/esdh/agreement',
  '/eAgrt',
  '/eCoopAgrt',
  '/eStoneKpi',
  '/eStoneKpi/dealerDaily',
  '/eStoneKpi/dealerMonthly',
  '/eDealer',
  '/eDealer/profile',
  '/eDealer/account',
  '/eDownload/list',
  '/isps/userAnnouncement',
]);

/** The codes a dealer's user holds of those its roles grant. */
export function withinDealerCeiling(codes: Iterable<string>): Set<string> {
  return new Set([...codes].filter((code) => DEALER_PERMISSION_CEILING.has(code)));
}

/** The menus and buttons of a dealer's user of those its roles grant. */
export function dealerPermissionRecords(records: PermissionRecord[]): PermissionRecord[] {
  return records.filter((record) =>
    record.menuType === 2
      ? (record.perms ?? '')
          .split(',')
          .map((code) => code.trim())
          .filter(Boolean)
          .every((code) => DEALER_PERMISSION_CEILING.has(code))
      : DEALER_PAGE_CEILING.has(record.url ?? ''),
  );
}
