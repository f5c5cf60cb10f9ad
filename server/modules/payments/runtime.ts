// How the payments service reaches WeChat Pay for a tenant: the tenant's merchant (its /wxconfig PAY_MERCHANT
// account) when LIVE, the local simulator's merchant when SIMULATOR (outside production only), and where the
// platform posts its notifies. The app decorates itself with one (app.payRuntime); tests may build their own.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { MerchantCredentials, WechatPayApi } from '../../integrations/wechatpay/client';
import type { WxAccountKind } from '../../../common/payments';

export interface Merchant {
  api: WechatPayApi;
  credentials: MerchantCredentials;
  /** The appid payments of this kind of client are made under. */
  appIdOf(kind: Exclude<WxAccountKind, 'PAY_MERCHANT'>): string;
  simulated: boolean;
}

export interface PayRuntime {
  /** The merchant of a tenant; throws a BusinessError when the tenant has none configured. */
  merchantOf(db: Kysely<DB>, tenantId: string): Promise<Merchant>;
  /** The notify_url of a tenant's payments ('pay') or refunds ('refund'). */
  notifyUrl(tenantId: string, kind: 'pay' | 'refund'): string;
  /** The simulator's cashier page of a prepay (null when the merchant is real). */
  simulatorPayUrl(merchant: Merchant, prepayId: string): string | null;
}
