// 拜访详情: the visit as the server decided it — who, where, the rule it was held to, its abnormal flags and
// their review — and its timeline from check-in through each step to check-out, with the photos (duplicate
// marks from the attachment service), and the map (VisitMap, loaded with the drawer's first open).
import { lazy, Suspense, useEffect, useState } from 'react';
import {
  Descriptions,
  Drawer,
  Empty,
  Space,
  Spin,
  Table,
  Tag,
  Timeline,
  Typography,
  type TableColumnsType,
  type TableProps,
} from 'antd';
import { Link } from 'react-router';
import {
  visitById,
  type VisitCompetitor,
  type VisitDetail,
  type VisitOrder,
  type VisitStockCheck,
} from '../../../api/visits';
import { useHasPermission } from '../../../components/HasPermission';
import { PhotoGallery, galleryPhotoOf } from '../../../components/photos/PhotoGallery';
import { ExecutionScoreCard, executionPhotos } from '../execution/ExecutionScoreCard';
import { AbnormalTags } from './AbnormalTags';

const VisitMap = lazy(() => import(/* webpackChunkName: "visit-map" */ './VisitMap'));

/**
 * The visit's photos in the shared gallery (watermark, place and duplicate mark of each), named by the step that
 * took them, and those of its execution result named by their check item.
 */
export function VisitPhotos({ detail }: { detail: VisitDetail }) {
  const byId = new Map(detail.photos.map((photo) => [photo.id, photo]));
  const steps = detail.timeline.flatMap((entry) =>
    entry.photoIds.flatMap((id) => {
      const photo = byId.get(id);
      return photo ? [{ ...galleryPhotoOf(photo), caption: entry.title }] : [];
    }),
  );
  const photos = [...steps, ...(detail.execution ? executionPhotos(detail.execution) : [])];
  return <PhotoGallery photos={photos} zipName={`${detail.visitNo}照片`} emptyText="无照片" />;
}

const FRESHNESS_COLOR: Record<string, string> = {
  EXPIRED: 'red',
  NEAR_EXPIRY: 'volcano',
  WARNING: 'orange',
  NORMAL: 'blue',
  FRESH: 'green',
};

const stockColumns: TableColumnsType<VisitStockCheck> = [
  {
    title: '品项',
    key: 'sku',
    render: (_, row) => (
      <>
        {row.skuName}
        <Typography.Text type="secondary"> {row.skuCode}</Typography.Text>
      </>
    ),
  },
  {
    title: '库存',
    key: 'qty',
    render: (_, row) =>
      `${row.qtyCases} 箱${row.qtyUnits > 0 ? ` ${row.qtyUnits} 个` : ''}（${row.baseQty}）`,
  },
  {
    title: '最早生产日期',
    key: 'oldest',
    render: (_, row) =>
      row.oldestProductionDate ? (
        <Space size={4}>
          {row.oldestProductionDate}
          {row.freshness && (
            <Tag color={FRESHNESS_COLOR[row.freshness]} title={`到期 ${row.expiresOn}`}>
              {row.freshness_dictText}
            </Tag>
          )}
        </Space>
      ) : (
        '—'
      ),
  },
  { title: '建议订货(箱)', dataIndex: 'suggestedOrderCases', render: (value) => value ?? '—' },
];

const competitorColumns: TableColumnsType<VisitCompetitor> = [
  { title: '竞品品牌', dataIndex: 'competitorBrand' },
  { title: '产品', dataIndex: 'skuName' },
  {
    title: '零售价',
    dataIndex: 'retailPrice',
    render: (value: string | null) => (value === null ? '—' : `¥${Number(value).toFixed(2)}`),
  },
  { title: '排面', dataIndex: 'facings', render: (value) => value ?? '—' },
  {
    title: '冰柜',
    dataIndex: 'hasFreezer',
    render: (value: boolean | null) => (value === null ? '—' : value ? '有' : '无'),
  },
  { title: '促销', dataIndex: 'promoNote', render: (value) => value ?? '—' },
];

/** A titled table of the visit's rows (a region named by its title), shown when there are rows. */
function RowsSection<T extends { id: string }>({
  title,
  rows,
  ...table
}: { title: string; rows: T[] } & Pick<TableProps<T>, 'columns'>) {
  if (rows.length === 0) return null;
  return (
    <section aria-label={title}>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {title}
      </Typography.Title>
      <Table<T> size="small" rowKey="id" pagination={false} dataSource={rows} {...table} />
    </section>
  );
}

/** 库存盘点 and 竞品采集 of the visit, as rows. */
function VisitObservations({ detail }: { detail: VisitDetail }) {
  return (
    <>
      <RowsSection title="库存盘点" rows={detail.stockChecks} columns={stockColumns} />
      <RowsSection title="竞品采集" rows={detail.competitors} columns={competitorColumns} />
    </>
  );
}

