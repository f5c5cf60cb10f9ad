// The ERP client of a connection: Kingdee or T+, against the configured address — or, outside production,
// against this server's own simulator when the connection's address is the simulator's relative path.
import type { ErpSystemType } from '../../db/schema';
import { KingdeeClient } from './kingdee';
import { TplusClient } from './tplus';
import type { ErpClient, ErpEndpoint } from './types';

export * from './types';

export interface ErpConnectionSettings extends Omit<ErpEndpoint, 'baseUrl'> {
  systemType: ErpSystemType;
  /** http(s)://…, or a path of this server (/sim/erp/…) outside production. */
  baseUrl: string;
}

/** How the clients reach the ERPs from this process: relative addresses resolve against this server. */
export interface ErpRuntime {
  /** This server's origin, for the relative (simulator) addresses; undefined in production. */
  selfOrigin: (() => string) | undefined;
  /** The pause before network retry n; tests shorten it. */
  retryDelayMs?: (retry: number) => number;
}

export class ErpAddressError extends Error {}

export function createErpClient(settings: ErpConnectionSettings, runtime: ErpRuntime): ErpClient {
  let baseUrl = settings.baseUrl;
  if (baseUrl.startsWith('/')) {
    if (!runtime.selfOrigin) throw new ErpAddressError('生产环境不能使用本机模拟器地址');
    baseUrl = runtime.selfOrigin() + baseUrl;
  }
  const endpoint: ErpEndpoint = {
    ...settings,
    baseUrl,
    retryDelayMs: runtime.retryDelayMs ?? settings.retryDelayMs,
  };
  return settings.systemType === 'KINGDEE_K3CLOUD' ? new KingdeeClient(endpoint) : new TplusClient(endpoint);
}
