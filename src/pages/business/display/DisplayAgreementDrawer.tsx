// 陈列协议详情: the agreement's terms, the standard photo beside each month's inspection photos, the inspection
// timeline and the payment schedule (each payout of its 兑付周期 with its planned date); its pictures as one zip.
import { useEffect, useState } from 'react';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Drawer,
  Empty,
  Row,
  Skeleton,
  Space,
  Table,
  Tag,
  Timeline,
} from 'antd';
import { DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import type { InspectionResult } from '../../../../common/displays';
import {
  displayAgreementContent,
  downloadDisplayAgreementPdf,
  downloadDisplayPhotos,
  getDisplayAgreement,
  type DisplayAgreementDetail,
} from '../../../api/displays';
import { AgreementHtml } from '../agreement/AgreementHtml';
import { PhotoGallery, galleryPhotoOf } from '../../../components/photos/PhotoGallery';
import { ChangeHistory } from '../../../components/history/ChangeHistory';

export const RESULT_COLOR: Record<InspectionResult, string> = {
  PASS: 'green',
  PARTIAL: 'orange',
  FAIL: 'red',
  NOT_FOUND: 'red',
  OUTLET_CLOSED: 'default',
};

export const STATUS_COLOR: Record<string, string> = {
  DRAFT: 'default',
  PENDING_APPROVAL: 'processing',
  APPROVED: 'cyan',
  REJECTED: 'red',
  SIGNED: 'blue',
  ACTIVE: 'green',
  SUSPENDED: 'orange',
  TERMINATED: 'default',
  EXPIRED: 'default',
};

export const yuan = (value: string | number | null | undefined) =>
  value == null ? '—' : `¥${Number(value).toFixed(2)}`;

export function DisplayAgreementDrawer({
  id,
  version,
  onClose,
}: {
  id: string | null;
  /** Bumped by the list after a command, so an open drawer reads the agreement again. */
  version: number;
  onClose: () => void;
}) {
  const [detail, setDetail] = useState<DisplayAgreementDetail | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!id) return;
    let current = true;
    setFailed(false);
    getDisplayAgreement(id)
      .then((answer) => {
        if (!current) return;
        if (answer.success) setDetail(answer.result);
        else setFailed(true);
      })
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [id, version]);

  const shown = detail && detail.id === id ? detail : null;
  return (
    <Drawer
      title={shown ? `陈列协议 ${shown.agreementNo}` : '陈列协议'}
      open={id !== null}
      onClose={onClose}
      size={920}
      destroyOnHidden
      extra={
        shown && (
          <Space>
            {shown.templateVersionId && (
              <Button
                icon={<FilePdfOutlined />}
                onClick={() => void downloadDisplayAgreementPdf(shown.id, shown.agreementNo)}
              >
                下载PDF
              </Button>
            )}
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                void downloadDisplayPhotos({ agreementId: shown.id }, `陈列照片_${shown.agreementNo}`)
              }
            >
              下载全部照片
            </Button>
          </Space>
        )
      }
    >
      {failed && <Empty description="陈列协议读取失败，请关闭后重试" />}
      {!failed && !shown && <Skeleton active />}
      {shown && <AgreementDetail detail={shown} />}
    </Drawer>
  );
}

