// 拜访记录 (eVisit/VisitRecordList): the visits of the caller's data scope, newest first, with the filters of
// DOMAIN §1.4 (日期, 组织, 人员, 门店, 计划内/外, 有效/无效, 异常类型) and 导出; a row opens 拜访详情.
import { useState } from 'react';
import { DatePicker, Form, Input, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ABNORMAL_FLAG, VISIT_STATUS, VISIT_TYPE } from '../../../../common/visits';
import { exportVisits, listVisits, type VisitRecord } from '../../../api/visits';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { OrgPicker } from '../../../components/form/OrgPicker';
import { dateRangeFields } from '../../../components/table/dateRange';
import { ListPage } from '../../../components/table/ListPage';
import { RowActions } from '../../../components/table/RowActions';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';
import { AbnormalTags } from './AbnormalTags';
import { VisitDetailDrawer } from './VisitDetailDrawer';
import { VisitEmployeeSelect } from './visitPickers';

const VALIDITY = { true: '有效', false: '无效' };
const ABNORMALITY = { true: '有异常', false: '无异常' };
const VISIT_DATE = dateRangeFields('visitDate');

export default function VisitRecordListPage() {
  const [viewing, setViewing] = useState<string | null>(null);
  const list = useListPage<VisitRecord>({
    filterKeys: [
      'keyword',
      'visitDate_begin',
      'visitDate_end',
      'orgCode',
      'employeeId',
      'customerId',
      'visitType',
      'isValid',
      'abnormal',
      'abnormalFlag',
      'status',
    ],
    sortKeys: ['checkInAt', 'visitNo', 'checkInDistanceM', 'durationSec'],
    defaultSort: { column: 'checkInAt', order: 'desc' },
    fetch: listVisits,
  });
  const columns: ColumnsType<VisitRecord> = [
    {
      title: '拜访时间',
      dataIndex: 'checkInAt',
      key: 'checkInAt',
      sorter: true,
      render: (at: string, row) => <TwoLineCell main={at} sub={row.visitNo} />,
    },
    { title: '业务员', dataIndex: 'employeeName', key: 'employeeName' },
    {
      title: '门店',
      dataIndex: 'customerName',
      key: 'customerName',
      render: (name: string, row) => <TwoLineCell main={name} sub={row.customerCode} />,
    },
    { title: '类型', dataIndex: 'visitType_dictText', key: 'visitType' },
    {
      title: '签到距离',
      dataIndex: 'checkInDistanceM',
      key: 'checkInDistanceM',
      sorter: true,
      align: 'right',
      render: (metres: number) => `${metres} 米`,
    },
    {
      title: '是否合规',
      dataIndex: 'checkInInRange',
      key: 'checkInInRange',
      render: (inRange: boolean) => (inRange ? <Tag color="green">合规</Tag> : <Tag color="red">超距</Tag>),
    },
    { title: '在店时长', dataIndex: 'durationText', key: 'durationSec', sorter: true },
    {
      title: '异常标记',
      dataIndex: 'abnormalFlags',
      key: 'abnormalFlags',
      render: (flags: VisitRecord['abnormalFlags']) => <AbnormalTags flags={flags} />,
    },
    {
      title: '订单金额',
      dataIndex: 'orderAmount',
      key: 'orderAmount',
      align: 'right',
      render: (amount: string) => `¥${Number(amount).toFixed(2)}`,
    },
    {
      title: '执行得分',
      dataIndex: 'executionScore',
      key: 'executionScore',
      render: (score: string | null) => score ?? '—',
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (_status: string, row) => (
        <TwoLineCell main={row.status_dictText} sub={row.isValid ? '有效' : '无效'} />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_value, row) => (
        <RowActions actions={[{ key: 'view', label: '详情', onClick: () => setViewing(row.id) }]} />
      ),
    },
  ];
  return (
    <>
      <ListPage<VisitRecord>
        list={list}
        compactColumns={['customerName', 'orderAmount', 'status']}
        columns={columns}
        exportAs={exportVisits}
        toFilters={VISIT_DATE.toFilters}
        toFormValues={VISIT_DATE.toFormValues}
        searchFields={
          <>
            <Form.Item name="keyword" label="门店/编号">
              <Input placeholder="门店名称、编码或拜访编号" allowClear />
            </Form.Item>
            <Form.Item name="visitDate" label="日期">
              <DatePicker.RangePicker allowEmpty={[true, true]} />
            </Form.Item>
            <Form.Item name="visitType" label="计划内/外">
              <EnumSelect labels={VISIT_TYPE} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="isValid" label="有效性">
              <EnumSelect labels={VALIDITY} placeholder="全部" style={{ width: 100 }} />
            </Form.Item>
            <Form.Item name="abnormal" label="有无异常">
              <EnumSelect labels={ABNORMALITY} placeholder="全部" style={{ width: 100 }} />
            </Form.Item>
            <Form.Item name="abnormalFlag" label="异常类型">
              <EnumSelect labels={ABNORMAL_FLAG} placeholder="全部" style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={VISIT_STATUS} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="employeeId" label="人员">
              <VisitEmployeeSelect style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="orgCode" label="组织">
              <OrgPicker asFilter placeholder="全部（含下级）" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="customerId" hidden>
              <Input />
            </Form.Item>
          </>
        }
      />
      <VisitDetailDrawer visitId={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
