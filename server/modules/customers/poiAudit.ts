// The outlet audit by map POI (custAuditByMapPoi) and the system verification (systemCustVerifyBatch),
// DOMAIN §1.3: nearby existing customers with their distance and name similarity, the distance to the
// matched POI, and what the checks conclude — shown side by side before the manager approves.
import { sql, type Kysely } from 'kysely';
import { AUDIT_STATUS, CUSTOMER_TYPE, VERIFY_STATUS } from '../../../common/businessEnums';
import type { CustomersTable, DB } from '../../db/schema';
import type { Selectable } from 'kysely';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { dataScopeOf, inScope } from '../shared/dataScope';
import { customerInScope, photosOfCustomer } from './service';
import {
  boundingBox,
  distanceMetres,
  DUPLICATE_RADIUS_M,
  nameSimilarity,
  POI_AUTO_PASS_M,
  POI_SUSPECT_M,
  SIMILAR_NAME_THRESHOLD,
  type Point,
} from './similarity';

type CustomerRow = Selectable<CustomersTable>;

const pointOf = (lng: string | null, lat: string | null): Point | null =>
  lng === null || lat === null ? null : { lng: Number(lng), lat: Number(lat) };

export interface NearbyCustomer {
  id: string;
  customerCode: string;
  name: string;
  customerType: string;
  customerType_dictText: string;
  auditStatus: string;
  auditStatus_dictText: string;
  address: string | null;
  lng: number;
  lat: number;
  distanceM: number;
  similarity: number;
  /** Near enough and alike enough to be the same shop. */
  likelyDuplicate: boolean;
}

/** The tenant's other customers within `radius` metres of a point, nearest first (every scope: duplicates hide anywhere). */
async function nearbyCustomers(
  db: Kysely<DB>,
  tenantId: string,
  customer: Pick<CustomerRow, 'id' | 'name'>,
  centre: Point,
  radius: number,
): Promise<NearbyCustomer[]> {
  const box = boundingBox(centre, radius);
  const rows = await db
    .selectFrom('customers')
    .select(['id', 'customer_code', 'name', 'customer_type', 'audit_status', 'address', 'lng', 'lat'])
    .where('tenant_id', '=', tenantId)
    .where('id', '!=', customer.id)
    .where('status', '!=', 'DISABLED')
    .where(sql<boolean>`lng between ${box.minLng} and ${box.maxLng}`)
    .where(sql<boolean>`lat between ${box.minLat} and ${box.maxLat}`)
    .execute();
  return rows
    .map((row) => {
      const point = pointOf(row.lng, row.lat) as Point;
      const distanceM = Math.round(distanceMetres(centre, point));
      const similarity = nameSimilarity(customer.name, row.name);
      return {
        id: row.id,
        customerCode: row.customer_code,
        name: row.name,
        customerType: row.customer_type,
        customerType_dictText: CUSTOMER_TYPE[row.customer_type],
        auditStatus: row.audit_status,
        auditStatus_dictText: AUDIT_STATUS[row.audit_status],
        address: row.address,
        ...point,
        distanceM,
        similarity,
        likelyDuplicate: distanceM <= DUPLICATE_RADIUS_M && similarity >= SIMILAR_NAME_THRESHOLD,
      };
    })
    .filter((row) => row.distanceM <= radius)
    .sort((a, b) => a.distanceM - b.distanceM || b.similarity - a.similarity);
}

/** What the checks say about one customer. */
export interface CustomerChecks {
  poiDistanceM: number | null;
  duplicates: NearbyCustomer[];
  reasons: string[];
  /** DOMAIN §1.3: POI ≤ 100 m and no duplicate. */
  autoPass: boolean;
}

function checksOf(customer: CustomerRow, nearby: NearbyCustomer[]): CustomerChecks {
  const point = pointOf(customer.lng, customer.lat);
  const poi = pointOf(customer.poi_lng, customer.poi_lat);
  const poiDistanceM = point && poi ? Math.round(distanceMetres(point, poi)) : null;
  const duplicates = nearby.filter((row) => row.likelyDuplicate);
  const reasons: string[] = [];
  if (!point) reasons.push('缺少经纬度');
  if (point && !poi) reasons.push('未匹配地图POI');
  if (poiDistanceM !== null && poiDistanceM > POI_SUSPECT_M) reasons.push(`与地图POI相距 ${poiDistanceM} 米`);
  for (const duplicate of duplicates) {
    reasons.push(`疑似重复：${duplicate.name}（${duplicate.customerCode}，相距 ${duplicate.distanceM} 米）`);
  }
  return {
    poiDistanceM,
    duplicates,
    reasons,
    autoPass:
      point !== null && poiDistanceM !== null && poiDistanceM <= POI_AUTO_PASS_M && duplicates.length === 0,
  };
}

