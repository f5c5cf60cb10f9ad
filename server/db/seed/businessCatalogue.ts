// The fixed part of the business demo data (DOMAIN §2.1–§2.3): fictional brands and their SKUs with
// realistic pack sizes, shelf lives and price ladders; the cities of the demo with their centres; the
// outlet mix; and the words names are made of.
import type { CustomerLevel, LifecycleTag, PackageType, SkuStatus } from '../schema';

export const DEMO_BRANDS = [
  { code: 'JP', name: '劲鹏', category: 'FUNC' },
  { code: 'SQY', name: '山泉源', category: 'WATER' },
  { code: 'CXM', name: '茶小满', category: 'TEA' },
  { code: 'QPP', name: '汽泡派', category: 'CSD' },
  { code: 'GYH', name: '果园汇', category: 'JUICE' },
  { code: 'BCL', name: '本草凉', category: 'HERBAL' },
  { code: 'BSL', name: '补水啦', category: 'ELECTRO' },
  { code: 'PK', name: '鹏咖', category: 'COFFEE' },
] as const;

export const DEMO_CATEGORIES = [
  { code: 'FUNC', name: '功能饮料' },
  { code: 'WATER', name: '包装饮用水' },
  { code: 'TEA', name: '茶饮料' },
  { code: 'CSD', name: '碳酸饮料' },
  { code: 'JUICE', name: '果汁' },
  { code: 'HERBAL', name: '凉茶/植物饮料' },
  { code: 'ELECTRO', name: '电解质饮料' },
  { code: 'COFFEE', name: '即饮咖啡' },
] as const;

export interface DemoSku {
  brand: (typeof DEMO_BRANDS)[number]['code'];
  name: string;
  spec: string;
  volumeMl: number;
  packageType: PackageType;
  baseUnit: string;
  unitsPerCase: number;
  shelfLifeDays: number;
  /** Per bottle. */
  retail: number;
  /** Per case. */
  factory: number;
  supply: number;
  lifecycleTag?: LifecycleTag;
  status?: SkuStatus;
  /** Popularity weight (Pareto: the first few sell most). */
  weight: number;
}

const sku = (
  brand: DemoSku['brand'],
  name: string,
  spec: string,
  volumeMl: number,
  packageType: PackageType,
  unitsPerCase: number,
  shelfLifeDays: number,
  retail: number,
  factory: number,
  supply: number,
  weight: number,
  extra: Partial<DemoSku> = {},
): DemoSku => ({
  brand,
  name,
  spec,
  volumeMl,
  packageType,
  baseUnit:
    packageType === 'CAN' ? '罐' : packageType === 'GIFT_BOX' ? '盒' : packageType === 'BARREL' ? '桶' : '瓶',
  unitsPerCase,
  shelfLifeDays,
  retail,
  factory,
  supply,
  weight,
  ...extra,
});

