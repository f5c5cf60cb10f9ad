// The WeChat official account of this deployment: WECHAT_* when set, else the local simulator under /sim/wechat.
import type { WechatConfig } from '../../config';
import { HttpWechatClient, type WechatApi } from './client';
import { SIMULATED_WECHAT_CREDENTIALS, WECHAT_SIMULATOR_PREFIX } from './simulator';

export interface WechatChannel {
  api: WechatApi;
  appId: string;
  /** The JS-SDK script the browser loads. */
  jsSdkUrl: string;
  simulated: boolean;
}

export function createWechatChannel(
  config: WechatConfig | undefined,
  selfOrigin: () => string,
): WechatChannel {
  if (config) {
    return {
      api: new HttpWechatClient(() => config.apiUrl, config),
      appId: config.appId,
      jsSdkUrl: config.jsSdkUrl,
      simulated: false,
    };
  }
  return {
    api: new HttpWechatClient(() => selfOrigin() + WECHAT_SIMULATOR_PREFIX, SIMULATED_WECHAT_CREDENTIALS),
    appId: SIMULATED_WECHAT_CREDENTIALS.appId,
    jsSdkUrl: `${WECHAT_SIMULATOR_PREFIX}/jweixin.js`,
    simulated: true,
  };
}

export { WECHAT, wxConfigParams, urlWithoutHash, type WxConfigParams } from './client';
