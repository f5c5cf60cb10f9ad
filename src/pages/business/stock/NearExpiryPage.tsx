// 临期预警 (eprod/NearExpiryList, DOMAIN §1.6): warehouse lots and the outlets' latest stock checks inside the
// near-expiry window (soonest to expire first), then those past it, each with its days left and the action the
// server suggests (促销 / 调拨 / 换货 / 退货 / 报损; the rule is server/modules/stock/expiryAction.ts). Each row acts on it
// with the existing forms, the suggested action first (at most two links, the rest under 更多), each offered only
// with its form's own permission: a lot's 调拨 and 报损 (the stock page's lot commands, filled with the lot; their
// movements carry 临期预警's source reference), 临期促销 (a 临期清理 promotion for its SKU and dealer, also for several
// picked lots); a shelf check's 退货 and 换货 (the order page's dialogs, on the order line the server finds shipped that
// batch to the outlet) and its visit. Under the suggestion, 处理单据: the document that handled the row, linked to
// where it is listed.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, Form, Input, InputNumber, Space, Tag, Tooltip, Typography } from 'antd';
import { TagOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { EXPIRY_SOURCE, FRESHNESS_CLASS } from '../../../../common/businessEnums';
import { splitBaseQty } from '../../../../common/quantity';
import { dealerOptions } from '../../../api/customers';
import { shelfGoodsLine } from '../../../api/orders';
import { listBrands } from '../../../api/products';
import { exportNearExpiry, listNearExpiry, listWarehouses, type NearExpiryRow } from '../../../api/stock';
import { EnumSelect, RemoteSelect, optionByName } from '../../../components/form/EnumSelect';
import { useHasPermission } from '../../../components/HasPermission';
import { RowActions, type RowAction } from '../../../components/table/RowActions';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { ListPage } from '../../../components/table/ListPage';
import { useListPage } from '../../../components/table/useListPage';
import { selectListVersion } from '../../../features/orders/selectors';
import { useAppSelector } from '../../../store/hooks';
import { toast } from '../../../utils/notifier';
import { ReturnDialog, type PicksPreset } from '../order/ReturnDialog';
import { SwapDialog } from '../order/SwapDialog';
import type { OrderRef } from '../order/useOrderDialogs';
import { PromotionFormModal, type PromotionPreset } from '../promotion/PromotionFormModal';
import { VisitDetailDrawer } from '../visit/VisitDetailDrawer';
import { FRESHNESS_COLOR, nearExpiryPreset } from './ProdStockPage';
import { LotCommandModal, type CommandLot, type LotCommandPreset } from './StockCommands';

const loadWarehouses = () => listWarehouses({ pageSize: 200 });
const loadBrands = () => listBrands({ pageSize: 200 });
const IN_WINDOW = { NEAR_EXPIRY: FRESHNESS_CLASS.NEAR_EXPIRY, EXPIRED: FRESHNESS_CLASS.EXPIRED };

const ACTION_COLOR: Record<NearExpiryRow['action'], string> = {
  PROMOTE: 'blue',
  TRANSFER: 'purple',
  EXCHANGE: 'orange',
  RETURN: 'red',
  DESTROY: 'red',
};

/** Why the server suggests what it does, in the words of the rule. */
function actionReason(row: NearExpiryRow): string {
  if (row.source === 'OUTLET') {
    if (row.action === 'RETURN') return '货架上的商品已过期，应退货下架';
    if (row.action === 'EXCHANGE') return '剩余天数不足临期窗口的一半，建议临期换新';
    return '仍在临期窗口前段，门店促销可售完';
  }
  if (row.action === 'DESTROY') return '批次已过期，不能销售，应报损（过期销毁出库）';
  const sales = `近30天本仓销售 ${row.soldHereText ?? '0'}`;
  if (row.action === 'TRANSFER')
    return `${sales}，到期前售不完；${row.transferToName} 近30天销售 ${row.soldElsewhereText}，可调拨`;
  return `${sales}，建议发起临期清理促销`;
}

/** The row action that carries out each suggestion: it comes first. */
const SUGGESTED: Record<NearExpiryRow['action'], string> = {
  PROMOTE: 'promote',
  TRANSFER: 'transfer',
  DESTROY: 'destroy',
  RETURN: 'return',
  EXCHANGE: 'exchange',
};

/** A lot row as the stock page's lot commands take it. */
const commandLotOf = (row: NearExpiryRow): CommandLot => ({
  id: row.id,
  warehouseId: row.warehouseId ?? '',
  warehouseName: row.placeName,
  skuId: row.skuId,
  skuCode: row.skuCode,
  skuName: row.skuName,
  batchNo: row.batchNo ?? '',
  productionDate: row.productionDate,
  qtyOnHand: row.qty,
  qtyAvailable: row.qtyAvailable ?? 0,
  unitsPerCase: row.unitsPerCase,
  saleUnit: row.saleUnit,
  baseUnit: row.baseUnit,
});

/**
 * 调拨 of all the lot's free stock to the suggested warehouse; 报损 of all of it, an expired lot as 过期销毁, a lot still
 * in date as 报损. Both leave 临期预警's reference on their movements.
 */
function lotPreset(command: 'transfer' | 'out', row: NearExpiryRow): LotCommandPreset {
  const quantity = splitBaseQty(row.qtyAvailable ?? 0, row.unitsPerCase);
  return {
    values:
      command === 'transfer'
        ? { ...quantity, toWarehouseId: row.transferToId ?? undefined }
        : { ...quantity, movementType: row.freshness === 'EXPIRED' ? 'EXPIRED_DESTROY' : 'DAMAGE' },
    sourceDocType: 'NEAR_EXPIRY',
  };
}

type ShelfDialog = { kind: 'return' | 'swap'; order: OrderRef; preset: PicksPreset & { skuId: string } };

/**
 * 处理单据 under the suggestion: the document's kind, its number — linked to the list that shows it when the user may
 * open that list — and a return's or exchange's status.
 */
function HandledDocument({
  row,
  links,
}: {
  row: NearExpiryRow;
  links: { movements: boolean; orders: boolean };
}) {
  if (!row.handledDocNo) return null;
  const order = row.handledOrderNo;
  const to = order
    ? links.orders && `/eOrder/eOrder?orderNo=${encodeURIComponent(order)}`
    : links.movements && `/eprod/movement?movementNo=${encodeURIComponent(row.handledDocNo)}`;
  return (
    <span title={`${row.handledAt ?? ''}${order ? ` 订单 ${order}` : ''}`}>
      {row.handledDocType_dictText} {to ? <Link to={to}>{row.handledDocNo}</Link> : row.handledDocNo}
      {row.handledDocStatus_dictText && `（${row.handledDocStatus_dictText}）`}
    </span>
  );
}

export default function NearExpiryPage() {
  const may = {
    promote: useHasPermission('promotion:add'),
    visits: useHasPermission('visit:list'),
    transfer: useHasPermission('stock:transfer'),
    out: useHasPermission('stock:out'),
    returns: useHasPermission('order:return'),
    movements: useHasPermission('stock:list'),
    orders: useHasPermission('order:list'),
  };
  const list = useListPage<NearExpiryRow>({
    filterKeys: [
      'keyword',
      'source',
      'brandId',
      'warehouseId',
      'dealerId',
      'freshness',
      'remainingDays_begin',
      'remainingDays_end',
    ],
    sortKeys: ['remainingDays', 'qty', 'skuCode', 'checkedOn'],
    fetch: listNearExpiry,
  });
  const { reload } = list;
  const [clearance, setClearance] = useState<PromotionPreset | null>(null);
  const [visitId, setVisitId] = useState<string | null>(null);
  const [lotCommand, setLotCommand] = useState<{
    command: 'transfer' | 'out';
    lot: CommandLot;
    preset: LotCommandPreset;
  } | null>(null);
  const [shelf, setShelf] = useState<ShelfDialog | null>(null);
  /** The shelf action looking for its order line, as `rowId:kind`. */
  const [finding, setFinding] = useState<string | null>(null);
  const promotable = (row: NearExpiryRow) =>
    row.source === 'LOT' && row.freshness === 'NEAR_EXPIRY' && row.qty > 0;
  const closeShelf = useCallback(() => setShelf(null), []);

  // A 退单 or 换货单 submitted from here changes orders: the rows show it.
  const ordersVersion = useAppSelector(selectListVersion);
  const seenVersion = useRef(ordersVersion);
  useEffect(() => {
    if (ordersVersion === seenVersion.current) return;
    seenVersion.current = ordersVersion;
    reload();
  }, [ordersVersion, reload]);

  const openLotCommand = (command: 'transfer' | 'out', row: NearExpiryRow) =>
    setLotCommand({ command, lot: commandLotOf(row), preset: lotPreset(command, row) });

  /** 退货 / 换货 of shelf goods: the order line that shipped their batch to the outlet, else the server's reason. */
  const openShelf = async (kind: 'return' | 'swap', row: NearExpiryRow) => {
    setFinding(`${row.id}:${kind}`);
    try {
      const answer = await shelfGoodsLine(row.id);
      if (!answer.success) {
        toast('error', answer.message);
        return;
      }
      const line = answer.result;
      setShelf({
        kind,
        order: { id: line.orderId, orderNo: line.orderNo, status: line.status },
        preset: {
          picks: { [line.orderLineId]: splitBaseQty(line.baseQty, line.unitsPerCase) },
          reason: 'NEAR_EXPIRY',
          skuId: line.skuId,
        },
      });
    } catch {
      // Shown by the HTTP error saga.
    } finally {
      setFinding(null);
    }
  };

  const lotActions = (row: NearExpiryRow): RowAction[] => {
    const free = (row.qtyAvailable ?? 0) > 0;
    return [
      ...(may.transfer
        ? [
            {
              key: 'transfer',
              label: '调拨',
              // Expired or frozen lots cannot move; neither can stock held for orders.
              disabled: !free || row.freshness !== 'NEAR_EXPIRY' || row.lotStatus !== 'NORMAL',
              onClick: () => openLotCommand('transfer', row),
            },
          ]
        : []),
      ...(may.out
        ? [
            {
              key: 'destroy',
              label: '报损',
              danger: true,
              disabled: !free || row.lotStatus === 'FROZEN',
              onClick: () => openLotCommand('out', row),
            },
          ]
        : []),
      ...(may.promote
        ? [
            {
              key: 'promote',
              label: '临期促销',
              disabled: !promotable(row),
              onClick: () => setClearance(nearExpiryPreset([row])),
            },
          ]
        : []),
    ];
  };

  const shelfActions = (row: NearExpiryRow): RowAction[] => [
    ...(may.returns
      ? (['return', 'exchange'] as const).map((key) => {
          const kind = key === 'return' ? 'return' : 'swap';
          return {
            key,
            label: key === 'return' ? '退货' : '换货',
            loading: finding === `${row.id}:${kind}`,
            onClick: () => void openShelf(kind, row),
          };
        })
      : []),
    ...(row.visitId && may.visits
      ? [{ key: 'visit', label: '查看拜访', onClick: () => setVisitId(row.visitId) }]
      : []),
  ];

  const columns: ColumnsType<NearExpiryRow> = [
    {
      title: '商品',
      dataIndex: 'skuCode',
      key: 'skuCode',
      sorter: true,
      width: 200,
      ellipsis: true,
      render: (code: string, row) => <TwoLineCell main={row.skuName} sub={code} />,
    },
    {
      title: '来源 / 位置',
      dataIndex: 'placeName',
      key: 'placeName',
      width: 190,
      ellipsis: true,
      render: (place: string, row) => (
        <TwoLineCell
          main={place}
          sub={
            <Space size={4}>
              <Tag color={row.source === 'LOT' ? 'geekblue' : 'cyan'}>{row.source_dictText}</Tag>
              {row.source === 'LOT' ? row.batchNo : `${row.checkedOn} ${row.employeeName}`}
            </Space>
          }
        />
      ),
    },
    {
      title: '经销商',
      dataIndex: 'dealerName',
      key: 'dealerName',
      width: 140,
      ellipsis: true,
      render: (name: string | null) => name ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: '剩余天数',
      dataIndex: 'remainingDays',
      key: 'remainingDays',
      sorter: true,
      render: (days: number, row) => (
        <Tooltip
          title={`生产日期 ${row.productionDate}，剩余保质期 ${row.remainingPercent}%（保质期 ${row.shelfLifeDays} 天）`}
        >
          <TwoLineCell
            main={
              <>
                {days >= 0 ? `剩 ${days} 天` : `过期 ${-days} 天`}{' '}
                <Tag color={FRESHNESS_COLOR[row.freshness]}>{row.freshness_dictText}</Tag>
              </>
            }
            sub={`到期 ${row.expiryDate}`}
          />
        </Tooltip>
      ),
    },
    { title: '数量', dataIndex: 'qtyText', key: 'qty', sorter: true, align: 'right' },
    {
      title: '建议处理',
      dataIndex: 'action',
      key: 'action',
      width: 160,
      ellipsis: true,
      render: (action: NearExpiryRow['action'], row) => (
        <TwoLineCell
          main={
            <Tooltip title={actionReason(row)}>
              <Tag color={ACTION_COLOR[action]}>{row.action_dictText}</Tag>
            </Tooltip>
          }
          // The target warehouse on the second line, where a long name wraps instead of widening the table.
          sub={
            row.handledDocNo ? (
              <HandledDocument row={row} links={{ movements: may.movements, orders: may.orders }} />
            ) : (
              row.transferToName && `→ ${row.transferToName}`
            )
          }
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_value, row) => {
        const actions = row.source === 'LOT' ? lotActions(row) : shelfActions(row);
        // The suggested action first: the one link left beside 更多 when there are more than two.
        const suggested = SUGGESTED[row.action];
        const ordered = [
          ...actions.filter((action) => action.key === suggested),
          ...actions.filter((action) => action.key !== suggested),
        ];
        return <RowActions actions={ordered} max={2} />;
      },
    },
  ];

  return (
    <>
      <ListPage<NearExpiryRow>
        list={list}
        columns={columns}
        compactColumns={['skuCode', 'placeName', 'remainingDays', 'action']}
        exportAs={exportNearExpiry}
        // Only near-expiry lots can be cleared by a promotion: expired ones may no longer be sold.
        batchActions={
          may.promote
            ? (selected) => (
                <Button icon={<TagOutlined />} onClick={() => setClearance(nearExpiryPreset(selected))}>
                  创建临期清理促销
                </Button>
              )
            : undefined
        }
        selectable={promotable}
        searchFields={
          <>
            <Form.Item name="keyword" label="关键词">
              <Input placeholder="商品/批次号/门店" allowClear />
            </Form.Item>
            <Form.Item name="source" label="来源">
              <EnumSelect labels={EXPIRY_SOURCE} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="brandId" label="品牌">
              <RemoteSelect
                load={loadBrands}
                toOption={optionByName}
                placeholder="全部品牌"
                style={{ width: 140 }}
              />
            </Form.Item>
            <Form.Item name="dealerId" label="经销商">
              <RemoteSelect
                load={dealerOptions}
                toOption={optionByName}
                placeholder="全部经销商"
                style={{ width: 180 }}
              />
            </Form.Item>
            <Form.Item name="warehouseId" label="仓库">
              <RemoteSelect
                load={loadWarehouses}
                toOption={optionByName}
                placeholder="全部仓库"
                style={{ width: 180 }}
              />
            </Form.Item>
            <Form.Item name="freshness" label="效期">
              <EnumSelect labels={IN_WINDOW} placeholder="全部" style={{ width: 100 }} />
            </Form.Item>
            <Form.Item label="剩余天数">
              <Space.Compact>
                <Form.Item name="remainingDays_begin" noStyle>
                  <InputNumber placeholder="从" style={{ width: 80 }} />
                </Form.Item>
                <Form.Item name="remainingDays_end" noStyle>
                  <InputNumber placeholder="到" style={{ width: 80 }} />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </>
        }
      />
      <PromotionFormModal
        id={undefined}
        open={clearance !== null}
        preset={clearance ?? undefined}
        onClose={() => setClearance(null)}
        onSaved={() => setClearance(null)}
      />
      <VisitDetailDrawer visitId={visitId} onClose={() => setVisitId(null)} />
      <LotCommandModal
        command={lotCommand?.command ?? null}
        lot={lotCommand?.lot ?? null}
        preset={lotCommand?.preset}
        onClose={() => setLotCommand(null)}
        onSaved={reload}
      />
      {shelf?.kind === 'return' && (
        <ReturnDialog order={shelf.order} preset={shelf.preset} onClose={closeShelf} />
      )}
      {shelf?.kind === 'swap' && (
        <SwapDialog order={shelf.order} preset={shelf.preset} onClose={closeShelf} />
      )}
    </>
  );
}
