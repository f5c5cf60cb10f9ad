import type { Page } from '../../common/contract';
import type { OrderStatus } from '../../common/orders';
import { ReadCache, writesTo, type ReadCacheOptions, type TablesChanged } from '../db/readCache';
import { demoUserId } from '../db/seed/ids';
import type { WriteWatcher } from '../db/writeWatch';
import type { Broker } from '../push/broker';
import { testBackends } from './support/database';
import { useTestServer } from './support/useTestServer';

describe('ReadCache', () => {
  /** A cache over a fake write watch: `write(table)` is a committed write to that table. */
  function harness(options: Omit<ReadCacheOptions, 'tables'> = {}) {
    const watchers: WriteWatcher[] = [];
    const cache = new ReadCache(
      { watchWrites: (watcher) => watchers.push(watcher) },
      { tables: ['sales_orders', 'customers', 'users'], ...options },
    );
    const write = (table: string) =>
      watchers
        .filter((watcher) => watcher.matches(`update "${table}" set "a" = $1`))
        .forEach((w) => w.changed());
    let loads = 0;
    const read = (key = 'k', value = 'v') =>
      cache.get(key, ['sales_orders', 'customers'], async () => {
        loads += 1;
        return `${value}${loads}`;
      });
    return { cache, write, read, loads: () => loads };
  }

  it('answers from memory until a write to a table it read commits; other tables do not matter', async () => {
    const { write, read, loads } = harness();
    expect(await read()).toBe('v1');
    expect(await read()).toBe('v1');
    write('users');
    expect(await read()).toBe('v1');
    write('customers');
    expect(await read()).toBe('v2');
    expect(loads()).toBe(2);
  });

  it('does not keep what a read saw while a write to its tables committed', async () => {
    const { cache, write } = harness();
    let finish: (value: string) => void = () => undefined;
    const during = cache.get(
      'k',
      ['sales_orders'],
      () => new Promise<string>((resolve) => (finish = resolve)),
    );
    write('sales_orders');
    finish('old');
    expect(await during).toBe('old');
    expect(await cache.get('k', ['sales_orders'], async () => 'new')).toBe('new');
  });

  it('keeps nothing past its TTL, nor past what until() allows', async () => {
    const { cache } = harness({ ttlMs: 30 });
    expect(await cache.get('k', ['users'], async () => 1)).toBe(1);
    expect(await cache.get('k', ['users'], async () => 2)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await cache.get('k', ['users'], async () => 3)).toBe(3);
    expect(
      await cache.get(
        'n',
        ['users'],
        async () => 4,
        () => 0,
      ),
    ).toBe(4);
    expect(
      await cache.get(
        'n',
        ['users'],
        async () => 5,
        () => 0,
      ),
    ).toBe(5);
  });

  it('lets expired answers go as new ones come, oldest first', async () => {
    const { cache } = harness({ ttlMs: 30 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, ['users'], async () => key);
    expect(cache.size).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await cache.get('d', ['users'], async () => 'd');
    expect(cache.size).toBe(1);
  });

  it('tells its peers the tables it wrote, and forgets what their writes made stale', async () => {
    const published: TablesChanged[] = [];
    let deliver: (message: TablesChanged) => void = () => undefined;
    const peers: Broker<TablesChanged> = {
      publish: async (message) => {
        published.push(message);
      },
      onMessage: (handler) => {
        deliver = handler;
      },
      ready: async () => undefined,
      close: async () => undefined,
    };
    const { write, read } = harness({ peers });
    // Told of a write to a watched table even before reading from it: another instance may have.
    write('users');
    expect(published).toEqual([{ tables: ['users'] }]);
    expect(await read()).toBe('v1');
    write('sales_orders');
    expect(published).toEqual([{ tables: ['users'] }, { tables: ['sales_orders'] }]);
    expect(await read()).toBe('v2');
    deliver({ tables: ['customers'] });
    expect(await read()).toBe('v3');
    deliver({ tables: ['stock_lots'] });
    expect(await read()).toBe('v3');
  });

  it('refuses to cache an answer read from a table it does not watch', async () => {
    const { cache } = harness();
    await expect(cache.get('k', ['stock_lots'], async () => 1)).rejects.toThrow('stock_lots');
  });

  it('sees the writes of migrations and Kysely alike, not reads or other tables', () => {
    const orders = writesTo('sales_orders');
    expect(orders('insert into "sales_orders" ("id") values ($1)')).toBe(true);
    expect(orders('UPDATE sales_orders SET status = 1')).toBe(true);
    expect(orders('delete from "sales_orders" where "id" = $1')).toBe(true);
    expect(orders('truncate table sales_orders')).toBe(true);
    expect(orders('select * from "sales_orders"')).toBe(false);
    expect(orders('update "sales_order_lines" set "qty" = $1')).toBe(false);
  });
});

describe.each(testBackends())('answers read through the cache, over HTTP on %s', (backend) => {
  const context = useTestServer(backend, { businessData: true });

  it('counts an order that changed status at the very next list request', async () => {
    const admin = await context.tokenOf('admin');
    const pending = async () =>
      (await context.client.get<Page<unknown>>('/eOrder/eOrder/list?status=PENDING_AUDIT', admin)).body.result
        .total;
    const before = await pending();
    expect(await pending()).toBe(before);
    const { db } = context.database;
    const completed = await db
      .selectFrom('sales_orders')
      .select('id')
      .where('tenant_id', '=', 'A01')
      .where('status', '=', 'COMPLETED')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('sales_orders')
      .set({ status: 'PENDING_AUDIT' })
      .where('id', '=', completed.id)
      .execute();
    expect(await pending()).toBe(before + 1);
    await db
      .updateTable('sales_orders')
      .set({ status: 'COMPLETED' })
      .where('id', '=', completed.id)
      .execute();
    expect(await pending()).toBe(before);
  });

  it("shows an order's new status and its rep's new name on its page at the very next request", async () => {
    const admin = await context.tokenOf('admin');
    const path = '/eOrder/eOrder/list?pageSize=20&column=orderedAt&order=desc';
    type Row = { id: string; status: OrderStatus; salesRepId: string | null; salesRepName: string | null };
    const firstRow = async () => {
      const rows = (await context.client.get<Page<Row>>(path, admin)).body.result.records;
      return rows.find((row) => row.salesRepId !== null) as Row;
    };
    const before = await firstRow();
    expect(await firstRow()).toEqual(before);
    const { db } = context.database;
    const status = before.status === 'COMPLETED' ? 'PENDING_AUDIT' : 'COMPLETED';
    await db.updateTable('sales_orders').set({ status }).where('id', '=', before.id).execute();
    expect(await firstRow()).toMatchObject({ id: before.id, status });
    await db
      .updateTable('users')
      .set({ realname: '改名的业务员' })
      .where('id', '=', before.salesRepId as string)
      .execute();
    expect(await firstRow()).toMatchObject({ id: before.id, salesRepName: '改名的业务员' });
    await db
      .updateTable('users')
      .set({ realname: before.salesRepName as string })
      .where('id', '=', before.salesRepId as string)
      .execute();
    await db.updateTable('sales_orders').set({ status: before.status }).where('id', '=', before.id).execute();
    expect(await firstRow()).toEqual(before);
  });

  it("widens a user's data scope at the very next request once he is given the head office", async () => {
    const zhangwei = await context.tokenOf('zhangwei');
    const customers = async () =>
      (await context.client.get<Page<unknown>>('/eCustomer/list', zhangwei)).body.result.total;
    const before = await customers();
    expect(await customers()).toBe(before);
    const { db } = context.database;
    const userId = demoUserId('zhangwei');
    const headOffice = await db
      .selectFrom('departs')
      .select(['id', 'org_code'])
      .where('tenant_id', '=', 'A01')
      .where('parent_id', 'is', null)
      .executeTakeFirstOrThrow();
    const { org_code: current } = await db
      .selectFrom('users')
      .select('org_code')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_departs')
      .values({ tenant_id: 'A01', user_id: userId, depart_id: headOffice.id })
      .execute();
    await db.updateTable('users').set({ org_code: headOffice.org_code }).where('id', '=', userId).execute();
    expect(await customers()).toBeGreaterThan(before);
    await db.updateTable('users').set({ org_code: current }).where('id', '=', userId).execute();
    await db
      .deleteFrom('user_departs')
      .where('user_id', '=', userId)
      .where('depart_id', '=', headOffice.id)
      .execute();
    expect(await customers()).toBe(before);
  });
});
