// 库存明细 (eprod/ProdStockWhlist): one row per lot with warehouse, SKU, batch, stock age and freshness,
// filtered in the URL; the filter's totals and its stock-age buckets (click one to filter by it).
// Quantities are base units shown as "12箱3瓶" (common/quantity.ts). The stock commands (入库, and per lot
// 出库 / 调拨 / 盘点 / 冻结) and the bucket settings each need their own permission code. The near-expiry view
// (只看临期, or 效期 临期) lets near-expiry lots be picked to start a 临期清理 promotion (DOMAIN §1.6 发起临期促销):
// the promotion form opens on a NEAR_EXPIRY draft naming the lots' SKUs and their warehouses' dealers.
import { useState } from 'react';
import { Button, Card, Checkbox, Form, Input, Space, Statistic, Tag, Tooltip } from 'antd';
import { ImportOutlined, SettingOutlined, TagOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { ColumnsType } from 'antd/es/table';
import { FRESHNESS_CLASS, LOT_STATUS } from '../../../../common/businessEnums';
import { formatQuantity } from '../../../../common/quantity';
import { listBrands } from '../../../api/products';
import {
  changeLotStatus,
  exportStockLots,
  listStockLots,
  listWarehouses,
  stockAgeSummary,
  type AgeBucketSummary,
  type StockLot,
  type StockTotals,
} from '../../../api/stock';
import type { ListParams } from '../../../api/systemTypes';
import { EnumSelect, RemoteSelect, optionByName } from '../../../components/form/EnumSelect';
import { useConfirmAction } from '../../../components/form/useConfirmAction';
import { HasPermission, useHasPermission } from '../../../components/HasPermission';
import { RecordDrawer } from '../../../components/history/RecordDrawer';
import { RowActions, type RowAction } from '../../../components/table/RowActions';
import { AgeBucketsModal } from './AgeBucketsModal';
import { LotCommandModal, StockInModal, type StockCommand } from './StockCommands';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { ListPage } from '../../../components/table/ListPage';
import { useListPage } from '../../../components/table/useListPage';
import { PromotionFormModal, type PromotionPreset } from '../promotion/PromotionFormModal';

export const FRESHNESS_COLOR: Record<string, string> = {
  FRESH: 'green',
  NORMAL: 'blue',
  WARNING: 'gold',
  NEAR_EXPIRY: 'orange',
  EXPIRED: 'red',
};

const packOf = (lot: StockLot) => ({
  unitsPerCase: lot.unitsPerCase,
  caseUnit: lot.saleUnit,
  baseUnit: lot.baseUnit,
});

const loadWarehouses = () => listWarehouses({ pageSize: 200 });
const loadBrands = () => listBrands({ pageSize: 200 });

/** The search form's checkbox ↔ the URL's `nearExpiryOnly=true`. */
const toFormValues = (filters: Record<string, string>) => ({
  ...filters,
  nearExpiryOnly: filters.nearExpiryOnly === 'true',
});
const toFilters = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      key === 'nearExpiryOnly'
        ? value
          ? 'true'
          : undefined
        : value == null
          ? undefined
          : String(value).trim(),
    ]),
  );

/**
 * A 临期清理 draft for the picked lots (here and on 临期预警): their SKUs, their warehouses' dealers, from now until the day before
 * the first of them expires (a line-level promotion for those dealers; the operator sets the tiers).
 */
export function nearExpiryPreset(
  lots: Pick<StockLot, 'skuId' | 'skuName' | 'dealerId' | 'dealerName' | 'expiryDate'>[],
): PromotionPreset {
  const skuIds = [...new Set(lots.map((lot) => lot.skuId))];
  const dealers = new Map<string, string>();
  for (const lot of lots) if (lot.dealerId) dealers.set(lot.dealerId, lot.dealerName ?? lot.dealerId);
  const firstExpiry = lots.map((lot) => lot.expiryDate).sort()[0];
  const skuNames = [...new Set(lots.map((lot) => lot.skuName))];
  const name = `临期清理：${skuNames[0]}${skuNames.length > 1 ? ` 等${skuNames.length}个商品` : ''}`;
  return {
    values: {
      name: name.slice(0, 64),
      promoType: 'NEAR_EXPIRY',
      applyLevel: 'LINE',
      audience: 'DEALER',
      period: [dayjs().startOf('minute'), dayjs(firstExpiry).subtract(1, 'minute')],
      productScope: { skuIds },
      customerScope: { includeIds: [...dealers.keys()] },
    },
    customerOptions: [...dealers].map(([value, dealerName]) => ({ value, label: `${dealerName}（经销商）` })),
  };
}

