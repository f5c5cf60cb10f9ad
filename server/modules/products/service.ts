// Brands, categories and SKUs (DOMAIN §1.2): lists with filters and sorting, create, edit (optimistic lock
// on `version`), enable/disable, and the SKU's status machine (上架 / 暂停 / 恢复 / 淘汰).
import { sql, type Kysely } from 'kysely';
import type { Page } from '../../../common/contract';
import {
  ENABLED_STATUS,
  LIFECYCLE_TAG,
  PACKAGE_TYPE,
  SKU_STATUS,
  STORAGE_CONDITION,
  codesOf,
} from '../../../common/businessEnums';
import { isoDate, shanghaiDateTime } from '../../db/dates';
import type {
  DB,
  EnabledStatus,
  LifecycleTag,
  PackageType,
  SkuStatus,
  StorageCondition,
} from '../../db/schema';
import { newId } from '../../db/ids';
import { BusinessError } from '../../http/envelope';
import {
  containsPattern,
  pagedList,
  parseListQuery,
  type ListSpec,
  type RawQuery,
} from '../../http/listQuery';
import type { Actor } from '../shared/actor';
import { trackChange } from '../shared/changeHistory';
import {
  changedMeanwhile,
  existingRow,
  notFound,
  saveTenantRow,
  transitionTo,
  withUniqueKeys,
  type Transition,
} from '../shared/commands';
import { editingSku } from '../kpi/salesSummary';

// ---- Brands and categories ----

export interface BrandInput {
  code: string;
  name: string;
  logoUrl?: string | null;
  sort?: number;
  status?: EnabledStatus;
}

export interface CategoryInput extends BrandInput {
  parentId?: string | null;
}

const brandSpec: ListSpec = {
  filters: {
    code: { column: 'code', kind: 'text' },
    name: { column: 'name', kind: 'text' },
    status: { column: 'status', kind: 'enum', values: codesOf(ENABLED_STATUS) },
  },
  sorts: { code: 'code', name: 'name', sort: 'sort', createTime: 'created_at' },
  defaultSort: [
    ['sort', 'asc'],
    ['code', 'asc'],
  ],
};

export async function listBrands(db: Kysely<DB>, tenantId: string, query: RawQuery) {
  const list = parseListQuery(query, brandSpec);
  const base = db.selectFrom('brands').where('tenant_id', '=', tenantId).where(list.where);
  return pagedList(base, list, async (page) => {
    const records = await page
      .select([
        'id',
        'code',
        'name',
        'logo_url as logoUrl',
        'sort',
        'status',
        shanghaiDateTime('created_at').as('createTime'),
      ])
      .execute();
    return records.map((record) => ({ ...record, status_dictText: ENABLED_STATUS[record.status] }));
  });
}

export async function saveBrand(
  db: Kysely<DB>,
  actor: Actor,
  input: BrandInput,
  id?: string,
): Promise<{ id: string }> {
  return db.transaction().execute(async (trx) => {
    const values = {
      code: input.code,
      name: input.name,
      logo_url: input.logoUrl ?? null,
      sort: input.sort ?? 0,
      status: input.status ?? 'ACTIVE',
      updated_by: actor.userId,
    };
    return saveTenantRow(trx, actor, 'brands', id, values, {
      uniqueKeys: { brands_tenant_code_key: `品牌编码 ${input.code} 已存在` },
      what: '品牌',
      described: `品牌 ${input.code} ${input.name}`,
    });
  });
}

const categorySpec: ListSpec = {
  ...brandSpec,
  filters: { ...brandSpec.filters, parentId: { column: 'parent_id', kind: 'text' } },
  sorts: { ...brandSpec.sorts, level: 'level' },
};

