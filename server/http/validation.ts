// Schema violations in Chinese, naming the field (API.md Part A: "400 ... message names the field").
import type { FastifySchemaValidationError } from 'fastify';

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
