// JSON schemas of the auth answers. Fastify serialises only the properties listed here, so a column added
// to a query later (a password hash, a lock counter) can never leak into an answer by accident.
const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;

export const userInfoSchema = {
  type: 'object',
  required: ['id', 'username', 'realname', 'status', 'cpycod', 'tenantName'],
  properties: {
    id: text,
    username: text,
    realname: text,
    avatar: nullableText,
    email: nullableText,
    phone: nullableText,
    sex: { type: ['integer', 'null'] },
    status: { type: 'integer' },
    orgCode: nullableText,
    cpycod: text,
    tenantName: text,
    roleEnum: nullableText,
  },
} as const;

export const roleSchema = {
  type: 'object',
  required: ['id', 'roleCode', 'roleName', 'roleLevel'],
  properties: { id: text, roleCode: text, roleName: text, roleLevel: { type: 'integer' } },
} as const;

export const departSchema = {
  type: 'object',
  required: ['id', 'orgCode', 'departName', 'parentId'],
  properties: { id: text, orgCode: text, departName: text, parentId: text },
} as const;

export const loginResultSchema = {
  type: 'object',
  required: ['token', 'userInfo', 'roles', 'multi_depart', 'departs'],
  properties: {
    token: text,
    userInfo: userInfoSchema,
    roles: { type: 'array', items: roleSchema },
    multi_depart: { type: 'integer', enum: [0, 1, 2] },
    departs: { type: 'array', items: departSchema },
  },
} as const;

export const userInfoResultSchema = {
  type: 'object',
  required: ['userInfo'],
  properties: { userInfo: userInfoSchema },
} as const;

export const currentUserSchema = {
  type: 'object',
  required: ['userInfo', 'roles', 'departs'],
  properties: {
    userInfo: userInfoSchema,
    roles: { type: 'array', items: roleSchema },
    departs: { type: 'array', items: departSchema },
  },
} as const;

export const currentDepartsSchema = {
  type: 'object',
  required: ['list', 'orgCode'],
  properties: { list: { type: 'array', items: departSchema }, orgCode: nullableText },
} as const;

/** Menu nodes nest to any depth: their shape is fixed by menuTree.ts, which builds every field explicitly. */
const openObject = { type: 'object', additionalProperties: true } as const;

export const permissionPayloadSchema = {
  type: 'object',
  required: ['menu', 'auth', 'allAuth'],
  properties: {
    menu: { type: 'array', items: openObject },
    auth: {
      type: 'array',
      items: { type: 'object', properties: { action: nullableText, type: text, describe: text } },
    },
    allAuth: {
      type: 'array',
      items: {
        type: 'object',
        properties: { action: nullableText, status: text, type: text, describe: text },
      },
    },
  },
} as const;

export const encryptedStringSchema = {
  type: 'object',
  required: ['key', 'iv'],
  properties: { key: text, iv: text },
} as const;

/** Request bodies: every field optional, so a missing one gets the spec's own message, not a schema error. */
export const passwordLoginBodySchema = {
  type: 'object',
  properties: {
    username: { type: 'string', maxLength: 64 },
    password: { type: 'string', maxLength: 128 },
    captcha: { type: 'string', maxLength: 16 },
    checkKey: { type: 'string', maxLength: 64 },
  },
} as const;

export const phoneLoginBodySchema = {
  type: 'object',
  properties: {
    mobile: { type: 'string', maxLength: 32 },
    captcha: { type: 'string', maxLength: 16 },
  },
} as const;

export const smsBodySchema = {
  type: 'object',
  properties: {
    mobile: { type: 'string', maxLength: 32 },
    // '0' login, '1' registration, '2' password recovery.
    smsmode: { type: 'string', enum: ['0', '1', '2'], default: '0' },
    captcha: { type: 'string', maxLength: 16 },
    checkKey: { type: 'string', maxLength: 64 },
  },
} as const;

export const checkKeyParamsSchema = {
  type: 'object',
  required: ['checkKey'],
  properties: { checkKey: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } },
} as const;

export const selectDepartBodySchema = {
  type: 'object',
  properties: { orgCode: { type: 'string', maxLength: 64 }, username: { type: 'string', maxLength: 64 } },
} as const;

export const passwordChangeBodySchema = {
  type: 'object',
  properties: {
    username: { type: 'string', maxLength: 64 },
    oldpassword: { type: 'string', maxLength: 128 },
    password: { type: 'string', maxLength: 128 },
    confirmpassword: { type: 'string', maxLength: 128 },
  },
} as const;

export const checkOnlyUserQuerySchema = {
  type: 'object',
  properties: { username: { type: 'string', maxLength: 64 }, phone: { type: 'string', maxLength: 32 } },
} as const;

export const registrationBodySchema = {
  type: 'object',
  properties: {
    // Generous bounds: the registration's own rules answer with their messages within them.
    companyName: { type: 'string', maxLength: 256 },
    username: { type: 'string', maxLength: 64 },
    realname: { type: 'string', maxLength: 64 },
    password: { type: 'string', maxLength: 128 },
    phone: { type: 'string', maxLength: 32 },
    smscode: { type: 'string', maxLength: 16 },
  },
} as const;

export const registeredCompanySchema = {
  type: 'object',
  required: ['username', 'tenantName'],
  properties: { username: text, tenantName: text },
} as const;

export const phoneVerificationBodySchema = {
  type: 'object',
  properties: { phone: { type: 'string', maxLength: 32 }, smscode: { type: 'string', maxLength: 16 } },
} as const;

export const resetGrantSchema = {
  type: 'object',
  required: ['username', 'resetKey'],
  properties: { username: text, resetKey: text },
} as const;

export const passwordResetBodySchema = {
  type: 'object',
  properties: {
    username: { type: 'string', maxLength: 64 },
    resetKey: { type: 'string', maxLength: 128 },
    password: { type: 'string', maxLength: 128 },
    confirmpassword: { type: 'string', maxLength: 128 },
  },
} as const;

/** The result of a refused password login after which the graphic code is required. */
export const captchaDemandSchema = {
  type: 'object',
  required: ['captchaRequired'],
  properties: { captchaRequired: { type: 'boolean' } },
} as const;
