// Tops a tenant's business data up to the load-test volumes (DOMAIN §2.5: 50 dealers, 5,000 outlets) with
// the deterministic demo generator. Uses the server's database settings (DATABASE_URL, else the PGlite
// folder DATA_DIR — stop the server first: PGlite allows one process). With --orders, also writes that many
// orders (in bulk, batches of 5,000) spread over the last --days days, for the order benchmarks. See README
// "Demo business data".
//
//   npm run seed:business -- [--tenant A01] [--dealers 50] [--outlets 5000] [--seed 20261121]
//                            [--orders 200000] [--days 730]
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { migrateToLatest } from '../server/db/migrations';
import { seedWhenEmpty } from '../server/db/seed';
import { DEMO_SEED } from '../server/db/seed/business';
import { LOAD_TEST_VOLUME, topUpCustomers } from '../server/db/seed/businessData';
import { generateOrders, LOAD_TEST_ORDERS } from '../server/db/seed/businessOrders';

const { values } = parseArgs({
  options: {
    tenant: { type: 'string', default: 'A01' },
    dealers: { type: 'string', default: String(LOAD_TEST_VOLUME.dealers) },
    outlets: { type: 'string', default: String(LOAD_TEST_VOLUME.outlets) },
    seed: { type: 'string', default: String(DEMO_SEED + 100) },
    orders: { type: 'string', default: '0' },
    days: { type: 'string', default: String(LOAD_TEST_ORDERS.days) },
  },
});

function count(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} 应为非负整数，收到 ${text}`);
  return value;
}

async function main(): Promise<void> {
  const target = { dealers: count('dealers', values.dealers), outlets: count('outlets', values.outlets) };
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db);
    const seeded = await seedWhenEmpty(database.db, { adminPassword: process.env.ADMIN_PASSWORD });
    if (seeded.seeded && seeded.generatedAdminPassword) {
      process.stdout.write(`已写入演示数据，演示账号初始密码: ${seeded.generatedAdminPassword}\n`);
    }
    const started = Date.now();
    const added = await topUpCustomers(database.db, values.tenant, target, count('seed', values.seed));
    process.stdout.write(
      `租户 ${values.tenant}: 新增经销商 ${added.dealers} 个、门店 ${added.outlets} 个、仓库 ${added.warehouses} 个、` +
        `批次 ${added.lots} 个、出入库流水 ${added.movements} 条，用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒\n`,
    );
    const orders = count('orders', values.orders);
    if (orders > 0) {
      const ordersStarted = Date.now();
      const written = await generateOrders(
        database.db,
        values.tenant,
        { orders, days: Math.max(1, count('days', values.days)) },
        count('seed', values.seed) + 1,
        { viaTasks: false },
      );
      process.stdout.write(
        `租户 ${values.tenant}: 新增订单 ${written.orders} 笔（ERP同步失败 ${written.failedSyncs} 笔），` +
          `用时 ${((Date.now() - ordersStarted) / 1000).toFixed(1)} 秒\n`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
