// 导出 of the lists of 备件与服务商 (备件目录, 备件库存, 领用/退库, 备件申请, 服务商, 故障代码): what their filters
// select, for what the caller may see (a provider's people their own provider's rows), with the lists' columns.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { RawQuery } from '../../http/listQuery';
import type { Caller } from '../shared/actor';
import { defineListExport, type ListRecord } from '../shared/excel';
import { regionNames } from '../shared/regions';
import { listMovements, listParts, listStock } from './parts';
import { listFaultCodes, listProviders, viewerOf, type RepairViewer } from './providers';
import { listPartRequests } from './requests';

/** A list read for a repair viewer, read for the caller the export runs for. */
export const forViewer =
  <T>(
    list: (db: Kysely<DB>, viewer: RepairViewer, query: RawQuery) => Promise<{ records: T[]; total: number }>,
  ) =>
  async (db: Kysely<DB>, caller: Caller, query: RawQuery) =>
    list(db, await viewerOf(db, caller), query);

export const PART_EXPORT = defineListExport<ListRecord<typeof listParts>>(
  'spareParts',
  '备件目录',
  [
    { header: '备件编码', width: 16, value: (row) => row.partCode },
    { header: '名称', width: 24, value: (row) => row.name },
    { header: '类别', value: (row) => row.category_dictText },
    { header: '规格', value: (row) => row.spec },
    { header: '适用型号', width: 24, value: (row) => row.applicableModels },
    { header: '标准价', value: (row) => Number(row.standardPrice) },
    { header: '安全库存', value: (row) => row.safetyStock },
    { header: '总库存', value: (row) => row.stockQty },
    { header: '序列号管理', value: (row) => (row.serialTracked ? '是' : '否') },
    { header: '状态', value: (row) => row.status_dictText },
  ],
  listParts,
);

export const STOCK_EXPORT = defineListExport<ListRecord<typeof listStock>>(
  'spareStock',
  '备件库存',
  [
    { header: '仓库', width: 20, value: (row) => row.warehouseName },
    { header: '类型', value: (row) => row.warehouseType_dictText },
    { header: '备件编码', width: 16, value: (row) => row.partCode },
    { header: '名称', width: 24, value: (row) => row.partName },
    { header: '类别', value: (row) => row.category_dictText },
    { header: '在库', value: (row) => row.qtyOnHand },
    { header: '安全库存', value: (row) => row.safetyStock },
    { header: '低于安全库存', value: (row) => (row.belowSafety ? '是' : '否') },
    { header: '库存金额', value: (row) => Number(row.stockValue) },
    { header: '更新时间', width: 20, value: (row) => row.updateTime },
  ],
  forViewer(listStock),
);

export const MOVEMENT_EXPORT = defineListExport<ListRecord<typeof listMovements>>(
  'spareMovements',
  '备件领用退库',
  [
    { header: '时间', width: 20, value: (row) => row.occurredAt },
    { header: '类型', value: (row) => row.moveType_dictText },
    { header: '仓库', width: 20, value: (row) => row.warehouseName },
    { header: '备件编码', width: 16, value: (row) => row.partCode },
    { header: '备件', width: 24, value: (row) => row.partName },
    { header: '数量', value: (row) => row.qty },
    { header: '结存', value: (row) => row.balance },
    { header: '序列号', width: 24, value: (row) => row.serialNos.join('、') },
    { header: '工单/申请', width: 18, value: (row) => row.orderNo ?? row.requestNo },
    { header: '备注', width: 24, value: (row) => row.remark },
    { header: '操作人', value: (row) => row.operatorName ?? '系统' },
  ],
  forViewer(listMovements),
);

export const REQUEST_EXPORT = defineListExport<ListRecord<typeof listPartRequests>>(
  'sparePartRequests',
  '备件申请',
  [
    { header: '申请单号', width: 18, value: (row) => row.requestNo },
    { header: '服务商', width: 20, value: (row) => row.providerName },
    { header: '收货仓库', width: 20, value: (row) => row.warehouseName },
    { header: '申请人', value: (row) => row.requesterName },
    { header: '明细', width: 36, value: (row) => row.summary },
    { header: '金额', value: (row) => Number(row.totalAmount) },
    { header: '状态', value: (row) => row.status_dictText },
    { header: '申请时间', width: 20, value: (row) => row.createTime },
  ],
  forViewer(listPartRequests),
);

export const PROVIDER_EXPORT = defineListExport<ListRecord<typeof listProviders>>(
  'serviceProviders',
  '服务商',
  [
    { header: '编码', width: 16, value: (row) => row.code },
    { header: '名称', width: 24, value: (row) => row.name },
    { header: '覆盖区域', width: 30, value: (row) => regionNames(row.coverageAreaCodes) },
    { header: '联系人', value: (row) => row.contactName },
    { header: '联系电话', width: 14, value: (row) => row.contactMobile },
    { header: '时效(小时)', value: (row) => row.slaHours },
    { header: '工程师', value: (row) => row.engineerCount },
    { header: '在办工单', value: (row) => row.openOrders },
    { header: '状态', value: (row) => row.status_dictText },
  ],
  forViewer(listProviders),
);

export const FAULT_CODE_EXPORT = defineListExport<ListRecord<typeof listFaultCodes>>(
  'faultCodes',
  '故障代码',
  [
    { header: '故障代码', width: 16, value: (row) => row.code },
    { header: '故障类型', value: (row) => row.faultCategory_dictText },
    { header: '说明', width: 30, value: (row) => row.description },
    { header: '建议备件', width: 30, value: (row) => row.suggestedParts },
    { header: '状态', value: (row) => row.status_dictText },
  ],
  listFaultCodes,
);
