// The steps of a return (退单) or an exchange (换货单) after it is submitted, each a confirming dialog that
// keeps the server's refusal: 审核 (通过, or 驳回 with its reason), 入库 (the warehouse and what came back
// damaged, written off at once), 执行换货 (the warehouse the old goods go into and the new ones leave),
// 撤销.
import { useEffect } from 'react';
import { Alert, Empty, Form, Spin, Table, Typography } from 'antd';
import { RETURN_CONDITION, type ReturnCondition, type SwapLineRecord } from '../../../../common/orders';
import { listWarehouses } from '../../../api/stock';
import { EnumSelect, RemoteSelect, optionByName } from '../../../components/form/EnumSelect';
import {
  dialogDocumentRequested,
  LOADING,
  type CommandRequest,
  type DocumentKind,
  type OrderDocument,
} from '../../../features/orders/slice';
import { selectDialogDocument } from '../../../features/orders/selectors';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { AuditReasonField, auditActions } from './AuditDialog';
import { OrderCommandModal } from './OrderCommandModal';
import { money, returnMoneyText, swapMoneyText } from './orderView';

export type DocumentStep = 'audit' | 'receive' | 'execute' | 'cancel';

/** A return or exchange as the drawer lists it. */
export interface DocumentRef {
  kind: DocumentKind;
  id: string;
  no: string;
  /** Where the goods went out from: the default warehouse to take them back into. */
  warehouseId: string | null;
}

export const DOCUMENT_NAME: Record<DocumentKind, string> = { return: '退单', swap: '换货单' };

const loadWarehouses = () => listWarehouses({ pageSize: 200, status: 'ACTIVE' });

function WarehouseField({ initial, label }: { initial: string | null; label: string }) {
  return (
    <Form.Item
      name="warehouseId"
      label={label}
      initialValue={initial ?? undefined}
      rules={[{ required: true, message: '请选择仓库!' }]}
    >
      <RemoteSelect load={loadWarehouses} toOption={optionByName} placeholder="选择仓库" />
    </Form.Item>
  );
}

/** The document with its lines, for 入库 and 执行换货. */
function useDialogDocument<K extends DocumentKind>(document: DocumentRef & { kind: K }) {
  const dispatch = useAppDispatch();
  const loaded = useAppSelector(selectDialogDocument);
  useEffect(() => {
    dispatch(dialogDocumentRequested({ kind: document.kind, id: document.id }));
  }, [dispatch, document.kind, document.id]);
  const ready = loaded !== LOADING && loaded?.detail.id === document.id ? loaded : null;
  return { loaded: ready as Extract<OrderDocument, { kind: K }> | null, failed: loaded === null };
}

const Pending = ({ failed }: { failed: boolean }) =>
  failed ? <Empty description={'明细加载失败'} /> : <Spin />;

interface StepValues {
  reason?: string;
  warehouseId?: string;
  conditions?: Record<string, ReturnCondition>;
}

function AuditDocument({ document, onClose }: { document: DocumentRef; onClose: () => void }) {
  const [form] = Form.useForm<StepValues>();
  const kind = document.kind === 'return' ? 'returnAudit' : 'swapAudit';
  const audit = (pass: boolean) => (values: StepValues) =>
    ({
      kind,
      payload: { id: document.id, pass, reason: values.reason?.trim() || undefined },
    }) as CommandRequest;
  return (
    <OrderCommandModal<StepValues>
      title={`审核${DOCUMENT_NAME[document.kind]} ${document.no}`}
      open
      onClose={onClose}
      form={form}
      width={520}
      actions={auditActions(audit)}
    >
      <AuditReasonField rows={3} />
    </OrderCommandModal>
  );
}

function CancelDocument({ document, onClose }: { document: DocumentRef; onClose: () => void }) {
  const [form] = Form.useForm<StepValues>();
  return (
    <OrderCommandModal<StepValues>
      title={`撤销${DOCUMENT_NAME[document.kind]} ${document.no}`}
      open
      onClose={onClose}
      form={form}
      width={480}
      extra={
        <Alert
          type="warning"
          showIcon
          title={`撤销后${DOCUMENT_NAME[document.kind]}不再处理，占用的可退数量释放。`}
        />
      }
      actions={[
        {
          text: '确认撤销',
          danger: true,
          toCommand: () =>
            ({
              kind: document.kind === 'return' ? 'returnCancel' : 'swapCancel',
              payload: { id: document.id },
            }) as CommandRequest,
        },
      ]}
    >
      {null}
    </OrderCommandModal>
  );
}