/** custAuditByMapPoi: the customer, its POI, and the look-alikes around it within `radius` metres. */
export async function auditByMapPoi(db: Kysely<DB>, actor: Caller, id: string, radius: number) {
  const scope = await dataScopeOf(db, actor.tenantId, actor.userId);
  const customer = await customerInScope(db, actor.tenantId, scope, id);
  const point = pointOf(customer.lng, customer.lat);
  const nearby = point ? await nearbyCustomers(db, actor.tenantId, customer, point, radius) : [];
  const photos = await photosOfCustomer(db, actor.tenantId, id);
  return {
    customer: {
      id: customer.id,
      customerCode: customer.customer_code,
      name: customer.name,
      customerType: customer.customer_type,
      outletType: customer.outlet_type,
      address: customer.address,
      lng: point?.lng ?? null,
      lat: point?.lat ?? null,
      auditStatus: customer.audit_status,
      auditStatus_dictText: AUDIT_STATUS[customer.audit_status],
      verifyStatus: customer.verify_status,
      verifyStatus_dictText: VERIFY_STATUS[customer.verify_status],
      businessLicenseNo: customer.business_license_no,
    },
    poi: customer.poi_name
      ? {
          id: customer.poi_id,
          name: customer.poi_name,
          lng: pointOf(customer.poi_lng, customer.poi_lat)?.lng ?? null,
          lat: pointOf(customer.poi_lng, customer.poi_lat)?.lat ?? null,
        }
      : null,
    radiusM: radius,
    rings: [DUPLICATE_RADIUS_M, POI_AUTO_PASS_M],
    nearby,
    photos,
    ...checksOf(customer, nearby),
  };
}

/**
 * systemCustVerifyBatch: runs the checks on the given outlets (or every UNVERIFIED/VERIFIED outlet in the
 * caller's scope) and marks the failing ones SUSPECT, with the reasons as the remark. A given id of another
 * tenant or outside the scope is refused (404), not skipped, like every other command on named customers.
 */
export async function systemVerifyBatch(db: Kysely<DB>, actor: Actor, ids: string[] | undefined) {
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    for (const id of ids ?? []) await customerInScope(trx, actor.tenantId, scope, id);
    let query = trx
      .selectFrom('customers')
      .selectAll()
      .where('tenant_id', '=', actor.tenantId)
      .where(inScope(scope, 'org_code', 'owner_user_id'))
      .where('verify_status', 'in', ['UNVERIFIED', 'VERIFIED']);
    // Outlets only: the checks (door location, POI, look-alikes next door) say nothing about a dealer's office.
    query = query.where('customer_type', '=', 'OUTLET');
    if (ids && ids.length > 0) query = query.where('id', 'in', ids);
    const customers = await query.orderBy('customer_code').execute();
    const suspects: Array<{ id: string; customerCode: string; name: string; reasons: string[] }> = [];
    for (const customer of customers) {
      const point = pointOf(customer.lng, customer.lat);
      const nearby = point
        ? await nearbyCustomers(trx, actor.tenantId, customer, point, DUPLICATE_RADIUS_M)
        : [];
      const checks = checksOf(customer, nearby);
      // A missing POI alone is not suspicious (many small shops have none); the rest is.
      const reasons = checks.reasons.filter((reason) => reason !== '未匹配地图POI');
      if (reasons.length === 0) continue;
      const marked = await trx
        .updateTable('customers')
        .set({
          verify_status: 'SUSPECT',
          verify_remark: reasons.join('；'),
          updated_at: new Date(),
          version: sql`version + 1`,
        })
        .where('id', '=', customer.id)
        .where('verify_status', '=', customer.verify_status)
        .returning('id')
        .executeTakeFirst();
      if (marked)
        suspects.push({
          id: customer.id,
          customerCode: customer.customer_code,
          name: customer.name,
          reasons,
        });
    }
    await logOperation(
      trx,
      actor,
      'update',
      `系统核实客户 ${customers.length} 个，疑似异常 ${suspects.length} 个`,
    );
    return { checked: customers.length, suspectCount: suspects.length, suspects };
  });
}
