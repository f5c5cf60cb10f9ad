// The codes and Chinese labels of the business core's enums (DOMAIN §1.2, §1.3, §1.6): the server validates
// against the codes and adds `<field>_dictText` to list records; the SPA shows the same labels in filters.

const labels = <T extends string>(entries: Record<T, string>) => entries;

export const SKU_STATUS = labels({ DRAFT: '草稿', ON_SALE: '在售', SUSPENDED: '停售', DISCONTINUED: '淘汰' });
export const PACKAGE_TYPE = labels({
  PET: '塑瓶',
  CAN: '罐',
  GLASS: '玻璃瓶',
  TETRA: '利乐包',
  BARREL: '桶',
  GIFT_BOX: '礼盒',
});
export const STORAGE_CONDITION = labels({ AMBIENT: '常温', CHILLED: '冷藏' });
export const LIFECYCLE_TAG = labels({ NEW: '新品', CORE: '主推', REGULAR: '常规', CLEARANCE: '清理' });
export const ENABLED_STATUS = labels({ ACTIVE: '启用', DISABLED: '停用' });

export const PRICE_TYPE = labels({
  FACTORY: '出厂价',
  SUPPLY: '供货价',
  RETAIL: '建议零售价',
  EMPLOYEE: '员工价',
  PROMO: '促销价',
});
/**
 * PENDING and EXPIRED are shown, never stored: a list whose approval runs, an ACTIVE list whose validTo has
 * passed.
 */
export const PRICE_LIST_STATUS = labels({
  DRAFT: '草稿',
  PENDING: '审批中',
  ACTIVE: '生效',
  EXPIRED: '已失效',
  DISABLED: '停用',
});
export const PRICE_UNIT = labels({ CASE: '箱', BASE: '瓶' });
export const PRICE_SCOPE_TYPE = labels({
  ALL: '全部',
  ORG: '组织',
  REGION_CODE: '行政区',
  CHANNEL: '渠道',
  OUTLET_TYPE: '业态',
  LEVEL: '等级',
  LABEL: '标签',
  CUSTOMER: '客户',
});

export const CUSTOMER_TYPE = labels({
  DEALER: '经销商',
  SUB_DISTRIBUTOR: '分销商',
  WHOLESALER: '批发商',
  POSTMAN: '邮差',
  OUTLET: '终端门店',
  CHAIN_HQ: '连锁总部',
});
export const CHANNEL = labels({
  TT: '传统',
  MT: '现代(商超)',
  CATERING: '餐饮',
  SPECIAL: '特通',
  ONLINE_COMMUNITY: '社区团购',
});
export const OUTLET_TYPES = [
  '便利店',
  '食杂店',
  '中小超市',
  '大卖场KA',
  '中餐',
  '火锅烧烤',
  '快餐小吃',
  '批发部',
  '网吧网咖',
  '校园店',
  '加油站',
  '交通枢纽',
  'KTV娱乐',
  '烟酒店',
  '团购自提点',
] as const;
export const CUSTOMER_LEVEL = labels({ A: 'A级', B: 'B级', C: 'C级', D: 'D级' });
export const AUDIT_STATUS = labels({ PENDING: '待审核', APPROVED: '已通过', REJECTED: '已驳回' });
export const VERIFY_STATUS = labels({
  UNVERIFIED: '未核实',
  VERIFIED: '已核实',
  SUSPECT: '疑似异常',
  FAKE: '虚假门店',
});
export const CUSTOMER_STATUS = labels({ ACTIVE: '正常', FROZEN: '冻结', CLOSED: '已关店', DISABLED: '停用' });
export const PARTNER_STAGE = labels({
  POTENTIAL: '潜在',
  NEGOTIATING: '洽谈中',
  SIGNED: '已签约',
  TERMINATED: '已终止',
});
export const CUSTOMER_SOURCE = labels({
  REP_CREATED: '业代新建',
  IMPORTED: '导入',
  MINIPROGRAM: '小程序注册',
  ERP: 'ERP同步',
});
export const TEAM_ROLE = labels({
  OWNER: '主负责',
  ASSIST: '协防',
  SUPERVISOR: '督导',
  DEALER_REP: '经销商业代',
});
export const PHOTO_KIND = labels({
  DOOR: '门头照',
  LICENSE: '执照照',
  DISPLAY: '陈列照',
  FREEZER: '冰柜照',
  OTHER: '其他',
});
export const LABEL_TYPE = labels({ MANUAL: '手工', RULE: '规则' });
export const DELIVERY_MODE = labels({
  DEALER_DELIVERY: '经销商配送',
  BRAND_DIRECT: '厂家直送',
  SELF_PICKUP: '自提',
});
export const VISIT_CYCLE = labels({
  WEEKLY: '一周一访',
  BIWEEKLY: '两周一访',
  TRIWEEKLY: '三周一访',
  FOUR_WEEKLY: '四周一访',
});
export const SETTLEMENT_METHOD = labels({ CASH: '现结', COD: '货到付款', CREDIT: '账期', PREPAID: '预付款' });
export const ERP_TYPE = labels({ KINGDEE_K3CLOUD: '金蝶云星空', CHANJET_TPLUS: '畅捷通T+', NONE: '无' });

