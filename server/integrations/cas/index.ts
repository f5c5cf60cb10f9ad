// The CAS server of this deployment: CAS_SERVER_URL when set, else the local simulator under /sim/cas.
import type { CasConfig } from '../../config';
import { HttpCasClient, type CasApi } from './client';
import { CAS_SIMULATOR_PREFIX } from './simulator';

export interface CasChannel {
  api: CasApi;
  /** The CAS prefix as the browser reaches it (its login page is <loginUrl>/login). */
  browserUrl: string;
  simulated: boolean;
}

export function createCasChannel(config: CasConfig | undefined, selfOrigin: () => string): CasChannel {
  if (config) return { api: new HttpCasClient(() => config.url), browserUrl: config.url, simulated: false };
  return {
    api: new HttpCasClient(() => selfOrigin() + CAS_SIMULATOR_PREFIX),
    browserUrl: CAS_SIMULATOR_PREFIX,
    simulated: true,
  };
}

export { CAS, type CasApi } from './client';
