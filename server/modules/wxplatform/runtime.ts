// How /wxplatform and /wxapi reach WeChat. The third-party platform is the deployment's (the software vendor
// registers one on open.weixin.qq.com and the tenants authorise their mini-programs to it): WXPLATFORM_*
// when set, else — outside production — the simulator under /sim/wxplatform. A mini-program's own server API
// (code to session) uses the tenant's /wxconfig account of that mini-program: LIVE with
// its decrypted AppSecret, SIMULATOR (or nothing configured, outside production) the simulator.
import type { Kysely } from 'kysely';
import type { MiniProgramKind } from '../../../common/wxplatform';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import {
  HttpMiniProgramClient,
  HttpWxPlatformClient,
  type MiniProgramApi,
  type WxPlatformApi,
} from '../../integrations/wxplatform/client';
import {
  SIMULATED_COMPONENT,
  SIMULATED_MINI_SECRET,
  SIMULATED_VERIFY_TICKET,
  WXPLATFORM_SIMULATOR_PREFIX,
} from '../../integrations/wxplatform/simulator';
import { decryptSecret, secretsKey } from '../payments/secrets';

/** deployment_settings key of the latest component_verify_ticket WeChat pushed. */
export const VERIFY_TICKET_SETTING = 'wxplatform_verify_ticket';

/** The simulated AppIDs of a tenant's mini-programs when /wxconfig has none. */
export const SIMULATED_MINI_APP_IDS: Record<MiniProgramKind, string> = {
  MINI_MALL: 'wxsimulatedmall01',
  MINI_EMPLOYEE: 'wxsimulatedemp001',
};

export interface MiniProgram {
  api: MiniProgramApi;
  appId: string;
  simulated: boolean;
}

export interface WxRuntime {
  /** The third-party platform; a BusinessError when this deployment has none. */
  platform(db: Kysely<DB>): WxPlatformApi;
  /** A tenant's mini-program of this kind; a BusinessError when it is not configured. */
  miniProgram(db: Kysely<DB>, tenantId: string, kind: MiniProgramKind): Promise<MiniProgram>;
}

export interface WxRuntimeOptions {
  production: boolean;
  selfOrigin: () => string;
  env?: NodeJS.ProcessEnv;
}

export function createWxRuntime({ production, selfOrigin, env = process.env }: WxRuntimeOptions): WxRuntime {
  const componentAppId = env.WXPLATFORM_COMPONENT_APPID;
  const componentSecret = env.WXPLATFORM_COMPONENT_SECRET;
  const simulatorUrl = () => selfOrigin() + WXPLATFORM_SIMULATOR_PREFIX;
  let platform: WxPlatformApi | undefined;
  return {
    platform(db) {
      if (platform) return platform;
      if (componentAppId && componentSecret) {
        const apiUrl = env.WXPLATFORM_API_URL || 'https://api.weixin.qq.com';
        const webUrl = env.WXPLATFORM_WEB_URL || 'https://mp.weixin.qq.com';
        platform = new HttpWxPlatformClient(
          () => ({ apiUrl, webUrl }),
          { appId: componentAppId, appSecret: componentSecret },
          async () => {
            const row = await db
              .selectFrom('deployment_settings')
              .select('value')
              .where('key', '=', VERIFY_TICKET_SETTING)
              .executeTakeFirst();
            if (!row) throw new BusinessError(409, '尚未收到微信推送的 component_verify_ticket，请稍后重试');
            return row.value;
          },
        );
        return platform;
      }
      if (production) throw new BusinessError(409, '未配置微信第三方平台（WXPLATFORM_COMPONENT_APPID）');
      platform = new HttpWxPlatformClient(
        () => ({ apiUrl: simulatorUrl(), webUrl: WXPLATFORM_SIMULATOR_PREFIX }),
        SIMULATED_COMPONENT,
        async () => SIMULATED_VERIFY_TICKET,
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
        const apiUrl = env.WXPLATFORM_API_URL || 'https://api.weixin.qq.com';
        return {
          api: new HttpMiniProgramClient(() => apiUrl, { appId: account.app_id, appSecret: secret }),
          appId: account.app_id,
          simulated: false,
        };
      }
      if (production) throw new BusinessError(409, '未配置该小程序');
      const appId = account?.app_id ?? SIMULATED_MINI_APP_IDS[kind];
      return {
        api: new HttpMiniProgramClient(simulatorUrl, { appId, appSecret: SIMULATED_MINI_SECRET }),
        appId,
        simulated: true,
      };
    },
  };
}
