// Attachments (DOMAIN §1.17): one service for the photos of every module. An upload is checked by its bytes
// (not its name), measured, thumbnailed, hashed twice — SHA-256 for the same file sent again, a 64-bit
// difference hash for the same picture re-encoded, resized or re-shot from its print — and compared with
// the tenant's earlier attachments, so a door photo reused on another visit is flagged 疑似重复. The bytes go
// to the configured storage; the row keeps where, when and how the photo was taken.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import archiver from 'archiver';
import { sql, type Kysely } from 'kysely';
import {
  attachmentThumbUrlOf,
  attachmentUrlOf,
  type Attachment,
  type AttachmentSource,
  type DuplicateKind,
  type DuplicateMatch,
} from '../../../common/attachments';
import { shanghaiDateTime } from '../../db/dates';
import { violatedUniqueConstraint } from '../../db/errors';
import { newId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import type { Caller } from '../shared/actor';
import { notFound } from '../shared/commands';
import { describeImage, differenceHash, thumbnailOf } from '../files/service';
import type { AttachmentStorage } from './storage';

/**
 * Bits of 64 that may differ for two photos to count as the same picture. Re-encoding and resizing move
 * 0–3; unrelated photos differ in about half; 6 leaves room for a re-shot print without catching neighbours.
 */
export const NEAR_DUPLICATE_DISTANCE = 6;

/**
 * Whether a business object lets the caller see (and attach to) it — its data scope; a 404 when not.
 * A bizType without one is guarded by the tenant alone.
 */
export type BizScopeCheck = (db: Kysely<DB>, caller: Caller, bizId: string) => Promise<void>;
export type BizScopes = Readonly<Record<string, BizScopeCheck>>;

export interface AttachmentFacts {
  bizType: string;
  bizId?: string | null;
  kind: string;
  capturedAt?: string | null;
  lat?: number | null;
  lng?: number | null;
  accuracy?: number | null;
  address?: string | null;
  source?: AttachmentSource | null;
  watermarkText?: string | null;
  deviceId?: string | null;
  /** The device's id of this upload: the same id from the same user again answers the first upload. */
  clientId?: string | null;
}

const columns = [
  'a.id',
  'a.biz_type',
  'a.biz_id',
  'a.kind',
  'a.file_name',
  'a.content_type',
  'a.byte_size',
  'a.width',
  'a.height',
  'a.lat',
  'a.lng',
  'a.accuracy',
  'a.address',
  'a.source',
  'a.watermark_text',
  'a.sha256',
  'a.duplicate_kind',
  'a.duplicate_distance',
  'a.duplicate_of',
  'a.storage_key',
  'a.thumbnail_key',
] as const;

/** The attachments with their earlier duplicate's facts, as the API shows them. */
function selectAttachments(db: Kysely<DB>, tenantId: string) {
  return db
    .selectFrom('attachments as a')
    .leftJoin('attachments as d', 'd.id', 'a.duplicate_of')
    .select(columns)
    .select([
      shanghaiDateTime<string | null>('a.captured_at').as('captured_at'),
      shanghaiDateTime('a.created_at').as('created_at'),
      'd.biz_type as duplicate_biz_type',
      'd.biz_id as duplicate_biz_id',
      shanghaiDateTime<string | null>('d.captured_at').as('duplicate_captured_at'),
      shanghaiDateTime<string | null>('d.created_at').as('duplicate_created_at'),
    ])
    .where('a.tenant_id', '=', tenantId);
}

type Listed = Awaited<ReturnType<ReturnType<typeof selectAttachments>['executeTakeFirstOrThrow']>>;

function attachmentOf(row: Listed): Attachment {
  return {
    id: row.id,
    bizType: row.biz_type,
    bizId: row.biz_id,
    kind: row.kind,
    fileName: row.file_name,
    contentType: row.content_type,
    byteSize: row.byte_size,
    width: row.width,
    height: row.height,
    capturedAt: row.captured_at,
    lat: row.lat,
    lng: row.lng,
    accuracy: row.accuracy,
    address: row.address,
    source: row.source,
    watermarkText: row.watermark_text,
    sha256: row.sha256,
    duplicate:
      row.duplicate_of && row.duplicate_kind
        ? {
            kind: row.duplicate_kind,
            distance: row.duplicate_distance ?? 0,
            attachmentId: row.duplicate_of,
            bizType: row.duplicate_biz_type as string,
            bizId: row.duplicate_biz_id,
            capturedAt: (row.duplicate_captured_at ?? row.duplicate_created_at) as string,
          }
        : null,
    url: attachmentUrlOf(row.id),
    thumbUrl: attachmentThumbUrlOf(row.id),
    createdAt: row.created_at,
  };
}

/** pg's bigint is signed: the 64 bits of the hash as the int8 with the same bits. */
const signed64 = (hash: bigint): string => BigInt.asIntN(64, hash).toString();

/**
 * The tenant's earlier attachments the picture repeats, nearest first: the same bytes (EXACT), else the same
 * picture within NEAR_DUPLICATE_DISTANCE bits (NEAR). `except` leaves the attachment itself out.
 */
async function findDuplicates(
  db: Kysely<DB>,
  tenantId: string,
  picture: { sha256: string; phash: string; except?: string; limit: number },
): Promise<DuplicateMatch[]> {
  const distance = sql<number>`bit_count((a.phash # ${picture.phash}::bigint)::bit(64))::int`;
  // A picture without detail (one flat colour: every bit 0) looks like every other flat picture.
  const comparable = picture.phash !== '0';
  const rows = await db
    .selectFrom('attachments as a')
    .select([
      'a.id',
      'a.biz_type',
      'a.biz_id',
      'a.sha256',
      distance.as('distance'),
      shanghaiDateTime<string | null>('a.captured_at').as('captured_at'),
      shanghaiDateTime('a.created_at').as('created_at'),
    ])
    .where('a.tenant_id', '=', tenantId)
    .where((eb) =>
      comparable
        ? eb.or([eb('a.sha256', '=', picture.sha256), eb(distance, '<=', NEAR_DUPLICATE_DISTANCE)])
        : eb('a.sha256', '=', picture.sha256),
    )
    .$if(picture.except !== undefined, (query) => query.where('a.id', '<>', picture.except as string))
    .orderBy(sql`a.sha256 = ${picture.sha256}`, 'desc')
    .orderBy('distance')
    .orderBy('a.created_at')
    .limit(picture.limit)
    .execute();
  return rows.map((row) => ({
    kind: (row.sha256 === picture.sha256 ? 'EXACT' : 'NEAR') as DuplicateKind,
    distance: row.sha256 === picture.sha256 ? 0 : row.distance,
    attachmentId: row.id,
    bizType: row.biz_type,
    bizId: row.biz_id,
    capturedAt: row.captured_at ?? row.created_at,
  }));
}

export async function uploadAttachment(
  db: Kysely<DB>,
  storage: AttachmentStorage,
  caller: Caller,
  upload: { fileName: string; content: Buffer; facts: AttachmentFacts },
  scopes: BizScopes,
): Promise<Attachment> {
  const { facts, content } = upload;
  const earlier = () =>
    selectAttachments(db, caller.tenantId)
      .where('a.created_by', '=', caller.userId)
      .where('a.client_id', '=', facts.clientId ?? '')
      .executeTakeFirst();
  if (facts.clientId) {
    const known = await earlier();
    if (known) return attachmentOf(known);
  }
  if (facts.bizId) await scopes[facts.bizType]?.(db, caller, facts.bizId);
  const { contentType, width, height } = await describeImage(content);
  const [thumbnail, hash] = await Promise.all([thumbnailOf(content), differenceHash(content)]);
  const sha256 = createHash('sha256').update(content).digest('hex');
  const phash = signed64(hash);
  const id = newId();
  const suffix = contentType.slice('image/'.length);
  const storageKey = `${caller.tenantId}/${id}.${suffix}`;
  const thumbnailKey = `${caller.tenantId}/${id}.thumb.webp`;
  await storage.put(storageKey, content, contentType);
  await storage.put(thumbnailKey, thumbnail, 'image/webp');
  try {
    const [duplicate] = await findDuplicates(db, caller.tenantId, { sha256, phash, limit: 1 });
    await db
      .insertInto('attachments')
      .values({
        id,
        tenant_id: caller.tenantId,
        biz_type: facts.bizType,
        biz_id: facts.bizId ?? null,
        kind: facts.kind,
        file_name: upload.fileName.slice(-128),
        content_type: contentType,
        byte_size: content.length,
        width,
        height,
        storage_key: storageKey,
        thumbnail_key: thumbnailKey,
        sha256,
        phash,
        captured_at: facts.capturedAt ? new Date(facts.capturedAt) : null,
        lat: facts.lat ?? null,
        lng: facts.lng ?? null,
        accuracy: facts.accuracy ?? null,
        address: facts.address ?? null,
        source: facts.source ?? null,
        watermark_text: facts.watermarkText ?? null,
        device_id: facts.deviceId ?? null,
        client_id: facts.clientId ?? null,
        duplicate_of: duplicate?.attachmentId ?? null,
        duplicate_kind: duplicate?.kind ?? null,
        duplicate_distance: duplicate?.distance ?? null,
        created_by: caller.userId,
      })
      .execute();
  } catch (error) {
    // No row points at them: the stored bytes would be lost space.
    await Promise.allSettled([storage.remove(storageKey), storage.remove(thumbnailKey)]);
    // The same upload sent twice at once: the first one stored wins, the second answers it.
    if (facts.clientId && violatedUniqueConstraint(error) === 'attachments_client_uq') {
      const known = await earlier();
      if (known) return attachmentOf(known);
    }
    throw error;
  }
  return attachmentOf(
    await selectAttachments(db, caller.tenantId).where('a.id', '=', id).executeTakeFirstOrThrow(),
  );
}

/** An attachment of the caller's tenant whose business object the caller may see; 404 otherwise. */
async function visibleRow(db: Kysely<DB>, caller: Caller, id: string, scopes: BizScopes): Promise<Listed> {
  const row = await selectAttachments(db, caller.tenantId).where('a.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('附件');
  if (row.biz_id) {
    await scopes[row.biz_type]?.(db, caller, row.biz_id).catch(() => {
      throw notFound('附件');
    });
  }
  return row;
}

export async function attachmentById(
  db: Kysely<DB>,
  caller: Caller,
  id: string,
  scopes: BizScopes,
): Promise<Attachment> {
  return attachmentOf(await visibleRow(db, caller, id, scopes));
}

/**
 * The tenant's attachments of the given ids (a module that keeps attachment urls in its own rows shows their
 * facts); the caller checked the business object's scope. Ids of another tenant are left out.
 */
export async function attachmentsByIds(
  db: Kysely<DB>,
  tenantId: string,
  ids: readonly string[],
): Promise<Map<string, Attachment>> {
  if (ids.length === 0) return new Map();
  const rows = await selectAttachments(db, tenantId)
    .where('a.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, attachmentOf(row)]));
}

/** The attachments of one business object, oldest first. */
export async function attachmentsOf(
  db: Kysely<DB>,
  caller: Caller,
  biz: { bizType: string; bizId: string; kind?: string },
  scopes: BizScopes,
): Promise<Attachment[]> {
  await scopes[biz.bizType]?.(db, caller, biz.bizId);
  const rows = await selectAttachments(db, caller.tenantId)
    .where('a.biz_type', '=', biz.bizType)
    .where('a.biz_id', '=', biz.bizId)
    .$if(biz.kind !== undefined, (query) => query.where('a.kind', '=', biz.kind as string))
    .orderBy('a.created_at')
    .orderBy('a.id')
    .execute();
  return rows.map(attachmentOf);
}

/**
 * What a module asks before it accepts a photo: the tenant's other attachments this one repeats, exact
 * copies first, then the nearest pictures (at most 10).
 */
export async function duplicatesOf(
  db: Kysely<DB>,
  caller: Caller,
  id: string,
  scopes: BizScopes,
): Promise<DuplicateMatch[]> {
  await visibleRow(db, caller, id, scopes);
  const hashes = await db
    .selectFrom('attachments')
    .select(['sha256', sql<string>`phash::text`.as('phash')])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return findDuplicates(db, caller.tenantId, { ...hashes, except: id, limit: 10 });
}

/** The stored bytes of an attachment or its thumbnail, with what the response headers need. */
export async function openAttachment(
  db: Kysely<DB>,
  storage: AttachmentStorage,
  caller: Caller,
  id: string,
  variant: 'content' | 'thumbnail',
  scopes: BizScopes,
): Promise<{ stream: Readable; contentType: string; fileName: string }> {
  const row = await visibleRow(db, caller, id, scopes);
  const key = variant === 'content' ? row.storage_key : row.thumbnail_key;
  const stream = await storage.get(key);
  if (!stream) throw new BusinessError(404, '附件文件已丢失');
  return variant === 'content'
    ? { stream, contentType: row.content_type, fileName: row.file_name }
    : { stream, contentType: 'image/webp', fileName: `${row.file_name.replace(/\.[^.]*$/, '')}.webp` };
}

/** The name of an attachment inside a zip: kind, when, a short id (unique), its type's suffix. */
function entryNameOf(attachment: Attachment): string {
  const when = (attachment.capturedAt ?? attachment.createdAt).replace(/[-: ]/g, '').slice(0, 14);
  return `${attachment.kind}_${when}_${attachment.id.slice(0, 8)}.${attachment.contentType.slice('image/'.length)}`;
}

/**
 * A zip of the chosen attachments, streamed: every one is checked (tenant, business scope) before the first
 * byte is sent, then read from storage one after the other into the archive as the client takes it. `folders`
 * puts an attachment in a folder of the zip (by id; the rest at its root).
 */
export async function zipAttachments(
  db: Kysely<DB>,
  storage: AttachmentStorage,
  caller: Caller,
  ids: readonly string[],
  scopes: BizScopes,
  folders?: ReadonlyMap<string, string>,
): Promise<Readable> {
  const rows = await Promise.all([...new Set(ids)].map((id) => visibleRow(db, caller, id, scopes)));
  // Photos are compressed already: stored as they are, the zip costs no CPU.
  const archive = archiver('zip', { store: true });
  void (async () => {
    for (const row of rows) {
      const stream = await storage.get(row.storage_key);
      if (!stream) continue;
      const folder = folders?.get(row.id);
      const name = entryNameOf(attachmentOf(row));
      archive.append(stream, { name: folder ? `${folder}/${name}` : name });
      await once(archive, 'entry');
    }
    await archive.finalize();
  })().catch((error: Error) => archive.destroy(error));
  return archive;
}

/**
 * Files attachments the caller's module received as ids under object `bizId` of `bizType`, in the command's
 * transaction: each must be the tenant's, of that business type, and not filed under another object yet
 * (uploaded with bizId empty, or under this object already). A 400 naming `what` otherwise.
 */
export async function bindAttachments(
  trx: Kysely<DB>,
  tenantId: string,
  bizType: string,
  bizId: string,
  ids: readonly string[],
  what = '照片',
): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const rows = await trx
    .selectFrom('attachments')
    .select(['id', 'biz_id'])
    .where('tenant_id', '=', tenantId)
    .where('biz_type', '=', bizType)
    .where('id', 'in', unique)
    .execute();
  const usable = rows.filter((row) => row.biz_id === null || row.biz_id === bizId);
  if (usable.length !== unique.length) throw new BusinessError(400, `${what}不存在或不属于该单据`);
  await trx
    .updateTable('attachments')
    .set({ biz_id: bizId })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', unique)
    .execute();
}
