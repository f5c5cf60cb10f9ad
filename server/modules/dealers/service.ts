// Dealer workspaces (issue #22): the 经销商档案 of the DEALER customers (DOMAIN §1.3 DealerProfile) and the
// accounts of a dealer's staff (DOMAIN §1.1 Employee.dealerId). A brand user reads and edits the dealers of his
// data scope and manages their accounts; a dealer's user reads only its own dealer (the shared data scope makes
// it so) and its administrator manages its own staff — never a brand user or another dealer's. Whoever grants
// roles grants only dealer roles (roles.for_dealers) and only what they hold themselves (system/privilege.ts).
import { sql, type Kysely } from 'kysely';
import { isStrongPassword, MAINLAND_MOBILE_PATTERN } from '../../../common/validators';
import { ERP_SYSTEM_TYPE } from '../../../common/erpSync';
import { shanghaiDateTime } from '../../db/dates';
import { violatedUniqueConstraint } from '../../db/errors';
import { newId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { BusinessError, ForbiddenError } from '../../http/envelope';
import {
  containsPattern,
  pagedList,
  parseListQuery,
  type ListSpec,
  type RawQuery,
} from '../../http/listQuery';
import { hashPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/sessions';
import { audit, inTransaction, OperateType, type Actor } from '../system/commands';
import { requireGrantable, requireUsersWithinReach } from '../system/privilege';
import type { Caller } from '../shared/actor';
import { notFound } from '../shared/commands';
import { dataScopeOf, inScope, type DataScope } from '../shared/dataScope';
import { defineListExport, type ListRecord } from '../shared/excel';
import { regionNames } from '../shared/regions';

export const DEALER_PERMISSIONS = {
  list: 'dealer:list',
  edit: 'dealer:edit',
  account: 'dealer:account',
} as const;

export const dealerMessages = {
  dealerRequired: '请选择经销商',
  rolesForDealers: '只能分配经销商角色',
  rolesRequired: '请至少选择一个角色',
  notDealerUser: '只能操作本经销商的账号',
  ownAccount: '不能修改自己的角色或状态',
  usernameTaken: '用户名已存在',
  phoneTaken: '手机号已存在',
  phoneInvalid: '请输入正确的手机号',
  passwordPolicy: '密码至少8位，需包含大小写字母和数字',
  contractDates: '合同结束日期不能早于开始日期',
} as const;

/** The dealers a caller sees: his data scope's DEALER customers (a dealer's user: its own dealer). */
const dealerScope = (scope: DataScope) =>
  inScope(scope, 'customers.org_code', 'customers.owner_user_id', 'customers.id');

async function dealersInScope(db: Kysely<DB>, caller: Caller) {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  return db
    .selectFrom('customers')
    .leftJoin('dealer_profiles as p', 'p.customer_id', 'customers.id')
    .where('customers.tenant_id', '=', caller.tenantId)
    .where('customers.customer_type', '=', 'DEALER')
    .where(dealerScope(scope));
}

const listSpec: ListSpec = {
  filters: {
    status: { column: 'customers.status', kind: 'enum', values: ['ACTIVE', 'FROZEN', 'CLOSED', 'DISABLED'] },
    erpType: {
      column: 'customers.erp_type',
      kind: 'enum',
      values: ['KINGDEE_K3CLOUD', 'CHANJET_TPLUS', 'NONE'],
    },
  },
  sorts: { customerCode: 'customers.customer_code', contractEnd: 'p.contract_end' },
  defaultSort: [['customers.customer_code', 'asc']],
  extras: ['keyword'],
};

type DealerQuery = Awaited<ReturnType<typeof dealersInScope>>;

async function dealerRecords(query: DealerQuery) {
  const rows = await query
    .select([
      'customers.id',
      'customers.customer_code as customerCode',
      'customers.name',
      'customers.city_code as cityCode',
      'customers.address',
      'customers.contact_name as contactName',
      'customers.contact_mobile as contactMobile',
      'customers.business_license_no as businessLicenseNo',
      'customers.status',
      'customers.erp_type as erpType',
      'customers.erp_customer_code as erpCustomerCode',
      'p.legal_person as legalPerson',
      'p.tax_no as taxNo',
      'p.invoice_title as invoiceTitle',
      'p.bank_name as bankName',
      'p.bank_account as bankAccount',
      'p.license_no as licenseNo',
      'p.authorized_area_codes as authorizedAreaCodes',
      'p.authorized_channels as authorizedChannels',
      'p.contract_no as contractNo',
      sql<string | null>`to_char(p.contract_start, 'YYYY-MM-DD')`.as('contractStart'),
      sql<string | null>`to_char(p.contract_end, 'YYYY-MM-DD')`.as('contractEnd'),
      'p.deposit_amount as depositAmount',
      'p.annual_target_cases as annualTargetCases',
      'p.dms_enabled as dmsEnabled',
      'p.remark',
      'p.version',
      sql<number>`(select count(*)::integer from users u where u.dealer_id = customers.id and u.del_flag = 0)`.as(
        'accountCount',
      ),
      sql<
        string | null
      >`(select c.name from erp_connections c where c.owner_type = 'DEALER' and c.owner_id = customers.id and c.status <> 'DISABLED' order by c.created_at, c.id limit 1)`.as(
        'erpConnectionName',
      ),
    ])
    .execute();
  return rows.map((row) => ({
    ...row,
    authorizedAreaCodes: row.authorizedAreaCodes ?? [],
    authorizedChannels: row.authorizedChannels ?? [],
    depositAmount: row.depositAmount === null ? null : Number(row.depositAmount),
    dmsEnabled: row.dmsEnabled ?? false,
    version: row.version ?? 0,
    erpType_dictText:
      row.erpType && row.erpType !== 'NONE' ? ERP_SYSTEM_TYPE[row.erpType] : row.erpType ? '无' : null,
  }));
}

export type DealerRecord = Awaited<ReturnType<typeof dealerRecords>>[number];

export async function listDealers(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, listSpec);
  let base = (await dealersInScope(db, caller)).where(list.where);
  const keyword = list.extras.keyword?.trim();
  if (keyword) {
    const pattern = containsPattern(keyword);
    base = base.where((eb) =>
      eb.or([eb('customers.name', 'ilike', pattern), eb('customers.customer_code', 'ilike', pattern)]),
    );
  }
  return pagedList(base, list, (page) => dealerRecords(page));
}

/** 导出 of 经销商档案: what the list's filters select (a dealer's user: its own dealer), with its columns. */
export const DEALER_EXPORT = defineListExport<DealerRecord>(
  'dealerProfiles',
  '经销商档案',
  [
    { header: '编码', width: 16, value: (row) => row.customerCode },
    { header: '经销商', width: 24, value: (row) => row.name },
    { header: '法人', value: (row) => row.legalPerson },
    { header: '开户行', width: 20, value: (row) => row.bankName },
    { header: '合同编号', width: 18, value: (row) => row.contractNo },
    { header: '合同开始', width: 12, value: (row) => row.contractStart },
    { header: '合同结束', width: 12, value: (row) => row.contractEnd },
    { header: '保证金', value: (row) => row.depositAmount },
    { header: '授权区域', width: 30, value: (row) => regionNames(row.authorizedAreaCodes) },
    { header: 'ERP', value: (row) => row.erpType_dictText },
    { header: 'ERP连接', width: 20, value: (row) => row.erpConnectionName ?? '品牌ERP' },
    { header: '账号数', value: (row) => row.accountCount },
  ],
  listDealers,
);

export async function dealerById(db: Kysely<DB>, caller: Caller, id: string): Promise<DealerRecord> {
  const [row] = await dealerRecords((await dealersInScope(db, caller)).where('customers.id', '=', id));
  if (!row) throw notFound('经销商');
  return row;
}

export interface ProfileInput {
  id: string;
  legalPerson?: string | null;
  taxNo?: string | null;
  invoiceTitle?: string | null;
  bankName?: string | null;
  bankAccount?: string | null;
  licenseNo?: string | null;
  authorizedAreaCodes?: string[];
  authorizedChannels?: string[];
  contractNo?: string | null;
  contractStart?: string | null;
  contractEnd?: string | null;
  depositAmount?: number | null;
  annualTargetCases?: number | null;
  dmsEnabled?: boolean;
  erpType?: 'KINGDEE_K3CLOUD' | 'CHANJET_TPLUS' | 'NONE' | null;
  remark?: string | null;
}

const blankToNull = (value: string | null | undefined) => value?.trim() || null;

/** 经销商档案: writes the dealer's profile (one row per dealer, made on its first save). */
export async function saveProfile(db: Kysely<DB>, actor: Actor, input: ProfileInput): Promise<void> {
  if (input.contractStart && input.contractEnd && input.contractEnd < input.contractStart)
    throw new BusinessError(400, dealerMessages.contractDates);
  const dealer = await dealerById(db, actor, input.id);
  const values = {
    legal_person: blankToNull(input.legalPerson),
    tax_no: blankToNull(input.taxNo),
    invoice_title: blankToNull(input.invoiceTitle),
    bank_name: blankToNull(input.bankName),
    bank_account: blankToNull(input.bankAccount),
    license_no: blankToNull(input.licenseNo),
    authorized_area_codes: JSON.stringify(input.authorizedAreaCodes ?? []),
    authorized_channels: JSON.stringify(input.authorizedChannels ?? []),
    contract_no: blankToNull(input.contractNo),
    contract_start: input.contractStart || null,
    contract_end: input.contractEnd || null,
    deposit_amount: input.depositAmount ?? 0,
    annual_target_cases: input.annualTargetCases ?? null,
    dms_enabled: input.dmsEnabled ?? false,
    remark: blankToNull(input.remark),
    updated_by: actor.userId,
    updated_at: new Date(),
  };
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('dealer_profiles')
      .values({
        ...values,
        id: dealer.id,
        tenant_id: actor.tenantId,
        customer_id: dealer.id,
        created_by: actor.userId,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['tenant_id', 'customer_id'])
          .doUpdateSet({ ...values, version: sql`dealer_profiles.version + 1` }),
      )
      .execute();
    if (input.erpType !== undefined)
      await trx
        .updateTable('customers')
        .set({ erp_type: input.erpType, updated_at: new Date(), updated_by: actor.userId })
        .where('id', '=', dealer.id)
        .where('tenant_id', '=', actor.tenantId)
        .execute();
    await audit(trx, actor, OperateType.update, `编辑经销商档案 ${dealer.customerCode} ${dealer.name}`);
  });
}

