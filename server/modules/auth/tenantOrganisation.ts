// What every tenant's organisation is made of, written the same way for the seed's demo tenants and for each
// company that registers: departments, the default menu tree with its buttons, roles with their grants, and
// accounts with their roles and departments.
import { sql, type Insertable, type Kysely } from 'kysely';
import { OUTLET_TYPES } from '../../../common/businessEnums';
import { stableId } from '../../db/ids';
import type { DB, PermissionsTable, Sex } from '../../db/schema';

export interface MenuDefinition {
  name: string;
  url: string;
  component: string;
  icon?: string;
  hidden?: boolean;
  children?: MenuDefinition[];
  buttons?: Array<{ perms: string; name: string }>;
}

/** The menu tree every tenant starts with: permissions are per tenant like every business row. */
export const DEFAULT_MENUS: MenuDefinition[] = [
  { name: '首页', url: '/dashboard/analysis', component: 'dashboard/Analysis', icon: 'home' },
  {
    name: '系统管理',
    url: '/isystem',
    component: 'layouts/RouteView',
    icon: 'setting',
    children: [
      {
        name: '用户管理',
        url: '/isystem/user',
        component: 'system/UserList',
        buttons: [
          { perms: 'user:list', name: '查询用户' },
          { perms: 'user:add', name: '新增用户' },
          { perms: 'user:edit', name: '编辑用户' },
          { perms: 'user:delete', name: '删除用户' },
          { perms: 'user:deleteBatch', name: '批量删除用户' },
          { perms: 'user:frozen', name: '冻结用户' },
          { perms: 'user:password', name: '修改用户密码' },
          // Apart from editing a profile: who may hand out roles (and only roles within their own rights).
          { perms: 'user:assignRole', name: '分配角色' },
        ],
      },
      {
        name: '角色管理',
        url: '/isystem/role',
        component: 'system/RoleList',
        buttons: [
          { perms: 'role:list', name: '查询角色' },
          { perms: 'role:add', name: '新增角色' },
          { perms: 'role:edit', name: '编辑角色' },
          { perms: 'role:delete', name: '删除角色' },
          { perms: 'role:deleteBatch', name: '批量删除角色' },
          { perms: 'role:authorize', name: '角色授权' },
        ],
      },
      {
        name: '菜单管理',
        url: '/isystem/permission',
        component: 'system/PermissionList',
        buttons: [
          { perms: 'permission:list', name: '查询菜单' },
          { perms: 'permission:add', name: '新增菜单' },
          { perms: 'permission:edit', name: '编辑菜单' },
          { perms: 'permission:delete', name: '删除菜单' },
          { perms: 'permission:deleteBatch', name: '批量删除菜单' },
        ],
      },
      {
        name: '部门管理',
        url: '/isystem/depart',
        component: 'system/DepartList',
        buttons: [
          { perms: 'depart:list', name: '查询部门' },
          { perms: 'depart:add', name: '新增部门' },
          { perms: 'depart:edit', name: '编辑部门' },
          { perms: 'depart:delete', name: '删除部门' },
          { perms: 'depart:deleteBatch', name: '批量删除部门' },
        ],
      },
      {
        name: '数据字典',
        url: '/isystem/dict',
        component: 'system/DictList',
        buttons: [
          { perms: 'dict:list', name: '查询字典' },
          { perms: 'dict:add', name: '新增字典' },
          { perms: 'dict:edit', name: '编辑字典' },
          { perms: 'dict:delete', name: '删除字典' },
          { perms: 'dict:deleteBatch', name: '批量删除字典' },
          { perms: 'dictItem:add', name: '新增字典项' },
          { perms: 'dictItem:edit', name: '编辑字典项' },
          { perms: 'dictItem:delete', name: '删除字典项' },
        ],
      },
      {
        name: '系统公告',
        url: '/isystem/annountCement',
        component: 'system/SysAnnouncementList',
        buttons: [
          { perms: 'annountCement:list', name: '查看公告' },
          { perms: 'annountCement:add', name: '新增公告' },
          { perms: 'annountCement:edit', name: '编辑公告' },
          { perms: 'annountCement:delete', name: '删除公告' },
          { perms: 'annountCement:release', name: '发布公告' },
          { perms: 'annountCement:revoke', name: '撤销公告' },
        ],
      },
      {
        name: '系统日志',
        url: '/isystem/log',
        component: 'system/LogList',
        buttons: [
          { perms: 'log:list', name: '查询日志' },
          { perms: 'log:delete', name: '删除日志' },
          { perms: 'log:deleteBatch', name: '批量删除日志' },
        ],
      },
    ],
  },
  {
    name: '产品管理',
    url: '/eMaterial',
    component: 'layouts/RouteView',
    icon: 'shopping',
    children: [
      {
        name: '商品列表',
        url: '/eMaterial/sku',
        component: 'eMaterial/SkuList',
        buttons: [
          { perms: 'product:list', name: '查看商品' },
          { perms: 'product:add', name: '新增商品' },
          { perms: 'product:edit', name: '编辑商品' },
          { perms: 'product:status', name: '上架/停售/淘汰' },
        ],
      },
      {
        name: '品牌管理',
        url: '/eMaterial/brand',
        component: 'eMaterial/BrandList',
      },
      {
        name: '品类管理',
        url: '/eMaterial/category',
        component: 'eMaterial/CategoryList',
      },
      {
        name: '价目表',
        url: '/eMaterial/priceList',
        component: 'eMaterial/PriceList',
        buttons: [
          { perms: 'price:list', name: '查看价目表' },
          { perms: 'price:add', name: '新增价目表' },
          { perms: 'price:edit', name: '编辑价目表' },
          { perms: 'price:status', name: '启用/停用价目表' },
        ],
      },
    ],
  },
  {
    name: '客户管理',
    url: '/eCustomer',
    component: 'layouts/RouteView',
    icon: 'team',
    children: [
      {
        name: '客户列表',
        url: '/eCustomer/list',
        component: 'eCustomer/CustomerList',
        buttons: [
          { perms: 'customer:list', name: '查看客户' },
          { perms: 'customer:add', name: '新增客户' },
          { perms: 'customer:edit', name: '编辑客户' },
          { perms: 'customer:status', name: '冻结/关店/停用' },
          { perms: 'customer:link', name: '关联经销商' },
          { perms: 'customer:team', name: '维护客户团队' },
        ],
      },
      {
        name: '门店审核',
        url: '/eCustomer/audit',
        component: 'eCustomer/CustomerAudit',
        buttons: [
          { perms: 'customer:audit', name: '审核门店' },
          { perms: 'customer:verify', name: '核实门店' },
        ],
      },
      {
        name: '客户标签',
        url: '/eCustLabel/list',
        component: 'eCustLabel/LabelList',
        buttons: [
          { perms: 'label:list', name: '查看标签' },
          { perms: 'label:add', name: '新增标签' },
          { perms: 'label:edit', name: '编辑标签' },
          { perms: 'label:tag', name: '打标签' },
        ],
      },
    ],
  },
  {
    name: '库存管理',
    url: '/eprod',
    component: 'layouts/RouteView',
    icon: 'database',
    children: [
      {
        name: '仓库库存',
        url: '/eprod/stock',
        component: 'eprod/ProdStockWhlist',
        buttons: [
          { perms: 'stock:list', name: '查看库存' },
          { perms: 'stock:in', name: '入库' },
          { perms: 'stock:out', name: '出库' },
          { perms: 'stock:transfer', name: '调拨' },
          { perms: 'stock:adjust', name: '盘点调整' },
          { perms: 'stock:config', name: '库龄段配置' },
        ],
      },
      {
        name: '临期预警',
        url: '/eprod/nearExpiry',
        component: 'eprod/NearExpiryList',
        buttons: [{ perms: 'nearExpiry:list', name: '查看临期预警' }],
      },
      {
        name: '库存流水',
        url: '/eprod/movement',
        component: 'eprod/StockMovementList',
      },
      {
        name: '仓库管理',
        url: '/eprod/warehouse',
        component: 'eprod/WarehouseList',
        buttons: [
          { perms: 'warehouse:add', name: '新增仓库' },
          { perms: 'warehouse:edit', name: '编辑仓库' },
        ],
      },
      {
        name: '经销商库存',
        url: '/eCustStock/list',
        component: 'eCustStock/CustStockList',
        buttons: [{ perms: 'custStock:list', name: '查看经销商库存' }],
      },
    ],
  },
  {
    name: '订单管理',
    url: '/eOrder',
    component: 'layouts/RouteView',
    icon: 'shopping-cart',
    children: [
      {
        name: '订单列表',
        url: '/eOrder/eOrder',
        component: 'eOrder/OrderList',
        buttons: [
          { perms: 'order:list', name: '查看订单' },
          { perms: 'order:add', name: '代客下单' },
          { perms: 'order:audit', name: '审核订单' },
          { perms: 'order:deliver', name: '发货' },
          { perms: 'order:sign', name: '签收' },
          { perms: 'order:invalid', name: '作废订单' },
          { perms: 'order:print', name: '打印' },
          { perms: 'order:return', name: '退换货' },
          { perms: 'payment:list', name: '查看收款' },
          { perms: 'payment:add', name: '登记收款' },
        ],
      },
    ],
  },
  {
    name: '拜访管理',
    url: '/eVisit',
    component: 'layouts/RouteView',
    icon: 'environment',
    children: [
      {
        name: '拜访计划',
        url: '/eVisit/plan',
        component: 'eVisit/VisitPlanList',
        buttons: [
          { perms: 'visitPlan:list', name: '查看拜访计划' },
          { perms: 'visitPlan:add', name: '生成/新建计划' },
          { perms: 'visitPlan:approve', name: '确认/退回计划' },
        ],
      },
      {
        name: '拜访记录',
        url: '/eVisit/record',
        component: 'eVisit/VisitRecordList',
        buttons: [
          { perms: 'visit:list', name: '查看拜访记录' },
          { perms: 'visit:checkIn', name: '签到/签退' },
        ],
      },
      {
        name: '拜访线路',
        url: '/eVisit/route',
        component: 'eVisit/VisitRouteList',
        buttons: [
          { perms: 'visitRoute:list', name: '查看拜访线路' },
          { perms: 'visitRoute:add', name: '新增线路' },
          { perms: 'visitRoute:edit', name: '编辑线路' },
        ],
      },
      {
        name: '打卡规则',
        url: '/eVisit/rule',
        component: 'eVisit/CheckInRuleList',
        buttons: [
          { perms: 'visitRule:list', name: '查看打卡规则' },
          { perms: 'visitRule:edit', name: '配置打卡规则' },
        ],
      },
      // 门店执行评分 and 金币 (issue #17)
      {
        name: '门店执行审核',
        url: '/eVisit/execution',
        component: 'eVisit/ExecutionReviewList',
        buttons: [
          { perms: 'execution:list', name: '查看执行结果' },
          { perms: 'execution:review', name: '审核执行结果' },
          { perms: 'execution:finalReview', name: '终审申诉' },
          { perms: 'execution:revoke', name: '撤销执行结果' },
          { perms: 'execution:appeal', name: '申诉' },
        ],
      },
      {
        name: '评分模板',
        url: '/eVisit/executionTemplate',
        component: 'eVisit/ExecutionTemplateList',
        buttons: [
          { perms: 'executionTemplate:list', name: '查看评分模板' },
          { perms: 'executionTemplate:edit', name: '编辑评分模板' },
        ],
      },
      {
        name: '金币账户',
        url: '/eVisit/coin',
        component: 'eVisit/CoinAccountList',
        buttons: [
          { perms: 'coin:list', name: '查看金币账户' },
          { perms: 'coin:adjust', name: '金币人工调整' },
        ],
      },
    ],
  },
  {
    name: '销售报表',
    url: '/eStoneKpi',
    component: 'layouts/RouteView',
    icon: 'bar-chart',
    children: [
      {
        name: '目标设置',
        url: '/eStoneKpi/target',
        component: 'eStoneKpi/KpiTargets',
        buttons: [
          { perms: 'kpi:list', name: '查看目标' },
          { perms: 'kpi:edit', name: '编辑/拆分/导入目标' },
          { perms: 'kpi:publish', name: '下达目标' },
        ],
      },
      {
        name: '达成报表',
        url: '/eStoneKpi/achievement',
        component: 'eStoneKpi/KpiAchievement',
        buttons: [
          { perms: 'kpi:report', name: '查看达成' },
          { perms: 'kpi:snapshot', name: '重新计算达成' },
        ],
      },
      {
        name: '销售分析',
        url: '/eStoneKpi/sales',
        component: 'eStoneKpi/SalesAnalysis',
        buttons: [{ perms: 'report:sales', name: '查看销售分析' }],
      },
      {
        name: '经销商进销存日报',
        url: '/eStoneKpi/dealerDaily',
        component: 'eStoneKpi/DealerInventoryDaily',
        buttons: [
          { perms: 'report:dealer', name: '查看经销商报表' },
          { perms: 'report:rebuild', name: '重建报表' },
        ],
      },
      {
        name: '经销商月报',
        url: '/eStoneKpi/dealerMonthly',
        component: 'eStoneKpi/DealerMonthly',
      },
    ],
  },
  {
    name: 'ERP集成',
    url: '/erp',
    component: 'layouts/RouteView',
    icon: 'api',
    children: [
      {
        // The side menu's red dot sits on this item (the failed-order counters).
        name: '同步失败订单',
        url: '/kingdee/sync/orders',
        component: 'erp/SyncFailureList',
        buttons: [
          { perms: 'erp:list', name: '查看同步任务' },
          { perms: 'erp:retry', name: '重试同步' },
          { perms: 'erp:ignore', name: '忽略/人工处理' },
        ],
      },
      {
        name: 'ERP配置',
        url: '/eErpConfig',
        component: 'erp/ErpConfig',
        buttons: [{ perms: 'erp:config', name: 'ERP连接与编码映射' }],
      },
    ],
  },
  {
    name: '促销管理',
    url: '/ePromotion',
    component: 'layouts/RouteView',
    icon: 'gift',
    children: [
      {
        name: '促销列表',
        url: '/ePromotion/list',
        component: 'ePromotion/PromotionList',
        buttons: [
          { perms: 'promotion:list', name: '查看促销' },
          { perms: 'promotion:add', name: '新增促销' },
          { perms: 'promotion:edit', name: '编辑/提交促销' },
          { perms: 'promotion:status', name: '暂停/恢复/结束/作废促销' },
        ],
      },
      {
        name: '促销组管理',
        url: '/ePromotion/group',
        component: 'ePromotion/PromotionGroupList',
        buttons: [{ perms: 'promotion:group', name: '维护促销组' }],
      },
      {
        name: '试算预览',
        url: '/ePromotion/preview',
        component: 'ePromotion/PromotionPreview',
        buttons: [{ perms: 'promotion:preview', name: '促销试算' }],
      },
    ],
  },
  {
    name: '协议管理',
    url: '/eAgrt',
    component: 'layouts/RouteView',
    icon: 'file-text',
    children: [
      {
        name: '协议模板',
        url: '/eAgrtTmpl',
        component: 'eAgrt/AgreementTemplateList',
        buttons: [
          { perms: 'agreementTemplate:list', name: '查看协议模板' },
          { perms: 'agreementTemplate:edit', name: '编辑/发布协议模板' },
        ],
      },
      {
        name: '合作协议',
        url: '/eCoopAgrt',
        component: 'eAgrt/CoopAgreementList',
        buttons: [
          { perms: 'coopAgreement:list', name: '查看合作协议' },
          { perms: 'coopAgreement:edit', name: '新增/编辑/提交合作协议' },
          { perms: 'coopAgreement:sign', name: '签署合作协议' },
          { perms: 'coopAgreement:terminate', name: '终止/续签合作协议' },
        ],
      },
    ],
  },
  {
    name: '返利管理',
    url: '/eRebate',
    component: 'layouts/RouteView',
    icon: 'account-book',
    children: [
      {
        name: '返利政策',
        url: '/eRebate/policy',
        component: 'eRebate/RebatePolicyList',
        buttons: [
          { perms: 'rebate:list', name: '查看返利政策' },
          { perms: 'rebate:policy', name: '新增/编辑/提交返利政策' },
        ],
      },
      {
        name: '返利核算',
        url: '/eRebate/calc',
        component: 'eRebate/RebateCalcList',
        buttons: [
          { perms: 'rebate:calc', name: '返利核算' },
          { perms: 'rebate:confirm', name: '确认入账/调整/关闭' },
        ],
      },
      {
        name: '资金账户',
        url: '/eRebate/account',
        component: 'eRebate/FundAccountList',
        buttons: [{ perms: 'fund:list', name: '查看账户流水/导出对账单' }],
      },
    ],
  },
  {
    name: '资产管理',
    url: '/eAsset',
    component: 'layouts/RouteView',
    icon: 'appstore',
    children: [
      {
        name: '资产台账',
        url: '/eAsset/list',
        component: 'eAsset/AssetList',
        buttons: [
          { perms: 'asset:list', name: '查看资产' },
          { perms: 'asset:add', name: '资产入库' },
          { perms: 'asset:apply', name: '发起投放/退还/转移/报废' },
          { perms: 'asset:deposit', name: '确认押金' },
          { perms: 'asset:deliver', name: '配送/签收/收柜' },
          { perms: 'asset:inspect', name: '巡检/异常报备' },
          { perms: 'asset:exception', name: '确认遗失/恢复正常' },
        ],
      },
      {
        name: '资产申请',
        url: '/eAsset/application',
        component: 'eAsset/AssetApplicationList',
      },
      {
        name: '资产型号',
        url: '/eAsset/model',
        component: 'eAsset/AssetModelList',
        buttons: [{ perms: 'asset:model', name: '维护资产型号' }],
      },
      {
        name: '资产审批',
        url: '/eAssetAppr',
        component: 'eAsset/AssetApproval',
      },
      {
        // 资产交接 between reps: read under asset:list (the receiver confirms there), started with asset:apply.
        name: '资产交接',
        url: '/eAsset/handover',
        component: 'eAsset/AssetHandoverList',
      },
      {
        // Added to tenants seeded before it by migration 0033; read under asset:list like 资产台账.
        name: '资产报表',
        url: '/eAsset/report',
        component: 'eAsset/AssetReport',
      },
    ],
  },
  {
    // POSM materials under /ePosm (/eMaterial is the product master data).
    name: '物料管理',
    url: '/ePosm',
    component: 'layouts/RouteView',
    icon: 'inbox',
    children: [
      {
        name: '物料申请',
        url: '/ePosm/request',
        component: 'ePosm/PosmRequestList',
        buttons: [
          { perms: 'posm:list', name: '查看物料' },
          { perms: 'posm:request', name: '申请/提交/撤销/签收物料' },
          { perms: 'posm:issue', name: '物料出库（拣货单）' },
          { perms: 'posm:receive', name: '代经销商签收' },
          { perms: 'posm:verify', name: '使用核验/关闭' },
        ],
      },
      {
        name: '物料库存',
        url: '/ePosm/stock',
        component: 'ePosm/PosmStockList',
        buttons: [{ perms: 'posm:stock', name: '物料入库/出库/调整' }],
      },
      {
        name: '物料目录',
        url: '/ePosm/material',
        component: 'ePosm/PosmMaterialList',
        buttons: [{ perms: 'posm:material', name: '维护物料目录' }],
      },
    ],
  },
  {
    name: '广告审批',
    url: '/eAdAppr',
    component: 'layouts/RouteView',
    icon: 'picture',
    children: [
      {
        name: '广告申请',
        url: '/eAdAppr/list',
        component: 'eAdAppr/AdApplicationList',
        buttons: [
          { perms: 'ad:list', name: '查看广告申请' },
          { perms: 'ad:apply', name: '申请/提交/撤销广告' },
          { perms: 'ad:produce', name: '安排制作/上传完工照' },
          { perms: 'ad:accept', name: '广告验收' },
          { perms: 'ad:settle', name: '广告结算' },
        ],
      },
      {
        name: '广告价目表',
        url: '/eAdAppr/price',
        component: 'eAdAppr/AdPriceBook',
        buttons: [{ perms: 'ad:price', name: '维护广告价目表' }],
      },
    ],
  },
  // ---- 员工内购 (issue #22, DOMAIN §1.16) ----
  {
    name: '员工内购',
    url: '/eEmployee',
    component: 'layouts/RouteView',
    icon: 'gift',
    children: [
      {
        name: '内购员工名单',
        url: '/eEmployee/buyer',
        component: 'eEmployee/EmployeeBuyerList',
        buttons: [
          { perms: 'employee:list', name: '查看员工内购' },
          { perms: 'employee:buyer', name: '维护/导入内购员工' },
        ],
      },
      {
        name: '员工价目表',
        url: '/eEmployee/price',
        component: 'eEmployee/EmployeePriceList',
        buttons: [{ perms: 'employee:price', name: '维护限购与自提点' }],
      },
      {
        name: '内购订单',
        url: '/eEmployee/order',
        component: 'eEmployee/EmployeeOrderList',
        buttons: [{ perms: 'employee:order', name: '备货/完成/退款' }],
      },
      {
        name: '自提核销',
        url: '/eEmployee/pickup',
        component: 'eEmployee/PickupVerify',
        buttons: [{ perms: 'employee:pickup', name: '自提核销' }],
      },
    ],
  },
  {
    name: '陈列管理',
    url: '/esdh',
    component: 'layouts/RouteView',
    icon: 'shop',
    children: [
      {
        name: '陈列方案',
        url: '/esdh/policy',
        component: 'esdh/DisplayPolicyList',
        buttons: [
          { perms: 'display:list', name: '查看陈列方案与协议' },
          { perms: 'display:policy', name: '维护/提交/关闭陈列方案' },
          { perms: 'display:policyApprove', name: '批准/退回陈列方案' },
        ],
      },
      {
        name: '陈列协议',
        url: '/esdh/agreement',
        component: 'esdh/DisplayAgreementList',
        buttons: [
          { perms: 'display:apply', name: '新建/提交/签署陈列协议' },
          { perms: 'display:terminate', name: '终止陈列协议' },
        ],
      },
      {
        name: '陈列检核',
        url: '/esdh/inspection',
        component: 'esdh/DisplayInspectionList',
        buttons: [{ perms: 'display:inspect', name: '陈列检核' }],
      },
      {
        name: '检核复核',
        url: '/esdh/review',
        component: 'esdh/DisplayReviewQueue',
        buttons: [{ perms: 'display:review', name: '复核检核（维持/改判）' }],
      },
      {
        name: '兑付批次',
        url: '/esdh/payout',
        component: 'esdh/DisplayPayoutBatch',
        buttons: [{ perms: 'display:pay', name: '核算/导出/标记兑付' }],
      },
    ],
  },
  // Dealer workspaces (issue #22): 经销商档案 and the accounts of a dealer's staff.
  {
    name: '经销商管理',
    url: '/eDealer',
    component: 'layouts/RouteView',
    icon: 'team',
    children: [
      {
        name: '经销商档案',
        url: '/eDealer/profile',
        component: 'eDealer/DealerProfileList',
        buttons: [
          { perms: 'dealer:list', name: '查看经销商档案' },
          { perms: 'dealer:edit', name: '编辑经销商档案' },
        ],
      },
      {
        name: '经销商账号',
        url: '/eDealer/account',
        component: 'eDealer/DealerAccountList',
        buttons: [{ perms: 'dealer:account', name: '维护经销商账号' }],
      },
    ],
  },
  // ---- payments and WeChat (#22) ----
  {
    name: '支付管理',
    url: '/payment',
    component: 'layouts/RouteView',
    icon: 'wallet',
    children: [
      {
        name: '收款与退款',
        url: '/payment/list',
        component: 'payment/PaymentList',
        buttons: [
          { perms: 'payRecord:list', name: '查看收款与退款' },
          { perms: 'payment:refund', name: '退款' },
        ],
      },
      {
        name: '微信配置',
        url: '/payment/wxconfig',
        component: 'payment/WxConfigList',
        buttons: [
          { perms: 'wxconfig:list', name: '查看微信配置' },
          { perms: 'wxconfig:edit', name: '维护微信配置' },
        ],
      },
      {
        name: '小程序发布',
        url: '/payment/wxplatform',
        component: 'payment/WxPlatform',
        buttons: [
          { perms: 'wxplatform:list', name: '查看小程序发布' },
          { perms: 'wxplatform:authorize', name: '授权小程序' },
          { perms: 'wxplatform:release', name: '上传/审核/发布/回退' },
        ],
      },
    ],
  },
  {
    name: '审批管理',
    url: '/approval',
    component: 'layouts/RouteView',
    icon: 'profile',
    children: [
      {
        name: '审批中心',
        url: '/approval/center',
        component: 'approval/ApprovalCenter',
        buttons: [{ perms: 'approval:center', name: '办理审批' }],
      },
      {
        name: '审批流配置',
        url: '/approval/flow',
        component: 'approval/ApprovalFlowList',
        buttons: [{ perms: 'approval:flow', name: '配置审批流' }],
      },
    ],
  },
  {
    // MES 维修 (issue #20, DOMAIN §1.15): the production system's repair and spare-parts mode.
    name: '维修服务',
    url: '/mes',
    component: 'layouts/RouteView',
    icon: 'tool',
    children: [
      {
        name: '维修工单',
        url: '/mes/order',
        component: 'mes/RepairOrderList',
        buttons: [
          { perms: 'repair:list', name: '查看维修工单' },
          { perms: 'repair:report', name: '报修/取消工单' },
          { perms: 'repair:approve', name: '结单审核/回访/关闭' },
          { perms: 'repair:work', name: '服务商接单/联系/指派/到场/反馈' },
        ],
      },
      {
        // The engineer's phone page: a provider's engineer takes its steps (repair:work) on the web.
        name: '我的工单',
        url: '/mes/mine',
        component: 'mes/EngineerOrders',
      },
      {
        name: '派工台',
        url: '/mes/dispatch',
        component: 'mes/DispatchBoard',
        buttons: [{ perms: 'repair:dispatch', name: '派工/改派（全部工单）' }],
      },
      {
        name: '备件目录',
        url: '/mes/part',
        component: 'mes/SparePartList',
        buttons: [
          { perms: 'spare:list', name: '查看备件' },
          { perms: 'spare:edit', name: '维护备件目录' },
        ],
      },
      { name: '备件库存', url: '/mes/stock', component: 'mes/SpareStockList' },
      {
        name: '领用/退库',
        url: '/mes/movement',
        component: 'mes/SpareMovementList',
        buttons: [{ perms: 'spare:move', name: '备件入库/领用/退库/调拨/报废' }],
      },
      {
        name: '备件申请',
        url: '/mes/request',
        component: 'mes/SparePartRequestList',
        buttons: [
          { perms: 'spare:request', name: '申请/签收备件' },
          { perms: 'spare:issue', name: '备件申请发货' },
        ],
      },
      {
        name: '服务商',
        url: '/mes/provider',
        component: 'mes/ServiceProviderList',
        buttons: [{ perms: 'repair:provider', name: '维护服务商/工程师' }],
      },
      {
        name: '故障代码',
        url: '/mes/faultCode',
        component: 'mes/FaultCodeList',
        buttons: [{ perms: 'repair:faultCode', name: '维护故障代码' }],
      },
      { name: '维修报表', url: '/mes/report', component: 'mes/RepairReport' },
    ],
  },
  {
    name: '下载中心',
    url: '/eDownload/list',
    component: 'eDownload/DownloadList',
    icon: 'download',
  },
  {
    name: '我的消息',
    url: '/isps/userAnnouncement',
    component: 'system/UserAnnouncementList',
    hidden: true,
  },
];

