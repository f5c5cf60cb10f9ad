// Self-registration of a company (the public /user/register page): a new tenant whose first user is its
// administrator, starting with the organisation every tenant has (root department, default menus, the
// administrator role). The SMS code of registration proves the phone; the unique indexes on user name and
// phone decide between two registrations racing for the same ones.
import { sql, type Kysely } from 'kysely';
import { messages } from '../../../common/messages';
import { hasText, isStrongPassword } from '../../../common/validators';
import { violatedUniqueConstraint } from '../../db/errors';
import { newId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { insertDefaultFlows } from '../approvals/flows';
import { isTaken } from './accounts';
import { authMessages } from './messages';
import { hashPassword } from './passwords';
import { consumeSmsCode, requireValidMobile } from './smsCodes';
import { OperateType, writeOperationLog, type RequestInfo } from './sysLog';
import {
  ADMIN_ROLE,
  insertAccount,
  insertDefaultDictionaries,
  insertDefaultMenus,
  insertDepart,
  insertRole,
  ROOT_ORG_CODE,
} from './tenantOrganisation';

const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,32}$/;
const COMPANY_NAME_MIN_LENGTH = 2;
const COMPANY_NAME_MAX_LENGTH = 64;

/**
 * Company codes of registered tenants: 'C' and a sequence number of at least 5 digits (C00001, C00002 ...,
 * C100000 after C99999), so they never meet the hand-made codes of the demo tenants (A01, B01). Numbers
 * of up to 9 digits count, which keeps them within an integer.
 */
const TENANT_CODE_PREFIX = 'C';
const TENANT_CODE_DIGITS = 5;
const TENANT_CODE_PATTERN = `^${TENANT_CODE_PREFIX}[0-9]{${TENANT_CODE_DIGITS},9}$`;

/** The unique indexes of users (migration 0002) whose violation the registration answers in words. */
const TAKEN_MESSAGES: Record<string, string> = {
  users_username_key: authMessages.usernameTaken,
  users_phone_key: authMessages.phoneTaken,
};

/**
 * GET /sys/user/checkOnlyUser: passes when the user name and the mobile number given are both free; throws
 * the BusinessError naming the first one taken (or the malformed mobile number).
 */
export async function checkOnlyUser(db: Kysely<DB>, query: { username?: string; phone?: string }) {
  const { username, phone } = query;
  if (!hasText(username) && !hasText(phone)) throw new BusinessError(400, authMessages.checkOnlyUserEmpty);
  if (hasText(username) && (await isTaken(db, 'username', username))) {
    throw new BusinessError(409, authMessages.usernameTaken);
  }
  if (hasText(phone) && (await isTaken(db, 'phone', requireValidMobile(phone)))) {
    throw new BusinessError(409, authMessages.phoneTaken);
  }
}

export interface Registration {
  companyName?: string;
  username?: string;
  realname?: string;
  password?: string;
  phone?: string;
  smscode?: string;
}

export interface RegisteredCompany {
  username: string;
  tenantName: string;
}

interface ValidRegistration {
  companyName: string;
  username: string;
  realname: string;
  password: string;
  phone: string;
  smscode: string;
}

function validRegistration(form: Registration): ValidRegistration {
  const companyName = form.companyName?.trim() ?? '';
  if (!companyName) throw new BusinessError(400, authMessages.companyNameRequired);
  const companyNameLength = [...companyName].length;
  if (companyNameLength < COMPANY_NAME_MIN_LENGTH || companyNameLength > COMPANY_NAME_MAX_LENGTH) {
    throw new BusinessError(400, authMessages.companyNameLength);
  }
  const { username, password, smscode } = form;
  if (!hasText(username)) throw new BusinessError(400, messages.usernameRequired);
  if (!USERNAME_PATTERN.test(username)) throw new BusinessError(400, authMessages.usernamePattern);
  const realname = form.realname?.trim() ?? '';
  if (!realname) throw new BusinessError(400, authMessages.realnameRequired);
  if (!password) throw new BusinessError(400, messages.passwordRequired);
  if (!isStrongPassword(password)) throw new BusinessError(400, authMessages.registrationPasswordPolicy);
  const phone = requireValidMobile(form.phone);
  if (!hasText(smscode)) throw new BusinessError(400, messages.captchaRequired);
  return { companyName, username, realname, password, phone, smscode: smscode.trim() };
}

