// The employee-price programme's back office (DOMAIN §1.16): 内购员工名单 (add, edit, Excel import through the
// shared import, quota, usage this month), 员工价目表 (the active EMPLOYEE price lists' items with each SKU's
// monthly limit, found by SKU and whether a limit is set) and the 自提点 (found by name and status).
import type { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import { codesOf, ENABLED_STATUS } from '../../../common/businessEnums';
import {
  EMPLOYEE_BUYER_STATUS,
  QUOTA_COUNTING_STATUSES,
  type EmployeeBuyerStatus,
} from '../../../common/mall';
import type { DB } from '../../db/schema';
import { newId } from '../../db/ids';
import { shanghaiDateTime } from '../../db/dates';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import {
  parseDecimal,
  parseEnum,
  parseInteger,
  parsePattern,
  readImportSheet,
  reportError,
  type ImportColumn,
  type ImportReport,
} from '../shared/excel';
import { monthStart } from './catalogue';

export interface EmployeeBuyerInput {
  id?: string;
  employeeNo: string;
  name: string;
  mobile: string;
  companyName?: string | null;
  monthlyQuotaAmount: number;
  monthlyQuotaCases?: number | null;
  status?: EmployeeBuyerStatus;
}

const buyerSpec: ListSpec = {
  filters: {
    employeeNo: { column: 'e.employee_no', kind: 'text' },
    name: { column: 'e.name', kind: 'text' },
    mobile: { column: 'e.mobile', kind: 'text' },
    status: { column: 'e.status', kind: 'enum', values: codesOf(EMPLOYEE_BUYER_STATUS) },
  },
  sorts: { employeeNo: 'e.employee_no', name: 'e.name' },
  defaultSort: [
    ['e.employee_no', 'asc'],
    ['e.id', 'asc'],
  ],
  keyword: ['e.employee_no', 'e.name', 'e.mobile'],
};

/**
 * 内购员工名单 with each employee's usage this month (amount and cases of the orders that count); found by number,
 * name or mobile (keyword) and status.
 */
export async function listEmployeeBuyers(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, buyerSpec);
  const base = db
    .selectFrom('employee_buyers as e')
    .where('e.tenant_id', '=', caller.tenantId)
    .where(list.where);
  return pagedList(base, list, async (page) => {
    const rows = await page
      .select([
        'e.id',
        'e.employee_no as employeeNo',
        'e.name',
        'e.mobile',
        'e.company_name as companyName',
        'e.monthly_quota_amount as monthlyQuotaAmount',
        'e.monthly_quota_cases as monthlyQuotaCases',
        'e.status',
        'e.version',
        shanghaiDateTime<string | null>('e.verified_at').as('verifiedAt'),
      ])
      .execute();
    const usage = rows.length
      ? await db
          .selectFrom('employee_orders')
          .select([
            'employee_buyer_id',
            sql<string>`sum(payable_amount)::numeric(14,2)::text`.as('amount'),
            sql<number>`sum(total_cases)::integer`.as('cases'),
          ])
          .where('tenant_id', '=', caller.tenantId)
          .where(
            'employee_buyer_id',
            'in',
            rows.map((row) => row.id),
          )
          .where('status', 'in', QUOTA_COUNTING_STATUSES)
          .where('ordered_at', '>=', monthStart)
          .groupBy('employee_buyer_id')
          .execute()
      : [];
    return rows.map((row) => {
      const used = usage.find((each) => each.employee_buyer_id === row.id);
      return {
        ...row,
        usedAmount: used?.amount ?? '0.00',
        usedCases: Number(used?.cases ?? 0),
        status_dictText: EMPLOYEE_BUYER_STATUS[row.status],
      };
    });
  });
}

function checkBuyer(input: EmployeeBuyerInput) {
  if (!/^1\d{10}$/.test(input.mobile)) throw new BusinessError(400, '手机号格式不正确');
}

