// The database as Kysely sees it: one interface per table, added to by each issue's migrations.
import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type {
  AnnouncementCategory,
  AnnouncementPriority,
  AnnouncementSendStatus,
  AnnouncementTarget,
} from '../../common/announcements';
import type { SmsPurpose } from '../integrations/sms/gateway';

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
  created_at: CreatedAt;
}

/** 0 platform → ERP (push), 1 ERP → platform (pull). */
export type ErpSyncDirection = 0 | 1;

export type ErpSyncBizType = 'SALES_ORDER' | 'OUTSTOCK' | 'RETURN' | 'CUSTOMER' | 'RECEIPT';

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
  erp_sync_tasks: ErpSyncTasksTable;
  sys_announcement: SysAnnouncementTable;
  sys_announcement_send: SysAnnouncementSendTable;
}