/** The next free company code; the caller holds the tenant-code lock, so no one else is picking one. */
async function nextTenantCode(db: Kysely<DB>): Promise<string> {
  const { last } = await db
    .selectFrom('tenants')
    .select(sql<number | null>`max(substring(tenant_id from 2)::integer)`.as('last'))
    .where('tenant_id', '~', TENANT_CODE_PATTERN)
    .executeTakeFirstOrThrow();
  return `${TENANT_CODE_PREFIX}${String((last ?? 0) + 1).padStart(TENANT_CODE_DIGITS, '0')}`;
}

/** The first user of a new tenant, its administrator. */
export interface TenantAdministrator {
  /** A name, or one made from the new company code. */
  username: string | ((tenantId: string) => string);
  realname: string;
  phone: string | null;
  passwordHash: string;
}

/**
 * Creates a tenant (the next company code) with the organisation every tenant starts with: its root
 * department, default menus, the administrator role and the user holding it. Runs in the caller's
 * transaction, which also takes the tenant-code lock.
 */
export async function createTenant(
  trx: Kysely<DB>,
  companyName: string,
  administrator: TenantAdministrator,
): Promise<{ tenantId: string; userId: string }> {
  // Registrations pick their company codes one after another.
  await sql`select pg_advisory_xact_lock(hashtext('tenant-code'))`.execute(trx);
  const tenantId = await nextTenantCode(trx);
  await trx.insertInto('tenants').values({ tenant_id: tenantId, name: companyName }).execute();
  const departId = newId();
  await insertDepart(trx, {
    id: departId,
    tenantId,
    parentId: null,
    name: companyName,
    orgCode: ROOT_ORG_CODE,
    order: 0,
  });
  const permissions = await insertDefaultMenus(trx, tenantId);
  await insertDefaultDictionaries(trx, tenantId);
  await insertDefaultFlows(trx, tenantId);
  const roleId = newId();
  await insertRole(trx, { ...ADMIN_ROLE, id: roleId, tenantId }, permissions);
  const userId = newId();
  await insertAccount(trx, {
    id: userId,
    tenantId,
    ...administrator,
    username:
      typeof administrator.username === 'string' ? administrator.username : administrator.username(tenantId),
    email: null,
    sex: null,
    roleEnum: null,
    roleIds: [roleId],
    departIds: [departId],
  });
  return { tenantId, userId };
}

/**
 * Registers a company: validates the form, checks the SMS code of registration (used up whatever the
 * outcome), then in one transaction creates the tenant, its root department, its default menus, its
 * administrator role and the user holding it, and logs the registration.
 */
export async function registerCompany(
  db: Kysely<DB>,
  form: Registration,
  info: RequestInfo,
): Promise<RegisteredCompany> {
  const registration = validRegistration(form);
  const { companyName, username, phone } = registration;
  // Asked before the code is used up, so someone who picked a taken name keeps their code for a second try.
  if (await isTaken(db, 'username', username)) throw new BusinessError(409, authMessages.usernameTaken);
  if (await isTaken(db, 'phone', phone)) throw new BusinessError(409, authMessages.phoneTaken);
  const codeMatches = await consumeSmsCode(db, {
    mobile: phone,
    purpose: 'REGISTER',
    code: registration.smscode,
  });
  if (!codeMatches) throw new BusinessError(400, authMessages.smsCodeInvalid);
  // Hashed before the transaction: 30–60 ms of CPU must not hold a connection (PGlite has only one).
  const passwordHash = await hashPassword(registration.password);

  try {
    return await db.transaction().execute(async (trx) => {
      const { tenantId, userId } = await createTenant(trx, companyName, {
        username,
        realname: registration.realname,
        phone,
        passwordHash,
      });
      await writeOperationLog(trx, info, {
        content: `用户名: ${username},注册企业 ${companyName}(${tenantId})成功！`,
        username,
        userId,
        tenantId,
        operateType: OperateType.add,
      });
      return { username, tenantName: companyName };
    });
  } catch (error) {
    // Another registration took the name or the number between the check above and this transaction.
    const taken = TAKEN_MESSAGES[violatedUniqueConstraint(error) ?? ''];
    if (taken) throw new BusinessError(409, taken);
    throw error;
  }
}
