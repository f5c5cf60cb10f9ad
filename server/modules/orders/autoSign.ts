// The system's sign-off (DOMAIN §1.5: SHIPPED → SIGNED by SYS after N days, SignRecord AUTO 超时自动签收): a
// fully shipped order nobody signed within N days of its last shipment is signed in full, as a manual sign-off
// would be. The server runs it on an interval (ORDER_AUTO_SIGN_INTERVAL_MS); tests call it directly.
//
// Every instance runs it, and operators may sign the same orders meanwhile: each order is signed in its own
// transaction behind the conditional status update of every order command, so whoever loses a race on an
// order (409) leaves it to the winner.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { signShipped } from './lifecycle';

/** Orders signed per run at most; a backlog drains run by run, oldest shipment first. */
const AUTO_SIGN_BATCH = 100;

export interface AutoSigned {
  id: string;
  tenantId: string;
  orderNo: string;
}

/** Signs the SHIPPED orders last shipped more than `days` days ago; answers the ones it signed. */
export async function autoSignOrders(db: Kysely<DB>, days: number): Promise<AutoSigned[]> {
  // sales_orders.shipped_at is set by every shipment, so it is the last one's time.
  const due = await db
    .selectFrom('sales_orders')
    .selectAll()
    .where('status', '=', 'SHIPPED')
    .where('shipped_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .orderBy('shipped_at')
    .limit(AUTO_SIGN_BATCH)
    .execute();
  const signed: AutoSigned[] = [];
  for (const order of due) {
    try {
      await db.transaction().execute((trx) =>
        signShipped(trx, null, order, {
          signType: 'AUTO',
          remark: `发货后 ${days} 天未签收，系统自动签收`,
        }),
      );
      signed.push({ id: order.id, tenantId: order.tenant_id, orderNo: order.order_no });
    } catch (error) {
      // 409: an operator or another instance moved the order since it was read; theirs stands.
      if (!(error instanceof BusinessError && error.code === 409)) throw error;
    }
  }
  return signed;
}
