import ExcelJS from 'exceljs';
import type { Page } from '../../common/contract';
import type { ImportReport } from '../modules/shared/excel';
import { testBackends } from './support/database';
import { FORBIDDEN, openBusinessTestbed, type BusinessTestbed } from './support/business';

const HEADERS = [
  '商品编码*',
  '商品名称*',
  '品牌*',
  '品类*',
  '包装*',
  '基本单位*',
  '销售单位*',
  '箱规*',
  '保质期(天)*',
  '条码',
];

async function workbook(rows: unknown[][], headers = HEADERS): Promise<ArrayBuffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('商品');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return (await book.xlsx.writeBuffer()) as ArrayBuffer;
}

const good = (code: string, barcode = '') => [
  code,
  `导入测试 ${code}`,
  '劲鹏',
  '功能饮料',
  '塑瓶',
  '瓶',
  '箱',
  24,
  540,
  barcode,
];

describe.each(testBackends())('SKU Excel import and export on %s', (backend) => {
  let bed: BusinessTestbed;

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
  });
  afterAll(() => bed.close());

  const skuCount = async (code: string) =>
    (await bed.get<Page<unknown>>('admin', `/eMaterial/sku/list?skuCode=${code}*`)).body.result.total;

  it('imports nothing and reports every bad row when one row is bad', async () => {
    const file = await workbook([
      good('IMP-001', '6901234567892'),
      ['IMP-002', '坏行', '不存在的品牌', '功能饮料', '纸箱', '瓶', '箱', 'x', 540, '6901234567893'],
      good('IMP-001'),
      good('SKU00000001'),
      ['', '', '', '', '', '', '', '', '', ''],
    ]);
    const { status, body } = await bed.upload<ImportReport>(
      'admin',
      '/eMaterial/sku/importExcel',
      '商品.xlsx',
      file,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: false,
      code: 400,
      message: '导入失败：3 行有误（共 6 处），未导入任何数据',
    });
    expect(body.result).toMatchObject({ totalRows: 4, imported: 0, failedRows: 3, errorCount: 6 });
    expect(body.result.errors.map((error) => `${error.rowNo}:${error.column}:${error.message}`)).toEqual([
      '3:包装:包装「纸箱」不存在，可选：塑瓶、罐、玻璃瓶、利乐包、桶、礼盒',
      '3:箱规:应为整数',
      '3:条码:不是有效的 EAN-13/EAN-8 条码（校验位不正确）',
      '3:品牌:品牌不存在，请填写品牌编码或名称',
      '4:商品编码:与第 2 行重复',
      '5:商品编码:商品编码已存在',
    ]);
    expect(await skuCount('IMP-')).toBe(0);
  });

  it('imports a good file whole, by brand and category name or code', async () => {
    const file = await workbook([
      good('IMP-101'),
      [...good('IMP-102').slice(0, 2), 'SQY', 'WATER', 'PET', '瓶', '箱', 12, 730, ''],
    ]);
    const { body } = await bed.upload<ImportReport>('admin', '/eMaterial/sku/importExcel', 'skus.xlsx', file);
    expect(body).toMatchObject({ success: true, message: '导入成功：共 2 条', result: { imported: 2 } });
    expect(await skuCount('IMP-10')).toBe(2);
  });

  it('refuses a file without the template columns, a non-xlsx file, and callers without the permission', async () => {
    const wrong = await bed.upload(
      'admin',
      '/eMaterial/sku/importExcel',
      'x.xlsx',
      await workbook([], ['名称']),
    );
    expect(wrong.body).toMatchObject({ success: false, message: '模板缺少列「商品编码」，请下载最新模板' });
    const csv = await bed.upload(
      'admin',
      '/eMaterial/sku/importExcel',
      'x.csv',
      new TextEncoder().encode('a,b').buffer as ArrayBuffer,
    );
    expect(csv.body).toMatchObject({ success: false, message: '只支持 .xlsx 格式的 Excel 文件' });
    const garbage = await bed.upload(
      'admin',
      '/eMaterial/sku/importExcel',
      'x.xlsx',
      new TextEncoder().encode('not a zip').buffer as ArrayBuffer,
    );
    expect(garbage.body).toMatchObject({
      success: false,
      message: '无法读取文件，请确认是有效的 .xlsx 文件',
    });
    expect(
      await bed.upload('zhangwei', '/eMaterial/sku/importExcel', 'x.xlsx', await workbook([])),
    ).toMatchObject(FORBIDDEN);
  });

  it('downloads the template and exports the filtered list as a workbook', async () => {
    const template = await bed.download('admin', '/eMaterial/sku/importTemplate');
    const templateBook = new ExcelJS.Workbook();
    await templateBook.xlsx.load(template.body);
    expect(templateBook.worksheets[0].getRow(1).getCell(1).value).toBe('商品编码*');
    const exported = await bed.download(
      'admin',
      '/eMaterial/sku/exportXls?brandId=&status=ON_SALE&keyword=劲鹏',
    );
    expect(exported.headers.get('content-disposition')).toContain(encodeURIComponent('商品列表.xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.body);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('商品编码');
    expect(sheet.rowCount).toBeGreaterThan(2);
    expect(String(sheet.getRow(2).getCell(2).value)).toContain('劲鹏');
    const bad = await bed.download('admin', '/eMaterial/sku/exportXls?nope=1');
    expect(bad.status).toBe(400);
  });
});
