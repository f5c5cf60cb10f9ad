// 内购员工名单 (eEmployee/EmployeeBuyerList, DOMAIN §1.16): the employees who may buy at employee price, their
// monthly quota and what they used of it this month.
import { Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EMPLOYEE_BUYER_STATUS } from '../../../../common/mall';
import { exportEmployeeBuyers, listEmployeeBuyers, type EmployeeBuyer } from '../../../api/employeeShop';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { ListPage } from '../../../components/table/ListPage';
import { useListPage } from '../../../components/table/useListPage';

const columns: ColumnsType<EmployeeBuyer> = [
  { title: '工号', dataIndex: 'employeeNo', key: 'employeeNo', sorter: true },
  { title: '姓名', dataIndex: 'name', key: 'name' },
  { title: '手机号', dataIndex: 'mobile', key: 'mobile' },
  { title: '所属公司', dataIndex: 'companyName', key: 'companyName', render: (value) => value ?? '—' },
  { title: '每月额度', dataIndex: 'monthlyQuotaAmount', key: 'quota', render: (value) => `¥${value}` },
  { title: '本月已用', dataIndex: 'usedAmount', key: 'usedAmount', render: (value) => `¥${value}` },
  {
    title: '箱数（已用/每月）',
    key: 'cases',
    render: (_value, row) => `${row.usedCases} / ${row.monthlyQuotaCases ?? '不限'}`,
  },
  { title: '状态', dataIndex: 'status_dictText', key: 'status' },
  { title: '验证时间', dataIndex: 'verifiedAt', key: 'verifiedAt', render: (value) => value ?? '未验证' },
];

export default function EmployeeBuyerListPage() {
  const list = useListPage<EmployeeBuyer>({
    filterKeys: ['keyword', 'status'],
    sortKeys: ['employeeNo'],
    fetch: listEmployeeBuyers,
  });
  return (
    <ListPage<EmployeeBuyer>
      list={list}
      columns={columns}
      exportAs={exportEmployeeBuyers}
      compactColumns={['employeeNo', 'usedAmount', 'status']}
      searchFields={
        <>
          <Form.Item name="keyword" label="关键字">
            <Input placeholder="工号、姓名、手机号" allowClear style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <EnumSelect labels={EMPLOYEE_BUYER_STATUS} placeholder="全部" style={{ width: 120 }} />
          </Form.Item>
        </>
      }
    />
  );
}
