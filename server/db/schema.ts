// The database as Kysely sees it: one interface per table, added to by each issue's migrations.
import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type {
  BuyerKind,
  EmployeeBuyerStatus,
  EmployeeOrderStatus,
  EmployeePaymentMethod,
} from '../../common/mall';
import type {
  ApplicationStatus,
  ApplicationType,
  AssetType,
  Cleanliness,
  ConditionStatus,
  DepositStatus,
  ExceptionType,
  AlarmType,
  FormFactor,
  MoveType,
  PlacementStatus,
  // 0033
  AssetAgreementStatus,
  DepositMethod,
  DepositRecordStatus,
  HandoverStatus,
} from '../../common/assets';
import type { AcceptanceResult, AdStatus, AdType, CostSharing } from '../../common/ads';
import type {
  CostBearer as RepairCostBearer,
  FaultCategory,
  PartCategory,
  PartMoveType,
  PartRequestStatus,
  RepairPriority,
  RepairSource,
  RepairStatus,
  RevisitResult,
  ServiceType,
  SpareWarehouseType,
  WarrantyStatus,
} from '../../common/repairs';
import type {
  PosmCategory,
  PosmMoveType,
  PosmPurpose,
  PosmRequestStatus,
  PosmTargetType,
} from '../../common/posm';
import type {
  AgreementType,
  CoopEvent,
  CoopStatus,
  CooperationType,
  SignMode,
  TemplateStatus,
  TemplateVariable,
  VariableValues,
} from '../../common/agreements';
import type {
  AgreementStatus,
  DisplayCostType,
  DisplayFeeType,
  DisplayType,
  InspectionFrequency,
  InspectionResult,
  InspectorRole,
  DisplayPaymentStatus,
  PaymentCycle,
  PolicyStatus,
  ReviewStatus,
  TerminationReason,
} from '../../common/displays';
import type {
  ApplyLevel,
  Audience,
  BudgetType,
  BundleItem,
  CostBearer,
  CustomerScope,
  GroupExclusivity,
  GroupSelection,
  ProductScope,
  PromoStatus,
  PromoType,
  PromotionTier,
  TimeWindow,
  UsageStatus,
} from '../../common/promotions';
import type {
  AbnormalFlag,
  AbnormalReview,
  CheckInRuleValues,
  PlanItemStatus,
  PlanStatus,
  PlanType,
  StepType,
  VisitStatus,
  VisitStepDefinition,
  VisitType,
} from '../../common/visits';
import type {
  AnnouncementCategory,
  AnnouncementPriority,
  AnnouncementSendStatus,
  AnnouncementTarget,
} from '../../common/announcements';
import type {
  ApprovalAction,
  ApprovalBizType,
  ApprovalNode,
  ApprovalStatus,
  ApprovalSummary,
  FlowConditions,
  FlowStatus,
  TaskResult,
} from '../../common/approvals';
import type {
  CreditCheckResult,
  OrderErpSyncStatus,
  ExchangeReason,
  ExchangeStatus,
  OrderLogAction,
  OrderStatus,
  OrderType,
  PaymentChannel,
  PaymentMethod,
  PaymentStatus,
  ReceiverSnapshot,
  RefundMethod,
  ReturnCondition,
  ReturnReason,
  ReturnStatus,
  SellerType,
  ShipmentStatus,
  SignDiffReason,
  SignRecord,
  SignType,
  SkuSnapshot,
  SourceChannel,
} from '../../common/orders';
import type {
  KpiChangeStatus,
  KpiIndicatorCode,
  KpiPeriodType,
  KpiSubjectType,
  KpiTargetStatus,
} from '../../common/kpi';
import type { SmsPurpose } from '../integrations/sms/gateway';
import type {
  MiniAuthStatus,
  MiniMessageEvent,
  MiniProgramKind,
  MiniVersionStatus,
} from '../../common/wxplatform';
import type {
  PayBizType,
  PaymentSource,
  PayTradeType,
  PayTransactionStatus,
  RefundCause,
  RefundRoute,
  RefundStatus,
  WxAccountKind,
  WxMode,
} from '../../common/payments';
import type {
  AiDetectType,
  CoinRule,
  InputType,
  ItemCategory,
  ItemInput,
  ItemRequirement,
  ReviewStatus as ExecutionReviewStatus,
  ScoringRule,
  TemplateStatus as ExecutionTemplateStatus,
} from '../../common/execution';
import type {
  FundAccountType,
  FundEntryType,
  FundSourceType,
  RebateBasis,
  RebateCalcStatus,
  RebateCustomerScope,
  RebatePeriodType,
  RebatePolicyStatus,
  RebateSourceDoc,
  RebateTarget,
  RebateTier,
} from '../../common/rebates';

/** Set by the database on insert, never written by the application. */
type CreatedAt = ColumnType<Date, never, never>;

/** A tenant is a brand owner; `tenant_id` is its company code (cpycod) and leads every business key. */
export interface TenantsTable {
  tenant_id: string;
  name: string;
  status: Generated<TenantStatus>;
  created_at: CreatedAt;
}

/** 1 active, 0 frozen (the reference contract's sys_tenant status). */
export type TenantStatus = 0 | 1;

/** Per-deployment values generated once, such as the key and iv of /sys/getEncryptedString. */
export interface DeploymentSettingsTable {
  key: string;
  value: string;
  updated_at: Generated<Date>;
}

/** Written by the database on insert; the application may set it on update. */
type UpdatedAt = ColumnType<Date, never, Date>;

/** '1' enabled / active, '0' disabled / inactive (text, as the reference contract sends it). */
export type ActiveFlag = '0' | '1';

/** 0 in use, 1 logically deleted. */
export type DelFlag = 0 | 1;

