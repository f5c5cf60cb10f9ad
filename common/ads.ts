// Ad applications (DOMAIN §1.12 广告审批, spec /eAdAppr), shared by the server and the SPA: ad types, the
// application's states, acceptance results and the cost shares (docs/ads-api.md).

const labels = <T extends string>(entries: Record<T, string>) => entries;

export const AD_TYPE = labels({
  STOREFRONT_SIGN: '门头店招',
  LIGHTBOX: '灯箱',
  WALL: '墙体',
  TABLE_STICKER: '桌贴',
  MENU: '餐牌',
  FREEZER_WRAP: '冰柜贴',
  LED_SCREEN: 'LED屏',
  X_BANNER: '展架',
  UMBRELLA: '遮阳伞',
});
export type AdType = keyof typeof AD_TYPE;

export const AD_STATUS = labels({
  DRAFT: '草稿',
  PENDING_APPROVAL: '审批中',
  APPROVED: '已批准',
  REJECTED: '已驳回',
  IN_PRODUCTION: '制作中',
  INSTALLED: '已安装待验收',
  ACCEPTED: '已验收',
  ACCEPT_FAILED: '验收不合格',
  SETTLED: '已结算',
  CANCELLED: '已撤销',
});
export type AdStatus = keyof typeof AD_STATUS;

export const ACCEPTANCE_RESULT = labels({ PASS: '合格', FAIL: '不合格' });
export type AcceptanceResult = keyof typeof ACCEPTANCE_RESULT;

/** Who pays which share of an ad, in percent; the three add up to 100. */
export interface CostSharing {
  brand: number;
  dealer: number;
  outlet: number;
}
export const COST_SHARE_LABEL: Record<keyof CostSharing, string> = {
  brand: '品牌方',
  dealer: '经销商',
  outlet: '门店',
};

/** The attachment business type of an application's photos and design file. */
export const AD_PHOTO_BIZ = 'AD';
/** Attachment kinds: the site before, the design file, the finished ad. */
export const AD_KIND = { BEFORE: 'AD_BEFORE', DESIGN: 'AD_DESIGN', AFTER: 'AD_AFTER' } as const;

/** The amount at and above which an ad needs the marketing department's approval as well. */
export const AD_MARKETING_THRESHOLD = 5000;