/**
 * The id of a tenant's menu or button, derived from the tenant and `key` (the menu's url or the button's
 * permission code): each tenant's tree has its own ids, and the demo tenants' ids are known in advance.
 */
export const permissionIdOf = (tenantId: string, key: string) => stableId('permission', tenantId, key);

export type PermissionRow = Insertable<PermissionsTable>;

/** The menu tree as rows: parents before their children, sort numbers following the list. */
function menuRows(tenantId: string, menus: MenuDefinition[], parentUrl: string | null): PermissionRow[] {
  return menus.flatMap((menu, index): PermissionRow[] => {
    const id = permissionIdOf(tenantId, menu.url);
    const buttons = menu.buttons ?? [];
    const children = menu.children ?? [];
    const row: PermissionRow = {
      id,
      tenant_id: tenantId,
      parent_id: parentUrl === null ? null : permissionIdOf(tenantId, parentUrl),
      name: menu.name,
      url: menu.url,
      component: menu.component,
      menu_type: parentUrl === null ? 0 : 1,
      sort_no: index,
      icon: menu.icon ?? null,
      hidden: menu.hidden ?? false,
      is_leaf: children.length === 0 && buttons.length === 0,
    };
    const buttonRows = buttons.map((button, buttonIndex): PermissionRow => ({
      id: permissionIdOf(tenantId, button.perms),
      tenant_id: tenantId,
      parent_id: id,
      name: button.name,
      menu_type: 2,
      perms: button.perms,
      perms_type: '1',
      sort_no: buttonIndex,
      is_route: false,
      status: '1',
    }));
    return [row, ...buttonRows, ...menuRows(tenantId, children, menu.url)];
  });
}

