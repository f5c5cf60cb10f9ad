// Price lists (DOMAIN §1.2): a header with its validity and priority, the items (SKU, unit, price, quantity
// tier, floor/ceiling) and the scopes it applies to. DRAFT and DISABLED lists are edited freely; an ACTIVE
// list is frozen (orders point at it) — disable it, or copy it into a new version. 启用 goes through the 审批中心
// (PRICE_LIST, ./priceListApproval.ts): while its approval runs the list shows PENDING 审批中 and is not
// edited. Overlaps are allowed, as resolution picks the most specific, then lowest priority, then latest
// validFrom; what cannot be told apart (same price type, owner, scopes, priority and validFrom, overlapping)
// is refused on submission and again on activation.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Page } from '../../../common/contract';
import {
  PRICE_LIST_STATUS,
  PRICE_SCOPE_TYPE,
  PRICE_TYPE,
  PRICE_UNIT,
  codesOf,
} from '../../../common/businessEnums';
import { shanghaiDateTime } from '../../db/dates';
import { newId } from '../../db/ids';
import type { DB, PriceListStatus, PriceScopeType, PriceType, PriceUnit } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import {
  containsPattern,
  pagedList,
  parseListQuery,
  type ListSpec,
  type RawQuery,
} from '../../http/listQuery';
import { runningInstanceOf } from '../approvals/engine';
import type { Actor } from '../shared/actor';
import { trackChange } from '../shared/changeHistory';
import {
  changedMeanwhile,
  existingRow,
  notFound,
  transitionTo,
  withUniqueKeys,
  type Transition,
} from '../shared/commands';
import { choosePrice, type CustomerFacts, type PriceCandidate, type ResolvedPrice } from './priceResolution';

export interface PriceListItemInput {
  skuId: string;
  unit: PriceUnit;
  price: number;
  minQty?: number;
  maxQty?: number | null;
  floorPrice?: number | null;
  ceilingPrice?: number | null;
  remark?: string | null;
}

export interface PriceListInput {
  code: string;
  name: string;
  priceType: PriceType;
  ownerType?: 'BRAND' | 'DEALER';
  ownerId?: string | null;
  taxIncluded?: boolean;
  /** 'YYYY-MM-DD HH:mm:ss' (or a date) in Shanghai time. */
  validFrom: string;
  validTo?: string | null;
  priority?: number;
  remark?: string | null;
  items: PriceListItemInput[];
  scopes: Array<{ scopeType: PriceScopeType; scopeValue?: string }>;
  version?: number;
}

/** 'YYYY-MM-DD[ HH:mm[:ss]]' in Shanghai time → the instant. */
export function shanghaiInstant(text: string): Date {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!match) throw new BusinessError(400, `时间 ${text} 格式不正确，应为 YYYY-MM-DD HH:mm:ss`);
  const instant = new Date(`${match[1]}T${match[2] ?? '00:00'}:${match[3] ?? '00'}+08:00`);
  if (Number.isNaN(instant.getTime())) throw new BusinessError(400, `时间 ${text} 不存在`);
  return instant;
}

function checkPriceListInput(input: PriceListInput): { validFrom: Date; validTo: Date | null } {
  const validFrom = shanghaiInstant(input.validFrom);
  const validTo = input.validTo ? shanghaiInstant(input.validTo) : null;
  if (validTo && validTo <= validFrom) throw new BusinessError(400, '失效时间必须晚于生效时间');
  if (input.ownerType === 'DEALER' && !input.ownerId)
    throw new BusinessError(400, '经销商价目表须指定经销商');
  input.items.forEach((item, index) => {
    const row = `第 ${index + 1} 行`;
    if (item.maxQty != null && item.maxQty <= (item.minQty ?? 0)) {
      throw new BusinessError(400, `${row}：数量上限必须大于下限`);
    }
    if (item.floorPrice != null && item.price < item.floorPrice) {
      throw new BusinessError(400, `${row}：价格 ${item.price} 低于最低限价 ${item.floorPrice}`);
    }
    if (item.ceilingPrice != null && item.price > item.ceilingPrice) {
      throw new BusinessError(400, `${row}：价格 ${item.price} 高于最高限价 ${item.ceilingPrice}`);
    }
  });
  // Two tiers of one SKU and unit may not overlap: the price of a quantity must be one number.
  const tiers = new Map<string, Array<[number, number]>>();
  for (const item of input.items) {
    const key = `${item.skuId}:${item.unit}`;
    const range: [number, number] = [item.minQty ?? 0, item.maxQty ?? Number.POSITIVE_INFINITY];
    const existing = tiers.get(key) ?? [];
    if (existing.some(([min, max]) => range[0] < max && min < range[1])) {
      throw new BusinessError(400, '同一商品同一单位的数量区间不能重叠');
    }
    tiers.set(key, [...existing, range]);
  }
  for (const scope of input.scopes) {
    if (scope.scopeType !== 'ALL' && !scope.scopeValue) {
      throw new BusinessError(400, `适用范围「${PRICE_SCOPE_TYPE[scope.scopeType]}」须填写取值`);
    }
  }
  return { validFrom, validTo };
}