export default function ProdStockPage() {
  const [totals, setTotals] = useState<StockTotals | null>(null);
  const [buckets, setBuckets] = useState<AgeBucketSummary[]>([]);
  const may = {
    out: useHasPermission('stock:out'),
    transfer: useHasPermission('stock:transfer'),
    adjust: useHasPermission('stock:adjust'),
    promote: useHasPermission('promotion:add'),
  };
  const list = useListPage<StockLot>({
    filterKeys: [
      'keyword',
      'warehouseId',
      'brandId',
      'freshness',
      'lotStatus',
      'ageBucket',
      'nearExpiryOnly',
    ],
    sortKeys: ['expiryDate', 'productionDate', 'batchNo', 'qtyOnHand', 'skuCode', 'warehouseName'],
    fetch: async (params) => {
      // The buckets answer the same filters except the bucket itself, so every bucket stays clickable.
      const {
        ageBucket: _bucket,
        pageNo: _page,
        pageSize: _size,
        column: _c,
        order: _o,
        ...filters
      } = params;
      // The rows do not wait for the buckets: each shows when it arrives.
      void stockAgeSummary(filters as ListParams)
        .then((summary) => {
          if (summary.success) setBuckets(summary.result);
        })
        .catch(() => undefined);
      const answer = await listStockLots(params);
      if (answer.success) setTotals(answer.result.totals);
      return answer;
    },
  });
  const activeBucket = list.query.filters.ageBucket;
  const confirm = useConfirmAction();
  const [stockInOpen, setStockInOpen] = useState(false);
  const [bucketsOpen, setBucketsOpen] = useState(false);
  const [lotCommand, setLotCommand] = useState<{
    command: Exclude<StockCommand, 'in'>;
    lot: StockLot;
  } | null>(null);
  const toggleFrozen = (lot: StockLot) => {
    const freezing = lot.lotStatus === 'NORMAL';
    confirm({
      title: `确定${freezing ? '冻结' : '解冻'}批次 ${lot.batchNo} 吗？`,
      content: freezing ? '冻结后该批次不能出库或调拨。' : '解冻后该批次恢复可用。',
      okText: freezing ? '冻结' : '解冻',
      danger: freezing,
      action: () => changeLotStatus(lot.id, freezing ? 'FROZEN' : 'NORMAL'),
      onDone: list.reload,
    });
  };
  const [shown, setShown] = useState<StockLot | null>(null);
  const [clearance, setClearance] = useState<PromotionPreset | null>(null);
  const nearExpiryView =
    list.query.filters.nearExpiryOnly === 'true' || list.query.filters.freshness === 'NEAR_EXPIRY';
  const colorOf = (code: string) => buckets.find((bucket) => bucket.code === code)?.color;

  const columns: ColumnsType<StockLot> = [
    {
      title: '商品',
      dataIndex: 'skuCode',
      key: 'skuCode',
      sorter: true,
      render: (code: string, lot) => <TwoLineCell main={lot.skuName} sub={code} />,
    },
    {
      title: '批次号 / 仓库',
      dataIndex: 'batchNo',
      key: 'batchNo',
      sorter: true,
      render: (batchNo: string, lot) => <TwoLineCell main={batchNo} sub={lot.warehouseName} />,
    },
    {
      title: '生产 / 到期',
      dataIndex: 'expiryDate',
      key: 'expiryDate',
      sorter: true,
      render: (expiry: string, lot) => <TwoLineCell main={lot.productionDate} sub={expiry} />,
    },
    {
      title: '库龄 / 效期',
      dataIndex: 'stockAgeDays',
      key: 'stockAgeDays',
      render: (days: number, lot) => (
        <TwoLineCell
          main={
            <Space size={4}>
              <span>{days}天</span>
              <Tag color={colorOf(lot.ageBucket)} style={{ color: '#262626' }}>
                {lot.ageBucket_dictText}
              </Tag>
            </Space>
          }
          sub={
            <Tooltip title={`剩余保质期 ${lot.remainingPercent}%（保质期 ${lot.shelfLifeDays} 天）`}>
              <Tag color={FRESHNESS_COLOR[lot.freshness]} style={{ marginTop: 4 }}>
                {lot.freshness_dictText}
              </Tag>
              {lot.remainingDays >= 0 ? `剩 ${lot.remainingDays} 天` : `已过期 ${-lot.remainingDays} 天`}
            </Tooltip>
          }
        />
      ),
    },
    {
      title: '库存',
      dataIndex: 'qtyOnHand',
      key: 'qtyOnHand',
      sorter: true,
      align: 'right',
      render: (qty: number, lot) => (
        <TwoLineCell
          main={formatQuantity(qty, packOf(lot))}
          sub={lot.qtyLocked > 0 && `可用 ${formatQuantity(lot.qtyAvailable, packOf(lot))}`}
        />
      ),
    },
    {
      title: '金额',
      dataIndex: 'amount',
      key: 'amount',
      align: 'right',
      render: (amount: string | null) => (amount == null ? '—' : `¥${amount}`),
    },
    {
      title: '批次状态',
      dataIndex: 'lotStatus',
      key: 'lotStatus',
      render: (status: string, lot) => (
        <Tag color={status === 'NORMAL' ? 'default' : 'red'}>{lot.lotStatus_dictText}</Tag>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_value, lot) => {
        const movable = lot.lotStatus === 'NORMAL' && lot.qtyAvailable > 0;
        const act = (command: Exclude<StockCommand, 'in'>) => () => setLotCommand({ command, lot });
        const actions: RowAction[] = [
          ...(may.out ? [{ key: 'out', label: '出库', disabled: !movable, onClick: act('out') }] : []),
          ...(may.transfer
            ? [{ key: 'transfer', label: '调拨', disabled: !movable, onClick: act('transfer') }]
            : []),
          ...(may.adjust ? [{ key: 'adjust', label: '盘点', onClick: act('adjust') }] : []),
          ...(may.adjust && (lot.lotStatus === 'NORMAL' || lot.lotStatus === 'FROZEN')
            ? [
                {
                  key: 'freeze',
                  label: lot.lotStatus === 'NORMAL' ? '冻结' : '解冻',
                  danger: lot.lotStatus === 'NORMAL',
                  onClick: () => toggleFrozen(lot),
                },
              ]
            : []),
          { key: 'detail', label: '详情', onClick: () => setShown(lot) },
        ];
        return <RowActions actions={actions} />;
      },
    },
  ];

  return (
    <>
      <ListPage<StockLot>
        list={list}
        columns={columns}
        // A lot is its SKU and its batch (in a warehouse): rows of one SKU differ only by the batch.
        compactColumns={['skuCode', 'batchNo', 'amount', 'lotStatus']}
        exportAs={exportStockLots}
        // Only near-expiry lots can be cleared by a promotion: expired ones may no longer be sold.
        batchActions={
          nearExpiryView && may.promote
            ? (selected) => (
                <Button icon={<TagOutlined />} onClick={() => setClearance(nearExpiryPreset(selected))}>
                  创建临期清理促销
                </Button>
              )
            : undefined
        }
        selectable={(lot) => lot.freshness === 'NEAR_EXPIRY'}
        toFormValues={toFormValues}
        toFilters={toFilters}
        searchFields={
          <>
            <Form.Item name="keyword" label="关键词">
              <Input placeholder="商品编码/名称/批次号" allowClear />
            </Form.Item>
            <Form.Item name="warehouseId" label="仓库">
              <RemoteSelect
                load={loadWarehouses}
                toOption={optionByName}
                placeholder="全部仓库"
                style={{ width: 180 }}
              />
            </Form.Item>
            <Form.Item name="brandId" label="品牌">
              <RemoteSelect
                load={loadBrands}
                toOption={optionByName}
                placeholder="全部品牌"
                style={{ width: 140 }}
              />
            </Form.Item>
            <Form.Item name="freshness" label="效期">
              <EnumSelect labels={FRESHNESS_CLASS} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="lotStatus" label="批次状态">
              <EnumSelect labels={LOT_STATUS} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="ageBucket" hidden>
              <Input />
            </Form.Item>
            <Form.Item name="nearExpiryOnly" valuePropName="checked">
              <Checkbox>只看临期/过期</Checkbox>
            </Form.Item>
          </>
        }
        toolbar={
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <Space wrap>
              <HasPermission code="stock:in">
                <Button type="primary" icon={<ImportOutlined />} onClick={() => setStockInOpen(true)}>
                  入库
                </Button>
              </HasPermission>
              <HasPermission code="stock:config">
                <Button icon={<SettingOutlined />} onClick={() => setBucketsOpen(true)}>
                  库龄段配置
                </Button>
              </HasPermission>
            </Space>
            <Card size="small">
              <Space size={40} wrap align="start">
                <Statistic title="批次数" value={totals?.lots ?? 0} />
                <Statistic title="库存（基本单位）" value={totals?.qtyOnHand ?? 0} />
                <Statistic title="折合箱数" value={totals?.cases ?? 0} precision={1} />
                <Statistic title="可用（基本单位）" value={totals?.qtyAvailable ?? 0} />
                <Statistic title="金额" value={totals?.amount ?? '0.00'} prefix="¥" />
                <div aria-label="库龄分布">
                  <div style={{ color: '#8c8c8c', marginBottom: 8 }}>库龄分布（点击筛选）</div>
                  <Space wrap size={[4, 4]}>
                    {buckets.map((bucket) => (
                      <Tag.CheckableTag
                        key={bucket.code}
                        checked={activeBucket === bucket.code}
                        style={{ borderColor: bucket.color }}
                        onChange={(checked) =>
                          list.search({ ...list.query.filters, ageBucket: checked ? bucket.code : undefined })
                        }
                      >
                        {bucket.label}：{bucket.lots}批 / {bucket.percent}%
                      </Tag.CheckableTag>
                    ))}
                  </Space>
                </div>
              </Space>
            </Card>
          </Space>
        }
      />
      <StockInModal open={stockInOpen} onClose={() => setStockInOpen(false)} onSaved={list.reload} />
      <LotCommandModal
        command={lotCommand?.command ?? null}
        lot={lotCommand?.lot ?? null}
        onClose={() => setLotCommand(null)}
        onSaved={list.reload}
      />
      <LotDrawer lot={shown} onClose={() => setShown(null)} />
      <PromotionFormModal
        id={undefined}
        open={clearance !== null}
        preset={clearance ?? undefined}
        onClose={() => setClearance(null)}
        onSaved={() => setClearance(null)}
      />
      <AgeBucketsModal open={bucketsOpen} onClose={() => setBucketsOpen(false)} onSaved={list.reload} />
    </>
  );
}

