// Demo organisation of both tenants: departments, roles, menus and buttons, and one account for every
// branch of the login (spec §4): see README "演示账号".
import { insertDefaultFlows } from '../../modules/approvals/flows';
import { hashPassword } from '../../modules/auth/passwords';
import {
  ADMIN_ROLE,
  insertAccount,
  insertDefaultDictionaries,
  insertDefaultMenus,
  insertDepart,
  insertRole,
  ORG_CODE_LEVEL,
  type RoleDefinition,
} from '../../modules/auth/tenantOrganisation';
import { demoDepartId, demoRoleId, demoUserId } from './ids';
import type { SeedStep } from './index';

interface DemoDepart {
  orgCode: string;
  name: string;
}

export const DEMO_DEPARTS: Record<string, DemoDepart[]> = {
  A01: [
    { orgCode: 'A01', name: '华饮酒业集团' },
    { orgCode: 'A01A01', name: '华东大区' },
    { orgCode: 'A01A01A01', name: '上海办事处' },
    { orgCode: 'A01A01A02', name: '杭州办事处' },
    { orgCode: 'A01A02', name: '华南大区' },
    { orgCode: 'A01A02A01', name: '广州办事处' },
    { orgCode: 'A02', name: '生产中心' },
  ],
  B01: [{ orgCode: 'A01', name: '川府饮品' }],
};

/** 我的消息 (the bell's 查看更多): every signed-in user reads their own announcements. */
const MY_MESSAGES = '/isps/userAnnouncement';

/** The repair and spare-parts mode (issue #20): every /mes menu and button, and the 审批中心 for 备件申请. */
export const MES_GRANTS = [
  '/mes',
  '/mes/order',
  '/mes/dispatch',
  '/mes/part',
  '/mes/stock',
  '/mes/movement',
  '/mes/request',
  '/mes/provider',
  '/mes/faultCode',
  '/mes/report',
  'repair:list',
  'repair:report',
  'repair:approve',
  'repair:work',
  'repair:dispatch',
  'repair:provider',
  'repair:faultCode',
  'spare:list',
  'spare:edit',
  'spare:move',
  'spare:request',
  'spare:issue',
  '/approval',
  '/approval/center',
  'approval:center',
];

/** What a rep does with visits: their plans, routes and records, and checking in and out. */
export const REP_VISITS = [
  '/eVisit',
  '/eVisit/plan',
  '/eVisit/record',
  '/eVisit/route',
  'visitPlan:list',
  'visit:list',
  'visit:checkIn',
  'visitRoute:list',
];

/** 下单 for an outlet during a visit (the workbench): the order placement and its price preview answer to order:add. */
export const REP_ORDERS = ['order:add'];

/** 门店执行 and 金币 (issue #17): a rep follows their own results and appeals a rejection. */
export const REP_EXECUTION = ['/eVisit/execution', 'execution:list', 'execution:appeal'];

/**
 * A manager reviews the execution results of their offices, follows the outlets' coins and asks adjustments. He
 * holds his reps' 申诉 too: a role holding less than the reps' would no longer be allowed to edit or move them.
 */
export const MANAGER_EXECUTION = [
  '/eVisit/execution',
  '/eVisit/executionTemplate',
  '/eVisit/coin',
  'execution:list',
  'execution:review',
  'execution:finalReview',
  'execution:revoke',
  'execution:appeal',
  'executionTemplate:list',
  'coin:list',
  'coin:adjust',
];

/** What a rep and their manager do with materials and ads: request, receive, verify; apply for ads, accept them. */
const POSM_AND_AD_GRANTS = [
  '/ePosm',
  '/ePosm/request',
  'posm:list',
  'posm:request',
  'posm:verify',
  '/eAdAppr',
  '/eAdAppr/list',
  'ad:list',
  'ad:apply',
  'ad:accept',
];

