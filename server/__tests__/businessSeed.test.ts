import { sql } from 'kysely';
import { DEMO_SEED } from '../db/seed/business';
import { demoBarcode, seededRandom, topUpCustomers } from '../db/seed/businessData';
import { hasValidCheckDigit } from '../modules/products/service';
import { resolvePrice } from '../modules/products/priceLists';
import { openSeededDatabase } from './support/auth';
import { testBackends, type TestDatabase } from './support/database';

describe('the seeded random generator', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const draw = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 5 }, () => random.int(0, 1000));
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('gives valid EAN-13 barcodes', () => {
    for (let index = 1; index <= 40; index += 1) expect(hasValidCheckDigit(demoBarcode(index))).toBe(true);
  });
});

describe.each(testBackends())('business demo data on %s', (backend) => {
  let testDatabase: TestDatabase;

  beforeAll(async () => {
    testDatabase = await openSeededDatabase(backend, { businessData: true });
  });
  afterAll(() => testDatabase.dispose());

  const countOf = async (
    table: 'skus' | 'customers' | 'stock_lots' | 'price_lists',
    tenantId: string,
    where = sql`true`,
  ) => {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::integer as n from ${sql.table(table)} where tenant_id = ${tenantId} and ${where}`.execute(
      testDatabase.database.db,
    );
    return rows[0].n;
  };

  it('has the demo volumes (DOMAIN §2.5) in A01 and a little in B01', async () => {
    expect(await countOf('skus', 'A01')).toBe(30);
    expect(await countOf('price_lists', 'A01')).toBe(5);
    expect(await countOf('customers', 'A01', sql`customer_type = 'DEALER'`)).toBe(10);
    expect(await countOf('customers', 'A01', sql`customer_type = 'OUTLET'`)).toBe(500);
    expect(await countOf('skus', 'B01')).toBe(5);
    expect(await countOf('customers', 'B01', sql`customer_type = 'OUTLET'`)).toBe(20);
  });

  it('makes every page meaningful: types, cities, statuses, look-alikes and stock of every age', async () => {
    const db = testDatabase.database.db;
    const kinds = await db
      .selectFrom('customers')
      .select('outlet_type')
      .distinct()
      .where('tenant_id', '=', 'A01')
      .execute();
    expect(kinds.length).toBeGreaterThanOrEqual(10);
    const cities = await db
      .selectFrom('customers')
      .select('city_code')
      .distinct()
      .where('tenant_id', '=', 'A01')
      .execute();
    expect(cities.length).toBe(9);
    expect(await countOf('customers', 'A01', sql`audit_status = 'PENDING'`)).toBeGreaterThan(10);
    expect(await countOf('customers', 'A01', sql`lng is null`)).toBeGreaterThan(0);
    const freshness = await sql<{ near: number; old: number; fresh: number }>`
      select count(*) filter (where expiry_date - current_date between 0 and 45)::integer as near,
             count(*) filter (where current_date - production_date > 180)::integer as old,
             count(*) filter (where current_date - production_date <= 30)::integer as fresh
      from stock_lots where tenant_id = 'A01'`.execute(db);
    expect(freshness.rows[0].near).toBeGreaterThan(0);
    expect(freshness.rows[0].old).toBeGreaterThan(0);
    expect(freshness.rows[0].fresh).toBeGreaterThan(0);
  });

  it('derives every lot balance from its movements', async () => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::integer as n from stock_lots l
      where l.qty_on_hand <> (select coalesce(sum(case when direction = 'IN' then base_qty else -base_qty end), 0)
                              from stock_movements m where m.lot_id = l.id)`.execute(
      testDatabase.database.db,
    );
    expect(rows[0].n).toBe(0);
    expect(await countOf('stock_lots', 'A01')).toBeGreaterThan(100);
  });

  it('prices every outlet: the Guangzhou supply list, the newer water list', async () => {
    const db = testDatabase.database.db;
    const outlet = await db
      .selectFrom('customers')
      .select('id')
      .where('tenant_id', '=', 'A01')
      .where('city_code', '=', '440100')
      .where('customer_type', '=', 'OUTLET')
      .orderBy('customer_code')
      .executeTakeFirstOrThrow();
    const sku = (code: string) =>
      db
        .selectFrom('skus')
        .select('id')
        .where('tenant_id', '=', 'A01')
        .where('sku_code', '=', code)
        .executeTakeFirstOrThrow();
    const energy = await resolvePrice(db, 'A01', {
      customerId: outlet.id,
      skuId: (await sku('SKU00000001')).id,
      priceType: 'SUPPLY',
    });
    expect(energy).toMatchObject({ priceListCode: expect.stringMatching(/-GZ$/), casePrice: '65.00' });
    const water = await resolvePrice(db, 'A01', {
      customerId: outlet.id,
      skuId: (await sku('SKU00000006')).id,
      priceType: 'FACTORY',
    });
    expect(water).toMatchObject({ priceListCode: expect.stringMatching(/-W$/), casePrice: '24.72' });
  });

  it('tops a tenant up to a larger volume, codes continuing, deterministically', async () => {
    const added = await topUpCustomers(
      testDatabase.database.db,
      'A01',
      { dealers: 12, outlets: 530 },
      DEMO_SEED,
    );
    expect(added).toMatchObject({ dealers: 2, outlets: 30 });
    expect(await countOf('customers', 'A01', sql`customer_type = 'OUTLET'`)).toBe(530);
    expect(await countOf('customers', 'A01', sql`customer_code = 'S0000530'`)).toBe(1);
    const again = await topUpCustomers(
      testDatabase.database.db,
      'A01',
      { dealers: 12, outlets: 530 },
      DEMO_SEED,
    );
    expect(again).toMatchObject({ dealers: 0, outlets: 0 });
  });
});
