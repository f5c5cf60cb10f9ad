// Cold-drink equipment repair (DOMAIN §1.15: MES 维修工单, 备件), shared by the server and the SPA: the repair
// order's states and codes, spare parts, their stock movements and requests, with their Chinese labels
// (docs/repairs-api.md). The routes live under /mes.

const labels = <T extends string>(entries: Record<T, string>) => entries;

export const REPAIR_STATUS = labels({
  REPORTED: '报修中',
  PENDING_DISPATCH: '待派工',
  DISPATCHED: '已派工',
  ACCEPTED: '已接受',
  CONTACTED: '已联系用户',
  ENGINEER_ASSIGNED: '已指派工程师',
  ON_SITE: '已到场',
  FEEDBACK: '已反馈',
  COMPLETED: '已结单',
  AUTO_APPROVED: '已自动审核',
  REVISITED: '回访通过',
  REOPENED: '返修',
  CLOSED: '已关闭',
  CANCELLED: '已取消',
});
export type RepairStatus = keyof typeof REPAIR_STATUS;

/** The states of an order still open (the asset is 报修中, a second order of the asset is a duplicate). */
export const OPEN_REPAIR_STATUSES: readonly RepairStatus[] = [
  'REPORTED',
  'PENDING_DISPATCH',
  'DISPATCHED',
  'ACCEPTED',
  'CONTACTED',
  'ENGINEER_ASSIGNED',
  'ON_SITE',
  'FEEDBACK',
  'COMPLETED',
  'AUTO_APPROVED',
  'REVISITED',
  'REOPENED',
];

export const REPAIR_SOURCE = labels({
  INSPECTION: '巡检报修',
  ALARM: 'IoT报警',
  OUTLET_REPORT: '门店报修',
  HOTLINE: '热线',
  PREVENTIVE: '预防性保养',
});
export type RepairSource = keyof typeof REPAIR_SOURCE;

export const FAULT_CATEGORY = labels({
  NO_COOLING: '不制冷',
  WEAK_COOLING: '制冷差',
  NO_POWER: '不通电',
  LEAKING: '漏水',
  NOISE: '噪音大',
  LIGHT: '灯不亮',
  DOOR_SEAL: '门封条坏',
  THERMOSTAT: '温控器',
  COMPRESSOR: '压缩机',
  OTHER: '其他',
});
export type FaultCategory = keyof typeof FAULT_CATEGORY;

export const REPAIR_PRIORITY = labels({ NORMAL: '普通', URGENT: '紧急' });
export type RepairPriority = keyof typeof REPAIR_PRIORITY;

export const WARRANTY_STATUS = labels({ IN_WARRANTY: '保内', OUT_OF_WARRANTY: '保外' });
export type WarrantyStatus = keyof typeof WARRANTY_STATUS;

export const SERVICE_TYPE = labels({ ON_SITE: '上门维修', RETURN_TO_FACTORY: '返厂', SWAP: '换机' });
export type ServiceType = keyof typeof SERVICE_TYPE;

export const COST_BEARER = labels({
  MANUFACTURER: '厂家保修',
  BRAND: '品牌方',
  DEALER: '经销商',
  OUTLET: '门店',
});
export type CostBearer = keyof typeof COST_BEARER;

export const REVISIT_RESULT = labels({ PASSED: '回访通过', FAILED: '回访不满意' });
export type RevisitResult = keyof typeof REVISIT_RESULT;

export const PART_CATEGORY = labels({
  COMPRESSOR: '压缩机',
  THERMOSTAT: '温控器',
  FAN: '风机',
  DOOR_SEAL: '门封条',
  LIGHT: '灯管·LED',
  GLASS_DOOR: '玻璃门',
  CONDENSER: '冷凝器',
  POWER_BOARD: '电源板',
  CASTER: '脚轮',
  SHELF: '层架',
});
export type PartCategory = keyof typeof PART_CATEGORY;

export const PART_MOVE_TYPE = labels({
  PURCHASE_IN: '采购入库',
  ISSUE: '领用',
  CONSUME: '维修消耗',
  RETURN: '退库',
  OLD_PART_BACK: '旧件返还',
  TRANSFER: '调拨',
  SCRAP: '报废',
});
export type PartMoveType = keyof typeof PART_MOVE_TYPE;

/** The moves an operator makes by hand on 领用/退库 (consumption comes from a repair's feedback). */
export const MANUAL_PART_MOVES = ['PURCHASE_IN', 'ISSUE', 'RETURN', 'TRANSFER', 'SCRAP'] as const;
/** The moves that take stock from one warehouse to another. */
export const TWO_WAREHOUSE_MOVES: readonly PartMoveType[] = ['ISSUE', 'RETURN', 'TRANSFER'];

export const SPARE_WAREHOUSE_TYPE = labels({ CENTRAL: '中心库', PROVIDER: '服务商库', ENGINEER: '工程师库' });
export type SpareWarehouseType = keyof typeof SPARE_WAREHOUSE_TYPE;

export const PART_REQUEST_STATUS = labels({
  PENDING_APPROVAL: '审批中',
  APPROVED: '已批准',
  REJECTED: '已驳回',
  ISSUED: '已发货',
  RECEIVED: '已签收',
});
export type PartRequestStatus = keyof typeof PART_REQUEST_STATUS;

/** The attachments of the repair screens: the business type their photos are filed under. */
export const REPAIR_PHOTO_BIZ = 'REPAIR';

/** SLA hours when the provider gives none: urban and rural (DOMAIN §1.15 e.g. 48 h urban, 72 h rural). */
export const DEFAULT_SLA_HOURS = 48;
/** Hours after feedback (with signature and photos) when the system approves an order nobody reviewed. */
export const AUTO_APPROVE_HOURS = 48;
