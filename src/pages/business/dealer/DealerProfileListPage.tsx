// 经销商档案 (eDealer/DealerProfileList): the brand's dealers with licence, bank, authorised area, deposit and
// contract (DOMAIN §1.3 DealerProfile), which ERP their books live in, and how many accounts they have; a
// dealer's own user sees only its own row.
import { useState } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Select, Switch } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import {
  exportDealers,
  listDealers,
  saveDealerProfile,
  type DealerProfileInput,
  type DealerRecord,
} from '../../../api/dealers';
import { HasPermission } from '../../../components/HasPermission';
import { ModalForm } from '../../../components/form/ModalForm';
import { RegionCodesPicker, RegionNames } from '../../../components/region/RegionPicker';
import { ListPage } from '../../../components/table/ListPage';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';

const ERP_OPTIONS = [
  { value: 'NONE', label: '无' },
  { value: 'CHANJET_TPLUS', label: '畅捷通T+' },
  { value: 'KINGDEE_K3CLOUD', label: '金蝶云星空' },
];

type ProfileForm = Omit<DealerProfileInput, 'contractStart' | 'contractEnd'> & {
  contract?: [Dayjs | null, Dayjs | null] | null;
};

const formOf = (dealer: DealerRecord): ProfileForm => ({
  id: dealer.id,
  legalPerson: dealer.legalPerson,
  taxNo: dealer.taxNo,
  invoiceTitle: dealer.invoiceTitle,
  bankName: dealer.bankName,
  bankAccount: dealer.bankAccount,
  licenseNo: dealer.licenseNo,
  authorizedAreaCodes: dealer.authorizedAreaCodes,
  contractNo: dealer.contractNo,
  contract: [
    dealer.contractStart ? dayjs(dealer.contractStart) : null,
    dealer.contractEnd ? dayjs(dealer.contractEnd) : null,
  ],
  depositAmount: dealer.depositAmount,
  annualTargetCases: dealer.annualTargetCases,
  dmsEnabled: dealer.dmsEnabled,
  erpType: dealer.erpType ?? 'NONE',
  remark: dealer.remark,
});

const money = (value: number | null) => (value === null ? '—' : `¥${value.toLocaleString('zh-CN')}`);

export default function DealerProfileListPage() {
  const list = useListPage<DealerRecord>({
    filterKeys: ['keyword', 'erpType'],
    sortKeys: ['customerCode', 'contractEnd'],
    defaultSort: { column: 'customerCode', order: 'asc' },
    fetch: listDealers,
  });
  const [editing, setEditing] = useState<DealerRecord | null>(null);
  const columns: ColumnsType<DealerRecord> = [
    {
      title: '经销商 / 编码',
      dataIndex: 'customerCode',
      key: 'customerCode',
      sorter: true,
      width: 210,
      ellipsis: true,
      render: (code: string, row) => <TwoLineCell main={row.name} sub={code} />,
    },
    {
      title: '法人 / 开户行',
      dataIndex: 'legalPerson',
      key: 'legalPerson',
      width: 160,
      ellipsis: true,
      render: (person: string | null, row) => <TwoLineCell main={person ?? '—'} sub={row.bankName ?? '—'} />,
    },
    {
      title: '合同编号 / 合同期',
      dataIndex: 'contractNo',
      key: 'contractEnd',
      sorter: true,
      render: (contractNo: string | null, row) => (
        <TwoLineCell
          main={contractNo ?? '—'}
          sub={row.contractStart ? `${row.contractStart} ~ ${row.contractEnd ?? ''}` : '—'}
        />
      ),
    },
    { title: '保证金', dataIndex: 'depositAmount', key: 'depositAmount', align: 'right', render: money },
    {
      title: '授权区域',
      dataIndex: 'authorizedAreaCodes',
      key: 'authorizedAreaCodes',
      width: 160,
      ellipsis: true,
      render: (codes: string[]) => <RegionNames codes={codes} />,
    },
    {
      title: 'ERP / 连接',
      // The connection's name in full on hover.
      dataIndex: 'erpConnectionName',
      key: 'erpType',
      width: 170,
      ellipsis: true,
      render: (connection: string | null, row) => (
        <TwoLineCell main={row.erpType_dictText ?? '—'} sub={connection ?? '品牌ERP'} />
      ),
    },
    { title: '账号数', dataIndex: 'accountCount', key: 'accountCount', align: 'right' },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_value, row) => (
        <HasPermission code="dealer:edit">
          <Button type="link" size="small" onClick={() => setEditing(row)}>
            编辑档案
          </Button>
        </HasPermission>
      ),
    },
  ];
  return (
    <>
      <ListPage<DealerRecord>
        list={list}
        columns={columns}
        exportAs={exportDealers}
        compactColumns={['customerCode', 'depositAmount']}
        searchFields={
          <>
            <Form.Item name="keyword" label="关键字">
              <Input allowClear placeholder="编码/名称" />
            </Form.Item>
            <Form.Item name="erpType" label="ERP">
              <Select allowClear placeholder="全部" options={ERP_OPTIONS} style={{ width: 120 }} />
            </Form.Item>
          </>
        }
      />
      <ModalForm<ProfileForm>
        title={editing ? `经销商档案：${editing.name}` : ''}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={list.reload}
        width={720}
        initialValues={editing ? formOf(editing) : undefined}
        onSubmit={({ contract, ...values }) =>
          saveDealerProfile({
            ...values,
            id: editing!.id,
            contractStart: contract?.[0]?.format('YYYY-MM-DD') ?? null,
            contractEnd: contract?.[1]?.format('YYYY-MM-DD') ?? null,
          })
        }
      >
        <Form.Item name="legalPerson" label="法人">
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="taxNo" label="税号">
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="licenseNo" label="营业执照号">
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="invoiceTitle" label="开票抬头">
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item name="bankName" label="开户行">
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="bankAccount" label="银行账号">
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="authorizedAreaCodes" label="授权区域">
          <RegionCodesPicker aria-label="授权区域" placeholder="请选择授权的省/市/区" />
        </Form.Item>
        <Form.Item name="contractNo" label="合同编号">
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="contract" label="合同期">
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item name="depositAmount" label="保证金">
          <InputNumber min={0} precision={2} prefix="¥" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="annualTargetCases" label="年度目标(箱)">
          <InputNumber min={0} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="erpType" label="ERP">
          <Select options={ERP_OPTIONS} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="dmsEnabled" label="启用DMS" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea rows={2} maxLength={256} />
        </Form.Item>
      </ModalForm>
    </>
  );
}
