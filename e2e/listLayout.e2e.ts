// The main lists (and those moved onto the shared list layer since) fit the screen: at 1440x900 every column the issue names (amount, status, ...) is in
// view without scrolling the table and not under the fixed 操作 column; at 768x1024 a list shows what the
// row is, its status and amount, the rest in the row's detail. Screenshots of each for people to look at.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, screenshot, TABLET, type SignedIn } from './support/chromium';
import { baseUrl, signedInState, storedValue } from './support/signIn';

jest.setTimeout(240000);

let browser: Browser;
let admin: SignedIn;
let context: BrowserContext;
let page: Page;
let errors: string[];

// Signed in once. Each list opens in a new tab of one context per screen size: the tab starts the app
// afresh (no other list mounted in the shell's tabs), while the context's cache spares it the download.
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await signedInState(browser, 'admin');
});
afterAll(async () => {
  await browser.close();
});
afterEach(async () => {
  await page.close();
  expect(errors).toEqual([]);
});

interface ListCase {
  name: string;
  path: string;
  /** Column titles that must be in view on a desktop screen. */
  desktop: string[];
  /** Column titles shown on a tablet. */
  tablet: string[];
  /** The list has no 操作 column (records only). */
  readOnly?: boolean;
  /** Where the list is on its page: the page's own list by default. */
  within?: string;
  /** What brings the list up once its page is open (a drawer to open, a record to have). */
  reach?: (target: Page) => Promise<void>;
}

