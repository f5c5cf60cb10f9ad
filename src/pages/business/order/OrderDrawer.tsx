// 订单详情: the order's header, buyer and receiver, lines (gifts marked), the amounts from list price to
// payable, shipments with their batches, sign records, returns and exchanges (with their next steps),
// payments and the history;
// the buttons of its status on top.
import { useEffect, type ReactNode } from 'react';
import { Alert, App, Button, Drawer, Empty, Skeleton, Space, Table, Tag, Timeline, Typography } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import type { OrderSyncTask } from '../../../api/orders';
import { useHasPermission } from '../../../components/HasPermission';
import {
  CREDIT_CHECK_RESULT,
  orderActionAllowed,
  type OrderDetail,
  type OrderLineRecord,
} from '../../../../common/orders';
import { DetailList } from '../../../components/DetailList';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import {
  selectCommand,
  selectDetail,
  selectDetailId,
  selectDetailLoading,
  selectSyncRecord,
} from '../../../features/orders/selectors';
import { commandRequested, detailClosed, LOADING, syncRecordRequested } from '../../../features/orders/slice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { OrderActions } from './OrderActions';
import { amountSteps, money, STATUS_COLOR } from './orderView';
import { ReturnsSection } from './ReturnsSection';
import type { OpenDialog } from './useOrderDialogs';
import { ChangeHistory } from '../../../components/history/ChangeHistory';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

const TASK_COLOR: Record<string, string> = {
  SUCCESS: 'green',
  FAILED: 'red',
  PENDING: 'blue',
  RUNNING: 'processing',
  IGNORED: 'default',
  MANUAL_DONE: 'default',
};

/** The order's ERP sync tasks (loaded again with the order) and 重新同步 of the failed ones. */
function SyncSection({ order }: { order: OrderDetail }) {
  const dispatch = useAppDispatch();
  const { modal } = App.useApp();
  const record = useAppSelector(selectSyncRecord);
  const mayRetry = useHasPermission('erp:retry');
  // 重新同步 has no dialog of its own: its outcome shows here.
  const command = useAppSelector(selectCommand);
  const resync = command.kind === 'resync' ? command : null;
  useEffect(() => {
    dispatch(syncRecordRequested(order.id));
  }, [dispatch, order]);
  const tasks = record === LOADING || record === null ? [] : record;
  const failed = tasks.some((task) => task.status === 'FAILED');
  return (
    <Section title="ERP同步">
      {mayRetry && failed && (
        <Button
          size="small"
          icon={<SyncOutlined />}
          style={{ marginBottom: 8 }}
          loading={resync?.status === 'running'}
          onClick={() =>
            modal.confirm({
              title: `重新同步订单 ${order.orderNo} 的失败任务？`,
              content: '失败的同步任务将立即重试一次。',
              okText: '重新同步',
              cancelText: '取消',
              onOk: () => {
                dispatch(commandRequested({ kind: 'resync', payload: { id: order.id } }));
              },
            })
          }
        >
          重新同步
        </Button>
      )}
      {resync?.status === 'refused' && resync.refusal && (
        <Alert type="error" showIcon title={resync.refusal} style={{ marginBottom: 8 }} />
      )}
      <Table<OrderSyncTask>
        size="small"
        rowKey="id"
        pagination={false}
        loading={record === LOADING}
        dataSource={tasks}
        locale={{ emptyText: record === null ? '同步记录加载失败' : '没有同步任务' }}
        columns={[
          {
            title: '任务',
            dataIndex: 'taskNo',
            render: (taskNo: string, task) => (
              <TwoLineCell
                main={taskNo}
                sub={`${[task.bizType_dictText, task.bizNo].filter(Boolean).join(' ')} · ${task.operation_dictText}`}
              />
            ),
          },
          {
            title: '状态',
            dataIndex: 'status',
            render: (status: string, task) => <Tag color={TASK_COLOR[status]}>{task.status_dictText}</Tag>,
          },
          {
            title: '尝试',
            dataIndex: 'attemptCount',
            render: (count: number, task) => `${count}/${task.maxAttempts}`,
          },
          {
            title: '结果',
            key: 'result',
            render: (_value, task) =>
              task.lastErrorMessage ? (
                <TwoLineCell main={task.errorCategory_dictText ?? '失败'} sub={task.lastErrorMessage} />
              ) : (
                (task.erpBillNo ?? '—')
              ),
          },
          { title: '更新时间', dataIndex: 'updateTime' },
        ]}
      />
    </Section>
  );
}

