// 评分卡: an execution result item by item — each check item with what was recorded, its maximum, the veto, the
// automatic and the final score and why points were taken — under the total against the pass score, the verdict
// and the review state. 门店执行审核's drawer puts its score inputs in 审核得分; 拜访详情 shows it as it stands.
import type { ReactNode } from 'react';
import { Descriptions, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ExecutionItemResult, ExecutionResultDetail } from '../../../api/execution';
import { galleryPhotoOf, type GalleryPhoto } from '../../../components/photos/PhotoGallery';
import { TwoLineCell } from '../../../components/table/TwoLineCell';

export const STATUS_COLOURS: Record<string, string> = {
  PENDING_REVIEW: 'processing',
  APPROVED: 'success',
  FINAL_APPROVED: 'success',
  REJECTED: 'error',
  FINAL_REJECTED: 'error',
  APPEALING: 'warning',
  REVOKED: 'default',
};

const valueText = (item: ExecutionItemResult) =>
  item.value === null
    ? '—'
    : typeof item.value === 'boolean'
      ? item.value
        ? '是'
        : '否'
      : String(item.value);

/** The result's photos for the shared gallery, each named by its check item. */
export const executionPhotos = (detail: ExecutionResultDetail): GalleryPhoto[] =>
  detail.items.flatMap((item) =>
    item.photos.map((photo) => ({ ...galleryPhotoOf(photo), caption: item.name })),
  );

/** 合格 / 不合格, or 待评分 while an item waits for the reviewer. */
function Verdict({ passed }: { passed: boolean | null }) {
  if (passed === null) return <Tag>待评分</Tag>;
  return passed ? <Tag color="green">合格</Tag> : <Tag color="red">不合格</Tag>;
}

export function ExecutionScoreCard({
  detail,
  reviewScore,
}: {
  detail: ExecutionResultDetail;
  /** The reviewer's input for an item's score (门店执行审核 while reviewing); else the final score shows. */
  reviewScore?: (item: ExecutionItemResult) => ReactNode;
}) {
  const columns: ColumnsType<ExecutionItemResult> = [
    {
      title: '检查项',
      dataIndex: 'name',
      render: (name: string, item) => (
        <TwoLineCell
          main={
            <Space>
              {name}
              {item.isVeto && <Tag color="red">一票否决</Tag>}
            </Space>
          }
          sub={`${item.category_dictText} · ${item.inputType_dictText} · ${item.scoringRule_dictText}`}
        />
      ),
    },
    { title: '采集值', key: 'value', render: (_value, item) => valueText(item) },
    { title: '分值', dataIndex: 'maxScore' },
    { title: '自动得分', dataIndex: 'autoScore', render: (score: number | null) => score ?? '待评分' },
    {
      title: '审核得分',
      key: 'reviewerScore',
      render: (_value, item) => (reviewScore ? reviewScore(item) : (item.finalScore ?? '—')),
    },
    {
      title: '达标',
      dataIndex: 'met',
      render: (met: boolean | null) => (met === null ? '—' : met ? '是' : '否'),
    },
    { title: '扣分说明', dataIndex: 'deductionReason', render: (text: string | null) => text ?? '' },
  ];
  return (
    <section aria-label="评分卡">
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="模板">{`${detail.templateName} V${detail.templateVersion}`}</Descriptions.Item>
        <Descriptions.Item label="得分">
          {`${detail.finalScore ?? '待评分'} / ${detail.totalScore}（及格 ${detail.passScore}）`}
          {detail.vetoHit && <Tag color="red">一票否决</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="结果">
          <Verdict passed={detail.passed} />
        </Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={STATUS_COLOURS[detail.reviewStatus]}>{detail.reviewStatus_dictText}</Tag>
          {detail.coinsAwarded > 0 && `奖励 ${detail.coinsAwarded} 金币`}
        </Descriptions.Item>
      </Descriptions>
      <Table<ExecutionItemResult>
        style={{ marginTop: 16 }}
        rowKey="id"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={detail.items}
      />
    </section>
  );
}
