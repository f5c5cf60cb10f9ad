// 物料申请 in the 审批中心 drawer (MATERIAL_REQUEST): the lines with the quantity the approver may cut, the
// department's budget used this month, and 核减并通过 — the cuts and the approval in one command.
import { useEffect, useState } from 'react';
import { Alert, Button, Input, InputNumber, Space, Table, Typography } from 'antd';
import type { ApprovalDetail } from '../../../../common/approvals';
import {
  approvePosmRequest,
  getPosmRequest,
  type PosmRequestDetail,
  type PosmRequestLine,
} from '../../../api/posm';
import { settle } from '../../../components/form/settle';

export function MaterialApprovalSection({ detail, onDone }: { detail: ApprovalDetail; onDone?: () => void }) {
  const [request, setRequest] = useState<PosmRequestDetail | null>(null);
  const [cuts, setCuts] = useState<Record<string, number>>({});
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void getPosmRequest(detail.bizId).then((answer) => live && answer.success && setRequest(answer.result));
    return () => {
      live = false;
    };
  }, [detail.bizId]);
  if (!request) return null;
  const editable = detail.myTaskId !== null && request.status === 'PENDING_APPROVAL';
  const qtyOf = (line: PosmRequestLine) => cuts[line.id] ?? line.approvedQty;
  const total = request.lines.reduce((sum, line) => sum + Number(line.unitCost) * qtyOf(line), 0);
  const approve = async () => {
    setBusy(true);
    const done = await settle(
      approvePosmRequest({
        id: request.id,
        lines: request.lines.map((line) => ({ lineId: line.id, approvedQty: qtyOf(line) })),
        comment: comment.trim() || undefined,
      }),
    );
    setBusy(false);
    if (done) onDone?.();
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title={`部门本月已用物料预算 ¥${Number(request.budgetUsed.amount).toFixed(2)}（${request.budgetUsed.count} 单），本单 ¥${total.toFixed(2)}`}
      />
      <Table<PosmRequestLine>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={request.lines}
        columns={[
          { title: '物料', dataIndex: 'materialName' },
          { title: '单价', dataIndex: 'unitCost', render: (value: string) => `¥${Number(value).toFixed(2)}` },
          { title: '申请', dataIndex: 'requestedQty' },
          {
            title: '核准数量',
            key: 'approvedQty',
            render: (_value, line) =>
              editable ? (
                <InputNumber
                  min={0}
                  max={line.requestedQty}
                  precision={0}
                  value={qtyOf(line)}
                  aria-label={`${line.materialName}核准数量`}
                  onChange={(value) => setCuts((known) => ({ ...known, [line.id]: value ?? 0 }))}
                />
              ) : (
                line.approvedQty
              ),
          },
        ]}
      />
      {editable && (
        <Space>
          <Input
            placeholder="审批意见"
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            maxLength={200}
          />
          <Button type="primary" loading={busy} onClick={() => void approve()}>
            核减并通过
          </Button>
          <Typography.Text type="secondary">
            核准数量不能超过申请数量；不核减可直接点上方「通过」
          </Typography.Text>
        </Space>
      )}
    </Space>
  );
}
