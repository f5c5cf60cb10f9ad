// A local stand-in for the WeChat API, under /sim/wechat outside production when WECHAT_* is not set: the
// access token and jsapi ticket endpoints, and a tiny stand-in of the JS-SDK script (jweixin.js) for
// browsers that are not WeChat's: it records wx.config and the share data it was given on window.__wxSimulated.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PUBLIC } from '../simulatorPages';

export const WECHAT_SIMULATOR_PREFIX = '/sim/wechat';
export const SIMULATED_WECHAT_CREDENTIALS = { appId: 'wxsimulated000001', appSecret: 'simulated-app-secret' };
const TOKEN_SECONDS = 7200;

type Query = Record<string, string | undefined>;

const JS_SDK_STAND_IN = `// Stand-in of WeChat's jweixin.js served by the local simulator.
(function () {
  var readyCallbacks = [];
  var record = (window.__wxSimulated = { config: null, share: {} });
  function settle(options, name, data) { record.share[name] = data; if (options && options.success) options.success({ errMsg: name + ':ok' }); }
  window.wx = {
    config: function (config) { record.config = config; setTimeout(function () { readyCallbacks.forEach(function (cb) { cb(); }); }, 0); },
    ready: function (callback) { readyCallbacks.push(callback); if (record.config) setTimeout(callback, 0); },
    error: function () {},
    updateAppMessageShareData: function (options) { settle(options, 'updateAppMessageShareData', options); },
    updateTimelineShareData: function (options) { settle(options, 'updateTimelineShareData', options); }
  };
})();
`;

export async function wechatSimulator(app: FastifyInstance): Promise<void> {
  const tokens = new Map<string, number>();

  app.get<{ Querystring: Query }>('/cgi-bin/token', { config: PUBLIC }, async (request) => {
    const { grant_type: grantType, appid, secret } = request.query;
    if (
      grantType !== 'client_credential' ||
      appid !== SIMULATED_WECHAT_CREDENTIALS.appId ||
      secret !== SIMULATED_WECHAT_CREDENTIALS.appSecret
    ) {
      return { errcode: 40013, errmsg: 'invalid appid or secret' };
    }
    const token = `wxtoken-${randomBytes(12).toString('hex')}`;
    tokens.set(token, Date.now() + TOKEN_SECONDS * 1000);
    return { access_token: token, expires_in: TOKEN_SECONDS };
  });

  app.get<{ Querystring: Query }>('/cgi-bin/ticket/getticket', { config: PUBLIC }, async (request) => {
    const expiresAt = tokens.get(request.query.access_token ?? '');
    if (!expiresAt || expiresAt <= Date.now()) return { errcode: 40001, errmsg: 'invalid credential' };
    if (request.query.type !== 'jsapi') return { errcode: 40097, errmsg: 'invalid args' };
    return {
      errcode: 0,
      errmsg: 'ok',
      ticket: `sim-jsapi-${randomBytes(16).toString('hex')}`,
      expires_in: TOKEN_SECONDS,
    };
  });

  app.get('/jweixin.js', { config: PUBLIC }, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').send(JS_SDK_STAND_IN),
  );
}