export const DEMO_ROLES: Record<string, RoleDefinition[]> = {
  A01: [
    ADMIN_ROLE,
    {
      code: 'dept_manager',
      name: '区域经理',
      level: 9,
      grants: [
        '/dashboard/analysis',
        '/isystem',
        '/isystem/user',
        '/isystem/depart',
        'user:list',
        'user:add',
        'user:edit',
        // Business core: customers of their own departments (the data-scope demo).
        '/eCustomer',
        '/eCustomer/list',
        'customer:list',
        'customer:add',
        'customer:edit',
        '/eprod',
        '/eprod/stock',
        'stock:list',
        '/eprod/nearExpiry',
        'nearExpiry:list',
        // Orders of their departments' customers: placed, audited and followed up, not shipped.
        '/eOrder',
        '/eOrder/eOrder',
        'order:list',
        'order:add',
        'order:audit',
        'order:invalid',
        'order:print',
        'payment:list',
        'depart:list',
        // Reads the roles of the user list; assigning them (user:assignRole) and the role page stay the
        // administrator's.
        'role:list',
        // Visits of their offices: plans, records, routes; the check-in rules read.
        '/eVisit',
        '/eVisit/plan',
        '/eVisit/record',
        '/eVisit/route',
        '/eVisit/rule',
        'visitPlan:list',
        'visitPlan:add',
        'visitPlan:approve',
        'visit:list',
        // 协访: a manager checks in beside the rep.
        'visit:checkIn',
        'visitRoute:list',
        'visitRoute:add',
        'visitRoute:edit',
        'visitRule:list',
        // The approvals of their offices: new outlets of their reps, orders over credit, returns.
        '/approval',
        '/approval/center',
        'approval:center',
        '/eAsset',
        '/eAsset/list',
        '/eAsset/application',
        '/eAsset/handover',
        '/eAssetAppr',
        'asset:list',
        'asset:apply',
        'asset:inspect',
        // Materials and ads of their offices: requests issued, received and verified; ads accepted.
        ...POSM_AND_AD_GRANTS,
        '/ePosm/stock',
        '/ePosm/material',
        'posm:issue',
        'posm:receive',
        '/eAdAppr/price',
        // 陈列协议 of their offices: signed, inspected and reviewed; policies read; payouts stay finance's.
        '/esdh',
        '/esdh/policy',
        '/esdh/agreement',
        '/esdh/inspection',
        '/esdh/review',
        'display:list',
        'display:apply',
        'display:inspect',
        'display:review',
        // 销售报表: their departments' targets, achievement and sales (their data scope).
        '/eStoneKpi',
        '/eStoneKpi/target',
        '/eStoneKpi/achievement',
        '/eStoneKpi/sales',
        'kpi:list',
        'kpi:report',
        'report:sales',
        ...MANAGER_EXECUTION,
        MY_MESSAGES,
      ],
    },
    {
      code: 'field_rep',
      name: '城市业代',
      level: 5,
      grants: [
        '/dashboard/analysis',
        '/eCustomer',
        '/eCustomer/list',
        'customer:list',
        'customer:add',
        ...REP_VISITS,
        ...REP_ORDERS,
        // 我发起的: the outlets they submitted and where their approval stands.
        '/approval',
        '/approval/center',
        'approval:center',
        '/eAsset',
        '/eAsset/list',
        // 资产交接: the assets handed to them wait for their confirmation there.
        '/eAsset/handover',
        'asset:list',
        'asset:apply',
        'asset:inspect',
        ...POSM_AND_AD_GRANTS,
        '/esdh',
        '/esdh/agreement',
        '/esdh/inspection',
        'display:list',
        'display:apply',
        'display:inspect',
        ...REP_EXECUTION,
        MY_MESSAGES,
      ],
    },
    {
      code: 'sales',
      name: '业务代表',
      level: 5,
      grants: ['/dashboard/analysis', ...REP_VISITS, ...REP_EXECUTION, MY_MESSAGES],
    },
    { code: 'mes', name: '生产系统', level: 5, grants: ['/dashboard/analysis', ...MES_GRANTS, MY_MESSAGES] },
  ],
  B01: [ADMIN_ROLE],
};

export interface DemoUser {
  username: string;
  realname: string;
  tenantId: string;
  phone: string;
  sex: 1 | 2;
  roles: string[];
  /** Org codes of the user's departments. */
  departs: string[];
  roleEnum?: string;
  /** Head of their departments (user_identity 2): the leader approvals go to. */
  departHead?: boolean;
}

