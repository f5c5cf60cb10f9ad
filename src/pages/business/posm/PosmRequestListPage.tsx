// 物料申请 (ePosm/PosmRequestList, DOMAIN §1.11): requests in the caller's scope with search, filters, paging and
// export; a draft's lines; 提交 to the 审批中心 (where the approver may cut them), 出库 by the pick list (printable),
// 签收, 使用核验 with a photo, 关闭, 撤销; the detail with its lines, the department's budget this month and the
// 变更记录.
import { useEffect, useState } from 'react';
import { Button, Drawer, Form, Input, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { PAGE_SIZE_MAX } from '../../../../common/constants';
import { POSM_PHOTO_BIZ, POSM_PURPOSE, POSM_REQUEST_STATUS, POSM_TARGET_TYPE } from '../../../../common/posm';
import { listCustomers } from '../../../api/customers';
import {
  cancelPosmRequest,
  closePosmRequest,
  exportPosmRequests,
  getPickList,
  getPosmRequest,
  issuePosmRequest,
  listPosmRequests,
  posmMaterialOptions,
  receivePosmRequest,
  savePosmRequest,
  submitPosmRequest,
  verifyPosmRequest,
  type PickList,
  type PosmRequest,
  type PosmRequestDetail,
  type PosmRequestLine,
  type PosmRequestPayload,
} from '../../../api/posm';
import { listWarehouses } from '../../../api/stock';
import { DetailList } from '../../../components/DetailList';
import { useHasPermission } from '../../../components/HasPermission';
import { PrintArea } from '../../../components/PrintArea';
import { EnumSelect, RemoteSelect, optionByName } from '../../../components/form/EnumSelect';
import { required, requiredNumber } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { useConfirmAction } from '../../../components/form/useConfirmAction';
import { ChangeHistory } from '../../../components/history/ChangeHistory';
import { AttachmentPhotos } from '../../../components/photos/AttachmentPhotos';
import { PhotoIdsField } from '../../../components/photos/PhotoIdsField';
import { ListPage } from '../../../components/table/ListPage';
import { RowActions, type RowAction } from '../../../components/table/RowActions';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';

export const REQUEST_STATUS_COLOR: Record<string, string> = {
  DRAFT: 'default',
  PENDING_APPROVAL: 'processing',
  APPROVED: 'cyan',
  REJECTED: 'error',
  ISSUED: 'blue',
  RECEIVED: 'purple',
  VERIFIED: 'green',
  CLOSED: 'success',
  CANCELLED: 'default',
};

const money = (value: string) => `¥${Number(value).toFixed(2)}`;
const loadWarehouses = () => listWarehouses({ pageSize: PAGE_SIZE_MAX, status: 'ACTIVE' });
const loadTargets = (customerType: string) => (keyword?: string) =>
  listCustomers({ pageSize: 50, customerType, status: 'ACTIVE', keyword });
const customerOption = (customer: { id: string; name: string; customerCode: string }) => ({
  value: customer.id,
  label: `${customer.name}（${customer.customerCode}）`,
});

/** The lines of a request as a table: asked, approved, issued and received. */
export function RequestLines({ lines }: { lines: PosmRequestLine[] }) {
  return (
    <Table<PosmRequestLine>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={lines}
      columns={[
        {
          title: '物料',
          dataIndex: 'materialName',
          render: (name: string, line) => <TwoLineCell main={name} sub={line.materialCode} />,
        },
        { title: '单价', dataIndex: 'unitCost', render: money },
        { title: '申请', dataIndex: 'requestedQty' },
        { title: '核准', dataIndex: 'approvedQty' },
        { title: '出库', dataIndex: 'issuedQty' },
        { title: '签收', dataIndex: 'receivedQty' },
        { title: '单位', dataIndex: 'unit' },
      ]}
    />
  );
}

function RequestForm({
  editing,
  onClose,
  onSaved,
}: {
  editing: PosmRequestDetail | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<PosmRequestPayload>();
  const targetType = Form.useWatch('targetType', form);
  const [materials, setMaterials] = useState<Array<{ value: string; label: string }>>([]);
  useEffect(() => {
    void posmMaterialOptions().then(
      (answer) =>
        answer.success &&
        setMaterials(
          answer.result.map((material) => ({
            value: material.id,
            label: `${material.materialCode} ${material.name}（¥${material.unitCost}/${material.unit}）`,
          })),
        ),
    );
  }, []);
  return (
    <ModalForm<PosmRequestPayload>
      title={editing ? `编辑物料申请：${editing.requestNo}` : '新增物料申请'}
      open
      form={form}
      width={720}
      onClose={onClose}
      onSaved={onSaved}
      initialValues={
        editing
          ? {
              purpose: editing.purpose,
              targetType: editing.targetType,
              targetIds: editing.targetIds,
              lines: editing.lines.map((line) => ({ materialId: line.materialId, qty: line.requestedQty })),
              deliveryAddress: editing.deliveryAddress,
              expectedDate: editing.expectedDate,
              remark: editing.remark,
            }
          : { purpose: 'DISPLAY', targetType: 'SELF', targetIds: [], lines: [{ materialId: '', qty: 1 }] }
      }
      onSubmit={(values) =>
        savePosmRequest({
          ...values,
          id: editing?.id,
          targetIds: values.targetType === 'SELF' ? [] : (values.targetIds ?? []),
        })
      }
    >
      <Form.Item name="purpose" label="用途" rules={[required('用途', '选择')]}>
        <EnumSelect labels={POSM_PURPOSE} allowClear={false} />
      </Form.Item>
      <Form.Item name="targetType" label="发放对象" rules={[required('发放对象', '选择')]}>
        <EnumSelect
          labels={POSM_TARGET_TYPE}
          allowClear={false}
          onChange={() => form.setFieldValue('targetIds', [])}
        />
      </Form.Item>
      {targetType && targetType !== 'SELF' && (
        <Form.Item
          name="targetIds"
          label={POSM_TARGET_TYPE[targetType as keyof typeof POSM_TARGET_TYPE]}
          rules={[{ required: true, type: 'array', min: 1, message: '请选择发放对象!' }]}
        >
          <RemoteSelect
            key={targetType}
            load={loadTargets(targetType)}
            toOption={customerOption}
            remoteSearch
            mode="multiple"
            placeholder="搜索名称、编码"
            initialOptions={editing?.targets.map((target) => ({ value: target.id, label: target.name }))}
          />
        </Form.Item>
      )}
      <Form.Item label="明细" required>
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <Space orientation="vertical" style={{ width: '100%' }}>
              {fields.map((field) => (
                <Space key={field.key} align="baseline">
                  <Form.Item name={[field.name, 'materialId']} rules={[required('物料', '选择')]} noStyle>
                    <Select
                      options={materials}
                      placeholder="请选择物料"
                      showSearch
                      optionFilterProp="label"
                      style={{ width: 360 }}
                      aria-label="物料"
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'qty']} rules={[requiredNumber('数量')]} noStyle>
                    <InputNumber min={1} max={1000000} precision={0} placeholder="数量" aria-label="数量" />
                  </Form.Item>
                  {fields.length > 1 && (
                    <MinusCircleOutlined aria-label="删除明细" onClick={() => remove(field.name)} />
                  )}
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ qty: 1 })}>
                添加物料
              </Button>
            </Space>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item name="deliveryAddress" label="收货地址" rules={[{ max: 128, message: '最多128字!' }]}>
        <Input />
      </Form.Item>
      <Form.Item
        name="expectedDate"
        label="期望日期"
        rules={[{ pattern: /^\d{4}-\d{2}-\d{2}$/, message: '请输入日期，如 2026-12-31!' }]}
      >
        <Input placeholder="YYYY-MM-DD" />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Input.TextArea rows={2} maxLength={256} />
      </Form.Item>
    </ModalForm>
  );
}

