// Walks every registered /api route (listRouteAccess), so a route added later joins by itself, and proves the
// access rules of API.md Part A for each: 401 without a session unless public, 403 for a signed-in user of the
// same tenant without the route's permission, and nothing of tenant A01 for the administrator of tenant B01 —
// not in any answer (JSON or a downloaded workbook), and never a success when the request names A01's rows.
import { statusesAllowing } from '../../common/orders';
import ExcelJS from 'exceljs';
import { sql, type Kysely } from 'kysely';
import type { Envelope } from '../../common/contract';
import type { RouteAccessEntry } from '../http/access';
import { listRouteAccess, permissionCodesOf } from '../http/access';
import { demoAnnouncementId, demoDepartId, demoPermissionId, demoRoleId, demoUserId } from '../db/seed/ids';
import { dictIdOf, insertAccount } from '../modules/auth/tenantOrganisation';
import { hashPassword } from '../modules/auth/passwords';
import { DEFAULT_AGE_BUCKETS } from '../modules/stock/stockAge';
import type { DB } from '../db/schema';
import { storeImage } from '../modules/files/service';
import { stableId } from '../db/ids';
import sharp from 'sharp';
import { DEMO_PASSWORD, loginAs } from './support/auth';
import { testBackends } from './support/database';
import { insertManager, privilegeSnapshot } from './support/privilege';
import { useTestServer } from './support/useTestServer';

/** The promotion routes' samples: a running demo promotion of A01, its group, an outlet and a SKU of A01. */
function promotionSamples(outletId: string, skuId: string): Record<string, Sample> {
  const promotion = stableId('promotion', 'A01', 'energy-gift');
  const draft = stableId('promotion', 'A01', 'herbal-draft');
  const group = { code: 'WALK', name: '巡检组', exclusivity: 'EXCLUSIVE', selection: 'BEST_FOR_BUYER' };
  const body = {
    name: '巡检促销',
    promoType: 'FULL_REDUCTION',
    applyLevel: 'ORDER',
    audience: 'OUTLET',
    startAt: '2026-01-01 00:00',
    endAt: '2099-01-01 00:00',
    budgetType: 'NONE',
    tiers: [
      {
        tierNo: 1,
        thresholdType: 'AMOUNT',
        thresholdValue: 100,
        benefitType: 'REDUCE_AMOUNT',
        benefitValue: 5,
      },
    ],
  };
  const cart = { buyerId: outletId, lines: [{ skuId, cases: 1 }] };
  return {
    'GET /api/ePromotion/promotion/queryById': { query: { id: promotion } },
    'GET /api/ePromotion/promotion/effect': { query: { id: promotion } },
    'POST /api/ePromotion/promotion/add': { body, own: true },
    'POST /api/ePromotion/promotion/edit': { body: { ...body, id: draft } },
    'POST /api/ePromotion/promotion/copy': { body: { id: promotion } },
    'POST /api/ePromotion/promotion/submit': { body: { id: draft } },
    'POST /api/ePromotion/promotion/pause': { body: { id: promotion } },
    'POST /api/ePromotion/promotion/resume': { body: { id: promotion } },
    'POST /api/ePromotion/promotion/end': { body: { id: promotion } },
    'POST /api/ePromotion/promotion/cancel': { body: { id: draft } },
    'POST /api/ePromotion/promotion/preview': { body: cart },
    'POST /api/eOrder/eOrder/pricePreview': { body: cart },
    'POST /api/ePromotion/group/add': { body: group, own: true },
    'POST /api/ePromotion/group/edit': {
      body: { ...group, id: stableId('promotion-group', 'A01', 'summer') },
    },
  };
}

/** The agreement routes' samples: the demo cooperation template of A01, its draft one, its agreements. */
function agreementSamples(outletId: string): Record<string, Sample> {
  const template = stableId('agreement-template', 'A01', 'coop');
  const draftTemplate = stableId('agreement-template', 'A01', 'freezer');
  const coop = (key: string) => stableId('coop-agreement', 'A01', key);
  const templateBody = {
    code: 'WALK-TMPL',
    name: '巡检模板',
    agreementType: 'COOPERATION',
    signMode: 'BOTH',
    bodyHtml: '<p>{{partyB}}</p>',
    variableSchema: [],
  };
  const coopBody = {
    partyBCustomerId: outletId,
    cooperationType: 'DISTRIBUTION',
    templateId: template,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
  };
  return {
    'GET /api/eAgrtTmpl/queryById': { query: { id: template } },
    'GET /api/eAgrtTmpl/versions': { query: { id: template } },
    'GET /api/eAgrtTmpl/diff': { query: { id: template, from: '1', to: '2' } },
    'POST /api/eAgrtTmpl/add': { body: templateBody, own: true },
    'POST /api/eAgrtTmpl/edit': { body: { ...templateBody, id: draftTemplate } },
    'POST /api/eAgrtTmpl/publish': { body: { id: draftTemplate } },
    'POST /api/eAgrtTmpl/retire': { body: { id: template, retired: true } },
    'POST /api/eAgrtTmpl/preview': {
      body: { agreementType: 'COOPERATION', bodyHtml: '<p>{{partyB}}</p>', variableSchema: [] },
      own: true,
    },
    'GET /api/eCoopAgrt/queryById': { query: { id: coop('active-1') } },
    'GET /api/eCoopAgrt/content': { query: { id: coop('active-1') } },
    'GET /api/eCoopAgrt/pdf': { query: { id: coop('active-1') } },
    'POST /api/eCoopAgrt/add': { body: coopBody },
    'POST /api/eCoopAgrt/edit': { body: { ...coopBody, id: coop('renewal') } },
    'POST /api/eCoopAgrt/submit': { body: { id: coop('renewal') } },
    'POST /api/eCoopAgrt/sign': { body: { id: coop('approved') } },
    'POST /api/eCoopAgrt/terminate': { body: { id: coop('active-1'), reason: '巡检终止' } },
    'POST /api/eCoopAgrt/renew': { body: { id: coop('expiring') } },
  };
}

/** The rebate routes' samples: the demo dealers' running monthly policy, its draft, a result and a dealer of A01. */
function rebateSamples(calcId: string, dealerId: string): Record<string, Sample> {
  const policy = stableId('rebatePolicy', 'A01', 'dealer-monthly');
  const draft = stableId('rebatePolicy', 'A01', 'outlet-growth');
  const body = {
    name: '巡检返利',
    targetType: 'DEALER',
    basis: 'AMOUNT',
    periodType: 'MONTH',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    tiers: [{ minValue: 0, maxValue: null, benefitType: 'PERCENT', benefitValue: 1 }],
  };
  return {
    'GET /api/eRebate/policy/queryById': { query: { id: policy } },
    'POST /api/eRebate/policy/add': { body, own: true },
    'POST /api/eRebate/policy/edit': { body: { ...body, id: draft } },
    'POST /api/eRebate/policy/submit': { body: { id: draft } },
    'POST /api/eRebate/policy/end': { body: { id: policy } },
    'POST /api/eRebate/policy/cancel': { body: { id: draft } },
    'POST /api/eRebate/calc/run': { body: { policyId: policy, period: '2026-01' } },
    'POST /api/eRebate/calc/trial': { body: { policyId: policy, period: '2026-01' } },
    'GET /api/eRebate/calc/runStatus': { query: { id: stableId('job', 'walk') } },
    'POST /api/eRebate/calc/confirm': { body: { ids: [calcId] } },
    'POST /api/eRebate/calc/adjust': { body: { id: calcId, amount: 1, reason: '巡检' } },
    'POST /api/eRebate/calc/close': { body: { id: calcId } },
    'GET /api/eRebate/account/exportStatement': { query: { customerId: dealerId } },
  };
}

/** 销售报表's samples: A01's rep and departments, a month of targets and reports. */
function kpiSamples(): Record<string, Sample> {
  const grid = { year: '2026', indicatorCode: 'SALES_AMOUNT', subjectType: 'ORG' };
  const sales = { startDate: '2026-01-01', endDate: '2026-11-30', dimension: 'dealer', grain: 'month' };
  const target = {
    subjectType: 'EMPLOYEE',
    subjectId: demoUserId('zhaolei'),
    period: '2026-12',
    indicatorCode: 'SALES_AMOUNT',
  };
  return {
    'GET /api/eStoneKpi/target/grid': { query: grid },
    'GET /api/eStoneKpi/target/export': { query: grid },
    'GET /api/eStoneKpi/target/template': { query: grid },
    'POST /api/eStoneKpi/target/import': { query: grid, body: {} },
    'POST /api/eStoneKpi/target/save': {
      body: {
        ...grid,
        year: 2026,
        subjectType: 'EMPLOYEE',
        cells: [{ subjectId: target.subjectId, period: '2026-12', value: 1 }],
      },
    },
    'POST /api/eStoneKpi/target/publish': { body: { ...grid, year: 2026 } },
    'POST /api/eStoneKpi/target/split': {
      body: {
        orgCode: 'A01A02',
        period: '2026-12',
        indicatorCode: 'SALES_AMOUNT',
        childType: 'ORG',
        method: 'EVEN',
      },
    },
    'POST /api/eStoneKpi/target/change': { body: { ...target, newValue: 1, reason: '巡检' } },
    'GET /api/eStoneKpi/achievement/report': { query: { period: '2026-11', indicatorCode: 'SALES_AMOUNT' } },
    'GET /api/eStoneKpi/achievement/export': { query: { period: '2026-11', indicatorCode: 'SALES_AMOUNT' } },
    'POST /api/eStoneKpi/achievement/rebuild': { body: { period: '2026-11' }, own: true },
    'GET /api/eStoneKpi/sales/analysis': { query: sales },
    'GET /api/eStoneKpi/sales/export': { query: sales },
    'GET /api/eStoneKpi/dealer/daily': { query: { date: '2026-11-25' } },
    'GET /api/eStoneKpi/dealer/daily/export': { query: { date: '2026-11-25' } },
    'GET /api/eStoneKpi/dealer/monthly': { query: { month: '2026-11' } },
    'GET /api/eStoneKpi/dealer/monthly/export': { query: { month: '2026-11' } },
    'POST /api/eStoneKpi/dealer/rebuild': { body: { month: '2026-11' }, own: true },
  };
}

interface Sample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  /**
   * The call acts on the caller's own account or adds to the caller's own tenant: the B01 administrator may
   * succeed with it (still without seeing anything of A01).
   */
  own?: true;
}

/** Rows of tenant A01 that the samples name; the B01 administrator must never get at them. */
const A01 = {
  user: demoUserId('zhangwei'),
  role: demoRoleId('A01', 'sales'),
  depart: demoDepartId('A01', 'A01A01'),
  permission: demoPermissionId('A01', '/isystem/user'),
  button: demoPermissionId('A01', 'user:list'),
  dict: dictIdOf('A01', 'sex'),
  dictItem: dictIdOf('A01', 'sex', '1'),
  announcement: demoAnnouncementId('A01'),
  /** A draft, written before the walk: the administrator's GET walk releases it, then revokes it. */
  draftAnnouncement: 'draft000000000000000000000000a01',
};

/**
 * Sample input of the routes that need some (every route with a path parameter or a body, and every GET that
 * needs parameters). The samples name A01's rows, so the B01 administrator's calls must all fail.
 */
