// Set-up shared by the promotions tests over HTTP: a promotion's terms and tiers as the 编辑向导 sends them, and
// the desk the tests work a promotion from — added, submitted and approved in the 审批中心, the 试算预览, orders
// placed for the buyer outlet and the usages they hold.
import type { ApprovalRecord } from '../../../common/approvals';
import type { Page } from '../../../common/contract';
import type { PromotionPreview } from '../../../common/promotions';
import { type BusinessTestbed, type Caller, ok, type OrderableGoods } from './business';

export { beijing, promotionTerms, promotionTier } from './promotionTerms';

/** The promotion calls of a test, the buyer being `goods()`'s outlet unless another is named. */
export function promotionDesk(bed: () => BusinessTestbed, goods: () => OrderableGoods) {
  const add = (body: Record<string, unknown>, caller: Caller = 'admin') =>
    ok(bed().post<{ id: string; promoNo: string }>(caller, '/ePromotion/promotion/add', body));
  const command = (path: string, id: string, caller: Caller = 'admin') =>
    bed().post<{ status: string }>(caller, `/ePromotion/promotion/${path}`, { id });
  return {
    add,
    command,
    /** Submitted and approved by admin in the 审批中心 (the default PROMOTION flow). */
    async approved(body: Record<string, unknown>) {
      const { id } = await add(body);
      await ok(command('submit', id));
      const todo = await ok(bed().get<Page<ApprovalRecord>>('admin', '/approval/todo/list?pageSize=100'));
      const task = todo.records.find((record) => record.bizId === id);
      expect(task).toMatchObject({ bizType: 'PROMOTION' });
      await ok(bed().post('admin', '/approval/approve', { taskId: task!.taskId }));
      return id;
    },
    preview: (lines: Array<Record<string, unknown>>, buyerId = goods().outletId) =>
      ok(bed().post<PromotionPreview>('admin', '/ePromotion/promotion/preview', { buyerId, lines })),
    place: (lines: Array<Record<string, unknown>>, buyerId = goods().outletId) =>
      bed().post<{ id: string; payableAmount: string }>('admin', '/eOrder/eOrder/add', {
        buyerId,
        paymentMethod: 'COD',
        lines,
      }),
    usages: (promotionId: string) =>
      bed()
        .testDatabase.database.db.selectFrom('promotion_usages')
        .select(['order_id', 'tier_no', 'times', 'status', 'discount_amount', 'budget_consumed', 'gift_qty'])
        .where('promotion_id', '=', promotionId)
        .orderBy('created_at')
        .execute(),
    /** Why the preview did not apply the promotion (undefined: it did, or it was not considered). */
    skipped: (answer: PromotionPreview, id: string) =>
      answer.skipped.find((each) => each.promotionId === id)?.reason,
  };
}
