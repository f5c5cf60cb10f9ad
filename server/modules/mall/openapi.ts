// The buyer API's OpenAPI 3 document (@fastify/swagger, generated from the route schemas): only the routes
// under /api/buyer are in it; the back office's are hidden.
import type { SwaggerOptions } from '@fastify/swagger';
import { TOKEN_HEADER } from '../../http/access';

const BUYER_PREFIX = '/api/buyer/';

export const BUYER_OPENAPI: SwaggerOptions = {
  openapi: {
    openapi: '3.0.3',
    info: {
      title: '渠道数字化 · 买家 API（商城 / 内购小程序）',
      description:
        '门店买家与内购员工通过短信验证码登录（POST /api/buyer/login）取得买家令牌，随后在请求头 X-Access-Token 中携带。' +
        '所有应答为统一信封 { success, code, message, result }。买家令牌不能访问后台接口，后台令牌也不能访问买家接口。',
      version: '1.0.0',
    },
    components: {
      securitySchemes: { buyerToken: { type: 'apiKey', in: 'header', name: TOKEN_HEADER } },
    },
  },
  transform: ({ schema, url }) => {
    const shown = url.startsWith(BUYER_PREFIX) && !url.endsWith('/openapi.json');
    return { schema: shown ? schema : { ...(schema ?? {}), hide: true }, url };
  },
};