const SYSTEM_SAMPLES: Record<string, Sample> = {
  'GET /api/kingdee/sync/orders/status': { query: { direction: '0' } },
  // The whole year, so the demo orders of A01 are in the administrator's figures (and must not reach B01's).
  'GET /api/home/summary': { query: { period: 'year' } },
  'GET /api/home/trend': { query: { period: 'year' } },
  'GET /api/home/rankings': { query: { period: 'year' } },
  'PUT /api/sys/selectDepart': { body: { orgCode: 'A01A01' } },
  'PUT /api/sys/user/updatePassword': {
    body: { oldpassword: 'wrong-Pa55', password: 'Next-Pa55word', confirmpassword: 'Next-Pa55word' },
  },
  'GET /api/sys/user/queryById': { query: { id: A01.user } },
  'POST /api/sys/user/add': {
    body: { username: 'walker', realname: '巡检', password: 'Walk-Pa55word', selectedroles: A01.role },
  },
  'PUT /api/sys/user/edit': { body: { id: A01.user, username: 'zhangwei', realname: '改名' } },
  'DELETE /api/sys/user/delete': { query: { id: A01.user } },
  'DELETE /api/sys/user/deleteBatch': { query: { ids: `${A01.user},` } },
  'PUT /api/sys/user/frozenBatch': { body: { ids: A01.user, status: '2' } },
  'PUT /api/sys/user/changePassword': {
    body: { username: 'zhangwei', password: 'Walk-Pa55word', confirmpassword: 'Walk-Pa55word' },
  },
  'PUT /api/sys/user/changPassword': {
    body: { username: 'zhangwei', password: 'Walk-Pa55word', confirmpassword: 'Walk-Pa55word' },
  },
  'GET /api/sys/user/queryUserRole': { query: { userid: demoUserId('admin') } },
  'GET /api/sys/user/userDepartList': { query: { userId: A01.user } },
  'GET /api/sys/user/queryUserByDepId': { query: { id: demoDepartId('A01', 'A01A01A01') } },
  'GET /api/sys/user/userRoleList': { query: { roleId: A01.role } },
  'POST /api/sys/user/addSysUserRole': { body: { roleId: A01.role, userIdList: [A01.user] } },
  'DELETE /api/sys/user/deleteUserRole': { query: { roleId: A01.role, userId: A01.user } },
  'DELETE /api/sys/user/deleteUserRoleBatch': { query: { roleId: A01.role, userIds: A01.user } },
  'GET /api/sys/role/queryById': { query: { id: A01.role } },
  'GET /api/sys/role/checkRoleCode': { query: { roleCode: 'walk_free' } },
  'POST /api/sys/role/add': { body: { roleName: '巡检', roleCode: 'walk_role' }, own: true },
  'PUT /api/sys/role/edit': { body: { id: A01.role, roleName: '改名', roleCode: 'sales' } },
  'DELETE /api/sys/role/delete': { query: { id: A01.role } },
  'DELETE /api/sys/role/deleteBatch': { query: { ids: A01.role } },
  'GET /api/sys/permission/queryListAsync': { query: { pid: A01.permission } },
  'GET /api/sys/permission/getSystemSubmenu': { query: { parentId: A01.permission } },
  'GET /api/sys/permission/getSystemSubmenuBatch': {
    query: { parentIds: `${A01.permission},${demoPermissionId('A01', '/isystem')}` },
  },
  'POST /api/sys/permission/add': {
    body: { name: '巡检', menuType: 2, parentId: A01.permission, perms: 'walk:x' },
  },
  'PUT /api/sys/permission/edit': {
    body: { id: A01.button, name: '改名', menuType: 2, parentId: A01.permission, perms: 'user:list' },
  },
  'POST /api/sys/permission/edit': {
    body: { id: A01.button, name: '改名', menuType: 2, parentId: A01.permission, perms: 'user:list' },
  },
  'DELETE /api/sys/permission/delete': { query: { id: A01.button } },
  'DELETE /api/sys/permission/deleteBatch': { query: { ids: A01.button } },
  'GET /api/sys/permission/queryRolePermission': { query: { roleId: A01.role } },
  'POST /api/sys/permission/saveRolePermission': {
    body: { roleId: A01.role, permissionIds: A01.button, lastpermissionIds: '' },
  },
  'GET /api/sys/sysDepart/queryDepartTreeSync': { query: { pid: A01.depart } },
  'GET /api/sys/sysDepart/queryDownTreeList': { query: { departId: A01.depart } },
  'GET /api/sys/sysDepart/queryParentName': { query: { departId: A01.depart } },
  'GET /api/sys/sysDepart/searchBy': { query: { keyWord: '大区' } },
  'POST /api/sys/sysDepart/add': { body: { departName: '巡检部', parentId: A01.depart } },
  'PUT /api/sys/sysDepart/edit': { body: { id: A01.depart, departName: '改名' } },
  'DELETE /api/sys/sysDepart/delete': { query: { id: A01.depart } },
  'DELETE /api/sys/sysDepart/deleteBatch': { query: { ids: A01.depart } },
  'GET /api/sys/dict/getDictItems/:dictCode': { params: { dictCode: 'sex' } },
  'POST /api/sys/dict/add': { body: { dictName: '巡检', dictCode: 'walk_dict' }, own: true },
  'PUT /api/sys/dict/edit': { body: { id: A01.dict, dictName: '改名', dictCode: 'sex' } },
  'DELETE /api/sys/dict/delete': { query: { id: A01.dict } },
  'DELETE /api/sys/dict/deleteBatch': { query: { ids: A01.dict } },
  'GET /api/sys/dictItem/list': { query: { dictId: A01.dict } },
  'GET /api/sys/dictItem/dictItemCheck': { query: { dictId: A01.dict, itemValue: '9' } },
  'GET /api/sys/dictItem/exportXls': { query: { dictId: A01.dict } },
  'POST /api/sys/dictItem/add': { body: { dictId: A01.dict, itemText: '巡检', itemValue: '9' } },
  'PUT /api/sys/dictItem/edit': { body: { id: A01.dictItem, itemText: '改名', itemValue: '1' } },
  'DELETE /api/sys/dictItem/delete': { query: { id: A01.dictItem } },
  'DELETE /api/sys/dictItem/deleteBatch': { query: { ids: A01.dictItem } },
  // Log ids are numbers of one sequence: the B01 administrator names A01's first rows.
  'DELETE /api/sys/log/delete': { query: { id: '1' } },
  'DELETE /api/sys/log/deleteBatch': { query: { ids: '1,2,3' } },
  'POST /api/sys/annountCement/add': {
    body: { titile: '巡检通知', priority: 'L', msgCategory: '1', msgType: 'USER', userIds: `${A01.user},` },
  },
  'PUT /api/sys/annountCement/edit': {
    body: { id: A01.announcement, titile: '改名', priority: 'L', msgCategory: '1', msgType: 'ALL' },
  },
  'DELETE /api/sys/annountCement/delete': { query: { id: A01.announcement } },
  'DELETE /api/sys/annountCement/deleteBatch': { query: { ids: `${A01.announcement},` } },
  'GET /api/sys/annountCement/doReleaseData': { query: { id: A01.draftAnnouncement } },
  'GET /api/sys/annountCement/doReovkeData': { query: { id: A01.draftAnnouncement } },
  'GET /api/sys/annountCement/queryById': { query: { id: A01.announcement } },
  'PUT /api/sys/sysAnnouncementSend/editByAnntIdAndUserId': { body: { anntId: A01.announcement } },
  'PUT /api/sys/sysAnnouncementSend/readAll': { own: true },
  'GET /api/sys/duplicate/check': {
    query: { tableName: 'sys_user', fieldName: 'email', fieldVal: 'walker@example.com' },
  },
};

/**
 * The routes of the escalation matrix (issue #14): every write that is not public and touches users, roles,
 * menus, departments or passwords. A route added later joins by itself and must be listed in ESCALATIONS.
 */
const isSensitiveWrite = (route: RouteAccessEntry) =>
  route.method !== 'GET' &&
  route.access !== 'public' &&
  /^\/api\/sys\/(user|role|permission|sysDepart)\/|assword|Depart/.test(route.url);

const GRANT_BEYOND = '不能授予您自己没有的权限';
const USER_ABOVE = '不能操作权限高于您的用户';
const ROLE_ABOVE = '不能操作权限高于您的角色';
const NOT_HELD = '不能操作您自己没有的权限';
const DEPART_ABOVE = '不能操作有权限高于您的用户的部门';
const PLACED_OUTSIDE = '不能把用户放到您管辖范围以外的部门';
const LEFT_OUTSIDE = '不能把用户移出您管辖范围以外的部门';
const DEPART_OUTSIDE = '不能操作您管辖范围以外的部门';
const PARENT_OUTSIDE = '只能在您管辖范围以内的部门下添加部门';

const ABOVE = {
  user: demoUserId('admin'),
  role: demoRoleId('A01', 'admin'),
  /** A button only the administrator holds. */
  button: demoPermissionId('A01', 'log:list'),
  /** The head office, where the administrator works. */
  depart: demoDepartId('A01', 'A01'),
};
/**
 * Outside the manager's data scope (he belongs to no department), with nobody above him in it: 广州办事处
 * (zhangwei, zhaolei), and zhaolei, a rep within his rights who works there.
 */
const OUTSIDE = {
  depart: demoDepartId('A01', 'A01A02A01'),
  user: { id: demoUserId('zhaolei'), username: 'zhaolei', realname: '赵磊' },
};
const adminPassword = { username: 'admin', password: 'Taken-Pa55word', confirmpassword: 'Taken-Pa55word' };
const logButton = {
  id: ABOVE.button,
  name: '查询日志',
  menuType: 2,
  parentId: A01.permission,
  perms: 'log:list',
};

type Escalation = { sample: Sample; message: string };

/**
 * For each route: what a manager holding its permission (and the regional manager's rights, far less than the
 * administrator, and no department: an empty data scope) would do to what lies above him or outside his data
 * scope, and the refusal (several when a route has several ways up); or why the route cannot reach above.
 */
const ESCALATIONS: Record<string, Escalation | Escalation[] | { exempt: string }> = {
  'POST /api/sys/user/add': [
    {
      sample: {
        body: {
          username: 'climbed',
          realname: '傀儡',
          password: 'Climb-Pa55word',
          selectedroles: ABOVE.role,
        },
      },
      message: GRANT_BEYOND,
    },
    {
      sample: {
        body: {
          username: 'placed',
          realname: '傀儡',
          password: 'Climb-Pa55word',
          selecteddeparts: OUTSIDE.depart,
        },
      },
      message: PLACED_OUTSIDE,
    },
  ],
  'PUT /api/sys/user/edit': [
    {
      sample: { body: { id: ABOVE.user, username: 'admin', realname: '管理员', phone: '13800000088' } },
      message: USER_ABOVE,
    },
    {
      sample: { body: { ...OUTSIDE.user, selecteddeparts: `${OUTSIDE.depart},${ABOVE.depart}` } },
      message: PLACED_OUTSIDE,
    },
    { sample: { body: { ...OUTSIDE.user, selecteddeparts: '' } }, message: LEFT_OUTSIDE },
  ],
  'DELETE /api/sys/user/delete': { sample: { query: { id: ABOVE.user } }, message: USER_ABOVE },
  'DELETE /api/sys/user/deleteBatch': {
    sample: { query: { ids: `${A01.user},${ABOVE.user}` } },
    message: USER_ABOVE,
  },
  'PUT /api/sys/user/frozenBatch': {
    sample: { body: { ids: ABOVE.user, status: '2' } },
    message: USER_ABOVE,
  },
  'PUT /api/sys/user/changePassword': { sample: { body: adminPassword }, message: USER_ABOVE },
  'PUT /api/sys/user/changPassword': { sample: { body: adminPassword }, message: USER_ABOVE },
  'PUT /api/sys/user/updatePassword': { exempt: 'the caller’s own password, with the old one' },
  'PUT /api/sys/selectDepart': { exempt: 'the login department, among the caller’s own' },
  'POST /api/sys/user/addSysUserRole': {
    sample: { body: { roleId: ABOVE.role, userIdList: [A01.user] } },
    message: GRANT_BEYOND,
  },
  'DELETE /api/sys/user/deleteUserRole': {
    sample: { query: { roleId: ABOVE.role, userId: ABOVE.user } },
    message: USER_ABOVE,
  },
  'DELETE /api/sys/user/deleteUserRoleBatch': {
    sample: { query: { roleId: ABOVE.role, userIds: ABOVE.user } },
    message: USER_ABOVE,
  },
  'POST /api/sys/role/add': { exempt: 'a new role carries no permission' },
  'PUT /api/sys/role/edit': {
    sample: { body: { id: ABOVE.role, roleName: '改名', roleCode: 'admin' } },
    message: ROLE_ABOVE,
  },
  'DELETE /api/sys/role/delete': { sample: { query: { id: ABOVE.role } }, message: ROLE_ABOVE },
  'DELETE /api/sys/role/deleteBatch': {
    sample: { query: { ids: `${A01.role},${ABOVE.role}` } },
    message: ROLE_ABOVE,
  },
  'POST /api/sys/permission/add': { exempt: 'a new menu is granted to the administrator role only' },
  'PUT /api/sys/permission/edit': { sample: { body: logButton }, message: NOT_HELD },
  'POST /api/sys/permission/edit': { sample: { body: logButton }, message: NOT_HELD },
  'DELETE /api/sys/permission/delete': { sample: { query: { id: ABOVE.button } }, message: NOT_HELD },
  'DELETE /api/sys/permission/deleteBatch': { sample: { query: { ids: ABOVE.button } }, message: NOT_HELD },
  'POST /api/sys/permission/saveRolePermission': {
    sample: { body: { roleId: A01.role, permissionIds: ABOVE.button, lastpermissionIds: '' } },
    message: GRANT_BEYOND,
  },
  'POST /api/sys/sysDepart/add': [
    { sample: { body: { departName: '巡检部', parentId: OUTSIDE.depart } }, message: PARENT_OUTSIDE },
    { sample: { body: { departName: '巡检部' } }, message: PARENT_OUTSIDE },
  ],
  'PUT /api/sys/sysDepart/edit': [
    { sample: { body: { id: ABOVE.depart, departName: '改名' } }, message: DEPART_ABOVE },
    { sample: { body: { id: OUTSIDE.depart, departName: '改名' } }, message: DEPART_OUTSIDE },
  ],
  'DELETE /api/sys/sysDepart/delete': [
    { sample: { query: { id: ABOVE.depart } }, message: DEPART_ABOVE },
    { sample: { query: { id: OUTSIDE.depart } }, message: DEPART_OUTSIDE },
  ],
  'DELETE /api/sys/sysDepart/deleteBatch': [
    { sample: { query: { ids: ABOVE.depart } }, message: DEPART_ABOVE },
    { sample: { query: { ids: OUTSIDE.depart } }, message: DEPART_OUTSIDE },
  ],
};

