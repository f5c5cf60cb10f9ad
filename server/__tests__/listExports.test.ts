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
    name: 'near-expiry goods',
    list: '/eprod/nearExpiry/list',
    exportPath: '/eprod/nearExpiry/exportXls',
    filter: 'source=LOT',
    headers: ['来源', '商品', '商品编码', '仓库/门店'],
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
  {
    name: 'roles',
    list: '/sys/role/list',
    exportPath: '/sys/role/exportXls',
    filter: `roleName=${encodeURIComponent('*管理*')}`,
    headers: ['角色名称', '角色编码', '描述', '创建时间'],
  },
  {
    name: 'dictionaries',
    list: '/sys/dict/list',
    exportPath: '/sys/dict/exportXls',
    filter: '',
    headers: ['字典名称', '字典编码', '描述', '创建时间'],
  },
  {
    name: 'announcements',
    list: '/sys/annountCement/list',
    exportPath: '/sys/annountCement/exportXls',
    filter: 'sendStatus=1',
    headers: ['标题', '消息类型', '通告对象', '优先级', '发布状态'],
  },
  {
    name: 'price lists',
    list: '/eMaterial/priceList/list',
    exportPath: '/eMaterial/priceList/exportXls',
    filter: '',
    headers: ['编码', '名称', '价格类型', '有效期', '优先级', '商品数', '状态'],
  },
  {
    name: 'brands',
    list: '/eMaterial/brand/list',
    exportPath: '/eMaterial/brand/exportXls',
    filter: '',
    headers: ['品牌编码', '品牌名称', '排序', '状态'],
  },
  {
    name: 'categories',
    list: '/eMaterial/category/list',
    exportPath: '/eMaterial/category/exportXls',
    filter: '',
    headers: ['品类编码', '品类名称', '上级品类', '排序', '状态'],
  },
  {
    name: 'customer labels',
    list: '/eCustLabel/list',
    exportPath: '/eCustLabel/exportXls',
    filter: 'labelType=RULE',
    headers: ['编码', '标签', '分组', '类型 / 规则', '客户数', '状态', '计算时间'],
  },
  {
    name: 'approvals to do',
    list: '/approval/todo/list',
    exportPath: '/approval/todo/exportXls',
    filter: '',
    headers: ['类型', '标题', '单号', '发起人', '部门', '当前节点', '状态', '提交时间'],
  },
  {
    name: 'approvals done',
    list: '/approval/done/list',
    exportPath: '/approval/done/exportXls',
    filter: '',
    headers: [
      '类型',
      '标题',
      '单号',
      '发起人',
      '部门',
      '当前节点',
      '状态',
      '提交时间',
      '我的处理',
      '处理时间',
    ],
  },
  {
    name: 'approvals started',
    list: '/approval/mine/list',
    exportPath: '/approval/mine/exportXls',
    filter: '',
    headers: ['类型', '标题', '单号', '发起人'],
  },
  {
    name: 'approval flows',
    list: '/approval/flow/list',
    exportPath: '/approval/flow/exportXls',
    filter: '',
    headers: ['业务类型', '名称', '条件', '节点', '优先级', '批量审批', '版本', '状态'],
  },
  {
    name: 'ad price book',
    list: '/eAdAppr/price/list',
    exportPath: '/eAdAppr/price/exportXls',
    filter: '',
    headers: ['广告类型', '材质', '单价(元/㎡)', '备注', '更新时间'],
  },
  {
    name: 'POSM materials',
    list: '/ePosm/material/list',
    exportPath: '/ePosm/material/exportXls',
    filter: '',
    headers: ['物料编码', '名称', '类别', '规格', '单位', '单价', '总库存', '可回收', '状态'],
  },
  {
    name: 'agreement templates',
    list: '/eAgrtTmpl/list',
    exportPath: '/eAgrtTmpl/exportXls',
    filter: 'status=PUBLISHED',
    headers: ['编码', '名称', '协议类型', '签署方式', '当前版本', '发布时间', '状态', '更新时间'],
  },
  {
    name: 'asset models',
    list: '/eAsset/model/list',
    exportPath: '/eAsset/model/exportXls',
    filter: '',
    headers: ['型号编码', '名称', '类型', '容积(L)', '厂家', '资产价值'],
  },
  {
    name: 'promotion groups',
    list: '/ePromotion/group/list',
    exportPath: '/ePromotion/group/exportXls',
    filter: '',
    headers: ['编码', '名称', '组内规则', '选择方式', '与其他组叠加', '优先级', '促销数', '状态'],
  },
  {
    name: 'display inspections',
    list: '/esdh/inspection/list',
    exportPath: '/esdh/inspection/exportXls',
    filter: '',
    headers: ['检核编号', '检核时间', '门店', '协议编号', '陈列形式', '所属期'],
  },
  {
    name: 'visit routes',
    list: '/eVisit/route/list',
    exportPath: '/eVisit/route/exportXls',
    filter: '',
    headers: ['线路编码', '线路名称', '业务员', '拜访日', '门店数'],
  },
  {
    name: 'fund accounts',
    list: '/eRebate/account/list',
    exportPath: '/eRebate/account/exportXls',
    filter: '',
    headers: ['客户', '客户类型', '账户类型', '余额', '冻结', '可用', '累计入账', '累计支出'],
  },
  {
    name: 'check-in rules',
    list: '/eVisit/rule/list',
    exportPath: '/eVisit/rule/exportXls',
    filter: 'status=ACTIVE',
    headers: [
      '规则',
      '部门',
      '渠道',
      '业态',
      '签到距离(米)',
      '定位精度(米)',
      '超距签到',
      '停留(分钟)',
      '状态',
    ],
  },
  {
    name: 'display policies',
    list: '/esdh/policy/list',
    exportPath: '/esdh/policy/exportXls',
    filter: '',
    headers: ['方案编号', '方案名称', '费用类别', '开始日期', '结束日期', '陈列形式', '总预算', '已签金额'],
  },
  {
    name: 'rebate policies',
    list: '/eRebate/policy/list',
    exportPath: '/eRebate/policy/exportXls',
    filter: '',
    headers: [
      '政策编号',
      '政策名称',
      '返利对象',
      '返利基数',
      '周期',
      '宽限(天)',
      '开始日期',
      '结束日期',
      '档位',
    ],
  },
  {
    name: 'rebate calculations',
    list: '/eRebate/calc/list',
    exportPath: '/eRebate/calc/exportXls',
    filter: '',
    headers: ['核算单号', '客户', '政策', '核算期', '净基数', '退货', '档位', '返利额', '调整'],
  },
  {
    name: 'repair providers',
    list: '/mes/provider/list',
    exportPath: '/mes/provider/exportXls',
    filter: '',
    headers: ['编码', '名称', '覆盖区域', '联系人', '联系电话', '时效(小时)', '工程师', '在办工单', '状态'],
  },
  {
    name: 'fault codes',
    list: '/mes/faultCode/list',
    exportPath: '/mes/faultCode/exportXls',
    filter: '',
    headers: ['故障代码', '故障类型', '说明', '建议备件', '状态'],
  },
  {
    name: 'spare parts',
    list: '/mes/part/list',
    exportPath: '/mes/part/exportXls',
    filter: 'status=ACTIVE',
    headers: ['备件编码', '名称', '类别', '规格', '适用型号', '标准价', '安全库存', '总库存'],
  },
  {
    name: 'spare stock',
    list: '/mes/stock/list',
    exportPath: '/mes/stock/exportXls',
    filter: 'belowSafety=true',
    headers: ['仓库', '类型', '备件编码', '名称', '类别', '在库', '安全库存'],
  },
  {
    name: 'spare movements',
    list: '/mes/movement/list',
    exportPath: '/mes/movement/exportXls',
    filter: '',
    headers: ['时间', '类型', '仓库', '备件编码', '备件', '数量', '结存'],
  },
  {
    name: 'spare part requests',
    list: '/mes/request/list',
    exportPath: '/mes/request/exportXls',
    filter: '',
    headers: ['申请单号', '服务商', '收货仓库', '申请人', '明细', '金额', '状态', '申请时间'],
  },
  {
    name: 'employee buyers',
    list: '/eEmployee/buyer/list',
    exportPath: '/eEmployee/buyer/exportXls',
    filter: '',
    headers: ['工号', '姓名', '手机号', '所属公司', '每月额度', '本月已用'],
  },
  {
    name: 'employee orders',
    list: '/eEmployee/order/list',
    exportPath: '/eEmployee/order/exportXls',
    filter: '',
    headers: ['订单号', '员工', '工号', '自提点', '箱数', '金额', '支付方式', '状态', '下单时间'],
  },
  {
    name: 'employee prices',
    list: '/eEmployee/price/list',
    exportPath: '/eEmployee/price/exportXls',
    filter: 'limited=false',
    headers: ['商品编码', '商品', '规格', '员工价', '单位', '价目表', '每月限购（箱）'],
  },
  {
    name: 'pickup points',
    list: '/eEmployee/pickupPoint/list',
    exportPath: '/eEmployee/pickupPoint/exportXls',
    filter: 'status=ACTIVE',
    headers: ['名称', '地址', '开放时间', '联系人', '状态'],
  },
  {
    name: 'employee pickups',
    list: '/eEmployee/pickup/list',
    exportPath: '/eEmployee/pickup/exportXls',
    filter: 'status=PAID,READY_FOR_PICKUP',
    headers: ['订单号', '员工', '工号', '手机号', '自提点', '箱数', '金额', '状态', '下单时间', '提货时间'],
  },
  {
    name: 'dealer accounts',
    list: '/eDealer/account/list',
    exportPath: '/eDealer/account/exportXls',
    filter: 'status=1',
    headers: ['用户名', '姓名', '手机号', '经销商', '经销商编码', '角色', '状态', '创建时间'],
  },
  {
    name: 'dealer profiles',
    list: '/eDealer/list',
    exportPath: '/eDealer/exportXls',
    filter: '',
    headers: ['编码', '经销商', '法人', '开户行', '合同编号', '合同开始', '合同结束', '保证金', '授权区域'],
  },
  {
    name: 'pay transactions',
    list: '/payment/transaction/list',
    exportPath: '/payment/transaction/exportXls',
    filter: '',
    headers: ['支付单号', '单据类型', '单据号', '金额', '已退', '支付方式', '状态'],
  },
  {
    name: 'execution templates',
    list: '/eVisit/executionTemplate/list',
    exportPath: '/eVisit/executionTemplate/exportXls',
    filter: '',
    headers: ['编码', '名称', '版本', '检查项', '总分', '及格', '状态'],
  },
  {
    name: 'execution results',
    list: '/eVisit/execution/list',
    exportPath: '/eVisit/execution/exportXls',
    filter: '',
    headers: ['执行单号', '执行时间', '门店', '门店编码', '业务员', '模板', '自动得分', '得分'],
  },
  {
    name: 'coin accounts',
    list: '/eVisit/coin/list',
    exportPath: '/eVisit/coin/exportXls',
    filter: '',
    headers: ['门店', '门店编码', '余额', '冻结', '本月获得', '本月使用', '即将过期'],
  },
  {
    name: 'erp connections',
    list: '/eErpConfig/connection/list',
    exportPath: '/eErpConfig/connection/exportXls',
    filter: '',
    headers: ['连接名称', '系统', '服务地址', '账套', '用户', '应用', '销售组织', '状态'],
  },
  {
    name: 'erp mappings',
    list: '/eErpConfig/mapping/list',
    exportPath: '/eErpConfig/mapping/exportXls',
    filter: 'unmappedOnly=true',
    headers: ['对象类型', '本地编码', '本地名称', 'ERP编码', 'ERP名称', '状态'],
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

  it('dictionary items: one dictionary’s items as the 字典配置 filters select, with its column names', async () => {
    const dicts = await bed.get<Page<{ id: string }>>('admin', '/sys/dict/list?dictCode=user_status');
    const dictId = dicts.body.result.records[0]!.id;
    const { body } = await bed.get<Page<{ itemText: string; itemValue: string }>>(
      'admin',
      `/sys/dictItem/list?dictId=${dictId}&pageSize=50`,
    );
    expect(body.result.total).toBeGreaterThan(1);
    const sheet = await sheetOf('admin', `/sys/dictItem/exportXls?dictId=${dictId}`);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['名称', '数据值', '排序', '状态']);
    const rows = Array.from({ length: sheet.actualRowCount - 1 }, (_, at) =>
      (sheet.getRow(at + 2).values as unknown[]).slice(1),
    );
    expect(rows.map((row) => row.slice(0, 2))).toEqual(
      body.result.records.map((item) => [item.itemText, item.itemValue]),
    );
    expect(rows.every((row) => ['启用', '不启用'].includes(row[3] as string))).toBe(true);
    // A filter narrows it (the name searched in, as the screen sends it).
    const first = body.result.records[0]!.itemText;
    const narrowed = await sheetOf(
      'admin',
      `/sys/dictItem/exportXls?dictId=${dictId}&itemText=${encodeURIComponent(`*${first}*`)}`,
    );
    expect(narrowed.actualRowCount - 1).toBeLessThan(body.result.total);
    expect(narrowed.getRow(2).getCell(1).value).toBe(first);
    // No dictionary named: a clear refusal; another tenant's dictionary: none of its items.
    const unnamed = await bed.download('admin', '/sys/dictItem/exportXls');
    expect(JSON.parse(Buffer.from(unnamed.body).toString('utf8'))).toMatchObject({ success: false });
    const foreign = await bed.download('t2admin', `/sys/dictItem/exportXls?dictId=${dictId}`);
    expect(JSON.parse(Buffer.from(foreign.body).toString('utf8'))).toMatchObject({ success: false });
  });

  it('region columns name the regions (广东省 / 广州市), not their codes (issue #15)', async () => {
    for (const [path, header] of [
      ['/eDealer/exportXls', '授权区域'],
      ['/mes/provider/exportXls', '覆盖区域'],
    ]) {
      const sheet = await sheetOf('admin', path);
      const column = (sheet.getRow(1).values as unknown[]).indexOf(header);
      const areas = Array.from({ length: sheet.actualRowCount - 1 }, (_, at) =>
        String(sheet.getRow(at + 2).getCell(column).value ?? ''),
      ).filter(Boolean);
      expect(areas.length).toBeGreaterThan(0);
      expect(areas.every((text) => /[省市区]/.test(text) && !/\d{6}/.test(text))).toBe(true);
    }
  });

  it('without the list’s permission the export is refused', async () => {
    for (const path of [
      '/eOrder/eOrder/exportXls',
      '/eprod/prodStockWhlist/exportXls',
      '/eprod/nearExpiry/exportXls',
      '/sys/user/exportXls',
      '/eEmployee/price/exportXls',
      '/eEmployee/pickup/exportXls',
      '/eDealer/account/exportXls',
      '/sys/dictItem/exportXls?dictId=x',
    ]) {
      expect((await bed.download('wangfang', path)).status).toBe(403);
    }
  });
});
