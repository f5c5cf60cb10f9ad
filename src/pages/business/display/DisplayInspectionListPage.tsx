// 陈列检核 (/esdh/inspection, esdh/DisplayInspectionList) and 检核复核 (/esdh/review, esdh/DisplayReviewQueue): the
// inspections of the caller's agreements with their photos, position and result; the queue is the pending ones,
// each opened beside the agreement's standard photo to 维持 or 改判 it.
import { useEffect, useState } from 'react';
import { Button, Col, Form, Input, Modal, Row, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Attachment } from '../../../../common/attachments';
import { INSPECTION_RESULT, REVIEW_STATUS, type InspectionResult } from '../../../../common/displays';
import {
  exportDisplayInspections,
  getDisplayAgreement,
  listDisplayInspections,
  reviewDisplayInspection,
  type DisplayInspection,
} from '../../../api/displays';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { settle } from '../../../components/form/settle';
import { useHasPermission } from '../../../components/HasPermission';
import { PhotoGallery, galleryPhotoOf } from '../../../components/photos/PhotoGallery';
import { ListPage } from '../../../components/table/ListPage';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';
import { RESULT_COLOR } from './DisplayAgreementDrawer';

export function InspectionList({ queue = false }: { queue?: boolean }) {
  const list = useListPage<DisplayInspection>({
    filterKeys: ['keyword', 'period', 'result', ...(queue ? [] : ['reviewStatus'])],
    sortKeys: ['inspectedAt', 'period'],
    defaultSort: { column: 'inspectedAt', order: queue ? 'asc' : 'desc' },
    fetch: listDisplayInspections,
    fixedParams: queue ? { reviewStatus: 'PENDING' } : undefined,
  });
  const mayReview = useHasPermission('display:review');
  const [reviewing, setReviewing] = useState<DisplayInspection | null>(null);

  const columns: ColumnsType<DisplayInspection> = [
    {
      title: '检核',
      dataIndex: 'inspectionNo',
      key: 'inspectionNo',
      render: (no: string, row) => <TwoLineCell main={no} sub={row.inspectedAt} />,
    },
    {
      title: '协议/门店',
      dataIndex: 'agreementNo',
      key: 'agreementNo',
      render: (no: string, row) => (
        <TwoLineCell main={row.customerName} sub={`${no} · ${row.displayType_dictText}`} />
      ),
    },
    { title: '所属期', dataIndex: 'period', key: 'period', sorter: true },
    {
      title: '检核人',
      dataIndex: 'inspectorName',
      key: 'inspectorName',
      render: (name: string | null, row) => (
        <TwoLineCell main={name ?? '—'} sub={row.inspectorRole_dictText} />
      ),
    },
    {
      title: '排面/标准',
      key: 'facings',
      render: (_value, row) => `${row.facingsCounted ?? '—'} / ${row.minFacings}`,
    },
    {
      title: '距门店',
      dataIndex: 'distanceM',
      key: 'distanceM',
      render: (metres: number | null) => (metres == null ? '—' : `${metres} 米`),
    },
    {
      title: '结果',
      dataIndex: 'result',
      key: 'result',
      render: (result: InspectionResult, row) => (
        <Space size={4}>
          <Tag color={RESULT_COLOR[result]}>{row.result_dictText}</Tag>
          {row.originalResult_dictText && (
            <Typography.Text delete>{row.originalResult_dictText}</Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: '扣减',
      dataIndex: 'deductionRatio',
      key: 'deductionRatio',
      render: (ratio: number) => `${Math.round(ratio * 100)}%`,
    },
    { title: '复核', dataIndex: 'reviewStatus_dictText', key: 'reviewStatus' },
    {
      title: '操作',
      key: 'actions',
      render: (_value, row) => (
        <Button type="link" size="small" onClick={() => setReviewing(row)}>
          {row.reviewStatus === 'PENDING' && mayReview ? '复核' : '照片'}
        </Button>
      ),
    },
  ];

  return (
    <>
      <ListPage<DisplayInspection>
        list={list}
        columns={columns}
        exportAs={exportDisplayInspections}
        tableId={queue ? '/esdh/review' : '/esdh/inspection'}
        compactColumns={['agreementNo', 'result']}
        searchFields={
          <>
            <Form.Item name="keyword" label="关键字">
              <Input placeholder="协议号、门店名称" allowClear />
            </Form.Item>
            <Form.Item name="period" label="所属期">
              <Input type="month" allowClear />
            </Form.Item>
            <Form.Item name="result" label="结果">
              <EnumSelect labels={INSPECTION_RESULT} placeholder="全部" style={{ width: 120 }} />
            </Form.Item>
            {!queue && (
              <Form.Item name="reviewStatus" label="复核">
                <EnumSelect labels={REVIEW_STATUS} placeholder="全部" style={{ width: 100 }} />
              </Form.Item>
            )}
          </>
        }
      />
      <ReviewModal
        inspection={reviewing}
        mayReview={mayReview}
        onClose={() => setReviewing(null)}
        onDone={() => {
          setReviewing(null);
          list.reload();
        }}
      />
    </>
  );
}

const NO_PHOTOS = { standard: [], taken: [] };

/** The standard photo beside the inspection's, with 维持 / 改判 for a pending one. */
function ReviewModal({
  inspection,
  mayReview,
  onClose,
  onDone,
}: {
  inspection: DisplayInspection | null;
  mayReview: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const [photos, setPhotos] = useState<{ standard: Attachment[]; taken: Attachment[] }>(NO_PHOTOS);
  const [result, setResult] = useState<InspectionResult | undefined>();
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setPhotos(NO_PHOTOS);
    setResult(undefined);
    setRemark('');
    if (!inspection) return;
    let current = true;
    getDisplayAgreement(inspection.agreementId)
      .then((answer) => {
        if (!current || !answer.success) return;
        const taken = answer.result.inspections.find((each) => each.id === inspection.id)?.photos ?? [];
        setPhotos({ standard: answer.result.standardPhoto ? [answer.result.standardPhoto] : [], taken });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [inspection]);
  if (!inspection) return null;
  const { standard, taken } = photos;
  const pending = inspection.reviewStatus === 'PENDING' && mayReview;
  const decide = async (decision: 'CONFIRM' | 'OVERTURN') => {
    setBusy(true);
    const done = await settle(
      reviewDisplayInspection({
        id: inspection.id,
        decision,
        result: decision === 'OVERTURN' ? result : undefined,
        remark,
      }),
    );
    setBusy(false);
    if (done) onDone();
  };
  return (
    <Modal
      open
      width={860}
      title={`检核 ${inspection.inspectionNo}：${inspection.customerName} · ${inspection.period}`}
      onCancel={onClose}
      footer={
        pending ? (
          <Space>
            <EnumSelect
              labels={INSPECTION_RESULT}
              placeholder="改判为"
              value={result}
              onChange={(value) => setResult(value as InspectionResult)}
              style={{ width: 140 }}
            />
            <Button
              danger
              loading={busy}
              disabled={!result || !remark.trim()}
              onClick={() => void decide('OVERTURN')}
            >
              改判
            </Button>
            <Button type="primary" loading={busy} onClick={() => void decide('CONFIRM')}>
              维持
            </Button>
          </Space>
        ) : null
      }
    >
      <Row gutter={16}>
        <Col span={10}>
          <Typography.Title level={5}>标准照</Typography.Title>
          <PhotoGallery photos={standard.map(galleryPhotoOf)} zipName="标准照" emptyText="无标准照" />
        </Col>
        <Col span={14}>
          <Typography.Title level={5}>
            检核照片 · <Tag color={RESULT_COLOR[inspection.result]}>{inspection.result_dictText}</Tag>
            排面 {inspection.facingsCounted ?? '—'} / 标准 {inspection.minFacings}
          </Typography.Title>
          <PhotoGallery photos={taken.map(galleryPhotoOf)} zipName={`检核照片_${inspection.inspectionNo}`} />
        </Col>
      </Row>
      {inspection.remark && <p>检核备注：{inspection.remark}</p>}
      {pending && (
        <Input.TextArea
          aria-label="复核意见"
          placeholder="复核意见（改判必填）"
          maxLength={256}
          rows={2}
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
        />
      )}
    </Modal>
  );
}

export default function DisplayInspectionListPage() {
  return <InspectionList />;
}
