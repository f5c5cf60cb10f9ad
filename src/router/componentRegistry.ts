// The one registry of components a server-menu entry can name (spec §2 "Server menu items").
// A name containing 'layouts' resolves among the layouts by its last segment ('layouts/RouteView'),
// any other among the pages ('dashboard/Analysis'). A later issue adds its page with one line in
// menuPages (a layout: one entry in layouts); a name found in neither shows PageUnavailable, never a crash.
import { createElement, type ComponentType } from 'react';
import BlankLayout from '../layouts/BlankLayout';
import RouteView from '../layouts/RouteView';
import { PageUnavailable } from '../pages/exception/PageUnavailable';
import { lazyPage } from './lazyPage';
import { pages } from './pages';

/** The main frame: the route '/' and any menu entry naming it. */
export const basicLayout = lazyPage(
  () => import(/* webpackChunkName: "basic-layout" */ '../layouts/BasicLayout'),
);

const layouts = new Map<string, ComponentType>([
  ['RouteView', RouteView],
  ['BlankLayout', BlankLayout],
  // Lazy like the main frame: both read the route table, which is built from this registry.
  ['PageView', lazyPage(() => import(/* webpackChunkName: "page-view" */ '../layouts/PageView'))],
  ['BasicLayout', basicLayout],
  // jeecg's TabLayout is its main frame with tabs: here the main frame shows tabs (layouts/TabLayout)
  // whenever multi-tab mode is on.
  ['TabLayout', basicLayout],
  ['UserLayout', pages.userLayout],
  [
    'MobileUserLayout',
    lazyPage(() => import(/* webpackChunkName: "mobile-user-layout" */ '../layouts/MobileUserLayout')),
  ],
]);

