// 我的工单 (mes/EngineerOrders, DOMAIN §1.15): the repair app's steps on a phone, for an account linked to a
// service provider's engineer. The list holds the orders assigned to them (a provider's dispatcher: every order
// of the provider), 待处理 or 已完成; an order opens with its customer, fault, timeline and the step its state
// allows: 接单, 联系用户 (booking), 指派工程师 (the dispatcher), 到场签到 with the browser's position, 完工反馈
// (cause, method, service type, parts off their own or the provider's shelf, completion photos, the customer's
// signature, costs, rating). Anyone else is told the page is not for them (the server knows no engineer of theirs).
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  Button,
  Card,
  Checkbox,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Pagination,
  Radio,
  Rate,
  Result,
  Segmented,
  Select,
  Space,
  Spin,
  Tag,
  Typography,
  type FormListFieldData,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { EnvironmentOutlined, LeftOutlined, PhoneOutlined, PlusOutlined } from '@ant-design/icons';
import { REPAIR_PHOTO_BIZ, SERVICE_TYPE, type RepairStatus } from '../../../../common/repairs';
import {
  getRepairOrder,
  listEngineers,
  listRepairOrders,
  loadEngineerWorkbench,
  repairStep,
  type EngineerStock,
  type EngineerWorkbench,
  type RepairOrder,
  type RepairOrderDetail,
} from '../../../api/repairs';
import type { ListParams } from '../../../api/systemTypes';
import { RemoteSelect, type RemoteOption } from '../../../components/form/EnumSelect';
import { required, requiredDate } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { settle } from '../../../components/form/settle';
import { useConfirmAction } from '../../../components/form/useConfirmAction';
import { AttachmentPhotos } from '../../../components/photos/AttachmentPhotos';
import { PhotoIdsField } from '../../../components/photos/PhotoIdsField';
import { useListPage } from '../../../components/table/useListPage';
import { toast } from '../../../utils/notifier';
import { LocationError, locate } from '../../../workbench/geo';
import { RepairPartsTable, RepairTimeline, SlaTag } from './RepairOrderSections';
import './engineerOrders.css';

const NOT_AN_ENGINEER = '当前账号不是服务商的工程师';

/** The search parameter of the order shown (the list's own parameters stay beside it). */
export const OPEN_PARAM = 'orderId';

/** The states in which the order waits for the provider or its engineer (待处理); the others are 已完成. */
export const TODO_STATUSES: readonly RepairStatus[] = [
  'DISPATCHED',
  'ACCEPTED',
  'CONTACTED',
  'ENGINEER_ASSIGNED',
  'ON_SITE',
];
const DONE_STATUSES: readonly RepairStatus[] = [
  'FEEDBACK',
  'COMPLETED',
  'AUTO_APPROVED',
  'REVISITED',
  'REOPENED',
  'CLOSED',
  'CANCELLED',
];
const STATUS_COLOR: Partial<Record<string, string>> = {
  DISPATCHED: 'gold',
  ACCEPTED: 'cyan',
  CONTACTED: 'blue',
  ENGINEER_ASSIGNED: 'geekblue',
  ON_SITE: 'purple',
  FEEDBACK: 'processing',
  CANCELLED: 'default',
};

type Step = 'contact' | 'assign' | 'feedback';

/** The steps the order's state allows the caller: the provider's first, the engineer's on their own orders. */
export function stepsOf(order: RepairOrder, me: EngineerWorkbench): Array<Step | 'accept' | 'arrive'> {
  const mine = me.isManager || order.engineerId === me.engineerId;
  switch (order.status) {
    case 'DISPATCHED':
      return ['accept'];
    case 'ACCEPTED':
      return ['contact'];
    case 'CONTACTED':
      return me.isManager ? ['assign'] : [];
    case 'ENGINEER_ASSIGNED':
      return [...(mine ? (['arrive'] as const) : []), ...(me.isManager ? (['assign'] as const) : [])];
    case 'ON_SITE':
      return mine ? ['feedback'] : [];
    default:
      return [];
  }
}