const priceListSpec: ListSpec = {
  filters: {
    code: { column: 'code', kind: 'text' },
    name: { column: 'name', kind: 'text' },
    priceType: { column: 'price_type', kind: 'enum', values: codesOf(PRICE_TYPE) },
    status: { column: 'status', kind: 'enum', values: ['DRAFT', 'ACTIVE', 'DISABLED'] },
    validFrom: { column: 'valid_from', kind: 'datetime' },
    validTo: { column: 'valid_to', kind: 'datetime' },
    priority: { column: 'priority', kind: 'integer' },
  },
  sorts: {
    code: 'code',
    name: 'name',
    priority: 'priority',
    validFrom: 'valid_from',
    validTo: 'valid_to',
    createTime: 'created_at',
  },
  defaultSort: [
    ['valid_from', 'desc'],
    ['code', 'asc'],
  ],
  // skuId: lists that price this SKU (the SKU detail's 价格 tab); effective=true: ACTIVE and valid now.
  extras: ['keyword', 'skuId', 'effective'],
};

/** A running PRICE_LIST approval of the list (correlated with the outer price_lists row). */
const approvalRunning = sql<boolean>`exists (select 1 from approval_instances where approval_instances.tenant_id = price_lists.tenant_id and approval_instances.biz_type = 'PRICE_LIST' and approval_instances.biz_id = price_lists.id and approval_instances.status = 'IN_PROGRESS')`;

/**
 * What the list shows: PENDING is a list whose approval runs, EXPIRED an ACTIVE list whose validTo has
 * passed.
 */
const displayStatus = sql<string>`case when ${approvalRunning} then 'PENDING' when status = 'ACTIVE' and valid_to is not null and valid_to <= now() then 'EXPIRED' else status end`;

const headerColumns = [
  'id',
  'code',
  'name',
  'price_type as priceType',
  'owner_type as ownerType',
  'owner_id as ownerId',
  'tax_included as taxIncluded',
  shanghaiDateTime('valid_from').as('validFrom'),
  shanghaiDateTime<string | null>('valid_to').as('validTo'),
  'priority',
  'status',
  displayStatus.as('displayStatus'),
  'remark',
  'version',
] as const;

export async function listPriceLists(db: Kysely<DB>, tenantId: string, query: RawQuery) {
  const list = parseListQuery(query, priceListSpec);
  let base = db.selectFrom('price_lists').where('tenant_id', '=', tenantId).where(list.where);
  const { keyword, skuId, effective } = list.extras;
  if (keyword?.trim()) {
    const pattern = containsPattern(keyword.trim());
    base = base.where((eb) => eb.or([eb('code', 'ilike', pattern), eb('name', 'ilike', pattern)]));
  }
  if (skuId) {
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('price_list_items')
          .select('price_list_items.id')
          .whereRef('price_list_items.price_list_id', '=', 'price_lists.id')
          .where('price_list_items.sku_id', '=', skuId),
      ),
    );
  }
  if (effective === 'true') {
    base = base
      .where('status', '=', 'ACTIVE')
      .where('valid_from', '<=', sql<Date>`now()`)
      .where((eb) => eb.or([eb('valid_to', 'is', null), eb('valid_to', '>', sql<Date>`now()`)]));
  }
  return pagedList(base, list, async (page) => {
    const rows = await page
      .select((eb) => [
        ...headerColumns,
        shanghaiDateTime('created_at').as('createTime'),
        eb
          .selectFrom('price_list_items')
          .select(sql<number>`count(*)::integer`.as('n'))
          .whereRef('price_list_items.price_list_id', '=', 'price_lists.id')
          .as('itemCount'),
      ])
      .execute();
    return rows.map((row) => ({
      ...row,
      priceType_dictText: PRICE_TYPE[row.priceType],
      status_dictText: PRICE_LIST_STATUS[row.displayStatus as keyof typeof PRICE_LIST_STATUS],
    }));
  });
}

