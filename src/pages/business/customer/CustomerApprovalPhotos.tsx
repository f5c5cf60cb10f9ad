// The photos of an outlet submitted for approval (CUSTOMER_CREATE), shown in the 审批中心 drawer below the
// summary: the approver sees the door photo, where and when it was taken, and whether it was seen before.
import { useEffect, useState } from 'react';
import { Spin, Typography } from 'antd';
import type { ApprovalDetail } from '../../../../common/approvals';
import { customerPhotos, type CustomerPhoto } from '../../../api/customers';
import { PhotoGallery } from '../../../components/photos/PhotoGallery';
import { galleryPhotoOf } from './CustomerPhotos';

export function CustomerApprovalPhotos({ detail }: { detail: ApprovalDetail }) {
  const [photos, setPhotos] = useState<CustomerPhoto[] | null>(null);
  useEffect(() => {
    let current = true;
    customerPhotos(detail.bizId)
      .then((answer) => current && setPhotos(answer.success ? answer.result : []))
      .catch(() => current && setPhotos([]));
    return () => {
      current = false;
    };
  }, [detail.bizId]);
  return (
    <div>
      <Typography.Title level={5}>门店照片</Typography.Title>
      {photos === null ? (
        <Spin aria-label="加载照片" />
      ) : (
        <PhotoGallery photos={photos.map(galleryPhotoOf)} zipName={`${detail.bizNo}照片`} />
      )}
    </div>
  );
}
