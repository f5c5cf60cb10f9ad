import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type Expression,
} from 'kysely';
import { InvalidRequestError } from '../http/envelope';
import { answerKeyOf, containsPattern, pageOf, parseListQuery, type ListSpec } from '../http/listQuery';

// Compiles without a database: the SQL text and its parameters are what matters here.
const db = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const compiled = (builder: Expression<unknown>) => {
  const { sql: text, parameters } = sql`${builder}`.compile(db);
  return { sql: text, parameters };
};

const SPEC: ListSpec = {
  filters: {
    name: { column: 't.name', kind: 'text' },
    level: { column: 't.level', kind: 'integer' },
    status: { column: 't.status', kind: 'enum', values: ['ON', 'OFF'] },
    visible: { column: 't.visible', kind: 'boolean' },
    launchDate: { column: 't.launch_date', kind: 'date' },
    createTime: { column: 't.created_at', kind: 'datetime' },
    lower: { column: sql`lower(t.name)`, kind: 'text' },
  },
  sorts: { name: 't.name', createTime: 't.created_at' },
  defaultSort: [
    ['t.created_at', 'desc'],
    ['t.id', 'asc'],
  ],
  extras: ['keyWord'],
};

const SHANGHAI = `::timestamp at time zone 'Asia/Shanghai'`;