export async function listCategories(db: Kysely<DB>, tenantId: string, query: RawQuery) {
  const list = parseListQuery(query, categorySpec);
  const base = db.selectFrom('product_categories').where('tenant_id', '=', tenantId).where(list.where);
  return pagedList(base, list, async (page) => {
    const records = await page
      .select([
        'id',
        'code',
        'name',
        'parent_id as parentId',
        (eb) =>
          eb
            .selectFrom('product_categories as parent')
            .select('parent.name')
            .whereRef('parent.id', '=', 'product_categories.parent_id')
            .as('parentName'),
        'level',
        'sort',
        'status',
        shanghaiDateTime('created_at').as('createTime'),
      ])
      .execute();
    return records.map((record) => ({ ...record, status_dictText: ENABLED_STATUS[record.status] }));
  });
}

export async function saveCategory(
  db: Kysely<DB>,
  actor: Actor,
  input: CategoryInput,
  id?: string,
): Promise<{ id: string }> {
  return db.transaction().execute(async (trx) => {
    let level = 1;
    if (input.parentId) {
      if (input.parentId === id) throw new BusinessError(400, '上级品类不能是自己');
      const parent = await existingRow(
        trx,
        'product_categories',
        actor.tenantId,
        input.parentId,
        ['level'],
        '上级品类',
      );
      level = parent.level + 1;
    }
    const values = {
      code: input.code,
      name: input.name,
      parent_id: input.parentId ?? null,
      level,
      sort: input.sort ?? 0,
      status: input.status ?? 'ACTIVE',
      updated_by: actor.userId,
    };
    return saveTenantRow(trx, actor, 'product_categories', id, values, {
      uniqueKeys: { product_categories_tenant_code_key: `品类编码 ${input.code} 已存在` },
      what: '品类',
      described: `品类 ${input.code} ${input.name}`,
    });
  });
}

// ---- SKUs ----

export interface SkuInput {
  skuCode: string;
  barcode?: string | null;
  caseBarcode?: string | null;
  name: string;
  shortName?: string | null;
  brandId: string;
  categoryId: string;
  series?: string | null;
  spec?: string | null;
  volumeMl?: number | null;
  packageType: PackageType;
  flavor?: string | null;
  baseUnit: string;
  saleUnit: string;
  unitsPerCase: number;
  shelfLifeDays: number;
  storageCondition?: StorageCondition;
  taxRate?: number;
  suggestedRetailPrice?: number | null;
  minOrderQty?: number;
  orderMultiple?: number;
  lifecycleTag?: LifecycleTag;
  launchDate?: string | null;
  discontinueDate?: string | null;
  mallVisible?: boolean;
  employeeMallVisible?: boolean;
  imageUrls?: string[];
  erpMaterialCode?: string | null;
  /** Edit only: the version the user loaded (optimistic lock). */
  version?: number;
}

