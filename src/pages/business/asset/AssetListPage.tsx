// 资产台账 (eAsset/AssetList, DOMAIN §1.10): one row per freezer or rack in the caller's data scope, filtered in
// the URL; a tag typed or scanned opens its asset; 入库 of new tags into a warehouse; per row the commands its
// states allow (发起投放 / 退还 / 转移 / 报废 start approvals; 巡检, 异常报备, 恢复正常, 确认遗失); 导出; the idle
// stock per warehouse above the list; 打印标签 of the selected rows (their QR tags on a printable sheet) and 交接
// of them to another rep (资产交接).
import { PAGE_SIZE_MAX } from '../../../../common/constants';
import { useEffect, useState } from 'react';
import { App, Button, Card, Form, Input, Select, Space, Statistic, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ImportOutlined, PrinterOutlined, ScanOutlined, SwapOutlined } from '@ant-design/icons';
import { ASSET_TYPE, CONDITION_STATUS, PLACEMENT_STATUS } from '../../../../common/assets';
import {
  confirmAssetLost,
  exportAssets,
  getAssetByNo,
  getIdleStock,
  inboundAssets,
  listAssetModels,
  listAssets,
  restoreAsset,
  type Asset,
  type IdleStockRow,
} from '../../../api/assets';
import { listWarehouses } from '../../../api/stock';
import { EnumSelect, RemoteSelect, optionByName } from '../../../components/form/EnumSelect';
import { required } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { useConfirmAction } from '../../../components/form/useConfirmAction';
import { HasPermission, useHasPermission } from '../../../components/HasPermission';
import { ListPage } from '../../../components/table/ListPage';
import { RowActions, type RowAction } from '../../../components/table/RowActions';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';
import { AssetCommandModal, assetCommandTitle, assetCommandsOf, type AssetCommand } from './AssetCommands';
import { AssetDrawer, CONDITION_COLOR, PLACEMENT_COLOR } from './AssetDrawer';
import { HandoverModal } from './AssetHandoverListPage';
import { AssetTagSheet } from './AssetTagSheet';

const loadModels = () => listAssetModels({ pageSize: PAGE_SIZE_MAX, status: 'ACTIVE' });
const modelOption = (model: { id: string; modelCode: string; name: string }) => ({
  value: model.id,
  label: `${model.modelCode} ${model.name}`,
});
const loadWarehouses = () => listWarehouses({ pageSize: PAGE_SIZE_MAX, status: 'ACTIVE' });

interface InboundValues {
  modelId: string;
  warehouseId: string;
  assetNos: string;
}

/** Tags typed or scanned one per line (or separated by spaces and commas). */
export const tagsOf = (text: string) =>
  text
    .split(/[\s,，]+/)
    .map((tag) => tag.trim().toUpperCase())
    .filter(Boolean);

