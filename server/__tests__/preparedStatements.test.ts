// Named statements on PostgreSQL: parsed once per connection, bounded in number, and a connection whose plan
// went stale under a schema change is replaced rather than failing again. PGlite has no pool and no names.
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PreparedStatementNames, preparingPool } from '../db/preparedStatements';
import { createPostgresTestDatabase, type PostgresTestDatabase } from './support/database';

describe('PreparedStatementNames', () => {
  it('names a text the same every time, and names no new text past the cap', () => {
    const names = new PreparedStatementNames(2);
    const first = names.of('select $1::int');
    expect(first).toMatch(/^s[\w-]+$/);
    expect(names.of('select $1::int')).toBe(first);
    const second = names.of('select $1::text');
    expect(second).not.toBe(first);
    expect(names.of('select $1::date')).toBeUndefined();
    expect(names.of('select $1::int')).toBe(first);
  });
});

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres('preparingPool on PostgreSQL', () => {
  let created: PostgresTestDatabase;
  let db: Kysely<Record<string, never>>;

  beforeAll(async () => {
    created = await createPostgresTestDatabase();
  });
  afterAll(() => created.drop());

  beforeEach(() => {
    // One connection, so every statement of a test meets the plans the earlier ones left.
    const pool = new pg.Pool({ connectionString: created.url, max: 1 });
    db = new Kysely({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  });
  afterEach(() => db.destroy());

  const prepared = async () =>
    (
      await sql<{ statement: string }>`
        select statement from pg_prepared_statements where not from_sql order by statement`.execute(db)
    ).rows.map((row) => row.statement);
  const backend = async () =>
    (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0].pid;

  it('parses a statement with parameters once per connection and answers it each time', async () => {
    const double = (value: number) => sql<{ twice: number }>`select ${value}::int * 2 as twice`.execute(db);
    expect((await double(2)).rows).toEqual([{ twice: 4 }]);
    expect((await double(21)).rows).toEqual([{ twice: 42 }]);
    // The statement listing the prepared ones has no parameter: it is not kept itself.
    expect(await prepared()).toEqual(['select $1::int * 2 as twice']);
  });

  it('sends statements without parameters unnamed', async () => {
    await sql`select 1`.execute(db);
    await db.transaction().execute((trx) => sql`select 2`.execute(trx));
    expect(await prepared()).toEqual([]);
  });

  it('replaces a connection whose kept plan a schema change made stale', async () => {
    await sql`create table things (id int primary key)`.execute(db);
    await sql`insert into things values (1)`.execute(db);
    const thing = () => sql`select * from things where id = ${1}`.execute(db);
    expect((await thing()).rows).toEqual([{ id: 1 }]);
    await sql`alter table things add column name text default 'one'`.execute(db);
    const failing = await backend();

    await expect(thing()).rejects.toThrow('cached plan must not change result type');
    // The failed connection was closed on release: the pool's next one prepares the statement afresh.
    expect((await thing()).rows).toEqual([{ id: 1, name: 'one' }]);
    expect(await backend()).not.toBe(failing);
  });
});
