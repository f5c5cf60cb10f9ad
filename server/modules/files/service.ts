// Uploaded images (DOMAIN §1.2 SKU images, §1.3 customer photos): the bytes are checked by decoding them,
// not by the name or the browser's content type; a thumbnail is made once at upload; every read is
// limited to the caller's tenant, so another tenant's id answers 404 like a missing one.
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import {
  IMAGE_TYPE_MESSAGE,
  THUMBNAIL_SIZE,
  imageUrlOf,
  thumbnailPathOf,
  type StoredImage,
} from '../../../common/files';
import type { DB } from '../../db/schema';
import { newId } from '../../db/ids';
import { BusinessError } from '../../http/envelope';
import type { Caller } from '../shared/actor';
import { notFound } from '../shared/commands';

const CONTENT_TYPES: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
/** Decoding bombs (a tiny file claiming a huge canvas) are refused before any pixel is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

/** What the bytes are (read from the bytes themselves: sharp sniffs the format), or a 400. */
export async function describeImage(
  content: Buffer,
): Promise<{ contentType: string; width: number; height: number }> {
  const metadata = await sharp(content, { limitInputPixels: MAX_INPUT_PIXELS })
    .metadata()
    .catch(() => undefined);
  const contentType = metadata?.format && CONTENT_TYPES[metadata.format];
  if (!metadata || !contentType || !metadata.width || !metadata.height)
    throw new BusinessError(400, IMAGE_TYPE_MESSAGE);
  // EXIF orientations 5–8 turn the picture a quarter: the shown width is the stored height.
  const turned = (metadata.orientation ?? 1) >= 5;
  return {
    contentType,
    width: turned ? metadata.height : metadata.width,
    height: turned ? metadata.width : metadata.height,
  };
}

/** The upright WEBP thumbnail of an image, its longer side THUMBNAIL_SIZE at most. */
export function thumbnailOf(content: Buffer): Promise<Buffer> {
  return sharp(content, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer()
    .catch(() => {
      throw new BusinessError(400, IMAGE_TYPE_MESSAGE);
    });
}

/**
 * The 64-bit difference hash (dHash) of an image: upright, grey, shrunk to 9×8, one bit per neighbour pair
 * (left brighter than right). Re-encoding, resizing or a light edit move few bits; another picture about half.
 */
export async function differenceHash(content: Buffer): Promise<bigint> {
  const pixels = await sharp(content, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .grayscale()
    .resize(9, 8, { fit: 'fill' })
    .raw()
    .toBuffer();
  let hash = 0n;
  for (let row = 0; row < 8; row += 1) {
    for (let column = 0; column < 8; column += 1) {
      const left = pixels[row * 9 + column];
      const right = pixels[row * 9 + column + 1];
      hash = (hash << 1n) | (left > right ? 1n : 0n);
    }
  }
  return hash;
}

export async function storeImage(
  db: Kysely<DB>,
  caller: Caller,
  upload: { fileName: string; content: Buffer },
): Promise<StoredImage> {
  const { contentType, width, height } = await describeImage(upload.content);
  const thumbnail = await thumbnailOf(upload.content);
  const id = newId();
  const fileName = upload.fileName.slice(-128);
  await db
    .insertInto('stored_files')
    .values({
      id,
      tenant_id: caller.tenantId,
      file_name: fileName,
      content_type: contentType,
      byte_size: upload.content.length,
      width,
      height,
      content: upload.content,
      thumbnail,
      created_by: caller.userId,
    })
    .execute();
  return { id, fileName, url: imageUrlOf(id), thumbUrl: thumbnailPathOf(id), width, height };
}

/** The bytes of an image, or of its thumbnail, in the caller's tenant. */
export async function readImage(
  db: Kysely<DB>,
  tenantId: string,
  id: string,
  variant: 'content' | 'thumbnail',
): Promise<{ contentType: string; bytes: Uint8Array }> {
  const row = await db
    .selectFrom('stored_files')
    .select(['content_type', variant])
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row) throw notFound('图片');
  return variant === 'content'
    ? { contentType: row.content_type, bytes: (row as { content: Uint8Array }).content }
    : { contentType: 'image/webp', bytes: (row as { thumbnail: Uint8Array }).thumbnail };
}