export const WAREHOUSE_OWNER_TYPE = labels({
  BRAND: '品牌仓',
  DEALER: '经销商仓',
  VEHICLE: '车仓',
  SERVICE: '备件仓',
  MATERIAL: '物料仓',
});
export const LOT_STATUS = labels({ NORMAL: '正常', FROZEN: '冻结', QUARANTINE: '待检', EXPIRED: '已过期' });
export const MOVEMENT_TYPE = labels({
  PURCHASE_IN: '进货入库',
  SALES_OUT: '销售出库',
  RETURN_IN: '退货入库',
  EXCHANGE_OUT: '换货出库',
  TRANSFER_OUT: '调拨出库',
  TRANSFER_IN: '调拨入库',
  COUNT_GAIN: '盘盈',
  COUNT_LOSS: '盘亏',
  DAMAGE: '报损',
  GIFT_OUT: '赠品出库',
  EXPIRED_DESTROY: '过期销毁',
});
export const FRESHNESS_CLASS = labels({
  FRESH: '新鲜',
  NORMAL: '正常',
  WARNING: '预警',
  NEAR_EXPIRY: '临期',
  EXPIRED: '过期',
});

/** 临期预警: where near-expiry goods were found (DOMAIN §1.6) — a warehouse lot or an outlet's stock check (§1.4). */
export const EXPIRY_SOURCE = labels({ LOT: '仓库批次', OUTLET: '门店检查' });
/** 临期预警's suggested action (server/modules/stock/expiryAction.ts decides it). */
export const EXPIRY_ACTION = labels({
  PROMOTE: '促销',
  TRANSFER: '调拨',
  EXCHANGE: '换货',
  RETURN: '退货',
  DESTROY: '报损',
});

/** The codes of a label map, for JSON schemas and whitelists. */
export const codesOf = <T extends string>(entries: Record<T, string>) => Object.keys(entries) as T[];

/**
 * What a customer label's rule may look at (the server compiles it; the SPA's rule editor offers it). A region
 * field's value is a GB/T 2260 code of its level (1 province, 2 city, 3 district), picked and shown by name.
 */
export const LABEL_RULE_FIELDS: Record<
  string,
  {
    label: string;
    kind: 'enum' | 'text' | 'integer';
    values?: Record<string, string>;
    regionLevel?: 1 | 2 | 3;
  }
> = {
  customerType: { label: '客户类型', kind: 'enum', values: CUSTOMER_TYPE },
  channel: { label: '渠道', kind: 'enum', values: CHANNEL },
  outletType: { label: '业态', kind: 'text' },
  level: { label: '等级', kind: 'enum', values: CUSTOMER_LEVEL },
  provinceCode: { label: '省', kind: 'text', regionLevel: 1 },
  cityCode: { label: '市', kind: 'text', regionLevel: 2 },
  districtCode: { label: '区', kind: 'text', regionLevel: 3 },
  freezerCount: { label: '冰柜数', kind: 'integer' },
  auditStatus: { label: '审核状态', kind: 'enum', values: AUDIT_STATUS },
  verifyStatus: { label: '核实状态', kind: 'enum', values: VERIFY_STATUS },
  status: { label: '经营状态', kind: 'enum', values: CUSTOMER_STATUS },
  daysSinceLastOrder: { label: '距最近下单天数', kind: 'integer' },
  daysSinceLastVisit: { label: '距最近拜访天数', kind: 'integer' },
  daysSinceCreated: { label: '建档天数', kind: 'integer' },
};

export const LABEL_RULE_OPERATORS = {
  eq: '等于',
  ne: '不等于',
  in: '属于',
  gt: '大于',
  gte: '大于等于',
  lt: '小于',
  lte: '小于等于',
} as const;

/**
 * A label rule in words: 客户类型 等于 终端门店 且 冰柜数 大于等于 1 (its list and its export); regions by the
 * name `regionName` knows (the code while it knows none).
 */
export function describeLabelRule(
  rule: {
    conditions?: Array<{ field: string; op: string; value: string | number | Array<string | number> }>;
  } | null,
  regionName: (code: string) => string | undefined = () => undefined,
): string {
  if (!rule?.conditions?.length) return '—';
  return rule.conditions
    .map(({ field, op, value }) => {
      const meta = LABEL_RULE_FIELDS[field];
      const show = (one: string | number) =>
        meta?.values?.[String(one)] ?? (meta?.regionLevel && regionName(String(one))) ?? String(one);
      const shown = Array.isArray(value) ? value.map(show).join('、') : show(value);
      return `${meta?.label ?? field} ${LABEL_RULE_OPERATORS[op as keyof typeof LABEL_RULE_OPERATORS] ?? op} ${shown}`;
    })
    .join(' 且 ');
}
