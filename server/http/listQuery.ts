// The query parameters of a paged list (API.md Part A "Lists", Part B §2.2): pageNo/pageSize, column+order
// sorting on whitelisted fields, filters by field name with the reference contract's value forms (`*x*`
// contains, `x*` starts with, `a,b` in, `!x` not equal, `> x` comparisons) and `<field>_begin/_end` ranges.
// Every field is looked up in the list's own whitelist and bound as a parameter: nothing from the query
// string is spliced into SQL, and an unknown filter or sort field is a 400. The one parser of every list
// (business and system administration).
import { sql, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../common/constants';
import type { Page } from '../../common/contract';
import { InvalidRequestError } from './envelope';

export type FilterKind = 'text' | 'enum' | 'integer' | 'date' | 'datetime' | 'boolean';

export interface FilterField {
  /** The (qualified) column, or an expression, compared. */
  column: string | RawBuilder<unknown>;
  kind: FilterKind;
  /** enum: the values a filter may name. */
  values?: readonly string[];
}

export interface ListSpec {
  filters: Record<string, FilterField>;
  /** API field → the (qualified) column it sorts by. */
  sorts: Record<string, string>;
  /** Applied when the request names no sort; the last entry should be unique (a stable order). */
  defaultSort: Array<[column: string, direction: 'asc' | 'desc']>;
  /** Parameters the list's service reads itself (nearExpiryOnly ...). */
  extras?: readonly string[];
  /** The (qualified) columns a `keyword` parameter is looked for in: any of them containing it. */
  keyword?: readonly string[];
}

export interface ListQuery {
  pageNo: number;
  pageSize: number;
  /** The row offset of the page. */
  offset: number;
  /** Every filter, ANDed; `sql\`true\`` when there are none. */
  where: Expression<SqlBool>;
  orderBy: RawBuilder<unknown>;
  /** The values of the spec's extras that were given, as text. */
  extras: Record<string, string>;
}

/** Sent by the reference client and meaningless here (`field` is for future column permissions). */
const IGNORED_PARAMS = new Set(['_t', 'field', 'superQueryMatchType']);
const PAGING_PARAMS = new Set(['pageNo', 'pageSize', 'column', 'order']);
const MAX_PAGE_NO = 100_000;

export type RawQuery = Record<string, unknown>;

/**
 * The parameters that decide a list's answer, as one stable text for a cache key: in name order, without the
 * ignored ones (the client's `_t` cache-buster changes every second and changes nothing here).
 */
export function answerKeyOf(raw: RawQuery): string {
  const decisive = Object.entries(raw).filter(([name]) => !IGNORED_PARAMS.has(name));
  return JSON.stringify(decisive.sort(([a], [b]) => (a < b ? -1 : 1)));
}

function invalid(message: string): never {
  throw new InvalidRequestError(message);
}

function textOf(name: string, value: unknown): string {
  if (Array.isArray(value)) return invalid(`参数 ${name} 不能重复`);
  return String(value);
}

function positiveInteger(name: string, value: unknown, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const text = textOf(name, value);
  if (!/^\d+$/.test(text) || Number(text) < 1) return invalid(`参数 ${name} 应为正整数`);
  const number = Number(text);
  if (number > max) return invalid(`参数 ${name} 不能大于 ${max}`);
  return number;
}

const columnRef = (field: FilterField) =>
  typeof field.column === 'string' ? sql.ref(field.column) : field.column;

/** Escapes LIKE's wildcards so user text matches literally. */
export const likePattern = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The ILIKE pattern of "contains this text". */
export const containsPattern = (text: string) => `%${likePattern(text)}%`;

function typedValue(name: string, field: FilterField, text: string): unknown {
  switch (field.kind) {
    case 'integer':
      if (!/^-?\d+$/.test(text)) return invalid(`参数 ${name} 应为整数`);
      return Number(text);
    case 'date':
      if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return invalid(`参数 ${name} 应为日期（YYYY-MM-DD）`);
      return text;
    case 'datetime':
      if (!/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/.test(text)) {
        return invalid(`参数 ${name} 应为时间（YYYY-MM-DD HH:mm:ss）`);
      }
      return text;
    case 'boolean':
      if (!['true', 'false', '1', '0'].includes(text)) return invalid(`参数 ${name} 应为 true 或 false`);
      return text === 'true' || text === '1';
    case 'enum':
      if (!field.values?.includes(text)) return invalid(`参数 ${name} 应为 ${field.values?.join('、')} 之一`);
      return text;
    default:
      return text;
  }
}

/** A datetime filter compares in Shanghai time, as the API shows it. */
function bound(field: FilterField, value: unknown): RawBuilder<unknown> {
  return field.kind === 'datetime' ? sql`(${value}::timestamp at time zone 'Asia/Shanghai')` : sql`${value}`;
}

const COMPARISONS: Record<string, string> = { '>': '>', '>=': '>=', '<': '<', '<=': '<=', '!': '<>' };

/** One `field=value` filter in the reference contract's value forms. */
function condition(name: string, field: FilterField, text: string): RawBuilder<SqlBool> {
  const column = columnRef(field);
  const comparison = /^(>=|<=|>|<|!) (.+)$/.exec(text);
  if (comparison && field.kind !== 'text') {
    const value = typedValue(name, field, comparison[2]);
    return sql<SqlBool>`${column} ${sql.raw(COMPARISONS[comparison[1]])} ${bound(field, value)}`;
  }
  if (text.includes(',')) {
    const values = text
      .split(',')
      .filter((each) => each !== '')
      .map((each) => typedValue(name, field, each.replace(/\+\+/g, ',')));
    if (values.length === 0) return sql<SqlBool>`true`;
    return sql<SqlBool>`${column} in (${sql.join(values.map((value) => bound(field, value)))})`;
  }
  if (field.kind === 'text') {
    if (text.startsWith('!')) return sql<SqlBool>`${column} <> ${text.slice(1)}`;
    const contains = /^\*(.*)\*$/.exec(text);
    if (contains) return sql<SqlBool>`${column} ilike ${containsPattern(contains[1])}`;
    if (text.startsWith('*')) return sql<SqlBool>`${column} ilike ${`%${likePattern(text.slice(1))}`}`;
    if (text.endsWith('*')) return sql<SqlBool>`${column} ilike ${`${likePattern(text.slice(0, -1))}%`}`;
    return sql<SqlBool>`${column} = ${text}`;
  }
  if (text.startsWith('!')) {
    return sql<SqlBool>`${column} <> ${bound(field, typedValue(name, field, text.slice(1)))}`;
  }
  return sql<SqlBool>`${column} = ${bound(field, typedValue(name, field, text))}`;
}

function rangeCondition(name: string, field: FilterField, text: string, end: boolean): RawBuilder<SqlBool> {
  if (!['integer', 'date', 'datetime'].includes(field.kind)) return invalid(`参数 ${name} 不支持范围查询`);
  const value = typedValue(name, field, text);
  const column = columnRef(field);
  // A date-only end of a datetime range means the whole of that day.
  if (end && field.kind === 'datetime' && /^\d{4}-\d{2}-\d{2}$/.test(text)) {
    return sql<SqlBool>`${column} < (${value}::date + 1)::timestamp at time zone 'Asia/Shanghai'`;
  }
  return sql<SqlBool>`${column} ${sql.raw(end ? '<=' : '>=')} ${bound(field, value)}`;
}

/** Any of `columns` contains the keyword (case-insensitive); no condition for a blank one. */
function keywordCondition(columns: readonly string[], text: string): RawBuilder<SqlBool> {
  const keyword = text.trim();
  if (!keyword) return sql<SqlBool>`true`;
  const pattern = containsPattern(keyword);
  return sql<SqlBool>`(${sql.join(
    columns.map((column) => sql`${sql.ref(column)} ilike ${pattern}`),
    sql` or `,
  )})`;
}

function filterOf(spec: ListSpec, key: string): { field: FilterField; range?: 'begin' | 'end' } | undefined {
  if (Object.hasOwn(spec.filters, key)) return { field: spec.filters[key] };
  const range = /^(.+)_(begin|end)$/.exec(key);
  if (range && Object.hasOwn(spec.filters, range[1])) {
    return { field: spec.filters[range[1]], range: range[2] as 'begin' | 'end' };
  }
  return undefined;
}

function orderOf(spec: ListSpec, query: RawQuery): RawBuilder<unknown> {
  const column =
    query.column === undefined || query.column === '' ? undefined : textOf('column', query.column);
  const direction = String(query.order ?? '')
    .toLowerCase()
    .includes('asc')
    ? 'asc'
    : 'desc';
  const requested = (column ?? '')
    .split(',')
    .map((name) => name.trim().replace(/_dictText$/, ''))
    .filter(Boolean)
    .map((name): [string, 'asc' | 'desc'] => {
      if (!Object.hasOwn(spec.sorts, name)) return invalid(`不支持按字段 ${name} 排序`);
      return [spec.sorts[name], direction];
    });
  // The default sort follows, so equal keys still come in a stable order across pages.
  const items = [...requested, ...spec.defaultSort];
  return sql.join(items.map(([ref, dir]) => sql`${sql.ref(ref)} ${sql.raw(dir)} nulls last`));
}

/** Reads a list's query string; throws InvalidRequestError (400) for anything outside its whitelist. */
export function parseListQuery(rawQuery: unknown, spec: ListSpec): ListQuery {
  const query = (rawQuery ?? {}) as RawQuery;
  const conditions: RawBuilder<SqlBool>[] = [];
  const extras: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (IGNORED_PARAMS.has(key) || PAGING_PARAMS.has(key) || value === undefined || value === '') continue;
    if (key === 'superQueryParams') return invalid('不支持高级查询参数 superQueryParams');
    if (key === 'keyword' && spec.keyword) {
      conditions.push(keywordCondition(spec.keyword, textOf(key, value)));
      continue;
    }
    if (spec.extras?.includes(key)) {
      extras[key] = textOf(key, value);
      continue;
    }
    const filter = filterOf(spec, key);
    if (!filter) return invalid(`不支持按字段 ${key} 筛选`);
    const text = textOf(key, value);
    conditions.push(
      filter.range
        ? rangeCondition(key, filter.field, text, filter.range === 'end')
        : condition(key, filter.field, text),
    );
  }
  const pageNo = positiveInteger('pageNo', query.pageNo, 1, MAX_PAGE_NO);
  const pageSize = positiveInteger('pageSize', query.pageSize, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX);
  return {
    pageNo,
    pageSize,
    offset: (pageNo - 1) * pageSize,
    where: conditions.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`${sql.join(conditions, sql` and `)}`,
    orderBy: orderOf(spec, query),
    extras,
  };
}

/** The page object of API.md §2.1. */
export function pageOf<T>(
  records: T[],
  total: number,
  list: Pick<ListQuery, 'pageNo' | 'pageSize'>,
): Page<T> {
  return {
    records,
    total,
    size: list.pageSize,
    current: list.pageNo,
    pages: Math.ceil(total / list.pageSize),
  };
}

/** `count(*)` as an integer, for the total of a page. */
export const countAll = sql<number>`count(*)::integer`.as('total');

/**
 * One page of a list: the total of `base` (filters applied, no columns yet), then the rows `selectPage`
 * selects from `base` sorted and cut to the page the query asked for.
 */
export async function pagedList<D, T extends keyof D, O, R>(
  base: SelectQueryBuilder<D, T, O>,
  list: ListQuery,
  selectPage: (page: SelectQueryBuilder<D, T, O>) => Promise<R[]>,
): Promise<Page<R>> {
  // The count has no other columns; $castTo tells TypeScript so, which it cannot see through the generic O.
  const { total } = await base.select(countAll).$castTo<{ total: number }>().executeTakeFirstOrThrow();
  const records = await selectPage(base.orderBy(list.orderBy).limit(list.pageSize).offset(list.offset));
  return pageOf(records, total, list);
}