/** Rows of A01's business demo the business samples name (their ids are generated, so they are looked up). */
async function a01BusinessRows(db: Kysely<DB>) {
  const first = <T extends 'brands' | 'product_categories' | 'warehouses'>(table: T) =>
    db
      .selectFrom(table as 'brands')
      .select(['id', 'code'])
      .where('tenant_id', '=', 'A01')
      .orderBy('code')
      .executeTakeFirstOrThrow();
  const sku = await db
    .selectFrom('skus')
    .select(['id', 'sku_code'])
    .where('tenant_id', '=', 'A01')
    .where('status', '=', 'ON_SALE')
    .orderBy('sku_code')
    .executeTakeFirstOrThrow();
  const customerOf = (type: 'DEALER' | 'OUTLET') =>
    db
      .selectFrom('customers')
      .select('id')
      .where('tenant_id', '=', 'A01')
      .where('customer_type', '=', type)
      .where('audit_status', '=', 'APPROVED')
      .where('lng', 'is not', null)
      .orderBy('customer_code')
      .executeTakeFirstOrThrow();
  const outlet = await customerOf('OUTLET');
  const labelOf = (type: 'MANUAL' | 'RULE') =>
    db
      .selectFrom('customer_labels')
      .select(['id', 'code'])
      .where('tenant_id', '=', 'A01')
      .where('label_type', '=', type)
      .orderBy('code')
      .executeTakeFirstOrThrow();
  const erpConnection = await db
    .selectFrom('erp_connections')
    .select('id')
    .where('tenant_id', '=', 'A01')
    .executeTakeFirstOrThrow();
  return {
    erpConnection,
    // A demo failure (customer archive waiting on its mapping).
    erpTask: await db
      .selectFrom('erp_sync_tasks')
      .select(['id', 'biz_id'])
      .where('tenant_id', '=', 'A01')
      .where('status', '=', 'FAILED')
      .orderBy('id')
      .executeTakeFirstOrThrow(),
    erpMapping: await db
      .selectFrom('erp_mappings')
      .select('id')
      .where('connection_id', '=', erpConnection.id)
      .orderBy('local_code')
      .executeTakeFirstOrThrow(),
    brand: await first('brands'),
    category: await first('product_categories'),
    warehouse: await first('warehouses'),
    sku,
    priceList: await db
      .selectFrom('price_lists')
      .select('id')
      .where('tenant_id', '=', 'A01')
      .orderBy('code')
      .executeTakeFirstOrThrow(),
    dealer: await customerOf('DEALER'),
    outlet,
    teamMember: await db
      .selectFrom('customer_team_members')
      .select('id')
      .where('customer_id', '=', outlet.id)
      .executeTakeFirstOrThrow(),
    manualLabel: await labelOf('MANUAL'),
    ruleLabel: await labelOf('RULE'),
    lot: await db
      .selectFrom('stock_lots')
      .select('id')
      .where('tenant_id', '=', 'A01')
      .where('qty_on_hand', '>', 0)
      .orderBy('batch_no')
      .executeTakeFirstOrThrow(),
    image: await storeImage(
      db,
      { tenantId: 'A01', userId: demoUserId('admin') },
      {
        fileName: 'walk.png',
        content: await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
      },
    ),
  };
}

/**
 * An order of A01 (placed by the walk: the demo has none) with a return and an exchange of it, for the
 * order routes' samples.
 */
async function a01OrderRows(db: Kysely<DB>) {
  const order = await db
    .selectFrom('sales_orders')
    .select(['id', 'buyer_id', 'org_code'])
    .where('tenant_id', '=', 'A01')
    .orderBy('order_no')
    .executeTakeFirstOrThrow();
  const orderLine = await db
    .selectFrom('sales_order_lines')
    .select('id')
    .where('order_id', '=', order.id)
    .executeTakeFirstOrThrow();
  const document = {
    tenant_id: 'A01',
    original_order_id: order.id,
    customer_id: order.buyer_id,
    org_code: order.org_code,
  };
  const returnOrder = { id: 'walkreturn0000000000000000000a01', return_no: 'RTWALK' };
  const exchangeOrder = { id: 'walkexchange00000000000000000a01', exchange_no: 'HHWALK' };
  await db
    .insertInto('return_orders')
    .values({ ...returnOrder, ...document, reason: 'OTHER', refund_method: 'OFFSET_AR', amount: 0 })
    .execute();
  await db
    .insertInto('exchange_orders')
    .values({ ...exchangeOrder, ...document, reason: 'FLAVOR', price_diff_amount: 0 })
    .execute();
  return { order, orderLine, returnOrder, exchangeOrder };
}

/** Samples of the POSM and ad routes (docs/posm-api.md, docs/ads-api.md), naming A01's demo rows. */
async function a01PosmAndAdSamples(db: Kysely<DB>) {
  const material = await db
    .selectFrom('posm_materials')
    .select(['id', 'material_code'])
    .where('tenant_id', '=', 'A01')
    .orderBy('material_code')
    .executeTakeFirstOrThrow();
  const request = await db
    .selectFrom('posm_requests')
    .select(['id', 'request_no', 'warehouse_id'])
    .where('tenant_id', '=', 'A01')
    .orderBy('request_no')
    .executeTakeFirstOrThrow();
  const warehouse = await db
    .selectFrom('posm_stocks')
    .select('warehouse_id')
    .where('tenant_id', '=', 'A01')
    .executeTakeFirstOrThrow();
  const ad = await db
    .selectFrom('ad_applications')
    .select(['id', 'apply_no', 'customer_id'])
    .where('tenant_id', '=', 'A01')
    .orderBy('apply_no')
    .executeTakeFirstOrThrow();
  const price = await db
    .selectFrom('ad_price_items')
    .select('id')
    .where('tenant_id', '=', 'A01')
    .orderBy('material')
    .executeTakeFirstOrThrow();
  const materialBody = {
    materialCode: 'WALK',
    name: '巡检物料',
    category: 'POSTER',
    unit: '张',
    unitCost: 1,
  };
  const requestBody = {
    purpose: 'DISPLAY',
    targetType: 'SELF',
    lines: [{ materialId: material.id, qty: 1 }],
  };
  const adBody = {
    customerId: ad.customer_id,
    adType: 'STOREFRONT_SIGN',
    widthM: 1,
    heightM: 1,
    quantity: 1,
    material: '喷绘布',
    costSharing: { brand: 100, dealer: 0, outlet: 0 },
    keepMonths: 12,
  };
  const priceBody = { adType: 'X_BANNER', material: '巡检', unitPrice: 1 };
  const samples: Record<string, Sample> = {
    'POST /api/ePosm/material/add': { body: materialBody, own: true },
    'PUT /api/ePosm/material/edit': { body: { ...materialBody, id: material.id } },
    'POST /api/ePosm/stock/move': {
      body: { warehouseId: warehouse.warehouse_id, materialId: material.id, moveType: 'IN', qty: 1 },
    },
    'GET /api/ePosm/request/queryById': { query: { id: request.id } },
    'GET /api/ePosm/request/pickList': { query: { id: request.id } },
    'POST /api/ePosm/request/add': { body: requestBody },
    'PUT /api/ePosm/request/edit': { body: { ...requestBody, id: request.id } },
    'POST /api/ePosm/request/submit': { body: { id: request.id } },
    'POST /api/ePosm/request/cancel': { body: { id: request.id } },
    'POST /api/ePosm/request/approve': { body: { id: request.id } },
    'POST /api/ePosm/request/issue': { body: { id: request.id, warehouseId: warehouse.warehouse_id } },
    'POST /api/ePosm/request/receive': { body: { id: request.id } },
    'POST /api/ePosm/request/verify': { body: { id: request.id, photoIds: ['walk'] } },
    'POST /api/ePosm/request/close': { body: { id: request.id } },
    'POST /api/eAdAppr/price/add': { body: priceBody, own: true },
    'PUT /api/eAdAppr/price/edit': { body: { ...priceBody, id: price.id } },
    'POST /api/eAdAppr/quote': {
      body: { adType: 'STOREFRONT_SIGN', material: '喷绘布', widthM: 1, heightM: 1, quantity: 1 },
    },
    'GET /api/eAdAppr/queryById': { query: { id: ad.id } },
    'POST /api/eAdAppr/add': { body: adBody },
    'PUT /api/eAdAppr/edit': { body: { ...adBody, id: ad.id } },
    'POST /api/eAdAppr/submit': { body: { id: ad.id } },
    'POST /api/eAdAppr/cancel': { body: { id: ad.id } },
    'POST /api/eAdAppr/produce': { body: { id: ad.id, vendorName: '巡检' } },
    'POST /api/eAdAppr/install': { body: { id: ad.id, photoIds: ['walk'] } },
    'POST /api/eAdAppr/accept': { body: { id: ad.id, result: 'PASS' } },
    'POST /api/eAdAppr/settle': { body: { id: ad.id, settledAmount: 1 } },
  };
  return { samples, markers: [request.request_no, ad.apply_no, material.material_code] };
}

/** A01's display rows the display samples name (docs/displays-api.md): policies and agreements by state. */
async function a01DisplayRows(db: Kysely<DB>) {
  const policy = (status: 'DRAFT' | 'PENDING_APPROVAL' | 'ACTIVE') =>
    db
      .selectFrom('display_policies')
      .select(['id', 'org_code'])
      .where('tenant_id', '=', 'A01')
      .where('status', '=', status)
      .orderBy('policy_no')
      .executeTakeFirstOrThrow();
  const agreement = (status: 'DRAFT' | 'APPROVED' | 'ACTIVE') =>
    db
      .selectFrom('display_agreements')
      .select(['id', 'policy_id', 'customer_id', 'agreement_no'])
      .where('tenant_id', '=', 'A01')
      .where('status', '=', status)
      .orderBy('agreement_no')
      .executeTakeFirstOrThrow();
  return {
    draftPolicy: await policy('DRAFT'),
    pendingPolicy: await policy('PENDING_APPROVAL'),
    activePolicy: await policy('ACTIVE'),
    draft: await agreement('DRAFT'),
    approved: await agreement('APPROVED'),
    active: await agreement('ACTIVE'),
    inspection: await db
      .selectFrom('display_inspections')
      .select(['id', 'period'])
      .where('tenant_id', '=', 'A01')
      .where('review_status', '=', 'PENDING')
      .orderBy('inspection_no')
      .executeTakeFirstOrThrow(),
    agreementNos: (
      await db
        .selectFrom('display_agreements')
        .select('agreement_no')
        .where('tenant_id', '=', 'A01')
        .execute()
    ).map((row) => row.agreement_no),
  };
}

