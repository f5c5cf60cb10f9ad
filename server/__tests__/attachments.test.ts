// Attachments over real HTTP: facts kept, thumbnails made, exact and near duplicates flagged within a tenant,
// types checked by the bytes, files served with their headers, zips streamed, tenants and data scopes kept
// apart; on the local folder and on S3 (a fake S3 server the real client talks to).
import JSZip from 'jszip';
import sharp from 'sharp';
import type { Attachment, DuplicateMatch } from '../../common/attachments';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE, IMAGE_TYPE_MESSAGE } from '../../common/files';
import { testBackends } from './support/database';
import { openBusinessTestbed, serveBusinessTestbed, type BusinessTestbed } from './support/business';
import { startFakeS3, type FakeS3 } from './support/fakeS3';

/** A photo-like picture: 16×12 blocks of grey from a seeded sequence, scaled up and coloured. */
function pictureOf(seed: number, width = 640, height = 480): Promise<Buffer> {
  let state = seed;
  const blocks = Buffer.alloc(16 * 12 * 3);
  for (let index = 0; index < blocks.length; index += 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    blocks[index] = state % 256;
  }
  return sharp(blocks, { raw: { width: 16, height: 12, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const bytesOf = (buffer: Buffer): ArrayBuffer =>
  buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;

const doorFacts = (bizId: string) => ({
  bizType: 'CUSTOMER',
  bizId,
  kind: 'DOOR',
  capturedAt: '2026-11-20T09:30:00+08:00',
  lat: '23.129',
  lng: '113.264',
  accuracy: '12.5',
  address: '广州市天河区体育西路1号',
  source: 'CAMERA',
  watermarkText: '张伟 2026-11-20 09:30 老王便利店',
});

describe.each(testBackends())('attachments on %s', (backend) => {
  let local: BusinessTestbed;
  let fake: FakeS3;
  let s3: BusinessTestbed;
  /** A customer of zhangwei's offices, and one of head office he does not see. */
  let his: string;
  let headOffice: string;

  beforeAll(async () => {
    local = await openBusinessTestbed(backend);
    fake = await startFakeS3();
    // A second server on the same database whose attachments go to S3.
    s3 = await serveBusinessTestbed(
      local.testDatabase,
      {
        attachmentStorage: {
          kind: 's3',
          endpoint: fake.endpoint,
          region: 'us-east-1',
          bucket: fake.bucket,
          accessKeyId: fake.accessKeyId,
          secretAccessKey: fake.secretAccessKey,
          forcePathStyle: true,
        },
      },
      true,
    );
    const { db } = local.testDatabase.database;
    const customer = (orgCode: string) =>
      db
        .selectFrom('customers')
        .select('id')
        .where('tenant_id', '=', 'A01')
        .where('org_code', 'like', orgCode)
        .orderBy('customer_code')
        .executeTakeFirstOrThrow();
    his = (await customer('A01A02%')).id;
    headOffice = (await customer('A01')).id;
    // Seeding the business demo takes a while on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await s3.close();
    await fake.close();
    await local.close();
  });

  // The two storages share the database: each gets pictures of its own, or one would find the other's.
  describe.each([
    ['a local folder', 0],
    ['S3', 100],
  ] as const)('kept in %s', (storageName, seeds) => {
    let bed: BusinessTestbed;
    const picture = (seed: number, width?: number, height?: number) => pictureOf(seeds + seed, width, height);
    beforeAll(() => {
      bed = storageName === 'S3' ? s3 : local;
    });

    const upload = async (
      caller: 'admin' | 'zhangwei' | 't2admin',
      content: Buffer,
      fields: Record<string, string>,
      fileName = '门头.jpg',
    ) => bed.upload<Attachment>(caller, '/sys/attachment/upload', fileName, bytesOf(content), fields);

    let first: Attachment;
    let original: Buffer;

    it('keeps the photo with its facts and a thumbnail, served with its headers', async () => {
      original = await picture(1);
      const { body } = await upload('zhangwei', original, doorFacts(his));
      expect(body).toMatchObject({
        success: true,
        result: {
          bizType: 'CUSTOMER',
          bizId: his,
          kind: 'DOOR',
          fileName: '门头.jpg',
          contentType: 'image/jpeg',
          byteSize: original.length,
          width: 640,
          height: 480,
          capturedAt: '2026-11-20 09:30:00',
          lat: 23.129,
          lng: 113.264,
          accuracy: 12.5,
          address: '广州市天河区体育西路1号',
          source: 'CAMERA',
          watermarkText: '张伟 2026-11-20 09:30 老王便利店',
          duplicate: null,
        },
      });
      first = body.result;
      expect(first.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(first.url).toBe(`/sys/attachment/view/${first.id}`);

      const full = await bed.download('admin', first.url);
      expect(full.status).toBe(200);
      expect(Buffer.from(full.body).equals(original)).toBe(true);
      expect(Object.fromEntries(full.headers)).toMatchObject({
        'content-type': 'image/jpeg',
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, max-age=86400, immutable',
        'content-disposition': `inline; filename="__.jpg"; filename*=UTF-8''${encodeURIComponent('门头.jpg')}`,
      });
      const thumb = await bed.download('zhangwei', first.thumbUrl);
      expect(thumb.headers.get('content-type')).toBe('image/webp');
      expect(await sharp(Buffer.from(thumb.body)).metadata()).toMatchObject({
        format: 'webp',
        width: 240,
        height: 180,
      });

      const list = await bed.get<Attachment[]>(
        'zhangwei',
        `/sys/attachment/list?bizType=CUSTOMER&bizId=${his}`,
      );
      expect(list.body.result.map((each) => each.id)).toContain(first.id);
      if (storageName === 'S3') {
        expect(fake.objects.get(`A01/${first.id}.jpeg`)?.body.equals(original)).toBe(true);
        expect(fake.objects.get(`A01/${first.id}.thumb.webp`)?.contentType).toBe('image/webp');
      }
    });

    it('flags the same file as a duplicate and the same picture re-encoded as 疑似重复, not another picture', async () => {
      const again = await upload('admin', original, { ...doorFacts(his), source: 'ALBUM' }, 'again.jpg');
      expect(again.body.result.duplicate).toEqual({
        kind: 'EXACT',
        distance: 0,
        attachmentId: first.id,
        bizType: 'CUSTOMER',
        bizId: his,
        capturedAt: '2026-11-20 09:30:00',
      });

      // The same door photo a month later, resized and saved again as PNG: other bytes, same picture.
      const reshot = await sharp(original).resize(480, 360).png().toBuffer();
      const near = await upload(
        'zhangwei',
        reshot,
        { bizType: 'EXECUTION', bizId: 'v-2', kind: 'DOOR' },
        'v.png',
      );
      expect(near.body.result).toMatchObject({
        contentType: 'image/png',
        sha256: expect.not.stringMatching(first.sha256),
      });
      expect(near.body.result.duplicate).toMatchObject({ kind: 'NEAR', attachmentId: first.id });
      expect(near.body.result.duplicate?.distance).toBeLessThanOrEqual(6);

      const other = await upload('zhangwei', await picture(2), {
        bizType: 'EXECUTION',
        bizId: 'v-2',
        kind: 'DOOR',
      });
      expect(other.body.result.duplicate).toBeNull();

      // What a module asks about one upload: every earlier one it repeats, the exact copy first.
      const matches = await bed.get<DuplicateMatch[]>('zhangwei', `/sys/attachment/duplicates/${first.id}`);
      expect(matches.body.result.map((match) => [match.kind, match.attachmentId])).toEqual([
        ['EXACT', again.body.result.id],
        ['NEAR', near.body.result.id],
      ]);
    });

    it('refuses what is not a JPG, PNG or WEBP by its bytes, what is too large and bad facts', async () => {
      const fields = { bizType: 'EXECUTION', kind: 'DOOR' };
      const refusal = async (
        content: Buffer,
        message: string,
        extra: Record<string, string> = {},
        name = 'a.jpg',
      ) =>
        expect((await upload('admin', content, { ...fields, ...extra }, name)).body).toMatchObject({
          success: false,
          code: 400,
          message,
        });
      await refusal(Buffer.from('not an image at all'), IMAGE_TYPE_MESSAGE);
      const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
      await refusal(gif, IMAGE_TYPE_MESSAGE, {}, 'photo.png');
      await refusal(Buffer.alloc(IMAGE_MAX_BYTES + 1, 1), IMAGE_TOO_LARGE_MESSAGE);
      const photo = await picture(3, 64, 48);
      await refusal(photo, '请指定附件类型', { kind: '' });
      await refusal(photo, '请指定附件的业务类型', { bizType: 'visit' });
      await refusal(photo, '纬度应为 -90 到 90 之间的数', { lat: '95', lng: '113' });
      await refusal(photo, '经度和纬度需同时提供', { lat: '23' });
      await refusal(photo, '照片来源应为 CAMERA（拍照）或 ALBUM（相册）', { source: 'SCREEN' });
      await refusal(photo, '拍摄时间格式不正确', { capturedAt: 'yesterday' });
    });

    it('keeps tenants apart: another tenant neither reads the photo nor finds it a duplicate', async () => {
      for (const path of [first.url, first.thumbUrl, `/sys/attachment/info/${first.id}`]) {
        const answer = await bed.download('t2admin', path);
        expect(JSON.parse(Buffer.from(answer.body).toString())).toMatchObject({
          success: false,
          code: 404,
          message: '附件不存在或无权访问',
        });
      }
      const zip = await bed.download('t2admin', '/sys/attachment/zip', { ids: [first.id] });
      expect(JSON.parse(Buffer.from(zip.body).toString())).toMatchObject({ success: false, code: 404 });
      const theirs = await upload('t2admin', original, { bizType: 'EXECUTION', kind: 'DOOR' });
      expect(theirs.body.result.duplicate).toBeNull();
      expect((await fetch(`${bed.server.baseUrl}/api${first.url}`)).status).toBe(401);
    });

    it("keeps a customer's photos to those who see the customer", async () => {
      const refused = await upload('zhangwei', original, doorFacts(headOffice));
      expect(refused.body).toMatchObject({ success: false, code: 404, message: '客户不存在或无权访问' });
      const { body } = await upload('admin', await picture(4), doorFacts(headOffice));
      const hidden = await bed.download('zhangwei', body.result.url);
      expect(JSON.parse(Buffer.from(hidden.body).toString())).toMatchObject({ code: 404 });
      const list = await bed.get('zhangwei', `/sys/attachment/list?bizType=CUSTOMER&bizId=${headOffice}`);
      expect(list.body).toMatchObject({ success: false, code: 404 });
    });

    it('streams a zip of the chosen photos', async () => {
      const second = (await upload('zhangwei', await picture(5), doorFacts(his), '陈列.jpg')).body.result;
      const zip = await bed.download('zhangwei', '/sys/attachment/zip', {
        ids: [first.id, second.id],
        fileName: '老王便利店照片',
      });
      expect(zip.status).toBe(200);
      expect(zip.headers.get('content-type')).toBe('application/zip');
      expect(zip.headers.get('content-disposition')).toContain(
        `attachment; filename*=UTF-8''${encodeURIComponent('老王便利店照片.zip')}`.slice(
          'attachment; '.length,
        ),
      );
      const archive = await JSZip.loadAsync(zip.body);
      const names = Object.keys(archive.files).sort();
      expect(names).toEqual(
        [
          `DOOR_20261120093000_${first.id.slice(0, 8)}.jpeg`,
          `DOOR_20261120093000_${second.id.slice(0, 8)}.jpeg`,
        ].sort(),
      );
      const content = await archive
        .file(names.find((name) => name.includes(first.id.slice(0, 8))) as string)!
        .async('nodebuffer');
      expect(content.equals(original)).toBe(true);
      const tooMany = await bed.post('zhangwei', '/sys/attachment/zip', { ids: [] });
      expect(tooMany.status).toBe(400);
    });

    it('answers 附件文件已丢失 when the storage lost the bytes', async () => {
      if (storageName === 'S3') fake.objects.delete(`A01/${first.id}.thumb.webp`);
      else await bed.server.app.attachmentStorage.remove(`A01/${first.id}.thumb.webp`);
      const lost = await bed.download('admin', first.thumbUrl);
      expect(JSON.parse(Buffer.from(lost.body).toString())).toMatchObject({
        code: 404,
        message: '附件文件已丢失',
      });
    });
  });
});