// ---- Accounts of a dealer's staff ----

/**
 * The dealer whose accounts a caller manages: a dealer's user, always its own (whatever it names); a brand
 * user, the dealer it names, within its data scope.
 */
async function managedDealer(db: Kysely<DB>, caller: Caller, named: string | undefined): Promise<string> {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  if (scope.dealerId) return scope.dealerId;
  if (!named) throw new BusinessError(400, dealerMessages.dealerRequired);
  return (await dealerById(db, caller, named)).id;
}

const accountSpec: ListSpec = {
  filters: {
    dealerId: { column: 'users.dealer_id', kind: 'text' },
    status: { column: 'users.status', kind: 'integer' },
    createTime: { column: 'users.created_at', kind: 'datetime' },
  },
  sorts: { username: 'users.username', createTime: 'users.created_at' },
  defaultSort: [
    ['users.username', 'asc'],
    ['users.id', 'asc'],
  ],
  keyword: ['users.username', 'users.realname', 'users.phone'],
};

/**
 * 经销商账号: the accounts of the dealers a caller manages — a dealer's user, its own dealer's (whatever dealer
 * the query names); a brand user, those of the dealers in his data scope, one of them when the query names it —
 * found by username, name or phone (keyword), status and creation time.
 */
export async function listAccounts(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const { dealerId: _named, ...rest } = query;
  const list = parseListQuery(scope.dealerId ? rest : query, accountSpec);
  const dealers = (await dealersInScope(db, caller)).select('customers.id');
  const base = db
    .selectFrom('users')
    .innerJoin('customers as dealer', 'dealer.id', 'users.dealer_id')
    .where('users.tenant_id', '=', caller.tenantId)
    .where('users.del_flag', '=', 0)
    .where('users.dealer_id', 'in', dealers)
    .where(list.where);
  return pagedList(base, list, async (page) => {
    const rows = await page
      .select([
        'users.id',
        'users.username',
        'users.realname',
        'users.phone',
        'users.status',
        'users.dealer_id as dealerId',
        'dealer.name as dealerName',
        'dealer.customer_code as dealerCode',
        shanghaiDateTime('users.created_at').as('createTime'),
        sql<
          string[]
        >`coalesce((select json_agg(r.id order by r.role_name) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = users.id), '[]'::json)`.as(
          'roleIds',
        ),
        sql<string>`coalesce((select string_agg(r.role_name, '、' order by r.role_name) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = users.id), '')`.as(
          'roleNames',
        ),
      ])
      .execute();
    return rows.map((row) => ({
      ...row,
      roleIds: typeof row.roleIds === 'string' ? (JSON.parse(row.roleIds) as string[]) : row.roleIds,
      status_dictText: row.status === 1 ? '正常' : '冻结',
    }));
  });
}

