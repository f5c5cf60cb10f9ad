// Seed step of the business core: the demo of tenant A01 at demo volume, a little for B01 (DOMAIN §2).
import { DEMO_VOLUME, generateBusinessData, SECOND_TENANT_VOLUME } from './businessData';
import type { SeedStep } from './index';

/** The generator's seed: the same demo on every fresh database. */
export const DEMO_SEED = 20_261_121;

export const seedBusiness: SeedStep = async (trx) => {
  await generateBusinessData(trx, 'A01', DEMO_VOLUME, DEMO_SEED);
  await generateBusinessData(trx, 'B01', SECOND_TENANT_VOLUME, DEMO_SEED + 1);
};
