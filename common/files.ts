// The image-upload contract shared by the server's file module and the SPA's upload field: what is
// accepted, and where an uploaded image and its thumbnail are read back (both need the session's token).

/** An image larger than this is refused before it is decoded. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TOO_LARGE_MESSAGE = '图片大小超出5MB限制，请压缩后再上传';
export const IMAGE_TYPE_MESSAGE = '只支持 JPG、PNG、WEBP 格式的图片';
/** The browser's accept attribute of the file input. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

/** The longer side of a thumbnail, in pixels. */
export const THUMBNAIL_SIZE = 240;

/** What an upload answers; `url` is what business records keep (e.g. a SKU's imageUrls). */
export interface StoredImage {
  id: string;
  fileName: string;
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
}

const VIEW_PREFIX = '/sys/file/view/';
const THUMB_PREFIX = '/sys/file/thumbnail/';

export const imageUrlOf = (id: string): string => `${VIEW_PREFIX}${id}`;

/** The thumbnail of an image url kept by a record; other urls (e.g. imported external ones) are their own. */
export function thumbnailUrlOf(url: string): string {
  return url.startsWith(VIEW_PREFIX) ? `${THUMB_PREFIX}${url.slice(VIEW_PREFIX.length)}` : url;
}

/** The stored image's id of a url kept by a record, or null for any other url. */
export function storedImageIdOf(url: string): string | null {
  return url.startsWith(VIEW_PREFIX) ? url.slice(VIEW_PREFIX.length) : null;
}

export const thumbnailPathOf = (id: string): string => `${THUMB_PREFIX}${id}`;
