// A cooperation agreement's detail: its terms, completion against the annual and monthly targets (from the
// party's orders), the agreement text as made (its template version and values), and its history.
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Progress,
  Skeleton,
  Space,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import type { CoopAgreementDetail, CoopMonthProgress } from '../../../../common/agreements';
import { coopAgreementContent, downloadCoopPdf, queryCoopAgreement } from '../../../api/agreements';
import { AgreementHtml } from './AgreementHtml';

export const money = (value: number | null | undefined) =>
  value === null || value === undefined
    ? '—'
    : `¥${value.toLocaleString('zh-CN', { maximumFractionDigits: 2 })}`;

export const percentOf = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);

export function CoopAgreementDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const [detail, setDetail] = useState<CoopAgreementDetail | null>(null);
  const [html, setHtml] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!id) return;
    let current = true;
    setDetail(null);
    setHtml(null);
    setFailure(null);
    queryCoopAgreement(id)
      .then((answer) => {
        if (!current) return;
        if (answer.success) setDetail(answer.result);
        else setFailure(answer.message);
      })
      .catch(() => current && setFailure('加载失败'));
    coopAgreementContent(id)
      .then((answer) => current && answer.success && setHtml(answer.result.html))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [id]);

  return (
    <Drawer
      title={detail ? `合作协议：${detail.agreementNo}` : '合作协议'}
      open={id !== null}
      onClose={onClose}
      size={860}
      destroyOnHidden
      extra={
        detail && (
          <Button icon={<FilePdfOutlined />} onClick={() => downloadCoopPdf(detail.id, detail.agreementNo)}>
            下载PDF
          </Button>
        )
      }
    >
      {failure && <Alert type="error" showIcon title={failure} />}
      {!detail && !failure && <Skeleton active />}
      {detail && (
        <Space orientation="vertical" size={24} style={{ width: '100%' }}>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="乙方">
              {detail.partyBName}（{detail.partyBCode}）
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag>{detail.status_dictText}</Tag>
              {detail.terminationReason && `原因：${detail.terminationReason}`}
            </Descriptions.Item>
            <Descriptions.Item label="合作类型">{detail.cooperationType_dictText}</Descriptions.Item>
            <Descriptions.Item label="协议期">
              {detail.startDate} 至 {detail.endDate}
            </Descriptions.Item>
            <Descriptions.Item label="授权区域">{detail.territory ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="授权渠道">{detail.channels ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="年度目标">
              {money(detail.annualTargetAmount)}
              {detail.annualTargetCases !== null && ` / ${detail.annualTargetCases} 箱`}
            </Descriptions.Item>
            <Descriptions.Item label="已完成">
              {money(detail.achievedAmount)} / {detail.achievedCases} 箱
              {detail.completionRate !== null && (
                <Progress percent={percentOf(detail.completionRate) ?? 0} size="small" />
              )}
            </Descriptions.Item>
            <Descriptions.Item label="保证金">{money(detail.depositAmount)}</Descriptions.Item>
            <Descriptions.Item label="信用额度">{money(detail.creditLimit)}</Descriptions.Item>
            <Descriptions.Item label="付款条件">{detail.paymentTerms ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="竞品禁售">{detail.exclusivity ? '是' : '否'}</Descriptions.Item>
            <Descriptions.Item label="协议模板">
              {detail.templateName} v{detail.templateVersion}
            </Descriptions.Item>
            <Descriptions.Item label="签署时间">{detail.signedAt ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="返利政策">
              {detail.rebatePolicyIds.length ? `${detail.rebatePolicyIds.length} 项` : '—'}
            </Descriptions.Item>
            <Descriptions.Item label="续签">
              {detail.previousAgreementId ? '由上一期协议续签' : ''}
              {detail.renewedById ? '已续签下一期' : ''}
              {!detail.previousAgreementId && !detail.renewedById && '—'}
            </Descriptions.Item>
            <Descriptions.Item label="违约条款" span={2}>
              {detail.penaltyTerms ?? '—'}
            </Descriptions.Item>
          </Descriptions>
          <div>
            <Typography.Title level={5}>月度目标完成</Typography.Title>
            <Table<CoopMonthProgress>
              size="small"
              rowKey="month"
              dataSource={detail.monthly}
              pagination={false}
              columns={[
                { title: '月份', dataIndex: 'month', render: (month: number) => `${month}月` },
                {
                  title: '目标',
                  dataIndex: 'target',
                  align: 'right',
                  render: (value: number) => money(value),
                },
                {
                  title: '完成',
                  dataIndex: 'achieved',
                  align: 'right',
                  render: (value: number) => money(value),
                },
                {
                  title: '完成率',
                  key: 'rate',
                  render: (_value, row) =>
                    row.target > 0 ? `${Math.round((row.achieved / row.target) * 1000) / 10}%` : '—',
                },
              ]}
            />
          </div>
          <div>
            <Typography.Title level={5}>协议正文</Typography.Title>
            {html === null ? <Skeleton active /> : <AgreementHtml html={html} />}
          </div>
          <div>
            <Typography.Title level={5}>历史记录</Typography.Title>
            <Timeline
              items={detail.history.map((event) => ({
                key: event.id,
                content: (
                  <>
                    <Typography.Text strong>{event.action_dictText}</Typography.Text>
                    {event.note && <div>{event.note}</div>}
                    <Typography.Text type="secondary">
                      {event.time} {event.actorName ?? '系统'}
                    </Typography.Text>
                  </>
                ),
              }))}
            />
          </div>
        </Space>
      )}
    </Drawer>
  );
}
