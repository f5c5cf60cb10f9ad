// The landing site's copy and pictures (spec §1: the modules it markets, the four mini-program roles).

export interface BannerSlide {
  image: string;
  title: string;
  text: string;
}

/** The six banners (spec §9: 6 slides); pictures drawn by scripts/landing-assets.ts. */
export const BANNER_SLIDES: BannerSlide[] = [
  {
    image: '/landing/banner-1-channel.svg',
    title: '渠道数字化，让每一瓶酒水都看得见',
    text: '连接品牌商、经销商、终端门店与消费者，订单、库存、费用与资产一网贯通。',
  },
  {
    image: '/landing/banner-2-visit.svg',
    title: '移动访销助手，拜访执行有据可依',
    text: '拜访计划自动排线，距离打卡杜绝虚假拜访，门店执行评分即时兑换奖励币。',
  },
  {
    image: '/landing/banner-3-promotion.svg',
    title: '促销与陈列协议，费用投放算得清',
    text: '活动申请、陈列拍照、协议核销全程在线，每一笔费用都有门店证据。',
  },
  {
    image: '/landing/banner-4-stock.svg',
    title: '库龄管理，临期风险提前预警',
    text: '按批次追踪经销商与门店库存天数，临期商品自动提醒调拨与促销。',
  },
  {
    image: '/landing/banner-5-fridge.svg',
    title: '冰柜资产，每一台都在线可查',
    text: '投放、签收、巡检、回收全生命周期管理，地图定位随时掌握冰柜去向。',
  },
  {
    image: '/landing/banner-6-mall.svg',
    title: 'B2B2b 商城与员工价小程序',
    text: '门店在线订货，经销商就近履约；品牌内购员工价，一码触达每一位消费者。',
  },
];

export interface Feature {
  key: string;
  title: string;
  text: string;
  /** Points shown under the text. */
  points?: string[];
  /** Accent colour of the module's icon. */
  color: string;
}

/** Every module the landing page markets (spec §1). */
export const FEATURES: Feature[] = [
  {
    key: 'customer',
    title: '客户管理',
    text: '门店档案、客户分级与业务员辖区一体化管理，终端网点尽在掌握。',
    points: [
      '拜访计划：按线路与频次自动生成',
      '距离打卡：定位校验到店真实性',
      '门店执行：陈列检查评分，奖励币激励',
    ],
    color: '#1677ff',
  },
  {
    key: 'promotion',
    title: '促销管理',
    text: '买赠、满减、进货返利灵活配置，活动效果按区域、门店实时复盘。',
    color: '#e5484d',
  },
  {
    key: 'cooperation',
    title: '合作协议',
    text: '经销商与门店合作协议在线签署，任务目标、返利条款自动跟踪兑现。',
    color: '#13a8a8',
  },
  {
    key: 'display',
    title: '陈列协议',
    text: '陈列位置、排面数量与周期一目了然，拍照审核后按期核销陈列费用。',
    color: '#fa8c16',
  },
  {
    key: 'stock',
    title: '库龄管理',
    text: '批次库存天数实时计算，临期、滞销商品自动预警，减少过期损耗。',
    color: '#a86b1f',
  },
  {
    key: 'fridge',
    title: '冰柜资产管理',
    text: '冰柜投放、押金、巡检与维修全流程在线，资产台账清清楚楚。',
    color: '#1c8fd6',
  },
  {
    key: 'mall',
    title: 'B2B2b 商城',
    text: '品牌商上架、经销商履约、门店一键订货，渠道订单在线流转。',
    color: '#7b4fe0',
  },
  {
    key: 'employeePrice',
    title: '员工价小程序',
    text: '品牌内购与员工福利价一码分享，覆盖品牌商、经销商、门店与消费者。',
    color: '#f5b82e',
  },
];

export interface Role {
  title: string;
  text: string;
}

/** The employee-price mini-program's four audiences (spec §1). */
export const MINI_PROGRAM_ROLES: Role[] = [
  { title: '品牌商', text: '统一定价与活动投放，内购数据实时回流' },
  { title: '经销商', text: '就近接单配送，员工价订单自动结算' },
  { title: '终端门店', text: '门店自提核销，带动进店客流与复购' },
  { title: '消费者', text: '扫码即享员工价，正品直供放心买' },
];

/** The mobile promotional layout's sections (spec §2). */
export const MOBILE_SECTIONS = [
  {
    key: 'assistant',
    title: '移动销售助手',
    text: '拜访计划、距离打卡、门店执行评分与奖励币，业务员一部手机跑全场。',
    image: '/landing/banner-2-visit.svg',
  },
  {
    key: 'mall',
    title: 'B2B2b 商城',
    text: '门店随时在线订货，经销商就近履约配送，订单、物流、对账全程在线。',
    image: '/landing/banner-6-mall.svg',
  },
] as const;

export interface HeaderLink {
  label: string;
  /** An external page. */
  href?: string;
  /** The id of the section of this page that presents it (the header scrolls there). */
  section?: string;
}

/** The header's brand links: the products scroll to their sections (issue #15), the others are external (spec §2). */
export const BRAND_LINKS: HeaderLink[] = [
  { label: '渠道管理', section: 'lp-features' },
  { label: '订货商城', section: 'lp-feature-mall' },
  { label: '员工价小程序', section: 'lp-roles' },
  { label: '开放平台', href: 'https://open.work.weixin.qq.com/' },
  { label: '帮助中心', href: 'https://work.weixin.qq.com/help' },
];

export const FRIENDLY_LINKS: Required<Pick<HeaderLink, 'label' | 'href'>>[] = [
  { label: '企业微信', href: 'https://work.weixin.qq.com/' },
  { label: '微信公众平台', href: 'https://mp.weixin.qq.com/' },
  { label: '中国酒业协会', href: 'http://www.cada.cc/' },
  { label: '中国饮料工业协会', href: 'http://www.chinabeverage.org/' },
  { label: '工业和信息化部', href: 'https://www.miit.gov.cn/' },
];

export const SERVICE_QR_CODES = [
  { key: 'contactService', label: '联系客服', image: '/landing/qr/contactService.svg' },
  { key: 'consultingAdviser', label: '咨询顾问', image: '/landing/qr/consultingAdviser.svg' },
  { key: 'tryIt', label: '扫码体验', image: '/landing/qr/tryIt.svg' },
] as const;

export const FILING_SITE = 'https://beian.miit.gov.cn/';
