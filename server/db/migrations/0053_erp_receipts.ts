// Receipts and refunds reach the ERP (issue #22 Money: "amounts are reconciled on the ERP side as receipts"): a
// sync task may be a REFUND (a receipt was already allowed, RECEIPT), and a code mapping may map a 收款方式 to the
// ERP's 结算方式 (SETTLE_TYPE, the local id and code being the channel's code). Every connection gets the channels
// a sales order is paid by as 未映射 rows, as a new connection does (mappingsFromMasterData), for someone to fill in.
import { sql, type Kysely } from 'kysely';
import { oneOf } from './columns';

const BIZ_TYPES_BEFORE = ['SALES_ORDER', 'OUTSTOCK', 'RETURN', 'CUSTOMER', 'RECEIPT'];
const ENTITY_TYPES_BEFORE = ['CUSTOMER', 'SKU', 'WAREHOUSE', 'EMPLOYEE', 'DEPARTMENT', 'UNIT'];

/** RECEIPT_CHANNEL (common/orders.ts) as it is at this migration. */
const CHANNELS: Array<[code: string, name: string]> = [
  ['CASH', '现金'],
  ['BANK_TRANSFER', '银行转账'],
  ['WECHAT', '微信'],
  ['ALIPAY', '支付宝'],
  ['PREPAID', '预付款扣款'],
  ['OTHER', '其他'],
];

async function allow(db: Kysely<unknown>, table: string, column: string, values: string[]) {
  const constraint = sql.raw(`${table}_${column}_check`);
  await sql`alter table ${sql.table(table)} drop constraint ${constraint}`.execute(db);
  await sql`alter table ${sql.table(table)} add constraint ${constraint} check (${oneOf(column, values)})`.execute(
    db,
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await allow(db, 'erp_sync_tasks', 'biz_type', [...BIZ_TYPES_BEFORE, 'REFUND']);
  await allow(db, 'erp_mappings', 'entity_type', [...ENTITY_TYPES_BEFORE, 'SETTLE_TYPE']);
  const channels = sql.join(CHANNELS.map(([code, name]) => sql`(${code}, ${name})`));
  await sql`insert into erp_mappings (id, tenant_id, connection_id, entity_type, local_id, local_code, local_name)
    select md5(c.id || ':SETTLE_TYPE:' || ch.code), c.tenant_id, c.id, 'SETTLE_TYPE', ch.code, ch.code, ch.name
    from erp_connections c cross join (values ${channels}) as ch(code, name)
    on conflict (connection_id, entity_type, local_id) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from erp_sync_attempts where task_id in (select id from erp_sync_tasks where biz_type = 'REFUND')`.execute(
    db,
  );
  await sql`delete from erp_sync_tasks where biz_type = 'REFUND'`.execute(db);
  await sql`delete from erp_mappings where entity_type = 'SETTLE_TYPE'`.execute(db);
  await allow(db, 'erp_sync_tasks', 'biz_type', BIZ_TYPES_BEFORE);
  await allow(db, 'erp_mappings', 'entity_type', ENTITY_TYPES_BEFORE);
}
