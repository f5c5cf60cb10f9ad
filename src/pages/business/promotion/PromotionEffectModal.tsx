// 效果分析 of one promotion (DOMAIN §1.7, the 促销列表's 效果): its orders, cases, cost (优惠 + 赠品) and cost
// per case, and the cases above what the same outlets bought in the four weeks before it started. The server
// computes every figure (docs/promotions-api.md); this only lays them out.
import { useEffect, useState } from 'react';
import { Alert, Card, Descriptions, Modal, Space, Spin, Statistic } from 'antd';
import type { PromotionEffect } from '../../../../common/promotions';
import { promotionEffect } from '../../../api/promotions';

const NONE = '—';

export function PromotionEffectModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const [effect, setEffect] = useState<PromotionEffect | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (!id) return;
    let current = true;
    setEffect(null);
    setFailed(null);
    promotionEffect(id)
      .then((answer) => {
        if (!current) return;
        if (answer.success) setEffect(answer.result);
        else setFailed(answer.message || '加载失败');
      })
      .catch(() => current && setFailed('加载失败'));
    return () => {
      current = false;
    };
  }, [id]);

  return (
    <Modal
      title={effect ? `效果分析：${effect.name}（${effect.promoNo}）` : '效果分析'}
      open={id !== null}
      onCancel={onClose}
      footer={null}
      width={860}
      destroyOnHidden
    >
      {failed ? (
        <Alert type="warning" title={failed} />
      ) : !effect ? (
        <Spin />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Card
            size="small"
            title={`活动期 ${effect.startAt} 至 ${effect.endAt}（已计 ${effect.periodDays} 天）`}
          >
            <Space size={40} wrap>
              <Statistic title="订单数" value={effect.orderCount} />
              <Statistic title="参与客户" value={effect.customerCount} />
              <Statistic title="箱数" value={effect.cases} />
              <Statistic title="费用" value={effect.costAmount} prefix="¥" />
              <Statistic
                title="单箱费用"
                value={effect.costPerCase ?? NONE}
                prefix={effect.costPerCase ? '¥' : ''}
              />
            </Space>
          </Card>
          <Card size="small" title="增量分析（同一批客户活动前四周）">
            <Space size={40} wrap>
              <Statistic title="前四周箱数" value={effect.baselineCases} />
              <Statistic title="按活动天数折算" value={effect.expectedCases} />
              <Statistic title="增量箱数" value={effect.incrementalCases} />
              <Statistic
                title="单位增量箱费用"
                value={effect.costPerIncrementalCase ?? NONE}
                prefix={effect.costPerIncrementalCase ? '¥' : ''}
              />
            </Space>
          </Card>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="优惠金额">¥{effect.discountAmount}</Descriptions.Item>
            <Descriptions.Item label="赠品价值">¥{effect.giftAmount}</Descriptions.Item>
            <Descriptions.Item label="返费用" span={2}>
              ¥{effect.creditAmount}
            </Descriptions.Item>
            <Descriptions.Item label="对比期" span={2}>
              {effect.baselineFrom} 至 {effect.baselineTo}（不含）
            </Descriptions.Item>
          </Descriptions>
          <Alert
            type="info"
            title="箱数只计促销商品范围内的销售行（不含赠品，扣除退货）；已作废、已取消、已驳回的订单不计。增量 = 活动箱数 − 前四周箱数 × 活动天数 / 28。"
          />
        </Space>
      )}
    </Modal>
  );
}