/** The month before this one in Shanghai (YYYY-MM): the visit demo walks the 13 weeks before today. */
function lastMonth(): string {
  const now = new Date(Date.now() + 8 * 3_600_000);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

/** The log lists sit under the login charts, which load on their own: rows stay put once they are drawn. */
const logCharts = (target: Page) =>
  target.getByRole('img', { name: '近七日登录统计图' }).locator('svg').waitFor();

const LISTS: ListCase[] = [
  {
    name: 'orders',
    path: '/eOrder/eOrder',
    desktop: ['订单号', '订单状态', '箱数', '应付 / 优惠', '支付', 'ERP同步 / 打印'],
    tablet: ['订单号', '订单状态', '应付 / 优惠'],
  },
  {
    name: 'customers',
    path: '/eCustomer/list',
    desktop: ['客户名称', '状态', '最近拜访'],
    tablet: ['客户名称', '状态'],
  },
  {
    name: 'stock',
    path: '/eprod/stock',
    desktop: ['商品', '库存', '金额', '批次状态'],
    tablet: ['商品', '批次号 / 仓库', '金额', '批次状态'],
  },
  {
    name: 'near-expiry',
    path: '/eprod/nearExpiry',
    desktop: ['商品', '来源 / 位置', '剩余天数', '数量', '建议处理'],
    tablet: ['商品', '来源 / 位置', '剩余天数', '建议处理'],
  },
  {
    name: 'employee-prices',
    path: '/eEmployee/price',
    desktop: ['商品编码', '商品', '员工价', '价目表', '每月限购'],
    tablet: ['商品', '员工价', '每月限购'],
  },
  {
    name: 'pickup-points',
    path: '/eEmployee/price?tab=points',
    desktop: ['名称', '地址', '联系人', '状态'],
    tablet: ['名称', '状态'],
  },
  {
    name: 'employee-orders',
    path: '/eEmployee/order',
    desktop: ['订单号', '员工', '自提点', '箱数', '金额', '状态'],
    tablet: ['订单号', '金额', '状态'],
  },
  {
    name: 'pickup-records',
    path: '/eEmployee/pickup',
    desktop: ['订单号', '员工', '自提点', '金额', '状态', '提货时间 / 核销人'],
    tablet: ['订单号', '金额', '状态'],
    readOnly: true,
  },
  {
    name: 'dealer-accounts',
    path: '/eDealer/account',
    desktop: ['用户名', '手机号', '经销商', '角色', '状态', '创建时间'],
    tablet: ['用户名', '状态'],
  },
  {
    name: 'skus',
    path: '/eMaterial/sku',
    desktop: [
      '图片',
      '商品编码',
      '商品名称 / 条码',
      '品牌 / 品类',
      '包装 / 箱规',
      '保质期',
      '建议零售价',
      '状态',
    ],
    tablet: ['商品名称 / 条码', '建议零售价', '状态'],
  },
  {
    name: 'promotions',
    path: '/ePromotion/list',
    desktop: [
      '编号 / 名称',
      '类型 / 促销组',
      '适用对象',
      '起止时间',
      '预算 / 已用',
      '参与客户 / 订单',
      '状态',
    ],
    tablet: ['编号 / 名称', '预算 / 已用', '状态'],
  },
  {
    name: 'erp-connections',
    path: '/eErpConfig',
    desktop: ['连接名称 / 系统', '服务地址 / 账套', '用户 / 应用', '销售组织', '状态', '最近测试', '未映射'],
    tablet: ['连接名称 / 系统', '状态', '未映射'],
  },
  {
    name: 'coop-agreements',
    path: '/eCoopAgrt',
    desktop: ['协议编号 / 乙方', '合作类型 / 模板', '协议期', '年度目标 / 保证金', '完成', '状态'],
    tablet: ['协议编号 / 乙方', '年度目标 / 保证金', '状态'],
  },
  {
    name: 'display-agreements',
    path: '/esdh/agreement',
    desktop: [
      '协议号 / 方案',
      '门店',
      '陈列形式',
      '协议期',
      '月费用 / 总费用',
      '最近检核',
      '已兑付 / 应兑付',
      '状态',
    ],
    tablet: ['协议号 / 方案', '月费用 / 总费用', '状态'],
  },
  {
    name: 'dealer-profiles',
    path: '/eDealer/profile',
    desktop: [
      '经销商 / 编码',
      '法人 / 开户行',
      '合同编号 / 合同期',
      '保证金',
      '授权区域',
      'ERP / 连接',
      '账号数',
    ],
    tablet: ['经销商 / 编码', '保证金'],
  },
  {
    name: 'approval-flows',
    path: '/approval/flow',
    desktop: ['业务类型 / 名称', '条件', '节点', '优先级 / 版本', '批量审批', '状态'],
    tablet: ['业务类型 / 名称', '状态'],
  },
  {
    name: 'repair-orders',
    path: '/mes/order',
    desktop: [
      '工单号',
      '状态',
      '报修时间',
      '门店 / 资产',
      '故障 / 优先级',
      '服务商 / 工程师',
      '预约时间',
      'SLA剩余',
      '费用',
    ],
    tablet: ['工单号', '状态', '费用'],
  },
  {
    name: 'spare-parts',
    path: '/mes/part',
    desktop: ['备件 / 编码', '类别 / 规格', '适用型号', '标准价', '总库存 / 安全库存', '序列号管理'],
    tablet: ['备件 / 编码', '标准价', '总库存 / 安全库存'],
  },
  {
    name: 'spare-movements',
    path: '/mes/movement',
    desktop: ['时间', '类型', '备件 / 仓库', '数量 / 结存', '序列号', '工单/申请', '备注', '操作人'],
    tablet: ['类型', '备件 / 仓库', '数量 / 结存'],
    readOnly: true,
  },
  {
    name: 'service-providers',
    path: '/mes/provider',
    desktop: ['服务商 / 编码', '覆盖区域', '联系人', '时效(小时)', '工程师', '在办工单', '状态'],
    tablet: ['服务商 / 编码', '在办工单', '状态'],
  },
  {
    name: 'ad-prices',
    path: '/eAdAppr/price',
    desktop: ['广告类型 / 材质', '单价(元/㎡)', '备注', '更新时间', '变更记录', '状态'],
    tablet: ['广告类型 / 材质', '单价(元/㎡)', '状态'],
  },
  {
    name: 'idle-assets',
    path: '/eAsset/report',
    desktop: ['资产编号', '型号', '所在仓库', '设备状态', '闲置起', '闲置天数', '资产价值'],
    tablet: ['资产编号', '设备状态', '资产价值'],
    // The report has a second list under it (逾期未巡检资产).
    within: '[role="region"][aria-label="闲置资产"] .list-page',
    readOnly: true,
  },
  {
    // A report's own table, its states grouped under 位置状态 and 设备状态 (issue #15).
    name: 'asset-regions',
    path: '/eAsset/report',
    within: '[role="region"][aria-label="按区域"]',
    desktop: ['区域', '合计'],
    tablet: ['区域', '已投放', '合计'],
    readOnly: true,
  },
  {
    name: 'coin-accounts',
    path: '/eVisit/coin',
    desktop: ['门店', '余额', '冻结', '本月获得', '本月使用', '即将过期', '更新时间'],
    tablet: ['门店', '余额'],
  },
  {
    name: 'execution-results',
    path: '/eVisit/execution',
    desktop: ['执行时间', '门店', '业务员', '模板', '得分', '照片', '状态', '金币', '审核人'],
    tablet: ['门店', '得分', '状态'],
  },
  {
    name: 'execution-templates',
    path: '/eVisit/executionTemplate',
    desktop: ['编码', '名称', '版本', '检查项', '总分 / 及格', '状态', '更新时间'],
    tablet: ['名称', '版本', '状态'],
  },
  {
    name: 'brands',
    path: '/eMaterial/brand',
    desktop: ['标志', '品牌编码', '品牌名称', '排序', '状态'],
    tablet: ['品牌编码', '品牌名称', '状态'],
  },
  {
    name: 'categories',
    path: '/eMaterial/category',
    desktop: ['品类编码', '品类名称', '上级品类', '排序', '状态'],
    tablet: ['品类编码', '品类名称', '状态'],
  },
  {
    name: 'check-in-rules',
    path: '/eVisit/rule',
    desktop: ['规则 / 部门', '渠道 / 业态', '签到距离', '定位精度', '超距签到', '停留', '状态'],
    tablet: ['规则 / 部门', '签到距离', '状态'],
  },
  {
    name: 'visit-report',
    path: `/dms/esaleanalysis/dmsmonthreport?month=${lastMonth()}`,
    desktop: [
      '人员',
      '计划拜访',
      '计划内已访',
      '达成率',
      '总拜访',
      '有效拜访',
      '异常拜访',
      '超距',
      '平均在店',
      '下单拜访',
      '订单金额',
    ],
    tablet: ['人员', '达成率', '订单金额'],
  },
  {
    name: 'visit-routes',
    path: '/eVisit/route',
    desktop: ['线路', '业务员', '拜访日', '门店数', '状态'],
    tablet: ['线路', '门店数', '状态'],
  },
  {
    name: 'background-tasks',
    path: '/eDownload/list?category=TASK',
    desktop: ['任务', '状态', '已处理', '创建时间', '完成时间'],
    tablet: ['任务', '状态'],
    // The admin's own task to list: a KPI rebuild of a month long gone, which changes nothing.
    reach: async (target) => {
      const token = String(await storedValue(target, 'Access-Token'));
      await target.evaluate(async (accessToken) => {
        const answer = await fetch('/api/eStoneKpi/achievement/rebuild', {
          method: 'POST',
          headers: { 'X-Access-Token': accessToken, 'Content-Type': 'application/json' },
          body: JSON.stringify({ period: '2001-01' }),
        });
        if (!(await answer.json()).success) throw new Error('the KPI rebuild was refused');
      }, token);
      await target.reload();
    },
  },
  {
    name: 'dict-items',
    path: '/isystem/dict?dictCode=user_status',
    desktop: ['名称', '数据值', '排序', '状态'],
    tablet: ['名称', '状态'],
    within: '.ant-drawer .list-page',
    reach: async (target) => {
      await target
        .locator('.ant-table-row', { hasText: 'user_status' })
        .getByRole('button', { name: '字典配置' })
        .click();
    },
  },
  {
    name: 'login-logs',
    path: '/isystem/log',
    reach: logCharts,
    desktop: ['日志内容', '操作人', 'IP', '耗时(毫秒)', '创建时间'],
    tablet: ['日志内容', '操作人', '创建时间'],
  },
  {
    name: 'operation-logs',
    path: '/isystem/log?logType=2',
    reach: logCharts,
    desktop: ['日志内容', '操作人', 'IP', '操作类型', '请求地址', '耗时(毫秒)', '创建时间'],
    tablet: ['日志内容', '操作人', '创建时间'],
  },
];

/**
 * Where the first row's cell under each title sits, against the table's visible area (the scroll box,
 * less the fixed 操作 column) and the window.
 */
function cellsOutOfView(target: Page, within: string, titles: string[]): Promise<string[]> {
  return target.evaluate(
    ({ within, wanted }) => {
      const table = document.querySelector(`${within} .ant-table`) as HTMLElement;
      const box = (
        table.querySelector('.ant-table-content, .ant-table-body') ?? table
      ).getBoundingClientRect();
      const headers = Array.from(table.querySelectorAll('thead tr:first-child th'));
      const actions = headers.find((cell) => cell.textContent === '操作');
      const right = Math.min(
        box.right,
        actions ? actions.getBoundingClientRect().left : box.right,
        window.innerWidth,
      );
      const row = table.querySelector('tbody tr.ant-table-row') as HTMLElement;
      return wanted.filter((title) => {
        const header = headers.findIndex((cell) => cell.textContent === title);
        if (header < 0) return true;
        // Under grouped headers a cell's place is the columns the headers before it span.
        const at = headers
          .slice(0, header)
          .reduce((cells, cell) => cells + ((cell as HTMLTableCellElement).colSpan || 1), 0);
        const rect = row.children[at].getBoundingClientRect();
        return rect.left < box.left - 1 || rect.right > right + 1 || rect.bottom > window.innerHeight + 1;
      });
    },
    { within, wanted: titles },
  );
}

async function headerTitles(target: Page, within: string): Promise<string[]> {
  const titles = await target.locator(`${within} .ant-table thead tr:first-child th`).allInnerTexts();
  return titles.map((title) => title.trim()).filter(Boolean);
}

/** Opens the list and brings its first row into view (under charts too), without scrolling the table. */
async function open(target: Page, list: ListCase, within: string) {
  await target.goto(`${baseUrl()}${list.path}`);
  await list.reach?.(target);
  const firstRow = target.locator(`${within} .ant-table-row`).first();
  await firstRow.waitFor();
  // Until the row stays where it is (a drawer sliding in, charts drawn above it).
  await firstRow.evaluate(
    (row) =>
      new Promise<void>((settled) => {
        let last = '';
        const check = () => {
          row.firstElementChild?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
          const { top, left } = (row.firstElementChild ?? row).getBoundingClientRect();
          if (`${top},${left}` === last) settled();
          else {
            last = `${top},${left}`;
            setTimeout(check, 300);
          }
        };
        check();
      }),
  );
}

describe.each([
  ['1440', DESKTOP],
  ['768', TABLET],
])('at %s px', (width, viewport) => {
  beforeAll(async () => {
    ({ context, page } = await newPage(browser, viewport, admin));
    await page.close();
  });
  afterAll(async () => {
    await context.close();
  });
  beforeEach(async () => {
    page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    errors = pageErrors;
  });

  test.each(LISTS)('the $name list shows its key columns without scrolling', async (list) => {
    const within = list.within ?? '.list-page';
    await open(page, list, within);
    if (width === '1440') {
      expect(await cellsOutOfView(page, within, list.desktop)).toEqual([]);
    } else {
      expect(await headerTitles(page, within)).toEqual(
        list.readOnly ? list.tablet : [...list.tablet, '操作'],
      );
      expect(await cellsOutOfView(page, within, list.tablet)).toEqual([]);
      // The other columns are in the row's detail.
      await page.locator(`${within} .ant-table-row-expand-icon`).first().click();
      await page.locator(`${within} .ant-descriptions`).first().waitFor();
      // An opened detail does not widen the table past the screen.
      expect(await cellsOutOfView(page, within, list.tablet)).toEqual([]);
    }
    await screenshot(page, `list-${list.name}-${width}`);
  });
});
