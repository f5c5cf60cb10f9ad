// Schema violations in Chinese, naming the field (API.md Part A: "400 ... message names the field").
import type { FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { InvalidRequestError } from './envelope';

/** The part of the request a schema checks (Fastify's SchemaErrorDataVar, not exported by its entry point). */
type RequestPart = 'body' | 'querystring' | 'params' | 'headers';

const TYPE_NAMES: Record<string, string> = {
  string: '字符串',
  number: '数字',
  integer: '整数',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  null: '空值',
};

const PART_NAMES: Record<RequestPart, string> = {
  body: '请求体',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};

type Params = Record<string, unknown>;

function describeType(type: unknown): string {
  return String(type)
    .split(',')
    .map((name) => TYPE_NAMES[name] ?? name)
    .join('或');
}

function reason(keyword: string, params: Params): string {
  switch (keyword) {
    case 'required':
      return '不能为空';
    case 'type':
      return `应为${describeType(params.type)}`;
    case 'minLength':
      return `长度不能少于 ${params.limit} 个字符`;
    case 'maxLength':
      return `长度不能超过 ${params.limit} 个字符`;
    case 'minimum':
      return `不能小于 ${params.limit}`;
    case 'maximum':
      return `不能大于 ${params.limit}`;
    case 'exclusiveMinimum':
      return `应大于 ${params.limit}`;
    case 'exclusiveMaximum':
      return `应小于 ${params.limit}`;
    case 'minItems':
      return `至少要有 ${params.limit} 项`;
    case 'maxItems':
      return `最多只能有 ${params.limit} 项`;
    case 'enum':
      // null (a field that may be cleared) is not a value to name.
      return `应为 ${(params.allowedValues as unknown[]).filter((value) => value !== null).join('、')} 之一`;
    case 'const':
      return `应为 ${params.allowedValue}`;
    case 'additionalProperties':
      return '不允许出现';
    case 'pattern':
    case 'format':
      return '格式不正确';
    default:
      return '不合法';
  }
}

/** `/items/0/qty` and a missing `sku` → `items.0.qty.sku`; empty when the whole part is wrong. */
function fieldPath(error: FastifySchemaValidationError): string {
  const params = error.params as Params;
  const segments = error.instancePath.split('/').filter(Boolean);
  const child = params.missingProperty ?? params.additionalProperty;
  if (typeof child === 'string') segments.push(child);
  return segments.map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~')).join('.');
}

/** Fastify's `schemaErrorFormatter`: the message of the 400 answer. */
export function formatSchemaError(errors: FastifySchemaValidationError[], part: RequestPart): Error {
  const [first] = errors;
  const field = fieldPath(first);
  const subject = field ? `参数 ${field}` : PART_NAMES[part];
  return new Error(`${subject} ${reason(first.keyword, first.params as Params)}`);
}

/** The first string of a parsed body, query or params that holds a NUL character, as a field path. */
function nulCharacterAt(value: unknown, at: string[], depth = 0): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? at : undefined;
  if (typeof value !== 'object' || value === null || depth > 32) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const found = key.includes('\u0000') ? [...at, key] : nulCharacterAt(child, [...at, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * A NUL character can be stored by no text column (PostgreSQL refuses it): a preValidation hook refuses it
 * in any field of the body, query or path with a 400 naming the field, before any schema or service sees it.
 */
export async function refuseNulCharacters(request: FastifyRequest): Promise<void> {
  const parts: Array<[RequestPart, unknown]> = [
    ['body', request.body],
    ['querystring', request.query],
    ['params', request.params],
  ];
  for (const [part, value] of parts) {
    const at = nulCharacterAt(value, []);
    if (at) {
      const subject = at.length > 0 ? `参数 ${at.join('.')}` : PART_NAMES[part];
      throw new InvalidRequestError(`${subject} 不能包含空字符`);
    }
  }
}
