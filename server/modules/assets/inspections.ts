// Inspections and exception reports of placed assets (DOMAIN §1.10 AssetInspection, AssetExceptionReport):
// power, temperature, cleanliness and photos, the condition following what was found (NORMAL ↔ ABNORMAL);
// exceptions (lost, damaged, moved, misused) mark the asset, a loss is confirmed or the asset restored.
import type { Kysely } from 'kysely';
import { EXCEPTION_TYPE, CLEANLINESS, type Cleanliness, type ExceptionType } from '../../../common/assets';
import type { FaultCategory } from '../../../common/repairs';
import { newId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { logOperation, type Actor } from '../shared/actor';
import { openRepairIfNone } from '../repairs/orders';
import { nextDocumentNo } from '../shared/documentNumbers';
import { bindPhotos } from './applications';
import { assetInScope, moveAsset } from './ledger';

export interface InspectionInput {
  assetId: string;
  poweredOn: boolean;
  temperature?: number | null;
  cleanliness: Cleanliness;
  reportedCondition: 'NORMAL' | 'ABNORMAL';
  photoIds: string[];
  remark?: string | null;
  /** The fault found, when the abnormal asset needs a repair: a repair order (巡检报修) opens for it. */
  repairFault?: FaultCategory | null;
}

export async function inspectAssetIn(trx: Kysely<DB>, actor: Actor, input: InspectionInput) {
  const asset = await assetInScope(trx, actor, input.assetId, true);
  await bindPhotos(trx, actor.tenantId, asset.id, input.photoIds);
  const inspectionNo = await nextDocumentNo(trx, actor.tenantId, 'XJ');
  const id = newId();
  const now = new Date();
  await moveAsset(trx, actor.userId, asset, 'inspect', {
    set: {
      condition_status: input.reportedCondition,
      last_inspection_at: now,
      last_temperature: input.temperature == null ? asset.last_temperature : String(input.temperature),
    },
    detail: [
      inspectionNo,
      input.poweredOn ? '通电' : '未通电',
      input.temperature == null ? null : `${input.temperature}℃`,
      CLEANLINESS[input.cleanliness],
      input.reportedCondition === 'NORMAL' ? '正常' : '异常',
    ]
      .filter(Boolean)
      .join('，'),
  });
  await trx
    .insertInto('asset_inspections')
    .values({
      id,
      tenant_id: actor.tenantId,
      inspection_no: inspectionNo,
      asset_id: asset.id,
      customer_id: asset.customer_id,
      powered_on: input.poweredOn,
      temperature: input.temperature == null ? null : String(input.temperature),
      cleanliness: input.cleanliness,
      reported_condition: input.reportedCondition,
      photo_ids: JSON.stringify(input.photoIds),
      remark: input.remark?.trim() || null,
      created_by: actor.userId,
    })
    .execute();
  await logOperation(trx, actor, 'add', `资产巡检 ${asset.asset_no}（${inspectionNo}）`);
  const repair =
    input.reportedCondition === 'ABNORMAL' && input.repairFault
      ? await openRepairIfNone(trx, actor.tenantId, actor.userId, {
          sourceType: 'INSPECTION',
          sourceRef: inspectionNo,
          assetId: asset.id,
          faultCategory: input.repairFault,
          faultDescription: input.remark?.trim() || `巡检 ${inspectionNo} 发现故障`,
        })
      : null;
  return { id, inspectionNo, repairOrderId: repair?.id ?? null };
}

export const inspectAsset = (db: Kysely<DB>, actor: Actor, input: InspectionInput) =>
  db.transaction().execute((trx) => inspectAssetIn(trx, actor, input));

export interface ExceptionInput {
  assetId: string;
  reportType: ExceptionType;
  photoIds: string[];
  remark?: string | null;
}

export async function reportExceptionIn(trx: Kysely<DB>, actor: Actor, input: ExceptionInput) {
  const asset = await assetInScope(trx, actor, input.assetId, true);
  await bindPhotos(trx, actor.tenantId, asset.id, input.photoIds);
  const id = newId();
  await moveAsset(trx, actor.userId, asset, input.reportType === 'LOST' ? 'reportLost' : 'report', {
    detail: `${EXCEPTION_TYPE[input.reportType]}${input.remark?.trim() ? `：${input.remark.trim()}` : ''}`,
  });
  await trx
    .insertInto('asset_exceptions')
    .values({
      id,
      tenant_id: actor.tenantId,
      asset_id: asset.id,
      customer_id: asset.customer_id,
      report_type: input.reportType,
      previous_condition: asset.condition_status,
      photo_ids: JSON.stringify(input.photoIds),
      remark: input.remark?.trim() || null,
      created_by: actor.userId,
    })
    .execute();
  await logOperation(
    trx,
    actor,
    'add',
    `资产异常报备 ${asset.asset_no}：${EXCEPTION_TYPE[input.reportType]}`,
  );
  return { id };
}

export const reportException = (db: Kysely<DB>, actor: Actor, input: ExceptionInput) =>
  db.transaction().execute((trx) => reportExceptionIn(trx, actor, input));

/** A reported loss confirmed: the asset is written off and leaves its outlet. */
export async function confirmLostIn(
  trx: Kysely<DB>,
  actor: Actor,
  input: { id: string; remark?: string | null },
) {
  const asset = await assetInScope(trx, actor, input.id, true);
  await moveAsset(trx, actor.userId, asset, 'confirmLost', {
    set: { customer_id: null, warehouse_id: null, placed_at: null },
    detail: input.remark?.trim() || null,
  });
  await logOperation(trx, actor, 'update', `确认资产遗失 ${asset.asset_no}`);
  return { id: asset.id };
}

export const confirmLost = (db: Kysely<DB>, actor: Actor, input: { id: string; remark?: string | null }) =>
  db.transaction().execute((trx) => confirmLostIn(trx, actor, input));

/** An abnormal asset, or one reported lost and found again, back to normal. */
export async function restoreAssetIn(
  trx: Kysely<DB>,
  actor: Actor,
  input: { id: string; remark?: string | null },
) {
  const asset = await assetInScope(trx, actor, input.id, true);
  await moveAsset(trx, actor.userId, asset, 'restore', { detail: input.remark?.trim() || null });
  await logOperation(trx, actor, 'update', `资产恢复正常 ${asset.asset_no}`);
  return { id: asset.id };
}

export const restoreAsset = (db: Kysely<DB>, actor: Actor, input: { id: string; remark?: string | null }) =>
  db.transaction().execute((trx) => restoreAssetIn(trx, actor, input));
