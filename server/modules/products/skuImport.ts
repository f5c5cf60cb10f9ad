// SKU import and export as Excel (issue #7): the template's columns, the checks of every row (brand and
// category by code or name, barcode check digit, codes unique in the file and the tenant), and one
// transaction for the whole file when no row failed.
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { LIFECYCLE_TAG, PACKAGE_TYPE } from '../../../common/businessEnums';
import type { DB, LifecycleTag, PackageType } from '../../db/schema';
import { logOperation, type Actor } from '../shared/actor';
import {
  defineListExport,
  ImportCellError,
  parseDecimal,
  parseEnum,
  parseInteger,
  parsePattern,
  readImportSheet,
  reportError,
  type ExportColumn,
  type ImportColumn,
  type ImportReport,
} from '../shared/excel';
import { hasValidCheckDigit, insertSkus, listSkus, type SkuRecord } from './service';

type SkuColumn =
  | 'skuCode'
  | 'name'
  | 'brand'
  | 'category'
  | 'packageType'
  | 'baseUnit'
  | 'saleUnit'
  | 'unitsPerCase'
  | 'shelfLifeDays'
  | 'barcode'
  | 'spec'
  | 'volumeMl'
  | 'suggestedRetailPrice'
  | 'lifecycleTag'
  | 'erpMaterialCode';

export const SKU_IMPORT_COLUMNS: ImportColumn<SkuColumn>[] = [
  {
    key: 'skuCode',
    header: '商品编码',
    required: true,
    parse: parsePattern(/^[A-Za-z0-9_-]{1,32}$/, '只能是字母、数字、- 和 _，最长 32 位'),
  },
  { key: 'name', header: '商品名称', required: true, parse: parsePattern(/^.{1,128}$/u, '最长 128 个字') },
  { key: 'brand', header: '品牌', required: true },
  { key: 'category', header: '品类', required: true },
  { key: 'packageType', header: '包装', required: true, parse: parseEnum(PACKAGE_TYPE, '包装') },
  { key: 'baseUnit', header: '基本单位', required: true, parse: parsePattern(/^.{1,8}$/u, '最长 8 个字') },
  { key: 'saleUnit', header: '销售单位', required: true, parse: parsePattern(/^.{1,8}$/u, '最长 8 个字') },
  { key: 'unitsPerCase', header: '箱规', required: true, parse: parseInteger(1, 1000) },
  { key: 'shelfLifeDays', header: '保质期(天)', required: true, parse: parseInteger(1, 3650) },
  {
    key: 'barcode',
    header: '条码',
    parse: (text) => {
      if (!hasValidCheckDigit(text))
        throw new ImportCellError('不是有效的 EAN-13/EAN-8 条码（校验位不正确）');
      return text;
    },
  },
  { key: 'spec', header: '规格', parse: parsePattern(/^.{1,16}$/u, '最长 16 个字') },
  { key: 'volumeMl', header: '容量(ml)', parse: parseInteger(1, 100000) },
  { key: 'suggestedRetailPrice', header: '建议零售价', parse: parseDecimal(0, 100000) },
  { key: 'lifecycleTag', header: '生命周期', parse: parseEnum(LIFECYCLE_TAG, '生命周期') },
  { key: 'erpMaterialCode', header: 'ERP物料编码', parse: parsePattern(/^.{1,64}$/u, '最长 64 个字') },
];

export const SKU_TEMPLATE_EXAMPLE = {
  skuCode: 'SKU00000100',
  name: '劲鹏能量饮料 250ml PET',
  brand: '劲鹏',
  category: '功能饮料',
  packageType: '塑瓶',
  baseUnit: '瓶',
  saleUnit: '箱',
  unitsPerCase: 24,
  shelfLifeDays: 540,
  barcode: '6970000001002',
  spec: '250ml',
  volumeMl: 250,
  suggestedRetailPrice: 3.5,
  lifecycleTag: '新品',
};