/** 出库: the printable pick list with the stock of each warehouse, then the warehouse it leaves from. */
function IssueForm({
  request,
  onClose,
  onSaved,
}: {
  request: PosmRequest;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [picks, setPicks] = useState<PickList | null>(null);
  useEffect(() => {
    void getPickList(request.id).then((answer) => answer.success && setPicks(answer.result));
  }, [request.id]);
  return (
    <ModalForm<{ warehouseId: string }>
      title={`出库：${request.requestNo}`}
      open
      width={760}
      onClose={onClose}
      onSaved={onSaved}
      onSubmit={(values) => issuePosmRequest(request.id, values.warehouseId)}
    >
      {picks && (
        <PrintArea title={`拣货单 ${picks.requestNo}`}>
          <Typography.Title level={5}>拣货单 {picks.requestNo}</Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={picks.lines}
            columns={[
              { title: '物料编码', dataIndex: 'materialCode' },
              { title: '物料', dataIndex: 'materialName' },
              { title: '规格', dataIndex: 'spec', render: (value) => value ?? '—' },
              {
                title: '出库数量',
                dataIndex: 'approvedQty',
                render: (qty: number, line) => `${qty}${line.unit}`,
              },
              {
                title: '各仓库存',
                dataIndex: 'stock',
                render: (stock: PickList['lines'][number]['stock']) =>
                  stock.length
                    ? stock.map((each) => `${each.warehouseName} ${each.qty}`).join('；')
                    : '无库存',
              },
            ]}
          />
          {picks.deliveryAddress && (
            <Typography.Paragraph>收货地址：{picks.deliveryAddress}</Typography.Paragraph>
          )}
        </PrintArea>
      )}
      <Form.Item name="warehouseId" label="出库仓库" rules={[required('出库仓库', '选择')]}>
        <RemoteSelect load={loadWarehouses} toOption={optionByName} placeholder="请选择仓库" />
      </Form.Item>
    </ModalForm>
  );
}

function RequestDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const [request, setRequest] = useState<PosmRequestDetail | null>(null);
  useEffect(() => {
    if (!id) return;
    let current = true;
    setRequest(null);
    void getPosmRequest(id).then((answer) => current && answer.success && setRequest(answer.result));
    return () => {
      current = false;
    };
  }, [id]);
  return (
    <Drawer
      title={request ? `物料申请：${request.requestNo}` : '物料申请'}
      open={id !== null}
      onClose={onClose}
      size="large"
      destroyOnHidden
    >
      {request && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <DetailList
            col={2}
            items={[
              {
                label: '状态',
                content: <Tag color={REQUEST_STATUS_COLOR[request.status]}>{request.status_dictText}</Tag>,
              },
              { label: '申请人', content: `${request.requesterName}（${request.orgName ?? '—'}）` },
              { label: '用途', content: request.purpose_dictText },
              {
                label: '发放对象',
                content: request.targets.length
                  ? request.targets.map((target) => target.name).join('、')
                  : request.targetType_dictText,
              },
              { label: '金额', content: money(request.totalCost) },
              {
                label: '部门本月已用',
                content: `${money(request.budgetUsed.amount)}（${request.budgetUsed.count} 单）`,
              },
              { label: '出库仓库', content: request.warehouseName ?? '—' },
              { label: '收货地址', content: request.deliveryAddress ?? '—' },
              { label: '期望日期', content: request.expectedDate ?? '—' },
              { label: '审批/处理说明', content: request.resultRemark ?? '—' },
              { label: '申请时间', content: request.createTime },
              { label: '签收时间', content: request.receivedAt ?? '—' },
            ]}
          />
          <RequestLines lines={request.lines} />
          {request.verifyPhotoIds.length > 0 && (
            <div>
              <Typography.Title level={5}>核验照片</Typography.Title>
              <AttachmentPhotos
                bizType={POSM_PHOTO_BIZ}
                bizId={request.id}
                ids={request.verifyPhotoIds}
                zipName={`${request.requestNo}核验照`}
              />
            </div>
          )}
          <ChangeHistory bizType="MATERIAL_REQUEST" bizId={request.id} />
        </Space>
      )}
    </Drawer>
  );
}

