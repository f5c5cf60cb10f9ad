// 导出 of the price lists and the brand and category lists: what their filters select, with the lists' columns.
import { defineListExport, type ListRecord } from '../shared/excel';
import { listPriceLists } from './priceLists';
import { listBrands, listCategories } from './service';

export const PRICE_LIST_EXPORT = defineListExport<ListRecord<typeof listPriceLists>>(
  'priceLists',
  '价目表',
  [
    { header: '编码', width: 16, value: (row) => row.code },
    { header: '名称', width: 28, value: (row) => row.name },
    { header: '价格类型', value: (row) => row.priceType_dictText },
    {
      header: '有效期',
      width: 26,
      value: (row) => `${row.validFrom.slice(0, 10)} ~ ${row.validTo ? row.validTo.slice(0, 10) : '长期'}`,
    },
    { header: '优先级', value: (row) => row.priority },
    { header: '商品数', value: (row) => row.itemCount },
    { header: '状态', value: (row) => row.status_dictText },
  ],
  (db, caller, query) => listPriceLists(db, caller.tenantId, query),
);

export const BRAND_EXPORT = defineListExport<ListRecord<typeof listBrands>>(
  'brands',
  '品牌',
  [
    { header: '品牌编码', width: 16, value: (row) => row.code },
    { header: '品牌名称', width: 24, value: (row) => row.name },
    { header: '排序', value: (row) => row.sort },
    { header: '状态', value: (row) => row.status_dictText },
  ],
  (db, caller, query) => listBrands(db, caller.tenantId, query),
);

export const CATEGORY_EXPORT = defineListExport<ListRecord<typeof listCategories>>(
  'categories',
  '品类',
  [
    { header: '品类编码', width: 16, value: (row) => row.code },
    { header: '品类名称', width: 24, value: (row) => row.name },
    { header: '上级品类', width: 24, value: (row) => row.parentName ?? '—' },
    { header: '排序', value: (row) => row.sort },
    { header: '状态', value: (row) => row.status_dictText },
  ],
  (db, caller, query) => listCategories(db, caller.tenantId, query),
);