describe('parseListQuery', () => {
  it('defaults to the first page of 10, the default sort and no filter; ignores the client’s noise', () => {
    const list = parseListQuery({ _t: '1700000000', field: 'id,,name', superQueryMatchType: 'and' }, SPEC);
    expect(list).toMatchObject({ pageNo: 1, pageSize: 10, offset: 0, extras: {} });
    expect(compiled(list.where).sql).toBe('true');
    expect(compiled(list.orderBy).sql).toBe('"t"."created_at" desc nulls last, "t"."id" asc nulls last');
    expect(parseListQuery(undefined, SPEC)).toMatchObject({ pageNo: 1, pageSize: 10 });
  });

  it.each([
    [{ name: 'abc' }, '"t"."name" = $1', ['abc']],
    [{ name: '*a%c*' }, '"t"."name" ilike $1', ['%a\\%c%']],
    [{ name: '*abc' }, '"t"."name" ilike $1', ['%abc']],
    [{ name: 'abc*' }, '"t"."name" ilike $1', ['abc%']],
    [{ name: 'a,b,' }, '"t"."name" in ($1, $2)', ['a', 'b']],
    [{ name: '!abc' }, '"t"."name" <> $1', ['abc']],
    [{ name: 'a++b,c' }, '"t"."name" in ($1, $2)', ['a,b', 'c']],
    [{ name: '> x' }, '"t"."name" = $1', ['> x']],
    [{ lower: 'abc' }, 'lower(t.name) = $1', ['abc']],
    [{ level: '>= 3' }, '"t"."level" >= $1', [3]],
    [{ level: '! 3' }, '"t"."level" <> $1', [3]],
    [{ level: '1,2' }, '"t"."level" in ($1, $2)', [1, 2]],
    [{ level_begin: '2', level_end: '5' }, '"t"."level" >= $1 and "t"."level" <= $2', [2, 5]],
    [{ status: 'ON,OFF' }, '"t"."status" in ($1, $2)', ['ON', 'OFF']],
    [{ visible: '1' }, '"t"."visible" = $1', [true]],
    [{ launchDate: '< 2026-01-01' }, '"t"."launch_date" < $1', ['2026-01-01']],
    [{ createTime: '> 2024-07-01 08:00' }, `"t"."created_at" > ($1${SHANGHAI})`, ['2024-07-01 08:00']],
    [
      { createTime_begin: '2024-07-01', createTime_end: '2024-07-31' },
      `"t"."created_at" >= ($1${SHANGHAI}) and "t"."created_at" < ($2::date + 1)${SHANGHAI}`,
      ['2024-07-01', '2024-07-31'],
    ],
    [
      { createTime_end: '2024-07-31T18:30:00' },
      `"t"."created_at" <= ($1${SHANGHAI})`,
      ['2024-07-31T18:30:00'],
    ],
  ])('turns %j into bound SQL', (query, sqlText, parameters) => {
    expect(compiled(parseListQuery(query, SPEC).where)).toEqual({ sql: sqlText, parameters });
  });

  it('ignores blank filters and hands extras to the service', () => {
    const list = parseListQuery({ name: '', keyWord: 'x', pageNo: '3', pageSize: '20' }, SPEC);
    expect(compiled(list.where).sql).toBe('true');
    expect(list).toMatchObject({ pageNo: 3, pageSize: 20, offset: 40, extras: { keyWord: 'x' } });
  });

  it('looks a keyword up in the spec’s keyword columns, any of them containing it; a blank one is no filter', () => {
    const spec: ListSpec = { ...SPEC, keyword: ['t.code', 't.name'] };
    const list = parseListQuery({ keyword: ' 5%a ', level: '2' }, spec);
    expect(compiled(list.where)).toEqual({
      sql: '("t"."code" ilike $1 or "t"."name" ilike $2) and "t"."level" = $3',
      parameters: ['%5\\%a%', '%5\\%a%', 2],
    });
    expect(list.extras).toEqual({});
    expect(compiled(parseListQuery({ keyword: '  ' }, spec).where).sql).toBe('true');
    // Without keyword columns the parameter is no filter of the list.
    expect(() => parseListQuery({ keyword: 'x' }, SPEC)).toThrow(InvalidRequestError);
  });

  it('sorts by whitelisted fields only, several at once, a _dictText suffix naming its field', () => {
    const list = parseListQuery({ column: 'name_dictText,createTime', order: 'ASC' }, SPEC);
    expect(compiled(list.orderBy).sql).toBe(
      '"t"."name" asc nulls last, "t"."created_at" asc nulls last, "t"."created_at" desc nulls last, "t"."id" asc nulls last',
    );
    expect(compiled(parseListQuery({ column: 'name' }, SPEC).orderBy).sql).toMatch(/^"t"."name" desc/);
    expect(() => parseListQuery({ column: 'level' }, SPEC)).toThrow('不支持按字段 level 排序');
    expect(() => parseListQuery({ column: 'name;drop table t' }, SPEC)).toThrow(InvalidRequestError);
  });

  it.each([
    [{ secret: 'x' }, '不支持按字段 secret 筛选'],
    [{ secret_begin: 'x' }, '不支持按字段 secret_begin 筛选'],
    [{ superQueryParams: '[]' }, '不支持高级查询参数 superQueryParams'],
    [{ level: 'abc' }, '参数 level 应为整数'],
    [{ level: '*1*' }, '参数 level 应为整数'],
    [{ status: 'LOST' }, '参数 status 应为 ON、OFF 之一'],
    [{ visible: 'yes' }, '参数 visible 应为 true 或 false'],
    [{ launchDate: '2026/01/01' }, '参数 launchDate 应为日期（YYYY-MM-DD）'],
    [{ name_begin: 'a' }, '参数 name_begin 不支持范围查询'],
    [{ createTime_end: 'tomorrow' }, '参数 createTime_end 应为时间（YYYY-MM-DD HH:mm:ss）'],
    [{ pageSize: '500' }, '参数 pageSize 不能大于 200'],
    [{ pageNo: '0' }, '参数 pageNo 应为正整数'],
    [{ pageNo: '100001' }, '参数 pageNo 不能大于 100000'],
    [{ name: ['a', 'b'] }, '参数 name 不能重复'],
  ])('rejects %j with 400: %s', (query, message) => {
    expect(() => parseListQuery(query, SPEC)).toThrow(new InvalidRequestError(message));
  });
});

describe('pages and patterns', () => {
  it('counts pages and escapes LIKE wildcards', () => {
    const list = parseListQuery({ pageNo: '2', pageSize: '20' }, SPEC);
    expect(pageOf(['a'], 41, list)).toEqual({ records: ['a'], total: 41, size: 20, current: 2, pages: 3 });
    expect(containsPattern('5%_a\\')).toBe('%5\\%\\_a\\\\%');
  });
});

describe('answerKeyOf', () => {
  it('is the same whatever the order of the parameters and the cache-buster, and differs with a filter', () => {
    const key = answerKeyOf({ _t: '1795600000', status: 'PENDING_AUDIT', pageNo: '2' });
    expect(answerKeyOf({ pageNo: '2', status: 'PENDING_AUDIT', _t: '1795600001' })).toBe(key);
    expect(answerKeyOf({ pageNo: '2', status: 'COMPLETED' })).not.toBe(key);
    expect(answerKeyOf({ pageNo: '3', status: 'PENDING_AUDIT' })).not.toBe(key);
    expect(answerKeyOf({ pageNo: '2', status: 'PENDING_AUDIT', keyword: '' })).not.toBe(key);
  });
});