/** Samples of the display routes, naming A01's rows. */
function displaySamples(d: Awaited<ReturnType<typeof a01DisplayRows>>): Record<string, Sample> {
  const policy = {
    name: '巡检方案',
    costType: 'DISPLAY_FEE',
    orgCode: 'A01',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    displayTypes: ['SHELF'],
    totalBudget: 1000,
    perOutletCap: 500,
    maxOutlets: 2,
    inspectionFrequency: 'MONTHLY',
    paymentModes: ['CASH'],
  };
  const agreement = {
    policyId: d.active.policy_id,
    customerId: d.active.customer_id,
    startDate: '2026-01-01',
    endDate: '2026-01-31',
    displayType: 'SHELF',
    feeType: 'CASH',
    monthlyFee: 100,
    paymentCycle: 'MONTHLY',
  };
  return {
    'GET /api/esdh/policy/queryById': { query: { id: d.activePolicy.id } },
    'POST /api/esdh/policy/add': { body: policy, own: true },
    'PUT /api/esdh/policy/edit': { body: { ...policy, id: d.draftPolicy.id } },
    'POST /api/esdh/policy/submit': { body: { id: d.draftPolicy.id } },
    'POST /api/esdh/policy/approve': { body: { id: d.pendingPolicy.id } },
    'POST /api/esdh/policy/reject': { body: { id: d.pendingPolicy.id } },
    'POST /api/esdh/policy/close': { body: { id: d.activePolicy.id } },
    'GET /api/esdh/info': { query: { id: d.active.id } },
    'GET /api/esdh/content': { query: { id: d.active.id } },
    'GET /api/esdh/pdf': { query: { id: d.active.id } },
    'GET /api/esdh/zip': { query: { agreementId: d.active.id } },
    'POST /api/esdh/add': { body: agreement },
    'PUT /api/esdh/edit': { body: { ...agreement, id: d.draft.id } },
    'POST /api/esdh/submit': { body: { id: d.draft.id } },
    'POST /api/esdh/sign': { body: { id: d.approved.id, photoIds: ['walk'] } },
    'POST /api/esdh/terminate': { body: { id: d.active.id, reason: 'BREACH' } },
    'POST /api/esdh/inspection/add': {
      body: { agreementId: d.active.id, result: 'PASS', photoIds: ['walk'] },
    },
    'POST /api/esdh/inspection/review': { body: { id: d.inspection.id, decision: 'CONFIRM' } },
    'GET /api/esdh/payment/summary': { query: { period: d.inspection.period } },
    // Computes the caller's own tenant's month.
    'POST /api/esdh/payment/calculate': { body: { period: '2026-01' }, own: true },
    'POST /api/esdh/payment/markPaid': { body: { period: d.inspection.period, voucherNo: 'WALK' } },
  };
}

/** A01's asset rows the asset samples name: an idle and a placed freezer, an application, a model. */
async function a01AssetRows(db: Kysely<DB>) {
  const assetIn = (placement: 'IN_STOCK' | 'PLACED') =>
    db
      .selectFrom('assets')
      .select(['id', 'asset_no', 'model_id', 'warehouse_id'])
      .where('tenant_id', '=', 'A01')
      .where('placement_status', '=', placement)
      .where('condition_status', '=', 'NORMAL')
      .where('asset_type', '=', 'FREEZER')
      .orderBy('asset_no')
      .executeTakeFirstOrThrow();
  const idle = await assetIn('IN_STOCK');
  return {
    idle,
    placed: await assetIn('PLACED'),
    model: await db
      .selectFrom('asset_models')
      .select(['id', 'model_code', 'asset_type', 'form_factor'])
      .where('id', '=', idle.model_id)
      .executeTakeFirstOrThrow(),
    application: await db
      .selectFrom('asset_applications')
      .select('id')
      .where('tenant_id', '=', 'A01')
      .where('status', '=', 'IN_APPROVAL')
      .orderBy('apply_no')
      .executeTakeFirstOrThrow(),
  };
}

/** Samples of the asset routes (docs/assets-api.md), naming A01's rows. */
function assetSamples(a: Awaited<ReturnType<typeof a01AssetRows>>, outletId: string): Record<string, Sample> {
  const model = {
    modelCode: a.model.model_code,
    name: '巡检型号',
    assetType: a.model.asset_type,
    formFactor: a.model.form_factor,
    unitValue: 1,
    depositAmount: 0,
  };
  const application = { id: a.application.id };
  return {
    'GET /api/eAsset/queryById': { query: { id: a.idle.id } },
    'GET /api/eAsset/queryByNo': { query: { assetNo: a.idle.asset_no } },
    'POST /api/eAsset/model/add': { body: { ...model, modelCode: 'WALK' }, own: true },
    'PUT /api/eAsset/model/edit': { body: { ...model, id: a.model.id } },
    'POST /api/eAsset/inbound': {
      body: { modelId: a.model.id, warehouseId: a.idle.warehouse_id, assetNos: ['WALK-0001'] },
    },
    'POST /api/eAsset/application/place': { body: { assetId: a.idle.id, customerId: outletId } },
    'POST /api/eAsset/application/recall': {
      body: { assetId: a.placed.id, reason: 'LOW_SALES', refundDeposit: true },
    },
    'POST /api/eAsset/application/transfer': { body: { assetId: a.placed.id, toCustomerId: outletId } },
    'POST /api/eAsset/application/scrap': { body: { assetId: a.idle.id, remark: '巡检' } },
    'POST /api/eAsset/application/deposit': { body: { ...application, receiptNo: 'WALK' } },
    'POST /api/eAsset/application/deliver': { body: application },
    'POST /api/eAsset/application/sign': {
      body: { ...application, photoIds: ['walk'], signatureId: 'walk' },
    },
    'POST /api/eAsset/application/receive': { body: { ...application, warehouseId: a.idle.warehouse_id } },
    'POST /api/eAsset/application/cancel': { body: { ...application, reason: '巡检' } },
    'POST /api/eAsset/inspect': {
      body: {
        assetId: a.placed.id,
        poweredOn: true,
        cleanliness: 'GOOD',
        reportedCondition: 'NORMAL',
        photoIds: [],
      },
    },
    'POST /api/eAsset/exception': { body: { assetId: a.placed.id, reportType: 'DAMAGED', photoIds: [] } },
    'POST /api/eAsset/confirmLost': { body: { id: a.placed.id } },
    'POST /api/eAsset/restore': { body: { id: a.placed.id } },
  };
}

/** A route, a plan, a rule and a visit of A01 (from the demo), for the visit routes' samples. */
async function a01VisitSamples(db: Kysely<DB>): Promise<Record<string, Sample>> {
  const route = await db
    .selectFrom('visit_routes')
    .innerJoin('visit_route_outlets', 'visit_route_outlets.route_id', 'visit_routes.id')
    .select([
      'visit_routes.id',
      'visit_routes.code',
      'visit_routes.employee_id',
      'visit_route_outlets.customer_id',
    ])
    .where('visit_routes.tenant_id', '=', 'A01')
    .orderBy('visit_routes.code')
    .orderBy('visit_route_outlets.seq')
    .executeTakeFirstOrThrow();
  const outlets = await db
    .selectFrom('visit_route_outlets')
    .select('customer_id')
    .where('route_id', '=', route.id)
    .orderBy('seq')
    .execute();
  const plan = await db
    .selectFrom('visit_plans')
    .select('id')
    .where('tenant_id', '=', 'A01')
    .executeTakeFirstOrThrow();
  const rule = await db
    .selectFrom('check_in_rules')
    .select('id')
    .where('tenant_id', '=', 'A01')
    .executeTakeFirstOrThrow();
  const visit = await db
    .selectFrom('visit_records')
    .select('id')
    .where('tenant_id', '=', 'A01')
    .executeTakeFirstOrThrow();
  // A check of goods that an order shipped to that outlet: the look-up finds the order line.
  const shelfCheck = await db
    .selectFrom('outlet_stock_checks')
    .innerJoin('sales_orders', 'sales_orders.buyer_id', 'outlet_stock_checks.customer_id')
    .innerJoin('shipments', 'shipments.order_id', 'sales_orders.id')
    .innerJoin('shipment_lines', 'shipment_lines.shipment_id', 'shipments.id')
    .whereRef('shipment_lines.sku_id', '=', 'outlet_stock_checks.sku_id')
    .whereRef('shipment_lines.production_date', '=', 'outlet_stock_checks.oldest_production_date')
    .where('sales_orders.status', 'in', statusesAllowing('return'))
    .where('outlet_stock_checks.tenant_id', '=', 'A01')
    .select('outlet_stock_checks.id')
    .executeTakeFirstOrThrow();
  const stepTemplate = await db
    .selectFrom('visit_step_templates')
    .select('id')
    .where('tenant_id', '=', 'A01')
    .executeTakeFirstOrThrow();
  const stepTemplateBody = {
    name: '巡检步骤',
    orgCode: 'A01A02A01',
    channel: 'CATERING',
    steps: [{ stepType: 'DOOR_PHOTO', required: true }],
  };
  const routeBody = {
    code: route.code,
    name: '巡检线路',
    employeeId: route.employee_id,
    weekdays: [1, 3],
    outletIds: [route.customer_id],
  };
  const ruleBody = {
    name: '巡检规则',
    orgCode: 'A01A02A01',
    checkInRadiusM: 200,
    gpsAccuracyMaxM: 100,
    allowOutOfRange: true,
    requireCheckOut: true,
    minStayMinutes: 5,
    maxStayMinutes: 90,
  };
  const position = { lng: 113.26, lat: 23.12, accuracyM: 10 };
  return {
    'GET /api/eVisit/route/queryById': { query: { id: route.id } },
    'POST /api/eVisit/route/add': { body: { ...routeBody, code: 'WALK-ROUTE' } },
    'PUT /api/eVisit/route/edit': { body: { ...routeBody, id: route.id } },
    'PUT /api/eVisit/route/reorder': {
      body: { id: route.id, outletIds: outlets.map((each) => each.customer_id).reverse() },
    },
    'PUT /api/eVisit/route/changeStatus': { body: { id: route.id, status: 'DISABLED' } },
    // A rule of the caller's own tenant (org codes are per tenant).
    'POST /api/eVisit/rule/add': { body: ruleBody, own: true },
    'PUT /api/eVisit/rule/edit': { body: { ...ruleBody, id: rule.id } },
    'POST /api/eVisit/stepTemplate/add': { body: stepTemplateBody, own: true },
    'PUT /api/eVisit/stepTemplate/edit': { body: { ...stepTemplateBody, id: stepTemplate.id } },
    'GET /api/eVisit/record/queryById': { query: { id: visit.id } },
    'GET /api/eVisit/record/employeeOptions': { query: { keyword: '赵' } },
    // The order line that shipped what a rep saw on the shelf (临期预警's 退货 / 换货).
    'GET /api/eOrder/eOrder/shelfGoods': { query: { checkId: shelfCheck.id } },
    'GET /api/esaleanalysis/dmsdailyreport': { query: { date: '2026-11-02' } },
    'GET /api/esaleanalysis/dmsmonthreport': { query: { month: '2026-11', groupBy: 'org' } },
    'GET /api/esaleanalysis/dmsdailyreport/exportXls': { query: { date: '2026-11-02' } },
    'GET /api/esaleanalysis/dmsmonthreport/exportXls': { query: { month: '2026-11' } },
    'POST /api/eVisit/checkIn': {
      body: { clientId: 'walk-check-in-0001', customerId: route.customer_id, ...position },
    },
    'POST /api/eVisit/checkOut': { body: { visitId: visit.id, ...position } },
    'POST /api/eVisit/step': {
      body: { visitId: visit.id, clientId: 'walk-step-0001', stepType: 'STOCK_CHECK' },
    },
    'POST /api/eVisit/order': {
      body: {
        visitId: visit.id,
        clientId: 'walk-order-0001',
        paymentMethod: 'COD',
        lines: [{ skuId: visit.id, cases: 1 }],
      },
    },
    'GET /api/eVisit/plan/queryById': { query: { id: plan.id } },
    // Plans of the caller's own routes.
    'POST /api/eVisit/plan/generate': { body: { from: '2026-01-05', to: '2026-01-06' }, own: true },
    'POST /api/eVisit/plan/addTemp': {
      body: { employeeId: route.employee_id, planDate: '2026-01-05', outletIds: [route.customer_id] },
    },
    'POST /api/eVisit/plan/copyLastWeek': { body: { weekStart: '2026-01-05' }, own: true },
    'PUT /api/eVisit/plan/decide': { body: { id: plan.id, approve: true } },
  };
}

