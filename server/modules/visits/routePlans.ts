// 拜访线路 (DOMAIN §1.4 VisitRoute): a rep's outlets in walking order and the weekdays the route is walked on.
// A route belongs to the department of its rep; the caller sees and edits the routes of their data scope, and
// puts on them only outlets of their data scope.
import { sql, type Kysely } from 'kysely';
import { ENABLED_STATUS, codesOf } from '../../../common/businessEnums';
import { WEEKDAY } from '../../../common/visits';
import { shanghaiDateTime } from '../../db/dates';
import { newId } from '../../db/ids';
import type { DB, EnabledStatus } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { changedMeanwhile, notFound, withUniqueKeys } from '../shared/commands';
import { dataScopeOf, inScope, orgCodeInScope, type DataScope } from '../shared/dataScope';

export interface RouteInput {
  code: string;
  name: string;
  employeeId: string;
  weekdays: number[];
  outletIds: string[];
  status?: EnabledStatus;
  remark?: string | null;
}

export const weekdaysText = (days: readonly number[]) =>
  days.map((day) => WEEKDAY[String(day) as keyof typeof WEEKDAY]).join('、');

/**
 * The department a rep's rows belong to: the first of the rep's departments inside the caller's scope (the
 * caller's own first one for a rep without department); a rep outside the caller's scope is refused.
 */
export async function employeeOrgCode(
  db: Kysely<DB>,
  tenantId: string,
  scope: DataScope,
  employeeId: string,
): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', employeeId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!user) throw new BusinessError(400, '业务员不存在');
  const departs = await db
    .selectFrom('user_departs')
    .innerJoin('departs', 'departs.id', 'user_departs.depart_id')
    .select('departs.org_code')
    .where('user_departs.user_id', '=', employeeId)
    .where('user_departs.tenant_id', '=', tenantId)
    .orderBy('departs.org_code')
    .execute();
  const inside = departs.find((row) => orgCodeInScope(scope, row.org_code));
  if (inside) return inside.org_code;
  if (departs.length === 0 && (scope.orgCodes[0] || employeeId === scope.userId))
    return scope.orgCodes[0] ?? '';
  throw new BusinessError(400, '业务员不在您的数据权限范围内');
}

/** The outlets of `ids` in the caller's scope, in the order given; a 400 naming what is missing. */
export async function outletsInScope(
  db: Kysely<DB>,
  tenantId: string,
  scope: DataScope,
  ids: readonly string[],
): Promise<string[]> {
  if (new Set(ids).size !== ids.length) throw new BusinessError(400, '门店不能重复');
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('customers')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('customer_type', '=', 'OUTLET')
    .where(inScope(scope, 'org_code', 'owner_user_id'))
    .execute();
  if (rows.length !== ids.length) throw new BusinessError(400, '所选门店不存在或不在您的数据权限范围内');
  return [...ids];
}

const routeSpec: ListSpec = {
  filters: {
    code: { column: 'visit_routes.code', kind: 'text' },
    name: { column: 'visit_routes.name', kind: 'text' },
    employeeId: { column: 'visit_routes.employee_id', kind: 'text' },
    orgCode: { column: 'visit_routes.org_code', kind: 'text' },
    status: { column: 'visit_routes.status', kind: 'enum', values: codesOf(ENABLED_STATUS) },
  },
  sorts: { code: 'visit_routes.code', name: 'visit_routes.name', createTime: 'visit_routes.created_at' },
  defaultSort: [['visit_routes.code', 'asc']],
};

const ROUTE_COLUMNS = [
  'visit_routes.id',
  'visit_routes.code',
  'visit_routes.name',
  'visit_routes.employee_id as employeeId',
  'users.realname as employeeName',
  'visit_routes.org_code as orgCode',
  'visit_routes.weekdays',
  'visit_routes.status',
  'visit_routes.remark',
] as const;

const routeScope = (scope: DataScope) => inScope(scope, 'visit_routes.org_code', 'visit_routes.employee_id');

export async function listRoutes(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, routeSpec);
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const base = db
    .selectFrom('visit_routes')
    .innerJoin('users', 'users.id', 'visit_routes.employee_id')
    .where('visit_routes.tenant_id', '=', caller.tenantId)
    .where(routeScope(scope))
    .where(list.where);
  return pagedList(base, list, async (page) => {
    const rows = await page
      .select([
        ...ROUTE_COLUMNS,
        sql<number>`(select count(*)::integer from visit_route_outlets o where o.route_id = visit_routes.id)`.as(
          'outletCount',
        ),
        shanghaiDateTime('visit_routes.created_at').as('createTime'),
      ])
      .execute();
    return rows.map((row) => ({
      ...row,
      weekdays_dictText: weekdaysText(row.weekdays),
      status_dictText: ENABLED_STATUS[row.status],
    }));
  });
}

async function routeInScope(db: Kysely<DB>, caller: Caller, id: string) {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const route = await db
    .selectFrom('visit_routes')
    .innerJoin('users', 'users.id', 'visit_routes.employee_id')
    .select(ROUTE_COLUMNS)
    .where('visit_routes.id', '=', id)
    .where('visit_routes.tenant_id', '=', caller.tenantId)
    .where(routeScope(scope))
    .executeTakeFirst();
  if (!route) throw notFound('拜访线路');
  return { route, scope };
}

