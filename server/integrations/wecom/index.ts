// The WeCom of this deployment: the real API when WECOM_* is configured, else the real client against the
// local simulator, which the app serves under /sim/wecom (server and browser both go there).
import type { WecomConfig } from '../../config';
import type { WecomApi } from './api';
import { HttpWecomClient } from './httpClient';
import { SIMULATED_WECOM_CREDENTIALS } from './simulatedDirectory';
import { WECOM_SIMULATOR_PREFIX } from './simulator';

export interface WecomChannel {
  api: WecomApi;
  /** Where the browser goes for WeCom's pages (QR login, install, register). */
  webUrl: string;
  suiteId: string;
  simulated: boolean;
}

export function createWecomChannel(config: WecomConfig | undefined, selfOrigin: () => string): WecomChannel {
  if (config) {
    return {
      api: new HttpWecomClient(() => config.apiUrl, config),
      webUrl: config.webUrl,
      suiteId: config.suiteId,
      simulated: false,
    };
  }
  return {
    api: new HttpWecomClient(() => selfOrigin() + WECOM_SIMULATOR_PREFIX, SIMULATED_WECOM_CREDENTIALS),
    webUrl: WECOM_SIMULATOR_PREFIX,
    suiteId: SIMULATED_WECOM_CREDENTIALS.suiteId,
    simulated: true,
  };
}

export { WECOM, WECOM_PAGES, type WecomApi, type WecomIdentity, type WecomInstallation } from './api';
