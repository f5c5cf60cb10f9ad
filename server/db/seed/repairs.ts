// Demo data of the repair and spare-parts mode (issue #20 MES, DOMAIN §1.15): two service providers with
// engineers (mes_wxg is 粤冷's dispatcher-engineer; mes_li its engineer who works on the web's phone page),
// the central warehouse, spare parts with stock and
// movements, fault codes, a spare-part request, and repair orders in every state driven through the
// module's own commands, as the 生产中心's supervisor mes_zg and the provider would have taken them.
import type { FaultCategory, PartCategory, RepairStatus } from '../../../common/repairs';
import { newId } from '../ids';
import {
  acceptOrder,
  approveOrder,
  arriveOnSite,
  assignEngineer,
  cancelOrder,
  closeOrder,
  contactCustomer,
  dispatchOrder,
  feedbackOrder,
  openRepairOrder,
  revisitOrder,
} from '../../modules/repairs/orders';
import { hashPassword } from '../../modules/auth/passwords';
import { insertAccount, insertRole, type RoleDefinition } from '../../modules/auth/tenantOrganisation';
import { moveParts, savePart } from '../../modules/repairs/parts';
import {
  providerLinkOf,
  saveEngineer,
  saveFaultCode,
  saveProvider,
  type RepairViewer,
} from '../../modules/repairs/providers';
import type { Actor } from '../../modules/shared/actor';
import { demoRoleId, demoUserId } from './ids';
import type { SeedStep } from './index';

const actorOf = (username: string): Actor => ({
  tenantId: 'A01',
  userId: demoUserId(username),
  username,
  request: {
    ip: '127.0.0.1',
    method: 'SEED',
    url: '/seed/repairs',
    userAgent: undefined,
    elapsedMs: () => 0,
  },
});

const SOUTH = ['440000', '440100', '440300', '440600', '441900', '450000', '450100', '350000', '350200'];
const EAST_AND_NORTH = [
  '330000',
  '310000',
  '320000',
  '370000',
  '410000',
  '420000',
  '430000',
  '510000',
  '500000',
  '610000',
  '110000',
  '130000',
  '210000',
];

const PARTS: Array<
  [
    code: string,
    name: string,
    category: PartCategory,
    spec: string,
    unit: string,
    price: number,
    serial: boolean,
    safety: number,
  ]
> = [
  ['SP-CMP-01', '压缩机 QD65H', 'COMPRESSOR', 'R600a 1/5HP', '台', 420, true, 4],
  ['SP-THM-01', '机械温控器 WDF20', 'THERMOSTAT', '-2～10℃', '个', 38, false, 20],
  ['SP-FAN-01', '冷凝风机', 'FAN', '12W 220V', '个', 55, false, 10],
  ['SP-SEAL-01', '门封条（立式单门）', 'DOOR_SEAL', '1650×560mm', '条', 45, false, 15],
  ['SP-LED-01', 'LED灯管', 'LIGHT', '12V 8W 1.2m', '根', 28, false, 30],
  ['SP-PWR-01', '电源控制板', 'POWER_BOARD', '主控板 V3', '块', 160, false, 8],
];

const FAULTS: Array<[code: string, category: FaultCategory, description: string, parts: string[]]> = [
  ['E1', 'THERMOSTAT', '温度传感器开路或短路', ['SP-THM-01']],
  ['E2', 'COMPRESSOR', '压缩机启动失败或过载保护', ['SP-CMP-01']],
  ['E3', 'NO_POWER', '主板无输出（电源板故障）', ['SP-PWR-01']],
  ['E-TEMP', 'NO_COOLING', 'IoT：柜内温度超出设定范围', ['SP-THM-01', 'SP-FAN-01']],
  ['E-POWER', 'NO_POWER', 'IoT：断电超过设定时长', []],
  ['F-SEAL', 'DOOR_SEAL', '门封条老化漏冷', ['SP-SEAL-01']],
];

/** What a provider's engineer holds on the web: 我的工单 (the phone page of its steps), nothing else. */
export const ENGINEER_ROLE: RoleDefinition = {
  code: 'mes_engineer',
  name: '服务商工程师',
  level: 5,
  grants: [
    '/dashboard/analysis',
    '/mes',
    '/mes/mine',
    'repair:list',
    'repair:work',
    '/isps/userAnnouncement',
  ],
};

/**
 * 李师傅 of 粤冷 signs in on the web: an outside provider's engineer belongs to no department of the brand, so
 * the login is multi_depart 0 and the SPA admits them (it refuses MES_WXG with one department, spec §4).
 */
