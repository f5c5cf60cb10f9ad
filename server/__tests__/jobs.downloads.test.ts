// Exports through 下载中心 (issue #16) over real HTTP: up to the threshold the workbook comes at once; beyond
// it the answer names a job, the job writes the workbook into the database and its owner downloads it from
// 下载中心 with the right headers; another user (same tenant or another) neither lists nor downloads it; an
// expired file is removed by the cleanup and refused.
import { setTimeout as delay } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import type { JobRecord, QueuedExport } from '../../common/jobs';
import type { Page } from '../../common/contract';
import { removeExpiredFiles } from '../modules/jobs/service';
import { testBackends } from './support/database';
import { ok, openBusinessTestbed, queryString, type BusinessTestbed, type Caller } from './support/business';

const THRESHOLD = 40;

describe.each(testBackends())('exports and 下载中心 on %s', (backend) => {
  let bed: BusinessTestbed;

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend, { jobs: { exportThreshold: THRESHOLD, pollIntervalMs: 100 } });
  });
  afterAll(() => bed?.close());

  const sheetOf = async (body: ArrayBuffer) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(body);
    return book.worksheets[0];
  };
  const listOf = (caller: Caller, query: Record<string, string> = {}) =>
    ok(bed.get<Page<JobRecord>>(caller, `/eDownload/list${queryString({ pageSize: 50, ...query })}`));
  const finished = async (caller: Caller, id: string) => {
    for (let tries = 0; tries < 400; tries += 1) {
      const job = (await listOf(caller)).records.find((record) => record.id === id);
      if (job && !['QUEUED', 'RUNNING'].includes(job.status)) return job;
      await delay(50);
    }
    throw new Error(`job ${id} did not end`);
  };

  it('sends a small export at once, as before', async () => {
    const file = await bed.download('admin', `/eCustomer/exportXls?customerType=DEALER`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    const sheet = await sheetOf(file.body);
    expect(sheet.rowCount).toBeGreaterThan(1);
    expect(sheet.rowCount - 1).toBeLessThanOrEqual(THRESHOLD);
    expect((await listOf('admin')).records.filter((job) => job.category === 'EXPORT')).toHaveLength(0);
  });

  it('makes a large export a job of 下载中心 that its owner downloads with the right headers', async () => {
    const query = '?customerType=OUTLET';
    const answer = await bed.get<QueuedExport>('admin', `/eCustomer/exportXls${query}`);
    expect(answer.body).toMatchObject({ success: true, message: expect.stringContaining('已转入下载中心') });
    const { jobId, total } = answer.body.result;
    expect(total).toBeGreaterThan(THRESHOLD);

    const job = await finished('admin', jobId);
    expect(job).toMatchObject({
      category: 'EXPORT',
      title: '客户列表',
      status: 'SUCCEEDED',
      status_dictText: '已完成',
      done: total,
      total,
      percent: 100,
      fileName: '客户列表.xlsx',
      downloadable: true,
    });
    // Seven days from now, in Shanghai time.
    const expires = new Date(`${job.expiresAt!.replace(' ', 'T')}+08:00`).getTime();
    expect(Math.abs(expires - Date.now() - 7 * 86_400_000)).toBeLessThan(120_000);

    const file = await bed.download('admin', `/eDownload/download?id=${jobId}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('客户列表.xlsx')}`,
    );
    expect(Number(file.headers.get('content-length'))).toBe(job.fileSize);
    const sheet = await sheetOf(file.body);
    expect(sheet.rowCount).toBe(total + 1);
    expect(sheet.getRow(1).getCell(1).value).toBe('客户编码');
    // The same rows the immediate export gives under the same query (a bigger threshold is not needed to see
    // them: the list answers them page by page).
    const firstPage = ok(
      bed.get<Page<{ customerCode: string }>>('admin', `/eCustomer/list${query}&pageSize=1`),
    );
    expect(sheet.getRow(2).getCell(1).value).toBe((await firstPage).records[0].customerCode);
  });

  it("keeps a user's files to that user, in their tenant", async () => {
    const { jobId } = await ok(bed.get<QueuedExport>('admin', '/eCustomer/exportXls'));
    await finished('admin', jobId);
    for (const other of ['zhangwei', 't2admin'] as const) {
      expect((await listOf(other)).records.map((job) => job.id)).not.toContain(jobId);
      const file = await bed.download(other, `/eDownload/download?id=${jobId}`);
      const answer = JSON.parse(Buffer.from(file.body).toString('utf8')) as {
        success: boolean;
        code: number;
      };
      expect(answer).toMatchObject({ success: false, code: 404 });
    }
    const anonymous = await fetch(`${bed.server.baseUrl}/api/eDownload/download?id=${jobId}`);
    expect(anonymous.status).toBe(401);
  });

  it('exports only what the caller may see: zhangwei’s job holds his offices’ customers', async () => {
    const listed = await ok(bed.get<Page<unknown>>('zhangwei', '/eCustomer/list?pageSize=1'));
    const answer = await bed.get<QueuedExport>('zhangwei', '/eCustomer/exportXls');
    expect(answer.body.result.total).toBe(listed.total);
    const job = await finished('zhangwei', answer.body.result.jobId);
    const sheet = await sheetOf((await bed.download('zhangwei', `/eDownload/download?id=${job.id}`)).body);
    expect(sheet.rowCount).toBe(listed.total + 1);
  });

  it('removes expired files; the job stays listed, its download refused', async () => {
    const { jobId } = await ok(bed.get<QueuedExport>('admin', '/eCustomer/exportXls?customerType=OUTLET'));
    await finished('admin', jobId);
    const db = bed.testDatabase.database.db;
    await db
      .updateTable('jobs')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', jobId)
      .execute();
    expect(await removeExpiredFiles(db)).toBe(1);
    const chunks = await db.selectFrom('job_file_chunks').select('seq').where('job_id', '=', jobId).execute();
    expect(chunks).toHaveLength(0);
    const job = (await listOf('admin')).records.find((record) => record.id === jobId);
    expect(job).toMatchObject({ status: 'SUCCEEDED', downloadable: false });
    const file = await bed.download('admin', `/eDownload/download?id=${jobId}`);
    expect(JSON.parse(Buffer.from(file.body).toString('utf8'))).toMatchObject({
      success: false,
      message: '文件已过期，请重新导出',
    });
  });

  it('records every import in 导入记录 with its counts, and the rows with their errors in an error file', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('客户');
    sheet.addRow(['客户名称*', '客户类型*', '市编码']);
    sheet.addRow(['记录甲便利店', '终端门店', '440100']);
    sheet.addRow(['记录乙小卖部', '门店', '4401']);
    sheet.addRow(['记录丙便利店', '终端门店', '440100']);
    const bad = (await book.xlsx.writeBuffer()) as ArrayBuffer;
    const refused = await bed.upload<{ jobId: string }>(
      'admin',
      '/eCustomer/importExcel',
      '坏客户.xlsx',
      bad,
    );
    expect(refused.body).toMatchObject({
      success: false,
      result: { failedRows: 1, jobId: expect.any(String) },
    });
    const good = new ExcelJS.Workbook();
    good.addWorksheet('客户').addRows([
      ['客户名称*', '客户类型*'],
      ['记录丁商贸有限公司', '经销商'],
    ]);
    const done = await bed.upload<{ jobId: string }>(
      'admin',
      '/eCustomer/importExcel',
      '好客户.xlsx',
      (await good.xlsx.writeBuffer()) as ArrayBuffer,
    );
    expect(done.body).toMatchObject({ success: true });

    const imports = await listOf('admin', { category: 'IMPORT' });
    const [latest, failed] = imports.records;
    expect(latest).toMatchObject({
      id: done.body.result.jobId,
      category: 'IMPORT',
      title: '客户导入',
      status: 'SUCCEEDED',
      result: { fileName: '好客户.xlsx', totalRows: 1, imported: 1, failedRows: 0 },
      downloadable: false,
    });
    expect(failed).toMatchObject({
      id: refused.body.result.jobId,
      status: 'FAILED',
      error: expect.stringContaining('导入失败'),
      result: { fileName: '坏客户.xlsx', totalRows: 3, imported: 0, failedRows: 1 },
      fileName: '客户导入错误数据.xlsx',
      downloadable: true,
    });
    const file = await bed.download('admin', `/eDownload/download?id=${failed.id}`);
    expect(file.headers.get('content-disposition')).toContain(encodeURIComponent('客户导入错误数据.xlsx'));
    const errors = await sheetOf(file.body);
    // Every uploaded row (nothing was imported: the corrected file goes back whole), the bad one with 错误原因.
    expect(errors.rowCount).toBe(4);
    expect(errors.getRow(1).values).toEqual([undefined, '客户名称*', '客户类型*', '市编码', '错误原因']);
    expect((errors.getRow(3).values as unknown[]).slice(1, 4)).toEqual(['记录乙小卖部', '门店', '4401']);
    expect(errors.getRow(3).getCell(4).value).toContain('客户类型：客户类型「门店」不存在');
    expect(errors.getRow(3).getCell(4).value).toContain('市编码：应为 6 位行政区划代码');
    expect(errors.getRow(2).getCell(4).value ?? '').toBe('');
    // Not listed to another user, nor downloadable by them.
    expect((await listOf('zhangwei', { category: 'IMPORT' })).total).toBe(0);
  });

  it('lists by category and refuses an unknown one', async () => {
    const exports = await listOf('admin', { category: 'EXPORT' });
    expect(exports.records.every((job) => job.category === 'EXPORT')).toBe(true);
    expect(exports.total).toBeGreaterThan(0);
    // A calculation run on request (返利计算 and the like) is a task, not an import.
    const db = bed.testDatabase.database.db;
    const owner = await db
      .selectFrom('jobs')
      .select(['tenant_id', 'user_id'])
      .where('id', '=', exports.records[0]!.id)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('jobs')
      .values({
        id: 'task-job-1',
        ...owner,
        kind: 'REBATE_CALC',
        title: '返利计算',
        payload: '{}',
        status: 'SUCCEEDED',
      })
      .execute();
    const tasks = await listOf('admin', { category: 'TASK' });
    expect(tasks.records.map((job) => [job.id, job.category])).toEqual([['task-job-1', 'TASK']]);
    expect((await listOf('admin', { category: 'IMPORT' })).records.map((job) => job.id)).not.toContain(
      'task-job-1',
    );
    const answer = await bed.get('admin', '/eDownload/list?category=OTHER');
    expect(answer.body).toMatchObject({ success: false, code: 400 });
  });

  it('exports each tab of 下载中心 as its filters select, with the tab’s column names (issue #15)', async () => {
    const headersOf: Record<string, string[]> = {
      EXPORT: ['文件', '状态', '行数', '大小', '创建时间', '完成时间', '保留至'],
      IMPORT: ['导入', '文件名', '状态', '总行数', '成功', '失败行', '导入时间'],
      TASK: ['任务', '状态', '已处理', '创建时间', '完成时间'],
    };
    const exported = async (caller: Caller, query: string) => {
      const file = await bed.download(caller, `/eDownload/exportXls?${query}`);
      expect(file.status).toBe(200);
      return sheetOf(file.body);
    };
    const cellsOf = (sheet: ExcelJS.Worksheet, rowNo: number) =>
      (sheet.getRow(rowNo).values as unknown[]).slice(1);
    for (const [category, headers] of Object.entries(headersOf)) {
      const listed = await listOf('admin', { category });
      const sheet = await exported('admin', `category=${category}`);
      expect(cellsOf(sheet, 1)).toEqual(headers);
      // The list's rows in the list's order: each row's first cell is its title.
      expect(sheet.rowCount - 1).toBe(listed.total);
      expect(Array.from({ length: listed.total }, (_, at) => sheet.getRow(at + 2).getCell(1).value)).toEqual(
        listed.records.map((job) => job.title),
      );
    }
    // A finished export reads as on the screen: its rows of rows, its size, its finish.
    const exports = await listOf('admin', { category: 'EXPORT' });
    const made = exports.records.findIndex((job) => job.status === 'SUCCEEDED' && job.downloadable);
    const job = exports.records[made]!;
    const row = cellsOf(await exported('admin', 'category=EXPORT'), made + 2);
    expect(row.slice(0, 5)).toEqual([
      job.title,
      '已完成',
      `${job.done} / ${job.total}`,
      expect.stringMatching(/ KB$/),
      job.createTime,
    ]);

    // The filters select: the failed import alone, with its reason and counts.
    const failed = await exported('admin', 'category=IMPORT&status=FAILED');
    expect(failed.rowCount).toBe(2);
    expect(cellsOf(failed, 2).slice(0, 6)).toEqual([
      '客户导入',
      '坏客户.xlsx',
      expect.stringMatching(/^失败：导入失败/),
      '3',
      '0',
      '1',
    ]);
    // Without a category it is the 导出文件 tab the screen opens on.
    expect(cellsOf(await exported('admin', ''), 1)).toEqual(headersOf.EXPORT);
    // Another user exports their own jobs only.
    const his = await listOf('zhangwei', { category: 'EXPORT' });
    expect((await exported('zhangwei', 'category=EXPORT')).rowCount - 1).toBe(his.total);
    expect(his.total).toBeLessThan(exports.total);
    // A bad category is a clear refusal, not a file.
    const refused = await bed.download('admin', '/eDownload/exportXls?category=OTHER');
    expect(JSON.parse(Buffer.from(refused.body).toString('utf8'))).toMatchObject({
      success: false,
      code: 400,
      message: expect.stringContaining('参数 category 应为'),
    });
    expect((await fetch(`${bed.server.baseUrl}/api/eDownload/exportXls`)).status).toBe(401);
  });
});
