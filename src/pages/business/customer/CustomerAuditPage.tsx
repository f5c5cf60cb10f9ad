// 门店审核 (eCustomer/CustomerAudit): outlets waiting for approval (or, filtered, the decided ones); each
// opens its POI audit — the outlet beside its look-alikes — before 通过/驳回.
import { useState } from 'react';
import { Button, Form, Input, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { AUDIT_STATUS } from '../../../../common/businessEnums';
import { exportCustomers, listCustomers, type Customer } from '../../../api/customers';
import type { ListParams } from '../../../api/systemTypes';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { HasPermission } from '../../../components/HasPermission';
import { ListPage } from '../../../components/table/ListPage';
import { useListPage } from '../../../components/table/useListPage';
import { PoiAuditModal } from './PoiAuditModal';

const AUDIT_COLOR: Record<string, string> = { PENDING: 'orange', APPROVED: 'green', REJECTED: 'red' };

/** Without a choice the page is the queue: outlets still waiting. */
const auditQueue = (params: ListParams): ListParams => ({
  ...params,
  customerType: 'OUTLET',
  auditStatus: params.auditStatus ?? 'PENDING',
});

export default function CustomerAuditPage() {
  const list = useListPage<Customer>({
    filterKeys: ['keyword', 'auditStatus'],
    sortKeys: ['customerCode', 'name', 'createTime'],
    defaultSort: { column: 'createTime', order: 'asc' },
    fetch: (params) => listCustomers(auditQueue(params)),
  });
  const [auditing, setAuditing] = useState<string | null>(null);

  const columns: ColumnsType<Customer> = [
    { title: '客户编码', dataIndex: 'customerCode', key: 'customerCode', sorter: true },
    { title: '门店名称', dataIndex: 'name', key: 'name', sorter: true },
    { title: '业态', dataIndex: 'outletType', key: 'outletType' },
    { title: '地址', dataIndex: 'address', key: 'address' },
    { title: '负责人', dataIndex: 'ownerName', key: 'ownerName' },
    { title: '提交时间', dataIndex: 'createTime', key: 'createTime', sorter: true },
    {
      title: '审核状态',
      dataIndex: 'auditStatus',
      key: 'auditStatus',
      render: (status: string, customer) => (
        <Tag color={AUDIT_COLOR[status]}>
          {customer.auditStatus_dictText}
          {customer.auditRemark ? `：${customer.auditRemark}` : ''}
        </Tag>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_value, customer) => (
        <HasPermission code="customer:audit">
          <Button type="link" size="small" onClick={() => setAuditing(customer.id)}>
            {customer.auditStatus === 'PENDING' ? '审核' : '查看'}
          </Button>
        </HasPermission>
      ),
    },
  ];

  return (
    <>
      <ListPage<Customer>
        list={list}
        compactColumns={['name', 'auditStatus']}
        columns={columns}
        exportAs={(params) => exportCustomers(auditQueue(params))}
        searchFields={
          <>
            <Form.Item name="keyword" label="关键词">
              <Input placeholder="编码/名称/手机号" allowClear />
            </Form.Item>
            <Form.Item name="auditStatus" label="审核状态">
              <EnumSelect labels={AUDIT_STATUS} placeholder="待审核" style={{ width: 120 }} />
            </Form.Item>
          </>
        }
      />
      <PoiAuditModal customerId={auditing} onClose={() => setAuditing(null)} onAudited={list.reload} />
    </>
  );
}