function IdleStock({ version }: { version: number }) {
  const [rows, setRows] = useState<IdleStockRow[]>([]);
  useEffect(() => {
    let current = true;
    getIdleStock()
      .then((answer) => current && answer.success && setRows(answer.result))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [version]);
  const byWarehouse = new Map<string, IdleStockRow[]>();
  for (const row of rows)
    byWarehouse.set(row.warehouseName, [...(byWarehouse.get(row.warehouseName) ?? []), row]);
  if (byWarehouse.size === 0) return null;
  return (
    <Space wrap size={12} style={{ marginBottom: 12 }} aria-label="闲置库存">
      {[...byWarehouse].map(([warehouse, models]) => (
        <Card key={warehouse} size="small" title={`${warehouse} 闲置`} style={{ minWidth: 200 }}>
          <Statistic value={models.reduce((sum, row) => sum + row.normal, 0)} suffix="台可投放" />
          <div style={{ fontSize: 12, color: '#888' }}>
            {models.map((row) => `${row.modelCode}×${row.normal + row.abnormal}`).join('  ')}
          </div>
        </Card>
      ))}
    </Space>
  );
}

export default function AssetListPage() {
  const { message } = App.useApp();
  const list = useListPage<Asset>({
    filterKeys: ['keyword', 'assetType', 'placementStatus', 'conditionStatus', 'overdueInspection'],
    sortKeys: ['assetNo', 'placedAt', 'lastInspectionAt'],
    defaultSort: { column: 'assetNo', order: 'asc' },
    fetch: listAssets,
  });
  const [opened, setOpened] = useState<string | null>(null);
  const [command, setCommand] = useState<AssetCommand | null>(null);
  const [inboundOpen, setInboundOpen] = useState(false);
  const [version, setVersion] = useState(0);
  /** The assets whose QR tags are being printed (打印标签 of the selection). */
  const [tagged, setTagged] = useState<Asset[]>([]);
  /** The selected assets being handed to another rep (交接), and how to clear the selection after. */
  const [handing, setHanding] = useState<{ assets: Asset[]; done: () => void } | null>(null);
  const confirm = useConfirmAction();
  const canApply = useHasPermission('asset:apply');
  const canInspect = useHasPermission('asset:inspect');
  const canException = useHasPermission('asset:exception');
  const can = (code: string) =>
    code === 'asset:apply' ? canApply : code === 'asset:inspect' ? canInspect : false;
  const changed = () => {
    list.reload();
    setVersion((value) => value + 1);
  };

  const openTag = async (tag: string) => {
    if (!tag.trim()) return;
    try {
      const answer = await getAssetByNo(tag);
      if (answer.success) setOpened(answer.result.id);
      else message.warning(answer.message);
    } catch {
      // The HTTP layer has reported the failure.
    }
  };

  const actionsOf = (asset: Asset): RowAction[] => [
    { key: 'detail', label: '详情', onClick: () => setOpened(asset.id) },
    ...assetCommandsOf(asset, can).map((kind) => ({
      key: kind,
      label: assetCommandTitle(kind),
      onClick: () => setCommand({ kind, asset }),
    })),
    ...(canException && ['ABNORMAL', 'LOSING'].includes(asset.conditionStatus)
      ? [
          {
            key: 'restore',
            label: '恢复正常',
            onClick: () =>
              confirm({
                title: `资产 ${asset.assetNo} 恢复正常？`,
                danger: false,
                action: () => restoreAsset(asset.id),
                onDone: changed,
              }),
          },
        ]
      : []),
    ...(canException && asset.conditionStatus === 'LOSING'
      ? [
          {
            key: 'lost',
            label: '确认遗失',
            danger: true,
            onClick: () =>
              confirm({
                title: `确认资产 ${asset.assetNo} 已遗失？`,
                content: '确认后资产从门店移除、不再计入冰柜数。',
                action: () => confirmAssetLost(asset.id),
                onDone: changed,
              }),
          },
        ]
      : []),
  ];

  const columns: ColumnsType<Asset> = [
    {
      title: '资产编号',
      dataIndex: 'assetNo',
      key: 'assetNo',
      sorter: true,
      render: (assetNo: string, asset) => (
        <Button type="link" size="small" onClick={() => setOpened(asset.id)}>
          {assetNo}
        </Button>
      ),
    },
    {
      title: '类型 / 型号',
      dataIndex: 'modelName',
      key: 'modelName',
      render: (_name: string, asset) => (
        <TwoLineCell main={asset.modelName} sub={`${asset.assetType_dictText} · ${asset.modelCode}`} />
      ),
    },
    {
      title: '投放状态',
      dataIndex: 'placementStatus',
      key: 'placementStatus',
      render: (status: string, asset) => (
        <Tag color={PLACEMENT_COLOR[status]}>{asset.placementStatus_dictText}</Tag>
      ),
    },
    {
      title: '设备状态',
      dataIndex: 'conditionStatus',
      key: 'conditionStatus',
      render: (status: string, asset) => (
        <Tag color={CONDITION_COLOR[status]}>{asset.conditionStatus_dictText}</Tag>
      ),
    },
    {
      title: '位置',
      dataIndex: 'customerName',
      key: 'location',
      render: (_name: string | null, asset) =>
        asset.customerName ? (
          <TwoLineCell main={asset.customerName} sub={asset.customerCode} />
        ) : (
          (asset.warehouseName ?? '—')
        ),
    },
    { title: '责任人', dataIndex: 'responsibleName', key: 'responsibleName', render: (name) => name ?? '—' },
    { title: '投放日期', dataIndex: 'placedAt', key: 'placedAt', sorter: true, render: (day) => day ?? '—' },
    {
      title: '最近巡检',
      dataIndex: 'lastInspectionAt',
      key: 'lastInspectionAt',
      sorter: true,
      render: (at: string | null, asset) => (
        <TwoLineCell
          main={at ?? '未巡检'}
          sub={asset.lastTemperature == null ? null : `${asset.lastTemperature}℃`}
        />
      ),
    },
    { title: '操作', key: 'actions', render: (_value, asset) => <RowActions actions={actionsOf(asset)} /> },
  ];

  return (
    <>
      <IdleStock version={version} />
      <ListPage<Asset>
        list={list}
        compactColumns={['assetNo', 'placementStatus', 'conditionStatus']}
        columns={columns}
        exportAs={exportAssets}
        batchActions={(selected, done) => (
          <Space>
            <Button icon={<PrinterOutlined />} onClick={() => setTagged(selected)}>
              打印标签
            </Button>
            {canApply && (
              <Button icon={<SwapOutlined />} onClick={() => setHanding({ assets: selected, done })}>
                交接
              </Button>
            )}
          </Space>
        )}
        searchFields={
          <>
            <Form.Item name="keyword" label="关键字">
              <Input placeholder="资产编号、出厂编号、门店" allowClear />
            </Form.Item>
            <Form.Item name="assetType" label="类型">
              <EnumSelect labels={ASSET_TYPE} placeholder="全部" style={{ width: 100 }} />
            </Form.Item>
            <Form.Item name="placementStatus" label="投放状态">
              <EnumSelect labels={PLACEMENT_STATUS} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="conditionStatus" label="设备状态">
              <EnumSelect labels={CONDITION_STATUS} placeholder="全部" style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="overdueInspection" label="巡检">
              <Select
                allowClear
                placeholder="全部"
                style={{ width: 130 }}
                options={[{ value: 'true', label: '超30天未巡检' }]}
              />
            </Form.Item>
          </>
        }
        toolbar={
          <Space>
            <Input.Search
              placeholder="扫码或输入资产编号"
              aria-label="资产编号"
              enterButton={<ScanOutlined />}
              style={{ width: 240 }}
              onSearch={(tag) => void openTag(tag)}
            />
            <HasPermission code="asset:add">
              <Button type="primary" icon={<ImportOutlined />} onClick={() => setInboundOpen(true)}>
                入库
              </Button>
            </HasPermission>
          </Space>
        }
      />
      <AssetDrawer id={opened} onClose={() => setOpened(null)} reload={version} />
      <AssetTagSheet assets={tagged} onClose={() => setTagged([])} />
      <AssetCommandModal command={command} onClose={() => setCommand(null)} onDone={changed} />
      <HandoverModal
        open={handing !== null}
        assets={handing?.assets}
        onClose={() => setHanding(null)}
        onSaved={() => handing?.done()}
      />
      <ModalForm<InboundValues>
        title="资产入库"
        open={inboundOpen}
        onClose={() => setInboundOpen(false)}
        onSaved={changed}
        onSubmit={(values) =>
          inboundAssets({
            modelId: values.modelId,
            warehouseId: values.warehouseId,
            assetNos: tagsOf(values.assetNos),
          })
        }
      >
        <Form.Item name="modelId" label="型号" rules={[required('型号', '选择')]}>
          <RemoteSelect load={loadModels} toOption={modelOption} placeholder="请选择型号" />
        </Form.Item>
        <Form.Item name="warehouseId" label="入库仓库" rules={[required('入库仓库', '选择')]}>
          <RemoteSelect load={loadWarehouses} toOption={optionByName} placeholder="请选择仓库" />
        </Form.Item>
        <Form.Item
          name="assetNos"
          label="资产编号"
          extra="每行一个资产标签编号（可扫码枪连续录入），最多200个"
          rules={[
            required('资产编号'),
            {
              validator: (_rule, value: string | undefined) => {
                const tags = tagsOf(value ?? '');
                if (tags.length > 200) return Promise.reject(new Error('一次最多200个'));
                const bad = tags.find((tag) => !/^[A-Z0-9-]{4,32}$/.test(tag));
                return bad ? Promise.reject(new Error(`资产编号 ${bad} 格式不正确`)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.TextArea rows={6} placeholder={'HY200001\nHY200002'} />
        </Form.Item>
      </ModalForm>
    </>
  );
}