/** About 30 SKUs (DOMAIN §2.1); 3 NEW, 1 CLEARANCE, 1 DISCONTINUED, 1 still a draft. */
export const DEMO_SKUS: DemoSku[] = [
  sku('JP', '劲鹏能量饮料 250ml PET', '250ml', 250, 'PET', 24, 540, 3.5, 58, 66, 30),
  sku('JP', '劲鹏能量饮料 500ml PET', '500ml', 500, 'PET', 15, 540, 5, 52, 59, 22),
  sku('JP', '劲鹏能量饮料 310ml 罐', '310ml', 310, 'CAN', 24, 540, 4.5, 78, 88, 14),
  sku('JP', '劲鹏0糖 500ml PET', '500ml', 500, 'PET', 15, 365, 5.5, 58, 66, 6, { lifecycleTag: 'NEW' }),
  sku('SQY', '山泉源饮用天然水 380ml', '380ml', 380, 'PET', 24, 730, 1.5, 20, 23, 18),
  sku('SQY', '山泉源饮用天然水 550ml', '550ml', 550, 'PET', 24, 730, 2, 24, 28, 26),
  sku('SQY', '山泉源饮用天然水 1.5L', '1.5L', 1500, 'PET', 12, 730, 4, 26, 30, 8),
  sku('SQY', '山泉源饮用天然水 5L 桶', '5L', 5000, 'BARREL', 4, 730, 9, 20, 24, 4),
  sku('CXM', '茶小满冰红茶 500ml', '500ml', 500, 'PET', 15, 365, 3.5, 30, 34, 20),
  sku('CXM', '茶小满茉莉绿茶 500ml', '500ml', 500, 'PET', 15, 365, 3.5, 30, 34, 12),
  sku('CXM', '茶小满乌龙无糖 500ml', '500ml', 500, 'PET', 15, 365, 4.5, 40, 45, 7, { lifecycleTag: 'NEW' }),
  sku('CXM', '茶小满冰红茶 1L', '1L', 1000, 'PET', 12, 365, 6, 44, 50, 5),
  sku('QPP', '汽泡派可乐 330ml 罐', '330ml', 330, 'CAN', 24, 365, 3, 42, 48, 15),
  sku('QPP', '汽泡派柠檬味 330ml 罐', '330ml', 330, 'CAN', 24, 365, 3, 42, 48, 6),
  sku('QPP', '汽泡派可乐 500ml PET', '500ml', 500, 'PET', 24, 365, 3.5, 52, 60, 11),
  sku('QPP', '汽泡派可乐 2L', '2L', 2000, 'PET', 6, 365, 7.5, 28, 32, 4),
  sku('GYH', '果园汇橙汁 450ml', '450ml', 450, 'PET', 15, 365, 4.5, 40, 45, 6),
  sku('GYH', '果园汇芒果汁 450ml', '450ml', 450, 'PET', 15, 365, 4.5, 40, 45, 4),
  sku('GYH', '果园汇橙汁 1L', '1L', 1000, 'TETRA', 12, 365, 9.9, 78, 88, 2, { lifecycleTag: 'CLEARANCE' }),
  sku('BCL', '本草凉凉茶 310ml 罐', '310ml', 310, 'CAN', 24, 730, 3.5, 56, 64, 9),
  sku('BCL', '本草凉凉茶 310ml×12 礼盒', '310ml×12', 3720, 'GIFT_BOX', 2, 730, 42, 64, 72, 2),
  sku('BSL', '补水啦电解质饮料 555ml', '555ml', 555, 'PET', 15, 365, 5, 50, 56, 7),
  sku('BSL', '补水啦电解质饮料 555ml 青柠', '555ml', 555, 'PET', 15, 365, 5, 50, 56, 3),
  sku('PK', '鹏咖拿铁 268ml', '268ml', 268, 'GLASS', 15, 270, 6, 58, 66, 4, { lifecycleTag: 'NEW' }),
  sku('PK', '鹏咖美式 268ml', '268ml', 268, 'GLASS', 15, 270, 6, 58, 66, 3),
  sku('JP', '劲鹏能量饮料 600ml PET', '600ml', 600, 'PET', 15, 540, 6, 60, 68, 3),
  sku('SQY', '山泉源饮用天然水 350ml 小瓶', '350ml', 350, 'PET', 24, 730, 1.5, 19, 22, 3),
  sku('CXM', '茶小满柠檬红茶 500ml', '500ml', 500, 'PET', 15, 365, 3.5, 30, 34, 3),
  sku('QPP', '汽泡派橙味 330ml 罐', '330ml', 330, 'CAN', 24, 365, 3, 42, 48, 1, { status: 'DISCONTINUED' }),
  sku('GYH', '果园汇苹果汁 450ml', '450ml', 450, 'PET', 15, 365, 4.5, 40, 45, 1, { status: 'DRAFT' }),
];

export interface DemoCity {
  name: string;
  code: string;
  provinceCode: string;
  lng: number;
  lat: number;
  /** The A01 department whose people cover it (org codes of seed/organisation.ts). */
  orgCode: string;
}

/** Cities with real GB/T 2260 codes and approximate GCJ-02 centres (DOMAIN §2.2). */
export const DEMO_CITIES: DemoCity[] = [
  { name: '广州', code: '440100', provinceCode: '440000', lng: 113.264, lat: 23.129, orgCode: 'A01A02A01' },
  { name: '深圳', code: '440300', provinceCode: '440000', lng: 114.058, lat: 22.543, orgCode: 'A01A02A01' },
  { name: '佛山', code: '440600', provinceCode: '440000', lng: 113.122, lat: 23.021, orgCode: 'A01A02A01' },
  { name: '上海', code: '310100', provinceCode: '310000', lng: 121.473, lat: 31.23, orgCode: 'A01A01A01' },
  { name: '杭州', code: '330100', provinceCode: '330000', lng: 120.155, lat: 30.274, orgCode: 'A01A01A02' },
  { name: '宁波', code: '330200', provinceCode: '330000', lng: 121.55, lat: 29.874, orgCode: 'A01A01A02' },
  { name: '武汉', code: '420100', provinceCode: '420000', lng: 114.305, lat: 30.593, orgCode: 'A01' },
  { name: '成都', code: '510100', provinceCode: '510000', lng: 104.066, lat: 30.573, orgCode: 'A01' },
  { name: '北京', code: '110100', provinceCode: '110000', lng: 116.407, lat: 39.904, orgCode: 'A01' },
];

