// POSM materials (DOMAIN §1.11: 物料目录, 物料库存, 物料申请), shared by the server and the SPA: categories,
// stock movements and the request's states with their Chinese labels (docs/posm-api.md). The routes live
// under /ePosm: /eMaterial is the product master data.

const labels = <T extends string>(entries: Record<T, string>) => entries;

export const POSM_CATEGORY = labels({
  POSTER: '海报',
  PRICE_TAG: '价签',
  FREEZER_STICKER: '冰柜贴',
  SHELF_STICKER: '货架贴',
  STACK_FENCE: '堆头围挡',
  HANGING_STRIP: '挂条',
  MENU: '餐牌',
  TABLE_STICKER: '桌贴',
  UMBRELLA: '遮阳伞',
  TASTING_CUP: '试饮杯',
  GIFT: '礼品',
  DISPLAY_PART: '陈列架配件',
});
export type PosmCategory = keyof typeof POSM_CATEGORY;

/** IN 入库, OUT 出库 (by hand), ADJUST 盘点调整 (to the counted quantity), ISSUE 申请出库 (a request's pick list). */
export const POSM_MOVE_TYPE = labels({ IN: '入库', OUT: '出库', ADJUST: '调整', ISSUE: '申请出库' });
export type PosmMoveType = keyof typeof POSM_MOVE_TYPE;

export const POSM_PURPOSE = labels({
  NEW_PRODUCT: '新品上市',
  DISPLAY: '陈列活动',
  PROMOTION: '促销活动',
  STORE_OPENING: '新店开业',
  REPLENISH: '日常补充',
});
export type PosmPurpose = keyof typeof POSM_PURPOSE;

export const POSM_TARGET_TYPE = labels({ OUTLET: '门店', DEALER: '经销商', SELF: '业务员自领' });
export type PosmTargetType = keyof typeof POSM_TARGET_TYPE;

export const POSM_REQUEST_STATUS = labels({
  DRAFT: '草稿',
  PENDING_APPROVAL: '审批中',
  APPROVED: '已审批',
  REJECTED: '已驳回',
  ISSUED: '已出库',
  RECEIVED: '已签收',
  VERIFIED: '已核验',
  CLOSED: '已关闭',
  CANCELLED: '已撤销',
});
export type PosmRequestStatus = keyof typeof POSM_REQUEST_STATUS;

/** The attachment business type of a request's photos (the verification photo). */
export const POSM_PHOTO_BIZ = 'POSM_REQUEST';
/** The attachment business type of a material's catalogue photos. */
export const POSM_MATERIAL_PHOTO_BIZ = 'POSM_MATERIAL';

/** The states whose cost counts against the department's budget of the month. */
export const POSM_BUDGET_STATUSES: readonly PosmRequestStatus[] = [
  'APPROVED',
  'ISSUED',
  'RECEIVED',
  'VERIFIED',
  'CLOSED',
];
