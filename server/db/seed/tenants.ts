// Demo tenants: two brand owners, so every screen can show that one tenant never sees another's rows.
import type { SeedStep } from './index';

export const DEMO_TENANTS = [
  { tenant_id: 'A01', name: '华饮酒业集团' },
  { tenant_id: 'B01', name: '川府饮品' },
] as const;

export const seedTenants: SeedStep = async (trx) => {
  await trx
    .insertInto('tenants')
    .values([...DEMO_TENANTS])
    .execute();
};