async function uniqueClash(db: Kysely<DB>, tenantId: string, input: EmployeeBuyerInput) {
  const clash = await db
    .selectFrom('employee_buyers')
    .select(['employee_no', 'mobile'])
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb.or([eb('employee_no', '=', input.employeeNo), eb('mobile', '=', input.mobile)]))
    .$if(Boolean(input.id), (query) => query.where('id', '!=', input.id!))
    .executeTakeFirst();
  if (clash?.employee_no === input.employeeNo)
    throw new BusinessError(409, `工号 ${input.employeeNo} 已存在`);
  if (clash) throw new BusinessError(409, `手机号 ${input.mobile} 已被其他员工使用`);
}

export async function saveEmployeeBuyer(db: Kysely<DB>, actor: Actor, input: EmployeeBuyerInput) {
  checkBuyer(input);
  return db.transaction().execute(async (trx) => {
    await uniqueClash(trx, actor.tenantId, input);
    const values = {
      employee_no: input.employeeNo,
      name: input.name,
      mobile: input.mobile,
      company_name: input.companyName ?? null,
      monthly_quota_amount: input.monthlyQuotaAmount,
      monthly_quota_cases: input.monthlyQuotaCases ?? null,
      status: input.status ?? 'ACTIVE',
      updated_by: actor.userId,
    };
    if (input.id) {
      const changed = await trx
        .updateTable('employee_buyers')
        .set({ ...values, updated_at: new Date(), version: sql`version + 1` })
        .where('id', '=', input.id)
        .where('tenant_id', '=', actor.tenantId)
        .returning('id')
        .executeTakeFirst();
      if (!changed) throw new BusinessError(404, '内购员工不存在');
      await logOperation(trx, actor, 'update', `编辑内购员工 ${input.employeeNo} ${input.name}`);
      return { id: input.id };
    }
    const id = newId();
    await trx
      .insertInto('employee_buyers')
      .values({ ...values, id, tenant_id: actor.tenantId, created_by: actor.userId })
      .execute();
    await logOperation(trx, actor, 'add', `新增内购员工 ${input.employeeNo} ${input.name}`);
    return { id };
  });
}

type BuyerColumn =
  'employeeNo' | 'name' | 'mobile' | 'companyName' | 'monthlyQuotaAmount' | 'monthlyQuotaCases' | 'status';

export const EMPLOYEE_IMPORT_COLUMNS: ImportColumn<BuyerColumn>[] = [
  {
    key: 'employeeNo',
    header: '工号',
    required: true,
    parse: parsePattern(/^[A-Za-z0-9_-]{1,32}$/, '只能是字母、数字、- 和 _'),
  },
  { key: 'name', header: '姓名', required: true, parse: parsePattern(/^.{1,32}$/u, '最长 32 个字') },
  { key: 'mobile', header: '手机号', required: true, parse: parsePattern(/^1\d{10}$/, '手机号格式不正确') },
  { key: 'companyName', header: '所属公司', parse: parsePattern(/^.{1,64}$/u, '最长 64 个字') },
  { key: 'monthlyQuotaAmount', header: '每月额度(元)', required: true, parse: parseDecimal(0, 1000000) },
  { key: 'monthlyQuotaCases', header: '每月箱数', parse: parseInteger(0, 100000) },
  { key: 'status', header: '状态', parse: parseEnum(EMPLOYEE_BUYER_STATUS, '状态') },
];

export const EMPLOYEE_TEMPLATE_EXAMPLE = {
  employeeNo: 'E0001',
  name: '王小明',
  mobile: '13900000001',
  companyName: '示例酒业有限公司',
  monthlyQuotaAmount: 500,
  monthlyQuotaCases: 10,
  status: '在职',
};

