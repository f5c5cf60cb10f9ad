// Seed step of the ERP integration: tenant A01's Kingdee connection points at this server's simulator, its
// code mappings come from the master data (its 结算方式 from the demo's), and two outlets' customer archives were queued for the ERP
// before anyone gave them ERP codes — the worker ran them, so they are FAILED (编码未映射) for real, and the
// side menu's red dot shows out of the box until someone fixes the mappings and retries.
import type { Transaction } from 'kysely';
import type { ReceiptChannel } from '../../../common/orders';
import { SIMULATED_BASE_URLS, SIMULATED_ERP_CREDENTIALS } from '../../integrations/erp/simulator';
import { mappingsFromMasterData } from '../../modules/erpSync/connections';
import { enqueueSyncTask } from '../../modules/erpSync/tasks';
import { runDueSyncTasks } from '../../modules/erpSync/worker';
import { stableId } from '../ids';
import type { DB, ErpSystemType } from '../schema';
import type { SeedStep } from './index';

const DEMO_FAILED_ARCHIVES = 2;

/** The 结算方式 (code, name) each 收款方式 is in the demo's ERPs: their receipts and refunds go through. */
const DEMO_SETTLE_TYPES: Record<ErpSystemType, Record<ReceiptChannel, [string, string]>> = {
  KINGDEE_K3CLOUD: {
    CASH: ['JSFS01_SYS', '现金'],
    BANK_TRANSFER: ['JSFS04_SYS', '电汇'],
    WECHAT: ['JSFS31_SYS', '微信'],
    ALIPAY: ['JSFS32_SYS', '支付宝'],
    PREPAID: ['JSFS22_SYS', '预收冲抵'],
    OTHER: ['JSFS99_SYS', '其他'],
  },
  CHANJET_TPLUS: {
    CASH: ['01', '现金'],
    BANK_TRANSFER: ['03', '银行转账'],
    WECHAT: ['06', '微信'],
    ALIPAY: ['07', '支付宝'],
    PREPAID: ['08', '预收款冲抵'],
    OTHER: ['99', '其他'],
  },
};

/** Maps a demo connection's settle types (the rows mappingsFromMasterData listed as 未映射). */
export async function mapDemoSettleTypes(
  trx: Transaction<DB>,
  connectionId: string,
  systemType: ErpSystemType,
): Promise<void> {
  for (const [channel, [code, name]] of Object.entries(DEMO_SETTLE_TYPES[systemType])) {
    await trx
      .updateTable('erp_mappings')
      .set({ erp_code: code, erp_name: name, status: 'OK', verified_at: new Date() })
      .where('connection_id', '=', connectionId)
      .where('entity_type', '=', 'SETTLE_TYPE')
      .where('local_id', '=', channel)
      .execute();
  }
}

export const seedErp: SeedStep = async (trx) => {
  const tenantId = 'A01';
  const connectionId = stableId('erp-connection', tenantId, 'kingdee');
  await trx
    .insertInto('erp_connections')
    .values({
      id: connectionId,
      tenant_id: tenantId,
      name: '金蝶云星空（本机模拟器）',
      system_type: 'KINGDEE_K3CLOUD',
      base_url: SIMULATED_BASE_URLS.KINGDEE_K3CLOUD,
      acct_id: 'SIM-A01',
      app_id: SIMULATED_ERP_CREDENTIALS.appId,
      app_secret: SIMULATED_ERP_CREDENTIALS.appSecret,
      user_name: SIMULATED_ERP_CREDENTIALS.userName,
      sale_org_code: '100',
      default_bill_type: 'XSDD01_SYS',
    })
    .execute();
  await mappingsFromMasterData(trx, tenantId, connectionId, 'KINGDEE_K3CLOUD');
  await mapDemoSettleTypes(trx, connectionId, 'KINGDEE_K3CLOUD');

  const outlets = await trx
    .selectFrom('customers')
    .select(['id', 'customer_code', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('customer_type', '=', 'OUTLET')
    .where('erp_customer_code', 'is', null)
    .orderBy('customer_code')
    .limit(DEMO_FAILED_ARCHIVES)
    .execute();
  const queued = [];
  for (const outlet of outlets) {
    const task = await enqueueSyncTask(trx, {
      tenantId,
      bizType: 'CUSTOMER',
      bizId: outlet.id,
      bizNo: outlet.customer_code,
      operation: 'SAVE',
      document: {
        date: '2026-11-20',
        customer: { id: outlet.id, code: outlet.customer_code, name: outlet.name },
        lines: [],
      },
    });
    if (task) queued.push(task.id);
  }
  // No ERP is reached: the missing mappings stop the tasks before any call.
  await runDueSyncTasks(trx, { selfOrigin: undefined }, { tenantId, taskIds: queued });
};