function AgreementDetail({ detail }: { detail: DisplayAgreementDetail }) {
  const standard = detail.standardPhoto ? [galleryPhotoOf(detail.standardPhoto)] : [];
  return (
    <>
      <Descriptions size="small" bordered column={2} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="状态">
          <Tag color={STATUS_COLOR[detail.status]}>{detail.status_dictText}</Tag>
          {detail.consecutiveFails > 0 && <Tag color="red">连续 {detail.consecutiveFails} 期不达标</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="门店">
          {detail.customer.name}（{detail.customer.customerCode}）
        </Descriptions.Item>
        <Descriptions.Item label="陈列方案">
          {detail.policy.name}（{detail.policy.policyNo}）
        </Descriptions.Item>
        <Descriptions.Item label="陈列期">
          {detail.startDate} 至 {detail.endDate}
        </Descriptions.Item>
        <Descriptions.Item label="陈列形式">{detail.displayType_dictText}</Descriptions.Item>
        <Descriptions.Item label="陈列位置">{detail.locationDesc ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="陈列标准">
          最少 {detail.minFacings} 个排面 · {detail.minLayers} 层
          {detail.requiredSkus.length > 0 && ` · ${detail.requiredSkus.map((sku) => sku.name).join('、')}`}
        </Descriptions.Item>
        <Descriptions.Item label="费用">
          月 {yuan(detail.monthlyFee)} · 总 {yuan(detail.totalFee)}
        </Descriptions.Item>
        <Descriptions.Item label="兑付">
          {detail.feeType_dictText} · {detail.paymentCycle_dictText}
          {detail.dealer && ` · 经 ${detail.dealer.name}`}
        </Descriptions.Item>
        <Descriptions.Item label="部分达标扣减">{Math.round(detail.partialRatio * 100)}%</Descriptions.Item>
        <Descriptions.Item label="签约业务员">{detail.employeeName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="签署时间">{detail.signedAt ?? '—'}</Descriptions.Item>
        {detail.terminationReason_dictText && (
          <Descriptions.Item label="终止原因" span={2}>
            {detail.terminationReason_dictText}
            {detail.terminationRemark && `：${detail.terminationRemark}`}
            {detail.terminatedOn && `（${detail.terminatedOn} 终止）`}
          </Descriptions.Item>
        )}
      </Descriptions>

      <Card size="small" title="签约照片" style={{ marginBottom: 16 }}>
        <PhotoGallery
          photos={detail.signPhotos.map(galleryPhotoOf)}
          zipName={`签约照片_${detail.agreementNo}`}
          emptyText="尚未签署"
        />
      </Card>

      <Card size="small" title="标准照与每月检核照片" style={{ marginBottom: 16 }}>
        {detail.months.map((month) => (
          <Row
            key={month.period}
            gutter={16}
            style={{ marginBottom: 12 }}
            data-testid={`month-${month.period}`}
          >
            <Col span={4}>
              <strong>{month.period}</strong>
              <div>
                {month.inspections[0] ? (
                  <Tag color={RESULT_COLOR[month.inspections[0].result]}>
                    {month.inspections[0].result_dictText}
                  </Tag>
                ) : (
                  <Tag>未检核</Tag>
                )}
              </div>
            </Col>
            <Col span={6}>
              <PhotoGallery photos={standard} zipName="标准照" emptyText="无标准照" />
            </Col>
            <Col span={14}>
              <PhotoGallery
                photos={month.inspections.flatMap((inspection) => inspection.photos.map(galleryPhotoOf))}
                zipName={`检核照片_${detail.agreementNo}_${month.period}`}
                emptyText="本月暂无检核照片"
              />
            </Col>
          </Row>
        ))}
      </Card>

      <Row gutter={16}>
        <Col span={10}>
          <Card size="small" title="检核记录" style={{ marginBottom: 16 }}>
            {detail.inspections.length === 0 ? (
              <Empty description="暂无检核" />
            ) : (
              <Timeline
                items={detail.inspections.map((inspection) => ({
                  key: inspection.id,
                  color: RESULT_COLOR[inspection.result],
                  content: (
                    <>
                      <div>
                        {inspection.inspectedAt} · {inspection.period} ·{' '}
                        <Tag color={RESULT_COLOR[inspection.result]}>{inspection.result_dictText}</Tag>
                        <Tag>{inspection.reviewStatus_dictText}</Tag>
                      </div>
                      <div>
                        {inspection.inspectorName ?? '—'}
                        {inspection.facingsCounted != null && ` · 排面 ${inspection.facingsCounted}`}
                        {inspection.distanceM != null && ` · 距门店 ${inspection.distanceM} 米`}
                        {inspection.originalResult_dictText &&
                          ` · 原结果 ${inspection.originalResult_dictText}`}
                      </div>
                      {(inspection.remark || inspection.reviewRemark) && (
                        <div>{[inspection.remark, inspection.reviewRemark].filter(Boolean).join('；')}</div>
                      )}
                    </>
                  ),
                }))}
              />
            )}
          </Card>
        </Col>
        <Col span={14}>
          <Card
            size="small"
            title={`兑付计划（${detail.paymentCycle_dictText}）`}
            style={{ marginBottom: 16 }}
          >
            <Table
              size="small"
              rowKey="period"
              pagination={false}
              dataSource={detail.schedule}
              columns={[
                { title: '所属期', dataIndex: 'coverage' },
                { title: '计划兑付日', dataIndex: 'dueDate' },
                {
                  title: '费用',
                  render: (_value, payout) => yuan(payout.payment?.baseAmount ?? payout.plannedAmount),
                },
                { title: '扣减', render: (_value, payout) => yuan(payout.payment?.deductionAmount ?? null) },
                { title: '应兑付', render: (_value, payout) => yuan(payout.payment?.payableAmount ?? null) },
                {
                  title: '状态',
                  render: (_value, payout) => (payout.payment ? payout.payment.status_dictText : '未核算'),
                },
                { title: '批次', render: (_value, payout) => payout.payment?.batchNo ?? '—' },
              ]}
            />
          </Card>
        </Col>
      </Row>
      {detail.templateVersionId && <AgreementText id={detail.id} />}
      <Card size="small" title="变更记录">
        <ChangeHistory bizType="DISPLAY_AGREEMENT" bizId={detail.id} />
      </Card>
    </>
  );
}

/** 协议正文: the text the agreement was made with (its template version and values). */
function AgreementText({ id }: { id: string }) {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    displayAgreementContent(id)
      .then((answer) => current && setHtml(answer.success ? answer.result.html : ''))
      .catch(() => current && setHtml(''));
    return () => {
      current = false;
    };
  }, [id]);
  return (
    <Card size="small" title="协议正文" style={{ marginBottom: 16 }}>
      {html === null ? <Skeleton active /> : <AgreementHtml html={html} />}
    </Card>
  );
}
