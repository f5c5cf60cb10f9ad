import sharp from 'sharp';
import {
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  type StoredImage,
} from '../../common/files';
import { testBackends } from './support/database';
import { openBusinessTestbed, type BusinessTestbed } from './support/business';

const picture = (width: number, height: number, format: 'png' | 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: '#2a7' } })
    [format]()
    .toBuffer();

const bytesOf = (buffer: Buffer): ArrayBuffer =>
  buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;

describe.each(testBackends())('image upload on %s', (backend) => {
  let bed: BusinessTestbed;

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
  });
  afterAll(() => bed.close());

  it('keeps the image and a thumbnail, for the tenant that uploaded it only', async () => {
    const original = await picture(800, 600, 'png');
    const { body } = await bed.upload<StoredImage>(
      'wangfang',
      '/sys/file/uploadImage',
      '瓶身.png',
      bytesOf(original),
    );
    expect(body).toMatchObject({
      success: true,
      result: { fileName: '瓶身.png', width: 800, height: 600 },
    });
    const { id, url, thumbUrl } = body.result;
    expect(url).toBe(`/sys/file/view/${id}`);

    const full = await bed.download('admin', url);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(full.body).equals(original)).toBe(true);

    const thumb = await bed.download('zhangwei', thumbUrl);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(thumb.body)).metadata()).toMatchObject({
      format: 'webp',
      width: 240,
      height: 180,
    });

    // Another tenant's administrator: as if the id did not exist.
    for (const path of [url, thumbUrl]) {
      const other = await bed.download('t2admin', path);
      expect(other.status).toBe(200);
      expect(JSON.parse(Buffer.from(other.body).toString())).toMatchObject({
        success: false,
        code: 404,
        message: '图片不存在或无权访问',
      });
    }
    const anonymous = await fetch(`${bed.server.baseUrl}/api${url}`);
    expect(anonymous.status).toBe(401);
  });

  it('refuses what is not an image, whatever its name, and what is too large', async () => {
    const text = await bed.upload(
      'admin',
      '/sys/file/uploadImage',
      'fake.png',
      bytesOf(Buffer.from('not an image')),
    );
    expect(text.body).toMatchObject({ success: false, code: 400, message: IMAGE_TYPE_MESSAGE });

    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const other = await bed.upload('admin', '/sys/file/uploadImage', 'a.gif', bytesOf(gif));
    expect(other.body).toMatchObject({ success: false, message: IMAGE_TYPE_MESSAGE });

    const large = Buffer.concat([await picture(10, 10, 'jpeg'), Buffer.alloc(IMAGE_MAX_BYTES)]);
    const tooLarge = await bed.upload('admin', '/sys/file/uploadImage', 'big.jpg', bytesOf(large));
    expect(tooLarge.body).toMatchObject({ success: false, code: 400, message: IMAGE_TOO_LARGE_MESSAGE });

    const none = await bed.post('admin', '/sys/file/uploadImage', {});
    expect(none.body).toMatchObject({ success: false, message: '请选择要上传的图片' });

    const stored = await bed.testDatabase.database.db
      .selectFrom('stored_files')
      .select(({ fn }) => fn.countAll<string>().as('count'))
      .where('file_name', 'in', ['fake.png', 'a.gif', 'big.jpg'])
      .executeTakeFirstOrThrow();
    expect(Number(stored.count)).toBe(0);
  });
});