export const WEB_ENGINEER = { username: 'mes_li', realname: '李师傅', phone: '13926000011' } as const;

/** The state each demo order is left in, in order; several in the common ones. */
const TARGETS: RepairStatus[] = [
  'REPORTED',
  'PENDING_DISPATCH',
  'PENDING_DISPATCH',
  'DISPATCHED',
  'DISPATCHED',
  'ACCEPTED',
  'CONTACTED',
  'ENGINEER_ASSIGNED',
  'ON_SITE',
  'FEEDBACK',
  'FEEDBACK',
  'COMPLETED',
  'REVISITED',
  'REOPENED',
  'CLOSED',
  'CLOSED',
  'CLOSED',
  'CLOSED',
  'CANCELLED',
];
const ORDER_OF: RepairStatus[] = [
  'PENDING_DISPATCH',
  'DISPATCHED',
  'ACCEPTED',
  'CONTACTED',
  'ENGINEER_ASSIGNED',
  'ON_SITE',
  'FEEDBACK',
  'COMPLETED',
  'REVISITED',
  'CLOSED',
];
const reached = (target: RepairStatus, step: RepairStatus) =>
  target === 'REOPENED'
    ? ORDER_OF.indexOf(step) <= ORDER_OF.indexOf('COMPLETED')
    : ORDER_OF.indexOf(target) >= ORDER_OF.indexOf(step);

const FAULT_TEXT: Array<[FaultCategory, string]> = [
  ['NO_COOLING', '冰柜不制冷，饮料常温'],
  ['WEAK_COOLING', '制冷差，温度在12℃左右'],
  ['LIGHT', '顶部灯箱不亮'],
  ['DOOR_SEAL', '门封条破损，门关不严'],
  ['NOISE', '压缩机噪音大'],
  ['LEAKING', '柜底漏水'],
];