type Step = 'issue' | 'verify';

export default function PosmRequestListPage() {
  const list = useListPage<PosmRequest>({
    filterKeys: ['requestNo', 'requesterName', 'purpose', 'status', 'targetType'],
    sortKeys: ['createTime', 'totalCost'],
    fetch: listPosmRequests,
  });
  const [opened, setOpened] = useState<string | null>(null);
  const [editing, setEditing] = useState<PosmRequestDetail | null | undefined>(undefined);
  const [step, setStep] = useState<{ step: Step; request: PosmRequest } | null>(null);
  const confirm = useConfirmAction();
  const canRequest = useHasPermission('posm:request');
  const canIssue = useHasPermission('posm:issue');
  const canReceive = useHasPermission('posm:receive');
  const canVerify = useHasPermission('posm:verify');

  const edit = (request: PosmRequest) =>
    void getPosmRequest(request.id).then((answer) => answer.success && setEditing(answer.result));
  const command =
    (title: string, action: () => ReturnType<typeof submitPosmRequest>, danger = false) =>
    () =>
      confirm({ title, danger, action, onDone: list.reload });

  const actionsOf = (request: PosmRequest): RowAction[] => {
    const actions: RowAction[] = [{ key: 'detail', label: '详情', onClick: () => setOpened(request.id) }];
    const no = request.requestNo;
    if (canRequest && ['DRAFT', 'REJECTED'].includes(request.status)) {
      actions.push({ key: 'edit', label: '编辑', onClick: () => edit(request) });
      actions.push({
        key: 'submit',
        label: '提交',
        onClick: command(`提交 ${no} 审批？`, () => submitPosmRequest(request.id)),
      });
    }
    if (canIssue && request.status === 'APPROVED')
      actions.push({ key: 'issue', label: '出库', onClick: () => setStep({ step: 'issue', request }) });
    if ((canRequest || canReceive) && request.status === 'ISSUED')
      actions.push({
        key: 'receive',
        label: '签收',
        onClick: command(`确认签收 ${no} 的全部出库物料？`, () => receivePosmRequest({ id: request.id })),
      });
    if (canVerify && request.status === 'RECEIVED')
      actions.push({ key: 'verify', label: '使用核验', onClick: () => setStep({ step: 'verify', request }) });
    if (canVerify && ['RECEIVED', 'VERIFIED'].includes(request.status))
      actions.push({
        key: 'close',
        label: '关闭',
        onClick: command(`关闭物料申请 ${no}？`, () => closePosmRequest(request.id)),
      });
    if (canRequest && ['DRAFT', 'PENDING_APPROVAL', 'REJECTED'].includes(request.status)) {
      actions.push({
        key: 'cancel',
        label: '撤销',
        danger: true,
        onClick: command(`撤销物料申请 ${no}？`, () => cancelPosmRequest(request.id), true),
      });
    }
    return actions;
  };

  const columns: ColumnsType<PosmRequest> = [
    { title: '申请单号', dataIndex: 'requestNo', key: 'requestNo' },
    {
      title: '申请人',
      dataIndex: 'requesterName',
      key: 'requesterName',
      render: (name: string, request) => <TwoLineCell main={name} sub={request.orgName} />,
    },
    { title: '用途', dataIndex: 'purpose_dictText', key: 'purpose' },
    {
      title: '对象数',
      dataIndex: 'targetCount',
      key: 'targetCount',
      render: (count: number, request) =>
        request.targetType === 'SELF'
          ? request.targetType_dictText
          : `${count} 个${request.targetType_dictText}`,
    },
    { title: '金额', dataIndex: 'totalCost', key: 'totalCost', sorter: true, render: money },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (status: string, request) => (
        <Tag color={REQUEST_STATUS_COLOR[status]}>{request.status_dictText}</Tag>
      ),
    },
    { title: '申请时间', dataIndex: 'createTime', key: 'createTime', sorter: true },
    {
      title: '操作',
      key: 'actions',
      render: (_value, request) => <RowActions actions={actionsOf(request)} />,
    },
  ];

  return (
    <>
      <ListPage<PosmRequest>
        list={list}
        compactColumns={['requestNo', 'totalCost', 'status']}
        columns={columns}
        exportAs={exportPosmRequests}
        searchFields={
          <>
            <Form.Item name="requestNo" label="单号">
              <Input placeholder="MR…" allowClear />
            </Form.Item>
            <Form.Item name="requesterName" label="申请人">
              <Input allowClear />
            </Form.Item>
            <Form.Item name="purpose" label="用途">
              <EnumSelect labels={POSM_PURPOSE} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={POSM_REQUEST_STATUS} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
          </>
        }
        toolbar={
          canRequest && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              新增物料申请
            </Button>
          )
        }
      />
      <RequestDrawer id={opened} onClose={() => setOpened(null)} />
      {editing !== undefined && (
        <RequestForm editing={editing} onClose={() => setEditing(undefined)} onSaved={list.reload} />
      )}
      {step?.step === 'issue' && (
        <IssueForm request={step.request} onClose={() => setStep(null)} onSaved={list.reload} />
      )}
      {step?.step === 'verify' && (
        <ModalForm<{ photoIds: string[]; remark?: string }>
          title={`使用核验：${step.request.requestNo}`}
          open
          onClose={() => setStep(null)}
          onSaved={list.reload}
          initialValues={{ photoIds: [] }}
          onSubmit={(values) => verifyPosmRequest({ id: step.request.id, ...values })}
        >
          <Form.Item
            name="photoIds"
            label="使用照片"
            rules={[{ required: true, type: 'array', min: 1, message: '请上传物料使用的照片!' }]}
            extra="拜访时拍摄的物料张贴、摆放照片"
          >
            <PhotoIdsField bizType={POSM_PHOTO_BIZ} kind="DISPLAY" bizId={step.request.id} />
          </Form.Item>
          <Form.Item name="remark" label="说明">
            <Input.TextArea rows={2} maxLength={256} />
          </Form.Item>
        </ModalForm>
      )}
    </>
  );
}
