// 导出 of the lists with filters: each exports exactly the rows its list shows under the same filters
// (every page, in the caller's tenant and scope), with the list's column names; without the list's
// permission it is refused like the list.
import ExcelJS from 'exceljs';
import type { Page } from '../../common/contract';
import { testBackends } from './support/database';
import { openBusinessTestbed, type BusinessTestbed, type Caller } from './support/business';

interface ExportCase {
  name: string;
  list: string;
  exportPath: string;
  /** A filter that selects part of the rows. */
  filter: string;
  headers: string[];
}

const CASES: ExportCase[] = [
  {
    name: 'orders',
    list: '/eOrder/eOrder/list',
    exportPath: '/eOrder/eOrder/exportXls',
    filter: 'status=COMPLETED',
    headers: ['订单号', '订单类型', '订单状态', '下单时间', '客户'],
  },
  {
    name: 'stock lots',
    list: '/eprod/prodStockWhlist',
    exportPath: '/eprod/prodStockWhlist/exportXls',
    filter: 'freshness=EXPIRED',
    headers: ['仓库', '商品', '商品编码', '批次号'],
  },
  {
    name: 'stock movements',
    list: '/eprod/stockMovement/list',
    exportPath: '/eprod/stockMovement/exportXls',
    filter: 'direction=IN',
    headers: ['流水号', '时间', '类型', '仓库'],
  },
  {
    name: 'dealer stock',
    list: '/eCustStock/list',
    exportPath: '/eCustStock/exportXls',
    filter: '',
    headers: ['经销商', '经销商编码', '商品', '商品编码', '库存'],
  },
  {
    name: 'users',
    list: '/sys/user/list',
    exportPath: '/sys/user/exportXls',
    filter: `realname=${encodeURIComponent('*张*')}`,
    headers: ['用户账号', '用户姓名', '手机号码', '部门', '状态', '创建时间'],
  },
  {
    name: 'logs',
    list: '/sys/log/list',
    exportPath: '/sys/log/exportXls',
    filter: 'logType=1',
    headers: ['日志内容', '操作人', 'IP'],
  },
  {
    name: 'sync failures',
    list: '/kingdee/sync/orders/list',
    exportPath: '/kingdee/sync/orders/exportXls',
    filter: 'status=',
    headers: ['业务单据', '任务号', '状态', '错误分类', '错误信息'],
  },
  {
    name: 'sync failures of customer archives',
    list: '/kingdee/sync/orders/list',
    exportPath: '/kingdee/sync/orders/exportXls',
    filter: 'record=ARCHIVE',
    headers: ['业务单据', '任务号', '状态', '错误分类', '错误信息'],
  },
  {
    name: 'warehouses',
    list: '/eprod/warehouse/list',
    exportPath: '/eprod/warehouse/exportXls',
    filter: 'ownerType=DEALER',
    headers: ['仓库编码', '仓库名称', '类型', '所属', '储存条件', '地址'],
  },
  {
    name: 'asset applications',
    list: '/eAsset/application/list',
    exportPath: '/eAsset/application/exportXls',
    filter: 'status=COMPLETED',
    headers: ['申请编号', '申请类型', '资产编号', '型号', '门店'],
  },
  {
    name: 'visit plans',
    list: '/eVisit/plan/list',
    exportPath: '/eVisit/plan/exportXls',
    filter: 'status=DONE',
    headers: ['日期', '计划编号', '业务员', '线路', '计划类型'],
  },
  {
    name: 'promotions',
    list: '/ePromotion/promotion/list',
    exportPath: '/ePromotion/promotion/exportXls',
    filter: 'status=ACTIVE',
    headers: ['编号', '名称', '类型', '层级', '促销组', '适用对象'],
  },
];

describe.each(testBackends())('list exports on %s', (backend) => {
  let bed: BusinessTestbed;

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
  }, 300000);
  afterAll(() => bed.close());

  async function sheetOf(caller: Caller, path: string) {
    const file = await bed.download(caller, path);
    expect(file.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body);
    return book.worksheets[0];
  }

  it.each(CASES)('$name: the filtered rows, every page, with the list’s column names', async (each) => {
    const { body } = await bed.get<Page<unknown>>('admin', `${each.list}?pageSize=10&${each.filter}`);
    expect(body.success).toBe(true);
    const sheet = await sheetOf('admin', `${each.exportPath}?${each.filter}`);
    const headers = (sheet.getRow(1).values as unknown[]).slice(1, each.headers.length + 1);
    expect(headers).toEqual(each.headers);
    // Data rows: as many as the list's total, more than one page of it where there is more.
    expect(sheet.actualRowCount - 1).toBe(body.result.total);
  });

  it('a filter narrows the export; another tenant exports its own orders', async () => {
    const all = await sheetOf('admin', '/eOrder/eOrder/exportXls');
    const completed = await sheetOf('admin', '/eOrder/eOrder/exportXls?status=COMPLETED');
    expect(completed.actualRowCount).toBeLessThan(all.actualRowCount);
    const statuses = new Set<unknown>();
    completed.eachRow((row, rowNo) => rowNo > 1 && statuses.add(row.getCell(3).value));
    expect([...statuses]).toEqual(['已完成']);

    // Another tenant: its own orders, as many as its own list holds (the seed repeats names and numbers).
    const { body } = await bed.get<Page<unknown>>('t2admin', '/eOrder/eOrder/list?pageSize=10');
    const other = await sheetOf('t2admin', '/eOrder/eOrder/exportXls');
    expect(other.actualRowCount - 1).toBe(body.result.total);
  });

  it('without the list’s permission the export is refused', async () => {
    for (const path of [
      '/eOrder/eOrder/exportXls',
      '/eprod/prodStockWhlist/exportXls',
      '/sys/user/exportXls',
    ]) {
      expect((await bed.download('wangfang', path)).status).toBe(403);
    }
  });
});