/** 导出 of 经销商账号: what the list's filters select, with its columns. */
export const DEALER_ACCOUNT_EXPORT = defineListExport<ListRecord<typeof listAccounts>>(
  'dealerAccounts',
  '经销商账号',
  [
    { header: '用户名', width: 16, value: (row) => row.username },
    { header: '姓名', value: (row) => row.realname },
    { header: '手机号', width: 14, value: (row) => row.phone },
    { header: '经销商', width: 24, value: (row) => row.dealerName },
    { header: '经销商编码', width: 16, value: (row) => row.dealerCode },
    { header: '角色', width: 24, value: (row) => row.roleNames },
    { header: '状态', value: (row) => row.status_dictText },
    { header: '创建时间', width: 20, value: (row) => row.createTime },
  ],
  listAccounts,
);

/** The dealers whose accounts a caller manages (a dealer's user: its own), for the page's pickers; at most 200. */
export async function accountDealerOptions(db: Kysely<DB>, caller: Caller, keyword?: string) {
  let query = (await dealersInScope(db, caller)).select([
    'customers.id',
    'customers.customer_code as customerCode',
    'customers.name',
  ]);
  if (keyword?.trim()) {
    const pattern = containsPattern(keyword.trim());
    query = query.where((eb) =>
      eb.or([eb('customers.name', 'ilike', pattern), eb('customers.customer_code', 'ilike', pattern)]),
    );
  }
  return query.orderBy('customers.customer_code').limit(200).execute();
}