/** The default menu tree of a tenant as rows, parents first (what insertDefaultMenus writes). */
export const defaultMenuRowsOf = (tenantId: string): PermissionRow[] =>
  menuRows(tenantId, DEFAULT_MENUS, null);

/** Writes the default menu tree of a tenant and returns its rows. */
export async function insertDefaultMenus(db: Kysely<DB>, tenantId: string): Promise<PermissionRow[]> {
  const rows = menuRows(tenantId, DEFAULT_MENUS, null);
  // One insert, parents first, so the foreign key always finds its parent.
  await db.insertInto('permissions').values(rows).execute();
  return rows;
}

/** Three characters per level: the parent of A01A02A01 is A01A02. */
export const ORG_CODE_LEVEL = 3;
/** The org code of a tenant's first root department. */
export const ROOT_ORG_CODE = 'A01';

export interface NewDepart {
  id: string;
  tenantId: string;
  parentId: string | null;
  name: string;
  orgCode: string;
  order: number;
}

export async function insertDepart(db: Kysely<DB>, depart: NewDepart): Promise<void> {
  await db
    .insertInto('departs')
    .values({
      id: depart.id,
      tenant_id: depart.tenantId,
      parent_id: depart.parentId,
      depart_name: depart.name,
      org_code: depart.orgCode,
      org_type: String(depart.orgCode.length / ORG_CODE_LEVEL),
      depart_order: depart.order,
    })
    .execute();
}

