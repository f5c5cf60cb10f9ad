// 资金账户 (DOMAIN §1.9): the accounts of the customers in the caller's data scope with their balances, an
// account's ledger (the statement), and the statement's export through 下载中心.
import { sql, type Kysely } from 'kysely';
import { CUSTOMER_TYPE, codesOf } from '../../../common/businessEnums';
import {
  FUND_ACCOUNT_TYPE,
  FUND_ENTRY_TYPE,
  FUND_SOURCE_TYPE,
  type FundAccountRecord,
  type FundLedgerRecord,
} from '../../../common/rebates';
import { shanghaiDateTime } from '../../db/dates';
import type { DB } from '../../db/schema';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import { centsText, toCents } from '../orders/money';
import type { Caller } from '../shared/actor';
import { dataScopeOf, inScope } from '../shared/dataScope';
import { defineListExport, type ExportColumn, type ListRecord } from '../shared/excel';

const accountSpec: ListSpec = {
  filters: {
    customerId: { column: 'fund_accounts.customer_id', kind: 'text' },
    customerName: { column: 'customers.name', kind: 'text' },
    accountType: { column: 'fund_accounts.account_type', kind: 'enum', values: codesOf(FUND_ACCOUNT_TYPE) },
  },
  sorts: { balance: 'fund_accounts.balance', updateTime: 'fund_accounts.updated_at' },
  defaultSort: [
    ['fund_accounts.updated_at', 'desc'],
    ['fund_accounts.id', 'asc'],
  ],
};

/** The accounts of the customers in the caller's data scope. */
async function scopedAccounts(db: Kysely<DB>, caller: Caller) {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  return db
    .selectFrom('fund_accounts')
    .innerJoin('customers', 'customers.id', 'fund_accounts.customer_id')
    .where('fund_accounts.tenant_id', '=', caller.tenantId)
    .where(inScope(scope, 'customers.org_code', 'customers.owner_user_id', 'customers.id'));
}

/** The ledger entries of the customers in the caller's data scope. */
async function scopedLedger(db: Kysely<DB>, caller: Caller) {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  return db
    .selectFrom('fund_ledger')
    .innerJoin('customers', 'customers.id', 'fund_ledger.customer_id')
    .where('fund_ledger.tenant_id', '=', caller.tenantId)
    .where(inScope(scope, 'customers.org_code', 'customers.owner_user_id', 'customers.id'));
}

export async function listAccounts(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, accountSpec);
  // The outlets' coins (金币账户, their own screen) only when asked for by type.
  const base = (await scopedAccounts(db, caller))
    .where(list.where)
    .$if(!query.accountType, (q) => q.where('fund_accounts.account_type', '!=', 'COIN'));
  return pagedList(base, list, async (page) =>
    (
      await page
        .selectAll('fund_accounts')
        .select([
          'customers.name as customer_name',
          'customers.customer_type',
          shanghaiDateTime('fund_accounts.updated_at').as('updateTime'),
        ])
        .execute()
    ).map((row): FundAccountRecord => ({
      id: row.id,
      customerId: row.customer_id,
      customerName: row.customer_name,
      customerType_dictText: CUSTOMER_TYPE[row.customer_type],
      accountType: row.account_type,
      accountType_dictText: FUND_ACCOUNT_TYPE[row.account_type],
      balance: row.balance,
      frozen: row.frozen,
      available: centsText(toCents(row.balance) - toCents(row.frozen)),
      totalIn: row.total_in,
      totalOut: row.total_out,
      updateTime: row.updateTime,
    })),
  );
}

const ledgerSpec: ListSpec = {
  filters: {
    customerId: { column: 'fund_ledger.customer_id', kind: 'text' },
    accountId: { column: 'fund_ledger.account_id', kind: 'text' },
    accountType: { column: 'fund_ledger.account_type', kind: 'enum', values: codesOf(FUND_ACCOUNT_TYPE) },
    entryType: { column: 'fund_ledger.entry_type', kind: 'enum', values: codesOf(FUND_ENTRY_TYPE) },
    createTime: { column: 'fund_ledger.created_at', kind: 'datetime' },
  },
  sorts: { createTime: 'fund_ledger.created_at' },
  defaultSort: [
    ['fund_ledger.created_at', 'desc'],
    ['fund_ledger.seq', 'desc'],
  ],
};