export async function priceListById(db: Kysely<DB>, tenantId: string, id: string) {
  const header = await existingRow(db, 'price_lists', tenantId, id, [...headerColumns], '价目表');
  const items = await db
    .selectFrom('price_list_items')
    .innerJoin('skus', 'skus.id', 'price_list_items.sku_id')
    .select([
      'price_list_items.id',
      'price_list_items.sku_id as skuId',
      'skus.sku_code as skuCode',
      'skus.name as skuName',
      'skus.units_per_case as unitsPerCase',
      'skus.base_unit as baseUnit',
      'price_list_items.unit',
      'price_list_items.price',
      'price_list_items.min_qty as minQty',
      'price_list_items.max_qty as maxQty',
      'price_list_items.floor_price as floorPrice',
      'price_list_items.ceiling_price as ceilingPrice',
      'price_list_items.remark',
    ])
    .where('price_list_items.price_list_id', '=', id)
    .orderBy('skus.sku_code')
    .orderBy('price_list_items.min_qty')
    .execute();
  const scopes = await db
    .selectFrom('price_list_scopes')
    .select(['scope_type as scopeType', 'scope_value as scopeValue'])
    .where('price_list_id', '=', id)
    .orderBy('scope_type')
    .orderBy('scope_value')
    .execute();
  const names = await scopeNames(db, tenantId, scopes);
  return {
    ...header,
    priceType_dictText: PRICE_TYPE[header.priceType],
    status_dictText: PRICE_LIST_STATUS[header.displayStatus as keyof typeof PRICE_LIST_STATUS],
    items: items.map((item) => ({ ...item, unit_dictText: PRICE_UNIT[item.unit] })),
    scopes: scopes.map((scope) => ({
      ...scope,
      scopeType_dictText: PRICE_SCOPE_TYPE[scope.scopeType],
      // What the value names (a customer's, label's or department's name), for the form's pickers.
      scopeValueText: names.get(`${scope.scopeType}:${scope.scopeValue}`) ?? null,
    })),
  };
}

async function checkSkusOfTenant(trx: Transaction<DB>, tenantId: string, items: PriceListItemInput[]) {
  const ids = [...new Set(items.map((item) => item.skuId))];
  if (ids.length === 0) return;
  const found = await trx
    .selectFrom('skus')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  if (found.length !== ids.length) throw notFound('价目明细中的商品');
}

/** The scope types whose value names a row of the tenant: a customer id, a label id, a department's org code. */
const NAMED_SCOPES = {
  CUSTOMER: { table: 'customers', key: 'id', name: 'name', what: '客户' },
  LABEL: { table: 'customer_labels', key: 'id', name: 'name', what: '客户标签' },
  ORG: { table: 'departs', key: 'org_code', name: 'depart_name', what: '组织' },
} as const;

/** The names of the scopes' values in the tenant, by `${scopeType}:${scopeValue}`. */
async function scopeNames(
  db: Kysely<DB>,
  tenantId: string,
  scopes: Array<{ scopeType: string; scopeValue?: string }>,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const [type, source] of Object.entries(NAMED_SCOPES)) {
    const values = scopes
      .filter((scope) => scope.scopeType === type && scope.scopeValue)
      .map((scope) => scope.scopeValue!);
    if (values.length === 0) continue;
    const rows = await db
      .selectFrom(source.table as 'customers')
      .select([`${source.key} as value` as 'id as value', `${source.name} as name` as 'name as name'])
      .where('tenant_id', '=', tenantId)
      .where(source.key as 'id', 'in', values)
      .execute();
    for (const row of rows) names.set(`${type}:${row.value}`, row.name);
  }
  return names;
}

