// The PayRuntime of the app: a tenant's merchant from its /wxconfig accounts. LIVE: WeChat Pay itself with the
// tenant's decrypted keys. SIMULATOR (or nothing configured), outside production: the local simulator's
// merchant under /sim/wechatpay, so the same client code signs and verifies against it.
import type { Kysely } from 'kysely';
import type { WxAccountKind } from '../../../common/payments';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { HttpWechatPayClient, WECHAT_PAY_API } from '../../integrations/wechatpay/client';
import { simulatedKeys, WECHAT_PAY_SIMULATOR_PREFIX } from '../../integrations/wechatpay/simulator';
import type { Merchant, PayRuntime } from './runtime';
import { decryptSecret, secretsKey } from './secrets';

export const NOTIFY_PATH = '/payment/notify';
const SIMULATED_APP_IDS: Record<Exclude<WxAccountKind, 'PAY_MERCHANT'>, string> = {
  OFFICIAL_ACCOUNT: 'wxsimulated000001',
  MINI_MALL: 'wxsimulatedmall01',
  MINI_EMPLOYEE: 'wxsimulatedemp001',
};

export interface PayRuntimeOptions {
  production: boolean;
  /** This server as the platform reaches it (notify_url); the loopback address outside production. */
  selfOrigin: () => string;
  /** The public origin WeChat Pay posts notifies to (PAY_NOTIFY_ORIGIN); selfOrigin when unset. */
  notifyOrigin?: string;
}

export function createPayRuntime(options: PayRuntimeOptions): PayRuntime {
  return {
    async merchantOf(db: Kysely<DB>, tenantId: string): Promise<Merchant> {
      const accounts = await db
        .selectFrom('wx_accounts')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .execute();
      const appIdOf = (kind: Exclude<WxAccountKind, 'PAY_MERCHANT'>) =>
        accounts.find((account) => account.kind === kind)?.app_id ?? SIMULATED_APP_IDS[kind];
      const merchant = accounts.find((account) => account.kind === 'PAY_MERCHANT');
      if (merchant?.mode === 'LIVE') {
        if (
          !merchant.mch_id ||
          !merchant.serial_no ||
          !merchant.private_key_enc ||
          !merchant.api_v3_key_enc ||
          !merchant.platform_cert ||
          !merchant.platform_serial
        ) {
          throw new BusinessError(409, '微信支付商户配置不完整，请在微信配置中补全');
        }
        const key = await secretsKey(db, options.production);
        const credentials = {
          mchId: merchant.mch_id,
          serialNo: merchant.serial_no,
          privateKeyPem: decryptSecret(key, merchant.private_key_enc),
          apiV3Key: decryptSecret(key, merchant.api_v3_key_enc),
          platform: { serialNo: merchant.platform_serial, publicPem: merchant.platform_cert },
        };
        return {
          api: new HttpWechatPayClient(() => WECHAT_PAY_API, credentials),
          credentials,
          appIdOf: (kind) => {
            const appId = accounts.find((account) => account.kind === kind)?.app_id;
            if (!appId) throw new BusinessError(409, '未配置该小程序/公众号的 AppID');
            return appId;
          },
          simulated: false,
        };
      }
      if (options.production) throw new BusinessError(409, '未配置微信支付商户');
      const credentials = simulatedKeys().merchant;
      return {
        api: new HttpWechatPayClient(() => options.selfOrigin() + WECHAT_PAY_SIMULATOR_PREFIX, credentials),
        credentials,
        appIdOf,
        simulated: true,
      };
    },
    notifyUrl(tenantId: string, kind: 'pay' | 'refund') {
      return `${options.notifyOrigin ?? options.selfOrigin()}/api${NOTIFY_PATH}/${encodeURIComponent(tenantId)}/${kind}`;
    },
    simulatorPayUrl(merchant: Merchant, prepayId: string) {
      return merchant.simulated
        ? `${WECHAT_PAY_SIMULATOR_PREFIX}/cashier?prepay_id=${encodeURIComponent(prepayId)}`
        : null;
    },
  };
}
