// 资产型号 (eAsset/AssetModelList): the freezer and rack models with their value (which decides the placement's
// approval flow), deposit standard and warranty; add/edit in a modal, 启用/停用.
import { useState } from 'react';
import { Button, Form, Input, InputNumber } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { ASSET_TYPE, FORM_FACTOR } from '../../../../common/assets';
import { ENABLED_STATUS } from '../../../../common/businessEnums';
import {
  exportAssetModels,
  listAssetModels,
  saveAssetModel,
  type AssetModel,
  type AssetModelPayload,
} from '../../../api/assets';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { useHistoryColumn } from '../../../components/history/historyColumn';
import { required } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { HasPermission } from '../../../components/HasPermission';
import { useEnabledColumns } from '../../../components/table/enabledColumns';
import { ListPage } from '../../../components/table/ListPage';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';

const payloadOf = (model: AssetModel): AssetModelPayload => ({
  id: model.id,
  modelCode: model.modelCode,
  name: model.name,
  assetType: model.assetType,
  formFactor: model.formFactor,
  volumeL: model.volumeL,
  powerW: model.powerW,
  tempRange: model.tempRange,
  manufacturer: model.manufacturer,
  unitValue: Number(model.unitValue),
  depositAmount: Number(model.depositAmount),
  warrantyMonths: model.warrantyMonths,
  status: model.status,
});

const money = (value: string) => `¥${Number(value).toFixed(2)}`;

export default function AssetModelListPage() {
  const list = useListPage<AssetModel>({
    filterKeys: ['modelCode', 'name', 'assetType', 'status'],
    sortKeys: ['modelCode', 'unitValue'],
    defaultSort: { column: 'modelCode', order: 'asc' },
    fetch: listAssetModels,
  });
  const [editing, setEditing] = useState<AssetModel | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const history = useHistoryColumn<AssetModel>('ASSET_MODEL', (model) => model.modelCode);
  const open = (model: AssetModel | null) => {
    setEditing(model);
    setFormOpen(true);
  };
  const enabledColumns = useEnabledColumns<AssetModel>({
    noun: '型号',
    editCode: 'asset:model',
    disablingNote: '停用后该型号不能再入库。',
    onEdit: open,
    setStatus: (model, status) => saveAssetModel({ ...payloadOf(model), status }),
    onSwitched: list.reload,
  });

  const columns: ColumnsType<AssetModel> = [
    { title: '型号编码', dataIndex: 'modelCode', key: 'modelCode', sorter: true },
    {
      title: '名称',
      dataIndex: 'name',
      key: 'name',
      render: (name: string, model) => (
        <TwoLineCell main={name} sub={`${model.assetType_dictText} · ${model.formFactor_dictText}`} />
      ),
    },
    { title: '容积(L)', dataIndex: 'volumeL', key: 'volumeL', render: (value) => value ?? '—' },
    { title: '厂家', dataIndex: 'manufacturer', key: 'manufacturer', render: (value) => value ?? '—' },
    { title: '资产价值', dataIndex: 'unitValue', key: 'unitValue', sorter: true, render: money },
    { title: '押金标准', dataIndex: 'depositAmount', key: 'depositAmount', render: money },
    { title: '保修(月)', dataIndex: 'warrantyMonths', key: 'warrantyMonths' },
    { title: '台数', dataIndex: 'assetCount', key: 'assetCount' },
    history.column,
    ...enabledColumns,
  ];

  return (
    <>
      <ListPage<AssetModel>
        list={list}
        compactColumns={['name', 'unitValue', 'history']}
        columns={columns}
        exportAs={exportAssetModels}
        searchFields={
          <>
            <Form.Item name="modelCode" label="编码">
              <Input placeholder="型号编码" allowClear />
            </Form.Item>
            <Form.Item name="assetType" label="类型">
              <EnumSelect labels={ASSET_TYPE} placeholder="全部" style={{ width: 100 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={ENABLED_STATUS} placeholder="全部" style={{ width: 100 }} />
            </Form.Item>
          </>
        }
        toolbar={
          <HasPermission code="asset:model">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
              新增型号
            </Button>
          </HasPermission>
        }
      />
      {history.drawer}
      <ModalForm<AssetModelPayload>
        title={editing ? '编辑型号' : '新增型号'}
        open={formOpen}
        onClose={() => setFormOpen(false)}
        onSaved={list.reload}
        initialValues={
          editing
            ? payloadOf(editing)
            : { assetType: 'FREEZER', formFactor: 'UPRIGHT_1D', warrantyMonths: 12, status: 'ACTIVE' }
        }
        onSubmit={(values) => saveAssetModel({ ...(editing ? payloadOf(editing) : {}), ...values })}
      >
        <Form.Item
          name="modelCode"
          label="型号编码"
          rules={[required('型号编码'), { max: 32, message: '最多32位!' }]}
        >
          <Input disabled={Boolean(editing)} />
        </Form.Item>
        <Form.Item name="name" label="名称" rules={[required('名称'), { max: 64, message: '最多64字!' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="assetType" label="资产类型" rules={[required('资产类型', '选择')]}>
          <EnumSelect labels={ASSET_TYPE} allowClear={false} />
        </Form.Item>
        <Form.Item name="formFactor" label="形态" rules={[required('形态', '选择')]}>
          <EnumSelect labels={FORM_FACTOR} allowClear={false} />
        </Form.Item>
        <Form.Item name="volumeL" label="容积(L)">
          <InputNumber min={0} max={10000} />
        </Form.Item>
        <Form.Item name="manufacturer" label="生产厂家">
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="unitValue" label="资产价值" rules={[required('资产价值')]}>
          <InputNumber min={0} max={10000000} precision={2} prefix="¥" />
        </Form.Item>
        <Form.Item name="depositAmount" label="押金标准" rules={[required('押金标准')]}>
          <InputNumber min={0} max={10000000} precision={2} prefix="¥" />
        </Form.Item>
        <Form.Item name="warrantyMonths" label="保修期(月)">
          <InputNumber min={0} max={240} />
        </Form.Item>
      </ModalForm>
    </>
  );
}
