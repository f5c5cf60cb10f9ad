// The ERP client of a connection: Kingdee or T+, against the configured address — or, outside production,
// against this server's own simulator when the connection's address is the simulator's relative path.
import type { Dispatcher } from 'undici';
import type { ErpSystemType } from '../../db/schema';
import { KingdeeClient } from './kingdee';
import { TplusClient } from './tplus';
import { ErpAddressError, type ErpClient, type ErpEndpoint } from './types';

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
  /** In production, the agent that keeps the calls off this server's own network (publicOnlyAgent). */
  dispatcher?: Dispatcher;
}

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
    dispatcher: runtime.dispatcher,
  };
  return settings.systemType === 'KINGDEE_K3CLOUD' ? new KingdeeClient(endpoint) : new TplusClient(endpoint);
}
