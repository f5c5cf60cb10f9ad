// The mall's buyers (issue #22): an outlet (its boss's or contact's mobile) or an employee buyer of the
// employee-price programme signs in with an SMS code of purpose BUYER_LOGIN and receives a buyer token. The
// token is kept in buyer_sessions only — never in `sessions` — so no back-office route accepts it, and the
// buyer routes accept nothing else.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { SESSION_TTL_MS } from '../../../common/constants';
import type { BuyerKind } from '../../../common/mall';
import type { DB } from '../../db/schema';
import { newId } from '../../db/ids';
import { BusinessError } from '../../http/envelope';
import { hashToken } from '../auth/sessions';

/** The buyer behind a buyer token. */
export interface BuyerSession {
  sessionId: string;
  tenantId: string;
  kind: BuyerKind;
  /** The outlet (OUTLET) or the employee buyer (EMPLOYEE). */
  buyerId: string;
  name: string;
  mobile: string;
}

const outletsOf = (db: Kysely<DB>, mobile: string) =>
  db
    .selectFrom('customers')
    .select(['id', 'tenant_id', 'name'])
    .where((eb) => eb.or([eb('boss_mobile', '=', mobile), eb('contact_mobile', '=', mobile)]))
    .where('customer_type', '!=', 'DEALER')
    .where('status', '=', 'ACTIVE')
    .where('audit_status', '=', 'APPROVED')
    .orderBy('tenant_id')
    .orderBy('customer_code');

const employeesOf = (db: Kysely<DB>, mobile: string) =>
  db
    .selectFrom('employee_buyers')
    .select(['id', 'tenant_id', 'name'])
    .where('mobile', '=', mobile)
    .where('status', '=', 'ACTIVE')
    .orderBy('tenant_id');

/** Whether a mobile may receive a mall sign-in code: an active, approved outlet's or an active employee buyer's. */
export async function isMallBuyerMobile(db: Kysely<DB>, mobile: string): Promise<boolean> {
  const [outlet, employee] = await Promise.all([
    outletsOf(db, mobile).executeTakeFirst(),
    employeesOf(db, mobile).executeTakeFirst(),
  ]);
  return Boolean(outlet ?? employee);
}

export interface BuyerChoice {
  kind: BuyerKind;
  /** Several outlets or companies may share a mobile: which one (else the first). */
  buyerId?: string;
  tenantId?: string;
}

/** Opens a buyer session for the mobile (its code already checked) and returns the token and the buyer. */
export async function openBuyerSession(
  db: Kysely<DB>,
  mobile: string,
  choice: BuyerChoice,
): Promise<{ token: string; buyer: Omit<BuyerSession, 'sessionId'> }> {
  const candidates =
    choice.kind === 'OUTLET'
      ? await outletsOf(db, mobile).execute()
      : await employeesOf(db, mobile).execute();
  const chosen = candidates.find(
    (each) =>
      (choice.buyerId === undefined || each.id === choice.buyerId) &&
      (choice.tenantId === undefined || each.tenant_id === choice.tenantId),
  );
  if (!chosen) {
    throw new BusinessError(
      400,
      choice.kind === 'OUTLET' ? '该手机号未绑定可下单的门店' : '该手机号不是在职的内购员工',
    );
  }
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('buyer_sessions')
    .values({
      id: newId(),
      tenant_id: chosen.tenant_id,
      token_hash: hashToken(token),
      buyer_kind: choice.kind,
      customer_id: choice.kind === 'OUTLET' ? chosen.id : null,
      employee_buyer_id: choice.kind === 'EMPLOYEE' ? chosen.id : null,
      mobile,
      expires_at: sql<Date>`now() + make_interval(secs => ${SESSION_TTL_MS / 1000})`,
    })
    .execute();
  if (choice.kind === 'EMPLOYEE') {
    // DOMAIN §1.16 verifiedAt: the employee proved the mobile on file is theirs.
    await db
      .updateTable('employee_buyers')
      .set({ verified_at: sql<Date>`coalesce(verified_at, now())` })
      .where('id', '=', chosen.id)
      .execute();
  }
  return {
    token,
    buyer: { tenantId: chosen.tenant_id, kind: choice.kind, buyerId: chosen.id, name: chosen.name, mobile },
  };
}

/** The buyer of a live token; undefined when unknown, expired, revoked, or the buyer may no longer buy. */
export async function resolveBuyerSession(db: Kysely<DB>, token: string): Promise<BuyerSession | undefined> {
  const row = await db
    .selectFrom('buyer_sessions as s')
    .leftJoin('customers as c', (join) =>
      join
        .onRef('c.id', '=', 's.customer_id')
        .on('c.status', '=', 'ACTIVE')
        .on('c.audit_status', '=', 'APPROVED'),
    )
    .leftJoin('employee_buyers as e', (join) =>
      join.onRef('e.id', '=', 's.employee_buyer_id').on('e.status', '=', 'ACTIVE'),
    )
    .select([
      's.id',
      's.tenant_id',
      's.buyer_kind',
      's.mobile',
      'c.id as outletId',
      'c.name as outletName',
      'e.id as employeeId',
      'e.name as employeeName',
    ])
    .where('s.token_hash', '=', hashToken(token))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return undefined;
  const buyerId = row.buyer_kind === 'OUTLET' ? row.outletId : row.employeeId;
  const name = row.buyer_kind === 'OUTLET' ? row.outletName : row.employeeName;
  if (!buyerId || !name) return undefined;
  return {
    sessionId: row.id,
    tenantId: row.tenant_id,
    kind: row.buyer_kind,
    buyerId,
    name,
    mobile: row.mobile,
  };
}

export async function revokeBuyerSession(db: Kysely<DB>, token: string): Promise<void> {
  await db
    .updateTable('buyer_sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .execute();
}

/** Runs `work` in the caller's transaction when there is one (the demo seed), else in a new one. */
export function within<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<DB>) : db.transaction().execute(work);
}