const listQuery = (params: ListParams): ListParams => {
  const { tab, ...rest } = params;
  return { ...rest, mine: 'true', status: (tab === 'done' ? DONE_STATUSES : TODO_STATUSES).join(',') };
};

function OrderCard({ order, me, onOpen }: { order: RepairOrder; me: EngineerWorkbench; onOpen: () => void }) {
  return (
    <li aria-label={order.orderNo}>
      <Card
        size="small"
        className="mes-mine-card"
        onClick={onOpen}
        title={
          // The card's click opens it; the button is there for the keyboard (its click reaches the card).
          <Button type="link" size="small" className="mes-mine-card-no">
            {order.orderNo}
          </Button>
        }
        extra={<Tag color={STATUS_COLOR[order.status]}>{order.status_dictText}</Tag>}
      >
        <div className="mes-mine-card-name">
          {order.priority === 'URGENT' && <Tag color="volcano">{order.priority_dictText}</Tag>}
          {order.customerName ?? '—'}
        </div>
        <div className="mes-mine-card-line">{order.address ?? '地址未知'}</div>
        <div className="mes-mine-card-line">
          {order.faultCategory_dictText}：{order.faultDescription}
        </div>
        <div className="mes-mine-card-foot">
          <span>
            预约 {[order.bookingDate, order.bookingTimeRange].filter(Boolean).join(' ') || '未约'}
            {me.isManager && order.engineerName ? ` · ${order.engineerName}` : ''}
          </span>
          <SlaTag order={order} />
        </div>
      </Card>
    </li>
  );
}

function MyOrders({ me, onOpen }: { me: EngineerWorkbench; onOpen: (id: string) => void }) {
  const list = useListPage<RepairOrder>({
    filterKeys: ['tab'],
    fetch: (params) => listRepairOrders(listQuery(params)),
  });
  const tab = list.query.filters.tab === 'done' ? 'done' : 'todo';
  return (
    <>
      <Segmented
        block
        value={tab}
        onChange={(value) => list.search({ tab: value === 'done' ? 'done' : undefined })}
        options={[
          { value: 'todo', label: '待处理' },
          { value: 'done', label: '已完成' },
        ]}
      />
      <Spin spinning={list.loading}>
        {list.loaded && list.records.length === 0 ? (
          <Empty
            className="mes-mine-empty"
            description={tab === 'todo' ? '暂无待处理的工单' : '暂无已完成的工单'}
          />
        ) : (
          <ul className="mes-mine-list" aria-label={tab === 'todo' ? '待处理工单' : '已完成工单'}>
            {list.records.map((order) => (
              <OrderCard key={order.id} order={order} me={me} onOpen={() => onOpen(order.id)} />
            ))}
          </ul>
        )}
      </Spin>
      {list.total > list.query.pageSize && (
        <Pagination
          simple
          align="center"
          current={list.query.pageNo}
          pageSize={list.query.pageSize}
          total={list.total}
          onChange={(pageNo) => list.change({ pageNo })}
        />
      )}
    </>
  );
}

interface ContactValues {
  bookingDate: Dayjs;
  bookingTimeRange?: string;
  remark?: string;
}

interface PartLineValues {
  stockKey: string;
  qty?: number;
  newPartSerialNo?: string;
  oldPartReturned?: boolean;
}

interface FeedbackValues {
  cause: string;
  repairMethod: string;
  actualServiceType: string;
  parts?: PartLineValues[];
  photoIds: string[];
  signatureIds: string[];
  laborCost?: number;
  travelCost?: number;
  rating?: number;
}

const stockKeyOf = (row: Pick<EngineerStock, 'warehouseId' | 'partId'>) => `${row.warehouseId}:${row.partId}`;

/** The shelf rows whose part fits the order's model (a part naming no model fits every one). */
export const usableStock = (stock: EngineerStock[], modelId: string | null) =>
  stock.filter(
    (row) => !modelId || row.applicableModelIds.length === 0 || row.applicableModelIds.includes(modelId),
  );

