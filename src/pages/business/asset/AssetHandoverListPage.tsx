// 资产交接 (eAsset/AssetHandoverList, DOMAIN §1.10 AssetHandover): when a rep changes area or leaves, the assets
// they are 责任人 of are handed to another rep, who confirms (the 责任人 changes) or refuses; the one who started
// it may withdraw it while it waits. The list holds the handovers of the caller's assets and those addressed to
// them (范围 发给我的: the receiver's to-do), with 导出; 发起交接 here or from the selected rows of 资产台账.
import { useState } from 'react';
import { Button, Form, Input, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { SwapOutlined } from '@ant-design/icons';
import { HANDOVER_STATUS } from '../../../../common/assets';
import {
  acceptHandover,
  exportHandovers,
  handoverReceiverOptions,
  listAssets,
  listHandovers,
  rejectHandover,
  startHandover,
  type Asset,
  type AssetHandover,
  type HandoverReceiver,
} from '../../../api/assets';
import type { ListParams } from '../../../api/systemTypes';
import { EnumSelect, RemoteSelect, type RemoteOption } from '../../../components/form/EnumSelect';
import { required } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { useConfirmAction } from '../../../components/form/useConfirmAction';
import { HasPermission } from '../../../components/HasPermission';
import { contains } from '../../../components/table/listQuery';
import { ListPage } from '../../../components/table/ListPage';
import { RowActions, type RowAction } from '../../../components/table/RowActions';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';
import { selectUserInfo } from '../../../features/session/selectors';
import { useAppSelector } from '../../../store/hooks';
import { AssetDrawer } from './AssetDrawer';

export const HANDOVER_COLOR: Record<string, string> = {
  HANDING: 'processing',
  DONE: 'success',
  REJECTED: 'default',
};

const loadAssets = (keyword?: string) => listAssets({ pageSize: 50, ...(keyword ? { keyword } : {}) });
const assetOption = (asset: Asset): RemoteOption => ({
  value: asset.id,
  label: `${asset.assetNo} ${asset.modelName}${asset.customerName ? ` · ${asset.customerName}` : ''}`,
});

const receiverOption = (user: HandoverReceiver): RemoteOption => ({ value: user.id, label: user.realname });

interface HandoverValues {
  assetIds: string[];
  toUserId: string;
  remark?: string;
}

/**
 * 发起交接: the chosen assets (or the rows selected on 资产台账, given as `assets`) go to the receiver, who
 * confirms them in 资产交接.
 */
export function HandoverModal({
  open,
  assets,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The assets picked beforehand; without them the form has an asset picker. */
  assets?: Asset[];
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <ModalForm<HandoverValues>
      title="发起交接"
      open={open}
      onClose={onClose}
      onSaved={onSaved}
      width={560}
      onSubmit={(values) =>
        startHandover({
          assetIds: assets?.length ? assets.map((asset) => asset.id) : values.assetIds,
          toUserId: values.toUserId,
          remark: values.remark?.trim() || undefined,
        })
      }
    >
      {assets?.length ? (
        <Form.Item label="资产">
          {assets.map((asset) => (
            <Tag key={asset.id}>{asset.assetNo}</Tag>
          ))}
        </Form.Item>
      ) : (
        <Form.Item
          name="assetIds"
          label="资产"
          rules={[{ required: true, type: 'array', min: 1, message: '请选择资产!' }]}
        >
          <RemoteSelect
            load={loadAssets}
            toOption={assetOption}
            remoteSearch
            mode="multiple"
            placeholder="输入资产编号或门店搜索"
          />
        </Form.Item>
      )}
      <Form.Item name="toUserId" label="接收人" rules={[required('接收人', '选择')]}>
        <RemoteSelect
          load={handoverReceiverOptions}
          toOption={receiverOption}
          remoteSearch
          placeholder="请选择接收的业务员"
        />
      </Form.Item>
      <Form.Item name="remark" label="交接说明">
        <Input.TextArea rows={3} maxLength={256} placeholder="如：片区调整、人员离职" />
      </Form.Item>
    </ModalForm>
  );
}

/** The tag and the receiver's name are searched in (`*x*`), on the screen and in 导出. */
const handoverQuery = (params: ListParams): ListParams => ({
  ...params,
  assetNo: contains(params.assetNo as string | undefined),
  toUserName: contains(params.toUserName as string | undefined),
});

export default function AssetHandoverListPage() {
  const list = useListPage<AssetHandover>({
    filterKeys: ['assetNo', 'status', 'toUserName', 'mine'],
    sortKeys: ['createTime', 'assetNo'],
    fetch: (params) => listHandovers(handoverQuery(params)),
  });
  const me = useAppSelector(selectUserInfo)?.id;
  const confirm = useConfirmAction();
  const [starting, setStarting] = useState(false);
  const [rejecting, setRejecting] = useState<AssetHandover | null>(null);
  const [opened, setOpened] = useState<string | null>(null);

  const actionsOf = (row: AssetHandover): RowAction[] => {
    const actions: RowAction[] = [{ key: 'asset', label: '资产', onClick: () => setOpened(row.assetId) }];
    if (row.status !== 'HANDING') return actions;
    if (row.toUserId === me) {
      actions.push({
        key: 'accept',
        label: '确认接收',
        onClick: () =>
          confirm({
            title: `确认接收资产 ${row.assetNo}？`,
            content: '确认后您成为该资产的责任人。',
            danger: false,
            action: () => acceptHandover(row.id),
            onDone: list.reload,
          }),
      });
      actions.push({ key: 'reject', label: '驳回', danger: true, onClick: () => setRejecting(row) });
    } else if (row.createdById === me) {
      actions.push({
        key: 'withdraw',
        label: '撤回',
        danger: true,
        onClick: () =>
          confirm({
            title: `撤回资产 ${row.assetNo} 的交接？`,
            action: () => rejectHandover(row.id),
            onDone: list.reload,
          }),
      });
    }
    return actions;
  };

  const columns: ColumnsType<AssetHandover> = [
    {
      title: '资产',
      dataIndex: 'assetNo',
      key: 'assetNo',
      sorter: true,
      render: (assetNo: string, row) => <TwoLineCell main={assetNo} sub={row.modelName} />,
    },
    {
      title: '投放门店',
      dataIndex: 'customerName',
      key: 'customerName',
      render: (name: string | null) => name ?? '—',
    },
    {
      title: '交出人 → 接收人',
      key: 'people',
      render: (_value, row) => `${row.fromUserName ?? '（无）'} → ${row.toUserName ?? '—'}`,
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (status: string, row) => <Tag color={HANDOVER_COLOR[status]}>{row.status_dictText}</Tag>,
    },
    {
      title: '说明 / 处理意见',
      key: 'remark',
      render: (_value, row) => <TwoLineCell main={row.remark ?? '—'} sub={row.resultRemark} />,
    },
    {
      title: '发起',
      dataIndex: 'createTime',
      key: 'createTime',
      sorter: true,
      render: (at: string, row) => <TwoLineCell main={at} sub={row.createdByName} />,
    },
    {
      title: '处理时间',
      dataIndex: 'handledAt',
      key: 'handledAt',
      render: (at: string | null) => at ?? '—',
    },
    { title: '操作', key: 'actions', render: (_value, row) => <RowActions actions={actionsOf(row)} /> },
  ];

  return (
    <>
      <ListPage<AssetHandover>
        list={list}
        compactColumns={['assetNo', 'status']}
        columns={columns}
        exportAs={(params) => exportHandovers(handoverQuery(params))}
        searchFields={
          <>
            <Form.Item name="assetNo" label="资产编号">
              <Input allowClear placeholder="资产编号" />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={HANDOVER_STATUS} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="toUserName" label="接收人">
              <Input allowClear placeholder="姓名" />
            </Form.Item>
            <Form.Item name="mine" label="范围">
              <Select
                allowClear
                placeholder="全部"
                style={{ width: 120 }}
                options={[{ value: 'true', label: '发给我的' }]}
              />
            </Form.Item>
          </>
        }
        toolbar={
          <HasPermission code="asset:apply">
            <Button type="primary" icon={<SwapOutlined />} onClick={() => setStarting(true)}>
              发起交接
            </Button>
          </HasPermission>
        }
      />
      <HandoverModal open={starting} onClose={() => setStarting(false)} onSaved={list.reload} />
      <ModalForm<{ remark: string }>
        title={rejecting ? `驳回资产 ${rejecting.assetNo} 的交接` : '驳回交接'}
        open={rejecting !== null}
        onClose={() => setRejecting(null)}
        onSaved={list.reload}
        width={480}
        onSubmit={(values) => rejectHandover(rejecting!.id, values.remark.trim())}
      >
        <Form.Item name="remark" label="驳回原因" rules={[required('驳回原因')]}>
          <Input.TextArea rows={3} maxLength={256} />
        </Form.Item>
      </ModalForm>
      <AssetDrawer id={opened} onClose={() => setOpened(null)} reload={0} />
    </>
  );
}
