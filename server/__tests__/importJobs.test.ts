// Imports as jobs of the runner (issue #16, DOMAIN §1.3 ImportJob/ImportRowError), over real HTTP on both back
// ends: a file with good and bad rows imports nothing and leaves a FAILED record in 导入记录 with its counts, its
// row errors and an error file (every uploaded row, the bad ones with 错误原因); a good file imports and
// succeeds; a refused file keeps its reason; nobody else (another user, another tenant) sees or downloads the
// record; with two instances on one database each import job is run once; a request that stops waiting is told
// the import goes on in the background, and 导入记录 shows how it ended.
import { setTimeout as delay } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../common/contract';
import type { ImportAnswer } from '../../common/excelImport';
import type { JobRecord } from '../../common/jobs';
import type { Database } from '../db';
import { runImportJob } from '../modules/jobs/imports';
import { removeExpiredFiles } from '../modules/jobs/service';
import { connectTestPostgres, testBackends } from './support/database';
import { ok, openBusinessTestbed, queryString, type BusinessTestbed, type Caller } from './support/business';
import { startTestServer, type TestServer } from './support/server';

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

async function workbook(rows: unknown[][], headers = HEADERS): Promise<ArrayBuffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('客户');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return (await book.xlsx.writeBuffer()) as ArrayBuffer;
}

const good = (name: string) => [
  name,
  '终端门店',
  '便利店',
  'A',
  '440100',
  113.3,
  23.1,
  '13700000001',
  'D0001',
];

