// 异常拜访审核 (issue #17): the VISIT_ABNORMAL approval flow for the tenants created before it (new tenants get
// it with DEFAULT_FLOWS). The approval_flows biz_type check already lists VISIT_ABNORMAL. Running it again adds
// nothing.
import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { insertMissingFlows } from '../../modules/approvals/flows';

export async function up(db: Kysely<DB>): Promise<void> {
  const tenants = await db.selectFrom('tenants').select('tenant_id').execute();
  for (const { tenant_id: tenantId } of tenants) await insertMissingFlows(db, tenantId, ['VISIT_ABNORMAL']);
}

export async function down(db: Kysely<DB>): Promise<void> {
  // The flows no approval has used (a used one stays with its instances).
  await db
    .deleteFrom('approval_flows')
    .where('biz_type', '=', 'VISIT_ABNORMAL')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('approval_instances')
            .select('approval_instances.id')
            .whereRef('approval_instances.flow_id', '=', 'approval_flows.id'),
        ),
      ),
    )
    .execute();
}