/** EAN-13 / ITF-14 / EAN-8 check digit (GS1 mod 10). */
export function hasValidCheckDigit(code: string): boolean {
  if (!/^(\d{8}|\d{13}|\d{14})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop() as number;
  const sum = digits.reverse().reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

function checkSkuInput(input: SkuInput): void {
  if (input.barcode && !hasValidCheckDigit(input.barcode)) {
    throw new BusinessError(400, `条码 ${input.barcode} 不是有效的 EAN-13/EAN-8 条码（校验位不正确）`);
  }
  if (input.caseBarcode && !hasValidCheckDigit(input.caseBarcode)) {
    throw new BusinessError(400, `箱码 ${input.caseBarcode} 不是有效的 ITF-14/EAN-13 条码（校验位不正确）`);
  }
  if (input.launchDate && input.discontinueDate && input.discontinueDate < input.launchDate) {
    throw new BusinessError(400, '停产日期不能早于上市日期');
  }
}

const skuColumns = [
  'skus.id',
  'skus.sku_code as skuCode',
  'skus.barcode',
  'skus.case_barcode as caseBarcode',
  'skus.name',
  'skus.short_name as shortName',
  'skus.brand_id as brandId',
  'brands.name as brandName',
  'skus.category_id as categoryId',
  'product_categories.name as categoryName',
  'skus.series',
  'skus.spec',
  'skus.volume_ml as volumeMl',
  'skus.package_type as packageType',
  'skus.flavor',
  'skus.base_unit as baseUnit',
  'skus.sale_unit as saleUnit',
  'skus.units_per_case as unitsPerCase',
  'skus.shelf_life_days as shelfLifeDays',
  'skus.storage_condition as storageCondition',
  'skus.tax_rate as taxRate',
  'skus.suggested_retail_price as suggestedRetailPrice',
  'skus.min_order_qty as minOrderQty',
  'skus.order_multiple as orderMultiple',
  'skus.lifecycle_tag as lifecycleTag',
  'skus.mall_visible as mallVisible',
  'skus.employee_mall_visible as employeeMallVisible',
  'skus.image_urls as imageUrls',
  'skus.erp_material_code as erpMaterialCode',
  'skus.status',
  'skus.version',
] as const;

const skuSpec: ListSpec = {
  filters: {
    skuCode: { column: 'skus.sku_code', kind: 'text' },
    name: { column: 'skus.name', kind: 'text' },
    barcode: { column: 'skus.barcode', kind: 'text' },
    brandId: { column: 'skus.brand_id', kind: 'text' },
    categoryId: { column: 'skus.category_id', kind: 'text' },
    packageType: { column: 'skus.package_type', kind: 'enum', values: codesOf(PACKAGE_TYPE) },
    status: { column: 'skus.status', kind: 'enum', values: codesOf(SKU_STATUS) },
    lifecycleTag: { column: 'skus.lifecycle_tag', kind: 'enum', values: codesOf(LIFECYCLE_TAG) },
    storageCondition: { column: 'skus.storage_condition', kind: 'enum', values: codesOf(STORAGE_CONDITION) },
    mallVisible: { column: 'skus.mall_visible', kind: 'boolean' },
    unitsPerCase: { column: 'skus.units_per_case', kind: 'integer' },
    shelfLifeDays: { column: 'skus.shelf_life_days', kind: 'integer' },
    createTime: { column: 'skus.created_at', kind: 'datetime' },
  },
  sorts: {
    skuCode: 'skus.sku_code',
    name: 'skus.name',
    unitsPerCase: 'skus.units_per_case',
    shelfLifeDays: 'skus.shelf_life_days',
    suggestedRetailPrice: 'skus.suggested_retail_price',
    status: 'skus.status',
    createTime: 'skus.created_at',
    updateTime: 'skus.updated_at',
  },
  defaultSort: [['skus.sku_code', 'asc']],
  // keyword: code, name, short name or barcode; erpUnmapped=true: no ERP material code yet.
  extras: ['keyword', 'erpUnmapped'],
};

function skuQuery(db: Kysely<DB>, tenantId: string) {
  return db
    .selectFrom('skus')
    .innerJoin('brands', 'brands.id', 'skus.brand_id')
    .innerJoin('product_categories', 'product_categories.id', 'skus.category_id')
    .where('skus.tenant_id', '=', tenantId);
}

type SkuRow = Awaited<ReturnType<typeof selectSkus>>[number];

function selectSkus(query: ReturnType<typeof skuQuery>) {
  return query
    .select(skuColumns)
    .select([
      isoDate<string | null>('skus.launch_date').as('launchDate'),
      isoDate<string | null>('skus.discontinue_date').as('discontinueDate'),
      shanghaiDateTime('skus.created_at').as('createTime'),
      shanghaiDateTime('skus.updated_at').as('updateTime'),
    ])
    .execute();
}

const skuRecord = (row: SkuRow) => ({
  ...row,
  packageType_dictText: PACKAGE_TYPE[row.packageType],
  storageCondition_dictText: STORAGE_CONDITION[row.storageCondition],
  lifecycleTag_dictText: LIFECYCLE_TAG[row.lifecycleTag],
  status_dictText: SKU_STATUS[row.status],
});

export type SkuRecord = ReturnType<typeof skuRecord>;

export async function listSkus(db: Kysely<DB>, tenantId: string, query: RawQuery): Promise<Page<SkuRecord>> {
  const list = parseListQuery(query, skuSpec);
  let base = skuQuery(db, tenantId).where(list.where);
  const keyword = list.extras.keyword?.trim();
  if (keyword) {
    const pattern = containsPattern(keyword);
    base = base.where((eb) =>
      eb.or([
        eb('skus.sku_code', 'ilike', pattern),
        eb('skus.name', 'ilike', pattern),
        eb('skus.short_name', 'ilike', pattern),
        eb('skus.barcode', 'ilike', pattern),
      ]),
    );
  }
  if (list.extras.erpUnmapped === 'true') base = base.where('skus.erp_material_code', 'is', null);
  return pagedList(base, list, async (page) => (await selectSkus(page)).map(skuRecord));
}

export async function skuById(db: Kysely<DB>, tenantId: string, id: string): Promise<SkuRecord> {
  const [row] = await selectSkus(skuQuery(db, tenantId).where('skus.id', '=', id));
  if (!row) throw notFound('商品');
  return skuRecord(row);
}

async function checkBrandAndCategory(db: Kysely<DB>, tenantId: string, input: SkuInput): Promise<void> {
  await existingRow(db, 'brands', tenantId, input.brandId, ['status'], '品牌');
  await existingRow(db, 'product_categories', tenantId, input.categoryId, ['status'], '品类');
}

const SKU_UNIQUE_KEYS = (input: SkuInput) => ({
  skus_tenant_code_key: `商品编码 ${input.skuCode} 已存在`,
  skus_tenant_barcode_key: `条码 ${input.barcode} 已被其他商品使用`,
});

function skuValues(input: SkuInput) {
  return {
    sku_code: input.skuCode,
    barcode: input.barcode || null,
    case_barcode: input.caseBarcode || null,
    name: input.name,
    short_name: input.shortName ?? null,
    brand_id: input.brandId,
    category_id: input.categoryId,
    series: input.series ?? null,
    spec: input.spec ?? null,
    volume_ml: input.volumeMl ?? null,
    package_type: input.packageType,
    flavor: input.flavor ?? null,
    base_unit: input.baseUnit,
    sale_unit: input.saleUnit,
    units_per_case: input.unitsPerCase,
    shelf_life_days: input.shelfLifeDays,
    storage_condition: input.storageCondition ?? 'AMBIENT',
    tax_rate: input.taxRate ?? 0.13,
    suggested_retail_price: input.suggestedRetailPrice ?? null,
    min_order_qty: input.minOrderQty ?? 1,
    order_multiple: input.orderMultiple ?? 1,
    lifecycle_tag: input.lifecycleTag ?? 'REGULAR',
    launch_date: input.launchDate || null,
    discontinue_date: input.discontinueDate || null,
    mall_visible: input.mallVisible ?? true,
    employee_mall_visible: input.employeeMallVisible ?? false,
    image_urls: JSON.stringify(input.imageUrls ?? []),
    erp_material_code: input.erpMaterialCode || null,
  };
}

/** Writes SKUs in one statement (the seed, the import); the caller checks and logs. */
export async function insertSkus(
  db: Kysely<DB>,
  tenantId: string,
  userId: string | null,
  inputs: SkuInput[],
) {
  if (inputs.length === 0) return [];
  return db
    .insertInto('skus')
    .values(
      inputs.map((input) => ({
        ...skuValues(input),
        id: newId(),
        tenant_id: tenantId,
        created_by: userId,
        updated_by: userId,
      })),
    )
    .returning(['id', 'sku_code'])
    .execute();
}

export async function addSku(db: Kysely<DB>, actor: Actor, input: SkuInput): Promise<{ id: string }> {
  checkSkuInput(input);
  return db.transaction().execute(async (trx) => {
    await checkBrandAndCategory(trx, actor.tenantId, input);
    const change = await trackChange(trx, actor, 'skus', undefined);
    const [saved] = await withUniqueKeys(SKU_UNIQUE_KEYS(input), () =>
      insertSkus(trx, actor.tenantId, actor.userId, [input]),
    );
    await change.log('add', `新增商品 ${input.skuCode} ${input.name}`, saved.id);
    return { id: saved.id };
  });
}

export async function editSku(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  input: SkuInput,
): Promise<{ id: string }> {
  checkSkuInput(input);
  return db.transaction().execute(async (trx) => {
    await checkBrandAndCategory(trx, actor.tenantId, input);
    const change = await trackChange(trx, actor, 'skus', id);
    let update = trx
      .updateTable('skus')
      .set({
        ...skuValues(input),
        updated_by: actor.userId,
        updated_at: new Date(),
        version: sql`version + 1`,
      })
      .where('id', '=', id)
      .where('tenant_id', '=', actor.tenantId);
    if (input.version !== undefined) update = update.where('version', '=', input.version);
    const saved = await editingSku(trx, actor.tenantId, id, input, () =>
      withUniqueKeys(SKU_UNIQUE_KEYS(input), () => update.returning('id').executeTakeFirst()),
    );
    if (!saved) {
      const exists = await trx
        .selectFrom('skus')
        .select('id')
        .where('id', '=', id)
        .where('tenant_id', '=', actor.tenantId)
        .executeTakeFirst();
      throw exists ? changedMeanwhile('商品') : notFound('商品');
    }
    await change.log('update', `编辑商品 ${input.skuCode} ${input.name}`);
    return saved;
  });
}

export const SKU_TRANSITIONS: readonly Transition<SkuStatus>[] = [
  { from: ['DRAFT', 'SUSPENDED'], to: 'ON_SALE', action: '上架' },
  { from: ['ON_SALE'], to: 'SUSPENDED', action: '停售' },
  { from: ['ON_SALE', 'SUSPENDED'], to: 'DISCONTINUED', action: '淘汰' },
];

/** 上架 needs a price customers can be charged: an ACTIVE list valid now with an item for the SKU. */
async function hasActivePrice(db: Kysely<DB>, tenantId: string, skuId: string): Promise<boolean> {
  const row = await db
    .selectFrom('price_list_items')
    .innerJoin('price_lists', 'price_lists.id', 'price_list_items.price_list_id')
    .select('price_list_items.id')
    .where('price_list_items.sku_id', '=', skuId)
    .where('price_lists.tenant_id', '=', tenantId)
    .where('price_lists.status', '=', 'ACTIVE')
    .where('price_lists.valid_from', '<=', sql<Date>`now()`)
    .where((eb) =>
      eb.or([eb('price_lists.valid_to', 'is', null), eb('price_lists.valid_to', '>', sql<Date>`now()`)]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function changeSkuStatus(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  to: SkuStatus,
): Promise<{ id: string; status: SkuStatus }> {
  return db.transaction().execute(async (trx) => {
    const sku = await existingRow(trx, 'skus', actor.tenantId, id, ['status', 'sku_code', 'name'], '商品');
    const transition = transitionTo(SKU_TRANSITIONS, SKU_STATUS, sku.status, to);
    if (to === 'ON_SALE' && sku.status === 'DRAFT' && !(await hasActivePrice(trx, actor.tenantId, id))) {
      throw new BusinessError(409, '商品还没有生效的价格，请先在价目表中定价再上架');
    }
    const change = await trackChange(trx, actor, 'skus', id);
    const changed = await trx
      .updateTable('skus')
      .set({ status: to, updated_by: actor.userId, updated_at: new Date(), version: sql`version + 1` })
      .where('id', '=', id)
      .where('tenant_id', '=', actor.tenantId)
      .where('status', '=', sku.status)
      .returning('id')
      .executeTakeFirst();
    if (!changed) throw changedMeanwhile('商品');
    await change.log('update', `商品${transition.action} ${sku.sku_code} ${sku.name}`);
    return { id, status: to };
  });
}
