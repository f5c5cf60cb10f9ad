// The asset ledger's state machine (DOMAIN §1.10): each action an asset takes is a row of ASSET_ACTIONS (the
// placement and condition states it may start from, and where it goes); moveAsset applies one with a
// conditional UPDATE on the states and version read, so of two operators acting on one asset at once the
// second gets 409, and writes the move log row. A customer's 冰柜数 is recounted from the ledger whenever a
// freezer arrives at or leaves an outlet: it is never typed.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ApprovalBizType } from '../../../common/approvals';
import {
  CONDITION_STATUS,
  PLACEMENT_STATUS,
  type ConditionStatus,
  type MoveType,
  type PlacementStatus,
} from '../../../common/assets';
import { newId } from '../../db/ids';
import type { AssetsTable, DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { changedMeanwhile, notFound } from '../shared/commands';
import { dataScopeOf, inScope } from '../shared/dataScope';
import type { Caller } from '../shared/actor';

/** The approval types the asset module submits. */
export const ASSET_FLOW_TYPES: readonly ApprovalBizType[] = [
  'ASSET_PLACE',
  'ASSET_RECALL',
  'ASSET_TRANSFER',
  'ASSET_SCRAP',
];

export interface AssetAction {
  /** What the user does, in Chinese: 发起投放, 出库配送 … */
  label: string;
  placementFrom: readonly PlacementStatus[];
  conditionFrom: readonly ConditionStatus[];
  placementTo?: PlacementStatus;
  conditionTo?: ConditionStatus;
  move: MoveType;
}

const USABLE: readonly ConditionStatus[] = ['NORMAL', 'ABNORMAL'];
const ANY_PLACEMENT: readonly PlacementStatus[] = ['IN_STOCK', 'LOCKED', 'DELIVERING', 'PLACED', 'RECALLING'];

/** Every transition of an asset: the table the commands are checked against. */
export const ASSET_ACTIONS = {
  lock: {
    label: '发起投放',
    placementFrom: ['IN_STOCK'],
    conditionFrom: ['NORMAL'],
    placementTo: 'LOCKED',
    move: 'APPLY',
  },
  unlock: {
    label: '解除锁定',
    placementFrom: ['LOCKED', 'DELIVERING'],
    conditionFrom: USABLE,
    placementTo: 'IN_STOCK',
    move: 'LOCK_RELEASED',
  },
  deposit: { label: '收取押金', placementFrom: ['LOCKED'], conditionFrom: USABLE, move: 'DEPOSIT' },
  deliver: {
    label: '出库配送',
    placementFrom: ['LOCKED'],
    conditionFrom: USABLE,
    placementTo: 'DELIVERING',
    move: 'DELIVER',
  },
  place: {
    label: '投放签收',
    placementFrom: ['DELIVERING'],
    conditionFrom: USABLE,
    placementTo: 'PLACED',
    move: 'PLACE',
  },
  applyRecall: { label: '申请退还', placementFrom: ['PLACED'], conditionFrom: USABLE, move: 'APPLY' },
  recall: {
    label: '退还',
    placementFrom: ['PLACED'],
    conditionFrom: USABLE,
    placementTo: 'RECALLING',
    move: 'APPROVED',
  },
  receive: {
    label: '退还收柜',
    placementFrom: ['RECALLING'],
    conditionFrom: USABLE,
    placementTo: 'IN_STOCK',
    move: 'RECALL',
  },
  applyTransfer: { label: '申请转移', placementFrom: ['PLACED'], conditionFrom: USABLE, move: 'APPLY' },
  transfer: { label: '转移', placementFrom: ['PLACED'], conditionFrom: USABLE, move: 'TRANSFER' },
  inspect: { label: '巡检', placementFrom: ['PLACED'], conditionFrom: USABLE, move: 'INSPECT' },
  report: {
    label: '异常报备',
    placementFrom: ANY_PLACEMENT,
    conditionFrom: USABLE,
    conditionTo: 'ABNORMAL',
    move: 'EXCEPTION',
  },
  reportLost: {
    label: '报备遗失',
    placementFrom: ANY_PLACEMENT,
    conditionFrom: USABLE,
    conditionTo: 'LOSING',
    move: 'EXCEPTION',
  },
  confirmLost: {
    label: '确认遗失',
    placementFrom: ANY_PLACEMENT,
    conditionFrom: ['LOSING'],
    placementTo: 'IN_STOCK',
    conditionTo: 'LOST',
    move: 'LOST',
  },
  restore: {
    label: '恢复正常',
    placementFrom: ANY_PLACEMENT,
    conditionFrom: ['ABNORMAL', 'LOSING'],
    conditionTo: 'NORMAL',
    move: 'RESTORE',
  },
  applyScrap: {
    label: '申请报废',
    placementFrom: ['IN_STOCK'],
    conditionFrom: USABLE,
    conditionTo: 'SCRAPPING',
    move: 'APPLY',
  },
  scrap: {
    label: '报废',
    placementFrom: ['IN_STOCK'],
    conditionFrom: ['SCRAPPING'],
    conditionTo: 'SCRAPPED',
    move: 'SCRAP',
  },
  handover: {
    label: '交接',
    placementFrom: ANY_PLACEMENT,
    conditionFrom: ['NORMAL', 'ABNORMAL', 'REPAIRING', 'SCRAPPING', 'LOSING'],
    move: 'HANDOVER',
  },
  scrapRejected: {
    label: '驳回报废',
    placementFrom: ['IN_STOCK'],
    conditionFrom: ['SCRAPPING'],
    move: 'SCRAP_REJECTED',
  },
  // A repair order of the asset (DOMAIN §1.15, server/modules/repairs): 报修中 while it is open, back to
  // normal when it closes, to the condition it had when it is cancelled (the move sets it).
  repair: {
    label: '报修',
    placementFrom: ANY_PLACEMENT,
    conditionFrom: USABLE,
    conditionTo: 'REPAIRING',
    move: 'REPAIR',
  },
  repaired: {
    label: '维修完成',
    placementFrom: ANY_PLACEMENT,
    conditionFrom: ['REPAIRING'],
    conditionTo: 'NORMAL',
    move: 'REPAIRED',
  },
  repairCancelled: {
    label: '撤销报修',
    placementFrom: ANY_PLACEMENT,
    conditionFrom: ['REPAIRING'],
    move: 'REPAIRED',
  },
} as const satisfies Record<string, AssetAction>;

export type AssetActionName = keyof typeof ASSET_ACTIONS;

export type AssetRow = Selectable<AssetsTable>;

/** The asset of the tenant, in the caller's data scope (with `lock`: held until the transaction ends). */
export async function assetInScope(
  db: Kysely<DB>,
  caller: Caller,
  id: string,
  lock = false,
): Promise<AssetRow> {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  let query = db
    .selectFrom('assets')
    .selectAll()
    .where('id', '=', id)
    .where('tenant_id', '=', caller.tenantId)
    .where(inScope(scope, 'org_code', 'responsible_user_id'));
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('资产');
  return row;
}

/** A 409 naming the action and the asset's states when the table has no such transition from them. */
export function checkAction(
  asset: Pick<AssetRow, 'placement_status' | 'condition_status'>,
  name: AssetActionName,
) {
  const action: AssetAction = ASSET_ACTIONS[name];
  if (
    action.placementFrom.includes(asset.placement_status) &&
    action.conditionFrom.includes(asset.condition_status)
  ) {
    return action;
  }
  throw new BusinessError(
    409,
    `资产当前为「${PLACEMENT_STATUS[asset.placement_status]}／${CONDITION_STATUS[asset.condition_status]}」，不能${action.label}`,
  );
}

export interface Move {
  /** Columns the action sets besides the states (the outlet, the warehouse …). */
  set?: Partial<
    Pick<AssetRow, 'customer_id' | 'warehouse_id' | 'org_code' | 'placed_at' | 'condition_status'>
  > &
    Partial<Pick<AssetRow, 'last_inspection_at' | 'last_temperature' | 'responsible_user_id'>>;
  fromText?: string | null;
  toText?: string | null;
  detail?: string | null;
  applicationId?: string | null;
  /** The move log's type when it differs from the action's. */
  moveType?: MoveType;
}

/**
 * Applies action `name` to the asset as it was read: the UPDATE holds only if the asset is still in those
 * states and that version (else 409, someone acted first). Writes the move log and recounts 冰柜数 of the
 * outlets the asset left or reached.
 */
export async function moveAsset(
  trx: Kysely<DB>,
  operatorId: string | null,
  asset: AssetRow,
  name: AssetActionName,
  move: Move = {},
): Promise<void> {
  const action: AssetAction = checkAction(asset, name);
  const updated = await trx
    .updateTable('assets')
    .set({
      ...move.set,
      ...(action.placementTo ? { placement_status: action.placementTo } : {}),
      ...(action.conditionTo ? { condition_status: action.conditionTo } : {}),
      updated_by: operatorId,
      updated_at: new Date(),
      version: sql`version + 1`,
    })
    .where('id', '=', asset.id)
    .where('tenant_id', '=', asset.tenant_id)
    .where('placement_status', '=', asset.placement_status)
    .where('condition_status', '=', asset.condition_status)
    .where('version', '=', asset.version)
    .returning(['customer_id'])
    .executeTakeFirst();
  if (!updated) throw changedMeanwhile('资产');
  await logMove(trx, asset, move.moveType ?? action.move, operatorId, move);
  const outlets = new Set([asset.customer_id, updated.customer_id].filter((id): id is string => !!id));
  if (asset.asset_type === 'FREEZER') {
    for (const customerId of outlets) await recountFreezers(trx, asset.tenant_id, customerId);
  }
}

export async function logMove(
  trx: Kysely<DB>,
  asset: Pick<AssetRow, 'id' | 'tenant_id'>,
  moveType: MoveType,
  operatorId: string | null,
  move: Pick<Move, 'fromText' | 'toText' | 'detail' | 'applicationId'> = {},
): Promise<void> {
  await trx
    .insertInto('asset_moves')
    .values({
      id: newId(),
      tenant_id: asset.tenant_id,
      asset_id: asset.id,
      move_type: moveType,
      from_text: move.fromText ?? null,
      to_text: move.toText ?? null,
      detail: move.detail ?? null,
      application_id: move.applicationId ?? null,
      operator_id: operatorId,
    })
    .execute();
}

/**
 * 冰柜数 of one customer (or of every customer of the tenant): the freezers placed there or being recalled
 * from there. Only this function writes the column.
 */
export async function recountFreezers(db: Kysely<DB>, tenantId: string, customerId?: string): Promise<void> {
  let update = db
    .updateTable('customers')
    .set({
      freezer_count: sql<number>`(select count(*) from assets a where a.tenant_id = customers.tenant_id
        and a.customer_id = customers.id and a.asset_type = 'FREEZER')`,
    })
    .where('tenant_id', '=', tenantId);
  if (customerId !== undefined) update = update.where('id', '=', customerId);
  await update.execute();
}