function ReceiveReturn({
  document,
  onClose,
}: {
  document: DocumentRef & { kind: 'return' };
  onClose: () => void;
}) {
  const [form] = Form.useForm<StepValues>();
  const { loaded, failed } = useDialogDocument(document);
  return (
    <OrderCommandModal<StepValues>
      title={`退货入库 ${document.no}`}
      open
      onClose={onClose}
      form={form}
      width={760}
      loading={!loaded}
      actions={[
        {
          text: '确认入库',
          toCommand: (values) => ({
            kind: 'returnReceive',
            payload: {
              id: document.id,
              warehouseId: values.warehouseId as string,
              lines: (loaded?.detail.lines ?? []).map((line) => ({
                lineId: line.id,
                condition: values.conditions?.[line.id] ?? 'GOOD',
              })),
            },
          }),
        },
      ]}
    >
      <WarehouseField initial={document.warehouseId} label="入库仓" />
      <Form.Item label="退回商品（破损的直接报损）">
        {loaded ? (
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={loaded.detail.lines}
            columns={[
              { title: '商品', dataIndex: 'skuName' },
              { title: '批次', dataIndex: 'batchNo' },
              { title: '数量', dataIndex: 'qtyText' },
              { title: '金额', dataIndex: 'amount', align: 'right', render: (value: string) => money(value) },
              {
                title: '货品状况',
                key: 'condition',
                render: (_value, line) => (
                  <Form.Item name={['conditions', line.id]} initialValue="GOOD" noStyle>
                    <EnumSelect
                      labels={RETURN_CONDITION}
                      allowClear={false}
                      style={{ width: 110 }}
                      aria-label={`${line.skuName} 货品状况`}
                    />
                  </Form.Item>
                ),
              },
            ]}
          />
        ) : (
          <Pending failed={failed} />
        )}
      </Form.Item>
      {loaded ? (
        <Typography.Paragraph>
          {returnMoneyText(loaded.detail)}
          {Number(loaded.detail.rebateBackAmount) > 0 || loaded.detail.coinBackCoins > 0
            ? '（返利、金币在入库时退回客户账户）'
            : ''}
        </Typography.Paragraph>
      ) : null}
    </OrderCommandModal>
  );
}

function SwapLines({ title, lines }: { title: string; lines: SwapLineRecord[] }) {
  return (
    <>
      <Typography.Text strong>{title}</Typography.Text>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={lines}
        style={{ marginBottom: 12 }}
        columns={[
          { title: '商品', dataIndex: 'skuName' },
          { title: '数量', dataIndex: 'qtyText' },
          { title: '金额', dataIndex: 'amount', align: 'right', render: (value: string) => money(value) },
        ]}
      />
    </>
  );
}

function ExecuteSwap({
  document,
  onClose,
}: {
  document: DocumentRef & { kind: 'swap' };
  onClose: () => void;
}) {
  const [form] = Form.useForm<StepValues>();
  const { loaded, failed } = useDialogDocument(document);
  return (
    <OrderCommandModal<StepValues>
      title={`执行换货 ${document.no}`}
      open
      onClose={onClose}
      form={form}
      width={760}
      loading={!loaded}
      extra={
        loaded ? (
          <div>
            <SwapLines title="换回（退货入库）" lines={loaded.detail.returnLines} />
            <SwapLines title="换出（换货出库，先到期先出）" lines={loaded.detail.issueLines} />
            <Typography.Paragraph>
              {swapMoneyText(loaded.detail)}
              {Number(loaded.detail.rebateBackAmount) > 0 || loaded.detail.coinBackCoins > 0
                ? '（返利、金币在执行换货时退回客户账户）'
                : ''}
            </Typography.Paragraph>
          </div>
        ) : (
          <Pending failed={failed} />
        )
      }
      actions={[
        {
          text: '确认换货',
          toCommand: (values) => ({
            kind: 'swapExecute',
            payload: { id: document.id, warehouseId: values.warehouseId as string },
          }),
        },
      ]}
    >
      <WarehouseField initial={document.warehouseId} label="换货仓（换回入库、换出出库）" />
    </OrderCommandModal>
  );
}

export function DocumentDialog({
  step,
  document,
  onClose,
}: {
  step: DocumentStep;
  document: DocumentRef;
  onClose: () => void;
}) {
  if (step === 'audit') return <AuditDocument document={document} onClose={onClose} />;
  if (step === 'cancel') return <CancelDocument document={document} onClose={onClose} />;
  if (step === 'receive' && document.kind === 'return')
    return <ReceiveReturn document={{ ...document, kind: 'return' }} onClose={onClose} />;
  if (step === 'execute' && document.kind === 'swap')
    return <ExecuteSwap document={{ ...document, kind: 'swap' }} onClose={onClose} />;
  return null;
}