/** The dealer roles of the tenant, each saying whether the caller may grant it (holds all it grants). */
export async function dealerRoleOptions(db: Kysely<DB>, caller: Caller) {
  const roles = await db
    .selectFrom('roles')
    .select(['id', 'role_code as roleCode', 'role_name as roleName'])
    .where('tenant_id', '=', caller.tenantId)
    .where('for_dealers', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('role_permissions as rp')
            .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
            .select('rp.permission_id')
            .whereRef('rp.role_id', '=', 'roles.id')
            .where('p.del_flag', '=', 0)
            .where(
              'rp.permission_id',
              'not in',
              db
                .selectFrom('role_permissions as mine')
                .innerJoin('user_roles as ur', 'ur.role_id', 'mine.role_id')
                .select('mine.permission_id')
                .where('ur.user_id', '=', caller.userId),
            ),
        ),
      ),
    )
    .orderBy('role_name')
    .execute();
  return roles;
}

export interface AccountInput {
  dealerId?: string;
  username: string;
  realname: string;
  phone?: string | null;
  password: string;
  roleIds: string[];
}

export interface AccountEdit {
  id: string;
  dealerId?: string;
  realname: string;
  phone?: string | null;
  roleIds: string[];
  status?: 1 | 2;
}

/** Only dealer roles of the tenant, and only what the caller holds. */
async function requireDealerRoles(trx: Kysely<DB>, actor: Actor, roleIds: string[]) {
  if (roleIds.length === 0) throw new BusinessError(400, dealerMessages.rolesRequired);
  const roles = await trx
    .selectFrom('roles')
    .select('id')
    .where('tenant_id', '=', actor.tenantId)
    .where('for_dealers', '=', true)
    .where('id', 'in', roleIds)
    .execute();
  if (roles.length !== new Set(roleIds).size) throw new ForbiddenError(dealerMessages.rolesForDealers);
  await requireGrantable(trx, actor, { roles: roleIds });
}

function checkPhone(phone: string | null | undefined) {
  const value = phone?.trim() || null;
  if (value && !MAINLAND_MOBILE_PATTERN.test(value))
    throw new BusinessError(400, dealerMessages.phoneInvalid);
  return value;
}