/** A scope naming a customer, label or department must name one of the tenant's. */
async function checkScopesOfTenant(trx: Transaction<DB>, tenantId: string, input: PriceListInput) {
  const names = await scopeNames(trx, tenantId, input.scopes);
  for (const scope of input.scopes) {
    const source = NAMED_SCOPES[scope.scopeType as keyof typeof NAMED_SCOPES];
    if (source && !names.has(`${scope.scopeType}:${scope.scopeValue}`))
      throw new BusinessError(400, `适用范围中的${source.what}「${scope.scopeValue}」不存在或无权访问`);
  }
}

async function writeLines(
  trx: Transaction<DB>,
  tenantId: string,
  priceListId: string,
  input: PriceListInput,
) {
  await trx.deleteFrom('price_list_items').where('price_list_id', '=', priceListId).execute();
  await trx.deleteFrom('price_list_scopes').where('price_list_id', '=', priceListId).execute();
  if (input.items.length > 0) {
    await trx
      .insertInto('price_list_items')
      .values(
        input.items.map((item) => ({
          id: newId(),
          tenant_id: tenantId,
          price_list_id: priceListId,
          sku_id: item.skuId,
          unit: item.unit,
          price: item.price,
          min_qty: item.minQty ?? 0,
          max_qty: item.maxQty ?? null,
          floor_price: item.floorPrice ?? null,
          ceiling_price: item.ceilingPrice ?? null,
          remark: item.remark ?? null,
        })),
      )
      .execute();
  }
  const scopes = input.scopes.length > 0 ? input.scopes : [{ scopeType: 'ALL' as const, scopeValue: '' }];
  await trx
    .insertInto('price_list_scopes')
    .values(
      scopes.map((scope) => ({
        id: newId(),
        tenant_id: tenantId,
        price_list_id: priceListId,
        scope_type: scope.scopeType,
        scope_value: scope.scopeType === 'ALL' ? '' : (scope.scopeValue ?? ''),
      })),
    )
    .execute();
}

function headerValues(input: PriceListInput, validity: { validFrom: Date; validTo: Date | null }) {
  return {
    code: input.code,
    name: input.name,
    price_type: input.priceType,
    owner_type: input.ownerType ?? 'BRAND',
    owner_id: input.ownerId ?? null,
    tax_included: input.taxIncluded ?? true,
    valid_from: validity.validFrom,
    valid_to: validity.validTo,
    priority: input.priority ?? 100,
    remark: input.remark ?? null,
  };
}

/** Writes a DRAFT list with its lines in the given transaction (the seed uses it too). */
export async function insertPriceList(
  trx: Transaction<DB>,
  tenantId: string,
  userId: string | null,
  input: PriceListInput,
  status: PriceListStatus = 'DRAFT',
): Promise<string> {
  const validity = checkPriceListInput(input);
  const id = newId();
  await withUniqueKeys({ price_lists_tenant_code_key: `价目表编码 ${input.code} 已存在` }, () =>
    trx
      .insertInto('price_lists')
      .values({
        ...headerValues(input, validity),
        id,
        tenant_id: tenantId,
        status,
        created_by: userId,
        updated_by: userId,
      })
      .execute(),
  );
  await writeLines(trx, tenantId, id, input);
  return id;
}

export async function addPriceList(
  db: Kysely<DB>,
  actor: Actor,
  input: PriceListInput,
): Promise<{ id: string }> {
  return db.transaction().execute(async (trx) => {
    await checkSkusOfTenant(trx, actor.tenantId, input.items);
    await checkScopesOfTenant(trx, actor.tenantId, input);
    const change = await trackChange(trx, actor, 'price_lists', undefined);
    const id = await insertPriceList(trx, actor.tenantId, actor.userId, input);
    await change.log('add', `新增价目表 ${input.code} ${input.name}`, id);
    return { id };
  });
}

