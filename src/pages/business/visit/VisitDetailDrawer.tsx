// 拜访详情: the visit as the server decided it — who, where, the rule it was held to, its abnormal flags and
// their review — and its timeline from check-in through each step to check-out, with the photos (duplicate
// marks from the attachment service), and the map (VisitMap, loaded with the drawer's first open).
import { lazy, Suspense, useEffect, useState } from 'react';
import { Descriptions, Drawer, Empty, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { attachmentUrlOf, DUPLICATE_KIND, type DuplicateKind } from '../../../../common/attachments';
import { ABNORMAL_FLAG, type AbnormalFlag } from '../../../../common/visits';
import { visitById, type VisitDetail } from '../../../api/visits';
import { ImageThumbnail } from '../../../components/ImageThumbnail';

const VisitMap = lazy(() => import(/* webpackChunkName: "visit-map" */ './VisitMap'));

export function AbnormalTags({ flags }: { flags: AbnormalFlag[] }) {
  if (flags.length === 0) return <Tag color="green">正常</Tag>;
  return (
    <Space size={[0, 4]} wrap>
      {flags.map((flag) => (
        <Tag key={flag} color={flag === 'TOO_LONG' ? 'orange' : 'red'}>
          {ABNORMAL_FLAG[flag]}
        </Tag>
      ))}
    </Space>
  );
}

export function Photos({ ids, detail }: { ids: string[]; detail: VisitDetail }) {
  if (ids.length === 0) return null;
  return (
    <Space wrap>
      {ids.map((id) => {
        const photo = detail.photos.find((each) => each.id === id);
        return (
          <Space key={id} direction="vertical" size={0} align="center">
            <ImageThumbnail url={attachmentUrlOf(id)} alt={photo?.watermarkText ?? '拜访照片'} size={64} />
            {photo?.duplicateKind && (
              <Tag color="red">{DUPLICATE_KIND[photo.duplicateKind as DuplicateKind]}</Tag>
            )}
          </Space>
        );
      })}
    </Space>
  );
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
                    <Photos ids={entry.photoIds} detail={detail} />
                  </Space>
                ),
              }))}
            />
          )}
        </>
      )}
    </Drawer>
  );
}
