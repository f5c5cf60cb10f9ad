// 异常拜访审核 in the 审批中心 drawer: below the visit's summary, its photos (check-in, steps, check-out) with
// the attachment service's duplicate marks (the shared gallery), so the approver judges the flag with the evidence
// in view.
import { useEffect, useState } from 'react';
import { Typography } from 'antd';
import type { ApprovalDetail } from '../../../../common/approvals';
import { visitById, type VisitDetail } from '../../../api/visits';
import { VisitPhotos } from './VisitDetailDrawer';

export function VisitApprovalSection({ detail }: { detail: ApprovalDetail }) {
  const [visit, setVisit] = useState<VisitDetail | null>(null);
  useEffect(() => {
    let live = true;
    void visitById(detail.bizId).then((answer) => {
      if (live && answer.success) setVisit(answer.result);
    });
    return () => {
      live = false;
    };
  }, [detail.bizId]);
  if (!visit) return null;
  return (
    <div style={{ margin: '12px 0' }}>
      <Typography.Text strong>拜访照片</Typography.Text>
      <div style={{ marginTop: 8 }}>
        <VisitPhotos detail={visit} />
      </div>
    </div>
  );
}