/** The first row of A01 in a table (by id), for the samples of modules whose demo rows have random ids. */
async function firstOfA01(db: Kysely<DB>, table: string, where = 'true'): Promise<string> {
  const { rows } = await sql<{ id: string }>`select id from ${sql.table(table)}
    where tenant_id = 'A01' and ${sql.raw(where)} order by id limit 1`.execute(db);
  if (!rows[0]) throw new Error(`no A01 row in ${table} (${where})`);
  return rows[0].id;
}

/** Samples of 维修与备件 (/mes, docs/repairs-api.md), naming A01's demo provider, orders, parts and warehouses. */
async function a01RepairSamples(
  db: Kysely<DB>,
  assetId: string,
  outletId: string,
): Promise<Record<string, Sample>> {
  const [order, provider, engineer, fault, part, warehouse] = await Promise.all([
    firstOfA01(db, 'repair_orders'),
    firstOfA01(db, 'service_providers'),
    firstOfA01(db, 'service_engineers'),
    firstOfA01(db, 'fault_codes'),
    firstOfA01(db, 'spare_parts'),
    firstOfA01(db, 'spare_warehouses'),
  ]);
  // No spare-part request is in the demo the walk runs on: one that is not the B01 administrator's.
  const request = stableId('spare-part-request', 'A01', 'walk');
  const providerBody = {
    code: 'WALK',
    name: '巡检服务商',
    coverageAreaCodes: ['440000'],
    slaHours: 24,
    rateCard: {},
    status: 'ENABLED',
  };
  const engineerBody = { providerId: provider, name: '巡检', mobile: '13800000077', status: 'ENABLED' };
  const faultBody = {
    code: 'WALK',
    faultCategory: 'NO_COOLING',
    description: '巡检故障',
    suggestedPartIds: [part],
    status: 'ENABLED',
  };
  const partBody = {
    partCode: 'WALK',
    name: '巡检备件',
    category: 'FAN',
    unit: '个',
    standardPrice: 1,
    costPrice: 1,
    serialTracked: false,
    safetyStock: 0,
    status: 'ENABLED',
  };
  return {
    'GET /api/mes/order/queryById': { query: { id: order } },
    'POST /api/mes/order/add': {
      body: {
        sourceType: 'HOTLINE',
        assetId,
        customerId: outletId,
        faultCategory: 'NO_COOLING',
        faultDescription: '巡检报修',
      },
    },
    'POST /api/mes/order/verify': { body: { id: order, assetId } },
    'POST /api/mes/order/dispatch': { body: { id: order, providerId: provider } },
    'POST /api/mes/order/accept': { body: { id: order } },
    'POST /api/mes/order/contact': { body: { id: order, bookingDate: '2026-12-01' } },
    'POST /api/mes/order/assign': { body: { id: order, engineerId: engineer } },
    'POST /api/mes/order/arrive': { body: { id: order, lng: 113.26, lat: 23.12 } },
    'POST /api/mes/order/feedback': {
      body: {
        id: order,
        cause: '巡检',
        repairMethod: '巡检',
        actualServiceType: 'ON_SITE',
        parts: [{ partId: part, qty: 1, warehouseId: warehouse }],
        photoIds: ['walk'],
        laborCost: 0,
        travelCost: 0,
      },
    },
    'POST /api/mes/order/approve': { body: { id: order } },
    'POST /api/mes/order/revisit': { body: { id: order, result: 'PASSED' } },
    'POST /api/mes/order/close': { body: { id: order } },
    'POST /api/mes/order/cancel': { body: { id: order, reason: '巡检' } },
    'POST /api/mes/provider/add': { body: providerBody, own: true },
    'PUT /api/mes/provider/edit': { body: { ...providerBody, id: provider } },
    'POST /api/mes/engineer/add': { body: engineerBody },
    'PUT /api/mes/engineer/edit': { body: { ...engineerBody, id: engineer } },
    'POST /api/mes/faultCode/add': { body: faultBody },
    'PUT /api/mes/faultCode/edit': { body: { ...faultBody, id: fault } },
    'POST /api/mes/part/add': { body: partBody, own: true },
    'PUT /api/mes/part/edit': { body: { ...partBody, id: part } },
    'POST /api/mes/movement/add': {
      body: { moveType: 'PURCHASE_IN', partId: part, warehouseId: warehouse, qty: 1 },
    },
    'POST /api/mes/request/add': { body: { warehouseId: warehouse, lines: [{ partId: part, qty: 1 }] } },
    'POST /api/mes/request/issue': { body: { id: request, fromWarehouseId: warehouse } },
    'POST /api/mes/request/receive': { body: { id: request } },
  };
}

/** Samples of 员工内购 (/eEmployee, mall seed): A01's buyer, pickup point, an employee order and its pickup code. */
async function a01EmployeeSamples(db: Kysely<DB>, skuId: string): Promise<Record<string, Sample>> {
  const order = await db
    .selectFrom('employee_orders')
    .select(['id', 'pickup_code'])
    .where('tenant_id', '=', 'A01')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const buyer = {
    employeeNo: 'WALK01',
    name: '巡检',
    mobile: '13800000076',
    monthlyQuotaAmount: 100,
  };
  const point = { name: '巡检自提点', address: '巡检路 1 号' };
  return {
    'GET /api/eEmployee/order/queryById': { query: { id: order.id } },
    'GET /api/eEmployee/pickup/lookup': { query: { code: order.pickup_code } },
    'POST /api/eEmployee/buyer/save': { body: { ...buyer, id: await firstOfA01(db, 'employee_buyers') } },
    'POST /api/eEmployee/buyer/importExcel': { body: {} },
    'POST /api/eEmployee/price/limit': { body: { skuId, perMonthLimitQty: 1 } },
    'POST /api/eEmployee/pickupPoint/save': { body: { ...point, id: await firstOfA01(db, 'pickup_points') } },
    'POST /api/eEmployee/order/ready': { body: { id: order.id } },
    'POST /api/eEmployee/order/complete': { body: { id: order.id } },
    'POST /api/eEmployee/order/refund': { body: { id: order.id, reason: '巡检' } },
    'POST /api/eEmployee/pickup/confirm': { body: { code: order.pickup_code } },
  };
}

/** Samples of 在线收款 and 微信配置 (docs/payments-api.md): an order of A01 (no A01 payment is seeded). */
function paymentSamples(orderId: string): Record<string, Sample> {
  return {
    'POST /api/payment/prepay': { body: { orderId } },
    'POST /api/payment/query': { body: { payNo: 'WALK0000000000000001' } },
    'POST /api/payment/refund/add': { body: { orderId, amount: 1, reason: '巡检' } },
    'POST /api/payment/refund/applyAbnormal': {
      body: { id: 'WALK0000000000000001', type: 'MERCHANT_BANK_CARD' },
    },
    // Saves the caller's own tenant's account (there is no id to name: one account per kind and tenant).
    'POST /api/wxconfig/save': {
      body: { kind: 'OFFICIAL_ACCOUNT', name: '巡检公众号', mode: 'MOCK' },
      own: true,
    },
  };
}

/** Samples of 小程序发布 (docs/wxplatform-api.md): a mini-program of A01 with a version, written here. */
async function a01WxPlatformSamples(db: Kysely<DB>): Promise<Record<string, Sample>> {
  const programId = stableId('wxMiniProgram', 'A01', 'walk');
  const versionId = stableId('wxMiniVersion', 'A01', 'walk');
  await db
    .insertInto('wx_mini_programs')
    .values({
      id: programId,
      tenant_id: 'A01',
      kind: 'MINI_MALL',
      app_id: 'wxwalk000001',
      refresh_token_enc: 'v1:x:y:z',
    })
    .execute();
  await db
    .insertInto('wx_mini_versions')
    .values({
      id: versionId,
      tenant_id: 'A01',
      program_id: programId,
      template_id: '1',
      user_version: '1.0.0',
      user_desc: '巡检',
    })
    .execute();
  const version = { body: { id: versionId } };
  return {
    'POST /api/wxplatform/authorize/url': {
      body: { redirectUri: 'http://localhost/payment/wxplatform' },
      own: true,
    },
    'POST /api/wxplatform/authorize/complete': { body: { kind: 'MINI_MALL', authCode: 'walk-forged' } },
    'POST /api/wxplatform/version/commit': {
      body: { programId, templateId: '1', userVersion: '2.0.0', userDesc: '巡检' },
    },
    'POST /api/wxplatform/version/submit': version,
    'POST /api/wxplatform/version/refreshAudit': version,
    'POST /api/wxplatform/version/release': version,
    'POST /api/wxplatform/version/rollback': version,
  };
}

