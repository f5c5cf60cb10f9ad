// A photo of the attachment service as the server answers it, for the tests of pages that show photos.
import type { Attachment } from '../../common/attachments';

export const attachmentFixture = (id: string, overrides: Partial<Attachment> = {}): Attachment => ({
  id,
  bizType: 'CUSTOMER',
  bizId: 'c1',
  kind: 'DOOR',
  fileName: '门头.jpg',
  contentType: 'image/jpeg',
  byteSize: 245_760,
  width: 1280,
  height: 960,
  capturedAt: '2026-11-20 09:30:00',
  lat: 23.129,
  lng: 113.264,
  accuracy: 12.5,
  address: '广州市天河区体育西路1号',
  source: 'CAMERA',
  watermarkText: '张伟 2026-11-20 09:30 老王便利店',
  sha256: 'ab'.repeat(32),
  duplicate: null,
  url: `/sys/attachment/view/${id}`,
  thumbUrl: `/sys/attachment/thumbnail/${id}`,
  createdAt: '2026-11-20 09:31:00',
  ...overrides,
});
