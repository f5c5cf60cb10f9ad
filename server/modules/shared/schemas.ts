// JSON-schema pieces the business modules' routes share.

/** A required, non-blank text of at most `maxLength` characters. */
export const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;

/** The same schema, or null. */
export const nullable = <T extends { type: string | readonly string[]; enum?: readonly unknown[] }>(
  schema: T,
) =>
  ({
    ...schema,
    type: [...(Array.isArray(schema.type) ? schema.type : [schema.type]), 'null'],
    // An enum is checked on its own: null must be one of its values too (a cleared select sends null).
    ...(schema.enum ? { enum: [...schema.enum, null] } : {}),
  }) as const;

export interface IdQuery {
  id: string;
}

export const idQuerySchema = { type: 'object', required: ['id'], properties: { id: text(32) } } as const;

/** `{id, status}` of a status change, the status among `statuses`. */
export const statusChangeSchema = (statuses: readonly string[]) =>
  ({
    type: 'object',
    required: ['id', 'status'],
    properties: {
      id: text(32),
      status: { type: 'string', enum: statuses },
      reason: { type: 'string', maxLength: 256 },
    },
  }) as const;