function PartLine({
  field,
  stock,
  onRemove,
}: {
  field: FormListFieldData;
  stock: EngineerStock[];
  onRemove: () => void;
}) {
  const form = Form.useFormInstance();
  const key = Form.useWatch(['parts', field.name, 'stockKey'], form) as string | undefined;
  const row = stock.find((each) => stockKeyOf(each) === key);
  return (
    <Card
      size="small"
      className="mes-mine-part"
      title={`用料 ${field.name + 1}`}
      extra={
        <Button type="link" size="small" danger onClick={onRemove}>
          删除
        </Button>
      }
    >
      <Form.Item name={[field.name, 'stockKey']} label="备件" rules={[required('备件', '选择')]}>
        <Select
          placeholder="从随车或服务商库存选择"
          options={stock.map((each) => ({
            value: stockKeyOf(each),
            label: `${each.partName}（${each.warehouseType_dictText} ${each.qtyOnHand}${each.unit}）`,
          }))}
        />
      </Form.Item>
      {row?.serialTracked ? (
        <Form.Item
          name={[field.name, 'newPartSerialNo']}
          label="序列号"
          rules={[required('新件序列号', '选择')]}
        >
          <Select
            placeholder="新件序列号"
            options={row.serialNos.map((serial) => ({ value: serial, label: serial }))}
          />
        </Form.Item>
      ) : (
        <Form.Item
          name={[field.name, 'qty']}
          label="数量"
          rules={[
            { required: true, type: 'number', min: 1, message: '请输入数量!' },
            {
              validator: (_rule, value: number | undefined) =>
                !row || value === undefined || value <= row.qtyOnHand
                  ? Promise.resolve()
                  : Promise.reject(new Error(`库存不足，现有 ${row.qtyOnHand}${row.unit}!`)),
            },
          ]}
        >
          <InputNumber min={1} precision={0} suffix={row?.unit} style={{ width: '100%' }} />
        </Form.Item>
      )}
      <Form.Item name={[field.name, 'oldPartReturned']} valuePropName="checked" noStyle>
        <Checkbox>旧件返还</Checkbox>
      </Form.Item>
    </Card>
  );
}

function feedbackBody(order: RepairOrder, stock: EngineerStock[], values: FeedbackValues) {
  return {
    id: order.id,
    cause: values.cause.trim(),
    repairMethod: values.repairMethod.trim(),
    actualServiceType: values.actualServiceType,
    parts: (values.parts ?? []).map((line) => {
      const row = stock.find((each) => stockKeyOf(each) === line.stockKey)!;
      return {
        partId: row.partId,
        warehouseId: row.warehouseId,
        qty: row.serialTracked ? 1 : (line.qty ?? 1),
        newPartSerialNo: row.serialTracked ? (line.newPartSerialNo ?? null) : null,
        oldPartReturned: line.oldPartReturned ?? false,
      };
    }),
    photoIds: values.photoIds,
    signatureId: values.signatureIds[0] ?? null,
    laborCost: values.laborCost ?? 0,
    travelCost: values.travelCost ?? 0,
    rating: values.rating || null,
  };
}

