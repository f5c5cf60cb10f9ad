// The external parties of this deployment, one channel each: the real client against the configured party,
// or, outside production, against the local simulator the app itself serves under /sim/…. In production a
// party that is not configured has no channel, and its flows answer 503 with a message saying so.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { createCasChannel, type CasChannel } from '../../integrations/cas';
import { casSimulator, CAS_SIMULATOR_PREFIX } from '../../integrations/cas/simulator';
import { createWechatChannel, type WechatChannel } from '../../integrations/wechat';
import { wechatSimulator, WECHAT_SIMULATOR_PREFIX } from '../../integrations/wechat/simulator';
import { createWecomChannel, type WecomChannel } from '../../integrations/wecom';
import { wecomSimulator, WECOM_SIMULATOR_PREFIX } from '../../integrations/wecom/simulator';

export interface ThirdPartyChannels {
  wecom: WecomChannel | undefined;
  cas: CasChannel | undefined;
  wechat: WechatChannel | undefined;
  /** The account of the special login; none: refused. */
  specialLoginAccount: string | undefined;
}

/** The parties' settings; absent ones mean "not configured". */
export type ThirdPartyConfig = Pick<Config, 'production'> &
  Partial<Pick<Config, 'wecom' | 'cas' | 'wechat' | 'specialLoginAccount'>>;

/** This server's own address, as the real clients reach the simulators it serves. */
export function loopbackOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the server is not listening on TCP');
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** Creates the channels and registers the simulators the channels use. */
export function registerThirdPartyChannels(
  app: FastifyInstance,
  config: ThirdPartyConfig,
): ThirdPartyChannels {
  const self = () => loopbackOrigin(app);
  const simulate = !config.production;
  const channels: ThirdPartyChannels = {
    wecom: config.wecom || simulate ? createWecomChannel(config.wecom, self) : undefined,
    cas: config.cas || simulate ? createCasChannel(config.cas, self) : undefined,
    wechat: config.wechat || simulate ? createWechatChannel(config.wechat, self) : undefined,
    specialLoginAccount: config.specialLoginAccount,
  };
  if (channels.wecom?.simulated) app.register(wecomSimulator, { prefix: WECOM_SIMULATOR_PREFIX });
  if (channels.cas?.simulated) app.register(casSimulator, { prefix: CAS_SIMULATOR_PREFIX });
  if (channels.wechat?.simulated) app.register(wechatSimulator, { prefix: WECHAT_SIMULATOR_PREFIX });
  return channels;
}