export interface RoleDefinition {
  code: string;
  name: string;
  level: number;
  /** Menu urls and button codes granted; '*' grants everything. */
  grants: '*' | string[];
}

/** The administrator of a tenant: every menu and button. */
export const ADMIN_ROLE: RoleDefinition = { code: 'admin', name: '系统管理员', level: 1, grants: '*' };

/** Grants a permission row to the tenant's administrator role, who holds every permission of the tenant. */
export async function grantToAdministrators(
  db: Kysely<DB>,
  tenantId: string,
  permissionId: string,
): Promise<void> {
  await db
    .insertInto('role_permissions')
    .columns(['tenant_id', 'role_id', 'permission_id'])
    .expression(
      db
        .selectFrom('roles')
        .select([sql.lit(tenantId).as('tenant_id'), 'id', sql.lit(permissionId).as('permission_id')])
        .where('tenant_id', '=', tenantId)
        .where('role_code', '=', ADMIN_ROLE.code),
    )
    .execute();
}

/** The permission key (menu url or button code) of a row. */
function keyOf(row: PermissionRow): string {
  return (row.menu_type === 2 ? row.perms : row.url) as string;
}

/** Writes a role and grants it its share of the tenant's permissions. */
export async function insertRole(
  db: Kysely<DB>,
  role: RoleDefinition & { id: string; tenantId: string },
  permissions: PermissionRow[],
): Promise<void> {
  await db
    .insertInto('roles')
    .values({
      id: role.id,
      tenant_id: role.tenantId,
      role_code: role.code,
      role_name: role.name,
      role_level: role.level,
    })
    .execute();
  const { grants } = role;
  const granted = grants === '*' ? permissions : permissions.filter((row) => grants.includes(keyOf(row)));
  if (granted.length === 0) return;
  await db
    .insertInto('role_permissions')
    .values(granted.map((row) => ({ tenant_id: role.tenantId, role_id: role.id, permission_id: row.id })))
    .execute();
}

