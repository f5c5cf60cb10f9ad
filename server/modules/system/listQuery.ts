// The list parameters of API.md §2.2 (pageNo, pageSize, column, order, filters by field name, <field>_begin /
// <field>_end ranges, *x* contains, a,b in, !x not) turned into SQL. Only the fields a list declares can be
// filtered or sorted on (Part A "Lists"): anything else is a 400, never spliced into SQL. Column names come
// from the list's declaration, values are always bound parameters.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Page } from '../../../common/contract';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../../common/constants';

export type FieldKind = 'text' | 'integer' | 'datetime';

export interface ListField {
  /** The column, qualified where the query joins: 'users.username'. */
  column: string;
  kind: FieldKind;
}

export interface ListSpec {
  /** camelCase field name (as the client sends it) → column. */
  fields: Record<string, ListField>;
  /** Fields the list may be sorted by. */
  sortable: readonly string[];
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** Parameters the service reads itself (keyWord, dictId ...). */
  extras?: readonly string[];
}

export interface ListQuery {
  pageNo: number;
  pageSize: number;
  offset: number;
  /** Every filter, and-ed; `true` when there is none. */
  where: RawBuilder<SqlBool>;
  /** The sort, then the table's id as a tie-breaker is up to the caller. */
  orderBy: RawBuilder<unknown>;
  extras: Record<string, string>;
}

/** A malformed list request: answered 400 with the message (the error handler treats it as a schema violation). */
export class InvalidQueryError extends Error {
  readonly validation = [];
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
    this.name = 'InvalidQueryError';
  }
}

/** Sent by the reference client and ignored by the server (API.md §2.2). */
const IGNORED_PARAMS = new Set(['field', '_t']);
const PAGING_PARAMS = new Set(['pageNo', 'pageSize', 'column', 'order']);
const MAX_PAGE_NUMBER = 100_000;

function positiveInteger(name: string, raw: unknown, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new InvalidQueryError(`参数 ${name} 应为 1 到 ${max} 之间的整数`);
  }
  return value;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** An ilike pattern matching text that contains `value` (its % and _ taken literally). */
export const containing = (value: string) => `%${escapeLike(value)}%`;

function integerValue(name: string, raw: string): number {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(value)) throw new InvalidQueryError(`参数 ${name} 应为整数`);
  return value;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;

/** A range bound on a datetime column, in Asia/Shanghai; a date alone as an end includes that whole day. */
function dateBound(name: string, column: string, raw: string, end: boolean): RawBuilder<SqlBool> {
  const ref = sql.ref(column);
  if (DATE_ONLY.test(raw)) {
    return end
      ? sql<SqlBool>`${ref} < (${raw}::date + 1)::timestamp at time zone 'Asia/Shanghai'`
      : sql<SqlBool>`${ref} >= ${raw}::date::timestamp at time zone 'Asia/Shanghai'`;
  }
  if (!DATE_TIME.test(raw))
    throw new InvalidQueryError(`参数 ${name} 应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss`);
  return end
    ? sql<SqlBool>`${ref} <= ${raw}::timestamp at time zone 'Asia/Shanghai'`
    : sql<SqlBool>`${ref} >= ${raw}::timestamp at time zone 'Asia/Shanghai'`;
}

const COMPARISONS: Record<string, string> = { '>': '>', '>=': '>=', '<': '<', '<=': '<=', '!': '<>' };

