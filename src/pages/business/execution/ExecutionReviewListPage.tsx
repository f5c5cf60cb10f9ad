// 门店执行审核 (eVisit/ExecutionReviewList): the execution results of the caller's scope; a result opens with its
// photos and items, whose scores the reviewer may change (拍照识别 items are scored here, there is no image
// recognition), and 通过 / 驳回, 终审 of an appeal (by someone other than the first reviewer), 申诉 by the rep and
// 撤销; 批量通过 for the selected results waiting for review.
import { useEffect, useState } from 'react';
import { App, Button, Descriptions, Drawer, Form, Input, InputNumber, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { REVIEW_STATUS } from '../../../../common/execution';
import {
  appealResult,
  approveResults,
  exportResults,
  listResults,
  resultById,
  reviewResult,
  revokeResult,
  type ExecutionItemResult,
  type ExecutionResult,
  type ExecutionResultDetail,
} from '../../../api/execution';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { HasPermission } from '../../../components/HasPermission';
import { PhotoGallery } from '../../../components/photos/PhotoGallery';
import { ListPage } from '../../../components/table/ListPage';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';
import { ExecutionScoreCard, STATUS_COLOURS, executionPhotos } from './ExecutionScoreCard';

function ResultDrawer({
  id,
  onClose,
  onDone,
}: {
  id: string | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { message, modal } = App.useApp();
  const [detail, setDetail] = useState<ExecutionResultDetail | null>(null);
  const [scores, setScores] = useState<Record<string, number | null>>({});
  const [comment, setComment] = useState('');
  useEffect(() => {
    setDetail(null);
    setScores({});
    setComment('');
    if (id)
      resultById(id)
        .then((answer) => answer.success && setDetail(answer.result))
        .catch(() => undefined);
  }, [id]);
  if (!detail) return <Drawer open={id !== null} onClose={onClose} title="执行详情" size="large" loading />;
  const final = detail.reviewStatus === 'APPEALING';
  const reviewing = detail.reviewStatus === 'PENDING_REVIEW' || final;
  const act = async (call: () => Promise<{ success: boolean; message: string }>) => {
    const answer = await call();
    if (!answer.success) {
      message.error(answer.message);
      return;
    }
    message.success(answer.message);
    onDone();
    onClose();
  };
  const decide = (approve: boolean) =>
    act(() =>
      reviewResult(final, {
        id: detail.id,
        approve,
        comment: comment || null,
        items: Object.entries(scores).map(([itemId, reviewerScore]) => ({ itemId, reviewerScore })),
      }),
    );
  const asked = (title: string, run: (reason: string) => Promise<{ success: boolean; message: string }>) => {
    let reason = '';
    modal.confirm({
      title,
      content: <Input.TextArea aria-label="原因" onChange={(event) => (reason = event.target.value)} />,
      onOk: () => act(() => run(reason)),
    });
  };
  const reviewScore = (item: ExecutionItemResult) => (
    <InputNumber
      aria-label={`${item.name}得分`}
      min={0}
      max={item.maxScore}
      value={item.id in scores ? scores[item.id] : (item.reviewerScore ?? item.autoScore)}
      onChange={(value) => setScores((current) => ({ ...current, [item.id]: value }))}
    />
  );
  const photos = executionPhotos(detail);
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={`执行详情 ${detail.resultNo}`}
      size="large"
      extra={
        <Space>
          {reviewing && (
            <HasPermission code={final ? 'execution:finalReview' : 'execution:review'}>
              <Button danger onClick={() => void decide(false)}>
                {final ? '终审驳回' : '驳回'}
              </Button>
              <Button type="primary" onClick={() => void decide(true)}>
                {final ? '终审通过' : '通过'}
              </Button>
            </HasPermission>
          )}
          {detail.reviewStatus === 'REJECTED' && (
            <HasPermission code="execution:appeal">
              <Button onClick={() => asked('申诉原因', (reason) => appealResult(detail.id, reason))}>
                申诉
              </Button>
            </HasPermission>
          )}
          {(detail.reviewStatus === 'APPROVED' || detail.reviewStatus === 'FINAL_APPROVED') && (
            <HasPermission code="execution:revoke">
              <Button
                danger
                onClick={() => asked('撤销原因（金币将冲正）', (reason) => revokeResult(detail.id, reason))}
              >
                撤销
              </Button>
            </HasPermission>
          )}
        </Space>
      }
    >
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="门店">{`${detail.customerName}（${detail.customerCode}）`}</Descriptions.Item>
        <Descriptions.Item label="业务员">{detail.employeeName}</Descriptions.Item>
        <Descriptions.Item label="拜访">{detail.visitNo}</Descriptions.Item>
        {detail.reviewComment && (
          <Descriptions.Item label="审核意见">{detail.reviewComment}</Descriptions.Item>
        )}
        {detail.appealReason && (
          <Descriptions.Item label="申诉">{`${detail.appealByName}：${detail.appealReason}`}</Descriptions.Item>
        )}
        {detail.finalComment && (
          <Descriptions.Item label="终审">{`${detail.finalReviewerName}：${detail.finalComment}`}</Descriptions.Item>
        )}
        {detail.revokeReason && (
          <Descriptions.Item label="撤销">{`${detail.revokedByName}：${detail.revokeReason}`}</Descriptions.Item>
        )}
      </Descriptions>
      <div style={{ marginTop: 16 }}>
        <ExecutionScoreCard detail={detail} reviewScore={reviewing ? reviewScore : undefined} />
      </div>
      {reviewing && (
        <Input.TextArea
          style={{ marginTop: 12 }}
          placeholder="审核意见（驳回必填）"
          aria-label="审核意见"
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      )}
      <div style={{ marginTop: 16 }}>
        <PhotoGallery photos={photos} zipName={detail.resultNo} />
      </div>
    </Drawer>
  );
}

export default function ExecutionReviewListPage() {
  const { message } = App.useApp();
  const list = useListPage<ExecutionResult>({
    filterKeys: ['keyword', 'reviewStatus'],
    sortKeys: ['executedAt', 'finalScore'],
    defaultSort: { column: 'executedAt', order: 'desc' },
    fetch: listResults,
  });
  const [open, setOpen] = useState<string | null>(null);
  const columns: ColumnsType<ExecutionResult> = [
    {
      title: '执行时间',
      dataIndex: 'executedAt',
      key: 'executedAt',
      sorter: true,
      render: (at: string, row) => <TwoLineCell main={at.slice(0, 16)} sub={row.resultNo} />,
    },
    {
      title: '门店',
      dataIndex: 'customerName',
      render: (name: string, row) => <TwoLineCell main={name} sub={row.customerCode} />,
    },
    { title: '业务员', dataIndex: 'employeeName' },
    {
      title: '模板',
      dataIndex: 'templateName',
      render: (name: string, row) => `${name} V${row.templateVersion}`,
    },
    {
      title: '得分',
      dataIndex: 'finalScore',
      key: 'finalScore',
      sorter: true,
      render: (score: number | null, row) => (
        <Space>
          {score ?? '待评分'}
          {row.vetoHit && <Tag color="red">否决</Tag>}
          {row.passed === true && <Tag color="green">达标</Tag>}
          {row.passed === false && !row.vetoHit && <Tag>未达标</Tag>}
        </Space>
      ),
    },
    { title: '照片', dataIndex: 'photoIds', render: (ids: string[]) => `${ids.length} 张` },
    {
      title: '状态',
      dataIndex: 'reviewStatus',
      render: (status: string, row) => <Tag color={STATUS_COLOURS[status]}>{row.reviewStatus_dictText}</Tag>,
    },
    { title: '金币', dataIndex: 'coinsAwarded', render: (coins: number) => (coins > 0 ? `+${coins}` : '') },
    { title: '审核人', dataIndex: 'reviewerName', render: (name: string | null) => name ?? '' },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_value, row) => (
        <Button type="link" size="small" onClick={() => setOpen(row.id)}>
          {row.reviewStatus === 'PENDING_REVIEW' || row.reviewStatus === 'APPEALING' ? '审核' : '查看'}
        </Button>
      ),
    },
  ];
  return (
    <>
      <ListPage<ExecutionResult>
        list={list}
        columns={columns}
        compactColumns={['customerName', 'finalScore', 'reviewStatus']}
        exportAs={exportResults}
        searchFields={
          <>
            <Form.Item name="keyword" label="门店/编号">
              <Input placeholder="门店名称、编码或执行编号" allowClear />
            </Form.Item>
            <Form.Item name="reviewStatus" label="状态">
              <EnumSelect labels={REVIEW_STATUS} placeholder="全部" style={{ width: 120 }} />
            </Form.Item>
          </>
        }
        selectable={(row) => row.reviewStatus === 'PENDING_REVIEW'}
        batchActions={(selected, done) => (
          <HasPermission code="execution:review">
            <Button
              type="primary"
              size="small"
              onClick={() =>
                void approveResults(selected.map((row) => row.id)).then((answer) => {
                  if (!answer.success) message.error(answer.message);
                  else
                    message.success(
                      `已通过 ${answer.result.approved} 条${answer.result.skipped.length > 0 ? `，${answer.result.skipped.length} 条需逐条评分` : ''}`,
                    );
                  done();
                })
              }
            >
              批量通过
            </Button>
          </HasPermission>
        )}
      />
      <ResultDrawer id={open} onClose={() => setOpen(null)} onDone={list.reload} />
    </>
  );
}