describe.each(testBackends())('import jobs on %s', (backend) => {
  let bed: BusinessTestbed;
  let second: { database?: Database; server: TestServer } | undefined;
  /** IMPORT jobs run: job id → the instances that ran it. */
  const runs = new Map<string, string[]>();
  const countingImports = (app: FastifyInstance) =>
    app.jobs.handle('IMPORT', async (context) => {
      runs.set(context.job.id, [...(runs.get(context.job.id) ?? []), app.jobs.instanceId]);
      return runImportJob(context);
    });

  beforeAll(async () => {
    const jobs = { pollIntervalMs: 100 };
    bed = await openBusinessTestbed(backend, { jobs, configure: countingImports });
    // A second instance on the same database: on PostgreSQL with a pool of its own, as another process would.
    const url = bed.testDatabase.postgresUrl;
    const database = url ? connectTestPostgres(url) : undefined;
    const server = await startTestServer({
      database: database ?? bed.testDatabase.database,
      jobs,
      configure: countingImports,
    });
    second = { database, server };
  }, 600_000); // the first suite of a run builds the seeded fixture (minutes on a loaded machine)
  afterAll(async () => {
    await second?.server.close();
    await second?.database?.close();
    await bed?.close();
  });

  const db = () => bed.testDatabase.database.db;
  const importFile = (caller: Caller, content: ArrayBuffer) =>
    bed.upload<ImportAnswer>(caller, '/eCustomer/importExcel', '客户.xlsx', content);
  const importRecords = (caller: Caller) =>
    ok(
      bed.get<Page<JobRecord>>(caller, `/eDownload/list${queryString({ category: 'IMPORT', pageSize: 50 })}`),
    );
  const customersNamed = async (name: string) =>
    (await db().selectFrom('customers').select('id').where('name', '=', name).execute()).length;
  const sheetOf = async (body: ArrayBuffer) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(body);
    const sheet = book.worksheets[0];
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
    return rows;
  };

  it('records a file with bad rows: nothing imported, counts, row errors and the error file', async () => {
    const file = await workbook([
      good('任务甲便利店'),
      ['任务乙小卖部', '门店', '便利店', 'A', '440100', '', '', '13700000002', ''],
      good('任务丙便利店'),
      ['任务丁便利店', '终端门店', '便利店', 'E', '4401', '', '', '12345', ''],
    ]);
    const { body } = await importFile('admin', file);
    expect(body).toMatchObject({
      success: false,
      code: 400,
      message: '导入失败：2 行有误（共 4 处），未导入任何数据',
      result: { totalRows: 4, failedRows: 2, errorCount: 4, imported: 0, jobId: expect.any(String) },
    });
    expect(body.result.errors!.map((error) => `${error.rowNo}:${error.column}`)).toEqual([
      '3:客户类型',
      '5:等级',
      '5:市编码',
      '5:联系电话',
    ]);
    expect(await customersNamed('任务甲便利店')).toBe(0);
    const jobId = body.result.jobId!;
    expect(runs.get(jobId)).toHaveLength(1);

    const record = (await importRecords('admin')).records.find((job) => job.id === jobId);
    expect(record).toMatchObject({
      category: 'IMPORT',
      title: '客户导入',
      status: 'FAILED',
      error: '导入失败：2 行有误（共 4 处），未导入任何数据',
      result: { fileName: '客户.xlsx', totalRows: 4, imported: 0, failedRows: 2, errorCount: 4 },
      done: 4,
      total: 4,
      fileName: '客户导入错误数据.xlsx',
      downloadable: true,
    });
    // ImportRowError: every error kept per row.
    const kept = await db()
      .selectFrom('import_row_errors')
      .select(['row_no', 'column_name', 'value', 'message'])
      .where('job_id', '=', jobId)
      .orderBy('seq')
      .execute();
    expect(kept).toHaveLength(4);
    expect(kept[0]).toEqual({
      row_no: 3,
      column_name: '客户类型',
      value: '门店',
      message: expect.stringContaining('客户类型「门店」不存在'),
    });
    // The upload is gone once the job ended; the error file stays for 下载中心.
    expect(
      await db().selectFrom('job_upload_chunks').select('seq').where('job_id', '=', jobId).execute(),
    ).toEqual([]);

    const download = await bed.download('admin', `/eDownload/download?id=${jobId}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(
      encodeURIComponent('客户导入错误数据.xlsx'),
    );
    const rows = await sheetOf(download.body);
    expect(rows[0]).toEqual([...HEADERS, '错误原因']);
    expect(rows.map((row) => row[0])).toEqual([
      '客户名称*',
      '任务甲便利店',
      '任务乙小卖部',
      '任务丙便利店',
      '任务丁便利店',
    ]);
    expect(rows[1][9] ?? '').toBe('');
    expect(rows[2][1]).toBe('门店');
    expect(rows[2][9]).toMatch(/^客户类型：客户类型「门店」不存在/);
    expect(rows[4][9].split('；').map((text) => text.split('：')[0])).toEqual(['等级', '市编码', '联系电话']);
  });

  it('imports a good file as a job that succeeds without an error file', async () => {
    const { body } = await importFile('admin', await workbook([good('任务戊便利店'), good('任务己便利店')]));
    expect(body).toMatchObject({ success: true, message: '导入成功：共 2 条', result: { imported: 2 } });
    expect(await customersNamed('任务戊便利店')).toBe(1);
    const record = (await importRecords('admin')).records.find((job) => job.id === body.result.jobId);
    expect(record).toMatchObject({
      status: 'SUCCEEDED',
      result: { totalRows: 2, imported: 2, failedRows: 0, errorCount: 0 },
      fileName: null,
      downloadable: false,
      error: null,
    });
  });

  it('keeps the reason of a file refused whole', async () => {
    const file = await workbook([['任务庚便利店']], ['名称']);
    const { status, body } = await importFile('admin', file);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: false,
      code: 400,
      message: '模板缺少列「客户名称」，请下载最新模板',
    });
    const refused = (await importRecords('admin')).records.find(
      (job) => job.status === 'FAILED' && job.error === '模板缺少列「客户名称」，请下载最新模板',
    );
    expect(refused).toMatchObject({ result: { fileName: '客户.xlsx', refused: true }, downloadable: false });
  });

  it("shows nobody else an import's record or error file", async () => {
    const { body } = await importFile('admin', await workbook([['任务辛', '门店']]));
    const jobId = body.result.jobId!;
    for (const caller of ['zhangwei', 't2admin'] as const) {
      expect((await importRecords(caller)).records.map((job) => job.id)).not.toContain(jobId);
      const download = await bed.download(caller, `/eDownload/download?id=${jobId}`);
      expect(JSON.parse(Buffer.from(download.body).toString('utf8'))).toMatchObject({
        success: false,
        code: 404,
      });
      expect((await bed.post(caller, '/eDownload/cancel', { id: jobId })).body).toMatchObject({ code: 404 });
    }
  });

  it('runs each import once with two instances on one database', async () => {
    const names = Array.from({ length: 6 }, (_each, at) => `任务双实例${at}店`);
    const answers = await Promise.all(
      names.map(async (name) => (await importFile('admin', await workbook([good(name)]))).body),
    );
    for (const answer of answers) expect(answer).toMatchObject({ success: true, result: { imported: 1 } });
    for (const answer of answers) expect(runs.get(answer.result.jobId!)).toHaveLength(1);
    for (const name of names) expect(await customersNamed(name)).toBe(1);
  });

  it('answers at once when the request stops waiting; 导入记录 shows how the import ended', async () => {
    const config = bed.server.app.jobs.config as { importWaitMs: number };
    const waited = config.importWaitMs;
    config.importWaitMs = 0;
    try {
      const { body } = await importFile('admin', await workbook([good('任务壬便利店')]));
      expect(body).toMatchObject({
        success: true,
        message: '文件较大，已转入后台导入，完成后可在下载中心的导入记录查看结果',
        result: { jobId: expect.any(String), queued: true },
      });
      let record: JobRecord | undefined;
      for (
        let tries = 0;
        tries < 400 && !['SUCCEEDED', 'FAILED'].includes(record?.status ?? '');
        tries += 1
      ) {
        await delay(50);
        record = (await importRecords('admin')).records.find((job) => job.id === body.result.jobId);
      }
      expect(record).toMatchObject({ status: 'SUCCEEDED', result: { imported: 1 } });
      expect(await customersNamed('任务壬便利店')).toBe(1);
    } finally {
      config.importWaitMs = waited;
    }
  });

  it('removes the upload an ended import left behind', async () => {
    const [ended] = (await importRecords('admin')).records;
    await db()
      .insertInto('job_upload_chunks')
      .values({ job_id: ended.id, seq: 0, content: Buffer.from('left') })
      .execute();
    await removeExpiredFiles(db());
    expect(
      await db().selectFrom('job_upload_chunks').select('seq').where('job_id', '=', ended.id).execute(),
    ).toEqual([]);
  });
});
