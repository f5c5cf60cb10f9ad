// The photos of a business object from the attachment service, in the shared gallery: all of them, or the
// ones whose ids are given (the after photos of an ad's last installation), or those of a kind.
import { useEffect, useState } from 'react';
import { Spin } from 'antd';
import type { Attachment } from '../../../common/attachments';
import { listAttachments } from '../../api/attachments';
import { PhotoGallery, galleryPhotoOf } from './PhotoGallery';

export function AttachmentPhotos({
  bizType,
  bizId,
  ids,
  kind,
  zipName,
  emptyText = '暂无照片',
}: {
  bizType: string;
  bizId: string;
  ids?: readonly string[];
  /** Only the photos of this kind (when no ids are given). */
  kind?: string;
  zipName?: string;
  emptyText?: string;
}) {
  const [photos, setPhotos] = useState<Attachment[] | null>(null);
  useEffect(() => {
    let current = true;
    listAttachments(bizType, bizId)
      .then((answer) => current && setPhotos(answer.success ? answer.result : []))
      .catch(() => current && setPhotos([]));
    return () => {
      current = false;
    };
  }, [bizType, bizId]);
  if (photos === null) return <Spin aria-label="加载照片" />;
  const shown = ids
    ? ids.flatMap((id) => photos.filter((photo) => photo.id === id))
    : photos.filter((photo) => !kind || photo.kind === kind);
  return <PhotoGallery photos={shown.map(galleryPhotoOf)} zipName={zipName} emptyText={emptyText} />;
}
