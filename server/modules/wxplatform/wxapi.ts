// /wxapi: what the tenants' mini-programs (mall, employee shop) call that is WeChat-specific.
// - Code to session: the mini-program's wx.login code goes to WeChat (jscode2session with the /wxconfig
//   AppSecret); we keep the openid and the session key (encrypted) behind a WeChat session token of ours —
//   the session key never leaves the server. An openid that signed in before gets its buyer token at once.
// - Phone number: wx.getPhoneNumber's encryptedData and iv, decrypted with that session key (AES-128-CBC)
//   and checked to be for this mini-program (watermark.appid); the phone then signs in as the mall's SMS
//   sign-in does (openBuyerSession), and the openid is remembered as that buyer's.
// - Subscriptions: the templates the user accepted in wx.requestSubscribeMessage; each acceptance lets one
//   order status message of that template be sent to them (messages.ts).
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { BuyerKind } from '../../../common/mall';
import type { MiniProgramKind } from '../../../common/wxplatform';
import { newId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { decryptUserData, type PhoneNumberData } from '../../integrations/wxplatform/userData';
import { hashToken } from '../auth/sessions';
import { openBuyerSession } from '../mall/buyerAccounts';
import { decryptSecret, encryptSecret, secretsKey } from '../payments/secrets';
import type { WxPlatformDeps } from './service';

/** How long a WeChat session token of ours is good for (the mini-program signs in again after it). */
export const WX_SESSION_MS = 2 * 60 * 60 * 1000;

/** Who signs in through each mini-program. */
export const BUYER_KIND_OF: Record<MiniProgramKind, BuyerKind> = {
  MINI_MALL: 'OUTLET',
  MINI_EMPLOYEE: 'EMPLOYEE',
};

export interface CodeSessionInput {
  tenantId: string;
  kind: MiniProgramKind;
  code: string;
}

/** The buyer an openid signed in as before, still able to buy; undefined otherwise. */
async function boundBuyer(
  db: Kysely<DB>,
  tenantId: string,
  kind: MiniProgramKind,
  appId: string,
  openid: string,
) {
  const bound = await db
    .selectFrom('wx_buyer_openids')
    .select(['mobile', 'customer_id', 'employee_buyer_id'])
    .where('app_id', '=', appId)
    .where('openid', '=', openid)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!bound) return undefined;
  try {
    return await openBuyerSession(db, bound.mobile, {
      kind: BUYER_KIND_OF[kind],
      buyerId: bound.customer_id ?? bound.employee_buyer_id ?? undefined,
      tenantId,
    });
  } catch (error) {
    // The outlet or employee may no longer buy: the mini-program asks for the phone number again.
    if (error instanceof BusinessError) return undefined;
    throw error;
  }
}

export async function codeToSession(deps: WxPlatformDeps, input: CodeSessionInput) {
  const tenant = await deps.db
    .selectFrom('tenants')
    .select('tenant_id')
    .where('tenant_id', '=', input.tenantId)
    .executeTakeFirst();
  if (!tenant) throw new BusinessError(400, '企业不存在');
  const mini = await deps.runtime.miniProgram(deps.db, input.tenantId, input.kind);
  const session = await mini.api.code2Session(input.code);
  const wxToken = randomBytes(32).toString('base64url');
  await deps.db
    .insertInto('wx_mini_sessions')
    .values({
      id: newId(),
      tenant_id: input.tenantId,
      kind: input.kind,
      app_id: mini.appId,
      openid: session.openid,
      unionid: session.unionid,
      session_key_enc: encryptSecret(await secretsKey(deps.db, deps.production), session.sessionKey),
      token_hash: hashToken(wxToken),
      expires_at: new Date(Date.now() + WX_SESSION_MS),
    })
    .execute();
  const signedIn = await boundBuyer(deps.db, input.tenantId, input.kind, mini.appId, session.openid);
  return {
    wxToken,
    openid: session.openid,
    token: signedIn?.token ?? null,
    buyer: signedIn?.buyer ?? null,
  };
}

export interface PhoneLoginInput {
  wxToken: string;
  encryptedData: string;
  iv: string;
}

/** The WeChat session of a wxToken of ours, while it lasts. */
async function wxSession(db: Kysely<DB>, wxToken: string) {
  const session = await db
    .selectFrom('wx_mini_sessions')
    .select(['tenant_id', 'kind', 'app_id', 'openid', 'session_key_enc'])
    .where('token_hash', '=', hashToken(wxToken))
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!session) throw new BusinessError(400, '微信登录已过期，请重新登录');
  return session;
}

export async function phoneLogin(deps: WxPlatformDeps, input: PhoneLoginInput) {
  const session = await wxSession(deps.db, input.wxToken);
  const sessionKey = decryptSecret(await secretsKey(deps.db, deps.production), session.session_key_enc);
  const phone = decryptUserData<PhoneNumberData>(sessionKey, input.encryptedData, input.iv, session.app_id);
  if (!phone || !/^1\d{10}$/.test(phone.purePhoneNumber ?? ''))
    throw new BusinessError(400, '手机号数据无效或已过期，请重新授权手机号');
  const kind = BUYER_KIND_OF[session.kind];
  const { token, buyer } = await openBuyerSession(deps.db, phone.purePhoneNumber, {
    kind,
    tenantId: session.tenant_id,
  });
  const binding = {
    tenant_id: session.tenant_id,
    kind: session.kind,
    mobile: phone.purePhoneNumber,
    customer_id: kind === 'OUTLET' ? buyer.buyerId : null,
    employee_buyer_id: kind === 'EMPLOYEE' ? buyer.buyerId : null,
    updated_at: new Date(),
  };
  await deps.db
    .insertInto('wx_buyer_openids')
    .values({ id: newId(), app_id: session.app_id, openid: session.openid, ...binding })
    .onConflict((conflict) => conflict.constraint('wx_buyer_openids_uq').doUpdateSet(binding))
    .execute();
  return { token, buyer, phoneNumber: phone.purePhoneNumber };
}

export interface SubscribeInput {
  wxToken: string;
  /** The templates wx.requestSubscribeMessage answered 'accept' for. */
  templateIds: string[];
}

/** Counts one acceptance of each template that is one of the mini-program's order templates; answers those. */
export async function acceptSubscriptions(deps: WxPlatformDeps, input: SubscribeInput) {
  const session = await wxSession(deps.db, input.wxToken);
  const account = await deps.db
    .selectFrom('wx_accounts')
    .select('message_templates')
    .where('tenant_id', '=', session.tenant_id)
    .where('kind', '=', session.kind)
    .executeTakeFirst();
  const offered = new Set(Object.values(account?.message_templates ?? {}));
  const accepted = [...new Set(input.templateIds.map((id) => id.trim()))].filter((id) => offered.has(id));
  for (const templateId of accepted) {
    await deps.db
      .insertInto('wx_message_subscriptions')
      .values({
        id: newId(),
        tenant_id: session.tenant_id,
        kind: session.kind,
        app_id: session.app_id,
        openid: session.openid,
        template_id: templateId,
        credits: 1,
      })
      .onConflict((conflict) =>
        conflict.constraint('wx_message_subscriptions_uq').doUpdateSet({
          credits: sql<number>`wx_message_subscriptions.credits + 1`,
          updated_at: new Date(),
        }),
      )
      .execute();
  }
  return { templateIds: accepted };
}
