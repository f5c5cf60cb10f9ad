// Trade assets (DOMAIN §1.10: freezers 冰柜 and display racks 陈列架), shared by the server and the SPA: the
// codes and Chinese labels of models, the ledger's placement and condition states, applications, moves,
// inspections and exception reports (docs/assets-api.md).

const labels = <T extends string>(entries: Record<T, string>) => entries;

export const ASSET_TYPE = labels({ FREEZER: '冰柜', DISPLAY_RACK: '陈列架' });
export type AssetType = keyof typeof ASSET_TYPE;

export const FORM_FACTOR = labels({
  UPRIGHT_1D: '立式单门',
  UPRIGHT_2D: '立式双门',
  CHEST: '卧式',
  AIR_CURTAIN: '风幕柜',
  RACK_4L: '四层陈列架',
});
export type FormFactor = keyof typeof FORM_FACTOR;

/** Where the asset is: in a warehouse, locked by an application, on its way, at an outlet, coming back. */
export const PLACEMENT_STATUS = labels({
  IN_STOCK: '在库',
  LOCKED: '已锁定',
  DELIVERING: '配送中',
  PLACED: '已投放',
  RECALLING: '退还中',
});
export type PlacementStatus = keyof typeof PLACEMENT_STATUS;

export const CONDITION_STATUS = labels({
  NORMAL: '正常',
  ABNORMAL: '异常',
  REPAIRING: '报修中',
  SCRAPPING: '报废审批中',
  SCRAPPED: '已报废',
  LOSING: '遗失待确认',
  LOST: '已遗失',
});
export type ConditionStatus = keyof typeof CONDITION_STATUS;

/** An application moves one asset: placed at an outlet, recalled from it, moved to another, or scrapped. */
export const APPLICATION_TYPE = labels({
  PLACE: '投放申请',
  RECALL: '退还申请',
  TRANSFER: '转移申请',
  SCRAP: '报废申请',
});
export type ApplicationType = keyof typeof APPLICATION_TYPE;

export const APPLICATION_STATUS = labels({
  IN_APPROVAL: '审批中',
  REJECTED: '已驳回',
  PENDING_DEPOSIT: '待付押金',
  WAIT_DELIVERY: '待配送',
  DELIVERING: '配送中',
  WAIT_PICKUP: '待收柜',
  COMPLETED: '已完成',
  CANCELLED: '已作废',
});
export type ApplicationStatus = keyof typeof APPLICATION_STATUS;

export const DEPOSIT_STATUS = labels({
  NOT_REQUIRED: '免押',
  UNPAID: '待支付',
  PAID: '已支付',
  REFUNDED: '已退还',
  KEPT: '不退还',
});
export type DepositStatus = keyof typeof DEPOSIT_STATUS;

export const RECALL_REASON = labels({
  OUTLET_CLOSED: '门店关店',
  LOW_SALES: '销量不达标',
  OUTLET_REQUEST: '门店要求',
  BREACH: '违约(纯净度/断电)',
  EXPIRED: '协议到期',
});
export type RecallReason = keyof typeof RECALL_REASON;

/** Every move and state change of an asset, as its log shows it. */
export const MOVE_TYPE = labels({
  INBOUND: '入库',
  APPLY: '发起申请',
  APPROVED: '审批通过',
  LOCK_RELEASED: '解除锁定',
  DEPOSIT: '收取押金',
  DELIVER: '出库配送',
  PLACE: '投放签收',
  RECALL: '退还收柜',
  TRANSFER: '门店间转移',
  INSPECT: '巡检',
  EXCEPTION: '异常报备',
  LOST: '确认遗失',
  RESTORE: '恢复正常',
  SCRAP: '报废',
  SCRAP_REJECTED: '报废驳回',
  // A repair order of the asset (DOMAIN §1.15): opened (REPAIRING), and closed or cancelled.
  REPAIR: '报修',
  REPAIRED: '维修完成',
  // 0033: the deposit's refund, the agreement signed, the rep accountable changed.
  DEPOSIT_REFUND: '退还押金',
  AGREEMENT: '签订协议',
  HANDOVER: '责任人交接',
});
export type MoveType = keyof typeof MOVE_TYPE;

export const CLEANLINESS = labels({ GOOD: '整洁', FAIR: '一般', POOR: '脏乱' });
export type Cleanliness = keyof typeof CLEANLINESS;

export const EXCEPTION_TYPE = labels({
  LOST: '遗失',
  DAMAGED: '损坏',
  MOVED: '私自移位',
  MISUSED: '挪作他用',
});
export type ExceptionType = keyof typeof EXCEPTION_TYPE;

/** What a smart freezer's controller reports through the IoT webhook (docs/assets-api.md, IoT alarms). */
export const ALARM_TYPE = labels({ TEMPERATURE: '温度异常', POWER_OFF: '断电' });
export type AlarmType = keyof typeof ALARM_TYPE;

/** The attachments of the asset screens: the business type their photos are filed under. */
export const ASSET_PHOTO_BIZ = 'ASSET';
export const ASSET_PHOTO_KIND = labels({
  FREEZER_EXTERIOR: '外观照',
  FREEZER_DISPLAY: '陈列照',
  ASSET_TAG: '资产标签照',
  HANDOVER: '交接照',
  EXCEPTION: '异常照',
});

/** Outlet levels that may receive an asset (the placement rule). */
export const PLACEABLE_LEVELS = ['A', 'B', 'C'] as const;
/** Days a deposit may stay unpaid before the outlet may not apply again. */
export const DEPOSIT_OVERDUE_DAYS = 15;

// ---- 0033: deposits, asset agreements, handovers between reps, reports ----

/** How an outlet paid its deposit (an offline payment record: the method and its reference). */
export const DEPOSIT_METHOD = labels({
  CASH: '现金',
  BANK_TRANSFER: '银行转账',
  WECHAT: '微信支付',
  ALIPAY: '支付宝',
  POS: '刷卡',
});
export type DepositMethod = keyof typeof DEPOSIT_METHOD;

/** A deposit record: received, waived (with a reason), then refunded or kept when the asset comes back. */
export const DEPOSIT_RECORD_STATUS = labels({
  RECEIVED: '已收取',
  WAIVED: '已免除',
  REFUNDED: '已退还',
  KEPT: '不退还',
});
export type DepositRecordStatus = keyof typeof DEPOSIT_RECORD_STATUS;

/** 投放协议: made with the placement from a 冰柜投放协议 template, signed at deployment, ended at recall. */
export const ASSET_AGREEMENT_STATUS = labels({
  PENDING_SIGN: '待签署',
  SIGNED: '已签署',
  TERMINATED: '已终止',
  VOID: '已作废',
});
export type AssetAgreementStatus = keyof typeof ASSET_AGREEMENT_STATUS;

/** 资产交接: the rep accountable for an asset hands it to another, who accepts or refuses. */
export const HANDOVER_STATUS = labels({ HANDING: '交接中', DONE: '已交接', REJECTED: '已驳回' });
export type HandoverStatus = keyof typeof HANDOVER_STATUS;

/** The agreement's term when the placement does not say (months). */
export const DEFAULT_AGREEMENT_MONTHS = 12;
/** An asset in stock this many days is idle (the idle list). */
export const IDLE_DAYS = 90;