export async function editPriceList(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  input: PriceListInput,
): Promise<{ id: string }> {
  const validity = checkPriceListInput(input);
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('price_lists')
      .select(['status', 'version'])
      .where('id', '=', id)
      .where('tenant_id', '=', actor.tenantId)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound('价目表');
    if (current.status === 'ACTIVE') {
      throw new BusinessError(409, '生效中的价目表不能修改，请先停用或复制为新版本');
    }
    await requireNoRunningApproval(trx, actor.tenantId, id, '修改');
    if (input.version !== undefined && input.version !== current.version) throw changedMeanwhile('价目表');
    await checkSkusOfTenant(trx, actor.tenantId, input.items);
    await checkScopesOfTenant(trx, actor.tenantId, input);
    const change = await trackChange(trx, actor, 'price_lists', id);
    await withUniqueKeys({ price_lists_tenant_code_key: `价目表编码 ${input.code} 已存在` }, () =>
      trx
        .updateTable('price_lists')
        .set({
          ...headerValues(input, validity),
          updated_by: actor.userId,
          updated_at: new Date(),
          version: sql`version + 1`,
        })
        .where('id', '=', id)
        .execute(),
    );
    await writeLines(trx, actor.tenantId, id, input);
    await change.log('update', `编辑价目表 ${input.code} ${input.name}`);
    return { id };
  });
}

/** 启用 is the PRICE_LIST approval's outcome (./priceListApproval.ts); 停用 is direct. */
export const PRICE_LIST_TRANSITIONS: readonly Transition<PriceListStatus>[] = [
  { from: ['ACTIVE'], to: 'DISABLED', action: '停用' },
];

/** The states a list is submitted from, and activated from when approved. */
export const SUBMITTABLE_PRICE_LIST_STATUS: readonly PriceListStatus[] = ['DRAFT', 'DISABLED'];

/** 409 while the list's approval runs: it is neither edited nor submitted again. */
export async function requireNoRunningApproval(
  trx: Transaction<DB>,
  tenantId: string,
  id: string,
  action: string,
): Promise<void> {
  if (await runningInstanceOf(trx, tenantId, 'PRICE_LIST', id)) {
    throw new BusinessError(409, `价目表审批中，不能${action}`);
  }
}

const scopeKey = (scopes: Array<{ scope_type: string; scope_value: string }>) =>
  scopes
    .map((scope) => `${scope.scope_type}=${scope.scope_value}`)
    .sort()
    .join('|');

/** An ACTIVE list resolution could not tell from this one: same type, owner, scopes, priority and validFrom. */
async function indistinguishableTwin(
  trx: Transaction<DB>,
  tenantId: string,
  id: string,
): Promise<string | undefined> {
  const list = await trx.selectFrom('price_lists').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const others = await trx
    .selectFrom('price_lists')
    .select(['id', 'code'])
    .where('tenant_id', '=', tenantId)
    .where('id', '!=', id)
    .where('status', '=', 'ACTIVE')
    .where('price_type', '=', list.price_type)
    .where('owner_type', '=', list.owner_type)
    .where(sql<boolean>`owner_id is not distinct from ${list.owner_id}`)
    .where('priority', '=', list.priority)
    .where('valid_from', '=', list.valid_from)
    .execute();
  if (others.length === 0) return undefined;
  const scopes = await trx
    .selectFrom('price_list_scopes')
    .select(['price_list_id', 'scope_type', 'scope_value'])
    .where('price_list_id', 'in', [id, ...others.map((other) => other.id)])
    .execute();
  const keyOf = (listId: string) => scopeKey(scopes.filter((scope) => scope.price_list_id === listId));
  return others.find((other) => keyOf(other.id) === keyOf(id))?.code;
}

/**
 * What activation needs, checked on submission and again when approved: items, and no ACTIVE twin. Takes the
 * tenant's activation lock, so two twins approved at once do not both pass.
 */
