// The employee-price programme's back office under /eEmployee (docs/mall-api.md): 内购员工名单, 员工价目表,
// 自提点, 内购订单 and 自提核销.
import type { Page } from '../../common/contract';
import { downloadFile, getAction, postAction } from './http';
import type { ListParams } from './systemTypes';

export interface EmployeeBuyer {
  id: string;
  employeeNo: string;
  name: string;
  mobile: string;
  companyName: string | null;
  monthlyQuotaAmount: string;
  monthlyQuotaCases: number | null;
  usedAmount: string;
  usedCases: number;
  status: string;
  status_dictText: string;
  verifiedAt: string | null;
}

export interface EmployeePriceItem {
  id: string;
  skuId: string;
  skuCode: string;
  skuName: string;
  spec: string | null;
  saleUnit: string;
  unit: string;
  price: string;
  priceListId: string;
  priceListName: string;
  perMonthLimitQty: number | null;
}

export interface PickupPoint {
  id: string;
  name: string;
  address: string;
  openHours: string | null;
  contact: string | null;
  status: 'ACTIVE' | 'DISABLED';
  status_dictText: string;
  updateTime: string;
}

export type PickupPointInput = Pick<PickupPoint, 'name' | 'address' | 'openHours' | 'contact'> & {
  id?: string;
  status?: PickupPoint['status'];
};

export interface EmployeeOrderLine {
  skuId: string;
  skuName: string;
  saleUnit: string;
  cases: number;
  casePrice: string;
  amount: string;
}

export interface EmployeeOrder {
  id: string;
  orderNo: string;
  status: string;
  status_dictText: string;
  paymentMethod: string;
  paymentMethod_dictText: string;
  payableAmount: string;
  totalCases: number;
  pickupPointName: string;
  employeeNo: string;
  employeeName: string;
  employeeMobile: string;
  orderedAt: string;
  paidAt: string | null;
  pickedUpAt: string | null;
  /** 内购订单 list: the failed refund's status (退款异常 / 退款关闭) of an order back to 已付款. */
  refundFailure?: string | null;
  /** 自提核销's records: who handed the order over. */
  pickedUpByName?: string | null;
  lines?: EmployeeOrderLine[];
}

export const listEmployeeBuyers = (params: ListParams) =>
  getAction<Page<EmployeeBuyer>>('/eEmployee/buyer/list', params);
export const exportEmployeeBuyers = (params: ListParams) =>
  downloadFile('/eEmployee/buyer/exportXls', '内购员工名单.xlsx', params);
export const saveEmployeeBuyer = (body: Record<string, unknown>) => postAction('/eEmployee/buyer/save', body);
export const listEmployeePrices = (params: ListParams) =>
  getAction<Page<EmployeePriceItem>>('/eEmployee/price/list', params);
export const exportEmployeePrices = (params: ListParams) =>
  downloadFile('/eEmployee/price/exportXls', '员工价目表.xlsx', params);
export const employeePriceLists = () =>
  getAction<Array<{ id: string; code: string; name: string }>>('/eEmployee/price/priceLists');
export const saveSkuLimit = (skuId: string, perMonthLimitQty: number | null) =>
  postAction('/eEmployee/price/limit', { skuId, perMonthLimitQty });
export const listPickupPoints = (params: ListParams) =>
  getAction<Page<PickupPoint>>('/eEmployee/pickupPoint/list', params);
export const exportPickupPoints = (params: ListParams) =>
  downloadFile('/eEmployee/pickupPoint/exportXls', '自提点.xlsx', params);
/** The pickup points a filter offers, those matching what was typed. */
export const pickupPointOptions = (keyword?: string) => listPickupPoints({ pageSize: 100, keyword });
export const savePickupPoint = (input: PickupPointInput) =>
  postAction<{ id: string }>('/eEmployee/pickupPoint/save', input);
export const listEmployeeOrders = (params: ListParams) =>
  getAction<Page<EmployeeOrder>>('/eEmployee/order/list', params);
export const exportEmployeeOrders = (params: ListParams) =>
  downloadFile('/eEmployee/order/exportXls', '内购订单.xlsx', params);
export const employeeOrderStep = (step: 'ready' | 'complete', id: string) =>
  postAction<{ status: string }>(`/eEmployee/order/${step}`, { id });
export const refundEmployeeOrder = (id: string, reason: string) =>
  postAction<{ status: string }>('/eEmployee/order/refund', { id, reason });
export const listPickups = (params: ListParams) =>
  getAction<Page<EmployeeOrder>>('/eEmployee/pickup/list', params);
export const exportPickups = (params: ListParams) =>
  downloadFile('/eEmployee/pickup/exportXls', '自提核销记录.xlsx', params);
export const lookupPickupCode = (code: string) =>
  getAction<EmployeeOrder>('/eEmployee/pickup/lookup', { code });
export const confirmPickup = (code: string) =>
  postAction<{ orderNo: string; status: string }>('/eEmployee/pickup/confirm', { code });
