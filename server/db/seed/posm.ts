// Demo POSM materials and ad applications (DOMAIN §1.11, §1.12): a catalogue of the usual materials, their
// stock in the 广州 and head-office warehouses, requests of 广州's rep in every state, the ad price book and
// ad applications from draft to settled — made through the modules' own commands, so every row, movement and
// approval is what the screens would have made. Deterministic: the same names and quantities each time.
import type { Transaction } from 'kysely';
import type { AdType } from '../../../common/ads';
import type { PosmCategory, PosmPurpose } from '../../../common/posm';
import { startApproval } from '../../modules/approvals/engine';
import { acceptAd, createAd, produceAd, savePrice, settleAd } from '../../modules/ads/service';
import { moveStock, saveMaterial } from '../../modules/posm/materials';
import {
  approveRequest,
  closeRequest,
  createRequest,
  issueRequest,
  receiveRequest,
  submitRequest,
} from '../../modules/posm/requests';
import type { Actor } from '../../modules/shared/actor';
import type { DB } from '../schema';
import { demoUserId } from './ids';
import type { SeedStep } from './index';

const actorOf = (username: string): Actor => ({
  tenantId: 'A01',
  userId: demoUserId(username),
  username,
  request: { ip: '127.0.0.1', method: 'SEED', url: '/seed/posm', userAgent: undefined, elapsedMs: () => 0 },
});

const MATERIALS: Array<
  [code: string, name: string, category: PosmCategory, spec: string, unit: string, cost: number]
> = [
  ['PM-POSTER-01', '夏季新品海报', 'POSTER', '60×90cm 铜版纸', '张', 2.5],
  ['PM-PRICE-01', '亚克力价签', 'PRICE_TAG', '8×5cm', '个', 1.2],
  ['PM-FRZ-01', '冰柜门贴（冰爽款）', 'FREEZER_STICKER', '50×150cm', '张', 18],
  ['PM-SHELF-01', '货架插卡', 'SHELF_STICKER', '30×8cm', '张', 0.8],
  ['PM-STACK-01', '堆头围挡', 'STACK_FENCE', '120×60cm KT板', '套', 45],
  ['PM-STRIP-01', '陈列挂条', 'HANGING_STRIP', '1.2m', '条', 3.5],
  ['PM-MENU-01', '餐饮店餐牌', 'MENU', 'A4 双面覆膜', '张', 6],
  ['PM-TABLE-01', '桌贴', 'TABLE_STICKER', '直径20cm', '张', 1.5],
  ['PM-UMB-01', '品牌遮阳伞', 'UMBRELLA', '2.4m 四角伞', '把', 180],
  ['PM-CUP-01', '试饮杯', 'TASTING_CUP', '100ml', '个', 0.15],
];

const PRICES: Array<[AdType, string, number]> = [
  ['STOREFRONT_SIGN', '喷绘布', 120],
  ['STOREFRONT_SIGN', '铝塑板', 260],
  ['LIGHTBOX', '亚克力', 800],
  ['WALL', '墙绘', 90],
  ['TABLE_STICKER', 'PVC', 60],
  ['MENU', '铜版纸覆膜', 150],
  ['FREEZER_WRAP', '车贴', 200],
  ['X_BANNER', '写真', 80],
];