/** Samples of 门店执行评分 and 金币 (execution seed): A01's templates, a result and its visit. */
async function a01ExecutionSamples(db: Kysely<DB>, outletId: string): Promise<Record<string, Sample>> {
  const template = stableId('executionTemplate', 'A01', 'EXE-STD', '2');
  const result = await db
    .selectFrom('execution_results')
    .select(['id', 'visit_id', 'template_id'])
    .where('tenant_id', '=', 'A01')
    .orderBy('result_no')
    .executeTakeFirstOrThrow();
  const item = await db
    .selectFrom('execution_template_items')
    .select('id')
    .where('template_id', '=', result.template_id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const templateBody = {
    code: 'WALK-EXE',
    name: '巡检模板',
    passScore: 60,
    coinRule: { tiers: [{ minScore: 60, coins: 1 }], monthlyCap: 10 },
    items: [
      {
        code: 'W1',
        name: '巡检项',
        category: 'DISPLAY',
        inputType: 'YES_NO',
        maxScore: 10,
        scoringRule: 'ALL_OR_NOTHING',
      },
    ],
  };
  const review = { id: result.id, approve: true, items: [{ itemId: item.id, reviewerScore: 1 }] };
  return {
    'GET /api/eVisit/executionTemplate/queryById': { query: { id: template } },
    'GET /api/eVisit/execution/templateForVisit': { query: { visitId: result.visit_id } },
    'GET /api/eVisit/execution/queryById': { query: { id: result.id } },
    'POST /api/eVisit/executionTemplate/add': { body: templateBody, own: true },
    'PUT /api/eVisit/executionTemplate/edit': { body: { ...templateBody, id: template } },
    'POST /api/eVisit/executionTemplate/newVersion': { body: { id: template } },
    'PUT /api/eVisit/executionTemplate/changeStatus': { body: { id: template, status: 'RETIRED' } },
    'POST /api/eVisit/execution/submit': {
      body: {
        clientId: 'walk-execution-1',
        visitId: result.visit_id,
        templateId: result.template_id,
        items: [{ itemId: item.id, value: true }],
      },
    },
    'PUT /api/eVisit/execution/review': { body: review },
    'PUT /api/eVisit/execution/approveBatch': { body: { ids: [result.id] } },
    'PUT /api/eVisit/execution/appeal': { body: { id: result.id, reason: '巡检' } },
    'PUT /api/eVisit/execution/finalReview': { body: review },
    'PUT /api/eVisit/execution/revoke': { body: { id: result.id, reason: '巡检' } },
    'POST /api/eVisit/coin/adjust': { body: { customerId: outletId, coins: 1, reason: '巡检' } },
  };
}

/** Samples of 资产交接 (no handover is seeded: accept/reject name one that is not the B01 administrator's). */
async function a01HandoverSamples(db: Kysely<DB>, assetId: string): Promise<Record<string, Sample>> {
  const handover = stableId('asset-handover', 'A01', 'walk');
  const agreement = await firstOfA01(db, 'asset_agreements');
  return {
    'GET /api/eAsset/agreement/html': { query: { id: agreement } },
    'GET /api/eAsset/agreement/pdf': { query: { id: agreement } },
    'POST /api/eAsset/handover': { body: { assetIds: [assetId], toUserId: A01.user } },
    'POST /api/eAsset/handover/accept': { body: { id: handover } },
    'POST /api/eAsset/handover/reject': { body: { id: handover, remark: '巡检' } },
  };
}

/** Samples of the business routes (docs/business-api.md), naming A01's rows. */
function businessSamples(
  a: Awaited<ReturnType<typeof a01BusinessRows>> & Awaited<ReturnType<typeof a01OrderRows>>,
): Record<string, Sample> {
  const sku = {
    skuCode: a.sku.sku_code,
    name: '巡检',
    brandId: a.brand.id,
    categoryId: a.category.id,
    packageType: 'PET',
    baseUnit: '瓶',
    saleUnit: '箱',
    unitsPerCase: 12,
    shelfLifeDays: 365,
  };
  const priceList = {
    code: 'WALK',
    name: '巡检',
    priceType: 'SUPPLY',
    validFrom: '2026-01-01',
    items: [{ skuId: a.sku.id, unit: 'CASE', price: 50 }],
    scopes: [],
  };
  const outletId = a.outlet.id;
  const erpConnection = {
    name: '巡检ERP',
    systemType: 'KINGDEE_K3CLOUD',
    baseUrl: '/sim/erp/kingdee/k3cloud',
    acctId: 'WALK',
    appId: 'walk',
    userName: 'walk',
  };
  return {
    'POST /api/eMaterial/brand/add': { body: { code: 'WALK', name: '巡检品牌' }, own: true },
    'PUT /api/eMaterial/brand/edit': { body: { id: a.brand.id, code: a.brand.code, name: '改名' } },
    'POST /api/eMaterial/category/add': { body: { code: 'WALK', name: '巡检', parentId: a.category.id } },
    'PUT /api/eMaterial/category/edit': { body: { id: a.category.id, code: a.category.code, name: '改名' } },
    'GET /api/eMaterial/sku/queryById': { query: { id: a.sku.id } },
    'POST /api/eMaterial/sku/add': { body: { ...sku, skuCode: 'WALK-1' } },
    'PUT /api/eMaterial/sku/edit': { body: { ...sku, id: a.sku.id } },
    'PUT /api/eMaterial/sku/changeStatus': { body: { id: a.sku.id, status: 'SUSPENDED' } },
    // Not multipart: refused before reading; the import itself only ever writes the caller's tenant.
    'POST /api/eMaterial/sku/importExcel': { body: {} },
    'GET /api/eMaterial/priceList/queryById': { query: { id: a.priceList.id } },
    'POST /api/eMaterial/priceList/add': { body: priceList },
    'PUT /api/eMaterial/priceList/edit': { body: { ...priceList, id: a.priceList.id } },
    'PUT /api/eMaterial/priceList/changeStatus': { body: { id: a.priceList.id, status: 'DISABLED' } },
    'POST /api/eMaterial/priceList/submit': { body: { id: a.priceList.id } },
    'POST /api/eMaterial/priceList/copy': {
      body: { id: a.priceList.id, code: 'WALK-COPY', validFrom: '2026-01-01' },
    },
    'GET /api/eMaterial/price/resolve': {
      query: { customerId: outletId, skuId: a.sku.id, priceType: 'SUPPLY' },
    },
    'GET /api/eCustomer/queryById': { query: { id: outletId } },
    'POST /api/eCustomer/add': {
      body: { name: '巡检门店', customerType: 'OUTLET', servingDealerId: a.dealer.id },
    },
    'PUT /api/eCustomer/edit': { body: { id: outletId, name: '改名', customerType: 'OUTLET' } },
    'POST /api/eCustomer/audit': { body: { id: outletId, action: 'REJECT', reason: '巡检' } },
    'GET /api/eCustomer/custAuditByMapPoi': { query: { id: outletId } },
    'POST /api/eCustomer/systemCustVerifyBatch': { body: { ids: [outletId] } },
    'PUT /api/eCustomer/changeVerifyStatus': {
      body: { ids: [outletId], verifyStatus: 'SUSPECT', reason: '巡检' },
    },
    'PUT /api/eCustomer/changeStatus': { body: { id: outletId, status: 'FROZEN', reason: '巡检' } },
    'PUT /api/eCustomer/link': { body: { customerId: outletId, dealerId: a.dealer.id } },
    'PUT /api/eCustomer/linkBatch': { body: { customerIds: [outletId], dealerId: a.dealer.id } },
    'GET /api/eCustomer/queryTeamList': { query: { customerId: outletId } },
    'POST /api/eCustomer/team/add': { body: { customerId: outletId, userId: A01.user, role: 'ASSIST' } },
    'PUT /api/eCustomer/team/end': { body: { id: a.teamMember.id } },
    'GET /api/eCustomer/slideshow': { query: { id: outletId } },
    'POST /api/eCustomer/photo/add': { body: { customerId: outletId, kind: 'DOOR', url: '/walk.jpg' } },
    'POST /api/eCustomer/importExcel': { body: {} },
    'POST /api/eCustLabel/add': { body: { code: 'WALK', name: '巡检', labelType: 'MANUAL' }, own: true },
    'PUT /api/eCustLabel/edit': {
      body: { id: a.manualLabel.id, code: a.manualLabel.code, name: '改名', labelType: 'MANUAL' },
    },
    'POST /api/eCustLabel/tag': { body: { labelId: a.manualLabel.id, customerIds: [outletId] } },
    'POST /api/eCustLabel/untag': { body: { labelId: a.manualLabel.id, customerIds: [outletId] } },
    // A count over the caller's own customers.
    'POST /api/eCustLabel/previewRule': {
      body: { rule: { conditions: [{ field: 'customerType', op: 'eq', value: 'OUTLET' }] } },
      own: true,
    },
    'POST /api/eCustLabel/refresh': { body: { id: a.ruleLabel.id } },
    'POST /api/eprod/warehouse/add': {
      body: { code: 'WALK', name: '巡检仓', ownerType: 'DEALER', ownerId: a.dealer.id },
    },
    'PUT /api/eprod/warehouse/edit': {
      body: { id: a.warehouse.id, code: a.warehouse.code, name: '改名', ownerType: 'BRAND' },
    },
    // The caller's own tenant's age buckets.
    'PUT /api/eprod/stockAge/buckets': { body: { buckets: DEFAULT_AGE_BUCKETS }, own: true },
    'POST /api/eprod/stock/in': {
      body: {
        warehouseId: a.warehouse.id,
        skuId: a.sku.id,
        batchNo: 'WALK',
        productionDate: '2026-01-01',
        cases: 1,
      },
    },
    'POST /api/eprod/stock/out': {
      body: {
        warehouseId: a.warehouse.id,
        skuId: a.sku.id,
        lotId: a.lot.id,
        units: 1,
        movementType: 'DAMAGE',
      },
    },
    'POST /api/eprod/stock/transfer': { body: { lotId: a.lot.id, toWarehouseId: a.warehouse.id, units: 1 } },
    'POST /api/eprod/stock/adjust': {
      body: { lotId: a.lot.id, countedCases: 0, countedUnits: 0, reason: '巡检' },
    },
    'PUT /api/eprod/stockLot/changeStatus': { body: { id: a.lot.id, status: 'FROZEN' } },
    'GET /api/eOrder/eOrder/queryById': { query: { id: a.order.id } },
    'GET /api/eOrder/eOrder/getOpenApprovalData': { query: { id: a.order.id } },
    'GET /api/eOrder/eOrder/deliverPlan': { query: { id: a.order.id } },
    'POST /api/eOrder/eOrder/add': {
      body: { buyerId: outletId, paymentMethod: 'COD', lines: [{ skuId: a.sku.id, cases: 1 }] },
    },
    'POST /api/eOrder/eOrder/cancelOrder': { body: { id: a.order.id, reason: '巡检' } },
    'POST /api/eOrder/eOrder/resubmitOrder': {
      body: { id: a.order.id, paymentMethod: 'COD', lines: [{ skuId: a.sku.id, cases: 1 }] },
    },
    'POST /api/eOrder/eOrder/auditOrder': { body: { ids: [a.order.id], pass: false, reason: '巡检' } },
    'POST /api/eOrder/eOrder/saveOrderDeliver': { body: { id: a.order.id } },
    'POST /api/eOrder/eOrder/saveOrderSign': { body: { id: a.order.id } },
    'POST /api/eOrder/eOrder/orderInvalid': { body: { id: a.order.id, reason: '巡检' } },
    'POST /api/eOrder/eOrder/orderPrint': { body: { id: a.order.id } },
    'POST /api/eOrder/eOrder/orderExePrint': { body: { id: a.order.id } },
    'GET /api/eOrder/eOrder/backOrderById': { query: { id: a.returnOrder.id } },
    'POST /api/eOrder/eOrder/backOrder/add': {
      body: {
        orderId: a.order.id,
        reason: 'OTHER',
        refundMethod: 'OFFSET_AR',
        lines: [{ orderLineId: a.orderLine.id, baseQty: 1 }],
      },
    },
    'POST /api/eOrder/eOrder/backOrder/audit': {
      body: { id: a.returnOrder.id, pass: false, reason: '巡检' },
    },
    'POST /api/eOrder/eOrder/backOrder/receive': {
      body: { id: a.returnOrder.id, warehouseId: a.warehouse.id },
    },
    'POST /api/eOrder/eOrder/backOrder/cancel': { body: { id: a.returnOrder.id } },
    'GET /api/eOrder/eOrder/getSwapOrderById': { query: { id: a.exchangeOrder.id } },
    'POST /api/eOrder/eOrder/swapOrder/add': {
      body: {
        orderId: a.order.id,
        reason: 'FLAVOR',
        returnLines: [{ orderLineId: a.orderLine.id, baseQty: 1 }],
        issueLines: [{ skuId: a.sku.id, baseQty: 1 }],
      },
    },
    'POST /api/eOrder/eOrder/swapOrder/audit': {
      body: { id: a.exchangeOrder.id, pass: false, reason: '巡检' },
    },
    'POST /api/eOrder/eOrder/swapOrder/execute': {
      body: { id: a.exchangeOrder.id, warehouseId: a.warehouse.id },
    },
    'POST /api/eOrder/eOrder/swapOrder/cancel': { body: { id: a.exchangeOrder.id } },
    'GET /api/payment/list': { query: { orderId: a.order.id } },
    'POST /api/payment/add': { body: { orderId: a.order.id, amount: 1, channel: 'CASH' } },
    'GET /api/kingdee/sync/orders/detail': { query: { id: a.erpTask.id } },
    'POST /api/kingdee/sync/orders/retry': { body: { ids: [a.erpTask.id] } },
    'POST /api/kingdee/sync/orders/ignore': { body: { ids: [a.erpTask.id], remark: '巡检' } },
    'POST /api/kingdee/sync/orders/manualDone': { body: { id: a.erpTask.id, erpBillNo: 'WALK' } },
    'GET /api/eOrder/eOrder/getOrderSyncRecord': { query: { id: a.erpTask.biz_id } },
    'POST /api/eOrder/eOrder/resync': { body: { id: a.erpTask.biz_id } },
    // A connection of the caller's own tenant.
    'POST /api/eErpConfig/connection/add': { body: { ...erpConnection, appSecret: 'walk' }, own: true },
    'PUT /api/eErpConfig/connection/edit': { body: { ...erpConnection, id: a.erpConnection.id } },
    'DELETE /api/eErpConfig/connection/delete': { query: { id: a.erpConnection.id } },
    'POST /api/eErpConfig/connection/test': { body: { id: a.erpConnection.id } },
    'PUT /api/eErpConfig/mapping/edit': { body: { id: a.erpMapping.id, erpCode: 'WALK' } },
    // Not multipart: refused before reading.
    'POST /api/eErpConfig/mapping/importExcel': { query: { connectionId: a.erpConnection.id }, body: {} },
    // Without a multipart body the upload is refused; B01 may upload into its own tenant.
    'POST /api/sys/file/uploadImage': { body: {}, own: true },
    'GET /api/sys/file/view/:id': { params: { id: a.image.id } },
    'GET /api/sys/file/thumbnail/:id': { params: { id: a.image.id } },
  };
}

/**
 * A01's business rows as they may appear in an answer: their ids, and the codes B01 does not share (both
 * tenants' demos number their customers the same way and sell some of the same SKUs).
 */
async function a01BusinessMarkers(db: Kysely<DB>): Promise<string[]> {
  const idTables = [
    'brands',
    'product_categories',
    'skus',
    'price_lists',
    'customers',
    'customer_labels',
    'warehouses',
    'stock_lots',
    'sales_orders',
    'sales_order_lines',
    'return_orders',
    'exchange_orders',
    'erp_connections',
    'erp_mappings',
    'stored_files',
  ] as const;
  const ids = await Promise.all(
    idTables.map((table) =>
      db
        .selectFrom(table as 'skus')
        .select('id')
        .where('tenant_id', '=', 'A01')
        .execute(),
    ),
  );
  const codesOnlyOfA01 = async (table: 'skus' | 'customers', column: 'sku_code' | 'customer_code') => {
    const rows = await db
      .selectFrom(table as 'skus')
      .select([`${column} as code` as 'sku_code as code', 'tenant_id'])
      .where('tenant_id', 'in', ['A01', 'B01'])
      .execute();
    const ofB01 = new Set(rows.filter((row) => row.tenant_id === 'B01').map((row) => row.code));
    return rows.filter((row) => row.tenant_id === 'A01' && !ofB01.has(row.code)).map((row) => row.code);
  };
  const erpTasks = await db
    .selectFrom('erp_sync_tasks')
    .select('task_no')
    .where('tenant_id', '=', 'A01')
    .execute();
  return [
    ...ids.flat().map((row) => row.id),
    // Task ids are small numbers; their task numbers are what identifies them.
    ...erpTasks.map((task) => task.task_no),
    ...(await codesOnlyOfA01('skus', 'sku_code')),
    ...(await codesOnlyOfA01('customers', 'customer_code')),
  ];
}

/** An answer of the walk: the envelope, or the text of every cell when the route answered a workbook. */
interface Answer {
  status: number;
  body: Envelope<unknown> | undefined;
  file: string | undefined;
}

async function workbookText(bytes: ArrayBuffer): Promise<string> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes);
  const cells: string[] = [];
  book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell.text))));
  return cells.join('\n');
}

