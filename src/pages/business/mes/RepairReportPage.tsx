// 维修报表 (mes/RepairReport): fault rate by model and by age, MTTR, first-time-fix rate, SLA breaches, parts
// consumption and cost by bearer over the last year; the orders behind it export through 下载中心.
import { Button, Card, Col, Row, Statistic, Table } from 'antd';
import { useEffect, useState } from 'react';
import { exportRepairOrders, repairReport } from '../../../api/repairs';

type Report = Awaited<ReturnType<typeof repairReport>> extends { result: infer R } ? R : never;
type Rows = Array<Record<string, unknown>>;

export default function RepairReportPage() {
  const [report, setReport] = useState<Report | null>(null);
  useEffect(() => {
    void repairReport({}).then((answer) => answer.success && setReport(answer.result));
  }, []);
  if (!report) return null;
  const table = (title: string, rows: unknown, columns: Array<{ title: string; dataIndex: string }>) => (
    <Card title={title} size="small" style={{ marginTop: 16 }}>
      <Table
        size="small"
        rowKey={(_row, index) => String(index)}
        pagination={false}
        dataSource={rows as Rows}
        columns={columns}
      />
    </Card>
  );
  return (
    <>
      <Row gutter={16}>
        <Col span={5}>
          <Statistic title="工单数" value={report.orders} />
        </Col>
        <Col span={5}>
          <Statistic title="平均修复时长 MTTR（小时）" value={report.mttrHours ?? '—'} />
        </Col>
        <Col span={5}>
          <Statistic title="一次修复率" value={report.firstTimeFixRate ?? '—'} suffix="%" />
        </Col>
        <Col span={5}>
          <Statistic title="超时工单" value={report.slaBreached} />
        </Col>
        <Col span={4}>
          <Button onClick={() => void exportRepairOrders({})}>导出工单</Button>
        </Col>
      </Row>
      {table('故障率（按型号）', report.faultRateByModel, [
        { title: '型号', dataIndex: 'modelName' },
        { title: '投放数', dataIndex: 'placed' },
        { title: '故障单数', dataIndex: 'faults' },
        { title: '故障率(%)', dataIndex: 'rate' },
      ])}
      {table('故障分布（按机龄）', report.faultsByAge, [
        { title: '机龄', dataIndex: 'label' },
        { title: '故障单数', dataIndex: 'faults' },
      ])}
      {table('备件消耗', report.partsConsumption, [
        { title: '备件编码', dataIndex: 'partCode' },
        { title: '名称', dataIndex: 'partName' },
        { title: '数量', dataIndex: 'qty' },
        { title: '金额', dataIndex: 'amount' },
      ])}
      {table('费用（按承担方）', report.costByBearer, [
        { title: '承担方', dataIndex: 'costBearer_dictText' },
        { title: '工单数', dataIndex: 'orders' },
        { title: '总费用', dataIndex: 'totalCost' },
      ])}
    </>
  );
}
