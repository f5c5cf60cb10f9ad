// How /wxplatform and /wxapi reach WeChat. The third-party platform is the deployment's (the software vendor
// registers one on open.weixin.qq.com and the tenants authorise their mini-programs to it): WXPLATFORM_*
// when set, else — outside production — the simulator under /sim/wxplatform. A mini-program's own server API
// (code to session, subscription messages) uses the tenant's /wxconfig account of that mini-program: LIVE with
// its decrypted AppSecret, SIMULATOR (or nothing configured, outside production) the simulator.
//
// The component_verify_ticket: WeChat (or the simulator, the same way) pushes it every ten minutes to
// componentNotify.ts, which stores it in deployment_settings and hands it to this instance's runtime. The
// runtime uses the one it was handed while it is fresh, else reads the stored one (another instance received
// it) — so on the embedded database, whose one connection a transaction holds while it asks WeChat, the ticket
// is not read from the database in the middle of a transaction.
import type { Kysely } from 'kysely';
import type { MiniProgramKind } from '../../../common/wxplatform';
import type { WxPlatformConfig } from '../../config';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { fetchWeixinJson, partyUrl, TokenCache } from '../../integrations/partyHttp';
import {
  HttpMiniProgramClient,
  HttpWxPlatformClient,
  WXPLATFORM,
  type MiniProgramApi,
  type WxPlatformApi,
} from '../../integrations/wxplatform/client';
import type { MessageKeys } from '../../integrations/wxplatform/messageCrypto';
import {
  SIMULATED_COMPONENT,
  SIMULATED_MINI_SECRET,
  WXPLATFORM_SIMULATOR_PREFIX,
} from '../../integrations/wxplatform/simulator';
import { decryptSecret, secretsKey } from '../payments/secrets';

/** deployment_settings key of the latest component_verify_ticket WeChat pushed. */
export const VERIFY_TICKET_SETTING = 'wxplatform_verify_ticket';

/** A ticket handed to this instance is used this long before the stored one is read again (pushes: every 10 min). */
export const TICKET_FRESH_MS = 20 * 60_000;

/** The simulated AppIDs of a tenant's mini-programs when /wxconfig has none. */
export const SIMULATED_MINI_APP_IDS: Record<MiniProgramKind, string> = {
  MINI_MALL: 'wxsimulatedmall01',
  MINI_EMPLOYEE: 'wxsimulatedemp001',
};

export const DEFAULT_WXPLATFORM: WxPlatformConfig = {
  apiUrl: 'https://api.weixin.qq.com',
  webUrl: 'https://mp.weixin.qq.com',
  component: undefined,
};

export interface MiniProgram {
  api: MiniProgramApi;
  appId: string;
  simulated: boolean;
}

/** Who receives the platform's pushes: its AppID and the keys they are signed and encrypted with. */
export interface ComponentReceiver extends MessageKeys {
  appId: string;
}

export interface WxRuntime {
  /** The third-party platform; a BusinessError when this deployment has none. */
  platform(db: Kysely<DB>): WxPlatformApi;
  /** A tenant's mini-program of this kind; a BusinessError when it is not configured. */
  miniProgram(db: Kysely<DB>, tenantId: string, kind: MiniProgramKind): Promise<MiniProgram>;
  /** The platform's push receiver settings; undefined when this deployment has no platform (production, unset). */
  receiver(): ComponentReceiver | undefined;
  /** A component_verify_ticket the push receiver stored. */
  ticketReceived(ticket: string): void;
}

export interface WxRuntimeOptions {
  production: boolean;
  selfOrigin: () => string;
  config?: WxPlatformConfig;
}

export function createWxRuntime({
  production,
  selfOrigin,
  config = DEFAULT_WXPLATFORM,
}: WxRuntimeOptions): WxRuntime {
  const simulatorUrl = () => selfOrigin() + WXPLATFORM_SIMULATOR_PREFIX;
  const simulated = !config.component && !production;
  const miniTokens = new TokenCache();
  let received: { value: string; at: number } | undefined;
  let platform: WxPlatformApi | undefined;

  const storedTicket = async (db: Kysely<DB>) => {
    const row = await db
      .selectFrom('deployment_settings')
      .select('value')
      .where('key', '=', VERIFY_TICKET_SETTING)
      .executeTakeFirst();
    return row?.value;
  };
  const verifyTicket = async (db: Kysely<DB>) => {
    if (received && Date.now() - received.at < TICKET_FRESH_MS) return received.value;
    const stored = await storedTicket(db);
    if (stored) return stored;
    // The simulator pushes at start and every ten minutes; asked now, it pushes at once (to the receiver,
    // which hands the ticket over), as a platform just registered would after its first ten minutes.
    if (simulated)
      await fetchWeixinJson(WXPLATFORM, partyUrl(simulatorUrl(), '/sim/pushTicket'), {
        method: 'POST',
        json: {},
      });
    if (received) return received.value;
    throw new BusinessError(409, '尚未收到微信推送的 component_verify_ticket，请稍后重试');
  };

  return {
    platform(db) {
      if (platform) return platform;
      if (config.component) {
        platform = new HttpWxPlatformClient(
          () => ({ apiUrl: config.apiUrl, webUrl: config.webUrl }),
          config.component,
          () => verifyTicket(db),
        );
        return platform;
      }
      if (production) throw new BusinessError(409, '未配置微信第三方平台（WXPLATFORM_COMPONENT_APPID）');
      platform = new HttpWxPlatformClient(
        () => ({ apiUrl: simulatorUrl(), webUrl: WXPLATFORM_SIMULATOR_PREFIX }),
        SIMULATED_COMPONENT,
        () => verifyTicket(db),
      );
      return platform;
    },

    async miniProgram(db, tenantId, kind) {
      const account = await db
        .selectFrom('wx_accounts')
        .select(['mode', 'app_id', 'app_secret_enc'])
        .where('tenant_id', '=', tenantId)
        .where('kind', '=', kind)
        .executeTakeFirst();
      if (account?.mode === 'LIVE') {
        if (!account.app_id || !account.app_secret_enc)
          throw new BusinessError(409, '小程序配置不完整，请在微信配置中补全 AppID 和 AppSecret');
        const secret = decryptSecret(await secretsKey(db, production), account.app_secret_enc);
        return {
          api: new HttpMiniProgramClient(
            () => config.apiUrl,
            { appId: account.app_id, appSecret: secret },
            miniTokens,
          ),
          appId: account.app_id,
          simulated: false,
        };
      }
      if (production) throw new BusinessError(409, '未配置该小程序');
      const appId = account?.app_id ?? SIMULATED_MINI_APP_IDS[kind];
      return {
        api: new HttpMiniProgramClient(simulatorUrl, { appId, appSecret: SIMULATED_MINI_SECRET }, miniTokens),
        appId,
        simulated: true,
      };
    },

    receiver() {
      if (config.component) return config.component;
      return simulated ? SIMULATED_COMPONENT : undefined;
    },

    ticketReceived(ticket) {
      received = { value: ticket, at: Date.now() };
    },
  };
}
