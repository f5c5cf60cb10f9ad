// Request schemas shared by the system-administration routes. Fields are optional where the service answers
// a missing one with its own Chinese message; the schema only bounds types and lengths. Numbers of a form
// (sex, status, sortNo ...) are declared as text: Ajv turns a JSON number into text (coerceTypes) and the
// service reads the number, answering a bad one with its own message.
export const text = (maxLength = 255) => ({ type: 'string', maxLength }) as const;
export const nullableText = (maxLength = 255) => ({ type: ['string', 'null'], maxLength }) as const;

export const idQuerySchema = {
  type: 'object',
  required: ['id'],
  properties: { id: text(64) },
} as const;

export const idsQuerySchema = {
  type: 'object',
  properties: { ids: text(20_000) },
} as const;

/** List routes read their parameters themselves (listQuery.ts), so any name may arrive. */
export const listQuerySchema = { type: 'object', additionalProperties: true } as const;

/** The route config of an endpoint that needs a permission code (http/access.ts). */
export const can = (permission: string) => ({ access: { permission } }) as const;
