// 资产申请 (eAsset/AssetApplicationList): placements, recalls, transfers and scraps in the caller's scope, with
// the steps after the approval: 确认押金 (method, reference, receipt photo) / 免押 (with its reason), 出库配送,
// 签收投放 (handover photos and the outlet's signature; the 投放协议 is signed), 收柜入库 (the deposit refunded), 作废.
import { PAGE_SIZE_MAX } from '../../../../common/constants';
import { useState } from 'react';
import { Form, Input, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { APPLICATION_STATUS, APPLICATION_TYPE, DEPOSIT_METHOD } from '../../../../common/assets';
import {
  cancelApplication,
  deliverPlacement,
  exportAssetApplications,
  listAssetApplications,
  receiveDeposit,
  receiveRecall,
  signPlacement,
  type AssetApplication,
} from '../../../api/assets';
import { listWarehouses } from '../../../api/stock';
import { EnumSelect, RemoteSelect, optionByName } from '../../../components/form/EnumSelect';
import { required } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { useConfirmAction } from '../../../components/form/useConfirmAction';
import { useHasPermission } from '../../../components/HasPermission';
import { ListPage } from '../../../components/table/ListPage';
import { RowActions, type RowAction } from '../../../components/table/RowActions';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';
import { AssetDrawer } from './AssetDrawer';
import { AssetPhotoField } from './AssetPhotoField';

type Step = 'deposit' | 'waive' | 'sign' | 'receive' | 'cancel';
const STEP_TITLE: Record<Step, string> = {
  deposit: '确认押金',
  waive: '免押',
  sign: '签收投放',
  receive: '收柜入库',
  cancel: '作废申请',
};

export const STATUS_COLOR: Record<string, string> = {
  IN_APPROVAL: 'processing',
  REJECTED: 'error',
  PENDING_DEPOSIT: 'gold',
  WAIT_DELIVERY: 'cyan',
  DELIVERING: 'blue',
  WAIT_PICKUP: 'purple',
  COMPLETED: 'success',
  CANCELLED: 'default',
};

const loadWarehouses = () => listWarehouses({ pageSize: PAGE_SIZE_MAX, status: 'ACTIVE' });

function submitStep(step: Step, app: AssetApplication, values: Record<string, unknown>) {
  switch (step) {
    case 'deposit':
      return receiveDeposit({
        id: app.id,
        method: values.method as string,
        referenceNo: values.referenceNo as string,
        amount: Number(app.depositAmount),
        receiptPhotoIds: values.photoIds as string[],
      });
    case 'waive':
      return receiveDeposit({ id: app.id, waive: true, waiveReason: values.waiveReason as string });
    case 'sign':
      return signPlacement({
        id: app.id,
        photoIds: values.photoIds as string[],
        signatureId: (values.signatureIds as string[])[0],
      });
    case 'receive':
      return receiveRecall({
        id: app.id,
        warehouseId: values.warehouseId as string,
        refundMethod: (values.refundMethod as string | undefined) || undefined,
        refundReference: (values.refundReference as string | undefined) || undefined,
      });
    case 'cancel':
      return cancelApplication({ id: app.id, reason: values.reason as string });
  }
}

/** The application history of the ledger and of the asset approvals page. */
export function ApplicationList() {
  const list = useListPage<AssetApplication>({
    filterKeys: ['applyNo', 'applyType', 'status'],
    sortKeys: ['applyNo', 'createTime'],
    fetch: listAssetApplications,
  });
  const [opened, setOpened] = useState<string | null>(null);
  const [step, setStep] = useState<{ step: Step; app: AssetApplication } | null>(null);
  const confirm = useConfirmAction();
  const canDeposit = useHasPermission('asset:deposit');
  const canDeliver = useHasPermission('asset:deliver');
  const canApply = useHasPermission('asset:apply');

  const actionsOf = (app: AssetApplication): RowAction[] => {
    const open = (next: Step) => () => setStep({ step: next, app });
    const actions: RowAction[] = [{ key: 'asset', label: '资产', onClick: () => setOpened(app.assetId) }];
    if (canDeposit && app.status === 'PENDING_DEPOSIT') {
      actions.push({ key: 'deposit', label: '确认押金', onClick: open('deposit') });
      actions.push({ key: 'waive', label: '免押', onClick: open('waive') });
    }
    if (canDeliver && app.status === 'WAIT_DELIVERY') {
      actions.push({
        key: 'deliver',
        label: '出库配送',
        onClick: () =>
          confirm({
            title: `资产 ${app.assetNo} 出库配送到 ${app.customerName ?? ''}？`,
            danger: false,
            action: () => deliverPlacement(app.id),
            onDone: list.reload,
          }),
      });
    }
    if (canDeliver && app.status === 'DELIVERING')
      actions.push({ key: 'sign', label: '签收投放', onClick: open('sign') });
    if (canDeliver && app.status === 'WAIT_PICKUP')
      actions.push({ key: 'receive', label: '收柜入库', onClick: open('receive') });
    if (canApply && ['PENDING_DEPOSIT', 'WAIT_DELIVERY', 'DELIVERING'].includes(app.status)) {
      actions.push({ key: 'cancel', label: '作废', danger: true, onClick: open('cancel') });
    }
    return actions;
  };

  const columns: ColumnsType<AssetApplication> = [
    {
      title: '申请编号',
      dataIndex: 'applyNo',
      key: 'applyNo',
      sorter: true,
      render: (applyNo: string, app) => <TwoLineCell main={applyNo} sub={app.applyType_dictText} />,
    },
    {
      title: '资产',
      dataIndex: 'assetNo',
      key: 'assetNo',
      render: (assetNo: string, app) => <TwoLineCell main={assetNo} sub={app.modelName} />,
    },
    {
      title: '门店',
      dataIndex: 'customerName',
      key: 'customerName',
      render: (name: string | null, app) =>
        app.toCustomerName ? `${name ?? ''} → ${app.toCustomerName}` : (name ?? '—'),
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (status: string, app) => <Tag color={STATUS_COLOR[status]}>{app.status_dictText}</Tag>,
    },
    {
      title: '押金',
      dataIndex: 'depositStatus',
      key: 'depositStatus',
      render: (_status: string, app) => (
        <TwoLineCell
          main={app.depositStatus_dictText}
          sub={Number(app.depositAmount) > 0 ? `¥${Number(app.depositAmount).toFixed(2)}` : null}
        />
      ),
    },
    { title: '申请人', dataIndex: 'applicantName', key: 'applicantName' },
    { title: '申请时间', dataIndex: 'createTime', key: 'createTime', sorter: true },
    { title: '操作', key: 'actions', render: (_value, app) => <RowActions actions={actionsOf(app)} /> },
  ];

  return (
    <>
      <ListPage<AssetApplication>
        list={list}
        compactColumns={['applyNo', 'status', 'depositStatus']}
        columns={columns}
        exportAs={exportAssetApplications}
        searchFields={
          <>
            <Form.Item name="applyNo" label="申请编号">
              <Input placeholder="FP…" allowClear />
            </Form.Item>
            <Form.Item name="applyType" label="类型">
              <EnumSelect labels={APPLICATION_TYPE} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={APPLICATION_STATUS} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
          </>
        }
      />
      <AssetDrawer id={opened} onClose={() => setOpened(null)} />
      {step && (
        <ModalForm<Record<string, unknown>>
          title={`${STEP_TITLE[step.step]}：${step.app.applyNo}`}
          open
          onClose={() => setStep(null)}
          onSaved={list.reload}
          initialValues={{ photoIds: [], signatureIds: [], method: 'WECHAT' }}
          onSubmit={(values) => submitStep(step.step, step.app, values)}
        >
          {step.step === 'deposit' && (
            <>
              <Form.Item label="押金金额">¥{Number(step.app.depositAmount).toFixed(2)}</Form.Item>
              <Form.Item name="method" label="收款方式" rules={[required('收款方式', '选择')]}>
                <EnumSelect labels={DEPOSIT_METHOD} />
              </Form.Item>
              <Form.Item name="referenceNo" label="收款单号" rules={[required('收款单号')]}>
                <Input placeholder="收据编号或支付流水号" maxLength={64} />
              </Form.Item>
              <Form.Item name="photoIds" label="收据照片">
                <AssetPhotoField kind="RECEIPT" assetId={step.app.assetId} max={3} />
              </Form.Item>
            </>
          )}
          {step.step === 'waive' && (
            <Form.Item name="waiveReason" label="免押原因" rules={[required('免押原因')]}>
              <Input.TextArea rows={2} maxLength={256} />
            </Form.Item>
          )}
          {step.step === 'sign' && (
            <Form.Item
              name="photoIds"
              label="交接照片"
              rules={[{ required: true, type: 'array', min: 1, message: '请上传门店签收的交接照片!' }]}
            >
              <AssetPhotoField kind="HANDOVER" assetId={step.app.assetId} />
            </Form.Item>
          )}
          {step.step === 'sign' && (
            <Form.Item
              name="signatureIds"
              label="门店签名"
              extra="门店负责人在交接单或投放协议上的签名照片"
              rules={[{ required: true, type: 'array', min: 1, message: '请上传门店签名!' }]}
            >
              <AssetPhotoField kind="SIGNATURE" assetId={step.app.assetId} max={1} />
            </Form.Item>
          )}
          {step.step === 'receive' && (
            <Form.Item name="warehouseId" label="入库仓库" rules={[required('入库仓库', '选择')]}>
              <RemoteSelect load={loadWarehouses} toOption={optionByName} placeholder="请选择仓库" />
            </Form.Item>
          )}
          {step.step === 'receive' && step.app.refundDeposit && (
            <>
              <Form.Item name="refundMethod" label="退押方式">
                <EnumSelect labels={DEPOSIT_METHOD} placeholder="同收款方式" allowClear />
              </Form.Item>
              <Form.Item name="refundReference" label="退款单号">
                <Input maxLength={64} />
              </Form.Item>
            </>
          )}
          {step.step === 'cancel' && (
            <Form.Item name="reason" label="作废原因" rules={[required('作废原因')]}>
              <Input.TextArea rows={2} maxLength={256} />
            </Form.Item>
          )}
        </ModalForm>
      )}
    </>
  );
}

export default function AssetApplicationListPage() {
  return <ApplicationList />;
}
