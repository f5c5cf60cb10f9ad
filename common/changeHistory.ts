// The change history contract (DOMAIN §1.17 OperationLog before/after, docs/attachments-api.md "变更记录"):
// what GET /sys/changeHistory/list answers and the names the 变更记录 tab shows for the logged fields.

export interface FieldChange {
  /** The column, e.g. credit_limit. */
  field: string;
  before: unknown;
  after: unknown;
}

export interface ChangeRecord {
  id: string;
  /** 2 新增, 3 编辑 (API.md §6.7 operate types). */
  operateType: number | null;
  content: string;
  username: string | null;
  /** yyyy-MM-dd HH:mm:ss */
  createdAt: string;
  changes: FieldChange[];
}

/** The business types with a history, each read with the permission that lists them. */
export const HISTORY_BIZ_TYPES = [
  'CUSTOMER',
  'CUSTOMER_LABEL',
  'SKU',
  'BRAND',
  'PRODUCT_CATEGORY',
  'PRICE_LIST',
  'WAREHOUSE',
  'STOCK_LOT',
  'ORDER',
  'ASSET_MODEL',
  'DISPLAY_POLICY',
  'DISPLAY_AGREEMENT',
] as const;
export type HistoryBizType = (typeof HISTORY_BIZ_TYPES)[number];

/** Chinese names of the logged fields; a field not named here shows as its column. */
export const FIELD_LABELS: Record<string, string> = {
  name: '名称',
  short_name: '简称',
  code: '编码',
  customer_code: '客户编码',
  customer_type: '客户类型',
  channel: '渠道',
  outlet_type: '业态',
  level: '等级',
  serving_dealer_id: '供货经销商',
  province_code: '省',
  city_code: '市',
  district_code: '区县',
  address: '地址',
  lng: '经度',
  lat: '纬度',
  contact_name: '联系人',
  contact_mobile: '联系电话',
  boss_name: '老板',
  boss_mobile: '老板电话',
  business_license_no: '营业执照号',
  owner_user_id: '负责业务员',
  org_code: '所属部门',
  visit_cycle: '拜访周期',
  settlement_method: '结算方式',
  credit_limit: '信用额度',
  credit_days: '账期天数',
  audit_status: '审核状态',
  audit_remark: '审核意见',
  verify_status: '核实状态',
  verify_remark: '核实说明',
  status: '状态',
  partner_stage: '合作阶段',
  sku_code: '商品编码',
  barcode: '条码',
  brand_id: '品牌',
  category_id: '品类',
  spec: '规格',
  units_per_case: '箱规',
  shelf_life_days: '保质期(天)',
  suggested_retail_price: '建议零售价',
  min_order_qty: '起订量',
  lifecycle_tag: '生命周期',
  image_urls: '图片',
  erp_material_code: 'ERP物料编码',
  price_type: '价格类型',
  valid_from: '生效时间',
  valid_to: '失效时间',
  priority: '优先级',
  remark: '备注',
  qty_on_hand: '账面数量',
  qty_locked: '锁定数量',
  lot_status: '批次状态',
  batch_no: '批号',
  reject_reason: '驳回原因',
  invalid_reason: '作废原因',
  warehouse_id: '发货仓',
  audited_at: '审核时间',
  audited_by: '审核人',
  credit_check_result: '信用检查',
  payable_amount: '应付金额',
  goods_amount: '商品金额',
  color: '颜色',
  label_group: '标签分组',
  model_code: '型号编码',
  asset_type: '资产类型',
  form_factor: '形态',
  volume_l: '容积(L)',
  power_w: '功率(W)',
  temp_range: '温区',
  manufacturer: '生产厂家',
  unit_value: '资产价值',
  deposit_amount: '押金标准',
  warranty_months: '保修期(月)',
};
