// Attachments under /sys/attachment (docs/attachments-api.md): upload with the photo's facts, the list of a
// business object's, one's duplicates, its bytes and thumbnail, a zip of several. Any signed-in user of the
// tenant; where the business type has a data scope (BIZ_SCOPES), only for objects in the caller's scope.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZIP_MAX_ATTACHMENTS, type AttachmentSource } from '../../../common/attachments';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE } from '../../../common/files';
import { BusinessError, ok } from '../../http/envelope';
import { callerOf } from '../shared/actor';
import { BIZ_SCOPES } from './scopes';
import {
  attachmentById,
  attachmentsOf,
  duplicatesOf,
  openAttachment,
  uploadAttachment,
  zipAttachments,
  type AttachmentFacts,
} from './service';
import { dispositionOf, sendZipArchive } from './zips';

const signedIn = { access: 'authenticated' } as const;

const CODE = /^[A-Z][A-Z0-9_]{0,39}$/;
const ID = '^[0-9a-f]{32}$';
const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: ID } },
} as const;

function numberIn(fields: Record<string, string>, name: string, label: string, min: number, max: number) {
  const raw = fields[name];
  if (raw === undefined || raw === '') return null;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max)
    throw new BusinessError(400, `${label}应为 ${min} 到 ${max} 之间的数`);
  return value;
}

function textOf(fields: Record<string, string>, name: string, label: string, max: number) {
  const value = fields[name]?.trim();
  if (!value) return null;
  if (value.length > max) throw new BusinessError(400, `${label}不能超过 ${max} 个字`);
  return value;
}

/** The device's id of an upload (8–64 of A-Za-z0-9_-, like a check-in's), or null. */
function clientIdOf(fields: Record<string, string>) {
  const value = fields.clientId?.trim();
  if (!value) return null;
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(value)) throw new BusinessError(400, '上传请求编号格式不正确');
  return value;
}

/** The photo's facts from the upload's form fields, checked; a clear 400 for a bad one. */
export function factsOf(fields: Record<string, string>): AttachmentFacts {
  const bizType = fields.bizType?.trim() ?? '';
  const kind = fields.kind?.trim() ?? '';
  if (!CODE.test(bizType)) throw new BusinessError(400, '请指定附件的业务类型');
  if (!CODE.test(kind)) throw new BusinessError(400, '请指定附件类型');
  const bizId = textOf(fields, 'bizId', '业务单据', 64);
  const capturedAt = textOf(fields, 'capturedAt', '拍摄时间', 40);
  if (capturedAt !== null && Number.isNaN(Date.parse(capturedAt)))
    throw new BusinessError(400, '拍摄时间格式不正确');
  const source = fields.source?.trim() || null;
  if (source !== null && source !== 'CAMERA' && source !== 'ALBUM')
    throw new BusinessError(400, '照片来源应为 CAMERA（拍照）或 ALBUM（相册）');
  const lat = numberIn(fields, 'lat', '纬度', -90, 90);
  const lng = numberIn(fields, 'lng', '经度', -180, 180);
  if ((lat === null) !== (lng === null)) throw new BusinessError(400, '经度和纬度需同时提供');
  return {
    bizType,
    bizId,
    kind,
    capturedAt,
    lat,
    lng,
    accuracy: numberIn(fields, 'accuracy', '定位精度', 0, 100_000),
    address: textOf(fields, 'address', '地址', 200),
    source: source as AttachmentSource | null,
    watermarkText: textOf(fields, 'watermarkText', '水印文字', 200),
    deviceId: textOf(fields, 'deviceId', '设备号', 64),
    clientId: clientIdOf(fields),
  };
}

/** The form's fields and its one file, wherever the file comes among the fields. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw new BusinessError(400, '请选择要上传的图片');
  const fields: Record<string, string> = {};
  let file: { fileName: string; content: Buffer } | undefined;
  for await (const part of request.parts({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 20 } })) {
    if (part.type === 'file') {
      const content = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new BusinessError(400, IMAGE_TOO_LARGE_MESSAGE);
        throw error;
      });
      file = { fileName: part.filename, content };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  if (!file || file.content.length === 0) throw new BusinessError(400, '请选择要上传的图片');
  return { ...file, facts: factsOf(fields) };
}

export async function attachmentRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const storage = app.attachmentStorage;
  await app.register(multipart);

  app.post('/sys/attachment/upload', { config: signedIn }, async (request) => {
    const upload = await readUpload(request);
    return ok(await uploadAttachment(db, storage, callerOf(request), upload, BIZ_SCOPES), '上传成功！');
  });

  app.get<{ Querystring: { bizType: string; bizId: string; kind?: string } }>(
    '/sys/attachment/list',
    {
      config: signedIn,
      schema: {
        querystring: {
          type: 'object',
          required: ['bizType', 'bizId'],
          properties: {
            bizType: { type: 'string', pattern: CODE.source },
            bizId: { type: 'string', minLength: 1, maxLength: 64 },
            kind: { type: 'string', pattern: CODE.source },
          },
        },
      },
    },
    async (request) => ok(await attachmentsOf(db, callerOf(request), request.query, BIZ_SCOPES)),
  );

  app.get<{ Params: { id: string } }>(
    '/sys/attachment/info/:id',
    { config: signedIn, schema: { params: idParams } },
    async (request) => ok(await attachmentById(db, callerOf(request), request.params.id, BIZ_SCOPES)),
  );

  app.get<{ Params: { id: string } }>(
    '/sys/attachment/duplicates/:id',
    { config: signedIn, schema: { params: idParams } },
    async (request) => ok(await duplicatesOf(db, callerOf(request), request.params.id, BIZ_SCOPES)),
  );

  const serve =
    (variant: 'content' | 'thumbnail') => async (request: FastifyRequest, reply: FastifyReply) => {
      const { id } = request.params as { id: string };
      const file = await openAttachment(db, storage, callerOf(request), id, variant, BIZ_SCOPES);
      return (
        reply
          .header('content-type', file.contentType)
          // The type is what the server found in the bytes: the browser must not guess another.
          .header('x-content-type-options', 'nosniff')
          // An id never changes its bytes; private: the answer depends on the token.
          .header('cache-control', 'private, max-age=86400, immutable')
          .header('content-disposition', dispositionOf('inline', file.fileName))
          .send(file.stream)
      );
    };
  app.get('/sys/attachment/view/:id', { config: signedIn, schema: { params: idParams } }, serve('content'));
  app.get(
    '/sys/attachment/thumbnail/:id',
    { config: signedIn, schema: { params: idParams } },
    serve('thumbnail'),
  );

  app.post<{ Body: { ids: string[]; fileName?: string } }>(
    '/sys/attachment/zip',
    {
      config: signedIn,
      schema: {
        body: {
          type: 'object',
          required: ['ids'],
          properties: {
            ids: {
              type: 'array',
              minItems: 1,
              maxItems: ZIP_MAX_ATTACHMENTS,
              items: { type: 'string', pattern: ID },
            },
            fileName: { type: 'string', minLength: 1, maxLength: 64 },
          },
        },
      },
    },
    async (request, reply) => {
      const archive = await zipAttachments(db, storage, callerOf(request), request.body.ids, BIZ_SCOPES);
      return sendZipArchive(reply, request.body.fileName ?? '照片', archive);
    },
  );
}
