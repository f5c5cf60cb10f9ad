// 客户列表 (eCustomer/CustomerList): customers filtered by type, channel, city and statuses with paging and
// sort in the URL (within the user's data scope, decided by the server); a detail drawer (photos, team,
// labels); 冻结/解冻/关店/停用 after a confirmation.
import { useState } from 'react';
import { Button, Form, Input, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  AUDIT_STATUS,
  CHANNEL,
  CUSTOMER_STATUS,
  CUSTOMER_TYPE,
  VERIFY_STATUS,
} from '../../../../common/businessEnums';
import { changeCustomerStatus, listCustomers, type Customer } from '../../../api/customers';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { useConfirmAction } from '../../../components/form/useConfirmAction';
import { HasPermission } from '../../../components/HasPermission';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { ListPage } from '../../../components/table/ListPage';
import { useListPage } from '../../../components/table/useListPage';
import { CustomerDrawer } from './CustomerDrawer';

/** The status commands of each status (the server's state machine). */
export const CUSTOMER_ACTIONS: Record<string, { status: string; label: string; note: string }[]> = {
  ACTIVE: [
    { status: 'FROZEN', label: '冻结', note: '冻结后暂停下单与拜访，可解冻。' },
    { status: 'CLOSED', label: '关店', note: '有冰柜的门店不能关店。' },
    { status: 'DISABLED', label: '停用', note: '停用后不再出现在业务中。' },
  ],
  FROZEN: [
    { status: 'ACTIVE', label: '解冻', note: '恢复正常经营。' },
    { status: 'DISABLED', label: '停用', note: '停用后不再出现在业务中。' },
  ],
  CLOSED: [
    { status: 'ACTIVE', label: '重新营业', note: '恢复正常经营（虚假门店不能恢复）。' },
    { status: 'DISABLED', label: '停用', note: '停用后不再出现在业务中。' },
  ],
  DISABLED: [],
};

const STATUS_COLOR: Record<string, string> = {
  ACTIVE: 'green',
  FROZEN: 'blue',
  CLOSED: 'default',
  DISABLED: 'red',
  PENDING: 'orange',
  REJECTED: 'red',
  SUSPECT: 'orange',
  FAKE: 'red',
};

export default function CustomerListPage() {
  const list = useListPage<Customer>({
    filterKeys: ['keyword', 'customerType', 'channel', 'cityCode', 'auditStatus', 'verifyStatus', 'status'],
    sortKeys: [
      'customerCode',
      'name',
      'level',
      'freezerCount',
      'createTime',
      'lastVisitTime',
      'lastOrderTime',
    ],
    defaultSort: { column: 'createTime', order: 'desc' },
    fetch: listCustomers,
  });
  const confirm = useConfirmAction();
  const [detail, setDetail] = useState<Customer | null>(null);

  const columns: ColumnsType<Customer> = [
    {
      title: '编码',
      dataIndex: 'customerCode',
      key: 'customerCode',
      sorter: true,
      render: (code: string, customer) => (
        <TwoLineCell main={code} sub={customer.level ? `${customer.level}级` : '未分级'} />
      ),
    },
    {
      title: '客户名称',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (name: string, customer) => (
        <span>
          {name}
          <br />
          {customer.labels.map((label) => (
            <Tag key={label.id} color={label.color ?? undefined} style={{ fontSize: 11 }}>
              {label.name}
            </Tag>
          ))}
        </span>
      ),
    },
    {
      title: '类型',
      dataIndex: 'customerType',
      key: 'customerType',
      render: (_value, customer) =>
        [customer.customerType_dictText, customer.channel_dictText, customer.outletType]
          .filter(Boolean)
          .join(' / '),
    },
    {
      title: '经销商 / 负责人',
      dataIndex: 'servingDealerName',
      key: 'servingDealerName',
      render: (dealer: string | null, customer) => (
        <TwoLineCell main={dealer ?? '—'} sub={customer.ownerName ?? '未分配'} />
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 130,
      render: (_value, customer) => (
        <Space size={2} wrap>
          <Tag color={STATUS_COLOR[customer.status]}>{customer.status_dictText}</Tag>
          {/* Approved and verified is the normal case: only the exceptions get a tag. */}
          {customer.auditStatus !== 'APPROVED' && (
            <Tag color={STATUS_COLOR[customer.auditStatus]}>{customer.auditStatus_dictText}</Tag>
          )}
          {customer.verifyStatus !== 'VERIFIED' && (
            <Tag color={STATUS_COLOR[customer.verifyStatus]}>{customer.verifyStatus_dictText}</Tag>
          )}
        </Space>
      ),
    },
    {
      title: '最近拜访',
      dataIndex: 'lastVisitTime',
      key: 'lastVisitTime',
      sorter: true,
      render: (time: string | null) => time?.slice(0, 10) ?? '—',
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_value, customer) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDetail(customer)}>
            详情
          </Button>
          <HasPermission code="customer:status">
            {CUSTOMER_ACTIONS[customer.status]?.map(({ status, label, note }) => (
              <Button
                key={status}
                type="link"
                size="small"
                danger={status !== 'ACTIVE'}
                onClick={() =>
                  confirm({
                    title: `确定${label}客户“${customer.name}”吗？`,
                    content: note,
                    okText: label,
                    danger: status !== 'ACTIVE',
                    action: () => changeCustomerStatus(customer.id, status),
                    onDone: list.reload,
                  })
                }
              >
                {label}
              </Button>
            ))}
          </HasPermission>
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<Customer>
        list={list}
        columns={columns}
        searchFields={
          <>
            <Form.Item name="keyword" label="关键词">
              <Input placeholder="编码/名称/手机号" allowClear />
            </Form.Item>
            <Form.Item name="customerType" label="客户类型">
              <EnumSelect labels={CUSTOMER_TYPE} placeholder="全部" style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="channel" label="渠道">
              <EnumSelect labels={CHANNEL} placeholder="全部" style={{ width: 120 }} />
            </Form.Item>
            <Form.Item
              name="cityCode"
              label="城市编码"
              rules={[{ pattern: /^\d{6}$/, message: '城市编码为6位数字' }]}
            >
              <Input placeholder="如 310100" allowClear style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="status" label="经营状态">
              <EnumSelect labels={CUSTOMER_STATUS} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="auditStatus" label="审核">
              <EnumSelect labels={AUDIT_STATUS} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="verifyStatus" label="核实">
              <EnumSelect labels={VERIFY_STATUS} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
          </>
        }
      />
      <CustomerDrawer customer={detail} onClose={() => setDetail(null)} />
    </>
  );
}