const rethrowTaken = (error: unknown): never => {
  const constraint = violatedUniqueConstraint(error);
  if (constraint === 'users_username_key') throw new BusinessError(409, dealerMessages.usernameTaken);
  if (constraint === 'users_phone_key') throw new BusinessError(409, dealerMessages.phoneTaken);
  throw error;
};

async function replaceRoles(trx: Kysely<DB>, tenantId: string, userId: string, roleIds: string[]) {
  await trx
    .deleteFrom('user_roles')
    .where('user_id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .execute();
  await trx
    .insertInto('user_roles')
    .values(
      [...new Set(roleIds)].map((roleId) => ({ tenant_id: tenantId, user_id: userId, role_id: roleId })),
    )
    .execute();
}

export async function addAccount(db: Kysely<DB>, actor: Actor, input: AccountInput): Promise<{ id: string }> {
  const dealerId = await managedDealer(db, actor, input.dealerId);
  const phone = checkPhone(input.phone);
  if (!isStrongPassword(input.password)) throw new BusinessError(400, dealerMessages.passwordPolicy);
  const passwordHash = await hashPassword(input.password);
  const id = newId();
  await inTransaction(db, async (trx) => {
    await requireDealerRoles(trx, actor, input.roleIds);
    const taken = await trx
      .selectFrom('users')
      .select(['username', 'phone'])
      .where((eb) =>
        eb.or([eb('username', '=', input.username.trim()), ...(phone ? [eb('phone', '=', phone)] : [])]),
      )
      .executeTakeFirst();
    if (taken)
      throw new BusinessError(
        409,
        taken.username === input.username.trim() ? dealerMessages.usernameTaken : dealerMessages.phoneTaken,
      );
    await trx
      .insertInto('users')
      .values({
        id,
        tenant_id: actor.tenantId,
        username: input.username.trim(),
        realname: input.realname.trim(),
        phone,
        email: null,
        avatar: null,
        sex: null,
        org_code: null,
        role_enum: null,
        locked_until: null,
        birthday: null,
        password_hash: passwordHash,
        dealer_id: dealerId,
        created_by: actor.username,
      })
      .execute()
      .catch(rethrowTaken);
    await replaceRoles(trx, actor.tenantId, id, input.roleIds);
    await audit(trx, actor, OperateType.add, `添加经销商账号: ${input.username.trim()}`);
  });
  return { id };
}

/** An account of the managed dealer, within the caller's reach; never the caller's own roles or status. */
export async function editAccount(db: Kysely<DB>, actor: Actor, input: AccountEdit): Promise<void> {
  const dealerId = await managedDealer(db, actor, input.dealerId);
  const phone = checkPhone(input.phone);
  await inTransaction(db, async (trx) => {
    const target = await trx
      .selectFrom('users')
      .select(['id', 'username', 'status'])
      .where('id', '=', input.id)
      .where('tenant_id', '=', actor.tenantId)
      .where('dealer_id', '=', dealerId)
      .where('del_flag', '=', 0)
      .executeTakeFirst();
    if (!target) throw new ForbiddenError(dealerMessages.notDealerUser);
    const roles = (
      await trx.selectFrom('user_roles').select('role_id').where('user_id', '=', target.id).execute()
    ).map((row) => row.role_id);
    const sameRoles =
      roles.length === input.roleIds.length && roles.every((role) => input.roleIds.includes(role));
    const status = input.status ?? target.status;
    if (target.id === actor.userId && (!sameRoles || status !== target.status))
      throw new ForbiddenError(dealerMessages.ownAccount);
    await requireUsersWithinReach(trx, actor, [target.id]);
    if (!sameRoles) {
      await requireDealerRoles(trx, actor, input.roleIds);
      await replaceRoles(trx, actor.tenantId, target.id, input.roleIds);
    }
    await trx
      .updateTable('users')
      .set({
        realname: input.realname.trim(),
        phone,
        status,
        updated_by: actor.username,
        updated_at: new Date(),
      })
      .where('id', '=', target.id)
      .execute()
      .catch(rethrowTaken);
    if (status === 2 && target.status !== 2) await revokeUserSessions(trx, target.id);
    await audit(trx, actor, OperateType.update, `编辑经销商账号: ${target.username}`);
  });
}