function OrderBody({ order }: { order: OrderDetail }) {
  const receiver = order.receiver;
  const maySeeSync = useHasPermission('erp:list');
  return (
    <Space orientation="vertical" size={24} style={{ width: '100%' }}>
      <DetailList
        col={3}
        items={[
          { label: '订单类型', content: order.orderType_dictText },
          { label: '下单渠道', content: order.sourceChannel_dictText },
          { label: '下单时间', content: order.orderedAt },
          {
            label: '客户',
            content: `${order.buyerName}（${order.buyerCode} · ${order.buyerType_dictText}）`,
          },
          { label: '经销商', content: order.sellerName ?? '品牌直供' },
          { label: '业务员', content: order.salesRepName ?? '—' },
          { label: '支付', content: `${order.paymentMethod_dictText} · ${order.paymentStatus_dictText}` },
          {
            label: '信用检查',
            content: order.creditCheckResult ? CREDIT_CHECK_RESULT[order.creditCheckResult] : '—',
          },
          { label: '发货仓', content: order.warehouseName ?? '—' },
          {
            label: '收货人',
            content: [receiver.name, receiver.mobile].filter(Boolean).join(' ') || '—',
          },
          { label: '收货地址', content: receiver.address ?? '—', span: 2 },
          { label: '期望送达', content: order.requestedDeliveryDate ?? '—' },
          { label: '打印次数', content: `发货单 ${order.printCount} · 执行单 ${order.exePrintCount}` },
          { label: 'ERP同步', content: order.erpSyncStatus_dictText },
          ...(order.rejectReason ? [{ label: '驳回原因', content: order.rejectReason, span: 3 }] : []),
          ...(order.invalidReason ? [{ label: '作废原因', content: order.invalidReason, span: 3 }] : []),
          ...(order.buyerRemark ? [{ label: '买家备注', content: order.buyerRemark, span: 3 }] : []),
          ...(order.internalRemark ? [{ label: '内部备注', content: order.internalRemark, span: 3 }] : []),
        ]}
      />
      <Section title="商品明细">
        <Table<OrderLineRecord>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={order.lines}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: '行', dataIndex: 'lineNo', width: 40 },
            {
              title: '商品',
              key: 'sku',
              render: (_value, line) => (
                <TwoLineCell
                  main={
                    <>
                      {line.sku.name} {line.isGift && <Tag color="magenta">赠品</Tag>}
                    </>
                  }
                  sub={[line.sku.skuCode, line.sku.spec].filter(Boolean).join(' · ')}
                />
              ),
            },
            { title: '数量', dataIndex: 'qtyText' },
            {
              title: '原价 / 成交价',
              key: 'price',
              render: (_value, line) => (
                <TwoLineCell
                  main={`${money(line.dealPrice)}/${line.priceUnit === 'CASE' ? line.sku.saleUnit : line.sku.baseUnit}`}
                  sub={`原价 ${money(line.listPrice)}${line.priceListName ? ` · ${line.priceListName}` : ''}`}
                />
              ),
            },
            {
              title: '优惠',
              dataIndex: 'discountAmount',
              align: 'right',
              render: (value: string) => money(value),
            },
            { title: '金额', dataIndex: 'amount', align: 'right', render: (value: string) => money(value) },
            {
              title: '已发 / 已签 / 已退（瓶）',
              key: 'progress',
              render: (_value, line) =>
                `${line.shippedBaseQty} / ${line.signedBaseQty} / ${line.returnedBaseQty}`,
            },
          ]}
        />
      </Section>
      <Section title="金额">
        <Space wrap size={[24, 8]}>
          {amountSteps(order.amounts).map((step) => (
            <span key={step.label}>
              <Typography.Text type="secondary">{step.label}</Typography.Text>{' '}
              {step.label === '应付金额' ? <strong>{step.value}</strong> : step.value}
            </span>
          ))}
        </Space>
        {/* One usage a row: a promotion may stand twice (two tiers of a 累计返, a usage released before 修改重提). */}
        {order.promotions.map((promotion, index) => (
          <div key={`${promotion.promotionId}-${index}`} style={{ marginTop: 8 }}>
            <Tag color={promotion.status === 'RELEASED' ? 'default' : 'green'}>促销</Tag>
            {promotion.name}（{promotion.promoNo}）{promotion.tierNo > 1 && ` 第 ${promotion.tierNo} 档`}
            {Number(promotion.discountAmount) > 0 && ` 优惠 ${money(promotion.discountAmount)}`}
            {Number(promotion.creditAmount) > 0 &&
              ` 返费用 ${money(promotion.creditAmount)}${promotion.status === 'LOCKED' ? '（审核后入返利账户）' : ''}`}
            {promotion.giftQty > 0 && ' 含赠品'}
            {promotion.status === 'RELEASED' && '（已释放）'}
          </div>
        ))}
      </Section>
      <Section title="发货">
        {order.shipments.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无发货" />
        ) : (
          order.shipments.map((shipment) => (
            <div key={shipment.id} style={{ marginBottom: 12 }}>
              <Typography.Text strong>{shipment.shipmentNo}</Typography.Text>{' '}
              <Tag>{shipment.status_dictText}</Tag>
              <Typography.Text type="secondary">
                {[
                  shipment.shippedAt,
                  shipment.warehouseName,
                  shipment.shippedByName,
                  shipment.driverName && `司机 ${shipment.driverName} ${shipment.driverMobile ?? ''}`,
                  shipment.vehicleNo,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography.Text>
              <Table
                size="small"
                rowKey={(line) => `${line.orderLineId}-${line.lotId}`}
                pagination={false}
                dataSource={shipment.lines}
                columns={[
                  { title: '商品', dataIndex: 'skuName' },
                  { title: '批次号', dataIndex: 'batchNo' },
                  { title: '生产日期', dataIndex: 'productionDate' },
                  { title: '数量', dataIndex: 'qtyText' },
                ]}
              />
            </div>
          ))
        )}
      </Section>
      <Section title="签收">
        {order.signs.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无签收" />
        ) : (
          order.signs.map((sign) => (
            <div key={sign.id}>
              {sign.signedAt} · {sign.signType_dictText} · {sign.signedByName ?? '—'}
              {sign.diffReason_dictText && (
                <Tag color="orange" style={{ marginLeft: 8 }}>
                  {sign.diffReason_dictText}
                </Tag>
              )}
              {sign.remark && <Typography.Text type="secondary"> {sign.remark}</Typography.Text>}
            </div>
          ))
        )}
      </Section>
      {(order.returns.length > 0 ||
        order.exchanges.length > 0 ||
        orderActionAllowed('return', order.status)) && (
        <Section title="退换货">
          <ReturnsSection order={order} />
        </Section>
      )}
      <Section title="收款">
        {order.payments.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无收款" />
        ) : (
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={order.payments}
            columns={[
              { title: '收款单号', dataIndex: 'paymentNo' },
              { title: '金额', dataIndex: 'amount', render: (value: string) => money(value) },
              { title: '方式', dataIndex: 'channel_dictText' },
              { title: '时间', dataIndex: 'paidAt' },
              { title: '经办人', dataIndex: 'createdByName' },
            ]}
          />
        )}
      </Section>
      {maySeeSync && <SyncSection order={order} />}
      <Section title="操作记录">
        <Timeline
          aria-label="操作记录"
          items={order.logs.map((log) => ({
            key: log.id,
            content: (
              <div>
                <strong>{log.action_dictText}</strong>{' '}
                <Typography.Text type="secondary">
                  {log.at} · {log.operatorName ?? '系统'}
                </Typography.Text>
                {log.comment && <div>{log.comment}</div>}
              </div>
            ),
          }))}
        />
      </Section>
      <Section title="变更记录">
        <ChangeHistory bizType="ORDER" bizId={order.id} />
      </Section>
    </Space>
  );
}

export function OrderDrawer({ open }: { open: OpenDialog }) {
  const dispatch = useAppDispatch();
  const id = useAppSelector(selectDetailId);
  const order = useAppSelector(selectDetail);
  const loading = useAppSelector(selectDetailLoading);
  return (
    <Drawer
      title={
        order ? (
          <Space>
            {`订单详情 ${order.orderNo}`}
            <Tag color={STATUS_COLOR[order.status]}>{order.status_dictText}</Tag>
          </Space>
        ) : (
          '订单详情'
        )
      }
      open={id !== null}
      onClose={() => dispatch(detailClosed())}
      size={960}
      destroyOnHidden
      extra={order && <OrderActions order={order} open={open} />}
    >
      {order ? (
        <OrderBody order={order} />
      ) : loading ? (
        <Skeleton active />
      ) : (
        <Empty description="订单加载失败" />
      )}
    </Drawer>
  );
}