export interface NewAccount {
  id: string;
  tenantId: string;
  username: string;
  realname: string;
  /** Null for an account that signs in another way (a WeCom installation's administrator). */
  phone: string | null;
  email: string | null;
  sex: Sex | null;
  roleEnum: string | null;
  passwordHash: string;
  roleIds: string[];
  departIds: string[];
}

/** Writes a user with its roles and departments. */
export async function insertAccount(db: Kysely<DB>, account: NewAccount): Promise<void> {
  const { id: userId, tenantId } = account;
  await db
    .insertInto('users')
    .values({
      id: userId,
      tenant_id: tenantId,
      username: account.username,
      realname: account.realname,
      email: account.email,
      phone: account.phone,
      sex: account.sex,
      role_enum: account.roleEnum,
      password_hash: account.passwordHash,
    })
    .execute();
  if (account.roleIds.length > 0) {
    await db
      .insertInto('user_roles')
      .values(account.roleIds.map((roleId) => ({ tenant_id: tenantId, user_id: userId, role_id: roleId })))
      .execute();
  }
  if (account.departIds.length > 0) {
    await db
      .insertInto('user_departs')
      .values(
        account.departIds.map((departId) => ({ tenant_id: tenantId, user_id: userId, depart_id: departId })),
      )
      .execute();
  }
}

