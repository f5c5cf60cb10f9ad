// The main lists (and those moved onto the shared list layer since) fit the screen: at 1440x900 every column the issue names (amount, status, ...) is in
// view without scrolling the table and not under the fixed 操作 column; at 768x1024 a list shows what the
// row is, its status and amount, the rest in the row's detail. Screenshots of each for people to look at.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, screenshot, TABLET, type SignedIn } from './support/chromium';
import { baseUrl, signedInState } from './support/signIn';

jest.setTimeout(240000);

let browser: Browser;
let admin: SignedIn;
let context: BrowserContext;
let page: Page;
let errors: string[];

// Signed in once: each list opens straight in a new context with that session.
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await signedInState(browser, 'admin');
});
afterAll(async () => {
  await browser.close();
});
afterEach(async () => {
  await context.close();
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
}

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
];

/**
 * Where the first row's cell under each title sits, against the table's visible area (the scroll box,
 * less the fixed 操作 column) and the window.
 */
function cellsOutOfView(target: Page, titles: string[]): Promise<string[]> {
  return target.evaluate((wanted) => {
    const table = document.querySelector('.list-page .ant-table') as HTMLElement;
    const box = (table.querySelector('.ant-table-content, .ant-table-body') ?? table).getBoundingClientRect();
    const headers = Array.from(table.querySelectorAll('thead tr:first-child th'));
    const actions = headers.find((cell) => cell.textContent === '操作');
    const right = Math.min(
      box.right,
      actions ? actions.getBoundingClientRect().left : box.right,
      window.innerWidth,
    );
    const row = table.querySelector('tbody tr.ant-table-row') as HTMLElement;
    return wanted.filter((title) => {
      const at = headers.findIndex((cell) => cell.textContent === title);
      if (at < 0) return true;
      const rect = row.children[at].getBoundingClientRect();
      return rect.left < box.left - 1 || rect.right > right + 1 || rect.bottom > window.innerHeight;
    });
  }, titles);
}

async function headerTitles(target: Page): Promise<string[]> {
  const titles = await target.locator('.list-page .ant-table thead tr:first-child th').allInnerTexts();
  return titles.map((title) => title.trim()).filter(Boolean);
}

async function open(target: Page, path: string) {
  await target.goto(`${baseUrl()}${path}`);
  await target.locator('.list-page .ant-table-row').first().waitFor();
}

describe.each([
  ['1440', DESKTOP],
  ['768', TABLET],
])('at %s px', (width, viewport) => {
  beforeEach(async () => {
    ({ context, page, errors } = await newPage(browser, viewport, admin));
  });

  test.each(LISTS)('the $name list shows its key columns without scrolling', async (list) => {
    await open(page, list.path);
    if (width === '1440') {
      expect(await cellsOutOfView(page, list.desktop)).toEqual([]);
    } else {
      expect(await headerTitles(page)).toEqual(list.readOnly ? list.tablet : [...list.tablet, '操作']);
      expect(await cellsOutOfView(page, list.tablet)).toEqual([]);
      // The other columns are in the row's detail.
      await page.locator('.list-page .ant-table-row-expand-icon').first().click();
      await page.locator('.list-page .ant-descriptions').first().waitFor();
      // An opened detail does not widen the table past the screen.
      expect(await cellsOutOfView(page, list.tablet)).toEqual([]);
    }
    await screenshot(page, `list-${list.name}-${width}`);
  });
});