/** A department: a tree per tenant, each node with a hierarchical code (A01, A01A01 ...). */
export interface DepartsTable {
  id: string;
  tenant_id: string;
  parent_id: string | null;
  depart_name: string;
  org_code: string;
  /** The depth as text: roots "1", their children "2" ... */
  org_type: string;
  depart_order: Generated<number>;
  status: Generated<ActiveFlag>;
  depart_name_en: Generated<string | null>;
  depart_name_abbr: Generated<string | null>;
  description: Generated<string | null>;
  /** '1' company, '2' org unit, '3' position. */
  org_category: Generated<'1' | '2' | '3'>;
  mobile: Generated<string | null>;
  fax: Generated<string | null>;
  address: Generated<string | null>;
  memo: Generated<string | null>;
  created_by: Generated<string | null>;
  updated_by: Generated<string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** 1 normal, 2 frozen. */
export type UserStatus = 1 | 2;

/** 1 male, 2 female. */
export type Sex = 1 | 2;

export interface UsersTable {
  id: string;
  tenant_id: string;
  /** Unique across all tenants: the login names no tenant. */
  username: string;
  realname: string;
  avatar: string | null;
  email: string | null;
  phone: string | null;
  sex: Sex | null;
  status: Generated<UserStatus>;
  del_flag: Generated<DelFlag>;
  /** The department of the current login (selectDepart). */
  org_code: string | null;
  /** Production-system users: MES_ZG may sign in, MES_WXG is refused by the SPA. */
  role_enum: string | null;
  /** argon2id, PHC string. Never leaves the server. */
  password_hash: string;
  /** Consecutive failed logins; reset by a successful one. */
  failed_logins: Generated<number>;
  locked_until: Date | null;
  /** 'YYYY-MM-DD'. */
  birthday: ColumnType<string | null, string | null | undefined, string | null>;
  work_no: Generated<string | null>;
  post: Generated<string | null>;
  telephone: Generated<string | null>;
  /** 1 normal user, 2 department head. */
  user_identity: Generated<1 | 2>;
  /** The DEALER customer the account belongs to (0034): its data scope is then that dealer. */
  dealer_id: Generated<string | null>;
  created_by: Generated<string | null>;
  updated_by: Generated<string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UserDepartsTable {
  tenant_id: string;
  user_id: string;
  depart_id: string;
}

export interface RolesTable {
  id: string;
  tenant_id: string;
  role_code: string;
  role_name: string;
  /** 9: a role attached to departments (spec §6). */
  role_level: Generated<number>;
  description: string | null;
  /** A role the brand grants to dealer accounts (0034): the only roles that count for a dealer's user. */
  for_dealers: Generated<boolean>;
  created_by: Generated<string | null>;
  updated_by: Generated<string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UserRolesTable {
  tenant_id: string;
  user_id: string;
  role_id: string;
}

/** 0 top-level menu, 1 sub-menu, 2 button. */
export type MenuType = 0 | 1 | 2;

/** '1' show/hide control, '2' enable/disable control. */
export type PermsType = '1' | '2';

/** A menu or a button-level permission (API.md §6.3). */
export interface PermissionsTable {
  id: string;
  tenant_id: string;
  parent_id: string | null;
  name: string;
  url: string | null;
  component: string | null;
  component_name: string | null;
  redirect: string | null;
  menu_type: MenuType;
  /** Buttons: the permission code(s), comma-separated. */
  perms: string | null;
  perms_type: Generated<PermsType>;
  sort_no: Generated<number>;
  always_show: Generated<boolean>;
  icon: string | null;
  is_route: Generated<boolean>;
  is_leaf: Generated<boolean>;
  keep_alive: Generated<boolean>;
  hidden: Generated<boolean>;
  internal_or_external: Generated<boolean>;
  /** Buttons only: '1' the rule is active. */
  status: Generated<ActiveFlag>;
  del_flag: Generated<DelFlag>;
  description: Generated<string | null>;
  created_by: Generated<string | null>;
  updated_by: Generated<string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface RolePermissionsTable {
  tenant_id: string;
  role_id: string;
  permission_id: string;
}

/** A signed-in session; the token itself is never stored, only its sha256. */
export interface SessionsTable {
  token_hash: string;
  user_id: string;
  tenant_id: string;
  created_at: CreatedAt;
  expires_at: Date;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
  last_seen_at: Generated<Date>;
}

/** A graphic code waiting for its single use. */
export interface CaptchasTable {
  /** sha256 (hex) of the client's checkKey. */
  key_hash: string;
  /** Lower case: the comparison ignores case. */
  code: string;
  expires_at: Date;
}

/** An SMS code sent; the rows also count sends for the throttles. */
export interface SmsCodesTable {
  id: Generated<string>;
  mobile: string;
  purpose: SmsPurpose;
  code_hash: string;
  ip: string;
  created_at: CreatedAt;
  expires_at: Date;
  consumed_at: Date | null;
}

/** A single-use key to set a new password, earned by verifying the account's phone; only its sha256 is kept. */
export interface PasswordResetKeysTable {
  key_hash: string;
  user_id: string;
  created_at: CreatedAt;
  expires_at: Date;
}

/** Messages of the local SMS simulator (development). */
export interface SmsOutboxTable {
  id: Generated<string>;
  mobile: string;
  content: string;
  created_at: CreatedAt;
}

/** 1 login and logout, 2 operation. */
export type LogType = 1 | 2;

/** The login log now, the operation log later (API.md §6.7). */
export interface SysLogTable {
  id: Generated<string>;
  /** Null for a failed login under a user name of no tenant. */
  tenant_id: string | null;
  log_type: LogType;
  operate_type: number | null;
  log_content: string;
  user_id: string | null;
  username: string | null;
  ip: string | null;
  method: string | null;
  request_url: string | null;
  request_param: string | null;
  cost_time: number | null;
  /** The business object an operation-log row is about (DOMAIN §1.17 OperationLog), and what it changed. */
  biz_type: Generated<string | null>;
  biz_id: Generated<string | null>;
  before_data: JSONColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  after_data: JSONColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

/** 0 platform → ERP (push), 1 ERP → platform (pull). */
export type ErpSyncDirection = 0 | 1;

export type ErpSyncBizType = 'SALES_ORDER' | 'OUTSTOCK' | 'RETURN' | 'CUSTOMER' | 'RECEIPT' | 'REFUND';

export type ErpSyncOperation = 'SAVE' | 'SUBMIT' | 'AUDIT' | 'UNAUDIT' | 'DELETE';

export type ErpSyncStatus = 'PENDING' | 'RUNNING' | 'SUCCESS' | 'FAILED' | 'IGNORED' | 'MANUAL_DONE';

export type ErpSyncErrorCategory =
  'AUTH' | 'MAPPING' | 'MASTER_DATA' | 'PRICE' | 'STOCK' | 'NETWORK' | 'DUPLICATE' | 'BUSINESS';

/** One document pushed to or pulled from an ERP, with its retries (DOMAIN §1.5 ErpSyncTask). */
export interface ErpSyncTasksTable {
  tenant_id: string;
  id: Generated<string>;
  task_no: string;
  connection_id: string | null;
  direction: ErpSyncDirection;
  biz_type: ErpSyncBizType;
  biz_id: string;
  biz_no: string;
  erp_form_id: string;
  operation: ErpSyncOperation;
  /** bizNo + operation: unique per tenant and connection, the ERP's idempotency key. */
  external_code: string;
  status: Generated<ErpSyncStatus>;
  attempt_count: Generated<number>;
  max_attempts: Generated<number>;
  next_retry_at: Date | null;
  error_category: ErpSyncErrorCategory | null;
  last_error_message: string | null;
  erp_bill_id: string | null;
  erp_bill_no: string | null;
  request_payload: JSONColumnType<object | null, string | null, string | null>;
  response_payload: JSONColumnType<object | null, string | null, string | null>;
  triggered_by: Generated<'AUTO' | 'MANUAL'>;
  succeeded_at: Date | null;
  /** The database's now() unless given: the failure list orders by it, and tests place tasks in time. */
  created_at: Generated<Date>;
  updated_at: UpdatedAt;
  /** The ERP-neutral business document captured at enqueue (migration 0010). */
  document: JSONColumnType<ErpSyncDocument, string | undefined, string>;
  /** The remark of an ignore or a manual completion. */
  remark: string | null;
  handled_by: string | null;
}

export type ErpSystemType = 'KINGDEE_K3CLOUD' | 'CHANJET_TPLUS';

export type ErpConnectionStatus = 'ACTIVE' | 'DISABLED' | 'AUTH_FAILED';

/** A tenant's ERP (DOMAIN §1.5 ErpConnection); app_secret is never answered to a client. */
export interface ErpConnectionsTable {
  id: string;
  tenant_id: string;
  name: string;
  system_type: ErpSystemType;
  owner_type: Generated<'BRAND' | 'DEALER'>;
  owner_id: string | null;
  base_url: string;
  acct_id: string;
  app_id: string;
  app_secret: string;
  user_name: string;
  sale_org_code: string | null;
  default_bill_type: string | null;
  default_warehouse_code: string | null;
  timeout_ms: Generated<number>;
  network_retries: Generated<number>;
  status: Generated<ErpConnectionStatus>;
  last_test_at: Date | null;
  last_test_result: string | null;
  created_by: string | null;
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type ErpMappingEntityType =
  'CUSTOMER' | 'SKU' | 'WAREHOUSE' | 'EMPLOYEE' | 'DEPARTMENT' | 'UNIT' | 'SETTLE_TYPE';

export type ErpMappingStatus = 'OK' | 'MISSING' | 'INVALID';

/** One local master-data row and its code in one ERP (DOMAIN §1.5 ErpMapping). */
export interface ErpMappingsTable {
  id: string;
  tenant_id: string;
  connection_id: string;
  entity_type: ErpMappingEntityType;
  local_id: string;
  local_code: string;
  local_name: string | null;
  erp_code: string | null;
  erp_name: string | null;
  verified_at: Date | null;
  status: Generated<ErpMappingStatus>;
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** One run of a sync task against its ERP (DOMAIN §1.5 ErpSyncAttempt). */
export interface ErpSyncAttemptsTable {
  tenant_id: string;
  id: Generated<string>;
  task_id: string;
  attempt_no: number;
  triggered_by: 'AUTO' | 'MANUAL';
  started_at: Generated<Date>;
  duration_ms: number;
  http_status: number | null;
  success: boolean;
  msg_code: string | null;
  error_category: ErpSyncErrorCategory | null;
  error_message: string | null;
  errors_json: JSONColumnType<object | null, string | null, string | null>;
  request_payload: JSONColumnType<object | null, string | null, string | null>;
  response_payload: JSONColumnType<object | null, string | null, string | null>;
}

/** A local master-data row as a business document names it: our id and code (the ERP code comes from ErpMapping). */
export interface ErpDocumentRef {
  id: string;
  code: string;
  name?: string;
}

export interface ErpDocumentLine {
  lineNo: number;
  material: ErpDocumentRef;
  unit: string;
  qty: number;
  /** Tax-inclusive unit price. */
  price: number;
  taxRate: number;
  /** Tax-inclusive amount of the line. */
  amount: number;
  isGift?: boolean;
  batchNo?: string;
  /** Tax-inclusive unit price before the promotions (sales orders; absent on gift lines). */
  listPrice?: number;
  /** The promotions' discount on the line, order-level ones allocated to it (DOMAIN §1.5 discountAmount). */
  discountAmount?: number;
  /** The order's 返利抵扣 allocated to the line by its amount; `amount` is before it. */
  rebateAmount?: number;
  /** The order's 金币抵扣 allocated the same way; `amount` is before it too. */
  coinAmount?: number;
}

/**
 * The ERP-neutral business document of a sync task: what the ERP clients turn into a K3Cloud bill or a
 * T+ DTO. Archive tasks (bizType CUSTOMER) carry the customer and no lines; receipts and refunds (RECEIPT,
 * REFUND) the customer, the settle type and the amount, and no lines.
 */
export interface ErpSyncDocument {
  /** Business date, yyyy-MM-dd. */
  date: string;
  customer?: ErpDocumentRef;
  warehouse?: ErpDocumentRef;
  salesman?: ErpDocumentRef;
  department?: ErpDocumentRef;
  memo?: string;
  /** The source document when this one derives from another (an outbound, a receipt from its order). */
  sourceBizNo?: string;
  /** Receipts and refunds (migration 0053): how the money moved (id and code: the 收款方式 code). */
  settleType?: ErpDocumentRef;
  /** Receipts and refunds: the amount received or refunded, yuan, positive. */
  amount?: number;
  lines: ErpDocumentLine[];
}

/** A WeCom corp that installed our suite, tied to one tenant (migration 0007). */
export interface WecomCorpsTable {
  corp_id: string;
  tenant_id: string;
  corp_name: string;
  agent_id: string;
  permanent_code: string;
  installed_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** A WeCom member bound to one of our accounts. */
export interface WecomUsersTable {
  corp_id: string;
  wecom_user_id: string;
  tenant_id: string;
  user_id: string;
  created_at: CreatedAt;
}

/** A CAS service ticket already used to sign in (only its sha256). */
export interface CasTicketsTable {
  ticket_hash: string;
  used_at: CreatedAt;
}

// ---- Business core I (migration 0008) ----

/** ACTIVE / DISABLED master data. */
export type EnabledStatus = 'ACTIVE' | 'DISABLED';

/** numeric columns: text on the wire (exact decimals), numbers or text when written. */
type Decimal = ColumnType<string, string | number, string | number>;
type NullableDecimal = ColumnType<string | null, string | number | null, string | number | null>;
/** date columns: always read through to_char (see db/dates.ts isoDate), written as 'YYYY-MM-DD'. */
type DateColumn = ColumnType<string, string, string>;
type NullableDateColumn = ColumnType<string | null, string | null, string | null>;

/** id, tenant and audit columns of every business table (DOMAIN §0). */
interface BusinessColumns {
  id: string;
  tenant_id: string;
  created_by: string | null;
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface BrandsTable extends BusinessColumns {
  code: string;
  name: string;
  logo_url: string | null;
  sort: Generated<number>;
  status: Generated<EnabledStatus>;
}

export interface ProductCategoriesTable extends BusinessColumns {
  code: string;
  name: string;
  parent_id: string | null;
  level: Generated<number>;
  sort: Generated<number>;
  status: Generated<EnabledStatus>;
}

export type PackageType = 'PET' | 'CAN' | 'GLASS' | 'TETRA' | 'BARREL' | 'GIFT_BOX';
export type StorageCondition = 'AMBIENT' | 'CHILLED';
export type LifecycleTag = 'NEW' | 'CORE' | 'REGULAR' | 'CLEARANCE';
export type SkuStatus = 'DRAFT' | 'ON_SALE' | 'SUSPENDED' | 'DISCONTINUED';

export interface SkusTable extends BusinessColumns {
  sku_code: string;
  barcode: string | null;
  case_barcode: string | null;
  name: string;
  short_name: string | null;
  brand_id: string;
  category_id: string;
  series: string | null;
  spec: string | null;
  volume_ml: number | null;
  package_type: PackageType;
  flavor: string | null;
  base_unit: string;
  sale_unit: string;
  units_per_case: number;
  shelf_life_days: number;
  storage_condition: Generated<StorageCondition>;
  tax_rate: Decimal;
  suggested_retail_price: NullableDecimal;
  min_order_qty: Generated<number>;
  order_multiple: Generated<number>;
  lifecycle_tag: Generated<LifecycleTag>;
  launch_date: NullableDateColumn;
  discontinue_date: NullableDateColumn;
  mall_visible: Generated<boolean>;
  employee_mall_visible: Generated<boolean>;
  image_urls: JSONColumnType<string[], string, string>;
  erp_material_code: string | null;
  status: Generated<SkuStatus>;
  version: Generated<number>;
}

export type PriceType = 'FACTORY' | 'SUPPLY' | 'RETAIL' | 'EMPLOYEE' | 'PROMO';
export type PriceListStatus = 'DRAFT' | 'ACTIVE' | 'DISABLED';
export type PriceUnit = 'CASE' | 'BASE';
export type PriceScopeType =
  'ALL' | 'ORG' | 'REGION_CODE' | 'CHANNEL' | 'OUTLET_TYPE' | 'LEVEL' | 'LABEL' | 'CUSTOMER';

export interface PriceListsTable extends BusinessColumns {
  code: string;
  name: string;
  price_type: PriceType;
  owner_type: Generated<'BRAND' | 'DEALER'>;
  owner_id: string | null;
  tax_included: Generated<boolean>;
  valid_from: Date;
  valid_to: Date | null;
  priority: Generated<number>;
  status: Generated<PriceListStatus>;
  remark: string | null;
  version: Generated<number>;
}

export interface PriceListItemsTable {
  id: string;
  tenant_id: string;
  price_list_id: string;
  sku_id: string;
  unit: PriceUnit;
  price: Decimal;
  min_qty: Generated<number>;
  max_qty: number | null;
  floor_price: NullableDecimal;
  ceiling_price: NullableDecimal;
  remark: string | null;
}

export interface PriceListScopesTable {
  id: string;
  tenant_id: string;
  price_list_id: string;
  scope_type: PriceScopeType;
  scope_value: Generated<string>;
}

export type CustomerType = 'DEALER' | 'SUB_DISTRIBUTOR' | 'WHOLESALER' | 'POSTMAN' | 'OUTLET' | 'CHAIN_HQ';
export type CustomerChannel = 'TT' | 'MT' | 'CATERING' | 'SPECIAL' | 'ONLINE_COMMUNITY';
export type CustomerLevel = 'A' | 'B' | 'C' | 'D';
export type AuditStatus = 'PENDING' | 'APPROVED' | 'REJECTED';
export type VerifyStatus = 'UNVERIFIED' | 'VERIFIED' | 'SUSPECT' | 'FAKE';
export type CustomerStatus = 'ACTIVE' | 'FROZEN' | 'CLOSED' | 'DISABLED';
export type PartnerStage = 'POTENTIAL' | 'NEGOTIATING' | 'SIGNED' | 'TERMINATED';
export type CustomerSource = 'REP_CREATED' | 'IMPORTED' | 'MINIPROGRAM' | 'ERP';

export interface CustomersTable extends BusinessColumns {
  customer_code: string;
  name: string;
  short_name: string | null;
  mnemonic: string | null;
  customer_type: CustomerType;
  channel: Generated<CustomerChannel>;
  outlet_type: string | null;
  level: CustomerLevel | null;
  parent_customer_id: string | null;
  serving_dealer_id: string | null;
  province_code: string | null;
  city_code: string | null;
  district_code: string | null;
  address: string | null;
  lng: NullableDecimal;
  lat: NullableDecimal;
  poi_id: string | null;
  poi_name: string | null;
  poi_lng: NullableDecimal;
  poi_lat: NullableDecimal;
  contact_name: string | null;
  contact_mobile: string | null;
  boss_name: string | null;
  boss_mobile: string | null;
  business_license_no: string | null;
  area_sqm: NullableDecimal;
  delivery_mode: 'DEALER_DELIVERY' | 'BRAND_DIRECT' | 'SELF_PICKUP' | null;
  owner_user_id: string | null;
  org_code: string;
  visit_cycle: 'WEEKLY' | 'BIWEEKLY' | 'TRIWEEKLY' | 'FOUR_WEEKLY' | null;
  settlement_method: 'CASH' | 'COD' | 'CREDIT' | 'PREPAID' | null;
  credit_limit: NullableDecimal;
  credit_days: number | null;
  source: Generated<CustomerSource>;
  audit_status: Generated<AuditStatus>;
  audit_remark: string | null;
  verify_status: Generated<VerifyStatus>;
  verify_remark: string | null;
  status: Generated<CustomerStatus>;
  partner_stage: PartnerStage | null;
  erp_type: 'KINGDEE_K3CLOUD' | 'CHANJET_TPLUS' | 'NONE' | null;
  erp_customer_code: string | null;
  last_visit_at: Date | null;
  last_order_at: Date | null;
  freezer_count: Generated<number>;
  version: Generated<number>;
}

export type PhotoKind = 'DOOR' | 'LICENSE' | 'DISPLAY' | 'FREEZER' | 'OTHER';

export interface CustomerPhotosTable {
  id: string;
  tenant_id: string;
  customer_id: string;
  kind: PhotoKind;
  url: string;
  title: string | null;
  captured_at: Generated<Date>;
  sort: Generated<number>;
}

export type LabelType = 'MANUAL' | 'RULE';
export type LabelSource = 'MANUAL' | 'RULE' | 'IMPORT';

export interface CustomerLabelsTable extends BusinessColumns {
  code: string;
  name: string;
  label_group: Generated<string>;
  color: Generated<string>;
  label_type: LabelType;
  rule: JSONColumnType<object | null, string | null, string | null>;
  refreshed_at: Date | null;
  status: Generated<EnabledStatus>;
}

export interface CustomerLabelLinksTable {
  tenant_id: string;
  customer_id: string;
  label_id: string;
  source: LabelSource;
  tagged_by: string | null;
  tagged_at: Generated<Date>;
}

export type TeamRole = 'OWNER' | 'ASSIST' | 'SUPERVISOR' | 'DEALER_REP';

export interface CustomerTeamMembersTable {
  id: string;
  tenant_id: string;
  customer_id: string;
  user_id: string;
  role: TeamRole;
  from_date: ColumnType<string, string | undefined, string>;
  to_date: NullableDateColumn;
}

export type WarehouseOwnerType = 'BRAND' | 'DEALER' | 'VEHICLE' | 'SERVICE' | 'MATERIAL';

export interface WarehousesTable extends BusinessColumns {
  code: string;
  name: string;
  owner_type: WarehouseOwnerType;
  owner_id: string | null;
  storage_type: Generated<StorageCondition>;
  address: string | null;
  org_code: string;
  erp_warehouse_code: string | null;
  status: Generated<EnabledStatus>;
}

export type LotStatus = 'NORMAL' | 'FROZEN' | 'QUARANTINE' | 'EXPIRED';

export interface StockLotsTable extends BusinessColumns {
  warehouse_id: string;
  sku_id: string;
  batch_no: string;
  production_date: DateColumn;
  expiry_date: DateColumn;
  first_inbound_date: DateColumn;
  qty_on_hand: Generated<number>;
  qty_locked: Generated<number>;
  unit_cost: Decimal;
  lot_status: Generated<LotStatus>;
  /** The day the expiry job noted the lot inside its near-expiry window (0017). */
  near_expiry_noted_on: NullableDateColumn;
}

export type MovementDirection = 'IN' | 'OUT';
export type MovementType =
  | 'PURCHASE_IN'
  | 'SALES_OUT'
  | 'RETURN_IN'
  | 'EXCHANGE_OUT'
  | 'TRANSFER_OUT'
  | 'TRANSFER_IN'
  | 'COUNT_GAIN'
  | 'COUNT_LOSS'
  | 'DAMAGE'
  | 'GIFT_OUT'
  | 'EXPIRED_DESTROY';

export interface StockMovementsTable {
  id: string;
  tenant_id: string;
  movement_no: string;
  warehouse_id: string;
  sku_id: string;
  lot_id: string;
  batch_no: string;
  production_date: DateColumn;
  direction: MovementDirection;
  movement_type: MovementType;
  base_qty: number;
  unit: 'CASE' | 'BASE' | 'MIXED';
  unit_cost: Decimal;
  balance_after: number;
  source_doc_type: string | null;
  source_doc_no: string | null;
  remark: string | null;
  occurred_at: Generated<Date>;
  operator_id: string | null;
  /** Given by the demo seed for its history; now otherwise. */
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface StockAgeBucketsTable {
  tenant_id: string;
  code: string;
  label: string;
  min_days: number;
  max_days: number | null;
  color: string;
  sort: number;
}

export interface DocumentSequencesTable {
  tenant_id: string;
  prefix: string;
  day: string;
  last_value: number;
}

/** Orders (DOMAIN §1.5): the codes are those of common/orders.ts. */
export interface SalesOrdersTable extends BusinessColumns {
  order_no: string;
  order_type: OrderType;
  source_channel: SourceChannel;
  buyer_id: string;
  org_code: string;
  seller_type: SellerType;
  seller_id: string | null;
  sales_rep_id: string | null;
  visit_id: string | null;
  ordered_at: Generated<Date>;
  requested_delivery_date: NullableDateColumn;
  warehouse_id: string | null;
  receiver_snapshot: JSONColumnType<ReceiverSnapshot, string, string>;
  goods_amount: Decimal;
  promo_discount_amount: Decimal;
  rebate_deduct_amount: Decimal;
  coin_deduct_amount: Decimal;
  coupon_amount: Decimal;
  freight_amount: Decimal;
  payable_amount: Decimal;
  paid_amount: Generated<string>;
  /** The cash part of the returns received (入库) against the order (migration 0058): it no longer owes it. */
  returned_amount: Generated<string>;
  payment_method: PaymentMethod;
  payment_status: Generated<PaymentStatus>;
  credit_check_result: CreditCheckResult | null;
  status: Generated<OrderStatus>;
  reject_reason: string | null;
  invalid_reason: string | null;
  total_base_qty: number;
  total_cases: Decimal;
  total_weight_kg: NullableDecimal;
  buyer_remark: string | null;
  internal_remark: string | null;
  print_count: Generated<number>;
  exe_print_count: Generated<number>;
  erp_sync_status: Generated<OrderErpSyncStatus>;
  audited_at: Date | null;
  audited_by: string | null;
  shipped_at: Date | null;
  signed_at: Date | null;
  completed_at: Date | null;
  version: Generated<number>;
}

export interface SalesOrderLinesTable {
  id: string;
  tenant_id: string;
  order_id: string;
  line_no: number;
  sku_id: string;
  sku_snapshot: JSONColumnType<SkuSnapshot, string, string>;
  unit: 'CASE' | 'BASE' | 'MIXED';
  base_qty: number;
  price_list_id: string | null;
  price_list_name: string | null;
  price_unit: PriceUnit;
  list_price: Decimal;
  deal_price: Decimal;
  floor_price: NullableDecimal;
  list_amount: Decimal;
  discount_amount: Decimal;
  amount: Decimal;
  is_gift: Generated<boolean>;
  promotion_ids: JSONColumnType<string[], string, string>;
  tax_rate: Decimal;
  shipped_base_qty: Generated<number>;
  signed_base_qty: Generated<number>;
  returned_base_qty: Generated<number>;
}

export interface SalesOrderStockLocksTable {
  id: string;
  tenant_id: string;
  order_id: string;
  order_line_id: string;
  lot_id: string;
  base_qty: number;
}

export interface ShipmentsTable extends BusinessColumns {
  shipment_no: string;
  order_id: string;
  warehouse_id: string;
  shipped_at: Generated<Date>;
  shipped_by: string | null;
  driver_name: string | null;
  driver_mobile: string | null;
  vehicle_no: string | null;
  remark: string | null;
  status: Generated<ShipmentStatus>;
}

export interface ShipmentLinesTable {
  id: string;
  tenant_id: string;
  shipment_id: string;
  order_line_id: string;
  sku_id: string;
  lot_id: string;
  batch_no: string;
  production_date: DateColumn;
  base_qty: number;
}

export interface SignRecordsTable {
  id: string;
  tenant_id: string;
  order_id: string;
  sign_type: SignType;
  signed_at: Generated<Date>;
  signed_by: string | null;
  lines: JSONColumnType<SignRecord['lines'], string, string>;
  diff_reason: SignDiffReason | null;
  remark: string | null;
}

export interface ReturnOrdersTable extends BusinessColumns {
  return_no: string;
  original_order_id: string | null;
  customer_id: string;
  org_code: string;
  reason: ReturnReason;
  refund_method: RefundMethod;
  amount: Decimal;
  /** The buyer's 返利抵扣 on the returned goods, back to the rebate account at 入库 (migration 0039). */
  rebate_back_amount: Generated<string>;
  /** The coins of the order's 金币抵扣 the returned goods took, back to the coin account at 入库 (migration 0041). */
  coin_back_coins: Generated<number>;
  /** The ledger entries that gave them back at 入库, set once (migration 0041). */
  rebate_back_entry_id: string | null;
  coin_back_entry_id: string | null;
  status: Generated<ReturnStatus>;
  remark: string | null;
  reject_reason: string | null;
  warehouse_id: string | null;
  approved_by: string | null;
  approved_at: Date | null;
  received_by: string | null;
  received_at: Date | null;
  version: Generated<number>;
}

export interface ReturnOrderLinesTable {
  id: string;
  tenant_id: string;
  return_id: string;
  order_line_id: string | null;
  sku_id: string;
  sku_snapshot: JSONColumnType<SkuSnapshot, string, string>;
  base_qty: number;
  batch_no: string | null;
  production_date: NullableDateColumn;
  unit_price: Decimal;
  amount: Decimal;
  condition: ReturnCondition | null;
}

export interface ExchangeOrdersTable extends BusinessColumns {
  exchange_no: string;
  original_order_id: string;
  customer_id: string;
  org_code: string;
  reason: ExchangeReason;
  price_diff_amount: Decimal;
  /**
   * For cheaper goods: the share of the taken goods' 返利抵扣 (yuan) and 金币抵扣 (coins) not replaced, back to the
   * buyer's accounts when carried out, with the ledger entries that did it, set once (migration 0046).
   */
  rebate_back_amount: Generated<string>;
  coin_back_coins: Generated<number>;
  rebate_back_entry_id: string | null;
  coin_back_entry_id: string | null;
  status: Generated<ExchangeStatus>;
  remark: string | null;
  reject_reason: string | null;
  warehouse_id: string | null;
  version: Generated<number>;
}

export interface ExchangeOrderLinesTable {
  id: string;
  tenant_id: string;
  exchange_id: string;
  kind: 'RETURN' | 'ISSUE';
  order_line_id: string | null;
  sku_id: string;
  sku_snapshot: JSONColumnType<SkuSnapshot, string, string>;
  base_qty: number;
  unit_price: Decimal;
  amount: Decimal;
}

export interface OrderOperationLogsTable {
  id: string;
  tenant_id: string;
  order_id: string;
  action: OrderLogAction;
  from_status: OrderStatus | null;
  to_status: OrderStatus | null;
  operator_id: string | null;
  operator_name: string | null;
  comment: string | null;
  at: Generated<Date>;
}

export interface PaymentsTable {
  id: string;
  tenant_id: string;
  payment_no: string;
  /** 0050: the sales order paid, or (employee_order_id) the employee order; exactly one of the two. */
  order_id: string | null;
  amount: Decimal;
  channel: PaymentChannel;
  paid_at: Generated<Date>;
  reference_no: string | null;
  remark: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  // 0035: online payments come from a WeChat Pay transaction; refunds lower what is left of a payment.
  source: Generated<PaymentSource>;
  pay_transaction_id: string | null;
  refunded_amount: Generated<string>;
  // 0050: an employee order's payment (工资代扣, channel PAYROLL).
  employee_order_id: string | null;
}

/** A dictionary of a tenant: a named list of value/text pairs (API.md §6.5). */
export interface DictsTable {
  id: string;
  tenant_id: string;
  dict_name: string;
  dict_code: string;
  description: string | null;
  /** 0 text values, 1 numeric values. */
  type: Generated<0 | 1>;
  created_by: Generated<string | null>;
  updated_by: Generated<string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DictItemsTable {
  id: string;
  tenant_id: string;
  dict_id: string;
  item_text: string;
  item_value: string;
  description: string | null;
  sort_order: Generated<number>;
  /** 1 enabled, 0 disabled. */
  status: Generated<0 | 1>;
  created_by: Generated<string | null>;
  updated_by: Generated<string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** An announcement (API.md §4.1); `titile` is spelled as the contract spells it. */
export interface SysAnnouncementTable {
  tenant_id: string;
  id: string;
  titile: string;
  /** Sanitised HTML. */
  msg_content: Generated<string>;
  msg_abstract: string | null;
  start_time: Date | null;
  end_time: Date | null;
  priority: AnnouncementPriority;
  msg_category: AnnouncementCategory;
  msg_type: AnnouncementTarget;
  send_status: Generated<AnnouncementSendStatus>;
  sender: string | null;
  send_time: Date | null;
  cancel_time: Date | null;
  bus_type: string | null;
  bus_id: string | null;
  open_type: string | null;
  open_page: string | null;
  del_flag: Generated<DelFlag>;
  create_by: string | null;
  update_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A user's copy of an announcement and whether it was read (API.md §4.2). */
export interface SysAnnouncementSendTable {
  tenant_id: string;
  id: string;
  annt_id: string;
  user_id: string;
  /** 0 unread, 1 read. */
  read_flag: Generated<0 | 1>;
  read_time: Date | null;
  create_by: string | null;
  update_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** An uploaded image and its thumbnail (migration 0009). */
export interface StoredFilesTable {
  id: string;
  tenant_id: string;
  file_name: string;
  content_type: string;
  byte_size: number;
  width: number;
  height: number;
  content: Uint8Array;
  thumbnail: Uint8Array;
  created_by: string | null;
  created_at: CreatedAt;
}

// ---- Approvals (DOMAIN §1.17) ----

export interface ApprovalFlowsTable extends BusinessColumns {
  biz_type: ApprovalBizType;
  name: string;
  priority: Generated<number>;
  conditions: JSONColumnType<FlowConditions, string, string>;
  nodes: JSONColumnType<ApprovalNode[], string, string>;
  low_risk: Generated<boolean>;
  status: Generated<FlowStatus>;
  flow_version: Generated<number>;
}

export interface ApprovalInstancesTable extends BusinessColumns {
  flow_id: string;
  flow_version: number;
  flow_name: string;
  nodes: JSONColumnType<ApprovalNode[], string, string>;
  low_risk: boolean;
  biz_type: ApprovalBizType;
  biz_id: string;
  biz_no: string;
  title: string;
  summary: JSONColumnType<ApprovalSummary, string, string>;
  amount: NullableDecimal;
  quantity: number | null;
  org_code: string | null;
  customer_owner_id: string | null;
  initiator_id: string;
  status: Generated<ApprovalStatus>;
  current_node_seq: Generated<number>;
  started_at: CreatedAt;
  finished_at: Date | null;
  version: Generated<number>;
}

export interface ApprovalTasksTable {
  id: string;
  tenant_id: string;
  instance_id: string;
  node_seq: number;
  approver_id: string;
  result: Generated<TaskResult>;
  comment: string | null;
  due_at: Date | null;
  acted_at: Date | null;
  created_at: CreatedAt;
}

export interface ApprovalLogsTable {
  id: string;
  tenant_id: string;
  instance_id: string;
  node_seq: number;
  action: ApprovalAction;
  actor_id: string | null;
  comment: string | null;
  created_at: CreatedAt;
}

/** A background job's state (server/modules/jobs, docs/jobs-api.md). */
export type JobStatus = 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';

export interface JobsTable {
  id: string;
  tenant_id: string | null;
  user_id: string | null;
  kind: string;
  title: string;
  payload: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  status: Generated<JobStatus>;
  progress_done: Generated<number>;
  progress_total: number | null;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  every_ms: number | null;
  run_at: Generated<Date>;
  locked_by: string | null;
  locked_until: Date | null;
  cancel_requested: Generated<boolean>;
  result: JSONColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  error: string | null;
  file_name: string | null;
  file_size: number | null;
  expires_at: Date | null;
  created_at: CreatedAt;
  started_at: Date | null;
  finished_at: Date | null;
}

export interface JobFileChunksTable {
  job_id: string;
  seq: number;
  content: Uint8Array;
}

/** An import job's uploaded workbook, kept until the job ends (migration 0044). */
export type JobUploadChunksTable = JobFileChunksTable;

/** DOMAIN §1.3 ImportRowError: one error an import found in a row of its file. */
export interface ImportRowErrorsTable {
  job_id: string;
  seq: number;
  row_no: number;
  column_name: string;
  value: string;
  message: string;
}

export type AttachmentSource = 'CAMERA' | 'ALBUM';
export type DuplicateKind = 'EXACT' | 'NEAR';

/** DOMAIN §1.17 Attachment; the bytes and the thumbnail are in the attachment storage under their keys. */
export interface AttachmentsTable {
  id: string;
  tenant_id: string;
  biz_type: string;
  biz_id: string | null;
  kind: string;
  file_name: string;
  content_type: string;
  byte_size: number;
  width: number;
  height: number;
  storage_key: string;
  thumbnail_key: string;
  sha256: string;
  /** 64-bit dHash; pg returns a bigint as a string. */
  phash: ColumnType<string, string, string>;
  captured_at: Date | null;
  lat: number | null;
  lng: number | null;
  accuracy: number | null;
  address: string | null;
  source: AttachmentSource | null;
  watermark_text: string | null;
  device_id: string | null;
  duplicate_of: string | null;
  duplicate_kind: DuplicateKind | null;
  duplicate_distance: number | null;
  /** The uploading device's id of this upload (0038): the same id again answers the first upload. */
  client_id?: ColumnType<string | null, string | null | undefined, never>;
  created_by: string | null;
  updated_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

// ---- Trade assets (0023, DOMAIN §1.10) ----

/** numeric(12, 2) with a default: read as text, written as a number or text. */
type Money = ColumnType<string, string | number | undefined, string | number>;

export interface AssetModelsTable extends BusinessColumns {
  model_code: string;
  name: string;
  asset_type: AssetType;
  form_factor: FormFactor;
  volume_l: number | null;
  power_w: number | null;
  temp_range: string | null;
  manufacturer: string | null;
  unit_value: Money;
  deposit_amount: Money;
  warranty_months: Generated<number>;
  status: Generated<EnabledStatus>;
}

export interface AssetsTable extends BusinessColumns {
  asset_no: string;
  serial_no: string | null;
  model_id: string;
  asset_type: AssetType;
  value: Money;
  org_code: string;
  responsible_user_id: string | null;
  warehouse_id: string | null;
  customer_id: string | null;
  placement_status: Generated<PlacementStatus>;
  condition_status: Generated<ConditionStatus>;
  release_date: NullableDateColumn;
  placed_at: Date | null;
  last_inspection_at: Date | null;
  last_temperature: string | null;
  remark: string | null;
  version: Generated<number>;
}

export interface AssetApplicationsTable extends BusinessColumns {
  apply_no: string;
  apply_type: ApplicationType;
  asset_id: string;
  customer_id: string | null;
  to_customer_id: string | null;
  warehouse_id: string | null;
  org_code: string;
  applicant_id: string;
  status: Generated<ApplicationStatus>;
  free_deposit: Generated<boolean>;
  deposit_amount: Money;
  deposit_status: Generated<DepositStatus>;
  deposit_receipt_no: string | null;
  deposit_paid_at: Date | null;
  /** When an approved placement's deposit falls due (0033). */
  deposit_due_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  reason: string | null;
  refund_deposit: boolean | null;
  previous_condition: ConditionStatus | null;
  remark: string | null;
  result_remark: string | null;
  finished_at: Date | null;
  version: Generated<number>;
}

export interface AssetMovesTable {
  id: string;
  tenant_id: string;
  asset_id: string;
  move_type: MoveType;
  from_text: string | null;
  to_text: string | null;
  application_id: string | null;
  detail: string | null;
  operator_id: string | null;
  /** Given by the demo seed for its history; now otherwise. */
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface AssetInspectionsTable extends BusinessColumns {
  inspection_no: string;
  asset_id: string;
  customer_id: string | null;
  powered_on: boolean;
  temperature: string | null;
  cleanliness: Cleanliness;
  reported_condition: 'NORMAL' | 'ABNORMAL';
  photo_ids: JSONColumnType<string[], string | undefined, string>;
  remark: string | null;
}

export interface AssetExceptionsTable extends BusinessColumns {
  asset_id: string;
  customer_id: string | null;
  report_type: ExceptionType;
  previous_condition: ConditionStatus;
  photo_ids: JSONColumnType<string[], string | undefined, string>;
  remark: string | null;
}

/** One alarm episode of a smart asset's controller, kept once per alarm id (IoT webhook). */
export interface AssetAlarmsTable {
  id: string;
  tenant_id: string;
  alarm_id: string;
  asset_id: string;
  alarm_type: AlarmType;
  temperature: string | null;
  duration_minutes: number | null;
  occurred_at: Date;
  /** The exception report the episode opened, once it broke the rule. */
  exception_id: string | null;
  received_at: CreatedAt;
  updated_at: Date;
}

// ---- Trade assets: deposits, agreements, handovers (0033, DOMAIN §1.10) ----

export interface AssetDepositsTable extends BusinessColumns {
  application_id: string;
  asset_id: string;
  customer_id: string;
  amount: Money;
  method: DepositMethod | null;
  reference_no: string | null;
  receipt_photo_ids: JSONColumnType<string[], string | undefined, string>;
  status: DepositRecordStatus;
  waive_reason: string | null;
  received_by: string | null;
  received_at: Date;
  refund_method: DepositMethod | null;
  refund_reference: string | null;
  refund_remark: string | null;
  refunded_by: string | null;
  refunded_at: Date | null;
  version: Generated<number>;
}

export interface AssetAgreementsTable extends BusinessColumns {
  agreement_no: string;
  application_id: string;
  asset_id: string;
  customer_id: string;
  org_code: string;
  start_date: DateColumn;
  expire_date: DateColumn;
  deposit_amount: Money;
  free_deposit: boolean;
  template_version_id: string;
  variable_values: JSONColumnType<Record<string, unknown>, string, string>;
  signature_photo_id: string | null;
  signed_at: Date | null;
  signed_by: string | null;
  terminated_at: Date | null;
  status: Generated<AssetAgreementStatus>;
  version: Generated<number>;
}

export interface AssetHandoversTable extends BusinessColumns {
  asset_id: string;
  from_user_id: string | null;
  to_user_id: string;
  status: Generated<HandoverStatus>;
  remark: string | null;
  result_remark: string | null;
  handled_by: string | null;
  handled_at: Date | null;
  version: Generated<number>;
}

// ---- Display policies and agreements (0028, DOMAIN §1.8) ----

/** What a policy asks of a display: the SKUs, facings, layers and position (its photo is standard_photo_id). */
export interface DisplayStandard {
  requiredSkuIds?: string[];
  minFacings?: number | null;
  minLayers?: number | null;
  position?: string | null;
}

export interface DisplayPoliciesTable extends BusinessColumns {
  policy_no: string;
  name: string;
  cost_type: DisplayCostType;
  org_code: string;
  start_date: DateColumn;
  end_date: DateColumn;
  display_types: JSONColumnType<DisplayType[], string, string>;
  standard: JSONColumnType<DisplayStandard, string | undefined, string>;
  standard_photo_id: string | null;
  total_budget: Money;
  per_outlet_cap: Money;
  max_outlets: number;
  signed_outlets: Generated<number>;
  signed_amount: Money;
  partial_ratio: Money;
  inspection_frequency: InspectionFrequency;
  payment_modes: JSONColumnType<DisplayFeeType[], string, string>;
  status: Generated<PolicyStatus>;
  remark: string | null;
  version: Generated<number>;
}

export interface DisplayAgreementsTable extends BusinessColumns {
  agreement_no: string;
  policy_id: string;
  customer_id: string;
  dealer_id: string | null;
  employee_id: string;
  org_code: string;
  start_date: DateColumn;
  end_date: DateColumn;
  display_type: DisplayType;
  location_desc: string | null;
  required_sku_ids: JSONColumnType<string[], string | undefined, string>;
  min_facings: Generated<number>;
  min_layers: Generated<number>;
  standard_photo_id: string | null;
  fee_type: DisplayFeeType;
  monthly_fee: Money;
  total_fee: Money;
  payment_cycle: PaymentCycle;
  approved_amount: string | null;
  template_version_id: string | null;
  variable_values: JSONColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  sign_photo_ids: JSONColumnType<string[], string | undefined, string>;
  signed_at: Date | null;
  signed_by: string | null;
  consecutive_fails: Generated<number>;
  budget_consumed: Money;
  status: Generated<AgreementStatus>;
  termination_reason: TerminationReason | null;
  termination_remark: string | null;
  /** The day it was terminated (its payouts are settled up to it). */
  terminated_on: NullableDateColumn;
  remark: string | null;
  version: Generated<number>;
}

export interface DisplayInspectionsTable extends BusinessColumns {
  inspection_no: string;
  agreement_id: string;
  period: string;
  visit_id: string | null;
  inspector_id: string;
  inspector_role: InspectorRole;
  inspected_at: Date;
  lng: number | null;
  lat: number | null;
  distance_m: number | null;
  photo_ids: JSONColumnType<string[], string | undefined, string>;
  facings_counted: number | null;
  skus_present: number | null;
  result: InspectionResult;
  original_result: InspectionResult | null;
  deduction_ratio: string | number;
  review_status: Generated<ReviewStatus>;
  reviewer_id: string | null;
  reviewed_at: Date | null;
  review_remark: string | null;
  remark: string | null;
}

export interface DisplayPaymentsTable extends BusinessColumns {
  agreement_id: string;
  period: string;
  inspection_id: string | null;
  base_amount: Money;
  deduction_amount: Money;
  payable_amount: Money;
  method: DisplayFeeType;
  payee_customer_id: string;
  status: DisplayPaymentStatus;
  batch_no: string | null;
  voucher_no: string | null;
  paid_at: Date | null;
  paid_by: string | null;
  linked_order_id: string | null;
  linked_coin_entry_id: string | null;
  linked_rebate_entry_id: string | null;
}

// ---- Promotions (DOMAIN §1.7) ----

export interface PromotionGroupsTable extends BusinessColumns {
  code: string;
  name: string;
  exclusivity: GroupExclusivity;
  selection: GroupSelection;
  stack_with_other_groups: boolean;
  priority: number;
  status: Generated<'ENABLED' | 'DISABLED'>;
}

export interface PromotionsTable extends BusinessColumns {
  promo_no: string;
  name: string;
  promo_type: PromoType;
  apply_level: ApplyLevel;
  audience: Audience;
  customer_scope: JSONColumnType<CustomerScope, string, string>;
  product_scope: JSONColumnType<ProductScope, string, string>;
  bundle_items: JSONColumnType<BundleItem[], string | undefined, string>;
  start_at: Date;
  end_at: Date;
  time_window: JSONColumnType<TimeWindow | null, string | null, string | null>;
  budget_type: BudgetType;
  budget_total: NullableDecimal;
  budget_used: Generated<string>;
  per_customer_limit: number | null;
  per_order_limit: number | null;
  first_order_only: boolean;
  group_id: string | null;
  priority: number;
  allow_with_rebate: boolean;
  allow_with_coins: boolean;
  cost_bearer: CostBearer;
  cost_ratio: NullableDecimal;
  remark: string | null;
  tiers: JSONColumnType<PromotionTier[], string, string>;
  status: Generated<PromoStatus>;
  org_code: string;
  version: Generated<number>;
}

export interface PromotionUsagesTable {
  id: string;
  tenant_id: string;
  promotion_id: string;
  order_id: string;
  customer_id: string;
  tier_no: number;
  discount_amount: Decimal;
  gift_sku_id: string | null;
  gift_qty: number;
  budget_consumed: Decimal;
  /** How many times the tier's benefit was given (每满, bundle sets, 累计返 crossings). */
  times: Generated<number>;
  status: UsageStatus;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

// ---- Rebates and fund accounts (DOMAIN §1.9) ----

export interface RebatePoliciesTable extends BusinessColumns {
  policy_no: string;
  name: string;
  target_type: RebateTarget;
  basis: RebateBasis;
  period_type: RebatePeriodType;
  start_date: DateColumn;
  end_date: DateColumn;
  grace_days: number;
  customer_scope: JSONColumnType<RebateCustomerScope, string, string>;
  sku_ids: JSONColumnType<string[], string, string>;
  tiers: JSONColumnType<RebateTier[], string, string>;
  cap_amount: NullableDecimal;
  max_deduct_ratio: Decimal;
  remark: string | null;
  status: Generated<RebatePolicyStatus>;
  org_code: string;
  version: Generated<number>;
}

export interface RebateCalculationsTable extends BusinessColumns {
  calc_no: string;
  policy_id: string;
  customer_id: string;
  org_code: string;
  period: string;
  gross_amount: Decimal;
  returns_amount: Decimal;
  net_amount: Decimal;
  gross_cases: Decimal;
  returns_cases: Decimal;
  net_cases: Decimal;
  basis_value: Decimal;
  tier_no: number | null;
  tier_label: string | null;
  rebate_amount: Decimal;
  adjustment_amount: Generated<string>;
  adjustment_reason: string | null;
  requested_adjustment: NullableDecimal;
  requested_reason: string | null;
  final_amount: Decimal;
  source_docs: JSONColumnType<RebateSourceDoc[], string, string>;
  status: Generated<RebateCalcStatus>;
  confirmed_at: Date | null;
  confirmed_by: string | null;
  version: Generated<number>;
}

export interface FundAccountsTable {
  id: string;
  tenant_id: string;
  customer_id: string;
  account_type: FundAccountType;
  balance: Generated<string>;
  frozen: Generated<string>;
  total_in: Generated<string>;
  total_out: Generated<string>;
  last_seq: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface FundLedgerTable {
  id: string;
  tenant_id: string;
  account_id: string;
  customer_id: string;
  account_type: FundAccountType;
  seq: number;
  entry_type: FundEntryType;
  amount: Decimal;
  frozen_change: Decimal;
  balance_after: Decimal;
  frozen_after: Decimal;
  source_type: FundSourceType;
  source_id: string | null;
  source_no: string | null;
  remark: string | null;
  operator_id: string | null;
  /** Coins: when the earned coins expire (migration 0037). */
  expire_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set on insert only by the demo seed, which dates its entries in the past. */
  created_at: ColumnType<Date, Date | undefined, never>;
}

// ---- Visits (DOMAIN §1.4, issue #17) ----

export interface VisitRoutesTable extends BusinessColumns {
  code: string;
  name: string;
  employee_id: string;
  org_code: string;
  weekdays: JSONColumnType<number[], string, string>;
  status: Generated<EnabledStatus>;
  remark: string | null;
}

export interface VisitRouteOutletsTable {
  id: string;
  tenant_id: string;
  route_id: string;
  customer_id: string;
  seq: number;
}

export interface CheckInRulesTable extends BusinessColumns {
  name: string;
  org_code: string;
  channel: string | null;
  outlet_type: string | null;
  check_in_radius_m: number;
  gps_accuracy_max_m: number;
  allow_out_of_range: boolean;
  require_check_out: boolean;
  min_stay_minutes: number;
  max_stay_minutes: number;
  status: Generated<EnabledStatus>;
}

/** 拜访步骤模板 (migration 0049): the steps a visit takes, per scope like 打卡规则. */
export interface VisitStepTemplatesTable extends BusinessColumns {
  name: string;
  org_code: string;
  channel: string | null;
  outlet_type: string | null;
  steps: JSONColumnType<VisitStepDefinition[], string, string>;
  status: Generated<EnabledStatus>;
}

export interface VisitPlansTable extends BusinessColumns {
  plan_no: string;
  employee_id: string;
  org_code: string;
  plan_date: ColumnType<string, string, string>;
  plan_type: PlanType;
  route_id: string | null;
  planned_count: Generated<number>;
  visited_count: Generated<number>;
  status: PlanStatus;
  remark: string | null;
}

export interface VisitPlanItemsTable {
  id: string;
  tenant_id: string;
  plan_id: string;
  customer_id: string;
  seq: number;
  purpose: string | null;
  must_visit: Generated<boolean>;
  status: Generated<PlanItemStatus>;
  visit_record_id: string | null;
  planned_time: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface VisitRecordsTable extends BusinessColumns {
  visit_no: string;
  client_id: string;
  employee_id: string;
  customer_id: string;
  org_code: string;
  plan_item_id: string | null;
  visit_type: VisitType;
  check_in_at: Date;
  device_check_in_at: Date | null;
  check_in_lng: Decimal;
  check_in_lat: Decimal;
  check_in_accuracy_m: number;
  check_in_address: string | null;
  check_in_distance_m: number;
  check_in_in_range: boolean;
  check_in_photo_id: string | null;
  rule_snapshot: JSONColumnType<CheckInRuleValues, string, string>;
  check_out_at: Date | null;
  device_check_out_at: Date | null;
  check_out_lng: NullableDecimal;
  check_out_lat: NullableDecimal;
  check_out_accuracy_m: number | null;
  check_out_distance_m: number | null;
  check_out_photo_id: string | null;
  duration_sec: number | null;
  is_valid: Generated<boolean>;
  abnormal_flags: JSONColumnType<AbnormalFlag[], string, string>;
  abnormal_reason: string | null;
  abnormal_review_status: AbnormalReview | null;
  device_id: string | null;
  app_version: string | null;
  order_amount: ColumnType<string, string | number | undefined, string | number>;
  execution_score: NullableDecimal;
  remark: string | null;
  status: VisitStatus;
}

export interface VisitStepResultsTable {
  id: string;
  tenant_id: string;
  visit_id: string;
  client_id: string;
  step_type: StepType;
  completed_at: Generated<Date>;
  data: JSONColumnType<Record<string, unknown>, string, string>;
  photo_ids: JSONColumnType<string[], string, string>;
}

/** 门店库存 (migration 0049): one SKU counted in a visit's stock check. */
export interface OutletStockChecksTable {
  id: string;
  tenant_id: string;
  visit_id: string;
  step_id: string;
  customer_id: string;
  sku_id: string;
  qty_cases: number;
  qty_units: number;
  base_qty: number;
  oldest_production_date: NullableDateColumn;
  suggested_order_cases: number | null;
  created_at: Generated<Date>;
}

/** 竞品采集 (migration 0049): one competitor product observed in a visit. */
export interface CompetitorObservationsTable {
  id: string;
  tenant_id: string;
  visit_id: string;
  step_id: string;
  customer_id: string;
  seq: number;
  competitor_brand: string;
  sku_name: string;
  retail_price: NullableDecimal;
  facings: number | null;
  has_freezer: boolean | null;
  promo_note: string | null;
  photo_id: string | null;
  created_at: Generated<Date>;
}

// ---- Agreements I (migration 0027) ----

export interface AgreementTemplatesTable extends BusinessColumns {
  code: string;
  name: string;
  agreement_type: AgreementType;
  sign_mode: Generated<SignMode>;
  body_html: Generated<string>;
  variable_schema: JSONColumnType<TemplateVariable[], string, string>;
  status: Generated<TemplateStatus>;
  current_version: Generated<number>;
  published_at: Date | null;
  published_by: string | null;
  org_code: Generated<string>;
  version: Generated<number>;
}

export interface AgreementTemplateVersionsTable {
  id: string;
  tenant_id: string;
  template_id: string;
  version: number;
  body_html: string;
  variable_schema: JSONColumnType<TemplateVariable[], string, string>;
  published_by: string | null;
  published_at: CreatedAt;
}

export interface AgreementSnapshotsTable {
  id: string;
  tenant_id: string;
  agreement_kind: string;
  agreement_id: string;
  file_name: string;
  content: Buffer;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface CoopAgreementsTable extends BusinessColumns {
  agreement_no: string;
  party_b_customer_id: string;
  party_a_org_code: Generated<string>;
  cooperation_type: CooperationType;
  start_date: DateColumn;
  end_date: DateColumn;
  territory: string | null;
  channels: string | null;
  annual_target_cases: NullableDecimal;
  annual_target_amount: NullableDecimal;
  monthly_targets: JSONColumnType<number[], string, string>;
  deposit_amount: NullableDecimal;
  credit_limit: NullableDecimal;
  payment_terms: string | null;
  rebate_policy_ids: JSONColumnType<string[], string, string>;
  exclusivity: Generated<boolean>;
  penalty_terms: string | null;
  template_id: string;
  template_version_id: string;
  variable_values: JSONColumnType<VariableValues, string, string>;
  snapshot_file_id: string | null;
  signed_at: Date | null;
  signature_file_ids: JSONColumnType<string[], string | undefined, string>;
  previous_agreement_id: string | null;
  status: Generated<CoopStatus>;
  termination_reason: string | null;
  org_code: string;
  version: Generated<number>;
}

export interface CoopAgreementEventsTable {
  id: string;
  tenant_id: string;
  agreement_id: string;
  action: CoopEvent;
  from_status: CoopStatus | null;
  to_status: CoopStatus | null;
  note: string | null;
  actor_id: string | null;
  created_at: CreatedAt;
}

/** KPI targets (DOMAIN §1.13): one row per (subject, indicator, period). */
export interface KpiTargetsTable extends BusinessColumns {
  period_type: KpiPeriodType;
  period: string;
  subject_type: KpiSubjectType;
  subject_id: string;
  org_code: string;
  indicator_code: KpiIndicatorCode;
  sku_scope: JSONColumnType<string[] | null, string | null, string | null> | null;
  target_value: Decimal;
  parent_target_id: string | null;
  status: Generated<KpiTargetStatus>;
  assigned_by: string | null;
  version: Generated<number>;
}

/** A change of a locked target, through 审批中心 (KPI_CHANGE). */
export interface KpiTargetChangesTable extends BusinessColumns {
  change_no: string;
  target_id: string;
  org_code: string;
  old_value: Decimal;
  new_value: Decimal;
  reason: string;
  status: Generated<KpiChangeStatus>;
}

/** The latest achievement snapshot of a (period, subject, indicator). */
export interface KpiAchievementsTable {
  tenant_id: string;
  period: string;
  period_type: KpiPeriodType;
  subject_type: KpiSubjectType;
  subject_id: string;
  indicator_code: KpiIndicatorCode;
  snapshot_date: DateColumn;
  subject_name: string;
  org_code: string;
  parent_key: string | null;
  actual_value: NullableDecimal;
  target_value: NullableDecimal;
  achievement_rate: NullableDecimal;
  time_progress_rate: Decimal;
  gap_to_target: NullableDecimal;
  rank_in_parent: number | null;
  rank_total: number | null;
}

/** 销售日汇总: the placed orders' sales by day, scope columns and item (server/modules/kpi/salesSummary.ts). */
export interface SalesDailySummaryTable {
  tenant_id: string;
  kind: 'ORDER' | 'BRAND' | 'CATEGORY' | 'SKU';
  day: DateColumn;
  org_code: string;
  sales_rep_id: string;
  seller_id: string;
  dealer_id: string;
  customer_type: string;
  item_id: string;
  amount: Decimal;
  cases: Decimal;
  orders: number;
}

/** 经销商进销存日报 (DOMAIN §1.14): one row per dealer warehouse, SKU and day. */
export interface DealerInventoryDailyTable {
  tenant_id: string;
  report_date: DateColumn;
  warehouse_id: string;
  sku_id: string;
  dealer_id: string;
  org_code: string;
  opening_qty: number;
  purchase_in_qty: number;
  sales_out_qty: number;
  return_in_qty: number;
  other_in_qty: number;
  other_out_qty: number;
  closing_qty: number;
  closing_amount: Decimal;
  avg_stock_age_days: NullableDecimal;
  near_expiry_qty: number;
  days_of_supply: NullableDecimal;
}

/** 经销商月报 (DOMAIN §1.14): one row per dealer and month. */
export interface DealerMonthlyTable {
  tenant_id: string;
  month: string;
  dealer_id: string;
  org_code: string;
  purchase_cases: Decimal;
  purchase_amount: Decimal;
  sell_out_cases: Decimal;
  sell_out_amount: Decimal;
  active_outlets: number;
  new_outlets: number;
  rebate_accrued: NullableDecimal;
  rebate_used: Decimal;
  display_fees_paid: NullableDecimal;
  freezers_placed: number;
  target_cases: NullableDecimal;
  achievement_rate: NullableDecimal;
  rebuilt_at: Generated<Date>;
}

export interface DB {
  tenants: TenantsTable;
  deployment_settings: DeploymentSettingsTable;
  departs: DepartsTable;
  users: UsersTable;
  user_departs: UserDepartsTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
  permissions: PermissionsTable;
  role_permissions: RolePermissionsTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
  password_reset_keys: PasswordResetKeysTable;
  sys_log: SysLogTable;
  attachments: AttachmentsTable;
  erp_sync_tasks: ErpSyncTasksTable;
  erp_connections: ErpConnectionsTable;
  erp_mappings: ErpMappingsTable;
  erp_sync_attempts: ErpSyncAttemptsTable;
  sys_announcement: SysAnnouncementTable;
  sys_announcement_send: SysAnnouncementSendTable;
  dicts: DictsTable;
  dict_items: DictItemsTable;
  wecom_corps: WecomCorpsTable;
  wecom_users: WecomUsersTable;
  cas_tickets: CasTicketsTable;
  brands: BrandsTable;
  product_categories: ProductCategoriesTable;
  skus: SkusTable;
  price_lists: PriceListsTable;
  price_list_items: PriceListItemsTable;
  price_list_scopes: PriceListScopesTable;
  customers: CustomersTable;
  customer_photos: CustomerPhotosTable;
  customer_labels: CustomerLabelsTable;
  customer_label_links: CustomerLabelLinksTable;
  customer_team_members: CustomerTeamMembersTable;
  warehouses: WarehousesTable;
  stock_lots: StockLotsTable;
  stock_movements: StockMovementsTable;
  stock_age_buckets: StockAgeBucketsTable;
  document_sequences: DocumentSequencesTable;
  sales_orders: SalesOrdersTable;
  sales_order_lines: SalesOrderLinesTable;
  sales_order_stock_locks: SalesOrderStockLocksTable;
  shipments: ShipmentsTable;
  shipment_lines: ShipmentLinesTable;
  sign_records: SignRecordsTable;
  return_orders: ReturnOrdersTable;
  return_order_lines: ReturnOrderLinesTable;
  exchange_orders: ExchangeOrdersTable;
  exchange_order_lines: ExchangeOrderLinesTable;
  order_operation_logs: OrderOperationLogsTable;
  payments: PaymentsTable;
  stored_files: StoredFilesTable;
  approval_flows: ApprovalFlowsTable;
  approval_instances: ApprovalInstancesTable;
  approval_tasks: ApprovalTasksTable;
  approval_logs: ApprovalLogsTable;
  jobs: JobsTable;
  job_file_chunks: JobFileChunksTable;
  job_upload_chunks: JobUploadChunksTable;
  import_row_errors: ImportRowErrorsTable;
  asset_models: AssetModelsTable;
  assets: AssetsTable;
  asset_applications: AssetApplicationsTable;
  asset_moves: AssetMovesTable;
  asset_inspections: AssetInspectionsTable;
  asset_exceptions: AssetExceptionsTable;
  asset_alarms: AssetAlarmsTable;
  asset_deposits: AssetDepositsTable;
  asset_agreements: AssetAgreementsTable;
  asset_handovers: AssetHandoversTable;
  display_policies: DisplayPoliciesTable;
  display_agreements: DisplayAgreementsTable;
  display_inspections: DisplayInspectionsTable;
  display_payments: DisplayPaymentsTable;
  promotion_groups: PromotionGroupsTable;
  promotions: PromotionsTable;
  promotion_usages: PromotionUsagesTable;
  rebate_policies: RebatePoliciesTable;
  rebate_calculations: RebateCalculationsTable;
  fund_accounts: FundAccountsTable;
  fund_ledger: FundLedgerTable;
  visit_routes: VisitRoutesTable;
  visit_route_outlets: VisitRouteOutletsTable;
  check_in_rules: CheckInRulesTable;
  visit_step_templates: VisitStepTemplatesTable;
  visit_plans: VisitPlansTable;
  visit_plan_items: VisitPlanItemsTable;
  visit_records: VisitRecordsTable;
  visit_step_results: VisitStepResultsTable;
  outlet_stock_checks: OutletStockChecksTable;
  competitor_observations: CompetitorObservationsTable;
  agreement_templates: AgreementTemplatesTable;
  agreement_template_versions: AgreementTemplateVersionsTable;
  agreement_snapshots: AgreementSnapshotsTable;
  coop_agreements: CoopAgreementsTable;
  coop_agreement_events: CoopAgreementEventsTable;
  posm_materials: PosmMaterialsTable;
  posm_stocks: PosmStocksTable;
  posm_requests: PosmRequestsTable;
  posm_request_lines: PosmRequestLinesTable;
  posm_movements: PosmMovementsTable;
  ad_price_items: AdPriceItemsTable;
  ad_applications: AdApplicationsTable;
  kpi_targets: KpiTargetsTable;
  kpi_target_changes: KpiTargetChangesTable;
  kpi_achievements: KpiAchievementsTable;
  dealer_inventory_daily: DealerInventoryDailyTable;
  dealer_monthly: DealerMonthlyTable;
  sales_daily_summary: SalesDailySummaryTable;
  // ---- mall and employee-price programme (0036) ----
  pickup_points: PickupPointsTable;
  employee_buyers: EmployeeBuyersTable;
  employee_sku_limits: EmployeeSkuLimitsTable;
  buyer_sessions: BuyerSessionsTable;
  buyer_cart_items: BuyerCartItemsTable;
  employee_orders: EmployeeOrdersTable;
  employee_order_lines: EmployeeOrderLinesTable;
  // Dealer workspaces (0034).
  dealer_profiles: DealerProfilesTable;
  // ---- payments and WeChat (0035) ----
  pay_transactions: PayTransactionsTable;
  pay_notify_events: PayNotifyEventsTable;
  refunds: RefundsTable;
  wx_accounts: WxAccountsTable;
  // ---- Repairs and spare parts (0032) ----
  service_providers: ServiceProvidersTable;
  service_engineers: ServiceEngineersTable;
  fault_codes: FaultCodesTable;
  spare_parts: SparePartsTable;
  spare_warehouses: SpareWarehousesTable;
  spare_stocks: SpareStocksTable;
  repair_orders: RepairOrdersTable;
  repair_order_events: RepairOrderEventsTable;
  repair_order_parts: RepairOrderPartsTable;
  spare_part_requests: SparePartRequestsTable;
  spare_part_request_lines: SparePartRequestLinesTable;
  spare_movements: SpareMovementsTable;
  spare_serials: SpareSerialsTable;
  // 门店执行评分 and 金币 (migration 0037)
  execution_templates: ExecutionTemplatesTable;
  execution_template_items: ExecutionTemplateItemsTable;
  execution_results: ExecutionResultsTable;
  execution_item_results: ExecutionItemResultsTable;
  coin_adjustments: CoinAdjustmentsTable;
  // Mini-program administration (0047)
  wx_mini_programs: WxMiniProgramsTable;
  wx_mini_versions: WxMiniVersionsTable;
  wx_mini_sessions: WxMiniSessionsTable;
  wx_buyer_openids: WxBuyerOpenidsTable;
  wx_message_subscriptions: WxMessageSubscriptionsTable;
}

// ---- POSM materials and ad applications (0031) ----

type NullableMoney = ColumnType<string | null, string | number | null | undefined, string | number | null>;

export interface PosmMaterialsTable extends BusinessColumns {
  material_code: string;
  name: string;
  category: PosmCategory;
  spec: string | null;
  unit: string;
  unit_cost: Money;
  brand_id: string | null;
  photo_ids: JSONColumnType<string[], string | undefined, string>;
  is_returnable: Generated<boolean>;
  status: Generated<EnabledStatus>;
}

export interface PosmStocksTable {
  id: string;
  tenant_id: string;
  warehouse_id: string;
  material_id: string;
  qty: Generated<number>;
  updated_at: Generated<Date>;
}

export interface PosmRequestsTable extends BusinessColumns {
  request_no: string;
  requester_id: string;
  org_code: string;
  purpose: PosmPurpose;
  target_type: PosmTargetType;
  target_ids: JSONColumnType<string[], string | undefined, string>;
  total_cost: Money;
  delivery_address: string | null;
  expected_date: ColumnType<string | null, string | null | undefined, string | null>;
  warehouse_id: string | null;
  status: Generated<PosmRequestStatus>;
  approved_at: Date | null;
  issued_at: Date | null;
  issued_by: string | null;
  received_at: Date | null;
  received_by: string | null;
  verified_at: Date | null;
  verify_photo_ids: JSONColumnType<string[], string | undefined, string>;
  remark: string | null;
  result_remark: string | null;
  version: Generated<number>;
}

export interface PosmRequestLinesTable {
  id: string;
  tenant_id: string;
  request_id: string;
  material_id: string;
  unit_cost: Money;
  requested_qty: number;
  approved_qty: number;
  issued_qty: Generated<number>;
  received_qty: Generated<number>;
}

export interface PosmMovementsTable {
  id: string;
  tenant_id: string;
  warehouse_id: string;
  material_id: string;
  move_type: PosmMoveType;
  qty: number;
  balance: number;
  request_id: string | null;
  remark: string | null;
  operator_id: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface AdPriceItemsTable extends BusinessColumns {
  ad_type: AdType;
  material: string;
  unit_price: Money;
  status: Generated<EnabledStatus>;
  remark: string | null;
}

export interface AdApplicationsTable extends BusinessColumns {
  apply_no: string;
  customer_id: string;
  applicant_id: string;
  org_code: string;
  ad_type: AdType;
  width_m: Money;
  height_m: Money;
  area_sqm: Money;
  quantity: number;
  material: string;
  sign_text: string | null;
  before_photo_ids: JSONColumnType<string[], string | undefined, string>;
  design_file_id: string | null;
  unit_price: Money;
  quoted_amount: Money;
  approved_amount: NullableMoney;
  cost_sharing: JSONColumnType<CostSharing, string, string>;
  keep_months: Generated<number>;
  vendor_name: string | null;
  install_deadline: ColumnType<string | null, string | null | undefined, string | null>;
  installed_at: Date | null;
  after_photo_ids: JSONColumnType<string[], string | undefined, string>;
  acceptance_result: AcceptanceResult | null;
  acceptance_by: string | null;
  accepted_at: Date | null;
  keep_until: ColumnType<string | null, string | null | undefined, string | null>;
  settled_amount: NullableMoney;
  settled_at: Date | null;
  status: Generated<AdStatus>;
  remark: string | null;
  result_remark: string | null;
  version: Generated<number>;
}

// ---- The mall's buyers and the employee-price programme (0036) ----

export interface PickupPointsTable extends BusinessColumns {
  name: string;
  address: string;
  open_hours: string | null;
  contact: string | null;
  status: Generated<'ACTIVE' | 'DISABLED'>;
}

export interface EmployeeBuyersTable extends BusinessColumns {
  employee_no: string;
  name: string;
  mobile: string;
  company_name: string | null;
  wechat_open_id: string | null;
  verified_at: Date | null;
  monthly_quota_amount: Decimal;
  monthly_quota_cases: number | null;
  status: Generated<EmployeeBuyerStatus>;
  version: Generated<number>;
}

export interface EmployeeSkuLimitsTable extends BusinessColumns {
  sku_id: string;
  per_month_limit_qty: number;
}

export interface BuyerSessionsTable {
  id: string;
  tenant_id: string;
  token_hash: string;
  buyer_kind: BuyerKind;
  customer_id: string | null;
  employee_buyer_id: string | null;
  mobile: string;
  created_at: Generated<Date>;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface BuyerCartItemsTable {
  id: string;
  tenant_id: string;
  owner_id: string;
  sku_id: string;
  cases: number;
  updated_at: Generated<Date>;
}

export interface EmployeeOrdersTable extends BusinessColumns {
  order_no: string;
  employee_buyer_id: string;
  pickup_point_id: string;
  payment_method: EmployeePaymentMethod;
  status: Generated<EmployeeOrderStatus>;
  goods_amount: Decimal;
  payable_amount: Decimal;
  paid_amount: Generated<string>;
  total_cases: number;
  pickup_code: string;
  ordered_at: Generated<Date>;
  pay_deadline: Date;
  paid_at: Date | null;
  payment_ref: string | null;
  cancelled_at: Date | null;
  cancel_reason: string | null;
  picked_up_at: Date | null;
  picked_up_by: string | null;
  refund_reason: string | null;
  refunded_at: Date | null;
  buyer_remark: string | null;
  version: Generated<number>;
}

export interface EmployeeOrderLinesTable {
  id: string;
  tenant_id: string;
  order_id: string;
  line_no: number;
  sku_id: string;
  sku_snapshot: JSONColumnType<SkuSnapshot, string, string>;
  cases: number;
  price_list_id: string | null;
  case_price: Decimal;
  amount: Decimal;
}
// ---- Dealer workspaces (0034) ----

/** 经销商档案 (DOMAIN §1.3 DealerProfile): one per DEALER customer, its id the customer's. */
export interface DealerProfilesTable extends BusinessColumns {
  customer_id: string;
  legal_person: string | null;
  tax_no: string | null;
  invoice_title: string | null;
  bank_name: string | null;
  bank_account: string | null;
  license_no: string | null;
  authorized_area_codes: JSONColumnType<string[], string, string>;
  authorized_channels: JSONColumnType<string[], string, string>;
  contract_no: string | null;
  contract_start: NullableDateColumn;
  contract_end: NullableDateColumn;
  deposit_amount: ColumnType<string, string | number | undefined, string | number>;
  annual_target_cases: number | null;
  dms_enabled: Generated<boolean>;
  remark: string | null;
  version: Generated<number>;
}

// ---- payments and WeChat (0035) ----

export interface PayTransactionsTable extends BusinessColumns {
  pay_no: string;
  biz_type: PayBizType;
  biz_id: string;
  biz_no: string;
  order_id: string | null;
  amount: Decimal;
  refunded_amount: ColumnType<string, string | number | undefined, string | number>;
  description: string;
  trade_type: PayTradeType;
  app_id: string;
  mch_id: string;
  payer_openid: string | null;
  prepay_id: string | null;
  h5_url: string | null;
  status: Generated<PayTransactionStatus>;
  transaction_id: string | null;
  bank_type: string | null;
  success_time: Date | null;
  expires_at: Date;
  simulated: Generated<boolean>;
}

export interface PayNotifyEventsTable {
  id: string;
  tenant_id: string;
  notify_id: string;
  event_type: string;
  out_no: string;
  outcome: string;
  received_at: CreatedAt;
}

export interface RefundsTable extends BusinessColumns {
  refund_no: string;
  biz_type: PayBizType;
  biz_id: string;
  biz_no: string;
  order_id: string | null;
  payment_id: string | null;
  pay_transaction_id: string | null;
  return_order_id: string | null;
  amount: Decimal;
  method: RefundRoute;
  cause: RefundCause;
  channel: string | null;
  reason: string;
  status: Generated<RefundStatus>;
  wx_refund_id: string | null;
  reference_no: string | null;
  last_error: string | null;
  submitted_at: Date | null;
  success_time: Date | null;
}

export interface WxAccountsTable extends BusinessColumns {
  kind: WxAccountKind;
  name: string;
  mode: Generated<WxMode>;
  app_id: string | null;
  app_secret_enc: string | null;
  mch_id: string | null;
  serial_no: string | null;
  api_v3_key_enc: string | null;
  private_key_enc: string | null;
  platform_serial: string | null;
  platform_cert: string | null;
  remark: string | null;
  /** A mini-program's subscription message template of each order event (0054). */
  message_templates: JSONColumnType<Partial<Record<MiniMessageEvent, string>>, string | undefined, string>;
  /** Its templates' keywords and what each carries (parseMessageFields); null: the default. */
  message_fields: string | null;
}

// ---- Repairs and spare parts (0032, DOMAIN §1.15) ----

type JsonIds = JSONColumnType<string[], string | undefined, string>;

export interface ServiceProvidersTable extends BusinessColumns {
  code: string;
  name: string;
  /** Region codes (province, city or district, GB/T 2260) the provider serves. */
  coverage_area_codes: JsonIds;
  contact_name: string | null;
  contact_mobile: string | null;
  sla_hours: Generated<number>;
  rate_card: JSONColumnType<Record<string, number>, string | undefined, string>;
  status: Generated<EnabledStatus>;
}

export interface ServiceEngineersTable extends BusinessColumns {
  provider_id: string;
  name: string;
  mobile: string;
  /** The account the engineer signs in with; it sees only its provider's orders. */
  user_id: string | null;
  is_manager: Generated<boolean>;
  status: Generated<EnabledStatus>;
}

export interface FaultCodesTable extends BusinessColumns {
  code: string;
  fault_category: FaultCategory;
  description: string;
  suggested_part_ids: JsonIds;
  status: Generated<EnabledStatus>;
}

export interface SparePartsTable extends BusinessColumns {
  part_code: string;
  name: string;
  category: PartCategory;
  spec: string | null;
  applicable_model_ids: JsonIds;
  unit: string;
  standard_price: Money;
  cost_price: Money;
  serial_tracked: Generated<boolean>;
  safety_stock: Generated<number>;
  supplier: string | null;
  status: Generated<EnabledStatus>;
}

export interface SpareWarehousesTable extends BusinessColumns {
  code: string;
  name: string;
  warehouse_type: SpareWarehouseType;
  provider_id: string | null;
  engineer_id: string | null;
  status: Generated<EnabledStatus>;
}

export interface SpareStocksTable {
  id: string;
  tenant_id: string;
  warehouse_id: string;
  part_id: string;
  qty_on_hand: number;
  qty_reserved: Generated<number>;
  updated_at: Generated<Date>;
}

export interface RepairOrdersTable extends BusinessColumns {
  order_no: string;
  source_type: RepairSource;
  source_ref: string | null;
  org_code: string;
  customer_id: string | null;
  customer_name: string | null;
  province_code: string | null;
  city_code: string | null;
  district_code: string | null;
  address: string | null;
  contact_name: string | null;
  contact_mobile: string | null;
  asset_id: string | null;
  asset_no: string | null;
  model_id: string | null;
  model_name: string | null;
  previous_condition: ConditionStatus | null;
  fault_category: FaultCategory;
  fault_code: string | null;
  fault_description: string;
  fault_photo_ids: JsonIds;
  priority: Generated<RepairPriority>;
  booking_date: NullableDateColumn;
  booking_time_range: string | null;
  warranty_status: WarrantyStatus;
  service_provider_id: string | null;
  engineer_id: string | null;
  reported_at: ColumnType<Date, Date | undefined, Date>;
  dispatched_at: Date | null;
  accepted_at: Date | null;
  contacted_at: Date | null;
  assigned_at: Date | null;
  arrived_at: Date | null;
  arrive_lng: string | null;
  arrive_lat: string | null;
  finished_at: Date | null;
  approved_at: Date | null;
  closed_at: Date | null;
  sla_due_at: Date | null;
  sla_breached: Generated<boolean>;
  cause: string | null;
  repair_method: string | null;
  actual_service_type: ServiceType | null;
  labor_cost: Money;
  parts_cost: Money;
  travel_cost: Money;
  total_cost: Money;
  cost_bearer: RepairCostBearer | null;
  completion_photo_ids: JsonIds;
  customer_signature_id: string | null;
  rating: number | null;
  revisit_result: RevisitResult | null;
  revisit_count: Generated<number>;
  /** How many times an engineer fed back: more than one is not a first-time fix. */
  visit_count: Generated<number>;
  remark: string | null;
  status: RepairStatus;
  version: Generated<number>;
}

export interface RepairOrderEventsTable {
  id: string;
  tenant_id: string;
  repair_order_id: string;
  status_from: RepairStatus | null;
  status_to: RepairStatus;
  action: string;
  detail: string | null;
  operator_id: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface RepairOrderPartsTable {
  id: string;
  tenant_id: string;
  repair_order_id: string;
  part_id: string;
  qty: number;
  unit_price: string | number;
  in_warranty: boolean;
  old_part_returned: Generated<boolean>;
  old_part_serial_no: string | null;
  new_part_serial_no: string | null;
  source_warehouse_id: string;
}

export interface SparePartRequestsTable extends BusinessColumns {
  request_no: string;
  provider_id: string;
  engineer_id: string | null;
  warehouse_id: string;
  requester_id: string;
  org_code: string;
  total_amount: Money;
  status: PartRequestStatus;
  from_warehouse_id: string | null;
  approved_at: Date | null;
  issued_at: Date | null;
  received_at: Date | null;
  remark: string | null;
  result_remark: string | null;
  version: Generated<number>;
}

export interface SparePartRequestLinesTable {
  id: string;
  tenant_id: string;
  request_id: string;
  part_id: string;
  qty: number;
  unit_price: string | number;
}

export interface SpareMovementsTable {
  id: string;
  tenant_id: string;
  warehouse_id: string;
  part_id: string;
  move_type: PartMoveType;
  qty: number;
  balance: number;
  repair_order_id: string | null;
  request_id: string | null;
  engineer_id: string | null;
  serial_nos: JsonIds;
  remark: string | null;
  operator_id: string | null;
  occurred_at: ColumnType<Date, Date | undefined, never>;
}

export interface SpareSerialsTable {
  id: string;
  tenant_id: string;
  part_id: string;
  serial_no: string;
  warehouse_id: string | null;
  status: 'IN_STOCK' | 'CONSUMED' | 'SCRAPPED';
  repair_order_id: string | null;
  updated_at: Generated<Date>;
}

// ---- 门店执行评分 and 金币 (DOMAIN §1.4, migration 0037) ----

type Score = ColumnType<string, string | number, string | number>;
type NullableScore = ColumnType<string | null, string | number | null | undefined, string | number | null>;
type Day = ColumnType<string | null, string | null | undefined, string | null>;

export interface ExecutionTemplatesTable extends BusinessColumns {
  code: string;
  name: string;
  version: number;
  channels: JSONColumnType<string[], string | undefined, string>;
  outlet_types: JSONColumnType<string[], string | undefined, string>;
  total_score: Score;
  pass_score: Score;
  coin_rule: JSONColumnType<CoinRule, string, string>;
  valid_from: Day;
  valid_to: Day;
  status: Generated<ExecutionTemplateStatus>;
  remark: string | null;
  activated_at: Date | null;
}

export interface ExecutionTemplateItemsTable {
  id: string;
  tenant_id: string;
  template_id: string;
  seq: number;
  code: string;
  name: string;
  category: ItemCategory;
  input_type: InputType;
  ai_detect_type: AiDetectType | null;
  requirement: JSONColumnType<ItemRequirement, string | undefined, string>;
  max_score: Score;
  scoring_rule: ScoringRule;
  is_veto: Generated<boolean>;
  photo_required: Generated<boolean>;
}

export interface ExecutionResultsTable extends BusinessColumns {
  result_no: string;
  client_id: string;
  visit_id: string;
  customer_id: string;
  employee_id: string;
  org_code: string;
  template_id: string;
  template_version: number;
  executed_at: Generated<Date>;
  auto_score: NullableScore;
  final_score: NullableScore;
  passed: boolean | null;
  veto_hit: Generated<boolean>;
  review_status: Generated<ExecutionReviewStatus>;
  reviewer_id: string | null;
  reviewed_at: Date | null;
  review_comment: string | null;
  appeal_reason: string | null;
  appeal_by: string | null;
  appealed_at: Date | null;
  final_reviewer_id: string | null;
  final_reviewed_at: Date | null;
  final_comment: string | null;
  revoked_by: string | null;
  revoked_at: Date | null;
  revoke_reason: string | null;
  coins_awarded: Generated<number>;
  coin_month: string | null;
  coin_entry_id: string | null;
  version: Generated<number>;
}

export interface ExecutionItemResultsTable {
  id: string;
  tenant_id: string;
  result_id: string;
  item_id: string;
  seq: number;
  input_value: ColumnType<ItemInput['value'] | null, string | null, string | null>;
  photo_ids: JSONColumnType<string[], string | undefined, string>;
  auto_score: NullableScore;
  reviewer_score: NullableScore;
  final_score: NullableScore;
  met: boolean | null;
  deduction_reason: string | null;
}

export interface CoinAdjustmentsTable extends BusinessColumns {
  adjust_no: string;
  customer_id: string;
  org_code: string;
  coins: number;
  reason: string;
  status: Generated<'PENDING' | 'APPROVED' | 'REJECTED' | 'WITHDRAWN'>;
  approval_instance_id: string | null;
  entry_id: string | null;
}

// ---- Mini-program administration (0047) ----

export interface WxMiniProgramsTable extends BusinessColumns {
  kind: MiniProgramKind;
  app_id: string;
  refresh_token_enc: string;
  status: Generated<MiniAuthStatus>;
  authorized_at: Generated<Date>;
}

export interface WxMiniVersionsTable extends BusinessColumns {
  program_id: string;
  template_id: string;
  user_version: string;
  user_desc: string;
  ext_json: string | null;
  status: Generated<MiniVersionStatus>;
  audit_id: string | null;
  audit_reason: string | null;
  submitted_at: Date | null;
  audited_at: Date | null;
  released_at: Date | null;
  row_version: Generated<number>;
}

export interface WxMiniSessionsTable {
  id: string;
  tenant_id: string;
  kind: MiniProgramKind;
  app_id: string;
  openid: string;
  unionid: string | null;
  session_key_enc: string;
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: Date;
}

export interface WxBuyerOpenidsTable {
  id: string;
  tenant_id: string;
  kind: MiniProgramKind;
  app_id: string;
  openid: string;
  mobile: string;
  customer_id: string | null;
  employee_buyer_id: string | null;
  updated_at: Generated<Date>;
}

/** What a user accepted in a mini-program: how many messages of a template may still be sent to them (0054). */
export interface WxMessageSubscriptionsTable {
  id: string;
  tenant_id: string;
  kind: MiniProgramKind;
  app_id: string;
  openid: string;
  template_id: string;
  credits: Generated<number>;
  updated_at: Generated<Date>;
}