export interface DictDefinition {
  code: string;
  name: string;
  /** 0 text values, 1 numeric values. */
  type: 0 | 1;
  items: Array<[value: string, text: string]>;
}

/** The dictionaries every tenant starts with: the enumerations the product's pages show (API.md §6, DOMAIN.md). */
export const DEFAULT_DICTS: DictDefinition[] = [
  {
    code: 'sex',
    name: '性别',
    type: 1,
    items: [
      ['1', '男'],
      ['2', '女'],
    ],
  },
  {
    code: 'user_status',
    name: '用户状态',
    type: 1,
    items: [
      ['1', '正常'],
      ['2', '冻结'],
    ],
  },
  {
    code: 'user_identity',
    name: '用户身份',
    type: 1,
    items: [
      ['1', '普通用户'],
      ['2', '上级'],
    ],
  },
  {
    code: 'valid_status',
    name: '有效状态',
    type: 1,
    items: [
      ['1', '有效'],
      ['0', '无效'],
    ],
  },
  {
    code: 'dict_item_status',
    name: '字典项状态',
    type: 1,
    items: [
      ['1', '启用'],
      ['0', '不启用'],
    ],
  },
  {
    code: 'depart_status',
    name: '部门状态',
    type: 0,
    items: [
      ['1', '启用'],
      ['0', '停用'],
    ],
  },
  {
    code: 'org_category',
    name: '机构类型',
    type: 0,
    items: [
      ['1', '公司'],
      ['2', '组织机构'],
      ['3', '岗位'],
    ],
  },
  {
    code: 'menu_type',
    name: '菜单类型',
    type: 1,
    items: [
      ['0', '一级菜单'],
      ['1', '子菜单'],
      ['2', '按钮权限'],
    ],
  },
  {
    code: 'perms_type',
    name: '按钮权限策略',
    type: 0,
    items: [
      ['1', '显示'],
      ['2', '可编辑'],
    ],
  },
  {
    code: 'log_type',
    name: '日志类型',
    type: 1,
    items: [
      ['1', '登录日志'],
      ['2', '操作日志'],
    ],
  },
  {
    code: 'operate_type',
    name: '操作类型',
    type: 1,
    items: [
      ['1', '查询'],
      ['2', '添加'],
      ['3', '更新'],
      ['4', '删除'],
      ['5', '导入'],
      ['6', '导出'],
    ],
  },
  {
    code: 'priority',
    name: '优先级',
    type: 0,
    items: [
      ['L', '低'],
      ['M', '中'],
      ['H', '高'],
    ],
  },
  {
    code: 'msg_category',
    name: '消息类型',
    type: 0,
    items: [
      ['1', '通知公告'],
      ['2', '系统消息'],
    ],
  },
  {
    code: 'msg_type',
    name: '通告对象类型',
    type: 0,
    items: [
      ['USER', '指定用户'],
      ['ALL', '全体用户'],
    ],
  },
  {
    code: 'send_status',
    name: '发布状态',
    type: 0,
    items: [
      ['0', '未发布'],
      ['1', '已发布'],
      ['2', '已撤销'],
    ],
  },
  {
    code: 'order_status',
    name: '订单状态',
    type: 0,
    items: [
      ['PENDING_AUDIT', '待审核'],
      ['PENDING_FINANCE', '待财务审核'],
      ['PENDING_SHIPMENT', '待发货'],
      ['PARTIALLY_SHIPPED', '部分发货'],
      ['SHIPPED', '已发货'],
      ['SIGNED', '已签收'],
      ['COMPLETED', '已完成'],
      ['REJECTED', '已驳回'],
      ['CANCELLED', '已取消'],
      ['INVALID', '已作废'],
    ],
  },
  {
    code: 'payment_status',
    name: '支付状态',
    type: 0,
    items: [
      ['UNPAID', '未支付'],
      ['PARTIAL', '部分支付'],
      ['PAID', '已支付'],
      ['REFUNDING', '退款中'],
      ['REFUNDED', '已退款'],
    ],
  },
  {
    code: 'customer_type',
    name: '客户类型',
    type: 0,
    items: [
      ['DEALER', '经销商'],
      ['SUB_DISTRIBUTOR', '分销商'],
      ['WHOLESALER', '批发商(二批)'],
      ['POSTMAN', '邮差'],
      ['OUTLET', '终端门店'],
      ['CHAIN_HQ', '连锁总部'],
    ],
  },
  {
    code: 'customer_channel',
    name: '渠道',
    type: 0,
    items: [
      ['TT', '传统'],
      ['MT', '现代(商超)'],
      ['CATERING', '餐饮'],
      ['SPECIAL', '特通'],
      ['ONLINE_COMMUNITY', '社区团购'],
    ],
  },
  {
    code: 'outlet_type',
    name: '业态',
    type: 0,
    items: OUTLET_TYPES.map((outletType) => [outletType, outletType]),
  },
  {
    code: 'customer_level',
    name: '客户等级',
    type: 0,
    items: [
      ['A', 'A'],
      ['B', 'B'],
      ['C', 'C'],
      ['D', 'D'],
    ],
  },
  {
    code: 'audit_status',
    name: '审核状态',
    type: 0,
    items: [
      ['PENDING', '待审核'],
      ['APPROVED', '已通过'],
      ['REJECTED', '已驳回'],
    ],
  },
  {
    code: 'examine_status',
    name: '审批状态',
    type: 1,
    items: [
      ['0', '未审核'],
      ['1', '审核中'],
      ['2', '通过'],
      ['3', '驳回'],
    ],
  },
  {
    code: 'org_unit_type',
    name: '组织类型',
    type: 0,
    items: [
      ['HQ', '总部'],
      ['BU', '事业部'],
      ['REGION', '大区'],
      ['PROVINCE', '省区'],
      ['OFFICE', '服务处·办事处'],
      ['GROUP', '业务组'],
      ['EXTERNAL', '外联部门'],
    ],
  },
  {
    code: 'position',
    name: '岗位',
    type: 0,
    items: [
      ['SR', '业务代表'],
      ['CM', '主管·城市经理'],
      ['RM', '大区经理'],
      ['AUD', '稽查'],
      ['FIN', '财务'],
      ['WH', '仓管'],
      ['AM', '资产管理员'],
      ['BA', '运营'],
      ['DSR', '经销商业务员'],
    ],
  },
  {
    code: 'employment_status',
    name: '在职状态',
    type: 0,
    items: [
      ['ON_JOB', '在职'],
      ['LEFT', '离职'],
    ],
  },
  {
    code: 'erp_sync_status',
    name: 'ERP同步状态',
    type: 0,
    items: [
      ['PENDING', '待同步'],
      ['RUNNING', '同步中'],
      ['SUCCESS', '成功'],
      ['FAILED', '失败'],
      ['IGNORED', '已忽略'],
      ['MANUAL_DONE', '人工已处理'],
    ],
  },
];

/** The id of a tenant's default dictionary (or of one of its items): known in advance, different per tenant. */
export const dictIdOf = (tenantId: string, dictCode: string, itemValue?: string) =>
  itemValue === undefined
    ? stableId('dict', tenantId, dictCode)
    : stableId('dictItem', tenantId, dictCode, itemValue);

/** Writes the default dictionaries and their items of a tenant. */
export async function insertDefaultDictionaries(db: Kysely<DB>, tenantId: string): Promise<void> {
  await db
    .insertInto('dicts')
    .values(
      DEFAULT_DICTS.map((dict) => ({
        id: dictIdOf(tenantId, dict.code),
        tenant_id: tenantId,
        dict_name: dict.name,
        dict_code: dict.code,
        description: null,
        type: dict.type,
      })),
    )
    .execute();
  await db
    .insertInto('dict_items')
    .values(
      DEFAULT_DICTS.flatMap((dict) =>
        dict.items.map(([value, text], index) => ({
          id: dictIdOf(tenantId, dict.code, value),
          tenant_id: tenantId,
          dict_id: dictIdOf(tenantId, dict.code),
          item_text: text,
          item_value: value,
          description: null,
          sort_order: index + 1,
        })),
      ),
    )
    .execute();
}
