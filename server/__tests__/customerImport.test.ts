import ExcelJS from 'exceljs';
import type { Page } from '../../common/contract';
import type { ImportReport } from '../modules/shared/excel';
import { testBackends } from './support/database';
import { FORBIDDEN, openBusinessTestbed, type BusinessTestbed } from './support/business';

const HEADERS = [
  '客户名称*',
  '客户类型*',
  '业态',
  '等级',
  '市编码',
  '经度',
  '纬度',
  '联系电话',
  '供货经销商编码',
];

async function workbook(rows: unknown[][]): Promise<ArrayBuffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('客户');
  sheet.addRow(HEADERS);
  for (const row of rows) sheet.addRow(row);
  return (await book.xlsx.writeBuffer()) as ArrayBuffer;
}

describe.each(testBackends())('customer Excel import on %s', (backend) => {
  let bed: BusinessTestbed;

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
  });
  afterAll(() => bed.close());

  const importedNamed = async (caller: 'admin' | 't2admin', name: string) =>
    (
      await bed.get<
        Page<{ name: string; auditStatus: string; source: string; servingDealerName: string | null }>
      >(caller, `/eCustomer/list?name=${encodeURIComponent(`*${name}*`)}`)
    ).body.result;

  it('reports the one bad row and imports nothing', async () => {
    const file = await workbook([
      ['导入甲便利店', '终端门店', '便利店', 'A级', '440100', 113.3, 23.1, '13700000001', 'D0001'],
      ['导入乙小卖部', '门店', '小卖部', 'E', '4401', 113.3, '', '12345', 'D9999'],
    ]);
    const { body } = await bed.upload<ImportReport>('admin', '/eCustomer/importExcel', '客户.xlsx', file);
    expect(body).toMatchObject({
      success: false,
      code: 400,
      result: { totalRows: 2, failedRows: 1, imported: 0 },
    });
    expect(body.result.errors.map((error) => `${error.rowNo}:${error.column}:${error.message}`)).toEqual([
      '3:客户类型:客户类型「门店」不存在，可选：经销商、分销商、批发商、邮差、终端门店、连锁总部',
      '3:业态:业态「小卖部」不存在或已停用',
      '3:等级:终端级别「E」不存在，可选：A级、B级、C级、D级',
      '3:市编码:应为 6 位行政区划代码',
      '3:联系电话:应为 11 位手机号',
      '3:经度:经度和纬度须同时填写',
      '3:供货经销商编码:经销商不存在、未审核通过或已停止经营',
    ]);
    expect((await importedNamed('admin', '导入甲')).total).toBe(0);
  });

  it('imports a good file: outlets wait for the audit, linked to their dealer, seen by nobody else', async () => {
    const file = await workbook([
      ['导入甲便利店', '终端门店', '便利店', 'A', '440100', 113.3, 23.1, '13700000001', 'D0001'],
      ['导入丙商贸有限公司', '经销商', '', '', '440100', '', '', '', ''],
    ]);
    const { body } = await bed.upload<ImportReport>('admin', '/eCustomer/importExcel', '客户.xlsx', file);
    expect(body).toMatchObject({ success: true, message: '导入成功：共 2 条' });
    const outlet = await importedNamed('admin', '导入甲');
    expect(outlet.records).toEqual([
      expect.objectContaining({
        auditStatus: 'PENDING',
        source: 'IMPORTED',
        servingDealerName: expect.any(String),
      }),
    ]);
    expect((await importedNamed('t2admin', '导入甲')).total).toBe(0);
    expect(await bed.upload('wangfang', '/eCustomer/importExcel', 'x.xlsx', file)).toMatchObject(FORBIDDEN);
    const template = await bed.download('admin', '/eCustomer/importTemplate');
    expect(template.status).toBe(200);
  });

  it("exports the customers of the filter, in the caller's scope only", async () => {
    const read = async (caller: 'admin' | 'zhangwei', query: string) => {
      const file = await bed.download(caller, `/eCustomer/exportXls${query}`);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.body);
      return book.worksheets[0];
    };
    const mine = await read('admin', `?name=${encodeURIComponent('*导入甲*')}`);
    expect(mine.rowCount).toBe(2);
    expect(mine.getRow(2).getCell(2).value).toBe('导入甲便利店');
    // Imported by admin into head office (A01): outside zhangwei's offices.
    expect((await read('zhangwei', `?name=${encodeURIComponent('*导入甲*')}`)).rowCount).toBe(1);
    const outlets = await read('admin', '?customerType=OUTLET&cityCode=440100');
    expect(outlets.rowCount).toBeGreaterThan(20);
  });
});