/** A route with its outlets in order (their coordinates for the map). */
export async function routeById(db: Kysely<DB>, caller: Caller, id: string) {
  const { route } = await routeInScope(db, caller, id);
  const outlets = await db
    .selectFrom('visit_route_outlets')
    .innerJoin('customers', 'customers.id', 'visit_route_outlets.customer_id')
    .select([
      'visit_route_outlets.customer_id as customerId',
      'visit_route_outlets.seq',
      'customers.customer_code as customerCode',
      'customers.name as customerName',
      'customers.address',
      'customers.outlet_type as outletType',
      'customers.lng',
      'customers.lat',
    ])
    .where('visit_route_outlets.route_id', '=', id)
    .orderBy('visit_route_outlets.seq')
    .execute();
  return {
    ...route,
    weekdays_dictText: weekdaysText(route.weekdays),
    status_dictText: ENABLED_STATUS[route.status],
    outlets: outlets.map((outlet) => ({
      ...outlet,
      lng: outlet.lng === null ? null : Number(outlet.lng),
      lat: outlet.lat === null ? null : Number(outlet.lat),
    })),
  };
}

async function writeOutlets(db: Kysely<DB>, tenantId: string, routeId: string, outletIds: string[]) {
  await db.deleteFrom('visit_route_outlets').where('route_id', '=', routeId).execute();
  if (outletIds.length === 0) return;
  await db
    .insertInto('visit_route_outlets')
    .values(
      outletIds.map((customerId, index) => ({
        id: newId(),
        tenant_id: tenantId,
        route_id: routeId,
        customer_id: customerId,
        seq: index + 1,
      })),
    )
    .execute();
}

const ROUTE_KEYS = { visit_routes_code_uq: '线路编码已存在' };

export async function saveRoute(db: Kysely<DB>, actor: Actor, input: RouteInput, id?: string) {
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    if (id !== undefined) await routeInScope(trx, actor, id);
    const orgCode = await employeeOrgCode(trx, actor.tenantId, scope, input.employeeId);
    const outletIds = await outletsInScope(trx, actor.tenantId, scope, input.outletIds);
    const weekdays = [...new Set(input.weekdays)].sort();
    const values = {
      code: input.code,
      name: input.name,
      employee_id: input.employeeId,
      org_code: orgCode,
      weekdays: JSON.stringify(weekdays),
      status: input.status ?? 'ACTIVE',
      remark: input.remark ?? null,
      updated_by: actor.userId,
    };
    const saved = await withUniqueKeys(ROUTE_KEYS, () =>
      id === undefined
        ? trx
            .insertInto('visit_routes')
            .values({ ...values, id: newId(), tenant_id: actor.tenantId, created_by: actor.userId })
            .returning('id')
            .executeTakeFirstOrThrow()
        : trx
            .updateTable('visit_routes')
            .set({ ...values, updated_at: new Date() })
            .where('id', '=', id)
            .where('tenant_id', '=', actor.tenantId)
            .returning('id')
            .executeTakeFirstOrThrow(),
    );
    await writeOutlets(trx, actor.tenantId, saved.id, outletIds);
    await logOperation(
      trx,
      actor,
      id === undefined ? 'add' : 'update',
      `${id ? '编辑' : '新增'}拜访线路 ${input.code}`,
    );
    return saved;
  });
}

/** 拖动排序: the same outlets in a new order. */
export async function reorderRoute(db: Kysely<DB>, actor: Actor, id: string, outletIds: string[]) {
  return db.transaction().execute(async (trx) => {
    const { route } = await routeInScope(trx, actor, id);
    const current = await trx
      .selectFrom('visit_route_outlets')
      .select('customer_id')
      .where('route_id', '=', id)
      .forUpdate()
      .execute();
    const known = new Set(current.map((row) => row.customer_id));
    if (
      known.size !== outletIds.length ||
      new Set(outletIds).size !== outletIds.length ||
      outletIds.some((each) => !known.has(each))
    )
      throw new BusinessError(409, '线路门店已变化，请刷新后重新排序');
    for (const [index, customerId] of outletIds.entries()) {
      await trx
        .updateTable('visit_route_outlets')
        .set({ seq: index + 1 })
        .where('route_id', '=', id)
        .where('customer_id', '=', customerId)
        .execute();
    }
    await logOperation(trx, actor, 'update', `调整拜访线路 ${route.code} 的门店顺序`);
    return { id };
  });
}

export async function changeRouteStatus(db: Kysely<DB>, actor: Actor, id: string, status: EnabledStatus) {
  return db.transaction().execute(async (trx) => {
    const { route } = await routeInScope(trx, actor, id);
    const changed = await trx
      .updateTable('visit_routes')
      .set({ status, updated_by: actor.userId, updated_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', route.status)
      .returning('id')
      .executeTakeFirst();
    if (!changed) throw changedMeanwhile('拜访线路');
    await logOperation(trx, actor, 'update', `${ENABLED_STATUS[status]}拜访线路 ${route.code}`);
    return { id };
  });
}