/** A lot's detail: where it is, its dates and quantities, and its 变更记录 (stock-ins, moves, counts, freezes). */
export function LotDrawer({ lot, onClose }: { lot: StockLot | null; onClose: () => void }) {
  const quantity = (qty: number) => (lot ? formatQuantity(qty, packOf(lot)) : '');
  return (
    <RecordDrawer
      title={lot ? `批次详情：${lot.skuName} ${lot.batchNo}` : ''}
      bizType="STOCK_LOT"
      bizId={lot?.id ?? null}
      onClose={onClose}
      items={
        lot
          ? [
              { label: '商品', content: `${lot.skuName}（${lot.skuCode}）` },
              { label: '品牌', content: lot.brandName },
              {
                label: '仓库',
                content: lot.dealerName ? `${lot.warehouseName}（${lot.dealerName}）` : lot.warehouseName,
              },
              { label: '批次号', content: lot.batchNo },
              { label: '生产日期', content: lot.productionDate },
              { label: '到期日期', content: lot.expiryDate },
              { label: '首次入库', content: lot.firstInboundDate },
              { label: '库龄', content: `${lot.stockAgeDays} 天（${lot.ageBucket_dictText}）` },
              { label: '效期', content: `${lot.freshness_dictText}，剩余 ${lot.remainingPercent}%` },
              { label: '批次状态', content: lot.lotStatus_dictText },
              { label: '库存', content: quantity(lot.qtyOnHand) },
              { label: '锁定 / 可用', content: `${quantity(lot.qtyLocked)} / ${quantity(lot.qtyAvailable)}` },
              { label: '单位成本', content: lot.unitCost ?? '—' },
              { label: '金额', content: lot.amount ?? '—' },
            ]
          : []
      }
    />
  );
}
