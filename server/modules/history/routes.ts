// 变更记录: the change history of one business object, read from the operation log (changeHistory.ts writes
// it). One endpoint for every type: the caller needs the permission that lists that type, and the object
// must be in their tenant and, where the type has one, in their data scope.
import type { FastifyInstance } from 'fastify';
import { NO_PERMISSION_MESSAGE } from '../../../common/constants';
import type { Kysely } from 'kysely';
import { HISTORY_BIZ_TYPES, type ChangeRecord, type HistoryBizType } from '../../../common/changeHistory';
import { shanghaiDateTime } from '../../db/dates';
import type { DB } from '../../db/schema';
import { sessionOf } from '../../http/access';
import { ok, sendFailure } from '../../http/envelope';
import { customerInScope } from '../customers/service';
import { agreementScopeCheck } from '../displays/agreements';
import { orderInScope } from '../orders/state';
import { adInScope } from '../ads/service';
import { requestInScope } from '../posm/requests';
import { engineerInScope, providerInScope } from '../repairs/providers';
import { callerOf, type Caller } from '../shared/actor';
import { dataScopeOf } from '../shared/dataScope';

type ScopeCheck = (db: Kysely<DB>, caller: Caller, id: string) => Promise<unknown>;

const inDataScope =
  (
    check: (
      db: Kysely<DB>,
      tenantId: string,
      scope: Awaited<ReturnType<typeof dataScopeOf>>,
      id: string,
    ) => Promise<unknown>,
  ): ScopeCheck =>
  async (db, caller, id) =>
    check(db, caller.tenantId, await dataScopeOf(db, caller.tenantId, caller.userId), id);

const HISTORY_ACCESS: Record<HistoryBizType, { permission: string; inScope?: ScopeCheck }> = {
  CUSTOMER: { permission: 'customer:list', inScope: inDataScope(customerInScope) },
  CUSTOMER_LABEL: { permission: 'label:list' },
  SKU: { permission: 'product:list' },
  BRAND: { permission: 'product:list' },
  PRODUCT_CATEGORY: { permission: 'product:list' },
  PRICE_LIST: { permission: 'price:list' },
  WAREHOUSE: { permission: 'stock:list' },
  STOCK_LOT: { permission: 'stock:list' },
  ORDER: { permission: 'order:list', inScope: inDataScope(orderInScope) },
  ASSET_MODEL: { permission: 'asset:list' },
  POSM_MATERIAL: { permission: 'posm:list' },
  MATERIAL_REQUEST: { permission: 'posm:list', inScope: requestInScope },
  AD_PRICE: { permission: 'ad:list' },
  AD_APPLICATION: { permission: 'ad:list', inScope: adInScope },
  DISPLAY_POLICY: { permission: 'display:list' },
  DISPLAY_AGREEMENT: { permission: 'display:list', inScope: agreementScopeCheck },
  SPARE_PART: { permission: 'spare:list' },
  SERVICE_PROVIDER: { permission: 'repair:list', inScope: providerInScope },
  SERVICE_ENGINEER: { permission: 'repair:list', inScope: engineerInScope },
  FAULT_CODE: { permission: 'repair:list' },
};

/** The object's logged writes, newest first (at most 200), each with the fields it changed. */
export async function changeHistoryOf(
  db: Kysely<DB>,
  caller: Caller,
  bizType: HistoryBizType,
  bizId: string,
): Promise<ChangeRecord[]> {
  await HISTORY_ACCESS[bizType].inScope?.(db, caller, bizId);
  const rows = await db
    .selectFrom('sys_log')
    .select([
      'id',
      'operate_type',
      'log_content',
      'username',
      'before_data',
      'after_data',
      shanghaiDateTime('created_at').as('created_at'),
    ])
    .where('tenant_id', '=', caller.tenantId)
    .where('biz_type', '=', bizType)
    .where('biz_id', '=', bizId)
    .orderBy('sys_log.created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map((row) => {
    const before = row.before_data ?? {};
    const after = row.after_data ?? {};
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return {
      id: String(row.id),
      operateType: row.operate_type,
      content: row.log_content,
      username: row.username,
      createdAt: row.created_at,
      changes: fields.map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null })),
    };
  });
}

export async function historyRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  app.get<{ Querystring: { bizType: HistoryBizType; bizId: string } }>(
    '/sys/changeHistory/list',
    {
      // The permission depends on the type asked for: checked by the handler against HISTORY_ACCESS.
      config: { access: 'authenticated' },
      schema: {
        querystring: {
          type: 'object',
          required: ['bizType', 'bizId'],
          properties: {
            bizType: { type: 'string', enum: [...HISTORY_BIZ_TYPES] },
            bizId: { type: 'string', minLength: 1, maxLength: 64 },
          },
        },
      },
    },
    async (request, reply) => {
      const { permission } = HISTORY_ACCESS[request.query.bizType];
      if (!sessionOf(request).permissions.has(permission))
        return sendFailure(reply, 403, NO_PERMISSION_MESSAGE);
      return ok(await changeHistoryOf(db, callerOf(request), request.query.bizType, request.query.bizId));
    },
  );
}
