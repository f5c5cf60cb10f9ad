// 备件申请 (mes/SparePartRequestList): a provider's requests with their lines; the approval runs in the
// 审批中心 (SPARE_PART_REQUEST); 发货 from a central warehouse (spare:issue) and 签收 by the provider.
import { Button, Form, Select, Space, message } from 'antd';
import { useState } from 'react';
import { PART_REQUEST_STATUS } from '../../../../common/repairs';
import {
  exportPartRequests,
  issuePartRequest,
  listPartRequests,
  receivePartRequest,
  spareWarehouseOptions,
} from '../../../api/repairs';
import { HasPermission } from '../../../components/HasPermission';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { MesList } from './MesList';

type Request = Record<string, unknown> & { id: string; status?: unknown };

function IssueButton({ id, done }: { id: string; done: () => void }) {
  const [options, setOptions] = useState<Array<{ value: string; label: string }> | null>(null);
  const [from, setFrom] = useState<string>();
  if (!options) {
    return (
      <Button
        type="link"
        size="small"
        onClick={async () => {
          const answer = await spareWarehouseOptions();
          if (answer.success) {
            setOptions(
              answer.result
                .filter((row) => row.warehouseType_dictText === '中心库')
                .map((row) => ({ value: row.id, label: row.name })),
            );
          }
        }}
      >
        发货
      </Button>
    );
  }
  return (
    <Space>
      <Select
        size="small"
        style={{ width: 160 }}
        options={options}
        value={from}
        onChange={setFrom}
        placeholder="发货仓库"
      />
      <Button
        size="small"
        type="primary"
        disabled={!from}
        onClick={async () => {
          const answer = await issuePartRequest({ id, fromWarehouseId: from });
          if (answer.success) done();
          else message.error(answer.message);
        }}
      >
        确认
      </Button>
    </Space>
  );
}

export default function SparePartRequestListPage() {
  return (
    <MesList<Request>
      fetch={listPartRequests}
      exportAs={exportPartRequests}
      filterKeys={['requestNo', 'status']}
      searchFields={
        <Form.Item name="status" label="状态">
          <EnumSelect labels={PART_REQUEST_STATUS} placeholder="全部" style={{ width: 120 }} />
        </Form.Item>
      }
      compactColumns={['requestNo', 'totalAmount', 'status']}
      columns={(list) => [
        { title: '申请单号', dataIndex: 'requestNo', key: 'requestNo' },
        { title: '服务商', dataIndex: 'providerName', key: 'providerName' },
        { title: '收货仓库', dataIndex: 'warehouseName', key: 'warehouseName' },
        { title: '申请人', dataIndex: 'requesterName', key: 'requesterName' },
        { title: '明细', dataIndex: 'summary', key: 'summary' },
        {
          title: '金额',
          dataIndex: 'totalAmount',
          key: 'totalAmount',
          render: (value) => `¥${String(value)}`,
        },
        { title: '状态', dataIndex: 'status_dictText', key: 'status' },
        { title: '申请时间', dataIndex: 'createTime', key: 'createTime' },
        {
          title: '操作',
          key: 'actions',
          render: (_value, row) => (
            <>
              {row.status === 'APPROVED' && (
                <HasPermission code="spare:issue">
                  <IssueButton id={row.id} done={list.reload} />
                </HasPermission>
              )}
              {row.status === 'ISSUED' && (
                <HasPermission code="spare:request">
                  <Button
                    type="link"
                    size="small"
                    onClick={() => void receivePartRequest(row.id).then(list.reload)}
                  >
                    签收
                  </Button>
                </HasPermission>
              )}
            </>
          ),
        },
      ]}
    />
  );
}