async function idsByCodeAndName(db: Kysely<DB>, table: 'brands' | 'product_categories', tenantId: string) {
  const rows = await db
    .selectFrom(table)
    .select(['id', 'code', 'name'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const map = new Map<string, string>();
  for (const row of rows) {
    map.set(row.code, row.id);
    map.set(row.name, row.id);
  }
  return map;
}

export async function importSkus(
  db: Kysely<DB>,
  actor: Actor,
  upload: { fileName: string; stream: Readable },
): Promise<ImportReport> {
  const { rows, report } = await readImportSheet(upload, SKU_IMPORT_COLUMNS);
  const brands = await idsByCodeAndName(db, 'brands', actor.tenantId);
  const categories = await idsByCodeAndName(db, 'product_categories', actor.tenantId);
  const existing = await db
    .selectFrom('skus')
    .select(['sku_code', 'barcode'])
    .where('tenant_id', '=', actor.tenantId)
    .execute();
  const codes = new Map(existing.map((row) => [row.sku_code, 0]));
  const barcodes = new Map(existing.filter((row) => row.barcode).map((row) => [row.barcode as string, 0]));
  for (const { rowNo, values } of rows) {
    const error = (column: string, value: string, message: string) =>
      reportError(report, { rowNo, column, value, message });
    const code = values.skuCode as string | undefined;
    if (code === undefined) {
      // Already reported: empty or malformed.
    } else if (codes.has(code)) {
      error('商品编码', code, codes.get(code) ? `与第 ${codes.get(code)} 行重复` : '商品编码已存在');
    } else codes.set(code, rowNo);
    const barcode = values.barcode as string | undefined;
    if (barcode) {
      if (barcodes.has(barcode)) {
        error(
          '条码',
          barcode,
          barcodes.get(barcode) ? `与第 ${barcodes.get(barcode)} 行重复` : '条码已被其他商品使用',
        );
      } else barcodes.set(barcode, rowNo);
    }
    if (!brands.has(values.brand as string))
      error('品牌', values.brand as string, '品牌不存在，请填写品牌编码或名称');
    if (!categories.has(values.category as string))
      error('品类', values.category as string, '品类不存在，请填写品类编码或名称');
  }
  // Parse errors first were listed in reading order; the report reads row by row.
  report.errors.sort((a, b) => a.rowNo - b.rowNo);
  if (report.errorCount > 0 || rows.length === 0) return report;
  await db.transaction().execute(async (trx) => {
    await insertSkus(
      trx,
      actor.tenantId,
      actor.userId,
      rows.map(({ values }) => ({
        skuCode: values.skuCode as string,
        name: values.name as string,
        brandId: brands.get(values.brand as string) as string,
        categoryId: categories.get(values.category as string) as string,
        packageType: values.packageType as PackageType,
        baseUnit: values.baseUnit as string,
        saleUnit: values.saleUnit as string,
        unitsPerCase: values.unitsPerCase as number,
        shelfLifeDays: values.shelfLifeDays as number,
        barcode: (values.barcode as string | undefined) ?? null,
        spec: (values.spec as string | undefined) ?? null,
        volumeMl: (values.volumeMl as number | undefined) ?? null,
        suggestedRetailPrice: (values.suggestedRetailPrice as number | undefined) ?? null,
        lifecycleTag: values.lifecycleTag as LifecycleTag | undefined,
        erpMaterialCode: (values.erpMaterialCode as string | undefined) ?? null,
      })),
    );
    await logOperation(trx, actor, 'import', `导入商品 ${rows.length} 个（${upload.fileName}）`);
  });
  return { ...report, imported: rows.length };
}

export const SKU_EXPORT_COLUMNS: ExportColumn<SkuRecord>[] = [
  { header: '商品编码', value: (row) => row.skuCode },
  { header: '商品名称', width: 32, value: (row) => row.name },
  { header: '品牌', value: (row) => row.brandName },
  { header: '品类', value: (row) => row.categoryName },
  { header: '包装', value: (row) => row.packageType_dictText },
  { header: '规格', value: (row) => row.spec },
  { header: '箱规', value: (row) => row.unitsPerCase },
  { header: '基本单位', value: (row) => row.baseUnit },
  { header: '销售单位', value: (row) => row.saleUnit },
  { header: '保质期(天)', value: (row) => row.shelfLifeDays },
  { header: '条码', value: (row) => row.barcode },
  { header: '建议零售价', value: (row) => row.suggestedRetailPrice },
  { header: 'ERP物料编码', value: (row) => row.erpMaterialCode },
  { header: '生命周期', value: (row) => row.lifecycleTag_dictText },
  { header: '状态', value: (row) => row.status_dictText },
];

/** The SKUs of a list query, page by page (the export streams them). */
export const SKU_EXPORT = defineListExport('skus', '商品列表', SKU_EXPORT_COLUMNS, (db, caller, query) =>
  listSkus(db, caller.tenantId, query),
);
