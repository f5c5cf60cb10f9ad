// Every migration, listed here in order: no filesystem globbing, so tsx, Jest and a bundle see the same list.
import { Migrator, type Kysely, type Migration } from 'kysely';
import type { DB } from '../schema';
import * as foundation from './0001_foundation';
import * as auth from './0002_auth';
import * as erpSyncTasks from './0003_erp_sync_tasks';
import * as accountSelfService from './0004_account_self_service';
import * as announcements from './0005_announcements';
import * as systemAdmin from './0006_system_admin';
import * as thirdParty from './0007_third_party';
import * as businessCore from './0008_business_core';
import * as orders from './0009_orders';
import * as erpConnections from './0010_erp_connections';
import * as storedFiles from './0011_stored_files';
import * as addedMenus from './0012_added_menus';
import * as failedSyncCount from './0013_failed_sync_count';
import * as orderAutoSign from './0014_order_auto_sign';
import * as assignRolePermission from './0015_assign_role_permission';
import * as lotExpiry from './0017_lot_expiry';
import * as approvals from './0018_approvals';
import * as backgroundJobs from './0019_background_jobs';
import * as attachmentsAndHistory from './0020_attachments_and_history';
import * as visits from './0021_visits';
import * as promotions from './0022_promotions';
import * as assets from './0023_assets';
import * as visitAbnormalReview from './0025_visit_abnormal_review';
import * as assetAlarms from './0026_asset_alarms';
import * as agreements from './0027_agreements';
import * as displayAgreements from './0028_display_agreements';
import * as rebates from './0029_rebates';
import * as kpi from './0030_kpi';
import * as posmAndAds from './0031_posm_and_ads';
import * as repairs from './0032_repairs';
import * as assetLifecycle from './0033_asset_lifecycle';
import * as dealers from './0034_dealers';
import * as payments from './0035_payments';
import * as mall from './0036_mall';
import * as executionAndCoins from './0037_execution_and_coins';
import * as attachmentClientIds from './0038_attachment_client_ids';
import * as tradeSpend from './0039_trade_spend';
import * as engineerAndHandoverMenus from './0040_engineer_and_handover_menus';
import * as returnCoinBack from './0041_return_coin_back';
import * as displayTerminatedOn from './0042_display_terminated_on';
import * as salesDailySummary from './0043_sales_daily_summary';
import * as importJobs from './0044_import_jobs';
import * as promotionBundlesCumulative from './0045_promotion_bundles_cumulative';
import * as exchangeDeductionsBack from './0046_exchange_deductions_back';
import * as wxplatform from './0047_wxplatform';
import * as visitObservations from './0049_visit_observations';
import * as payrollPayments from './0050_payroll_payments';
import * as nearExpiryMenu from './0052_near_expiry_menu';
import * as erpReceipts from './0053_erp_receipts';
import * as wxSubscribeMessages from './0054_wx_subscribe_messages';
import * as dealerStockWrites from './0057_dealer_stock_writes';
import * as orderReturnedAmount from './0058_order_returned_amount';

/** Kysely applies these in the order of their names. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_auth': auth,
  '0003_erp_sync_tasks': erpSyncTasks,
  '0004_account_self_service': accountSelfService,
  '0005_announcements': announcements,
  '0006_system_admin': systemAdmin,
  '0007_third_party': thirdParty,
  '0008_business_core': businessCore,
  '0009_orders': orders,
  '0010_erp_connections': erpConnections,
  '0011_stored_files': storedFiles,
  '0012_added_menus': addedMenus,
  '0013_failed_sync_count': failedSyncCount,
  '0014_order_auto_sign': orderAutoSign,
  '0015_assign_role_permission': assignRolePermission,
  '0017_lot_expiry': lotExpiry,
  '0018_approvals': approvals,
  '0019_background_jobs': backgroundJobs,
  '0020_attachments_and_history': attachmentsAndHistory,
  '0021_visits': visits,
  '0022_promotions': promotions,
  '0023_assets': assets,
  '0025_visit_abnormal_review': visitAbnormalReview,
  '0026_asset_alarms': assetAlarms,
  '0027_agreements': agreements,
  '0028_display_agreements': displayAgreements,
  '0029_rebates': rebates,
  '0030_kpi': kpi,
  '0031_posm_and_ads': posmAndAds,
  '0032_repairs': repairs,
  '0033_asset_lifecycle': assetLifecycle,
  '0034_dealers': dealers,
  '0035_payments': payments,
  '0036_mall': mall,
  '0037_execution_and_coins': executionAndCoins,
  '0038_attachment_client_ids': attachmentClientIds,
  '0039_trade_spend': tradeSpend,
  '0040_engineer_and_handover_menus': engineerAndHandoverMenus,
  '0041_return_coin_back': returnCoinBack,
  '0042_display_terminated_on': displayTerminatedOn,
  '0043_sales_daily_summary': salesDailySummary,
  '0044_import_jobs': importJobs,
  '0045_promotion_bundles_cumulative': promotionBundlesCumulative,
  '0046_exchange_deductions_back': exchangeDeductionsBack,
  '0047_wxplatform': wxplatform,
  '0049_visit_observations': visitObservations,
  '0050_payroll_payments': payrollPayments,
  '0052_near_expiry_menu': nearExpiryMenu,
  '0053_erp_receipts': erpReceipts,
  '0054_wx_subscribe_messages': wxSubscribeMessages,
  '0057_dealer_stock_writes': dealerStockWrites,
  '0058_order_returned_amount': orderReturnedAmount,
};

export class MigrationError extends Error {
  constructor(
    readonly migrationName: string | undefined,
    options: { cause: unknown },
  ) {
    super(`数据库迁移失败${migrationName ? `：${migrationName}` : ''}`, options);
    this.name = 'MigrationError';
  }
}

/** Applies the pending migrations and returns their names; throws a MigrationError on failure. */
export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    throw new MigrationError(results.find((result) => result.status === 'Error')?.migrationName, {
      cause: error,
    });
  }
  return results.map((result) => result.migrationName);
}
