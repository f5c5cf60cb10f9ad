// Seed steps of the business core: the demo of tenant A01 at demo volume, a little for B01 (DOMAIN §2); and,
// once the ERP connection is there, months of their orders (issue #8).
import { DEMO_VOLUME, generateBusinessData, SECOND_TENANT_VOLUME } from './businessData';
import { DEMO_ORDER_VOLUME, generateOrders, SECOND_TENANT_ORDER_VOLUME } from './businessOrders';
import type { SeedStep } from './index';
import { generateVisits } from './visits';

/** The generator's seed: the same demo on every fresh database. */
export const DEMO_SEED = 20_261_121;

export const seedBusiness: SeedStep = async (trx) => {
  await generateBusinessData(trx, 'A01', DEMO_VOLUME, DEMO_SEED);
  await generateBusinessData(trx, 'B01', SECOND_TENANT_VOLUME, DEMO_SEED + 1);
};

export const seedOrders: SeedStep = async (trx) => {
  await generateOrders(trx, 'A01', DEMO_ORDER_VOLUME, DEMO_SEED + 2, { viaTasks: true });
  await generateOrders(trx, 'B01', SECOND_TENANT_ORDER_VOLUME, DEMO_SEED + 3, { viaTasks: true });
};

/** Rules, routes, plans and three months of visits (issue #17): 赵磊 walks 广州办事处's routes. */
export const seedVisits: SeedStep = async (trx) => {
  await generateVisits(trx, 'A01', DEMO_SEED + 4, [{ username: 'zhaolei', orgCode: 'A01A02A01' }]);
  await generateVisits(trx, 'B01', DEMO_SEED + 5, []);
};
