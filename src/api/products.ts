// Products and prices of the business core (docs/business-api.md "Products and prices").
import type { Page } from '../../common/contract';
import {
  downloadFile,
  getAction,
  httpAction,
  postAction,
  putAction,
  uploadAction,
  type UploadProgress,
} from './http';
import type { ImportAnswer } from '../../common/excelImport';
import type { ListParams } from './systemTypes';

export interface Brand {
  id: string;
  code: string;
  name: string;
  status: string;
  status_dictText?: string;
  logoUrl?: string | null;
  sort?: number;
  createTime?: string;
}

export interface Category extends Brand {
  parentId: string | null;
  parentName?: string | null;
  level: number;
}

export type BrandPayload = Pick<Brand, 'code' | 'name'> &
  Partial<Pick<Brand, 'logoUrl' | 'sort' | 'status'>> & { id?: string; parentId?: string | null };

export interface Sku {
  id: string;
  skuCode: string;
  barcode: string | null;
  caseBarcode: string | null;
  name: string;
  shortName: string | null;
  brandId: string;
  brandName: string;
  categoryId: string;
  categoryName: string;
  spec: string | null;
  packageType: string;
  packageType_dictText: string;
  baseUnit: string;
  saleUnit: string;
  unitsPerCase: number;
  shelfLifeDays: number;
  storageCondition: string;
  taxRate: number | string;
  suggestedRetailPrice: number | string | null;
  lifecycleTag: string;
  /** Uploaded image URLs (/sys/file/view/…), the first one the main picture. */
  imageUrls: string[];
  status: string;
  status_dictText: string;
  version: number;
  createTime: string;
}

export type SkuPayload = Pick<
  Sku,
  | 'skuCode'
  | 'name'
  | 'brandId'
  | 'categoryId'
  | 'packageType'
  | 'baseUnit'
  | 'saleUnit'
  | 'unitsPerCase'
  | 'shelfLifeDays'
> &
  Partial<Pick<Sku, 'barcode' | 'spec' | 'storageCondition' | 'imageUrls'>> & {
    suggestedRetailPrice?: number | null;
    id?: string;
    version?: number;
  };

export const listBrands = (params: ListParams) => getAction<Page<Brand>>('/eMaterial/brand/list', params);
export const exportBrands = (params: ListParams) =>
  downloadFile('/eMaterial/brand/exportXls', '品牌.xlsx', params);
export const exportCategories = (params: ListParams) =>
  downloadFile('/eMaterial/category/exportXls', '品类.xlsx', params);
export const exportPriceLists = (params: ListParams) =>
  downloadFile('/eMaterial/priceList/exportXls', '价目表.xlsx', params);
export const listCategories = (params: ListParams) =>
  getAction<Page<Category>>('/eMaterial/category/list', params);

export const saveBrand = (body: BrandPayload) =>
  httpAction<{ id: string }>(
    body.id ? '/eMaterial/brand/edit' : '/eMaterial/brand/add',
    body,
    body.id ? 'put' : 'post',
  );
export const saveCategory = (body: BrandPayload) =>
  httpAction<{ id: string }>(
    body.id ? '/eMaterial/category/edit' : '/eMaterial/category/add',
    body,
    body.id ? 'put' : 'post',
  );

export const listSkus = (params: ListParams) => getAction<Page<Sku>>('/eMaterial/sku/list', params);
export const addSku = (body: SkuPayload) => postAction<{ id: string }>('/eMaterial/sku/add', body);
export const editSku = (body: SkuPayload) => putAction<{ id: string }>('/eMaterial/sku/edit', body);
export const changeSkuStatus = (id: string, status: string) =>
  putAction<null>('/eMaterial/sku/changeStatus', { id, status });
export const importSkus = (file: File, onProgress?: UploadProgress) => {
  const form = new FormData();
  form.append('file', file);
  return uploadAction<ImportAnswer>('/eMaterial/sku/importExcel', form, onProgress);
};
export const downloadSkuTemplate = () => downloadFile('/eMaterial/sku/importTemplate', '商品导入模板.xlsx');
export const exportSkus = (params: ListParams) =>
  downloadFile('/eMaterial/sku/exportXls', '商品.xlsx', params);

export interface PriceItem {
  skuId: string;
  skuCode?: string;
  skuName?: string;
  unit: 'CASE' | 'BASE';
  price: number | string;
  minQty?: number | null;
  maxQty?: number | null;
  floorPrice?: number | string | null;
  ceilingPrice?: number | string | null;
}

export interface PriceScope {
  scopeType: string;
  scopeValue: string;
  /** The name of what the value picks (customer, label, department), in a loaded list. */
  scopeValueText?: string | null;
}

export interface PriceList {
  id: string;
  code: string;
  name: string;
  priceType: string;
  priceType_dictText: string;
  validFrom: string;
  validTo: string | null;
  priority: number;
  status: string;
  displayStatus: string;
  itemCount: number;
  remark: string | null;
  version: number;
}

export interface PriceListDetail extends PriceList {
  items: PriceItem[];
  scopes: PriceScope[];
}

export interface PriceListPayload {
  id?: string;
  version?: number;
  code: string;
  name: string;
  priceType: string;
  validFrom: string;
  validTo?: string | null;
  priority?: number;
  remark?: string | null;
  items: PriceItem[];
  scopes: PriceScope[];
}

export const listPriceLists = (params: ListParams) =>
  getAction<Page<PriceList>>('/eMaterial/priceList/list', params);
export const priceListById = (id: string) =>
  getAction<PriceListDetail>('/eMaterial/priceList/queryById', { id });
export const addPriceList = (body: PriceListPayload) =>
  postAction<{ id: string }>('/eMaterial/priceList/add', body);
export const editPriceList = (body: PriceListPayload) =>
  putAction<{ id: string }>('/eMaterial/priceList/edit', body);
/** 停用 (启用 is submitted to the 审批中心). */
export const disablePriceList = (id: string) =>
  putAction<null>('/eMaterial/priceList/changeStatus', { id, status: 'DISABLED' });
/** 提交审批: the PRICE_LIST approval; the list goes live when approved. */
export const submitPriceList = (id: string) =>
  postAction<{ status: 'PENDING' }>('/eMaterial/priceList/submit', { id });
export const copyPriceList = (body: {
  id: string;
  code: string;
  name?: string;
  validFrom: string;
  validTo?: string;
}) => postAction<{ id: string }>('/eMaterial/priceList/copy', body);