export async function listLedger(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, ledgerSpec);
  const base = (await scopedLedger(db, caller))
    .where(list.where)
    .$if(!query.accountType, (q) => q.where('fund_ledger.account_type', '!=', 'COIN'));
  return pagedList(base, list, async (page) =>
    (
      await page
        .leftJoin('users', 'users.id', 'fund_ledger.operator_id')
        .selectAll('fund_ledger')
        .select([
          'customers.name as customer_name',
          'users.realname as operator_name',
          shanghaiDateTime('fund_ledger.created_at').as('createTime'),
        ])
        .execute()
    ).map((row): FundLedgerRecord => ({
      id: row.id,
      seq: row.seq,
      customerName: row.customer_name,
      accountType_dictText: FUND_ACCOUNT_TYPE[row.account_type],
      entryType: row.entry_type,
      entryType_dictText: FUND_ENTRY_TYPE[row.entry_type],
      amount: row.amount,
      frozenChange: row.frozen_change,
      balanceAfter: row.balance_after,
      frozenAfter: row.frozen_after,
      sourceType_dictText: FUND_SOURCE_TYPE[row.source_type],
      sourceNo: row.source_no,
      remark: row.remark,
      operatorName: row.operator_name,
      createTime: row.createTime,
    })),
  );
}

const STATEMENT_COLUMNS: ExportColumn<FundLedgerRecord>[] = [
  { header: '时间', width: 20, value: (row) => row.createTime },
  { header: '客户', width: 28, value: (row) => row.customerName },
  { header: '账户', value: (row) => row.accountType_dictText },
  { header: '流水号', value: (row) => row.seq },
  { header: '类型', value: (row) => row.entryType_dictText },
  { header: '金额', value: (row) => Number(row.amount) },
  { header: '冻结变动', value: (row) => Number(row.frozenChange) },
  { header: '余额', value: (row) => Number(row.balanceAfter) },
  { header: '冻结', value: (row) => Number(row.frozenAfter) },
  { header: '来源', value: (row) => row.sourceType_dictText },
  { header: '单据号', width: 20, value: (row) => row.sourceNo },
  { header: '说明', width: 36, value: (row) => row.remark },
  { header: '操作人', value: (row) => row.operatorName },
];

/** A customer's statement: the ledger list's filters, oldest first as a statement reads. */
export const STATEMENT_EXPORT = defineListExport(
  'fundStatement',
  '客户账户对账单',
  STATEMENT_COLUMNS,
  (db, caller, query) => listLedger(db, caller, { column: 'createTime', order: 'asc', ...query }),
);

/** 导出 of 资金账户: what the list's filters select, with its columns. */
export const ACCOUNT_EXPORT = defineListExport<ListRecord<typeof listAccounts>>(
  'fundAccounts',
  '资金账户',
  [
    { header: '客户', width: 24, value: (row) => row.customerName },
    { header: '客户类型', value: (row) => row.customerType_dictText },
    { header: '账户类型', value: (row) => row.accountType_dictText },
    { header: '余额', value: (row) => Number(row.balance) },
    { header: '冻结', value: (row) => Number(row.frozen) },
    { header: '可用', value: (row) => Number(row.available) },
    { header: '累计入账', value: (row) => Number(row.totalIn) },
    { header: '累计支出', value: (row) => Number(row.totalOut) },
  ],
  listAccounts,
);

/** The sums of a customer's ledger per account, as the balance and frozen columns must equal (tests, checks). */
export async function ledgerSums(db: Kysely<DB>, tenantId: string, customerId: string) {
  return db
    .selectFrom('fund_ledger')
    .select([
      'account_type',
      sql<string>`sum(amount)::text`.as('balance'),
      sql<string>`sum(frozen_change)::text`.as('frozen'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('customer_id', '=', customerId)
    .groupBy('account_type')
    .execute();
}