const keyOf = (route: RouteAccessEntry) => `${route.method} ${route.url}`;

function pathOf(route: RouteAccessEntry, sample: Sample | undefined): string {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => sample?.params?.[name] ?? 'x');
  const query = sample?.query ? `?${new URLSearchParams(sample.query).toString()}` : '';
  return `${path.replace(/^\/api/, '')}${query}`;
}

/** The dealer routes' samples (issue #22): a dealer of A01, the demo dealer1's keeper, the dealer keeper role. */
function dealerSamples(dealerId: string): Record<string, Sample> {
  const roleIds = [demoRoleId('A01', 'dealer_keeper')];
  return {
    'GET /api/eDealer/queryById': { query: { id: dealerId } },
    'GET /api/eDealer/account/list': { query: { dealerId } },
    'PUT /api/eDealer/profile/edit': { body: { id: dealerId, legalPerson: '巡检' } },
    'POST /api/eDealer/account/add': {
      body: { dealerId, username: 'walkstaff', realname: '巡检', password: 'Walk-Pa55word', roleIds },
    },
    'PUT /api/eDealer/account/edit': { body: { id: demoUserId('dealer1wh'), realname: '巡检', roleIds } },
  };
}

/**
 * Dealer workspaces (issue #22): what a dealer's user must never see — the rows of every other dealer and of the
 * brand that are not addressed to its dealer `dealerId` (ids: they name one row each).
 */
async function notOfDealer(db: Kysely<DB>, dealerId: string): Promise<string[]> {
  const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);
  const buyers = db.selectFrom('sales_orders').select('buyer_id').where('seller_id', '=', dealerId);
  const ownWarehouses = db
    .selectFrom('warehouses')
    .select('id')
    .where('owner_type', '=', 'DEALER')
    .where('owner_id', '=', dealerId);
  return [
    ...ids(
      await db
        .selectFrom('sales_orders')
        .select('id')
        .where('tenant_id', '=', 'A01')
        .where((eb) => eb.or([eb('seller_id', 'is', null), eb('seller_id', '!=', dealerId)]))
        .execute(),
    ),
    ...ids(
      await db
        .selectFrom('customers')
        .select('id')
        .where('tenant_id', '=', 'A01')
        .where('id', '!=', dealerId)
        .where((eb) => eb.or([eb('serving_dealer_id', 'is', null), eb('serving_dealer_id', '!=', dealerId)]))
        .where('id', 'not in', buyers)
        .execute(),
    ),
    ...ids(
      await db
        .selectFrom('warehouses')
        .select('id')
        .where('tenant_id', '=', 'A01')
        .where('id', 'not in', ownWarehouses)
        .execute(),
    ),
    ...ids(
      await db
        .selectFrom('stock_lots')
        .select('id')
        .where('tenant_id', '=', 'A01')
        .where('warehouse_id', 'not in', ownWarehouses)
        .execute(),
    ),
    ...ids(
      await db
        .selectFrom('display_agreements')
        .select('id')
        .where('tenant_id', '=', 'A01')
        .where((eb) => eb.or([eb('dealer_id', 'is', null), eb('dealer_id', '!=', dealerId)]))
        .execute(),
    ),
    ...ids(
      await db
        .selectFrom('coop_agreements')
        .select('id')
        .where('tenant_id', '=', 'A01')
        .where('party_b_customer_id', '!=', dealerId)
        .execute(),
    ),
    ...ids(
      await db
        .selectFrom('rebate_calculations')
        .select('id')
        .where('tenant_id', '=', 'A01')
        .where('customer_id', '!=', dealerId)
        .execute(),
    ),
    ...ids(await db.selectFrom('return_orders').select('id').where('tenant_id', '=', 'A01').execute()),
    ...ids(await db.selectFrom('exchange_orders').select('id').where('tenant_id', '=', 'A01').execute()),
    ...ids(await db.selectFrom('erp_connections').select('id').where('tenant_id', '=', 'A01').execute()),
    ...ids(await db.selectFrom('rebate_policies').select('id').where('tenant_id', '=', 'A01').execute()),
    ...ids(await db.selectFrom('assets').select('id').where('tenant_id', '=', 'A01').execute()),
    ...ids(await db.selectFrom('visit_records').select('id').where('tenant_id', '=', 'A01').execute()),
    ...ids(
      await db
        .selectFrom('users')
        .select('id')
        .where('tenant_id', '=', 'A01')
        .where((eb) => eb.or([eb('dealer_id', 'is', null), eb('dealer_id', '!=', dealerId)]))
        // Brand users the dealer's orders and outlets name (their reps, owners) are addressed to it.
        .where('username', 'in', ['dealer2', 'dealer2wh', 'nobody'])
        .execute(),
    ),
  ];
}

