// What the server's pricing says about a cart: the lines with their discounts and gifts, the totals, the
// promotions that fire (and what they give) and, for every other running promotion, why it does not. Shown
// by the 试算预览 page and under the order form.
import { Alert, Descriptions, List, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { PreviewLine, PromotionPreview } from '../../../../common/promotions';

const lineColumns: ColumnsType<PreviewLine> = [
  {
    title: '商品',
    dataIndex: 'skuName',
    key: 'skuName',
    render: (name: string, line) => (
      <>
        {name} {line.isGift && <Tag color="magenta">赠品</Tag>}
      </>
    ),
  },
  { title: '数量', dataIndex: 'qtyText', key: 'qtyText' },
  { title: '原价金额', dataIndex: 'listAmount', key: 'listAmount', align: 'right' },
  { title: '优惠', dataIndex: 'discountAmount', key: 'discountAmount', align: 'right' },
  { title: '金额', dataIndex: 'amount', key: 'amount', align: 'right' },
  {
    title: '促销',
    dataIndex: 'promotionNames',
    key: 'promotionNames',
    render: (names: string[]) => names.map((name) => <Tag key={name}>{name}</Tag>),
  },
];

export function PricePreviewPanel({
  preview,
  compact = false,
}: {
  preview: PromotionPreview;
  compact?: boolean;
}) {
  return (
    <div data-testid="price-preview">
      {!compact && (
        <Table<PreviewLine>
          size="small"
          rowKey={(line, index) => `${line.skuId}-${line.isGift}-${index}`}
          columns={lineColumns}
          dataSource={preview.lines}
          pagination={false}
          style={{ marginBottom: 12 }}
        />
      )}
      <Descriptions size="small" column={3} style={{ marginBottom: 8 }}>
        <Descriptions.Item label="商品金额">{preview.goodsAmount}</Descriptions.Item>
        <Descriptions.Item label="促销优惠">{preview.promoDiscountAmount}</Descriptions.Item>
        {preview.rebate && Number(preview.rebate.deduct) > 0 && (
          <Descriptions.Item label="返利抵扣">{preview.rebate.deduct}</Descriptions.Item>
        )}
        {preview.coins && preview.coins.coins > 0 && (
          <Descriptions.Item label="金币抵扣">{`${preview.coins.amount}（${preview.coins.coins} 金币）`}</Descriptions.Item>
        )}
        <Descriptions.Item label="应付">
          <Typography.Text strong>{preview.payableAmount}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      {preview.rebate && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          返利账户可用 {preview.rebate.available} 元，本单最多可抵扣 {preview.rebate.maxDeduct} 元
          {preview.rebate.reason ? `（${preview.rebate.reason}）` : ''}
        </Typography.Paragraph>
      )}
      {preview.applied.length === 0 && <Alert type="info" showIcon title="没有促销适用于当前购物车" />}
      <List
        size="small"
        dataSource={preview.applied}
        renderItem={(use) => (
          <List.Item>
            <Tag color="green">已享受</Tag>
            {use.name}（{use.promoNo}）：{use.description}
            {use.gifts.length > 0 &&
              `（${use.gifts.map((gift) => `${gift.skuName} ${gift.qtyText}`).join('、')}）`}
            {Number(use.discountAmount) > 0 && `，优惠 ${use.discountAmount} 元`}
          </List.Item>
        )}
      />
      {preview.skipped.length > 0 && (
        <List
          size="small"
          header={<Typography.Text type="secondary">未参与的促销</Typography.Text>}
          dataSource={preview.skipped}
          renderItem={(skip) => (
            <List.Item>
              <Tag>未参与</Tag>
              {skip.name}（{skip.promoNo}）：{skip.reason}
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
