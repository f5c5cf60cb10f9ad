// The WeCom flows (spec §7): the company search of the QR login, the logins by a WeCom code (QR login of a
// corp, the suite's web login, the admin console's login), the pre-auth and register codes that lead to the
// install and register pages, and the installation itself, which ties a corp to a tenant.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { hasText } from '../../../common/validators';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { PartyRefusedError } from '../../integrations/partyHttp';
import { WECOM_PAGES, type WecomChannel, type WecomIdentity } from '../../integrations/wecom';
import { loginVouchedFor, type LoginResult } from '../auth/login';
import { hashPassword } from '../auth/passwords';
import { createTenant } from '../auth/registration';
import { OperateType, writeOperationLog, type RequestInfo } from '../auth/sysLog';
import { thirdPartyMessages as text } from './messages';

/** One company of the search: `appId` is its corpid (spec §3 company lookup result). */
export interface CorpSummary {
  name: string;
  appId: string;
  agentId: string;
}

const SEARCH_LIMIT = 20;
/** The only app type of the pre-auth and register calls (spec §7). */
export const APP_TYPES = ['crm_app'] as const;

/** Installed corps whose name contains the keyword. */
export async function searchCorps(db: Kysely<DB>, keyword: string | undefined): Promise<CorpSummary[]> {
  if (!hasText(keyword)) throw new BusinessError(400, text.keywordRequired);
  const pattern = `%${keyword.trim().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return db
    .selectFrom('wecom_corps')
    .select(['corp_name as name', 'corp_id as appId', 'agent_id as agentId'])
    .where(sql<boolean>`corp_name ilike ${pattern}`)
    .orderBy('corp_name')
    .limit(SEARCH_LIMIT)
    .execute();
}

/** The party's "no" to a code: the user scans again. */
async function askWecom<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    if (error instanceof PartyRefusedError) throw new BusinessError(400, text.wecomCodeInvalid);
    throw error;
  }
}

/** Signs in the account bound to a WeCom member; a member bound to none gets a clear answer, logged. */
async function loginAsMember(
  db: Kysely<DB>,
  identity: WecomIdentity,
  info: RequestInfo,
  via: string,
): Promise<LoginResult> {
  const binding = await db
    .selectFrom('wecom_users')
    .select('user_id')
    .where('corp_id', '=', identity.corpId)
    .where('wecom_user_id', '=', identity.userId)
    .executeTakeFirst();
  return loginVouchedFor(
    db,
    binding ? { by: 'id', value: binding.user_id } : null,
    info,
    `${via}: ${identity.corpId}/${identity.userId}`,
    text.wecomUnbound,
  );
}

export type WecomLoginKind = 'qr' | 'suite' | 'admin' | 'dp' | 'ty';

/** How each login names itself in the login log. */
const VIA: Record<WecomLoginKind, string> = {
  qr: '企业微信扫码',
  suite: '企业微信应用',
  admin: '企业微信管理后台',
  dp: '企业微信应用（dp）',
  ty: '企业微信应用（ty）',
};

export interface WecomLoginRequest {
  code?: string;
  corpid?: string;
  suiteId?: string;
}

export async function loginWithWecom(
  db: Kysely<DB>,
  wecom: WecomChannel,
  kind: WecomLoginKind,
  { code, corpid, suiteId }: WecomLoginRequest,
  info: RequestInfo,
): Promise<LoginResult> {
  if (!hasText(code)) throw new BusinessError(400, text.codeRequired);
  let identity: WecomIdentity;
  if (kind === 'qr') {
    if (!hasText(corpid)) throw new BusinessError(400, text.corpRequired);
    const corp = await db
      .selectFrom('wecom_corps')
      .select('permanent_code')
      .where('corp_id', '=', corpid)
      .executeTakeFirst();
    if (!corp) throw new BusinessError(400, text.corpNotInstalled);
    const userId = await askWecom(() => wecom.api.corpUserInfo(corpid, corp.permanent_code, code));
    identity = { corpId: corpid, userId };
  } else if (kind === 'admin') {
    if (hasText(suiteId) && suiteId !== wecom.suiteId) throw new BusinessError(400, text.suiteMismatch);
    identity = await askWecom(() => wecom.api.adminLoginInfo(code));
  } else {
    identity = await askWecom(() => wecom.api.suiteUserInfo(code));
  }
  return loginAsMember(db, identity, info, VIA[kind]);
}

function requireAppType(appType: string | undefined): void {
  if (!APP_TYPES.some((known) => known === appType)) throw new BusinessError(400, text.appTypeInvalid);
}

function requireRedirect(redirectUri: string | undefined): string {
  if (!hasText(redirectUri) || !/^https?:\/\/[^\s]+$/.test(redirectUri)) {
    throw new BusinessError(400, text.redirectInvalid);
  }
  return redirectUri;
}

/** The state WeCom brings back to the landing page: an install, with a code naming this attempt in the log. */
function installState(): string {
  return JSON.stringify({ type: 'install', code: randomBytes(8).toString('hex') });
}

/** The install page of the suite, for a fresh pre-auth code; WeCom comes back to `redirectUri` with auth_code. */
export async function preAuthUrl(
  wecom: WecomChannel,
  query: { appType?: string; redirectUri?: string },
): Promise<string> {
  requireAppType(query.appType);
  const redirectUri = requireRedirect(query.redirectUri);
  const preAuthCode = await wecom.api.preAuthCode();
  const params = new URLSearchParams({
    suite_id: wecom.suiteId,
    pre_auth_code: preAuthCode,
    redirect_uri: redirectUri,
    state: installState(),
  });
  return `${wecom.webUrl}${WECOM_PAGES.install}?${params}`;
}

/** The page where a company registers WeCom and installs the suite at once. */
export async function registerUrl(wecom: WecomChannel, query: { appType?: string }): Promise<string> {
  requireAppType(query.appType);
  const registerCode = await wecom.api.registerCode(installState());
  return `${wecom.webUrl}${WECOM_PAGES.register}?${new URLSearchParams({ register_code: registerCode })}`;
}

/** The user name of a new tenant's administrator from a WeCom installation: free, since the code is new. */
const administratorName = (tenantId: string) => `qw_${tenantId.toLowerCase()}_admin`;

/**
 * Completes an installation: WeCom's permanent code for the corp is stored. A corp seen before keeps its
 * tenant; a new one gets a tenant of its own whose administrator is the installer (bound to their WeCom
 * member, so they sign in by QR). The message is shown to the installer (notice 安装提示).
 */
export async function installSuite(
  db: Kysely<DB>,
  wecom: WecomChannel,
  body: { authCode?: string; auth_code?: string; code?: string },
  info: RequestInfo,
): Promise<string> {
  const authCode = body.authCode ?? body.auth_code;
  if (!hasText(authCode)) throw new BusinessError(400, text.installCodeRequired);
  let installation;
  try {
    installation = await wecom.api.installation(authCode);
  } catch (error) {
    if (error instanceof PartyRefusedError) throw new BusinessError(400, text.installCodeInvalid);
    throw error;
  }
  const { corpId, corpName, permanentCode, agentId, installer } = installation;
  // Hashed before the transaction (PGlite has one connection): the administrator signs in by WeCom, not by it.
  const passwordHash = await hashPassword(randomBytes(18).toString('base64url'));
  const attempt = hasText(body.code) ? `（安装请求 ${body.code}）` : '';
  return db.transaction().execute(async (trx) => {
    const known = await trx
      .updateTable('wecom_corps')
      .set({ permanent_code: permanentCode, agent_id: agentId, corp_name: corpName, updated_at: sql`now()` })
      .where('corp_id', '=', corpId)
      .returning('tenant_id')
      .executeTakeFirst();
    if (known) {
      await writeOperationLog(trx, info, {
        content: `企业微信企业 ${corpName}(${corpId}) 重新授权安装应用${attempt}`,
        username: null,
        userId: null,
        tenantId: known.tenant_id,
        operateType: OperateType.update,
      });
      return text.installedAgain(corpName);
    }
    const { tenantId, userId } = await createTenant(trx, corpName, {
      username: administratorName,
      realname: installer.name,
      phone: null,
      passwordHash,
    });
    const username = administratorName(tenantId);
    await trx
      .insertInto('wecom_corps')
      .values({
        corp_id: corpId,
        tenant_id: tenantId,
        corp_name: corpName,
        agent_id: agentId,
        permanent_code: permanentCode,
      })
      .execute();
    await trx
      .insertInto('wecom_users')
      .values({ corp_id: corpId, wecom_user_id: installer.userId, tenant_id: tenantId, user_id: userId })
      .execute();
    await writeOperationLog(trx, info, {
      content: `企业微信企业 ${corpName}(${corpId}) 安装应用，开通企业 ${tenantId} 与管理员 ${username}${attempt}`,
      username,
      userId,
      tenantId,
      operateType: OperateType.add,
    });
    return text.installedNew(corpName, username);
  });
}
