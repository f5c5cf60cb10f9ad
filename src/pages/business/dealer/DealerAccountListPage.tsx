// 经销商账号 (eDealer/DealerAccountList): the accounts of dealers' staff. A brand user sees those of every dealer
// in his scope, narrowed by the dealer picker; a dealer's administrator sees its own staff only (the server
// decides). Found by username, name or phone, status and creation day, with 导出. Roles offered are the dealer
// roles the caller may grant (all it grants held by the caller).
import { useState } from 'react';
import { Button, DatePicker, Form, Input, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import {
  accountDealerOptions,
  dealerRoleOptions,
  exportDealerAccounts,
  listDealerAccounts,
  saveDealerAccount,
  type DealerAccount,
  type DealerAccountInput,
} from '../../../api/dealers';
import { HasPermission } from '../../../components/HasPermission';
import { EnumSelect, RemoteSelect } from '../../../components/form/EnumSelect';
import {
  mobileRule,
  passwordPolicyRule,
  required,
  requiredChoices,
} from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { dateRangeFields } from '../../../components/table/dateRange';
import { ListPage } from '../../../components/table/ListPage';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';

const ACCOUNT_STATUS = { 1: '正常', 2: '冻结' };
const CREATED = dateRangeFields('createTime');

const dealerOption = (dealer: { id: string; customerCode: string; name: string }) => ({
  value: dealer.id,
  label: `${dealer.name}（${dealer.customerCode}）`,
});

export default function DealerAccountListPage() {
  const list = useListPage<DealerAccount>({
    filterKeys: ['keyword', 'dealerId', 'status', 'createTime_begin', 'createTime_end'],
    sortKeys: ['username', 'createTime'],
    fetch: listDealerAccounts,
  });
  const [editing, setEditing] = useState<DealerAccount | null | undefined>(undefined);

  const columns: ColumnsType<DealerAccount> = [
    {
      title: '用户名',
      dataIndex: 'username',
      key: 'username',
      sorter: true,
      render: (username: string, row) => <TwoLineCell main={username} sub={row.realname} />,
    },
    { title: '手机号', dataIndex: 'phone', key: 'phone', render: (value) => value ?? '—' },
    {
      title: '经销商',
      dataIndex: 'dealerName',
      key: 'dealerName',
      render: (name: string, row) => <TwoLineCell main={name} sub={row.dealerCode} />,
    },
    { title: '角色', dataIndex: 'roleNames', key: 'roleNames', width: 220, ellipsis: true },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (status: number, row) => (
        <Tag color={status === 1 ? 'green' : 'default'}>{row.status_dictText}</Tag>
      ),
    },
    { title: '创建时间', dataIndex: 'createTime', key: 'createTime', sorter: true },
    {
      title: '操作',
      key: 'actions',
      render: (_value, row) => (
        <HasPermission code="dealer:account">
          <Button type="link" size="small" onClick={() => setEditing(row)}>
            编辑
          </Button>
        </HasPermission>
      ),
    },
  ];

  return (
    <>
      <ListPage<DealerAccount>
        list={list}
        columns={columns}
        exportAs={exportDealerAccounts}
        compactColumns={['username', 'status']}
        toFilters={CREATED.toFilters}
        toFormValues={CREATED.toFormValues}
        searchFields={
          <>
            <Form.Item name="keyword" label="关键字">
              <Input placeholder="用户名、姓名、手机号" allowClear style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="dealerId" label="经销商">
              <RemoteSelect
                load={accountDealerOptions}
                toOption={dealerOption}
                placeholder="全部"
                style={{ width: 220 }}
              />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={ACCOUNT_STATUS} placeholder="全部" style={{ width: 100 }} />
            </Form.Item>
            <Form.Item name="createTime" label="创建日期">
              <DatePicker.RangePicker allowEmpty={[true, true]} />
            </Form.Item>
          </>
        }
        toolbar={
          <HasPermission code="dealer:account">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              新增账号
            </Button>
          </HasPermission>
        }
      />
      <ModalForm<DealerAccountInput>
        title={editing ? `编辑账号：${editing.username}` : '新增经销商账号'}
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        onSaved={list.reload}
        initialValues={
          editing
            ? {
                realname: editing.realname,
                phone: editing.phone,
                roleIds: editing.roleIds,
                status: editing.status,
              }
            : // The dealer the list shows.
              { roleIds: [], status: 1, dealerId: list.query.filters.dealerId }
        }
        onSubmit={(values) =>
          saveDealerAccount(editing ? { ...values, id: editing.id, dealerId: editing.dealerId } : values)
        }
      >
        {!editing && (
          <Form.Item name="dealerId" label="经销商" rules={[required('经销商', '选择')]}>
            {/* A dealer's administrator is offered its own dealer only: it is chosen at once. */}
            <RemoteSelect
              load={accountDealerOptions}
              toOption={dealerOption}
              soleChoice
              placeholder="请选择经销商"
            />
          </Form.Item>
        )}
        {!editing && (
          <Form.Item name="username" label="用户名" rules={[required('用户名')]}>
            <Input maxLength={32} autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item name="realname" label="姓名" rules={[required('姓名')]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="phone" label="手机号" rules={[mobileRule]}>
          <Input maxLength={11} />
        </Form.Item>
        {!editing && (
          <Form.Item name="password" label="密码" rules={[required('密码'), passwordPolicyRule]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item name="roleIds" label="角色" rules={[requiredChoices('角色')]}>
          <RemoteSelect
            mode="multiple"
            load={dealerRoleOptions}
            toOption={(role) => ({ value: role.id, label: role.roleName })}
            placeholder="经销商角色"
          />
        </Form.Item>
        {editing && (
          <Form.Item name="status" label="状态">
            <Select
              options={[
                { value: 1, label: '正常' },
                { value: 2, label: '冻结' },
              ]}
              style={{ width: 120 }}
            />
          </Form.Item>
        )}
      </ModalForm>
    </>
  );
}
