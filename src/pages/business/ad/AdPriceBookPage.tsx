// 广告价目表 (eAdAppr/AdPriceBook): the price per ㎡ of each ad type and material that every quote is made
// from; maintained by marketing (ad:price), 启用/停用, with its 变更记录.
import { useState } from 'react';
import { Button, Form, Input, InputNumber } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { AD_TYPE } from '../../../../common/ads';
import { ENABLED_STATUS } from '../../../../common/businessEnums';
import {
  type AdPrice,
  type AdPricePayload,
  exportAdPrices,
  listAdPrices,
  saveAdPrice,
} from '../../../api/ads';
import { HasPermission } from '../../../components/HasPermission';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { required, requiredNumber } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { useHistoryColumn } from '../../../components/history/historyColumn';
import { useEnabledColumns } from '../../../components/table/enabledColumns';
import { ListPage } from '../../../components/table/ListPage';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';

const payloadOf = (price: AdPrice): AdPricePayload => ({
  id: price.id,
  adType: price.adType,
  material: price.material,
  unitPrice: Number(price.unitPrice),
  status: price.status,
  remark: price.remark,
});

export default function AdPriceBookPage() {
  const list = useListPage<AdPrice>({
    filterKeys: ['adType', 'material', 'status'],
    sortKeys: ['adType', 'unitPrice'],
    defaultSort: { column: 'adType', order: 'asc' },
    fetch: listAdPrices,
  });
  const [editing, setEditing] = useState<AdPrice | null | undefined>(undefined);
  const history = useHistoryColumn<AdPrice>(
    'AD_PRICE',
    (price) => `${price.adType_dictText} · ${price.material}`,
  );
  const enabledColumns = useEnabledColumns<AdPrice>({
    noun: '价格',
    editCode: 'ad:price',
    disablingNote: '停用后新的广告申请不能再按该价格报价。',
    onEdit: setEditing,
    setStatus: (price, status) => saveAdPrice({ ...payloadOf(price), status }),
    onSwitched: list.reload,
  });
  const columns: ColumnsType<AdPrice> = [
    {
      title: '广告类型 / 材质',
      dataIndex: 'adType_dictText',
      key: 'adType',
      sorter: true,
      render: (type: string, price) => <TwoLineCell main={type} sub={price.material} />,
    },
    {
      title: '单价(元/㎡)',
      dataIndex: 'unitPrice',
      key: 'unitPrice',
      sorter: true,
      render: (value: string) => `¥${Number(value).toFixed(2)}`,
    },
    { title: '备注', dataIndex: 'remark', key: 'remark', render: (value) => value ?? '—' },
    { title: '更新时间', dataIndex: 'updateTime', key: 'updateTime' },
    history.column,
    ...enabledColumns,
  ];
  return (
    <>
      <ListPage<AdPrice>
        list={list}
        columns={columns}
        compactColumns={['adType', 'unitPrice', 'status']}
        exportAs={exportAdPrices}
        searchFields={
          <>
            <Form.Item name="adType" label="类型">
              <EnumSelect labels={AD_TYPE} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="material" label="材质">
              <Input allowClear />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={ENABLED_STATUS} placeholder="全部" style={{ width: 100 }} />
            </Form.Item>
          </>
        }
        toolbar={
          <HasPermission code="ad:price">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              新增价格
            </Button>
          </HasPermission>
        }
      />
      {history.drawer}
      <ModalForm<AdPricePayload>
        title={editing ? '编辑价格' : '新增价格'}
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        onSaved={list.reload}
        initialValues={editing ? payloadOf(editing) : { adType: 'STOREFRONT_SIGN', status: 'ACTIVE' }}
        onSubmit={(values) => saveAdPrice({ ...(editing ? payloadOf(editing) : {}), ...values })}
      >
        <Form.Item name="adType" label="广告类型" rules={[required('广告类型', '选择')]}>
          <EnumSelect labels={AD_TYPE} allowClear={false} />
        </Form.Item>
        <Form.Item name="material" label="材质" rules={[required('材质'), { max: 32, message: '最多32字!' }]}>
          <Input placeholder="喷绘布 / 亚克力 / 铝塑板 …" />
        </Form.Item>
        <Form.Item name="unitPrice" label="单价(元/㎡)" rules={[requiredNumber('单价')]}>
          <InputNumber min={0} max={100000} precision={2} prefix="¥" />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea rows={2} maxLength={256} />
        </Form.Item>
      </ModalForm>
    </>
  );
}
