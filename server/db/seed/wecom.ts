// Demo WeCom installations: the simulated corps of tenants A01 and B01 have installed the suite, and some
// demo users are bound to their WeCom members, so the QR login works offline (the simulator's "Visitor"
// stays unbound, to show the answer for an unknown member).
import type { Transaction } from 'kysely';
import { SIMULATED_CORPS } from '../../integrations/wecom/simulatedDirectory';
import type { DB } from '../schema';
import { demoUserId } from './ids';

const INSTALLED: Array<{ tenantId: string; corpIndex: number; members: Record<string, string> }> = [
  {
    tenantId: 'A01',
    corpIndex: 0,
    members: { 'HuaYin.Admin': 'admin', ZhangWei: 'zhangwei', LiuYang: 'liuyang' },
  },
  { tenantId: 'B01', corpIndex: 1, members: { 'ChuanFu.Admin': 't2admin' } },
];

export async function seedWecom(trx: Transaction<DB>): Promise<void> {
  for (const { tenantId, corpIndex, members } of INSTALLED) {
    const corp = SIMULATED_CORPS[corpIndex];
    await trx
      .insertInto('wecom_corps')
      .values({
        corp_id: corp.corpId,
        tenant_id: tenantId,
        corp_name: corp.name,
        agent_id: corp.agentId,
        permanent_code: corp.permanentCode,
      })
      .execute();
    await trx
      .insertInto('wecom_users')
      .values(
        Object.entries(members).map(([wecomUserId, username]) => ({
          corp_id: corp.corpId,
          wecom_user_id: wecomUserId,
          tenant_id: tenantId,
          user_id: demoUserId(username),
        })),
      )
      .execute();
  }
}
