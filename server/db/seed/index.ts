// Demo data for an empty database. Each issue adds its step to SEED_STEPS.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AttachmentStorage } from '../../modules/attachments/storage';
import type { DB } from '../schema';
import { seedBusiness, seedOrders, seedVisits } from './business';
import { seedErp } from './erp';
import { seedExecution } from './execution';
import { seedAgreements } from './agreements';
import { seedAnnouncements } from './announcements';
import { seedApprovals } from './approvals';
import { seedAssets } from './assets';
import { seedDisplays } from './displays';
import { seedKpi } from './kpi';
import { seedOrganisation } from './organisation';
import { seedPromotions } from './promotions';
import { seedRebates } from './rebates';
import { seedPosmAndAds } from './posm';
import { seedMall } from './mall';
import { seedRepairs } from './repairs';
import { seedDemoPhotos } from './photos';
import { seedTenants } from './tenants';
import { seedWecom } from './wecom';
// Dealer workspaces (issue #22).
import { seedDealers } from './dealers';

export interface SeedContext {
  /** The password of every seeded account. */
  adminPassword: string;
}

export type SeedStep = (trx: Transaction<DB>, context: SeedContext) => Promise<void>;

/** In order: later steps may refer to rows of earlier ones. */
const SEED_STEPS: SeedStep[] = [seedTenants, seedOrganisation, seedWecom, seedAnnouncements];
/**
 * The business demo (products, customers, stock, the ERP connection, orders): seconds on PGlite, so tests that do
 * not need it skip it.
 */
const BUSINESS_STEPS: SeedStep[] = [
  seedBusiness,
  seedErp,
  seedOrders,
  seedApprovals,
  seedPromotions,
  seedRebates,
  seedAssets,
  seedVisits,
  // 门店执行 and coins (issue #17): scored results of the visits' 陈列检查.
  seedExecution,
  seedAgreements,
  seedPosmAndAds,
  seedDisplays,
  seedKpi,
  // issue #22: the mall and the employee-price programme
  seedMall,
  // Dealer workspaces (issue #22).
  seedDealers,
  // MES repair and spare parts (issue #20): after the assets, whose alarms already opened orders.
  seedRepairs,
];

export type SeedOutcome =
  | { seeded: false }
  /** `generatedAdminPassword` is set only when none was given: print it once, it is stored nowhere in clear. */
  | { seeded: true; generatedAdminPassword: string | undefined };

/** Arbitrary constant key of the advisory lock that keeps two instances starting together from both seeding. */
const SEED_LOCK_KEY = 7_411_001;

/** 144 random bits, 24 characters of base64url. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/** Seeds the demo data when the database has no tenant yet; does nothing otherwise. */
export async function seedWhenEmpty(
  db: Kysely<DB>,
  options: { adminPassword?: string; businessData?: boolean; attachmentStorage?: AttachmentStorage },
): Promise<SeedOutcome> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    const existing = await trx.selectFrom('tenants').select('tenant_id').limit(1).executeTakeFirst();
    if (existing) return { seeded: false };

    const adminPassword = options.adminPassword ?? generatePassword();
    const steps = options.businessData === false ? SEED_STEPS : [...SEED_STEPS, ...BUSINESS_STEPS];
    for (const step of steps) await step(trx, { adminPassword });
    // Photos need the attachment storage: the server's start gives it, the tests' seeds do without.
    if (options.businessData !== false && options.attachmentStorage)
      await seedDemoPhotos(trx, options.attachmentStorage);
    return { seeded: true, generatedAdminPassword: options.adminPassword ? undefined : adminPassword };
  });
}