/** 导入 of 内购员工名单: new employees added, known ones (by 工号) updated; nothing written when a row fails. */
export async function importEmployeeBuyers(
  db: Kysely<DB>,
  actor: Actor,
  upload: { fileName: string; stream: Readable },
): Promise<ImportReport> {
  const { rows, report } = await readImportSheet(upload, EMPLOYEE_IMPORT_COLUMNS);
  const existing = await db
    .selectFrom('employee_buyers')
    .select(['id', 'employee_no', 'mobile'])
    .where('tenant_id', '=', actor.tenantId)
    .execute();
  const seenNo = new Map<string, number>();
  const seenMobile = new Map<string, number>();
  for (const { rowNo, values } of rows) {
    const no = values.employeeNo as string | undefined;
    const mobile = values.mobile as string | undefined;
    if (no) {
      if (seenNo.has(no))
        reportError(report, { rowNo, column: '工号', value: no, message: `与第 ${seenNo.get(no)} 行重复` });
      else seenNo.set(no, rowNo);
    }
    if (mobile) {
      const owner = existing.find((each) => each.mobile === mobile);
      if (seenMobile.has(mobile))
        reportError(report, {
          rowNo,
          column: '手机号',
          value: mobile,
          message: `与第 ${seenMobile.get(mobile)} 行重复`,
        });
      else if (owner && owner.employee_no !== no)
        reportError(report, { rowNo, column: '手机号', value: mobile, message: '手机号已被其他员工使用' });
      else seenMobile.set(mobile, rowNo);
    }
  }
  report.errors.sort((a, b) => a.rowNo - b.rowNo);
  if (report.errorCount > 0 || rows.length === 0) return report;
  await db.transaction().execute(async (trx) => {
    for (const { values } of rows) {
      const row = {
        employee_no: values.employeeNo as string,
        name: values.name as string,
        mobile: values.mobile as string,
        company_name: (values.companyName as string | undefined) ?? null,
        monthly_quota_amount: values.monthlyQuotaAmount as number,
        monthly_quota_cases: (values.monthlyQuotaCases as number | undefined) ?? null,
        status: (values.status as EmployeeBuyerStatus | undefined) ?? 'ACTIVE',
        updated_by: actor.userId,
      };
      await trx
        .insertInto('employee_buyers')
        .values({ ...row, id: newId(), tenant_id: actor.tenantId, created_by: actor.userId })
        .onConflict((conflict) =>
          conflict
            .columns(['tenant_id', 'employee_no'])
            .doUpdateSet({ ...row, updated_at: new Date(), version: sql`employee_buyers.version + 1` }),
        )
        .execute();
    }
    await logOperation(trx, actor, 'import', `导入内购员工 ${rows.length} 名（${upload.fileName}）`);
  });
  return { ...report, imported: rows.length };
}

const priceSpec: ListSpec = {
  filters: {
    priceListId: { column: 'l.id', kind: 'text' },
    limited: { column: sql`(m.per_month_limit_qty is not null)`, kind: 'boolean' },
  },
  sorts: { skuCode: 's.sku_code', price: 'i.price', perMonthLimitQty: 'm.per_month_limit_qty' },
  defaultSort: [
    ['s.sku_code', 'asc'],
    ['l.code', 'asc'],
    ['i.id', 'asc'],
  ],
  keyword: ['s.sku_code', 's.name'],
};

/**
 * 员工价目表: the SKUs the active EMPLOYEE price lists price, each with its price and its monthly limit; found by
 * SKU code or name (keyword), price list, and whether a limit is set.
 */
export async function listEmployeePrices(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, priceSpec);
  const base = db
    .selectFrom('price_list_items as i')
    .innerJoin('price_lists as l', 'l.id', 'i.price_list_id')
    .innerJoin('skus as s', 's.id', 'i.sku_id')
    .leftJoin('employee_sku_limits as m', (join) =>
      join.onRef('m.sku_id', '=', 'i.sku_id').onRef('m.tenant_id', '=', 'i.tenant_id'),
    )
    .where('i.tenant_id', '=', caller.tenantId)
    .where('l.price_type', '=', 'EMPLOYEE')
    .where('l.status', '=', 'ACTIVE')
    .where(list.where);
  return pagedList(base, list, (page) =>
    page
      .select([
        'i.id',
        'i.sku_id as skuId',
        's.sku_code as skuCode',
        's.name as skuName',
        's.spec',
        's.sale_unit as saleUnit',
        's.units_per_case as unitsPerCase',
        'i.unit',
        'i.price',
        'l.id as priceListId',
        'l.code as priceListCode',
        'l.name as priceListName',
        'm.per_month_limit_qty as perMonthLimitQty',
      ])
      .execute(),
  );
}

/** The active EMPLOYEE price lists, for the 员工价目表's filter. */
export async function employeePriceLists(db: Kysely<DB>, caller: Caller) {
  return db
    .selectFrom('price_lists')
    .select(['id', 'code', 'name'])
    .where('tenant_id', '=', caller.tenantId)
    .where('price_type', '=', 'EMPLOYEE')
    .where('status', '=', 'ACTIVE')
    .orderBy('code')
    .execute();
}

