// 打印: the delivery note (or the picking/execution sheet with its batches) of one or more orders, fetched
// from the server — which counts the print — and printed through PrintArea, one sheet per page.
import { useEffect, useRef, useState } from 'react';
import { Descriptions, Modal, Segmented, Spin, Table } from 'antd';
import type { OrderPrintData } from '../../../../common/orders';
import type { PrintKind } from '../../../api/orders';
import { PrintArea } from '../../../components/PrintArea';
import { printClosed, printRequested } from '../../../features/orders/slice';
import { selectPrint } from '../../../features/orders/selectors';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { amountSteps, money } from './orderView';
import type { OrderRef } from './useOrderDialogs';

const KIND_LABEL: Record<PrintKind, string> = { DELIVERY_NOTE: '发货单', EXECUTION: '拣货执行单' };

/**
 * Below the lines of a delivery note: the amounts from list price to payable, the promotions that priced the
 * order with what each gave off and the 返费用 each earned, and the 返费用's total (less what returns took back).
 */
function PromotionsPrint({ sheet }: { sheet: OrderPrintData }) {
  const { creditedAmount, takenBackAmount } = sheet.rebateCredit;
  return (
    <>
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'flex-end',
          gap: '4px 16px',
          margin: '8px 0',
        }}
      >
        {amountSteps(sheet.amounts).map((step) => (
          <span key={step.label} style={{ whiteSpace: 'nowrap' }}>
            {step.label} {step.label === '应付金额' ? <strong>{step.value}</strong> : step.value}
          </span>
        ))}
      </div>
      {sheet.promotions.length > 0 && (
        <Table
          size="small"
          bordered
          rowKey={(promotion) => `${promotion.promoNo}-${promotion.tierNo}`}
          pagination={false}
          dataSource={sheet.promotions}
          columns={[
            {
              title: '促销活动',
              key: 'name',
              render: (_value: unknown, promotion: OrderPrintData['promotions'][number]) =>
                `${promotion.name}（${promotion.promoNo}）${
                  sheet.promotions.filter((each) => each.promoNo === promotion.promoNo).length > 1
                    ? ` 第 ${promotion.tierNo} 档`
                    : ''
                }${promotion.giftQty > 0 ? ' 含赠品' : ''}`,
            },
            { title: '优惠金额', dataIndex: 'discountAmount', align: 'right', render: money },
            { title: '返费用', dataIndex: 'creditAmount', align: 'right', render: money },
          ]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2} align="right">
                返费用合计（已入返利账户）
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                {money(creditedAmount)}
                {Number(takenBackAmount) > 0 && `（退货收回 ${money(takenBackAmount)}）`}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      )}
    </>
  );
}

function Sheet({ sheet }: { sheet: OrderPrintData }) {
  const execution = sheet.kind === 'EXECUTION';
  const receiver = [sheet.receiver.name, sheet.receiver.mobile, sheet.receiver.address]
    .filter(Boolean)
    .join(' ');
  return (
    <section style={{ breakAfter: 'page', marginBottom: 24 }}>
      <h2 style={{ textAlign: 'center', margin: '0 0 12px' }}>{sheet.title}</h2>
      <Descriptions size="small" column={3}>
        <Descriptions.Item label="订单号">{sheet.orderNo}</Descriptions.Item>
        <Descriptions.Item label="下单时间">{sheet.orderedAt}</Descriptions.Item>
        <Descriptions.Item label="第几次打印">{sheet.printCount}</Descriptions.Item>
        <Descriptions.Item label="客户">{`${sheet.buyer.name}（${sheet.buyer.code}）`}</Descriptions.Item>
        <Descriptions.Item label="供货方">{sheet.seller}</Descriptions.Item>
        <Descriptions.Item label="发货仓">{sheet.warehouse ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="收货" span={2}>
          {receiver || '—'}
        </Descriptions.Item>
        <Descriptions.Item label="支付方式">{sheet.paymentMethod_dictText}</Descriptions.Item>
      </Descriptions>
      <Table
        size="small"
        bordered
        rowKey="lineNo"
        pagination={false}
        dataSource={sheet.lines}
        columns={[
          { title: '行', dataIndex: 'lineNo', width: 40 },
          { title: '编码', dataIndex: 'skuCode' },
          {
            title: '商品',
            key: 'skuName',
            render: (_value: unknown, line: OrderPrintData['lines'][number]) =>
              line.isGift ? `${line.skuName}（赠品）` : line.skuName,
          },
          { title: '规格', dataIndex: 'spec' },
          { title: '数量', dataIndex: 'qtyText' },
          ...(execution
            ? [
                {
                  title: '批次',
                  key: 'batches',
                  render: (_value: unknown, line: OrderPrintData['lines'][number]) =>
                    line.batches
                      .map((batch) => `${batch.batchNo}（${batch.productionDate}）${batch.qtyText}`)
                      .join('；') || '—',
                },
              ]
            : [
                {
                  title: '单价',
                  key: 'price',
                  render: (_value: unknown, line: OrderPrintData['lines'][number]) =>
                    `${money(line.price)}/${line.priceUnit}`,
                },
                { title: '金额', dataIndex: 'amount', render: (amount: string) => money(amount) },
              ]),
        ]}
      />
      {!execution && <PromotionsPrint sheet={sheet} />}
      <p style={{ color: '#595959' }}>
        打印人：{sheet.printedBy}　打印时间：{sheet.printedAt}　{sheet.remark ? `备注：${sheet.remark}` : ''}
      </p>
      <p>收货人签字：________________　日期：____________</p>
    </section>
  );
}

export function PrintDialog({ orders, onClose }: { orders: OrderRef[]; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const print = useAppSelector(selectPrint);
  const [kind, setKind] = useState<PrintKind>('DELIVERY_NOTE');
  const idsKey = orders.map((order) => order.id).join(',');
  useEffect(() => {
    dispatch(printRequested({ ids: idsKey.split(','), kind }));
  }, [dispatch, idsKey, kind]);
  const close = () => {
    dispatch(printClosed());
    onClose();
  };
  // The server refused every sheet: the saga closed the print, and so does the dialog.
  const started = useRef(false);
  useEffect(() => {
    if (print) started.current = true;
    else if (started.current) onClose();
  }, [print, onClose]);

  return (
    <Modal
      title={orders.length > 1 ? `批量打印（${orders.length} 个订单）` : `打印 ${orders[0]?.orderNo ?? ''}`}
      open
      width={960}
      footer={null}
      onCancel={close}
      destroyOnHidden
    >
      <Segmented<PrintKind>
        value={kind}
        onChange={setKind}
        options={(Object.keys(KIND_LABEL) as PrintKind[]).map((value) => ({
          value,
          label: KIND_LABEL[value],
        }))}
        style={{ marginBottom: 16 }}
      />
      {!print?.sheets ? (
        <Spin />
      ) : (
        <PrintArea title={KIND_LABEL[kind]}>
          {print.sheets.map((sheet) => (
            <Sheet key={sheet.orderNo} sheet={sheet} />
          ))}
        </PrintArea>
      )}
    </Modal>
  );
}