async function seedMaterials(trx: Transaction<DB>) {
  const admin = actorOf('admin');
  const warehouses = await trx
    .selectFrom('warehouses')
    .select(['id', 'org_code'])
    .where('tenant_id', '=', 'A01')
    .where('org_code', 'in', ['A01', 'A01A02A01'])
    .where('status', '=', 'ACTIVE')
    .orderBy('code')
    .execute();
  const gz = warehouses.find((each) => each.org_code === 'A01A02A01');
  const hq = warehouses.find((each) => each.org_code === 'A01');
  const ids: string[] = [];
  for (const [index, [materialCode, name, category, spec, unit, unitCost]] of MATERIALS.entries()) {
    const { id } = await saveMaterial(trx, admin, {
      materialCode,
      name,
      category,
      spec,
      unit,
      unitCost,
      isReturnable: category === 'UMBRELLA',
    });
    ids.push(id);
    for (const [warehouse, qty] of [
      [hq, 2000 + index * 100],
      [gz, 300 + index * 20],
    ] as const) {
      if (!warehouse) continue;
      await moveStock(trx, admin, {
        warehouseId: warehouse.id,
        materialId: id,
        moveType: 'IN',
        qty: unit === '把' ? 40 : qty,
      });
    }
  }
  if (!gz) return;
  // Requests of 广州's rep, approved (and cut) by the office head zhangwei: one in each state.
  const rep = actorOf('zhaolei');
  const head = actorOf('zhangwei');
  const request = async (purpose: PosmPurpose, lines: Array<[number, number]>, remark: string) =>
    createRequest(trx, rep, {
      purpose,
      targetType: 'SELF',
      lines: lines.map(([material, qty]) => ({ materialId: ids[material], qty })),
      deliveryAddress: '广州市天河区体育西路 101 号（广州办事处）',
      remark,
    });
  await request(
    'REPLENISH',
    [
      [1, 50],
      [3, 100],
    ],
    '日常补充价签、插卡',
  );
  const plans: Array<[PosmPurpose, Array<[number, number]>, string, number]> = [
    [
      'NEW_PRODUCT',
      [
        [0, 200],
        [5, 80],
      ],
      '夏季新品铺市',
      1,
    ],
    [
      'DISPLAY',
      [
        [2, 20],
        [4, 10],
      ],
      '冰柜陈列活动',
      2,
    ],
    [
      'PROMOTION',
      [
        [9, 400],
        [7, 120],
      ],
      '周末试饮',
      3,
    ],
    [
      'STORE_OPENING',
      [
        [8, 4],
        [6, 30],
      ],
      '新店开业支持',
      4,
    ],
    ['REPLENISH', [[1, 80]], '价签补充', 5],
  ];
  for (const [purpose, lines, remark, stage] of plans) {
    const { id } = await request(purpose, lines, remark);
    await submitRequest(trx, rep, id);
    if (stage < 2) continue;
    // The approver cuts the first line by a fifth.
    const first = await trx
      .selectFrom('posm_request_lines')
      .select(['id', 'requested_qty'])
      .where('request_id', '=', id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await approveRequest(trx, head, {
      id,
      lines: [{ lineId: first.id, approvedQty: Math.ceil(first.requested_qty * 0.8) }],
      comment: '按本月预算核减',
    });
    if (stage < 3) continue;
    await issueRequest(trx, head, { id, warehouseId: gz.id });
    if (stage < 4) continue;
    await receiveRequest(trx, rep, { id }, false);
    if (stage < 5) continue;
    await closeRequest(trx, head, id);
  }
}

async function seedAds(trx: Transaction<DB>) {
  const admin = actorOf('admin');
  for (const [adType, material, unitPrice] of PRICES) {
    await savePrice(trx, admin, { adType, material, unitPrice });
  }
  const outlets = await trx
    .selectFrom('customers')
    .select(['id', 'name', 'org_code', 'owner_user_id'])
    .where('tenant_id', '=', 'A01')
    .where('customer_type', '=', 'OUTLET')
    .where('org_code', '=', 'A01A02A01')
    .where('status', '=', 'ACTIVE')
    .orderBy('customer_code')
    .limit(6)
    .execute();
  const rep = actorOf('zhaolei');
  const plans: Array<[AdType, string, number, number, number, string]> = [
    ['STOREFRONT_SIGN', '喷绘布', 6, 1.5, 1, 'DRAFT'],
    ['LIGHTBOX', '亚克力', 1.2, 0.8, 2, 'PENDING_APPROVAL'],
    ['STOREFRONT_SIGN', '铝塑板', 8, 1.8, 1, 'APPROVED'],
    ['WALL', '墙绘', 10, 3, 1, 'IN_PRODUCTION'],
    ['TABLE_STICKER', 'PVC', 0.5, 0.5, 20, 'ACCEPTED'],
    ['MENU', '铜版纸覆膜', 0.6, 0.9, 10, 'SETTLED'],
  ];
  for (const [index, [adType, material, widthM, heightM, quantity, stage]] of plans.entries()) {
    const outlet = outlets[index];
    if (!outlet) return;
    const { id, applyNo, quotedAmount } = await createAd(trx, rep, {
      customerId: outlet.id,
      adType,
      widthM,
      heightM,
      quantity,
      material,
      signText: adType === 'STOREFRONT_SIGN' ? outlet.name : null,
      costSharing:
        index % 2 === 0 ? { brand: 70, dealer: 30, outlet: 0 } : { brand: 100, dealer: 0, outlet: 0 },
      keepMonths: 12,
      remark: '示例数据（现场照与设计稿由业务员在手机端补传）',
    });
    if (stage === 'DRAFT') continue;
    // The demo has no photo files: the states after 提交 are written as the approval would leave them.
    const status = stage === 'PENDING_APPROVAL' ? 'PENDING_APPROVAL' : 'APPROVED';
    await trx
      .updateTable('ad_applications')
      .set({ status, approved_amount: status === 'APPROVED' ? quotedAmount : null })
      .where('id', '=', id)
      .execute();
    if (stage === 'PENDING_APPROVAL') {
      await startApproval(trx, {
        tenantId: 'A01',
        initiatorId: rep.userId,
        bizType: 'AD_APPLY',
        bizId: id,
        bizNo: applyNo,
        title: `广告申请：${outlet.name}`,
        summary: { fields: [{ label: '报价', value: `¥${quotedAmount}` }] },
        amount: Number(quotedAmount),
        orgCode: outlet.org_code,
        customerOwnerId: outlet.owner_user_id,
      });
      continue;
    }
    if (stage === 'APPROVED') continue;
    await produceAd(trx, admin, { id, vendorName: '广州美印广告有限公司', installDeadline: null });
    if (stage === 'IN_PRODUCTION') continue;
    await trx
      .updateTable('ad_applications')
      .set({ status: 'INSTALLED', installed_at: new Date() })
      .where('id', '=', id)
      .execute();
    await acceptAd(trx, rep, { id, result: 'PASS', remark: '安装规范，画面清晰' });
    if (stage === 'ACCEPTED') continue;
    await settleAd(trx, admin, { id, settledAmount: Number(quotedAmount), remark: '按核准金额结算' });
  }
}

export const seedPosmAndAds: SeedStep = async (trx) => {
  await seedMaterials(trx);
  await seedAds(trx);
};
