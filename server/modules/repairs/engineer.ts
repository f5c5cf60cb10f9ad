// What the engineer's phone page (mes/EngineerOrders) reads besides the orders: who the caller is for their
// provider (engineer, dispatcher) and the spare parts they may fit — on the shelf of their own warehouse (the
// van stock) and of the provider's, with the serial numbers of the serial-tracked ones; nothing (null) for
// anyone else.
import type { Kysely } from 'kysely';
import { SPARE_WAREHOUSE_TYPE } from '../../../common/repairs';
import type { DB } from '../../db/schema';
import type { RepairViewer } from './providers';

/** Null for a caller who is no provider's engineer (the page then says it is not for them). */
export async function engineerWorkbench(db: Kysely<DB>, viewer: RepairViewer) {
  const link = viewer.provider;
  if (!link) return null;
  const [me, stock, serials] = await Promise.all([
    db
      .selectFrom('service_engineers as e')
      .innerJoin('service_providers as p', 'p.id', 'e.provider_id')
      .select(['e.name', 'e.mobile', 'p.name as providerName'])
      .where('e.id', '=', link.engineerId)
      .where('e.tenant_id', '=', viewer.tenantId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('spare_stocks as s')
      .innerJoin('spare_warehouses as w', 'w.id', 's.warehouse_id')
      .innerJoin('spare_parts as p', 'p.id', 's.part_id')
      .select([
        's.warehouse_id as warehouseId',
        'w.name as warehouseName',
        'w.warehouse_type as warehouseType',
        's.part_id as partId',
        'p.part_code as partCode',
        'p.name as partName',
        'p.spec',
        'p.unit',
        'p.standard_price as standardPrice',
        'p.serial_tracked as serialTracked',
        'p.applicable_model_ids as applicableModelIds',
        's.qty_on_hand as qtyOnHand',
      ])
      .where('s.tenant_id', '=', viewer.tenantId)
      .where('w.provider_id', '=', link.providerId)
      .where('w.status', '=', 'ACTIVE')
      .where('p.status', '=', 'ACTIVE')
      .where('s.qty_on_hand', '>', 0)
      .where((eb) =>
        eb.or([
          eb('w.warehouse_type', '=', 'PROVIDER'),
          eb.and([eb('w.warehouse_type', '=', 'ENGINEER'), eb('w.engineer_id', '=', link.engineerId)]),
        ]),
      )
      // The engineer's own shelf first: feedback takes from it when no warehouse is named.
      .orderBy('w.warehouse_type')
      .orderBy('p.part_code')
      .execute(),
    db
      .selectFrom('spare_serials as n')
      .innerJoin('spare_warehouses as w', 'w.id', 'n.warehouse_id')
      .select(['n.warehouse_id as warehouseId', 'n.part_id as partId', 'n.serial_no as serialNo'])
      .where('n.tenant_id', '=', viewer.tenantId)
      .where('n.status', '=', 'IN_STOCK')
      .where('w.provider_id', '=', link.providerId)
      .orderBy('n.serial_no')
      .execute(),
  ]);
  return {
    engineerId: link.engineerId,
    engineerName: me.name,
    engineerMobile: me.mobile,
    providerId: link.providerId,
    providerName: me.providerName,
    isManager: link.isManager,
    stock: stock.map((row) => ({
      ...row,
      warehouseType_dictText: SPARE_WAREHOUSE_TYPE[row.warehouseType],
      serialNos: row.serialTracked
        ? serials
            .filter((serial) => serial.warehouseId === row.warehouseId && serial.partId === row.partId)
            .map((serial) => serial.serialNo)
        : [],
    })),
  };
}
