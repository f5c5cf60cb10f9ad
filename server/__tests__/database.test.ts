import { Migrator, NO_MIGRATIONS, sql } from 'kysely';
import type { Database } from '../db';
import { migrateToLatest, migrations } from '../db/migrations';
import { seedWhenEmpty } from '../db/seed';
import { demoDepartId, demoPermissionId, demoUserId } from '../db/seed/ids';
import { DEMO_TENANTS } from '../db/seed/tenants';
import { verifyPassword } from '../modules/auth/passwords';
import { isMainlandMobile } from '../../common/validators';
import { openTestDatabase, testBackends, type TestDatabase } from './support/database';

describe.each(testBackends())('database on %s', (backend) => {
  let testDatabase: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    testDatabase = await openTestDatabase(backend);
    database = testDatabase.database;
  });
  afterAll(() => testDatabase.dispose());

  beforeEach(async () => {
    // Every business table refers to tenants: this empties them all. Truncating some 150 tables costs seconds on
    // PostgreSQL, so only after a test that left tenants behind.
    const seeded = await database.db.selectFrom('tenants').select('tenant_id').limit(1).executeTakeFirst();
    if (seeded) await sql`truncate tenants cascade`.execute(database.db);
  });

  describe('migrations', () => {
    async function columnsOf(table: string) {
      const { rows } = await sql<{ column_name: string; data_type: string; is_nullable: string }>`
        select column_name, data_type, is_nullable from information_schema.columns
        where table_schema = 'public' and table_name = ${table} order by ordinal_position`.execute(
        database.db,
      );
      return rows;
    }

    it('has applied every migration, so running them again applies nothing', async () => {
      expect(await migrateToLatest(database.db)).toEqual([]);
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        database.db,
      );
      expect(rows.map((row) => row.name)).toEqual(Object.keys(migrations));
    });

    it('creates the foundation tables', async () => {
      expect(await columnsOf('tenants')).toEqual([
        { column_name: 'tenant_id', data_type: 'text', is_nullable: 'NO' },
        { column_name: 'name', data_type: 'text', is_nullable: 'NO' },
        { column_name: 'status', data_type: 'smallint', is_nullable: 'NO' },
        { column_name: 'created_at', data_type: 'timestamp with time zone', is_nullable: 'NO' },
      ]);
      expect(await columnsOf('deployment_settings')).toEqual([
        { column_name: 'key', data_type: 'text', is_nullable: 'NO' },
        { column_name: 'value', data_type: 'text', is_nullable: 'NO' },
        { column_name: 'updated_at', data_type: 'timestamp with time zone', is_nullable: 'NO' },
      ]);
    });

    it('runs every migration down and up again', async () => {
      const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
      const down = await migrator.migrateTo(NO_MIGRATIONS);
      expect(down.error).toBeUndefined();
      expect(await columnsOf('tenants')).toEqual([]);
      expect(await migrateToLatest(database.db)).toEqual(Object.keys(migrations));
      expect((await columnsOf('tenants')).length).toBe(4);
    });
  });

  describe('seedWhenEmpty', () => {
    // The tenants, organisation and brand accounts: the business demo costs seconds a seed (businessSeed.test.ts).
    const ORGANISATION_ONLY = { businessData: false };

    it('seeds the demo tenants into an empty database and generates a strong password when none is given', async () => {
      const outcome = await seedWhenEmpty(database.db, ORGANISATION_ONLY);
      expect(outcome.seeded).toBe(true);
      const password = outcome.seeded ? outcome.generatedAdminPassword : undefined;
      expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);

      const tenants = await database.db
        .selectFrom('tenants')
        .select(['tenant_id', 'name', 'status'])
        .orderBy('tenant_id')
        .execute();
      expect(tenants).toEqual(DEMO_TENANTS.map((tenant) => ({ ...tenant, status: 1 })));
      const stored = await database.db.selectFrom('deployment_settings').selectAll().execute();
      expect(JSON.stringify(stored)).not.toContain(password);
    });

    it('seeds the demo organisation of both tenants, every account with the given password', async () => {
      // The business demo too: it adds the dealers' accounts.
      await seedWhenEmpty(database.db, { adminPassword: 'Given-Pa55' });
      const users = await database.db
        .selectFrom('users')
        .select(['id', 'tenant_id', 'username', 'phone', 'role_enum', 'status', 'password_hash'])
        .orderBy('username')
        .execute();
      expect(users.map((user) => [user.username, user.tenant_id, user.role_enum])).toEqual([
        ['admin', 'A01', null],
        // The demo dealers' administrators and warehouse keepers (seed/dealers.ts).
        ['dealer1', 'A01', null],
        ['dealer1wh', 'A01', null],
        ['dealer2', 'A01', null],
        ['dealer2wh', 'A01', null],
        ['liuyang', 'A01', null],
        // The demo repair engineer allowed on the web, of no department (seed/repairs.ts).
        ['mes_li', 'A01', 'MES_WXG'],
        ['mes_wxg', 'A01', 'MES_WXG'],
        ['mes_zg', 'A01', 'MES_ZG'],
        ['t2admin', 'B01', null],
        ['wangfang', 'A01', null],
        ['zhangwei', 'A01', null],
        ['zhaolei', 'A01', null],
      ]);
      for (const user of users) {
        expect(user.id).toBe(demoUserId(user.username));
        expect(user.status).toBe(1);
        expect(isMainlandMobile(user.phone as string)).toBe(true);
        expect(user.password_hash).toMatch(/^\$argon2id\$/);
        await expect(verifyPassword(user.password_hash, 'Given-Pa55')).resolves.toBe(true);
      }
      expect(new Set(users.map((user) => user.phone)).size).toBe(users.length);

      const departs = await database.db
        .selectFrom('departs')
        .select(['id', 'tenant_id', 'org_code', 'org_type', 'parent_id'])
        .orderBy('tenant_id')
        .orderBy('org_code')
        .execute();
      expect(departs.map((depart) => `${depart.tenant_id}/${depart.org_code}/${depart.org_type}`)).toEqual([
        'A01/A01/1',
        'A01/A01A01/2',
        'A01/A01A01A01/3',
        'A01/A01A01A02/3',
        'A01/A01A02/2',
        'A01/A01A02A01/3',
        'A01/A02/1',
        'B01/A01/1',
      ]);
      const shanghai = departs.find((depart) => depart.org_code === 'A01A01A01');
      expect(shanghai).toMatchObject({
        id: demoDepartId('A01', 'A01A01A01'),
        parent_id: demoDepartId('A01', 'A01A01'),
      });

      const levels = await database.db
        .selectFrom('roles')
        .select(['tenant_id', 'role_code', 'role_level'])
        .orderBy('tenant_id')
        .orderBy('role_code')
        .execute();
      expect(levels).toEqual([
        { tenant_id: 'A01', role_code: 'admin', role_level: 1 },
        { tenant_id: 'A01', role_code: 'dealer_admin', role_level: 5 },
        { tenant_id: 'A01', role_code: 'dealer_keeper', role_level: 5 },
        { tenant_id: 'A01', role_code: 'dept_manager', role_level: 9 },
        { tenant_id: 'A01', role_code: 'field_rep', role_level: 5 },
        { tenant_id: 'A01', role_code: 'mes', role_level: 5 },
        { tenant_id: 'A01', role_code: 'mes_engineer', role_level: 5 },
        { tenant_id: 'A01', role_code: 'sales', role_level: 5 },
        { tenant_id: 'B01', role_code: 'admin', role_level: 1 },
      ]);

      // Each tenant has its own copy of the menus; a role is granted only its own tenant's rows.
      const foreignGrants = await database.db
        .selectFrom('role_permissions')
        .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
        .innerJoin('roles', 'roles.id', 'role_permissions.role_id')
        .whereRef('permissions.tenant_id', '!=', 'roles.tenant_id')
        .select('roles.id')
        .execute();
      expect(foreignGrants).toEqual([]);
      const userAdd = await database.db
        .selectFrom('permissions')
        .select(['id', 'tenant_id'])
        .where('perms', '=', 'user:add')
        .orderBy('tenant_id')
        .execute();
      expect(userAdd).toEqual([
        { id: demoPermissionId('A01', 'user:add'), tenant_id: 'A01' },
        { id: demoPermissionId('B01', 'user:add'), tenant_id: 'B01' },
      ]);
    });

    it('does not generate a password when one is given', async () => {
      expect(await seedWhenEmpty(database.db, { ...ORGANISATION_ONLY, adminPassword: 'Given-Pa55' })).toEqual(
        {
          seeded: true,
          generatedAdminPassword: undefined,
        },
      );
    });

    it('leaves a database that has data alone', async () => {
      await seedWhenEmpty(database.db, ORGANISATION_ONLY);
      expect(await seedWhenEmpty(database.db, ORGANISATION_ONLY)).toEqual({ seeded: false });
      const { count } = await database.db
        .selectFrom('tenants')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      expect(count).toBe(String(DEMO_TENANTS.length));
    });

    it('seeds once when two instances start together', async () => {
      const outcomes = await Promise.all([
        seedWhenEmpty(database.db, ORGANISATION_ONLY),
        seedWhenEmpty(database.db, ORGANISATION_ONLY),
      ]);
      expect(outcomes.filter((outcome) => outcome.seeded)).toHaveLength(1);
    });
  });

  describe('the Kysely dialect', () => {
    it('returns bigint as a string, timestamptz as a Date', async () => {
      const { rows } = await sql<{ big: unknown; at: unknown }>`
        select 9007199254740993::int8 as big, now() as at`.execute(database.db);
      expect(rows[0].big).toBe('9007199254740993');
      expect(rows[0].at).toBeInstanceOf(Date);
    });

    it('reports affected rows', async () => {
      const inserted = await database.db
        .insertInto('tenants')
        .values([...DEMO_TENANTS])
        .executeTakeFirstOrThrow();
      expect(inserted.numInsertedOrUpdatedRows).toBe(2n);
      const deleted = await database.db.deleteFrom('tenants').executeTakeFirstOrThrow();
      expect(deleted.numDeletedRows).toBe(2n);
    });

    it('rolls a failed transaction back', async () => {
      await expect(
        database.db.transaction().execute(async (trx) => {
          await trx.insertInto('tenants').values(DEMO_TENANTS[0]).execute();
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      expect(await database.db.selectFrom('tenants').selectAll().execute()).toEqual([]);
    });

    it('rolls back to a savepoint and keeps the rest of the transaction', async () => {
      const trx = await database.db.startTransaction().execute();
      await trx.insertInto('tenants').values(DEMO_TENANTS[0]).execute();
      const inner = await trx.savepoint('second').execute();
      await inner.insertInto('tenants').values(DEMO_TENANTS[1]).execute();
      await (await inner.rollbackToSavepoint('second').execute()).commit().execute();
      const names = await database.db.selectFrom('tenants').select('tenant_id').execute();
      expect(names).toEqual([{ tenant_id: DEMO_TENANTS[0].tenant_id }]);
    });

    it('keeps concurrent transactions apart', async () => {
      const insertAndList = (tenant: (typeof DEMO_TENANTS)[number]) =>
        database.db.transaction().execute(async (trx) => {
          await trx.insertInto('tenants').values(tenant).execute();
          return trx.selectFrom('tenants').select('tenant_id').execute();
        });
      const [first, second] = await Promise.all([
        insertAndList(DEMO_TENANTS[0]),
        insertAndList(DEMO_TENANTS[1]),
      ]);
      // Each transaction sees its own row; at least one of them cannot see the other's uncommitted row.
      expect(first).toContainEqual({ tenant_id: 'A01' });
      expect(second).toContainEqual({ tenant_id: 'B01' });
      expect(first.length + second.length).toBeLessThan(4);
    });
  });
});