export const DEMO_USERS: DemoUser[] = [
  // One department: logs straight in (multi_depart 1).
  {
    username: 'admin',
    realname: '管理员',
    tenantId: 'A01',
    phone: '13800000001',
    sex: 1,
    roles: ['admin'],
    departs: ['A01'],
  },
  // Several departments: must pick one (multi_depart 2).
  {
    username: 'zhangwei',
    realname: '张伟',
    tenantId: 'A01',
    phone: '13800000002',
    sex: 1,
    roles: ['dept_manager'],
    departs: ['A01A01A01', 'A01A01A02', 'A01A02A01'],
    departHead: true,
  },
  // No department but a role of level 9: logs in without a warning.
  {
    username: 'liuyang',
    realname: '刘洋',
    tenantId: 'A01',
    phone: '13800000003',
    sex: 1,
    roles: ['dept_manager'],
    departs: [],
  },
  // No department and no level-9 role: warned 您尚未归属部门.
  {
    username: 'wangfang',
    realname: '王芳',
    tenantId: 'A01',
    phone: '13800000004',
    sex: 2,
    roles: ['sales'],
    departs: [],
  },
  // Production-system users: MES_ZG may sign in, MES_WXG is refused by the SPA.
  {
    username: 'mes_zg',
    realname: '周工',
    tenantId: 'A01',
    phone: '13800000005',
    sex: 1,
    roles: ['mes'],
    departs: ['A02'],
    // The 生产中心's supervisor: approves its engineers' 备件申请.
    departHead: true,
    roleEnum: 'MES_ZG',
  },
  {
    username: 'mes_wxg',
    realname: '吴师傅',
    tenantId: 'A01',
    phone: '13800000006',
    sex: 1,
    roles: ['mes'],
    departs: ['A02'],
    roleEnum: 'MES_WXG',
  },
  // A sales rep of 广州办事处: submits new outlets, which zhangwei (the office's head) approves.
  {
    username: 'zhaolei',
    realname: '赵磊',
    tenantId: 'A01',
    phone: '13800000007',
    sex: 1,
    roles: ['field_rep'],
    departs: ['A01A02A01'],
  },
  // The second tenant's administrator: sees only B01's rows.
  {
    username: 't2admin',
    realname: '川府管理员',
    tenantId: 'B01',
    phone: '13900000001',
    sex: 2,
    roles: ['admin'],
    departs: ['A01'],
  },
];

export const seedOrganisation: SeedStep = async (trx, { adminPassword }) => {
  for (const [tenantId, departs] of Object.entries(DEMO_DEPARTS)) {
    // Parents come before their children in the list, so the foreign key always finds its parent.
    for (const [order, depart] of departs.entries()) {
      const parentCode = depart.orgCode.slice(0, -ORG_CODE_LEVEL);
      await insertDepart(trx, {
        id: demoDepartId(tenantId, depart.orgCode),
        tenantId,
        parentId: parentCode ? demoDepartId(tenantId, parentCode) : null,
        name: depart.name,
        orgCode: depart.orgCode,
        order,
      });
    }
    const permissions = await insertDefaultMenus(trx, tenantId);
    await insertDefaultDictionaries(trx, tenantId);
    await insertDefaultFlows(trx, tenantId);
    for (const role of DEMO_ROLES[tenantId]) {
      await insertRole(trx, { ...role, id: demoRoleId(tenantId, role.code), tenantId }, permissions);
    }
  }

  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(adminPassword)));
  for (const [index, user] of DEMO_USERS.entries()) {
    await insertAccount(trx, {
      id: demoUserId(user.username),
      tenantId: user.tenantId,
      username: user.username,
      realname: user.realname,
      phone: user.phone,
      email: `${user.username}@example.com`,
      sex: user.sex,
      roleEnum: user.roleEnum ?? null,
      passwordHash: hashes[index],
      roleIds: user.roles.map((roleCode) => demoRoleId(user.tenantId, roleCode)),
      departIds: user.departs.map((orgCode) => demoDepartId(user.tenantId, orgCode)),
    });
    if (user.departHead) {
      await trx
        .updateTable('users')
        .set({ user_identity: 2 })
        .where('id', '=', demoUserId(user.username))
        .execute();
    }
  }
};