const menuPages = new Map<string, ComponentType>([
  [
    'dashboard/Analysis',
    lazyPage(() => import(/* webpackChunkName: "dashboard-analysis" */ '../pages/dashboard/AnalysisPage')),
  ],
  // System administration (issue #6).
  [
    'system/UserList',
    lazyPage(() => import(/* webpackChunkName: "system-user" */ '../pages/system/user/UserListPage')),
  ],
  [
    'system/RoleList',
    lazyPage(() => import(/* webpackChunkName: "system-role" */ '../pages/system/role/RoleListPage')),
  ],
  [
    'system/PermissionList',
    lazyPage(
      () =>
        import(/* webpackChunkName: "system-permission" */ '../pages/system/permission/PermissionListPage'),
    ),
  ],
  [
    'system/DepartList',
    lazyPage(() => import(/* webpackChunkName: "system-depart" */ '../pages/system/depart/DepartListPage')),
  ],
  [
    'system/DictList',
    lazyPage(() => import(/* webpackChunkName: "system-dict" */ '../pages/system/dict/DictListPage')),
  ],
  [
    'system/LogList',
    lazyPage(() => import(/* webpackChunkName: "system-log" */ '../pages/system/log/LogListPage')),
  ],
  [
    'system/UserAnnouncementList',
    lazyPage(
      () => import(/* webpackChunkName: "user-announcements" */ '../pages/system/UserAnnouncementListPage'),
    ),
  ],
  [
    'system/SysAnnouncementList',
    lazyPage(
      () => import(/* webpackChunkName: "sys-announcements" */ '../pages/system/SysAnnouncementListPage'),
    ),
  ],
  // Approvals (issue #16).
  [
    'approval/ApprovalCenter',
    lazyPage(() => import(/* webpackChunkName: "approval-center" */ '../pages/approval/ApprovalCenterPage')),
  ],
  [
    'approval/ApprovalFlowList',
    lazyPage(() => import(/* webpackChunkName: "approval-flows" */ '../pages/approval/ApprovalFlowListPage')),
  ],
  // Agreements (issue #19).
  [
    'eAgrt/AgreementTemplateList',
    lazyPage(
      () =>
        import(
          /* webpackChunkName: "e-agreement-template" */ '../pages/business/agreement/AgreementTemplateListPage'
        ),
    ),
  ],
  [
    'eAgrt/CoopAgreementList',
    lazyPage(
      () =>
        import(
          /* webpackChunkName: "e-coop-agreement" */ '../pages/business/agreement/CoopAgreementListPage'
        ),
    ),
  ],
  // Promotions (issue #18).
  [
    'ePromotion/PromotionList',
    lazyPage(
      () => import(/* webpackChunkName: "e-promotion" */ '../pages/business/promotion/PromotionListPage'),
    ),
  ],
  [
    'ePromotion/PromotionGroupList',
    lazyPage(
      () =>
        import(
          /* webpackChunkName: "e-promotion-group" */ '../pages/business/promotion/PromotionGroupListPage'
        ),
    ),
  ],
  [
    'ePromotion/PromotionPreview',
    lazyPage(
      () =>
        import(
          /* webpackChunkName: "e-promotion-preview" */ '../pages/business/promotion/PromotionPreviewPage'
        ),
    ),
  ],
  // Dealer workspaces (issue #22).
  [
    'eDealer/DealerProfileList',
    lazyPage(
      () =>
        import(/* webpackChunkName: "e-dealer-profile" */ '../pages/business/dealer/DealerProfileListPage'),
    ),
  ],
  [
    'eDealer/DealerAccountList',
    lazyPage(
      () =>
        import(/* webpackChunkName: "e-dealer-account" */ '../pages/business/dealer/DealerAccountListPage'),
    ),
  ],
  // Rebates and fund accounts (issue #18).
  [
    'eRebate/RebatePolicyList',
    lazyPage(
      () => import(/* webpackChunkName: "e-rebate-policy" */ '../pages/business/rebate/RebatePolicyListPage'),
    ),
  ],
  [
    'eRebate/RebateCalcList',
    lazyPage(
      () => import(/* webpackChunkName: "e-rebate-calc" */ '../pages/business/rebate/RebateCalcListPage'),
    ),
  ],
  [
    'eRebate/FundAccountList',
    lazyPage(
      () => import(/* webpackChunkName: "e-fund-account" */ '../pages/business/rebate/FundAccountListPage'),
    ),
  ],
  // Business core (issue #7).
  [
    'eMaterial/SkuList',
    lazyPage(() => import(/* webpackChunkName: "e-sku" */ '../pages/business/product/SkuListPage')),
  ],
  [
    'eMaterial/BrandList',
    lazyPage(() => import(/* webpackChunkName: "e-brand" */ '../pages/business/product/BrandListPage')),
  ],
  [
    'eMaterial/CategoryList',
    lazyPage(() => import(/* webpackChunkName: "e-category" */ '../pages/business/product/CategoryListPage')),
  ],
  [
    'eMaterial/PriceList',
    lazyPage(() => import(/* webpackChunkName: "e-price" */ '../pages/business/product/PriceListPage')),
  ],
  [
    'eprod/ProdStockWhlist',
    lazyPage(() => import(/* webpackChunkName: "e-stock" */ '../pages/business/stock/ProdStockPage')),
  ],
  [
    'eprod/NearExpiryList',
    lazyPage(() => import(/* webpackChunkName: "e-near-expiry" */ '../pages/business/stock/NearExpiryPage')),
  ],
  [
    'eprod/StockMovementList',
    lazyPage(() => import(/* webpackChunkName: "e-movement" */ '../pages/business/stock/StockMovementPage')),
  ],
  [
    'eprod/WarehouseList',
    lazyPage(() => import(/* webpackChunkName: "e-warehouse" */ '../pages/business/stock/WarehouseListPage')),
  ],
  [
    'eCustStock/CustStockList',
    lazyPage(() => import(/* webpackChunkName: "e-cust-stock" */ '../pages/business/stock/DealerStockPage')),
  ],
  // Display policies and agreements (issue #19).
  [
    'esdh/DisplayPolicyList',
    lazyPage(
      () => import(/* webpackChunkName: "esdh-policy" */ '../pages/business/display/DisplayPolicyListPage'),
    ),
  ],
  [
    'esdh/DisplayAgreementList',
    lazyPage(
      () =>
        import(/* webpackChunkName: "esdh-agreement" */ '../pages/business/display/DisplayAgreementListPage'),
    ),
  ],
  [
    'esdh/DisplayInspectionList',
    lazyPage(
      () =>
        import(
          /* webpackChunkName: "esdh-inspection" */ '../pages/business/display/DisplayInspectionListPage'
        ),
    ),
  ],
  [
    'esdh/DisplayReviewQueue',
    lazyPage(
      () => import(/* webpackChunkName: "esdh-review" */ '../pages/business/display/DisplayReviewQueuePage'),
    ),
  ],
  [
    'esdh/DisplayPayoutBatch',
    lazyPage(
      () => import(/* webpackChunkName: "esdh-payout" */ '../pages/business/display/DisplayPayoutBatchPage'),
    ),
  ],
  // Payments and WeChat (issue #22).
  [
    'payment/PaymentList',
    lazyPage(
      () => import(/* webpackChunkName: "payment-list" */ '../pages/business/payment/PaymentListPage'),
    ),
  ],
  [
    'payment/WxConfigList',
    lazyPage(
      () => import(/* webpackChunkName: "payment-wxconfig" */ '../pages/business/payment/WxConfigListPage'),
    ),
  ],
  [
    'payment/WxPlatform',
    lazyPage(
      () => import(/* webpackChunkName: "payment-wxplatform" */ '../pages/business/payment/WxPlatformPage'),
    ),
  ],
  // Trade assets (issue #20).
  [
    'eAsset/AssetList',
    lazyPage(() => import(/* webpackChunkName: "e-asset" */ '../pages/business/asset/AssetListPage')),
  ],
  [
    'eAsset/AssetApplicationList',
    lazyPage(
      () =>
        import(
          /* webpackChunkName: "e-asset-application" */ '../pages/business/asset/AssetApplicationListPage'
        ),
    ),
  ],
  [
    'eAsset/AssetModelList',
    lazyPage(
      () => import(/* webpackChunkName: "e-asset-model" */ '../pages/business/asset/AssetModelListPage'),
    ),
  ],
  [
    'eAsset/AssetApproval',
    lazyPage(
      () => import(/* webpackChunkName: "e-asset-approval" */ '../pages/business/asset/AssetApprovalPage'),
    ),
  ],
  [
    'eAsset/AssetHandoverList',
    lazyPage(
      () =>
        import(/* webpackChunkName: "e-asset-handover" */ '../pages/business/asset/AssetHandoverListPage'),
    ),
  ],
  [
    'eAsset/AssetReport',
    lazyPage(
      () => import(/* webpackChunkName: "e-asset-report" */ '../pages/business/asset/AssetReportPage'),
    ),
  ],
  // 员工内购 (issue #22).
  [
    'eEmployee/EmployeeBuyerList',
    lazyPage(
      () =>
        import(/* webpackChunkName: "e-employee-buyer" */ '../pages/business/employee/EmployeeBuyerListPage'),
    ),
  ],
  [
    'eEmployee/EmployeePriceList',
    lazyPage(
      () =>
        import(/* webpackChunkName: "e-employee-price" */ '../pages/business/employee/EmployeePriceListPage'),
    ),
  ],
  [
    'eEmployee/EmployeeOrderList',
    lazyPage(
      () =>
        import(/* webpackChunkName: "e-employee-order" */ '../pages/business/employee/EmployeeOrderListPage'),
    ),
  ],
  [
    'eEmployee/PickupVerify',
    lazyPage(
      () => import(/* webpackChunkName: "e-employee-pickup" */ '../pages/business/employee/PickupVerifyPage'),
    ),
  ],
  // MES repair and spare-parts mode (issue #20).
  [
    'mes/RepairOrderList',
    lazyPage(() => import(/* webpackChunkName: "mes-order" */ '../pages/business/mes/RepairOrderListPage')),
  ],
  [
    'mes/EngineerOrders',
    lazyPage(() => import(/* webpackChunkName: "mes-mine" */ '../pages/business/mes/EngineerOrdersPage')),
  ],
  [
    'mes/DispatchBoard',
    lazyPage(() => import(/* webpackChunkName: "mes-dispatch" */ '../pages/business/mes/DispatchBoardPage')),
  ],
  [
    'mes/SparePartList',
    lazyPage(() => import(/* webpackChunkName: "mes-part" */ '../pages/business/mes/SparePartListPage')),
  ],
  [
    'mes/SpareStockList',
    lazyPage(() => import(/* webpackChunkName: "mes-stock" */ '../pages/business/mes/SpareStockListPage')),
  ],
  [
    'mes/SpareMovementList',
    lazyPage(
      () => import(/* webpackChunkName: "mes-movement" */ '../pages/business/mes/SpareMovementListPage'),
    ),
  ],
  [
    'mes/SparePartRequestList',
    lazyPage(
      () => import(/* webpackChunkName: "mes-request" */ '../pages/business/mes/SparePartRequestListPage'),
    ),
  ],
  [
    'mes/ServiceProviderList',
    lazyPage(
      () => import(/* webpackChunkName: "mes-provider" */ '../pages/business/mes/ServiceProviderListPage'),
    ),
  ],
  [
    'mes/FaultCodeList',
    lazyPage(() => import(/* webpackChunkName: "mes-fault" */ '../pages/business/mes/FaultCodeListPage')),
  ],
  [
    'mes/RepairReport',
    lazyPage(() => import(/* webpackChunkName: "mes-report" */ '../pages/business/mes/RepairReportPage')),
  ],
  // POSM materials and ad applications (issue #21).
  [
    'ePosm/PosmRequestList',
    lazyPage(
      () => import(/* webpackChunkName: "e-posm-request" */ '../pages/business/posm/PosmRequestListPage'),
    ),
  ],
  [
    'ePosm/PosmStockList',
    lazyPage(() => import(/* webpackChunkName: "e-posm-stock" */ '../pages/business/posm/PosmStockListPage')),
  ],
  [
    'ePosm/PosmMaterialList',
    lazyPage(
      () => import(/* webpackChunkName: "e-posm-material" */ '../pages/business/posm/PosmMaterialListPage'),
    ),
  ],
  [
    'eAdAppr/AdApplicationList',
    lazyPage(() => import(/* webpackChunkName: "e-ad" */ '../pages/business/ad/AdApplicationListPage')),
  ],
  [
    'eAdAppr/AdPriceBook',
    lazyPage(() => import(/* webpackChunkName: "e-ad-price" */ '../pages/business/ad/AdPriceBookPage')),
  ],
  [
    'eCustomer/CustomerList',
    lazyPage(
      () => import(/* webpackChunkName: "e-customer" */ '../pages/business/customer/CustomerListPage'),
    ),
  ],
  [
    'eCustomer/CustomerAudit',
    lazyPage(
      () => import(/* webpackChunkName: "e-customer-audit" */ '../pages/business/customer/CustomerAuditPage'),
    ),
  ],
  // Orders (issue #8).
  [
    'eOrder/OrderList',
    lazyPage(() => import(/* webpackChunkName: "e-order" */ '../pages/business/order/OrderListPage')),
  ],
  // ERP integration (issue #8).
  [
    'erp/SyncFailureList',
    lazyPage(
      () => import(/* webpackChunkName: "erp-failures" */ '../pages/business/erp/SyncFailureListPage'),
    ),
  ],
  [
    'erp/ErpConfig',
    lazyPage(() => import(/* webpackChunkName: "erp-config" */ '../pages/business/erp/ErpConfigPage')),
  ],
  [
    'eDownload/DownloadList',
    lazyPage(() => import(/* webpackChunkName: "download-center" */ '../pages/download/DownloadListPage')),
  ],
  // Visits (issue #17).
  [
    'eVisit/VisitPlanList',
    lazyPage(
      () => import(/* webpackChunkName: "e-visit-plan" */ '../pages/business/visit/VisitPlanListPage'),
    ),
  ],
  [
    'eVisit/VisitRecordList',
    lazyPage(
      () => import(/* webpackChunkName: "e-visit-record" */ '../pages/business/visit/VisitRecordListPage'),
    ),
  ],
  [
    'eVisit/VisitRouteList',
    lazyPage(
      () => import(/* webpackChunkName: "e-visit-route" */ '../pages/business/visit/VisitRouteListPage'),
    ),
  ],
  [
    'eVisit/CheckInRuleList',
    lazyPage(
      () => import(/* webpackChunkName: "e-visit-rule" */ '../pages/business/visit/CheckInRuleListPage'),
    ),
  ],
  // 门店执行评分 and 金币 (issue #17).
  [
    'eVisit/ExecutionReviewList',
    lazyPage(
      () =>
        import(
          /* webpackChunkName: "e-visit-execution" */ '../pages/business/execution/ExecutionReviewListPage'
        ),
    ),
  ],
  [
    'eVisit/ExecutionTemplateList',
    lazyPage(
      () =>
        import(
          /* webpackChunkName: "e-visit-execution-template" */ '../pages/business/execution/ExecutionTemplateListPage'
        ),
    ),
  ],
  [
    'eVisit/CoinAccountList',
    lazyPage(
      () => import(/* webpackChunkName: "e-visit-coin" */ '../pages/business/execution/CoinAccountListPage'),
    ),
  ],
  // 销售报表 (issue #21).
  [
    'eStoneKpi/KpiTargets',
    lazyPage(() => import(/* webpackChunkName: "kpi-targets" */ '../pages/business/kpi/KpiTargetsPage')),
  ],
  [
    'eStoneKpi/KpiAchievement',
    lazyPage(
      () => import(/* webpackChunkName: "kpi-achievement" */ '../pages/business/kpi/KpiAchievementPage'),
    ),
  ],
  [
    'eStoneKpi/SalesAnalysis',
    lazyPage(() => import(/* webpackChunkName: "kpi-sales" */ '../pages/business/kpi/SalesAnalysisPage')),
  ],
  [
    'eStoneKpi/DealerInventoryDaily',
    lazyPage(
      () =>
        import(/* webpackChunkName: "kpi-dealer-daily" */ '../pages/business/kpi/DealerInventoryDailyPage'),
    ),
  ],
  [
    'eStoneKpi/DealerMonthly',
    lazyPage(
      () => import(/* webpackChunkName: "kpi-dealer-monthly" */ '../pages/business/kpi/DealerMonthlyPage'),
    ),
  ],
  // Customer labels (issue #7).
  [
    'eCustLabel/LabelList',
    lazyPage(() => import(/* webpackChunkName: "e-cust-label" */ '../pages/business/customer/LabelListPage')),
  ],
]);

const unavailableViews = new Map<string, ComponentType>();

/** One view per name, so a route keeps its component (and state) when the route table is rebuilt. */
function unavailableView(componentName: string): ComponentType {
  let view = unavailableViews.get(componentName);
  if (!view) {
    view = function UnavailableMenuComponent() {
      return createElement(PageUnavailable, { componentName });
    };
    unavailableViews.set(componentName, view);
  }
  return view;
}

export function resolveMenuComponent(componentName: string | null): ComponentType {
  const name = componentName?.trim() ?? '';
  const known = name.includes('layouts') ? layouts.get(name.split('/').pop() ?? '') : menuPages.get(name);
  return known ?? unavailableView(name);
}
