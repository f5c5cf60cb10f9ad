// The attachment contract shared by the server's attachment service and the SPA's photo components
// (DOMAIN §1.17 Attachment, docs/attachments-api.md): what an attachment tells about itself and where its
// bytes, its thumbnail and a zip of several are read (all need the session's token).

export type AttachmentSource = 'CAMERA' | 'ALBUM';
export const ATTACHMENT_SOURCE: Record<AttachmentSource, string> = { CAMERA: '拍照', ALBUM: '相册' };

/** DOMAIN §1.17 kinds; a module may use others (upper-case codes). */
export const ATTACHMENT_KIND: Record<string, string> = {
  DOOR: '门头照',
  DISPLAY: '陈列照',
  FREEZER_EXTERIOR: '冰柜外观',
  FREEZER_DISPLAY: '冰柜陈列',
  ASSET_TAG: '资产标签',
  LICENSE: '执照照',
  SIGNATURE: '签名',
  RECEIPT: '小票',
  AD_BEFORE: '广告前',
  AD_AFTER: '广告后',
  REPAIR: '维修',
  FREEZER: '冰柜照',
  OTHER: '其他',
  // 陈列协议 (DOMAIN §1.8): the signed paper agreement, the standard display photo
  DISPLAY_SIGNED: '签约照片',
  DISPLAY_STANDARD: '标准照',
};

export type DuplicateKind = 'EXACT' | 'NEAR';
export const DUPLICATE_KIND: Record<DuplicateKind, string> = { EXACT: '重复照片', NEAR: '疑似重复' };

/** The earlier attachment an upload repeats. */
export interface DuplicateMatch {
  kind: DuplicateKind;
  /** Bits of the 64-bit perceptual hash that differ (0 for an exact copy). */
  distance: number;
  attachmentId: string;
  bizType: string;
  bizId: string | null;
  /** When the earlier one was taken (or uploaded), yyyy-MM-dd HH:mm:ss. */
  capturedAt: string;
}

export interface Attachment {
  id: string;
  bizType: string;
  bizId: string | null;
  kind: string;
  fileName: string;
  contentType: string;
  byteSize: number;
  width: number;
  height: number;
  /** yyyy-MM-dd HH:mm:ss (Asia/Shanghai), or null when the client did not say. */
  capturedAt: string | null;
  lat: number | null;
  lng: number | null;
  accuracy: number | null;
  address: string | null;
  source: AttachmentSource | null;
  watermarkText: string | null;
  sha256: string;
  duplicate: DuplicateMatch | null;
  url: string;
  thumbUrl: string;
  createdAt: string;
}

const VIEW_PREFIX = '/sys/attachment/view/';
const THUMB_PREFIX = '/sys/attachment/thumbnail/';
export const ATTACHMENT_ZIP_PATH = '/sys/attachment/zip';

export const attachmentUrlOf = (id: string): string => `${VIEW_PREFIX}${id}`;
export const attachmentThumbUrlOf = (id: string): string => `${THUMB_PREFIX}${id}`;

/** The attachment id of a url kept by a record, or null for any other url. */
export function attachmentIdOf(url: string): string | null {
  const match = /^\/sys\/attachment\/(?:view|thumbnail)\/([0-9a-f]{32})$/.exec(url);
  return match ? match[1] : null;
}

/** The most photos one zip download holds. */
export const ZIP_MAX_ATTACHMENTS = 200;

/**
 * The most photos a zip made in 下载中心 holds (a month of a tenant's display inspections is a few thousand): its
 * file is kept in the database for days, so a larger choice is refused with a request to narrow it.
 */
export const ZIP_JOB_MAX_ATTACHMENTS = 5000;
