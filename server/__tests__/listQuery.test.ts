import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
} from 'kysely';
import { InvalidQueryError, parseListQuery, type ListSpec } from '../modules/system/listQuery';

// Compiles without a database: the SQL text and its parameters are what matters here.
const db = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const compiled = (builder: RawBuilder<unknown>) => {
  const { sql, parameters } = builder.compile(db);
  return { sql, parameters };
};

const SPEC: ListSpec = {
  fields: {
    name: { column: 't.name', kind: 'text' },
    level: { column: 't.level', kind: 'integer' },
    createTime: { column: 't.created_at', kind: 'datetime' },
  },
  sortable: ['name', 'createTime'],
  defaultSort: { field: 'createTime', order: 'desc' },
  extras: ['keyWord'],
};

describe('parseListQuery', () => {
  it('defaults to the first page of 10, the default sort and no filter', () => {
    const list = parseListQuery({ _t: '1700000000', field: 'id,,name' }, SPEC);
    expect(list).toMatchObject({ pageNo: 1, pageSize: 10, offset: 0, extras: {} });
    expect(compiled(list.where).sql).toBe('true');
    expect(compiled(list.orderBy).sql).toBe('"t"."created_at" desc');
  });

  it.each([
    [{ name: 'abc' }, '"t"."name" = $1', ['abc']],
    [{ name: '*a%c*' }, '"t"."name" ilike $1', ['%a\\%c%']],
    [{ name: '*abc' }, '"t"."name" ilike $1', ['%abc']],
    [{ name: 'abc*' }, '"t"."name" ilike $1', ['abc%']],
    [{ name: 'a,b,' }, '"t"."name" in ($1, $2)', ['a', 'b']],
    [{ name: '!abc' }, '"t"."name" <> $1', ['abc']],
    [{ name: 'a++b' }, '"t"."name" = $1', ['a,b']],
    [{ level: '>= 3' }, '"t"."level" >= $1', [3]],
    [{ level: '1,2' }, '"t"."level" in ($1, $2)', [1, 2]],
    [{ level_begin: '2', level_end: '5' }, '"t"."level" >= $1 and "t"."level" <= $2', [2, 5]],
    [
      { createTime_begin: '2024-07-01', createTime_end: '2024-07-31' },
      `"t"."created_at" >= $1::date::timestamp at time zone 'Asia/Shanghai' and "t"."created_at" < ($2::date + 1)::timestamp at time zone 'Asia/Shanghai'`,
      ['2024-07-01', '2024-07-31'],
    ],
  ])('turns %j into bound SQL', (query, sqlText, parameters) => {
    expect(compiled(parseListQuery(query, SPEC).where)).toEqual({ sql: sqlText, parameters });
  });

  it('ignores blank filters and hands extras to the service', () => {
    const list = parseListQuery({ name: '', keyWord: 'x', pageNo: '3', pageSize: '20' }, SPEC);
    expect(compiled(list.where).sql).toBe('true');
    expect(list).toMatchObject({ pageNo: 3, pageSize: 20, offset: 40, extras: { keyWord: 'x' } });
  });

  it('sorts by whitelisted fields only, several at once, a _dictText suffix naming its field', () => {
    const list = parseListQuery({ column: 'name_dictText,createTime', order: 'ASC' }, SPEC);
    expect(compiled(list.orderBy).sql).toBe('"t"."name" asc, "t"."created_at" asc');
    expect(() => parseListQuery({ column: 'level' }, SPEC)).toThrow('不支持按 level 排序');
    expect(() => parseListQuery({ column: 'name;drop table t' }, SPEC)).toThrow(InvalidQueryError);
  });

  it.each([
    [{ secret: 'x' }, '不支持按 secret 查询'],
    [{ level: 'abc' }, '参数 level 应为整数'],
    [{ level: '*1*' }, '参数 level 不支持模糊查询'],
    [{ createTime: '2024-01-01' }, '参数 createTime 只能按范围查询（createTime_begin、createTime_end）'],
    [{ createTime_end: 'tomorrow' }, '参数 createTime_end 应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss'],
    [{ pageSize: '500' }, '参数 pageSize 应为 1 到 200 之间的整数'],
    [{ pageNo: '0' }, '参数 pageNo 应为 1 到 100000 之间的整数'],
    [{ name: ['a', 'b'] }, '参数 name 只能出现一次'],
  ])('rejects %j with 400: %s', (query, message) => {
    expect(() => parseListQuery(query, SPEC)).toThrow(new InvalidQueryError(message));
  });
});
