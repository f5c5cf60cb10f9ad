// The files of 下载中心 come back byte for byte over real HTTP, on both back ends (issues #16, #23): they are
// stored in the database as bytea chunks of 256 KB, which PGlite converts by server/db/index.ts's own bytea
// parser and serializer. The oracle is independent of both: the bytes the test gave the job, and the SHA-256 the
// database computes over the chunks it holds.
import { createHash, randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { Page } from '../../common/contract';
import type { JobRecord, QueuedExport } from '../../common/jobs';
import { storeJobFile } from '../modules/jobs/files';
import { ok, openBusinessTestbed, type BusinessTestbed } from './support/business';
import { testBackends } from './support/database';
import { until } from './support/until';

/** A job kind of this test only: it stores the named file of FILES as its output. */
const TEST_FILE_JOB = 'TEST_FILE';

const chinese = Buffer.from('下载中心：客户「广州天河便利店」应付 ¥1,234.50 — 已签收 ✓\n', 'utf8');
/** Every byte value, then UTF-8 text, then random bytes: 3 MB and 17 bytes, so the last chunk is a short one. */
const large = Buffer.concat([
  Buffer.from(Array.from({ length: 256 }, (_, byte) => byte)),
  Buffer.concat(Array.from({ length: 2_000 }, () => chinese)),
  randomBytes(3 * 1024 * 1024 + 17 - 256 - 2_000 * chinese.length),
]);
const FILES: Record<string, Buffer> = {
  '非ASCII 字节.csv': Buffer.concat([
    Buffer.from([0xef, 0xbb, 0xbf]),
    chinese,
    Buffer.from([0, 0x5c, 0x78, 0xff]),
  ]),
  '大文件 3MB.xlsx': large,
  '空文件.csv': Buffer.alloc(0),
};

const sha256 = (bytes: Buffer | ArrayBuffer) =>
  createHash('sha256')
    .update(Buffer.from(bytes as ArrayBuffer))
    .digest('hex');

describe.each(testBackends())('下载中心 files byte for byte on %s', (backend) => {
  let bed: BusinessTestbed;

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend, {
      jobs: { exportThreshold: 40, pollIntervalMs: 100 },
      configure: (app) =>
        app.jobs.handle(TEST_FILE_JOB, async ({ job, db }) => {
          const name = job.payload.name as string;
          const bytes = FILES[name];
          // Written in pieces of an odd size, as a producer writes, so chunks are cut across them.
          const size = await storeJobFile(db, job.id, async (out) => {
            for (let at = 0; at < bytes.length; at += 100_003) out.write(bytes.subarray(at, at + 100_003));
            out.end();
          });
          return { file: { name, size } };
        }),
    });
    // A seeded database and a server: over a minute when the two cores are busy with other runs.
  }, 180_000);
  afterAll(() => bed?.close());

  const db = () => bed.testDatabase.database.db;
  const jobOf = async (id: string) => {
    const { records } = await ok(bed.get<Page<JobRecord>>('admin', '/eDownload/list?pageSize=50'));
    return records.find((record) => record.id === id);
  };
  const finished = (id: string) =>
    until(
      () => jobOf(id),
      (job) => job !== undefined && !['QUEUED', 'RUNNING'].includes(job.status),
      `job ${id} to end`,
    );
  /** The SHA-256 of the job's file as the database holds it, computed by the database. */
  const storedSha256 = async (jobId: string) => {
    const { rows } = await sql<{ digest: string | null }>`
      select encode(sha256(string_agg(content, ''::bytea order by seq)), 'hex') as digest
        from job_file_chunks where job_id = ${jobId}`.execute(db());
    return rows[0].digest;
  };

  it.each(Object.keys(FILES))('stores and downloads %s exactly', async (name) => {
    const admin = await db()
      .selectFrom('users')
      .select(['id', 'tenant_id'])
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const jobId = await bed.server.app.jobs.enqueue({
      kind: TEST_FILE_JOB,
      title: name,
      tenantId: admin.tenant_id,
      userId: admin.id,
      payload: { name },
    });
    const bytes = FILES[name];
    expect(await finished(jobId)).toMatchObject({
      status: 'SUCCEEDED',
      fileName: name,
      fileSize: bytes.length,
      downloadable: true,
    });
    // What the database holds is what the job wrote (PGlite's bytea serializer)…
    expect(await storedSha256(jobId)).toBe(bytes.length === 0 ? null : sha256(bytes));
    // …and the download is what it holds (the parser), with its length.
    const file = await bed.download('admin', `/eDownload/download?id=${jobId}`);
    expect(file.status).toBe(200);
    expect(Number(file.headers.get('content-length'))).toBe(bytes.length);
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    expect(Buffer.from(file.body).equals(bytes)).toBe(true);
  });

  it('downloads an export job’s workbook exactly as stored, its Chinese names intact', async () => {
    const answer = await bed.get<QueuedExport>('admin', '/eCustomer/exportXls?customerType=OUTLET');
    const { jobId, total } = answer.body.result;
    expect(await finished(jobId)).toMatchObject({ status: 'SUCCEEDED', done: total });
    const file = await bed.download('admin', `/eDownload/download?id=${jobId}`);
    expect(sha256(file.body)).toBe(await storedSha256(jobId));

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(total + 1);
    const { records } = await ok(
      bed.get<Page<{ name: string }>>('admin', '/eCustomer/list?customerType=OUTLET&pageSize=200'),
    );
    const header = sheet.getRow(1).values as unknown[];
    const nameColumn = header.indexOf('客户名称');
    expect(nameColumn).toBeGreaterThan(0);
    // The list's first page, in the list's order, is the file's first rows.
    const names = sheet.getColumn(nameColumn).values.slice(2);
    expect(names.slice(0, records.length)).toEqual(records.map((record) => record.name));
    expect(names.some((value) => /[\u4e00-\u9fff]/.test(String(value)))).toBe(true);
  });
});