/** Sets (or, with null, removes) a SKU's monthly limit for employees, in cases. */
export async function saveSkuLimit(db: Kysely<DB>, actor: Actor, skuId: string, limit: number | null) {
  return db.transaction().execute(async (trx) => {
    const sku = await trx
      .selectFrom('skus')
      .select(['id', 'name'])
      .where('id', '=', skuId)
      .where('tenant_id', '=', actor.tenantId)
      .executeTakeFirst();
    if (!sku) throw new BusinessError(404, '商品不存在');
    if (limit === null) {
      await trx
        .deleteFrom('employee_sku_limits')
        .where('tenant_id', '=', actor.tenantId)
        .where('sku_id', '=', sku.id)
        .execute();
    } else {
      await trx
        .insertInto('employee_sku_limits')
        .values({
          id: newId(),
          tenant_id: actor.tenantId,
          sku_id: sku.id,
          per_month_limit_qty: limit,
          created_by: actor.userId,
          updated_by: actor.userId,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['tenant_id', 'sku_id'])
            .doUpdateSet({ per_month_limit_qty: limit, updated_by: actor.userId, updated_at: new Date() }),
        )
        .execute();
    }
    await logOperation(
      trx,
      actor,
      'update',
      `员工价限购 ${sku.name}：${limit === null ? '不限' : `每月 ${limit} 箱`}`,
    );
    return { skuId: sku.id, perMonthLimitQty: limit };
  });
}

export interface PickupPointInput {
  id?: string;
  name: string;
  address: string;
  openHours?: string | null;
  contact?: string | null;
  status?: 'ACTIVE' | 'DISABLED';
}

const pickupPointSpec: ListSpec = {
  filters: { status: { column: 'status', kind: 'enum', values: codesOf(ENABLED_STATUS) } },
  sorts: { name: 'name' },
  defaultSort: [
    ['name', 'asc'],
    ['id', 'asc'],
  ],
  keyword: ['name', 'address', 'contact'],
};

/** 自提点: found by name, address or contact (keyword) and status. */
export async function listPickupPoints(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, pickupPointSpec);
  const base = db.selectFrom('pickup_points').where('tenant_id', '=', caller.tenantId).where(list.where);
  return pagedList(base, list, async (page) =>
    (
      await page
        .select([
          'id',
          'name',
          'address',
          'open_hours as openHours',
          'contact',
          'status',
          shanghaiDateTime('updated_at').as('updateTime'),
        ])
        .execute()
    ).map((row) => ({ ...row, status_dictText: ENABLED_STATUS[row.status] })),
  );
}

export async function savePickupPoint(db: Kysely<DB>, actor: Actor, input: PickupPointInput) {
  return db.transaction().execute(async (trx) => {
    const clash = await trx
      .selectFrom('pickup_points')
      .select('id')
      .where('tenant_id', '=', actor.tenantId)
      .where('name', '=', input.name)
      .$if(Boolean(input.id), (query) => query.where('id', '!=', input.id!))
      .executeTakeFirst();
    if (clash) throw new BusinessError(409, `自提点 ${input.name} 已存在`);
    const values = {
      name: input.name,
      address: input.address,
      open_hours: input.openHours ?? null,
      contact: input.contact ?? null,
      status: input.status ?? 'ACTIVE',
      updated_by: actor.userId,
    };
    let id = input.id;
    if (id) {
      const changed = await trx
        .updateTable('pickup_points')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .where('tenant_id', '=', actor.tenantId)
        .returning('id')
        .executeTakeFirst();
      if (!changed) throw new BusinessError(404, '自提点不存在');
    } else {
      id = newId();
      await trx
        .insertInto('pickup_points')
        .values({ ...values, id, tenant_id: actor.tenantId, created_by: actor.userId })
        .execute();
    }
    await logOperation(
      trx,
      actor,
      input.id ? 'update' : 'add',
      `${input.id ? '编辑' : '新增'}自提点 ${input.name}`,
    );
    return { id };
  });
}