export const seedRepairs: SeedStep = async (trx, { adminPassword }) => {
  const admin = actorOf('admin');
  const supervisor = actorOf('mes_zg');
  const engineerActor = actorOf('mes_wxg');
  const centre: RepairViewer = { tenantId: 'A01', userId: supervisor.userId, provider: null, all: true };

  const south = await saveProvider(trx, admin, {
    code: 'SP-YL',
    name: '粤冷制冷设备服务有限公司',
    coverageAreaCodes: SOUTH,
    contactName: '黄经理',
    contactMobile: '13926000001',
    slaHours: 48,
    rateCard: { 上门费: 50, 工时费: 80 },
  });
  const east = await saveProvider(trx, admin, {
    code: 'SP-HD',
    name: '华东冷链维修服务中心',
    coverageAreaCodes: EAST_AND_NORTH,
    contactName: '陆经理',
    contactMobile: '13916000002',
    slaHours: 72,
    rateCard: { 上门费: 60, 工时费: 90 },
  });
  await saveEngineer(trx, admin, {
    providerId: south.id,
    name: '吴师傅',
    mobile: '13800000006',
    username: 'mes_wxg',
    isManager: true,
  });
  const permissions = await trx
    .selectFrom('permissions')
    .select(['id', 'tenant_id', 'menu_type', 'perms', 'url', 'name'])
    .where('tenant_id', '=', 'A01')
    .execute();
  await insertRole(
    trx,
    { ...ENGINEER_ROLE, id: demoRoleId('A01', ENGINEER_ROLE.code), tenantId: 'A01' },
    permissions,
  );
  await insertAccount(trx, {
    id: demoUserId(WEB_ENGINEER.username),
    tenantId: 'A01',
    username: WEB_ENGINEER.username,
    realname: WEB_ENGINEER.realname,
    phone: WEB_ENGINEER.phone,
    email: `${WEB_ENGINEER.username}@example.com`,
    sex: 1,
    roleEnum: 'MES_WXG',
    passwordHash: await hashPassword(adminPassword),
    roleIds: [demoRoleId('A01', ENGINEER_ROLE.code)],
    departIds: [],
  });
  const li = await saveEngineer(trx, admin, {
    providerId: south.id,
    name: WEB_ENGINEER.realname,
    mobile: WEB_ENGINEER.phone,
    username: WEB_ENGINEER.username,
  });
  await saveEngineer(trx, admin, { providerId: east.id, name: '陈师傅', mobile: '13916000021' });
  await saveEngineer(trx, admin, { providerId: east.id, name: '张师傅', mobile: '13916000022' });
  const link = await providerLinkOf(trx, 'A01', engineerActor.userId);
  const provider: RepairViewer = { tenantId: 'A01', userId: engineerActor.userId, provider: link, all: true };

  const models = await trx
    .selectFrom('asset_models')
    .select('id')
    .where('tenant_id', '=', 'A01')
    .where('asset_type', '=', 'FREEZER')
    .execute();
  const central = newId();
  await trx
    .insertInto('spare_warehouses')
    .values({
      id: central,
      tenant_id: 'A01',
      code: 'SP-CENTRAL',
      name: '备件中心库（广州）',
      warehouse_type: 'CENTRAL',
      created_by: admin.userId,
    })
    .execute();
  const parts: Record<string, string> = {};
  for (const [code, name, category, spec, unit, price, serial, safety] of PARTS) {
    parts[code] = (
      await savePart(trx, admin, {
        partCode: code,
        name,
        category,
        spec,
        unit,
        standardPrice: price,
        costPrice: Math.round(price * 0.7),
        serialTracked: serial,
        safetyStock: safety,
        applicableModelIds: models.map((model) => model.id),
        supplier: '示例制冷配件厂',
      })
    ).id;
  }
  for (const [code, category, description, suggested] of FAULTS) {
    await saveFaultCode(trx, admin, {
      code,
      faultCategory: category,
      description,
      suggestedPartIds: suggested.map((each) => parts[each]),
    });
  }
  const warehouses = await trx
    .selectFrom('spare_warehouses')
    .select(['id', 'code', 'warehouse_type', 'provider_id', 'engineer_id'])
    .where('tenant_id', '=', 'A01')
    .execute();
  const southStore = warehouses.find(
    (each) => each.warehouse_type === 'PROVIDER' && each.provider_id === south.id,
  )!;
  const wuVan = warehouses.find((each) => each.engineer_id === link?.engineerId)!;
  const liVan = warehouses.find((each) => each.engineer_id === li.id)!;
  // 采购入库 to the central warehouse (the compressors with their serial numbers), then stock out to 粤冷.
  for (const [code, , , , , , serial, safety] of PARTS) {
    const qty = code === 'SP-PWR-01' ? 5 : safety * 3;
    await moveParts(trx, admin, centre, {
      moveType: 'PURCHASE_IN',
      partId: parts[code],
      warehouseId: central,
      qty,
      serialNos: serial
        ? Array.from({ length: qty }, (_, index) => `QD65H-2026${String(index + 1).padStart(4, '0')}`)
        : [],
      remark: '年度采购',
    });
  }
  for (const [code, qty] of [
    ['SP-THM-01', 10],
    ['SP-FAN-01', 6],
    ['SP-SEAL-01', 8],
    ['SP-LED-01', 12],
  ] as const) {
    await moveParts(trx, admin, centre, {
      moveType: 'TRANSFER',
      partId: parts[code],
      warehouseId: central,
      toWarehouseId: southStore.id,
      qty,
      remark: '服务商备货',
    });
    await moveParts(trx, admin, centre, {
      moveType: 'ISSUE',
      partId: parts[code],
      warehouseId: southStore.id,
      toWarehouseId: wuVan.id,
      qty: 3,
      remark: '随车备件',
    });
    await moveParts(trx, admin, centre, {
      moveType: 'ISSUE',
      partId: parts[code],
      warehouseId: southStore.id,
      toWarehouseId: liVan.id,
      qty: 2,
      remark: '随车备件',
    });
  }
  await moveParts(trx, admin, centre, {
    moveType: 'ISSUE',
    partId: parts['SP-CMP-01'],
    warehouseId: central,
    toWarehouseId: liVan.id,
    qty: 1,
    serialNos: ['QD65H-20260001'],
  });
  await moveParts(trx, admin, centre, {
    moveType: 'RETURN',
    partId: parts['SP-LED-01'],
    warehouseId: wuVan.id,
    toWarehouseId: southStore.id,
    qty: 1,
    remark: '多领退回',
  });
  await moveParts(trx, admin, centre, {
    moveType: 'SCRAP',
    partId: parts['SP-SEAL-01'],
    warehouseId: central,
    qty: 1,
    remark: '运输破损',
  });

  // Orders on placed freezers of the south (粤冷's area) that have none open yet.
  const assets = await trx
    .selectFrom('assets as a')
    .innerJoin('customers as c', 'c.id', 'a.customer_id')
    .select(['a.id'])
    .where('a.tenant_id', '=', 'A01')
    .where('a.asset_type', '=', 'FREEZER')
    .where('a.placement_status', '=', 'PLACED')
    .where('a.condition_status', '=', 'NORMAL')
    .where('c.province_code', 'in', ['440000', '450000', '350000'])
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('repair_orders as r').select('r.id').whereRef('r.asset_id', '=', 'a.id')),
      ),
    )
    .orderBy('a.asset_no')
    .limit(TARGETS.length)
    .execute();
  const outlet = await trx
    .selectFrom('customers')
    .select('id')
    .where('tenant_id', '=', 'A01')
    .where('customer_type', '=', 'OUTLET')
    .where('province_code', '=', '440000')
    .orderBy('customer_code')
    .executeTakeFirst();
  const now = Date.now();
  for (const [index, target] of TARGETS.entries()) {
    const [faultCategory, text] = FAULT_TEXT[index % FAULT_TEXT.length];
    const hoursAgo = 4 + index * 11;
    const asset = target === 'REPORTED' ? undefined : assets[index];
    if (target !== 'REPORTED' && !asset) continue;
    if (target === 'REPORTED' && !outlet) continue;
    let row = await openRepairOrder(trx, 'A01', supervisor.userId, {
      sourceType:
        target === 'REPORTED'
          ? 'OUTLET_REPORT'
          : (['HOTLINE', 'INSPECTION', 'OUTLET_REPORT', 'PREVENTIVE'] as const)[index % 4],
      assetId: asset?.id ?? null,
      customerId: asset ? null : outlet!.id,
      faultCategory,
      faultDescription: text,
      priority: index % 5 === 0 ? 'URGENT' : 'NORMAL',
      reportedAt: new Date(now - hoursAgo * 3_600_000),
    });
    const id = row.id;
    if (target === 'REPORTED' || target === 'PENDING_DISPATCH') continue;
    const wantsProvider = target === 'DISPATCHED' && index % 2 === 0 ? east.id : south.id;
    await dispatchOrder(trx, supervisor, centre, { id, providerId: wantsProvider });
    if (target === 'CANCELLED') {
      await cancelOrder(trx, supervisor, centre, { id, reason: '门店已自行修复' });
      continue;
    }
    if (!reached(target, 'ACCEPTED')) continue;
    await acceptOrder(trx, engineerActor, provider, id);
    if (!reached(target, 'CONTACTED')) continue;
    await contactCustomer(trx, engineerActor, provider, { id, bookingTimeRange: '14:00-17:00' });
    if (!reached(target, 'ENGINEER_ASSIGNED')) continue;
    // The orders waiting at the outlet are 李师傅's: his phone page has work on the first sign-in.
    const engineerId = target === 'ENGINEER_ASSIGNED' || target === 'ON_SITE' ? li.id : link!.engineerId;
    await assignEngineer(trx, engineerActor, provider, { id, engineerId });
    if (!reached(target, 'ON_SITE')) continue;
    await arriveOnSite(trx, engineerActor, provider, { id, lng: 113.264 + index * 0.001, lat: 23.129 });
    if (!reached(target, 'FEEDBACK')) continue;
    const part = (['SP-THM-01', 'SP-SEAL-01', 'SP-LED-01', 'SP-FAN-01'] as const)[index % 4];
    await feedbackOrder(trx, engineerActor, provider, {
      id,
      cause: `${text}：${part === 'SP-SEAL-01' ? '门封条老化' : '部件损坏'}`,
      repairMethod: '更换部件并测试运行 30 分钟',
      actualServiceType: 'ON_SITE',
      parts: index % 3 === 0 ? [] : [{ partId: parts[part], qty: 1, oldPartReturned: true }],
      photoIds: [],
      laborCost: 80,
      travelCost: 50,
      rating: 5,
    });
    if (!reached(target, 'COMPLETED')) continue;
    await approveOrder(trx, supervisor, centre, { id });
    if (target === 'REOPENED') {
      await revisitOrder(trx, supervisor, centre, { id, result: 'FAILED', remark: '门店反馈仍不够冷' });
      continue;
    }
    if (!reached(target, 'REVISITED')) continue;
    await revisitOrder(trx, supervisor, centre, { id, result: 'PASSED', remark: '门店满意' });
    if (!reached(target, 'CLOSED')) continue;
    row = await trx.selectFrom('repair_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await closeOrder(trx, supervisor, centre, row.id);
  }
  // An overdue order: reported three days ago, never accepted.
  await trx
    .updateTable('repair_orders')
    .set({ sla_breached: true })
    .where('tenant_id', '=', 'A01')
    .where('status', '=', 'DISPATCHED')
    .where('sla_due_at', '<', new Date())
    .execute();
};