/** One `field=value` filter, its operator chosen by the value's form (API.md §2.2 table). */
function filterOf(name: string, field: ListField, raw: string): RawBuilder<SqlBool> {
  const ref = sql.ref(field.column);
  const typed = (value: string) => (field.kind === 'integer' ? integerValue(name, value) : value);
  if (field.kind === 'datetime')
    throw new InvalidQueryError(`参数 ${name} 只能按范围查询（${name}_begin、${name}_end）`);
  const comparison = /^(>=|<=|>|<|!) (.+)$/.exec(raw);
  if (comparison) {
    return sql<SqlBool>`${ref} ${sql.raw(COMPARISONS[comparison[1]])} ${typed(comparison[2])}`;
  }
  if (raw.length > 1 && (raw.startsWith('*') || raw.endsWith('*'))) {
    if (field.kind !== 'text') throw new InvalidQueryError(`参数 ${name} 不支持模糊查询`);
    const inner = escapeLike(raw.replace(/^\*/, '').replace(/\*$/, ''));
    const pattern = `${raw.startsWith('*') ? '%' : ''}${inner}${raw.endsWith('*') ? '%' : ''}`;
    return sql<SqlBool>`${ref} ilike ${pattern}`;
  }
  if (raw.includes(',')) {
    const values = raw.split(',').filter((value) => value !== '');
    if (values.length === 0) return sql<SqlBool>`true`;
    return sql<SqlBool>`${ref} in (${sql.join(values.map((value) => typed(value.replace(/\+\+/g, ','))))})`;
  }
  if (raw.startsWith('!')) return sql<SqlBool>`${ref} <> ${typed(raw.slice(1))}`;
  return sql<SqlBool>`${ref} = ${typed(raw.replace(/\+\+/g, ','))}`;
}

function textOf(name: string, raw: unknown): string {
  if (typeof raw !== 'string') throw new InvalidQueryError(`参数 ${name} 只能出现一次`);
  return raw;
}

/** Reads a list request; throws InvalidQueryError (400) for an unknown filter or sort field or a bad value. */
export function parseListQuery(query: unknown, spec: ListSpec): ListQuery {
  const params = (query ?? {}) as Record<string, unknown>;
  const pageNo = positiveInteger('pageNo', params.pageNo, 1, MAX_PAGE_NUMBER);
  const pageSize = positiveInteger('pageSize', params.pageSize, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX);
  const conditions: Array<RawBuilder<SqlBool>> = [];
  const extras: Record<string, string> = {};
  for (const [name, raw] of Object.entries(params)) {
    if (IGNORED_PARAMS.has(name) || PAGING_PARAMS.has(name)) continue;
    const value = textOf(name, raw);
    if (spec.extras?.includes(name)) {
      extras[name] = value;
      continue;
    }
    // The reference client sends empty filters for blank search boxes.
    if (value === '') continue;
    const range = /^(.+)_(begin|end)$/.exec(name);
    const field = spec.fields[range ? range[1] : name];
    if (!field) throw new InvalidQueryError(`不支持按 ${name} 查询`);
    if (!range) {
      conditions.push(filterOf(name, field, value));
    } else if (field.kind === 'datetime') {
      conditions.push(dateBound(name, field.column, value, range[2] === 'end'));
    } else {
      const bound = field.kind === 'integer' ? integerValue(name, value) : value;
      conditions.push(
        sql<SqlBool>`${sql.ref(field.column)} ${sql.raw(range[2] === 'end' ? '<=' : '>=')} ${bound}`,
      );
    }
  }
  return {
    pageNo,
    pageSize,
    offset: (pageNo - 1) * pageSize,
    where: conditions.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`${sql.join(conditions, sql` and `)}`,
    orderBy: sortOf(params, spec),
    extras,
  };
}

function sortOf(params: Record<string, unknown>, spec: ListSpec): RawBuilder<unknown> {
  const column =
    params.column === undefined || params.column === ''
      ? spec.defaultSort.field
      : textOf('column', params.column);
  const order =
    params.order === undefined || params.order === ''
      ? spec.defaultSort.order
      : textOf('order', params.order);
  // Several columns may be given, comma-separated; a `_dictText` suffix names the field it translates.
  const names = column
    .split(',')
    .map((name) => name.trim().replace(/_dictText$/, ''))
    .filter(Boolean);
  const direction = sql.raw(/asc/i.test(order) ? 'asc' : 'desc');
  const parts = names.map((name) => {
    if (!spec.sortable.includes(name) || !spec.fields[name])
      throw new InvalidQueryError(`不支持按 ${name} 排序`);
    return sql`${sql.ref(spec.fields[name].column)} ${direction}`;
  });
  return sql.join(parts);
}

/** `count(*)` as an integer, for the total of a page. */
export const countAll = sql<number>`count(*)::integer`.as('total');

export function pageOf<T>(records: T[], total: number, list: ListQuery): Page<T> {
  return {
    records,
    total,
    size: list.pageSize,
    current: list.pageNo,
    pages: Math.ceil(total / list.pageSize),
  };
}
