// 临期预警 (eprod/NearExpiryList, DOMAIN §1.6): warehouse lots and the outlets' latest stock checks inside the
// near-expiry window (soonest to expire first), then those past it, each with its days left and the action the
// server suggests (促销 / 调拨 / 换货 / 退货 / 报损; the rule is server/modules/stock/expiryAction.ts). Near-expiry
// lots can be picked to start a 临期清理 promotion (the 仓库库存 page's nearExpiryPreset); an outlet row opens its
// visit.
import { useState } from 'react';
import { Button, Form, Input, InputNumber, Space, Tag, Tooltip, Typography } from 'antd';
import { TagOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { EXPIRY_SOURCE, FRESHNESS_CLASS } from '../../../../common/businessEnums';
import { dealerOptions } from '../../../api/customers';
import { listBrands } from '../../../api/products';
import { exportNearExpiry, listNearExpiry, listWarehouses, type NearExpiryRow } from '../../../api/stock';
import { EnumSelect, RemoteSelect, optionByName } from '../../../components/form/EnumSelect';
import { useHasPermission } from '../../../components/HasPermission';
import { RowActions, type RowAction } from '../../../components/table/RowActions';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { ListPage } from '../../../components/table/ListPage';
import { useListPage } from '../../../components/table/useListPage';
import { PromotionFormModal, type PromotionPreset } from '../promotion/PromotionFormModal';
import { VisitDetailDrawer } from '../visit/VisitDetailDrawer';
import { FRESHNESS_COLOR, nearExpiryPreset } from './ProdStockPage';

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

export default function NearExpiryPage() {
  const may = { promote: useHasPermission('promotion:add'), visits: useHasPermission('visit:list') };
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
    sortKeys: ['remainingDays', 'expiryDate', 'qty', 'skuCode', 'checkedOn'],
    fetch: listNearExpiry,
  });
  const [clearance, setClearance] = useState<PromotionPreset | null>(null);
  const [visitId, setVisitId] = useState<string | null>(null);
  const promotable = (row: NearExpiryRow) => row.source === 'LOT' && row.freshness === 'NEAR_EXPIRY';

  const columns: ColumnsType<NearExpiryRow> = [
    {
      title: '商品',
      dataIndex: 'skuCode',
      key: 'skuCode',
      sorter: true,
      render: (code: string, row) => <TwoLineCell main={row.skuName} sub={code} />,
    },
    {
      title: '来源 / 位置',
      dataIndex: 'placeName',
      key: 'placeName',
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
      width: 150,
      ellipsis: true,
      render: (name: string | null) => name ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: '生产 / 到期',
      dataIndex: 'expiryDate',
      key: 'expiryDate',
      sorter: true,
      render: (expiry: string, row) => <TwoLineCell main={row.productionDate} sub={expiry} />,
    },
    {
      title: '剩余天数',
      dataIndex: 'remainingDays',
      key: 'remainingDays',
      sorter: true,
      render: (days: number, row) => (
        <Tooltip title={`剩余保质期 ${row.remainingPercent}%（保质期 ${row.shelfLifeDays} 天）`}>
          <TwoLineCell
            main={days >= 0 ? `剩 ${days} 天` : `过期 ${-days} 天`}
            sub={<Tag color={FRESHNESS_COLOR[row.freshness]}>{row.freshness_dictText}</Tag>}
          />
        </Tooltip>
      ),
    },
    { title: '数量', dataIndex: 'qtyText', key: 'qty', sorter: true, align: 'right' },
    {
      title: '建议处理',
      dataIndex: 'action',
      key: 'action',
      render: (action: NearExpiryRow['action'], row) => (
        <Tooltip title={actionReason(row)}>
          <Tag color={ACTION_COLOR[action]}>
            {row.action_dictText}
            {row.transferToName ? ` → ${row.transferToName}` : ''}
          </Tag>
        </Tooltip>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_value, row) => {
        const actions: RowAction[] = [
          ...(row.source === 'LOT' && may.promote
            ? [
                {
                  key: 'promote',
                  label: '发起临期促销',
                  disabled: !promotable(row),
                  onClick: () => setClearance(nearExpiryPreset([row])),
                },
              ]
            : []),
          ...(row.source === 'OUTLET' && row.visitId && may.visits
            ? [{ key: 'visit', label: '查看拜访', onClick: () => setVisitId(row.visitId) }]
            : []),
        ];
        return <RowActions actions={actions} />;
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
    </>
  );
}
