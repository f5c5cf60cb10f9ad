// An ad's photos: the site before and the finished ad after, side by side for the acceptance (DOMAIN §1.12),
// with the design file; in the detail drawer and in the 审批中心 drawer (AD_APPLY).
import { Col, Row, Typography } from 'antd';
import { AD_KIND, AD_PHOTO_BIZ } from '../../../../common/ads';
import type { ApprovalDetail } from '../../../../common/approvals';
import { AttachmentPhotos } from '../../../components/photos/AttachmentPhotos';

export function AdPhotos({
  id,
  applyNo,
  beforePhotoIds,
  afterPhotoIds,
  designFileId,
}: {
  id: string;
  applyNo: string;
  beforePhotoIds?: string[];
  afterPhotoIds?: string[];
  designFileId?: string | null;
}) {
  return (
    <Row gutter={16}>
      <Col span={12} aria-label="现场照（安装前）" role="region">
        <Typography.Title level={5}>现场照（安装前）</Typography.Title>
        <AttachmentPhotos
          bizType={AD_PHOTO_BIZ}
          bizId={id}
          ids={beforePhotoIds}
          kind={AD_KIND.BEFORE}
          zipName={`${applyNo}现场照`}
        />
      </Col>
      <Col span={12} aria-label="完工照（安装后）" role="region">
        <Typography.Title level={5}>完工照（安装后）</Typography.Title>
        <AttachmentPhotos
          bizType={AD_PHOTO_BIZ}
          bizId={id}
          ids={afterPhotoIds}
          kind={AD_KIND.AFTER}
          zipName={`${applyNo}完工照`}
          emptyText="尚未安装"
        />
      </Col>
      <Col span={24}>
        <Typography.Title level={5}>设计稿</Typography.Title>
        <AttachmentPhotos
          bizType={AD_PHOTO_BIZ}
          bizId={id}
          ids={designFileId === undefined ? undefined : designFileId ? [designFileId] : []}
          kind={AD_KIND.DESIGN}
          zipName={`${applyNo}设计稿`}
          emptyText="未上传设计稿"
        />
      </Col>
    </Row>
  );
}

/** The 审批中心 drawer of an AD_APPLY: the site and the design the approver judges the quote by. */
export function AdApprovalSection({ detail }: { detail: ApprovalDetail }) {
  return <AdPhotos id={detail.bizId} applyNo={detail.bizNo} />;
}
