// Image upload and read-back under /sys/file (any signed-in user of the tenant: the record that keeps the
// url — a SKU, a customer — is guarded by its own permission). Images are served with the token, never
// anonymously, and only to the tenant that uploaded them.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE } from '../../../common/files';
import { ok, BusinessError } from '../../http/envelope';
import { EMPTY_FILE_MESSAGE, uploadedFile } from '../../http/uploads';
import { callerOf } from '../shared/actor';
import { readImage, storeImage } from './service';

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[0-9a-f]{32}$' } },
} as const;

const signedIn = { access: 'authenticated' } as const;

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  await app.register(multipart);

  app.post('/sys/file/uploadImage', { config: signedIn }, async (request) => {
    if (!request.isMultipart()) throw new BusinessError(400, '请选择要上传的图片');
    const file = await uploadedFile(request, IMAGE_MAX_BYTES, '请选择要上传的图片');
    const content = await file.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new BusinessError(400, IMAGE_TOO_LARGE_MESSAGE);
      throw error;
    });
    if (content.length === 0) throw new BusinessError(400, EMPTY_FILE_MESSAGE);
    return ok(await storeImage(db, callerOf(request), { fileName: file.filename, content }), '上传成功！');
  });

  const send = (reply: FastifyReply, image: { contentType: string; bytes: Uint8Array }) =>
    reply
      .header('content-type', image.contentType)
      // An id never changes its bytes; private: the answer depends on the token.
      .header('cache-control', 'private, max-age=86400, immutable')
      .send(Buffer.from(image.bytes));

  app.get<{ Params: { id: string } }>(
    '/sys/file/view/:id',
    { config: signedIn, schema: { params: idParams } },
    async (request, reply) =>
      send(reply, await readImage(db, callerOf(request).tenantId, request.params.id, 'content')),
  );
  app.get<{ Params: { id: string } }>(
    '/sys/file/thumbnail/:id',
    { config: signedIn, schema: { params: idParams } },
    async (request, reply) =>
      send(reply, await readImage(db, callerOf(request).tenantId, request.params.id, 'thumbnail')),
  );
}