export interface OutletKind {
  outletType: string;
  channel: 'TT' | 'MT' | 'CATERING' | 'SPECIAL';
  share: number;
  /** Shares of levels A/B/C/D. */
  levels: [number, number, number, number];
  freezerShare: number;
  words: string[];
}

/**
 * The outlet mix of DOMAIN §2.3, a row a kind: outlet type, channel, share, the shares of levels A/B/C/D,
 * freezer share, the words of its names.
 */
export const OUTLET_MIX: OutletKind[] = (
  [
    ['食杂店', 'TT', 33, [5, 20, 45, 30], 0.2, ['食杂店', '小卖部', '士多店']],
    ['便利店', 'TT', 15, [15, 35, 40, 10], 0.45, ['便利店', '便利']],
    ['中小超市', 'MT', 12, [15, 35, 35, 15], 0.35, ['超市', '生活超市', '购物中心']],
    ['中餐', 'CATERING', 10, [10, 25, 40, 25], 0.25, ['小厨', '饭店', '家常菜']],
    ['火锅烧烤', 'CATERING', 6, [10, 25, 40, 25], 0.25, ['火锅', '烧烤']],
    ['快餐小吃', 'CATERING', 4, [10, 25, 40, 25], 0.25, ['快餐', '小吃', '粉面馆']],
    ['批发部', 'TT', 5, [40, 40, 20, 0], 0.1, ['批发部', '商行']],
    ['网吧网咖', 'SPECIAL', 3, [10, 30, 40, 20], 0.5, ['网咖', '网吧']],
    ['KTV娱乐', 'SPECIAL', 1, [10, 30, 40, 20], 0.5, ['KTV']],
    ['校园店', 'SPECIAL', 3, [20, 40, 30, 10], 0.4, ['校园店']],
    ['加油站', 'SPECIAL', 2, [20, 40, 30, 10], 0.6, ['加油站便利店']],
    ['大卖场KA', 'MT', 1, [60, 40, 0, 0], 0.1, ['购物广场', '大卖场']],
    ['烟酒店', 'TT', 5, [5, 20, 45, 30], 0.15, ['烟酒店', '烟酒商行']],
  ] as const
).map(([outletType, channel, share, levels, freezerShare, words]) => ({
  outletType,
  channel,
  share,
  levels: [...levels],
  freezerShare,
  words: [...words],
}));

export const LEVELS: CustomerLevel[] = ['A', 'B', 'C', 'D'];
export const VISIT_CYCLE_BY_LEVEL = { A: 'WEEKLY', B: 'BIWEEKLY', C: 'TRIWEEKLY', D: 'FOUR_WEEKLY' } as const;

export const DEALER_WORDS = [
  '鸿达',
  '隆盛',
  '佳和',
  '万顺',
  '嘉禾',
  '瑞丰',
  '恒通',
  '金源',
  '兴旺',
  '永盛',
  '华联',
  '润达',
];
export const OUTLET_PREFIXES = [
  '老王',
  '惠民',
  '鑫鑫',
  '川味',
  '兴隆',
  '佳佳',
  '阳光',
  '好运来',
  '福满多',
  '万家',
  '开心',
  '红星',
  '顺发',
  '金鹏',
  '小李',
  '张姐',
  '新时代',
  '百味',
  '乐购',
  '春晖',
  '东方',
  '和顺',
  '美宜',
  '四季',
];
export const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
];
export const GIVEN_NAMES = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
];
export const STREETS = [
  '中山路',
  '解放路',
  '人民路',
  '建设路',
  '新华路',
  '和平路',
  '文化路',
  '工业大道',
  '滨江路',
  '长安街',
];

/** The placeholder photos under public/demo (own drawings). */
export const DOOR_PHOTOS = ['/demo/door-1.svg', '/demo/door-2.svg', '/demo/door-3.svg', '/demo/door-4.svg'];
export const LICENSE_PHOTO = '/demo/license.svg';