function FeedbackModal({
  order,
  me,
  open,
  onClose,
  onSaved,
}: {
  order: RepairOrder;
  me: EngineerWorkbench;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const stock = usableStock(me.stock, order.modelId);
  return (
    <ModalForm<FeedbackValues>
      title={`完工反馈 ${order.orderNo}`}
      open={open}
      onClose={onClose}
      onSaved={onSaved}
      labelWidth={84}
      initialValues={{
        actualServiceType: 'ON_SITE',
        parts: [],
        photoIds: [],
        signatureIds: [],
        laborCost: 0,
        travelCost: 0,
      }}
      onSubmit={(values) => repairStep('feedback', feedbackBody(order, stock, values))}
    >
      <Form.Item name="cause" label="故障原因" rules={[required('故障原因')]}>
        <Input.TextArea rows={2} maxLength={256} placeholder="如：温控器损坏" />
      </Form.Item>
      <Form.Item name="repairMethod" label="维修措施" rules={[required('维修措施')]}>
        <Input.TextArea rows={2} maxLength={256} placeholder="如：更换温控器并试运行30分钟" />
      </Form.Item>
      <Form.Item name="actualServiceType" label="服务类型" rules={[required('服务类型', '选择')]}>
        <Radio.Group
          optionType="button"
          options={Object.entries(SERVICE_TYPE).map(([value, label]) => ({ value, label }))}
        />
      </Form.Item>
      <Form.List name="parts">
        {(fields, { add, remove }) => (
          <Form.Item label="用料">
            {fields.map((field) => (
              <PartLine key={field.key} field={field} stock={stock} onRemove={() => remove(field.name)} />
            ))}
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              disabled={stock.length === 0}
              onClick={() => add({ qty: 1, oldPartReturned: true })}
            >
              {stock.length === 0 ? '随车和服务商库存中没有适用的备件' : '添加用料'}
            </Button>
          </Form.Item>
        )}
      </Form.List>
      <Form.Item
        name="photoIds"
        label="完工照片"
        rules={[{ required: true, type: 'array', min: 1, message: '请上传完工照片!' }]}
      >
        <PhotoIdsField bizType={REPAIR_PHOTO_BIZ} kind="REPAIR" bizId={order.id} label="拍照上传" />
      </Form.Item>
      <Form.Item
        name="signatureIds"
        label="客户签名"
        extra="客户在维修单上签字后拍照上传；签名与完工照片齐全的工单，反馈 48 小时后无人审核即自动审核"
      >
        <PhotoIdsField
          bizType={REPAIR_PHOTO_BIZ}
          kind="SIGNATURE"
          bizId={order.id}
          max={1}
          label="上传签名"
        />
      </Form.Item>
      <Space size={12} wrap>
        <Form.Item name="laborCost" label="工时费">
          <InputNumber min={0} max={1000000} precision={2} prefix="¥" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="travelCost" label="交通费">
          <InputNumber min={0} max={1000000} precision={2} prefix="¥" style={{ width: 120 }} />
        </Form.Item>
      </Space>
      <Form.Item name="rating" label="客户评价">
        <Rate />
      </Form.Item>
    </ModalForm>
  );
}

function StepForms({
  order,
  me,
  step,
  onClose,
  onSaved,
}: {
  order: RepairOrder;
  me: EngineerWorkbench;
  step: Step | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const loadEngineers = () => listEngineers(me.providerId);
  const engineerOption = (row: Record<string, unknown>): RemoteOption => ({
    value: row.id as string,
    label: `${row.name as string} ${row.mobile as string}`,
    disabled: row.status !== 'ACTIVE',
  });
  return (
    <>
      <ModalForm<ContactValues>
        title="联系用户"
        open={step === 'contact'}
        onClose={onClose}
        onSaved={onSaved}
        labelWidth={84}
        onSubmit={(values) =>
          repairStep('contact', {
            id: order.id,
            bookingDate: values.bookingDate.format('YYYY-MM-DD'),
            bookingTimeRange: values.bookingTimeRange?.trim() || null,
            remark: values.remark?.trim() || null,
          })
        }
      >
        <Form.Item name="bookingDate" label="预约日期" rules={[requiredDate('预约日期')]}>
          <DatePicker style={{ width: '100%' }} inputReadOnly />
        </Form.Item>
        <Form.Item name="bookingTimeRange" label="预约时段">
          <Select
            allowClear
            placeholder="上门时段"
            options={['09:00-12:00', '14:00-17:00', '18:00-21:00'].map((range) => ({
              value: range,
              label: range,
            }))}
          />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea rows={2} maxLength={256} />
        </Form.Item>
      </ModalForm>
      <ModalForm<{ engineerId: string }>
        title="指派工程师"
        open={step === 'assign'}
        onClose={onClose}
        onSaved={onSaved}
        labelWidth={84}
        initialValues={{ engineerId: order.engineerId ?? undefined }}
        onSubmit={(values) => repairStep('assign', { id: order.id, engineerId: values.engineerId })}
      >
        <Form.Item name="engineerId" label="工程师" rules={[required('工程师', '选择')]}>
          <RemoteSelect load={loadEngineers} toOption={engineerOption} placeholder="本服务商的工程师" />
        </Form.Item>
      </ModalForm>
      <FeedbackModal order={order} me={me} open={step === 'feedback'} onClose={onClose} onSaved={onSaved} />
    </>
  );
}

function StepButtons({
  order,
  me,
  onChanged,
}: {
  order: RepairOrderDetail;
  me: EngineerWorkbench;
  onChanged: () => void;
}) {
  const confirm = useConfirmAction();
  const [step, setStep] = useState<Step | null>(null);
  const [locating, setLocating] = useState(false);
  const steps = stepsOf(order, me);
  if (steps.length === 0) return null;

  const arrive = async () => {
    setLocating(true);
    try {
      const fix = await locate();
      if (await settle(repairStep('arrive', { id: order.id, lng: fix.lng, lat: fix.lat }))) onChanged();
    } catch (error) {
      if (error instanceof LocationError) toast('warning', error.message);
    } finally {
      setLocating(false);
    }
  };

  const buttons = steps.map((each) => {
    switch (each) {
      case 'accept':
        return (
          <Button
            key={each}
            type="primary"
            block
            onClick={() =>
              confirm({
                title: `接单 ${order.orderNo}？`,
                content: '接单后请尽快联系门店预约上门时间。',
                danger: false,
                action: () => repairStep('accept', { id: order.id }),
                onDone: onChanged,
              })
            }
          >
            接单
          </Button>
        );
      case 'arrive':
        return (
          <Button
            key={each}
            type="primary"
            block
            icon={<EnvironmentOutlined />}
            loading={locating}
            onClick={() => void arrive()}
          >
            到场签到
          </Button>
        );
      case 'contact':
        return (
          <Button key={each} type="primary" block onClick={() => setStep('contact')}>
            联系用户
          </Button>
        );
      case 'assign':
        return (
          <Button
            key={each}
            block
            type={order.status === 'CONTACTED' ? 'primary' : 'default'}
            onClick={() => setStep('assign')}
          >
            {order.status === 'CONTACTED' ? '指派工程师' : '改派工程师'}
          </Button>
        );
      case 'feedback':
        return (
          <Button key={each} type="primary" block onClick={() => setStep('feedback')}>
            完工反馈
          </Button>
        );
    }
  });
  return (
    <div className="mes-mine-steps" role="group" aria-label="工单操作">
      {buttons}
      <StepForms order={order} me={me} step={step} onClose={() => setStep(null)} onSaved={onChanged} />
    </div>
  );
}

function OrderDetail({
  id,
  me,
  onBack,
  onChanged,
}: {
  id: string;
  me: EngineerWorkbench;
  onBack: () => void;
  onChanged: () => void;
}) {
  const [order, setOrder] = useState<RepairOrderDetail | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    getRepairOrder(id)
      .then((answer) => {
        if (!current) return;
        if (answer.success) setOrder(answer.result);
        else setMissing(answer.message);
      })
      .catch(() => current && setMissing('工单加载失败'));
    return () => {
      current = false;
    };
  }, [id, version]);
  const changed = () => {
    setVersion((value) => value + 1);
    onChanged();
  };
  const back = (
    <Button type="link" icon={<LeftOutlined />} onClick={onBack} className="mes-mine-back">
      我的工单
    </Button>
  );
  if (missing) return <Result status="404" title={missing} extra={back} />;
  if (!order) return <Spin aria-label="加载工单" className="mes-mine-loading" />;
  return (
    <section aria-label={`工单 ${order.orderNo}`}>
      {back}
      <Card
        size="small"
        title={order.orderNo}
        extra={<Tag color={STATUS_COLOR[order.status]}>{order.status_dictText}</Tag>}
      >
        <Descriptions column={1} size="small">
          <Descriptions.Item label="门店">{order.customerName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="地址">{order.address ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="联系人">
            {order.contactMobile ? (
              <a href={`tel:${order.contactMobile}`}>
                <PhoneOutlined /> {order.contactName ?? ''} {order.contactMobile}
              </a>
            ) : (
              (order.contactName ?? '—')
            )}
          </Descriptions.Item>
          <Descriptions.Item label="设备">
            {[order.assetNo, order.modelName].filter(Boolean).join(' ') || '—'}
          </Descriptions.Item>
          <Descriptions.Item label="故障">
            {order.faultCategory_dictText}：{order.faultDescription}
            {order.faultCode ? `（${order.faultCode}）` : ''}
          </Descriptions.Item>
          <Descriptions.Item label="保修">{order.warrantyStatus_dictText}</Descriptions.Item>
          <Descriptions.Item label="预约">
            {[order.bookingDate, order.bookingTimeRange].filter(Boolean).join(' ') || '未约'}
          </Descriptions.Item>
          <Descriptions.Item label="时效">
            <SlaTag order={order} />
          </Descriptions.Item>
          <Descriptions.Item label="工程师">{order.engineerName ?? '未指派'}</Descriptions.Item>
          {order.arrivedAt && <Descriptions.Item label="到场">{order.arrivedAt}</Descriptions.Item>}
        </Descriptions>
        {order.faultPhotoIds.length > 0 && (
          <AttachmentPhotos bizType={REPAIR_PHOTO_BIZ} bizId={order.id} ids={order.faultPhotoIds} />
        )}
      </Card>
      <StepButtons order={order} me={me} onChanged={changed} />
      {order.cause && (
        <Card size="small" title="维修结果" className="mes-mine-section">
          <Descriptions column={1} size="small">
            <Descriptions.Item label="故障原因">{order.cause}</Descriptions.Item>
            <Descriptions.Item label="维修措施">{order.repairMethod}</Descriptions.Item>
            <Descriptions.Item label="服务类型">{order.actualServiceType_dictText ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="费用">
              ¥{order.totalCost}（工时 {order.laborCost} / 配件 {order.partsCost} / 交通 {order.travelCost}）
            </Descriptions.Item>
          </Descriptions>
          {order.parts.length > 0 && <RepairPartsTable parts={order.parts} compact />}
          {order.completionPhotoIds.length > 0 && (
            <AttachmentPhotos
              bizType={REPAIR_PHOTO_BIZ}
              bizId={order.id}
              ids={[
                ...order.completionPhotoIds,
                ...(order.customerSignatureId ? [order.customerSignatureId] : []),
              ]}
            />
          )}
        </Card>
      )}
      <Card size="small" title="处理进度" className="mes-mine-section">
        <RepairTimeline timeline={order.timeline} />
      </Card>
    </section>
  );
}

export default function EngineerOrdersPage() {
  const [me, setMe] = useState<EngineerWorkbench | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = searchParams.get(OPEN_PARAM);
  useEffect(() => {
    let current = true;
    loadEngineerWorkbench()
      .then((answer) => {
        if (!current) return;
        if (answer.success && answer.result) setMe(answer.result);
        else setRefusal(answer.success ? NOT_AN_ENGINEER : answer.message);
      })
      // The HTTP layer has shown the failure.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [version]);

  const show = (id: string | null) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id) next.set(OPEN_PARAM, id);
        else next.delete(OPEN_PARAM);
        return next;
      },
      // Opening an order is a step back can undo; going back to the list replaces it.
      { replace: id === null },
    );

  if (refusal)
    return (
      <Result
        status="403"
        title={refusal}
        subTitle="我的工单供服务商的工程师在手机上处理维修工单：接单、联系用户、到场签到与完工反馈。"
      />
    );
  if (!me) return <Spin aria-label="加载中" className="mes-mine-loading" />;
  return (
    <div className="mes-mine">
      <Typography.Paragraph className="mes-mine-who">
        <strong>{me.engineerName}</strong> · {me.providerName}
        {me.isManager && <Tag className="mes-mine-role">派单</Tag>}
      </Typography.Paragraph>
      {openId ? (
        <OrderDetail
          id={openId}
          me={me}
          onBack={() => show(null)}
          onChanged={() => setVersion((value) => value + 1)}
        />
      ) : (
        <MyOrders me={me} onOpen={show} />
      )}
    </div>
  );
}
