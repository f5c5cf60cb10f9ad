// The simulated WeCom's world: its provider and suite credentials and the corps it knows with their members.
// The demo seed installs the suite for the first two (bound to tenants A01 and B01, demo users bound to
// members); the third has not installed it yet, so the install and register flows have a corp to try.
import type { WecomCredentials } from './httpClient';

export const SIMULATED_WECOM_CREDENTIALS: WecomCredentials = {
  providerCorpId: 'wwsimprovider00001',
  providerSecret: 'simulated-provider-secret',
  suiteId: 'wwsimsuite00000001',
  suiteSecret: 'simulated-suite-secret',
  suiteTicket: 'simulated-suite-ticket',
  registerTemplateId: 'tpl-simulated-register',
};

export interface SimulatedCorp {
  corpId: string;
  name: string;
  agentId: string;
  /** The permanent code the simulator recognises for a corp installed by the seed. */
  permanentCode: string;
  members: Array<{ userId: string; name: string }>;
}

export const SIMULATED_CORPS: SimulatedCorp[] = [
  {
    corpId: 'wwa01huayin0000001',
    name: '华饮酒业集团',
    agentId: '1000002',
    permanentCode: 'sim-permanent-a01',
    members: [
      { userId: 'HuaYin.Admin', name: '系统管理员' },
      { userId: 'ZhangWei', name: '张伟' },
      { userId: 'LiuYang', name: '刘洋' },
      { userId: 'Visitor', name: '访客（未绑定账号）' },
    ],
  },
  {
    corpId: 'wwb01chuanfu000001',
    name: '川府饮品',
    agentId: '1000003',
    permanentCode: 'sim-permanent-b01',
    members: [{ userId: 'ChuanFu.Admin', name: '川府管理员' }],
  },
  {
    corpId: 'wwc01shuxiang00001',
    name: '蜀香饮品有限公司',
    agentId: '1000004',
    permanentCode: 'sim-permanent-c01',
    members: [{ userId: 'ShuXiang.Boss', name: '王建国' }],
  },
];