export async function requireActivatable(trx: Transaction<DB>, tenantId: string, id: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`price_lists:${tenantId}`}))`.execute(trx);
  const items = await trx
    .selectFrom('price_list_items')
    .select(sql<number>`count(*)::integer`.as('n'))
    .where('price_list_id', '=', id)
    .executeTakeFirstOrThrow();
  if (items.n === 0) throw new BusinessError(409, '价目表没有明细，不能启用');
  const twin = await indistinguishableTwin(trx, tenantId, id);
  if (twin) {
    throw new BusinessError(
      409,
      `与生效中的价目表 ${twin} 价格类型、适用范围、优先级和生效时间都相同，无法区分，请调整优先级或生效时间`,
    );
  }
}

/** 停用 (启用 is submitted for approval instead). */
export async function changePriceListStatus(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  to: PriceListStatus,
): Promise<{ id: string; status: PriceListStatus }> {
  return db.transaction().execute(async (trx) => {
    const list = await existingRow(
      trx,
      'price_lists',
      actor.tenantId,
      id,
      ['status', 'code', 'name'],
      '价目表',
    );
    const transition = transitionTo(PRICE_LIST_TRANSITIONS, { ...PRICE_LIST_STATUS }, list.status, to);
    const change = await trackChange(trx, actor, 'price_lists', id);
    const changed = await trx
      .updateTable('price_lists')
      .set({ status: to, updated_by: actor.userId, updated_at: new Date(), version: sql`version + 1` })
      .where('id', '=', id)
      .where('status', '=', list.status)
      .returning('id')
      .executeTakeFirst();
    if (!changed) throw changedMeanwhile('价目表');
    await change.log('update', `价目表${transition.action} ${list.code} ${list.name}`);
    return { id, status: to };
  });
}

/** 复制为新版本: a DRAFT copy with a new code, starting when the user says. */
export async function copyPriceList(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  copy: { code: string; name?: string; validFrom: string; validTo?: string | null },
): Promise<{ id: string }> {
  const source = await priceListById(db, actor.tenantId, id);
  const input: PriceListInput = {
    code: copy.code,
    name: copy.name ?? source.name,
    priceType: source.priceType,
    ownerType: source.ownerType,
    ownerId: source.ownerId,
    taxIncluded: source.taxIncluded,
    validFrom: copy.validFrom,
    validTo: copy.validTo ?? null,
    priority: source.priority,
    remark: source.remark,
    items: source.items.map((item) => ({
      skuId: item.skuId,
      unit: item.unit,
      price: Number(item.price),
      minQty: item.minQty,
      maxQty: item.maxQty,
      floorPrice: item.floorPrice === null ? null : Number(item.floorPrice),
      ceilingPrice: item.ceilingPrice === null ? null : Number(item.ceilingPrice),
      remark: item.remark,
    })),
    scopes: source.scopes.map((scope) => ({ scopeType: scope.scopeType, scopeValue: scope.scopeValue })),
  };
  return addPriceList(db, actor, input);
}

// ---- Resolution against the database ----

export interface PriceQuery {
  customerId: string;
  skuId: string;
  /** Base units; 1 by default. */
  qty?: number;
  /** The moment; now by default. */
  at?: Date;
  priceType: PriceType;
}

/** What price scopes may match of a customer. */
export async function customerFactsOf(
  db: Kysely<DB>,
  tenantId: string,
  customerId: string,
): Promise<CustomerFacts> {
  const customer = await existingRow(
    db,
    'customers',
    tenantId,
    customerId,
    ['id', 'level', 'outlet_type', 'channel', 'province_code', 'city_code', 'district_code', 'org_code'],
    '客户',
  );
  const labels = await db
    .selectFrom('customer_label_links')
    .innerJoin('customer_labels', 'customer_labels.id', 'customer_label_links.label_id')
    .select('customer_label_links.label_id')
    .where('customer_label_links.customer_id', '=', customerId)
    .where('customer_labels.status', '=', 'ACTIVE')
    .execute();
  return {
    customerId: customer.id,
    labelIds: labels.map((label) => label.label_id),
    level: customer.level,
    outletType: customer.outlet_type,
    channel: customer.channel,
    regionCodes: [customer.province_code, customer.city_code, customer.district_code].filter(
      (code): code is string => Boolean(code),
    ),
    orgCode: customer.org_code,
  };
}

/** The price of a SKU for a customer (orders call this and keep the returned priceListId on the line). */
export async function resolvePrice(
  db: Kysely<DB>,
  tenantId: string,
  query: PriceQuery,
): Promise<(ResolvedPrice & { qty: number; at: string }) | null> {
  const sku = await existingRow(db, 'skus', tenantId, query.skuId, ['units_per_case'], '商品');
  const at = query.at ?? new Date();
  const qty = query.qty ?? 1;
  const [chosen] = await resolvePrices(db, tenantId, {
    customerId: query.customerId,
    at,
    priceType: query.priceType,
    skus: [{ skuId: query.skuId, qty, unitsPerCase: sku.units_per_case }],
  });
  if (!chosen) return null;
  const { shown } = await sql<{
    shown: string;
  }>`select to_char(${at}::timestamptz at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as shown`
    .execute(db)
    .then((result) => result.rows[0]);
  const { floorPrice: _floor, ...price } = chosen;
  return { ...price, qty, at: shown };
}

/**
 * The prices of several SKUs for one customer at one moment, in five statements whatever their number (an
 * order's lines): each as resolvePrice chooses it, with the floor price of the item that priced it; undefined
 * where no list prices the SKU for the customer.
 */
export async function resolvePrices(
  db: Kysely<DB>,
  tenantId: string,
  query: {
    customerId: string;
    /** What the scopes match, when the buyer is no customer (an employee buyer: the ALL scope only). */
    facts?: CustomerFacts;
    at: Date;
    priceType: PriceType;
    skus: ReadonlyArray<{ skuId: string; qty: number; unitsPerCase: number }>;
  },
): Promise<Array<(ResolvedPrice & { floorPrice: string | null }) | undefined>> {
  if (query.skus.length === 0) return [];
  const { at } = query;
  const skuIds = [...new Set(query.skus.map((sku) => sku.skuId))];
  const facts = query.facts ?? (await customerFactsOf(db, tenantId, query.customerId));
  const lists = await db
    .selectFrom('price_lists')
    .select(['id', 'code', 'name', 'priority', 'valid_from', 'valid_to'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'ACTIVE')
    .where('price_type', '=', query.priceType)
    .where('valid_from', '<=', at)
    .where((eb) => eb.or([eb('valid_to', 'is', null), eb('valid_to', '>', at)]))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('price_list_items')
          .select('price_list_items.id')
          .whereRef('price_list_items.price_list_id', '=', 'price_lists.id')
          .where('price_list_items.sku_id', 'in', skuIds),
      ),
    )
    .execute();
  if (lists.length === 0) return query.skus.map(() => undefined);
  const ids = lists.map((list) => list.id);
  const [items, scopes] = await Promise.all([
    db
      .selectFrom('price_list_items')
      .select(['price_list_id', 'sku_id', 'unit', 'price', 'min_qty', 'max_qty', 'floor_price'])
      .where('price_list_id', 'in', ids)
      .where('sku_id', 'in', skuIds)
      .execute(),
    db
      .selectFrom('price_list_scopes')
      .select(['price_list_id', 'scope_type', 'scope_value'])
      .where('price_list_id', 'in', ids)
      .execute(),
  ]);
  return query.skus.map(({ skuId, qty, unitsPerCase }) => {
    const mine = items.filter((item) => item.sku_id === skuId);
    const candidates: PriceCandidate[] = lists
      .filter((list) => mine.some((item) => item.price_list_id === list.id))
      .map((list) => ({
        priceListId: list.id,
        code: list.code,
        name: list.name,
        priority: list.priority,
        validFrom: list.valid_from,
        validTo: list.valid_to,
        scopes: scopes
          .filter((scope) => scope.price_list_id === list.id)
          .map((scope) => ({ type: scope.scope_type, value: scope.scope_value })),
        items: mine
          .filter((item) => item.price_list_id === list.id)
          .map((item) => ({
            unit: item.unit,
            price: item.price,
            minQty: item.min_qty,
            maxQty: item.max_qty,
          })),
      }));
    const chosen = choosePrice(candidates, facts, qty, at, unitsPerCase);
    if (!chosen) return undefined;
    const item = mine.find(
      (each) =>
        each.price_list_id === chosen.priceListId &&
        each.min_qty <= qty &&
        (each.max_qty === null || each.max_qty > qty),
    );
    return { ...chosen, floorPrice: item?.floor_price ?? null };
  });
}

export type PriceListPage = Page<Awaited<ReturnType<typeof listPriceLists>>['records'][number]>;