/** 拜访下单: the orders of the visit, each number opening the order list when the viewer may see it. */
function VisitOrders({ orders }: { orders: VisitOrder[] }) {
  const mayList = useHasPermission('order:list');
  const columns: TableColumnsType<VisitOrder> = [
    {
      title: '订单号',
      dataIndex: 'orderNo',
      render: (orderNo: string) =>
        mayList ? (
          <Link to={`/eOrder/eOrder?orderNo=${encodeURIComponent(orderNo)}`}>{orderNo}</Link>
        ) : (
          orderNo
        ),
    },
    { title: '下单时间', dataIndex: 'orderedAt' },
    { title: '状态', dataIndex: 'status_dictText' },
    {
      title: '金额',
      dataIndex: 'payableAmount',
      align: 'right',
      render: (amount: string) => `¥${Number(amount).toFixed(2)}`,
    },
  ];
  return <RowsSection title="拜访下单" rows={orders} columns={columns} />;
}

export function VisitDetailDrawer({ visitId, onClose }: { visitId: string | null; onClose: () => void }) {
  const [detail, setDetail] = useState<VisitDetail | null>(null);
  useEffect(() => {
    if (!visitId) return;
    let current = true;
    setDetail(null);
    visitById(visitId)
      .then((answer) => current && answer.success && setDetail(answer.result))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [visitId]);

  return (
    <Drawer
      open={visitId !== null}
      onClose={onClose}
      width={640}
      title={detail ? `拜访详情：${detail.visitNo}` : '拜访详情'}
      destroyOnClose
    >
      {!detail ? (
        <Spin />
      ) : (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="门店" span={2}>
              {detail.customerName}（{detail.customerCode}）
              {detail.customerAddress && (
                <Typography.Text type="secondary"> {detail.customerAddress}</Typography.Text>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="业务员">{detail.employeeName}</Descriptions.Item>
            <Descriptions.Item label="类型">{detail.visitType_dictText}</Descriptions.Item>
            <Descriptions.Item label="状态">{detail.status_dictText}</Descriptions.Item>
            <Descriptions.Item label="有效拜访">
              {detail.isValid ? <Tag color="green">有效</Tag> : <Tag color="red">无效</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="签到距离">
              {detail.checkInDistanceM} 米（范围 {detail.rule.checkInRadiusM} 米）
            </Descriptions.Item>
            <Descriptions.Item label="在店时长">{detail.durationText}</Descriptions.Item>
            <Descriptions.Item label="异常标记" span={2}>
              <AbnormalTags flags={detail.abnormalFlags} />
              {detail.abnormalReviewStatus_dictText && (
                <Tag>异常审核：{detail.abnormalReviewStatus_dictText}</Tag>
              )}
            </Descriptions.Item>
            {detail.abnormalReason && (
              <Descriptions.Item label="异常说明" span={2}>
                {detail.abnormalReason}
              </Descriptions.Item>
            )}
            <Descriptions.Item label="打卡规则" span={2}>
              {detail.rule.ruleName ?? '默认规则'}：{detail.rule.checkInRadiusM} 米内签到，停留
              {detail.rule.minStayMinutes}–{detail.rule.maxStayMinutes} 分钟
            </Descriptions.Item>
            <Descriptions.Item label="订单金额">¥{Number(detail.orderAmount).toFixed(2)}</Descriptions.Item>
            <Descriptions.Item label="执行得分">{detail.executionScore ?? '—'}</Descriptions.Item>
            {detail.remark && (
              <Descriptions.Item label="拜访小结" span={2}>
                {detail.remark}
              </Descriptions.Item>
            )}
          </Descriptions>
          <Suspense fallback={<Spin />}>
            <VisitMap detail={detail} />
          </Suspense>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            拜访过程
          </Typography.Title>
          {detail.timeline.length === 0 ? (
            <Empty />
          ) : (
            <Timeline
              items={detail.timeline.map((entry) => ({
                color:
                  entry.kind === 'AUTO_CLOSED' ? 'red' : entry.kind.startsWith('CHECK_') ? 'blue' : 'green',
                children: (
                  <Space direction="vertical" size={4}>
                    <Typography.Text strong>
                      {entry.title}
                      {entry.at && <Typography.Text type="secondary"> {entry.at}</Typography.Text>}
                    </Typography.Text>
                    {entry.detail && <Typography.Text>{entry.detail}</Typography.Text>}
                    {entry.photoIds.length > 0 && (
                      <Typography.Text type="secondary">照片 {entry.photoIds.length} 张</Typography.Text>
                    )}
                  </Space>
                ),
              }))}
            />
          )}
          <VisitObservations detail={detail} />
          <VisitOrders orders={detail.orders} />
          {detail.execution && (
            <>
              <Typography.Title level={5} style={{ marginTop: 24 }}>
                执行评分
              </Typography.Title>
              <ExecutionScoreCard detail={detail.execution} />
            </>
          )}
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            拜访照片
          </Typography.Title>
          <VisitPhotos detail={detail} />
        </>
      )}
    </Drawer>
  );
}
