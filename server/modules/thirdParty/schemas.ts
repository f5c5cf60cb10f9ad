// JSON schemas of the third-party endpoints (the login answers reuse the auth module's LoginResult).
const text = { type: 'string', maxLength: 2048 } as const;

export const codeQuerySchema = {
  type: 'object',
  properties: { code: text, suiteId: text, corpid: text, remember_me: { type: 'boolean' } },
} as const;

export const corpListSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['name', 'appId', 'agentId'],
    properties: { name: { type: 'string' }, appId: { type: 'string' }, agentId: { type: 'string' } },
  },
} as const;

export const settingsSchema = {
  type: 'object',
  required: ['wecomWebUrl', 'wecomSuiteId', 'casUrl', 'jsSdkUrl'],
  properties: {
    wecomWebUrl: { type: ['string', 'null'] },
    wecomSuiteId: { type: ['string', 'null'] },
    casUrl: { type: ['string', 'null'] },
    jsSdkUrl: { type: ['string', 'null'] },
  },
} as const;

export const wxConfigSchema = {
  type: 'object',
  required: ['appId', 'timestamp', 'nonceStr', 'signature'],
  properties: {
    appId: { type: 'string' },
    timestamp: { type: 'integer' },
    nonceStr: { type: 'string' },
    signature: { type: 'string' },
  },
} as const;

export const urlSchema = { type: 'string' } as const;
export const nothingSchema = { type: 'null' } as const;

export const textQuery = (...names: string[]) =>
  ({ type: 'object', properties: Object.fromEntries(names.map((name) => [name, text])) }) as const;