describe.each(testBackends())('every /api route on %s', (backend) => {
  const context = useTestServer(backend, { businessData: true });
  let routes: RouteAccessEntry[];
  let nobody: string;
  let markers: string[];
  let SAMPLES: Record<string, Sample>;

  const call = async (
    route: RouteAccessEntry,
    token: string | undefined,
    sample: Sample | undefined = SAMPLES[keyOf(route)],
  ): Promise<Answer> => {
    const withBody = route.method !== 'GET' && route.method !== 'DELETE';
    const headers: Record<string, string> = withBody ? { 'content-type': 'application/json' } : {};
    if (token !== undefined) headers['x-access-token'] = token;
    const response = await fetch(`${context.server.baseUrl}/api${pathOf(route, sample)}`, {
      method: route.method,
      headers,
      body: withBody ? JSON.stringify(sample?.body ?? {}) : undefined,
    });
    const contentType = response.headers.get('content-type') ?? '';
    if (contentType.includes('application/json'))
      return { status: response.status, body: (await response.json()) as Envelope<unknown>, file: undefined };
    // An image's (or a zip of images') bytes name no row: the answer counts as showing the row whose id the path
    // names.
    if (contentType.startsWith('image/') || contentType === 'application/zip')
      return { status: response.status, body: undefined, file: `image ${response.url}` };
    // So does an agreement's PDF (its text is glyph ids of an embedded font subset).
    if (contentType.startsWith('application/pdf'))
      return { status: response.status, body: undefined, file: `pdf ${response.url}` };
    return {
      status: response.status,
      body: undefined,
      file: await workbookText(await response.arrayBuffer()),
    };
  };

  beforeAll(async () => {
    routes = listRouteAccess(context.server.app).filter(
      // The mall buyers' routes take buyer tokens only: mall.test.ts walks them.
      (route) => route.url.startsWith('/api/') && route.method !== 'HEAD' && route.access !== 'buyer',
    );
    // A signed-in user of A01 with no role at all: holds no permission code.
    await insertAccount(context.database.db, {
      id: 'nobody0000000000000000000000000a',
      tenantId: 'A01',
      username: 'nobody',
      realname: '无权限',
      phone: '13800000099',
      email: null,
      sex: null,
      roleEnum: null,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      roleIds: [],
      departIds: [],
    });
    await context.database.db
      .insertInto('sys_announcement')
      .values({
        tenant_id: 'A01',
        id: A01.draftAnnouncement,
        titile: '草稿',
        priority: 'L',
        msg_category: '1',
        msg_type: 'ALL',
        create_by: 'admin',
      })
      .execute();
    nobody = await loginAs(context.client, 'nobody');
    await loginAs(context.client, 'zhangwei');
    // Whatever identifies a row of A01 (ids of every kind, user names only A01 has).
    const db = context.database.db;
    const ids = await Promise.all(
      (['users', 'roles', 'departs', 'permissions', 'dicts', 'dict_items', 'sys_announcement'] as const).map(
        (table) => db.selectFrom(table).select('id').where('tenant_id', '=', 'A01').execute(),
      ),
    );
    const business = await a01BusinessRows(db);
    const rebateCalc = await db
      .selectFrom('rebate_calculations')
      .select(['id', 'customer_id'])
      .where('tenant_id', '=', 'A01')
      .where('status', '=', 'PENDING_CONFIRM')
      .orderBy('calc_no')
      .executeTakeFirstOrThrow();
    // A finished 返利核算 run of the administrator, for runStatus.
    await db
      .insertInto('jobs')
      .values({
        id: stableId('job', 'walk'),
        tenant_id: 'A01',
        user_id: demoUserId('admin'),
        kind: 'REBATE_CALC',
        title: '返利核算 巡检',
        payload: '{}',
        status: 'SUCCEEDED',
        every_ms: null,
      })
      .execute();
    const placed = await context.client.post<{ id: string }>(
      '/eOrder/eOrder/add',
      { buyerId: business.outlet.id, paymentMethod: 'COD', lines: [{ skuId: business.sku.id, cases: 1 }] },
      await context.tokenOf('admin'),
    );
    expect(placed.body).toMatchObject({ success: true });
    // A file of admin's in 下载中心.
    const admin = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const book = new ExcelJS.Workbook();
    book.addWorksheet('客户列表').addRow(['客户编码']);
    const download = {
      id: 'routeaccessdownload0000000000001',
      content: Buffer.from(await book.xlsx.writeBuffer()),
    };
    await db
      .insertInto('jobs')
      .values({
        id: download.id,
        tenant_id: 'A01',
        user_id: admin.id,
        kind: 'EXPORT',
        title: '客户列表',
        payload: '{}',
        every_ms: null,
        status: 'SUCCEEDED',
        file_name: '客户列表.xlsx',
        file_size: download.content.length,
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();
    await db
      .insertInto('job_file_chunks')
      .values({ job_id: download.id, seq: 0, content: download.content })
      .execute();
    // A photo of A01's outlet, and one of admin's pending approval tasks with its instance and flow.
    const photo = new FormData();
    for (const [name, value] of Object.entries({
      bizType: 'CUSTOMER',
      bizId: business.outlet.id,
      kind: 'DOOR',
    }))
      photo.append(name, value);
    const pixels = await sharp({
      create: { width: 32, height: 24, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    photo.append('file', new Blob([new Uint8Array(pixels)]), '门头.jpg');
    const uploaded = await fetch(`${context.server.baseUrl}/api/sys/attachment/upload`, {
      method: 'POST',
      headers: { 'x-access-token': await context.tokenOf('admin') },
      body: photo,
    });
    const attachment = ((await uploaded.json()) as Envelope<{ id: string }>).result.id;
    const task = await db
      .selectFrom('approval_tasks')
      .innerJoin('approval_instances', 'approval_instances.id', 'approval_tasks.instance_id')
      .select([
        'approval_tasks.id as taskId',
        'approval_instances.id as instanceId',
        'approval_instances.flow_id',
      ])
      .where('approval_tasks.tenant_id', '=', 'A01')
      .where('approval_tasks.approver_id', '=', admin.id)
      .where('approval_tasks.result', '=', 'PENDING')
      .executeTakeFirstOrThrow();
    const flow = {
      bizType: 'RETURN',
      name: '巡检审批流',
      nodes: [{ name: '审批', approverType: 'USER', approverRef: admin.id, mode: 'ANY' }],
    };
    const assets = await a01AssetRows(db);
    const orders = await a01OrderRows(db);
    const posmAndAds = await a01PosmAndAdSamples(db);
    const displays = await a01DisplayRows(db);
    // The demo's agreements carry no photos: the agreement's zip gets the uploaded one as its 签约照片.
    await db
      .updateTable('display_agreements')
      .set({ sign_photo_ids: JSON.stringify([attachment]) })
      .where('id', '=', displays.active.id)
      .execute();
    SAMPLES = {
      ...posmAndAds.samples,
      ...SYSTEM_SAMPLES,
      ...businessSamples({ ...business, ...orders }),
      ...assetSamples(assets, business.outlet.id),
      ...(await a01VisitSamples(db)),
      ...displaySamples(displays),
      'GET /api/eDownload/download': { query: { id: download.id } },
      'POST /api/eDownload/cancel': { body: { id: download.id } },
      'POST /api/sys/attachment/upload': { body: {} },
      'GET /api/sys/attachment/info/:id': { params: { id: attachment } },
      'GET /api/sys/attachment/duplicates/:id': { params: { id: attachment } },
      'GET /api/sys/attachment/view/:id': { params: { id: attachment } },
      'GET /api/sys/attachment/thumbnail/:id': { params: { id: attachment } },
      'GET /api/sys/attachment/list': { query: { bizType: 'CUSTOMER', bizId: business.outlet.id } },
      'POST /api/sys/attachment/zip': { body: { ids: [attachment] } },
      'GET /api/approval/queryById': { query: { id: task.instanceId } },
      'GET /api/sys/changeHistory/list': { query: { bizType: 'CUSTOMER', bizId: business.outlet.id } },
      'POST /api/approval/approve': { body: { taskId: task.taskId } },
      'POST /api/approval/reject': { body: { taskId: task.taskId, comment: '巡检驳回' } },
      'POST /api/approval/transfer': { body: { taskId: task.taskId, toUserId: A01.user } },
      'POST /api/approval/withdraw': { body: { id: task.instanceId } },
      'POST /api/approval/approveBatch': { body: { taskIds: [task.taskId] } },
      'POST /api/approval/flow/add': { body: flow, own: true },
      'PUT /api/approval/flow/edit': { body: { ...flow, id: task.flow_id } },
      'PUT /api/approval/flow/status': { body: { id: task.flow_id, status: 'DISABLED' } },
      ...promotionSamples(business.outlet.id, business.sku.id),
      ...agreementSamples(business.outlet.id),
      ...rebateSamples(rebateCalc.id, rebateCalc.customer_id),
      ...kpiSamples(),
      // Dealer workspaces (issue #22).
      ...dealerSamples(business.dealer.id),
      // The modules merged after the walk was last extended (repairs, employee mall, payments, execution, handovers).
      ...(await a01RepairSamples(db, assets.placed.id, business.outlet.id)),
      ...(await a01EmployeeSamples(db, business.sku.id)),
      ...paymentSamples(orders.order.id),
      ...(await a01WxPlatformSamples(db)),
      ...(await a01ExecutionSamples(db, business.outlet.id)),
      ...(await a01HandoverSamples(db, assets.placed.id)),
    };
    markers = [
      ...(await a01BusinessMarkers(db)),
      ...(await db.selectFrom('promotions').select('id').where('tenant_id', '=', 'A01').execute()).map(
        (row) => row.id,
      ),
      ...(
        await db.selectFrom('coop_agreements').select('agreement_no').where('tenant_id', '=', 'A01').execute()
      ).map((row) => row.agreement_no),
      ...(await db.selectFrom('rebate_policies').select('id').where('tenant_id', '=', 'A01').execute()).map(
        (row) => row.id,
      ),
      rebateCalc.id,
      ...ids.flat().map((row) => row.id),
      assets.idle.asset_no,
      assets.placed.id,
      ...posmAndAds.markers,
      ...displays.agreementNos,
      'zhangwei',
      'liuyang',
      'wangfang',
      'mes_zg',
      '华饮酒业集团',
    ];
  });

  it('finds the routes of every area, each with a declared access', () => {
    const urls = new Set(routes.map((route) => route.url));
    for (const url of [
      '/api/sys/login',
      '/api/sys/user/list',
      '/api/sys/role/list',
      '/api/sys/permission/list',
      '/api/sys/sysDepart/queryTreeList',
      '/api/sys/dict/list',
      '/api/sys/log/list',
      '/api/sys/duplicate/check',
    ]) {
      expect(urls).toContain(url);
    }
    expect(routes.filter((route) => route.access === undefined)).toEqual([]);
  });

  it('has a sample for every route that needs input, and no sample for a route that is gone', async () => {
    const guarded = routes.filter((route) => route.access !== 'public');
    const needing = guarded.filter((route) => route.method !== 'GET' || route.url.includes(':'));
    expect(needing.filter((route) => !SAMPLES[keyOf(route)]).map(keyOf)).toEqual([]);
    expect(Object.keys(SAMPLES).filter((key) => !guarded.some((route) => keyOf(route) === key))).toEqual([]);
    // Every GET answers the A01 administrator with its sample (or none): a route needing parameters cannot
    // slip through without them.
    const admin = await context.tokenOf('admin');
    const failing: string[] = [];
    const files: string[] = [];
    for (const route of guarded.filter((each) => each.method === 'GET')) {
      const { status, body, file } = await call(route, admin);
      if (file !== undefined) files.push(file);
      if (status !== 200 || (body && !body.success))
        failing.push(`${keyOf(route)} → ${status} ${body?.message}`);
    }
    expect(failing).toEqual([]);
    // The walk reads the workbooks too (templates and exports), and would see A01's rows in them.
    expect(files.length).toBeGreaterThanOrEqual(4);
    expect(markers.filter((marker) => files.some((file) => file.includes(marker))).length).toBeGreaterThan(
      10,
    );
  });

  it('answers 401 without a session on every route that is not public', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((each) => each.access !== 'public')) {
      const { status } = await call(route, undefined);
      if (status !== 401) wrong.push(`${keyOf(route)} → ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to a signed-in user of the tenant without the permission, on every guarded route', async () => {
    const guarded = routes.filter((route) => typeof route.access === 'object');
    expect(guarded.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const route of guarded) {
      const { status, body } = await call(route, nobody);
      if (status !== 403 || body?.message !== '没有权限，请联系管理员授权')
        wrong.push(`${keyOf(route)} → ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a manager every write on users, roles, menus, departments and passwords above him, changing nothing', async () => {
    const sensitive = routes.filter(isSensitiveWrite);
    expect(sensitive.length).toBeGreaterThan(20);
    expect(
      sensitive
        .map(keyOf)
        .filter((key) => !ESCALATIONS[key])
        .sort(),
    ).toEqual([]);
    expect(
      Object.keys(ESCALATIONS).filter((key) => !sensitive.some((route) => keyOf(route) === key)),
    ).toEqual([]);
    // Holds every permission of these routes and the right to assign roles, yet far less than the administrator.
    const codes = sensitive.flatMap((route) =>
      typeof route.access === 'object' ? permissionCodesOf(route.access) : [],
    );
    await insertManager(context.database.db, {
      username: 'escalator',
      phone: '13800000087',
      extra: [...new Set([...codes, 'user:assignRole'])],
    });
    const escalator = await loginAs(context.client, 'escalator');
    const wrong: string[] = [];
    for (const route of sensitive) {
      const escalation = ESCALATIONS[keyOf(route)];
      if ('exempt' in escalation) continue;
      for (const [index, { sample, message }] of [escalation].flat().entries()) {
        const before = await privilegeSnapshot(context.database.db);
        const { status, body } = await call(route, escalator, sample);
        if (status !== 403 || body?.message !== message)
          wrong.push(`${keyOf(route)} #${index + 1} → ${status} ${body?.message}`);
        if ((await privilegeSnapshot(context.database.db)) !== before)
          wrong.push(`${keyOf(route)} #${index + 1} changed rows`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('shows the administrator of another tenant nothing of A01 and lets none of A01’s rows be changed', async () => {
    const t2admin = await context.tokenOf('t2admin');
    const leaks: string[] = [];
    for (const route of routes.filter((each) => each.access !== 'public')) {
      const { body, file } = await call(route, t2admin);
      const text = file ?? JSON.stringify(body);
      const seen = markers.filter((marker) => text.includes(marker));
      if (seen.length > 0) leaks.push(`${keyOf(route)} shows ${seen.slice(0, 5).join(', ')}`);
      const sample = SAMPLES[keyOf(route)];
      if (route.method !== 'GET' && !sample?.own && body?.success) leaks.push(`${keyOf(route)} succeeded`);
    }
    expect(leaks).toEqual([]);
    // A01 is as it was.
    const admin = await context.tokenOf('admin');
    const zhangwei = await context.client.get<{ realname: string; status: number }>(
      `/sys/user/queryById?id=${A01.user}`,
      admin,
    );
    expect(zhangwei.body.result).toMatchObject({ realname: '张伟', status: 1 });
    await expect(loginAs(context.client, 'zhangwei')).resolves.toEqual(expect.any(String));
  });

  it('shows a dealer’s user nothing of another dealer or of the brand beyond what is addressed to it, on every route', async () => {
    const db = context.database.db;
    // A dealer's user holding a dealer role granted every menu and button of the tenant: only the dealer ceiling
    // (shared/dealerScope.ts) and the dealer's data scope stand between it and the brand's rows.
    const dealerId = (
      await db
        .selectFrom('users')
        .select('dealer_id')
        .where('username', '=', 'dealer1')
        .executeTakeFirstOrThrow()
    ).dealer_id!;
    const everything = stableId('role', 'A01', 'walk-dealer-all');
    await db
      .insertInto('roles')
      .values({
        id: everything,
        tenant_id: 'A01',
        role_code: 'walk_dealer_all',
        role_name: '巡检经销商',
        for_dealers: true,
      })
      .execute();
    await db
      .insertInto('role_permissions')
      .columns(['tenant_id', 'role_id', 'permission_id'])
      .expression(
        db
          .selectFrom('permissions')
          .select([sql.lit('A01').as('tenant_id'), sql.lit(everything).as('role_id'), 'id'])
          .where('tenant_id', '=', 'A01'),
      )
      .execute();
    await insertAccount(db, {
      id: 'walkdealer0000000000000000000000',
      tenantId: 'A01',
      username: 'walkdealer',
      realname: '巡检经销商',
      phone: '13800000098',
      email: null,
      sex: null,
      roleEnum: null,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      roleIds: [everything],
      departIds: [],
    });
    await db.updateTable('users').set({ dealer_id: dealerId }).where('username', '=', 'walkdealer').execute();
    const dealer = await loginAs(context.client, 'walkdealer');
    const hidden = await notOfDealer(db, dealerId);
    expect(hidden.length).toBeGreaterThan(100);
    const leaks: string[] = [];
    let seen = 0;
    for (const route of routes.filter((each) => each.access !== 'public')) {
      const { status, body, file } = await call(route, dealer);
      if (status === 200 && body?.success !== false) seen += 1;
      const text = file ?? JSON.stringify(body);
      const shown = hidden.filter((marker) => text.includes(marker));
      if (shown.length > 0) leaks.push(`${keyOf(route)} shows ${shown.slice(0, 3).join(', ')}`);
    }
    expect(leaks).toEqual([]);
    // It does see its own: its orders, warehouses, outlets.
    expect(seen).toBeGreaterThan(10);
    const orders = await context.client.get<{ total: number }>('/eOrder/eOrder/list', dealer);
    expect(orders.body.result.total).toBeGreaterThan(0);
  });
});
