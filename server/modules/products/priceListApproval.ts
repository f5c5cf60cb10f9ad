// 启用 of a price list (DOMAIN §1.2, DRAFT/DISABLED → PENDING 审批中 → ACTIVE) as the PRICE_LIST business type of
// the 审批中心: 提交 checks what activation needs and starts the approval; approved activates the list (the
// checks run again, as a twin may have gone live meanwhile); rejected and withdrawn leave it as it was, to be
// edited and submitted again. The stored status stays DRAFT/DISABLED while the approval runs (PENDING is
// shown from the running instance).
import { sql, type Kysely, type Transaction } from 'kysely';
import { PRICE_LIST_STATUS, PRICE_TYPE } from '../../../common/businessEnums';
import { shanghaiDateTime } from '../../db/dates';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import {
  registerApprovalHandler,
  startApproval,
  type ApprovalOutcome,
  type TaskNotice,
} from '../approvals/engine';
import type { Actor } from '../shared/actor';
import { changedMeanwhile, notFound } from '../shared/commands';
import { requireActivatable, requireNoRunningApproval, SUBMITTABLE_PRICE_LIST_STATUS } from './priceLists';

/** Approved: the list goes live, unless it left DRAFT/DISABLED meanwhile (409). */
async function activate(trx: Transaction<DB>, outcome: ApprovalOutcome) {
  await requireActivatable(trx, outcome.tenantId, outcome.bizId);
  await settle(trx, outcome, 'ACTIVE');
}

/** Moves (or, for a rejection, only touches) a list still in a submittable state; else 409. */
async function settle(trx: Transaction<DB>, outcome: ApprovalOutcome, to: 'ACTIVE' | null) {
  const moved = await trx
    .updateTable('price_lists')
    .set({
      ...(to ? { status: to } : {}),
      updated_by: outcome.actorId,
      updated_at: new Date(),
      version: sql`version + 1`,
    })
    .where('id', '=', outcome.bizId)
    .where('tenant_id', '=', outcome.tenantId)
    .where('status', 'in', SUBMITTABLE_PRICE_LIST_STATUS)
    .returning('id')
    .executeTakeFirst();
  if (!moved) throw changedMeanwhile('价目表');
}

registerApprovalHandler({
  bizType: 'PRICE_LIST',
  approved: activate,
  rejected: (trx, outcome) => settle(trx, outcome, null),
  withdrawn: (trx, outcome) => settle(trx, outcome, null),
});

/** 提交: starts the list's approval, in one transaction with the checks; a second submission is a 409. */
export async function submitPriceList(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
): Promise<{ status: 'PENDING'; notices: TaskNotice[] }> {
  return db.transaction().execute(async (trx) => {
    const list = await trx
      .selectFrom('price_lists')
      .select([
        'id',
        'code',
        'name',
        'price_type',
        'status',
        'priority',
        shanghaiDateTime('valid_from').as('validFrom'),
        shanghaiDateTime<string | null>('valid_to').as('validTo'),
        (eb) =>
          eb
            .selectFrom('price_list_items')
            .select(sql<number>`count(*)::integer`.as('n'))
            .whereRef('price_list_items.price_list_id', '=', 'price_lists.id')
            .as('itemCount'),
      ])
      .where('id', '=', id)
      .where('tenant_id', '=', actor.tenantId)
      .forUpdate()
      .executeTakeFirst();
    if (!list) throw notFound('价目表');
    if (!SUBMITTABLE_PRICE_LIST_STATUS.includes(list.status)) {
      throw new BusinessError(409, `当前状态为「${PRICE_LIST_STATUS[list.status]}」，不能提交审批`);
    }
    await requireNoRunningApproval(trx, actor.tenantId, id, '重复提交');
    await requireActivatable(trx, actor.tenantId, id);
    const { notices } = await startApproval(trx, {
      tenantId: actor.tenantId,
      initiatorId: actor.userId,
      bizType: 'PRICE_LIST',
      bizId: list.id,
      bizNo: list.code,
      title: `价目表：${list.name}`,
      summary: {
        fields: [
          { label: '价目表编码', value: list.code },
          { label: '价目表名称', value: list.name },
          { label: '价格类型', value: PRICE_TYPE[list.price_type] },
          { label: '生效时间', value: `${list.validFrom} 至 ${list.validTo ?? '长期'}` },
          { label: '优先级', value: String(list.priority) },
          { label: '明细', value: `${list.itemCount ?? 0} 个商品价格` },
        ],
      },
    });
    return { status: 'PENDING', notices };
  });
}
