// 潜在合作伙伴 (/{product}/dealers/potentiallist, spec §2): dealers not signed yet — 潜在 and 洽谈中 unless another
// stage is chosen — in the caller's data scope, with their contact and owner; 编辑 moves one along (e.g. to
// 已签约) through the customer form.
import { useState } from 'react';
import { Button, Form, Input, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PARTNER_STAGE } from '../../../../common/businessEnums';
import { exportCustomers, listPotentialPartners, type Customer } from '../../../api/customers';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { RegionFields, RegionName } from '../../../components/region/RegionPicker';
import { HasPermission } from '../../../components/HasPermission';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { ListPage } from '../../../components/table/ListPage';
import { useListPage } from '../../../components/table/useListPage';
import { CustomerDrawer } from './CustomerDrawer';
import { CustomerFormModal } from './CustomerFormModal';

const STAGE_COLOR: Record<string, string> = { POTENTIAL: 'blue', NEGOTIATING: 'orange', SIGNED: 'green' };

export default function PotentialPartnersPage() {
  const list = useListPage<Customer>({
    filterKeys: ['keyword', 'partnerStage', 'provinceCode', 'cityCode'],
    sortKeys: ['customerCode', 'name', 'createTime'],
    defaultSort: { column: 'createTime', order: 'desc' },
    fetch: listPotentialPartners,
  });
  const [detail, setDetail] = useState<Customer | null>(null);
  const [editing, setEditing] = useState<string | null>(null);

  const columns: ColumnsType<Customer> = [
    { title: '编码', dataIndex: 'customerCode', key: 'customerCode', sorter: true },
    { title: '经销商名称', dataIndex: 'name', key: 'name', sorter: true },
    {
      title: '合作阶段',
      dataIndex: 'partnerStage',
      key: 'partnerStage',
      render: (stage: string | null, customer) =>
        stage ? <Tag color={STAGE_COLOR[stage]}>{customer.partnerStage_dictText}</Tag> : '—',
    },
    {
      title: '城市',
      dataIndex: 'cityCode',
      key: 'cityCode',
      render: (_code: string | null, customer) => (
        <RegionName codes={[customer.provinceCode, customer.cityCode]} />
      ),
    },
    {
      title: '联系人',
      dataIndex: 'contactName',
      key: 'contactName',
      render: (name: string | null, customer) => (
        <TwoLineCell main={name ?? '—'} sub={customer.contactMobile ?? ''} />
      ),
    },
    {
      title: '负责人',
      dataIndex: 'ownerName',
      key: 'ownerName',
      render: (name: string | null) => name ?? '—',
    },
    { title: '建档时间', dataIndex: 'createTime', key: 'createTime', sorter: true },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_value, partner) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDetail(partner)}>
            详情
          </Button>
          <HasPermission code="customer:edit">
            <Button type="link" size="small" onClick={() => setEditing(partner.id)}>
              编辑
            </Button>
          </HasPermission>
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<Customer>
        list={list}
        compactColumns={['name', 'partnerStage']}
        columns={columns}
        // The customers' export of what this page lists: dealers not yet signed.
        exportAs={(params) =>
          exportCustomers({ customerType: 'DEALER', partnerStage: 'POTENTIAL,NEGOTIATING', ...params })
        }
        searchFields={
          <>
            <Form.Item name="keyword" label="关键词">
              <Input placeholder="编码/名称/手机号" allowClear />
            </Form.Item>
            <Form.Item name="partnerStage" label="合作阶段">
              <EnumSelect labels={PARTNER_STAGE} placeholder="潜在和洽谈中" style={{ width: 140 }} />
            </Form.Item>
            <RegionFields
              names={['provinceCode', 'cityCode']}
              label="地区"
              anyLevel
              placeholder="省/市"
              style={{ width: 180 }}
            />
          </>
        }
      />
      <CustomerDrawer customer={detail} onClose={() => setDetail(null)} />
      <CustomerFormModal
        customerId={editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={list.reload}
      />
    </>
  );
}
