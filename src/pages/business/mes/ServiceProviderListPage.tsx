// 服务商 (mes/ServiceProviderList): providers with their coverage areas, SLA hours, engineers and open
// orders; 新增/编辑 with repair:provider, 变更记录, the engineers of a provider (each with its 变更记录) below the
// list, each added and edited there (新增工程师 / 编辑 with repair:provider: name, mobile, the account the engineer
// signs in with, 派单员, status).
import { Button, Form, Input, InputNumber, Switch, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { ENABLED_STATUS } from '../../../../common/businessEnums';
import {
  exportProviders,
  listEngineers,
  listProviders,
  saveEngineer,
  saveProvider,
} from '../../../api/repairs';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { HasPermission } from '../../../components/HasPermission';
import { mobileRule, required, requiredChoices, requiredNumber } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { useHistoryColumn } from '../../../components/history/historyColumn';
import { RegionCodesPicker, RegionNames } from '../../../components/region/RegionPicker';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { editColumn, MesList } from './MesList';

type Provider = Record<string, unknown> & { id: string; coverageAreaCodes?: string[] };

type Engineer = Record<string, unknown> & { id: string };

/** A provider's engineers, each with its 变更记录 (SERVICE_ENGINEER, as the providers above), added and edited here. */
function Engineers({ providerId, providerName }: { providerId: string; providerName: string }) {
  const [rows, setRows] = useState<Engineer[]>([]);
  const [editing, setEditing] = useState<Partial<Engineer> | null>(null);
  const history = useHistoryColumn<Engineer>(
    'SERVICE_ENGINEER',
    (engineer) => `${String(engineer.name)} ${String(engineer.mobile)}`,
  );
  const reload = useCallback(() => {
    void listEngineers(providerId).then((answer) => answer.success && setRows(answer.result));
  }, [providerId]);
  useEffect(reload, [reload]);
  return (
    <>
      <h4>
        {`${providerName} · 工程师`}
        <HasPermission code="repair:provider">
          <Button type="link" size="small" onClick={() => setEditing({})}>
            新增工程师
          </Button>
        </HasPermission>
      </h4>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: '工程师', dataIndex: 'name' },
          { title: '手机', dataIndex: 'mobile' },
          { title: '账号', dataIndex: 'username', render: (value) => String(value ?? '—') },
          { title: '派单员', dataIndex: 'isManager', render: (value) => (value ? '是' : '否') },
          { title: '状态', dataIndex: 'status_dictText' },
          history.column,
          editColumn<Engineer>('repair:provider', setEditing),
        ]}
      />
      {history.drawer}
      {editing && (
        <ModalForm<Record<string, unknown>>
          title={editing.id ? '编辑工程师' : '新增工程师'}
          open
          onClose={() => setEditing(null)}
          onSaved={reload}
          initialValues={{ isManager: false, status: 'ACTIVE', ...editing }}
          onSubmit={(values) =>
            saveEngineer({
              id: editing.id,
              providerId,
              name: values.name,
              mobile: values.mobile,
              username: values.username || null,
              isManager: Boolean(values.isManager),
              status: values.status,
            })
          }
        >
          <Form.Item name="name" label="姓名" rules={[required('姓名')]}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="mobile" label="手机" rules={[required('手机号'), mobileRule]}>
            <Input maxLength={11} />
          </Form.Item>
          <Form.Item name="username" label="登录账号" extra="工程师用来登录维修App的系统账号，可不填">
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="isManager" label="派单员" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="status" label="状态" rules={[required('状态', '选择')]}>
            <EnumSelect labels={ENABLED_STATUS} allowClear={false} />
          </Form.Item>
        </ModalForm>
      )}
    </>
  );
}

export default function ServiceProviderListPage() {
  const [editing, setEditing] = useState<Partial<Provider> | null>(null);
  const history = useHistoryColumn<Provider>(
    'SERVICE_PROVIDER',
    (provider) => `${String(provider.code)} ${String(provider.name)}`,
  );
  return (
    <MesList<Provider>
      fetch={listProviders}
      exportAs={exportProviders}
      filterKeys={['code', 'name']}
      searchFields={
        <Form.Item name="name" label="服务商">
          <Input allowClear />
        </Form.Item>
      }
      toolbar={() => (
        <HasPermission code="repair:provider">
          <Button type="primary" onClick={() => setEditing({})}>
            新增服务商
          </Button>
        </HasPermission>
      )}
      compactColumns={['name', 'openOrders', 'status']}
      columns={() => [
        {
          title: '服务商 / 编码',
          dataIndex: 'name',
          key: 'name',
          render: (name: string, row) => <TwoLineCell main={name} sub={String(row.code)} />,
        },
        {
          title: '覆盖区域',
          dataIndex: 'coverageAreaCodes',
          key: 'coverage',
          width: 200,
          ellipsis: true,
          render: (value: string[]) => <RegionNames codes={value ?? []} />,
        },
        {
          title: '联系人',
          dataIndex: 'contactName',
          key: 'contact',
          render: (name: string | null, row) => (
            <TwoLineCell main={name ?? '—'} sub={(row.contactMobile as string | null) ?? undefined} />
          ),
        },
        { title: '时效(小时)', dataIndex: 'slaHours', key: 'slaHours', align: 'right' },
        { title: '工程师', dataIndex: 'engineerCount', key: 'engineerCount', align: 'right' },
        { title: '在办工单', dataIndex: 'openOrders', key: 'openOrders', align: 'right' },
        { title: '状态', dataIndex: 'status_dictText', key: 'status' },
        history.column,
        editColumn<Provider>('repair:provider', setEditing, 'right'),
      ]}
      extra={(list) => (
        <>
          {history.drawer}
          {list.records.length > 0 && (
            <div style={{ marginTop: 16 }}>
              {list.records.map((provider) => (
                <div key={provider.id} style={{ marginBottom: 12 }}>
                  <Engineers providerId={provider.id} providerName={String(provider.name)} />
                </div>
              ))}
            </div>
          )}
          {editing && (
            <ModalForm<Record<string, unknown> & { coverageAreaCodes?: string[] }>
              title={editing.id ? '编辑服务商' : '新增服务商'}
              open
              onClose={() => setEditing(null)}
              onSaved={list.reload}
              initialValues={{ slaHours: 48, coverageAreaCodes: [], ...editing }}
              onSubmit={(values) =>
                saveProvider({
                  code: values.code,
                  name: values.name,
                  contactName: values.contactName ?? null,
                  contactMobile: values.contactMobile ?? null,
                  slaHours: values.slaHours,
                  coverageAreaCodes: values.coverageAreaCodes ?? [],
                  id: editing.id,
                })
              }
            >
              <Form.Item name="code" label="编码" rules={[required('编码')]}>
                <Input maxLength={32} />
              </Form.Item>
              <Form.Item name="name" label="名称" rules={[required('名称')]}>
                <Input maxLength={64} />
              </Form.Item>
              <Form.Item
                name="coverageAreaCodes"
                label="覆盖区域"
                rules={[requiredChoices('覆盖区域')]}
                extra="可选整省、整市或区县"
              >
                <RegionCodesPicker aria-label="覆盖区域" placeholder="请选择覆盖的省/市/区" />
              </Form.Item>
              <Form.Item name="contactName" label="联系人">
                <Input maxLength={32} />
              </Form.Item>
              <Form.Item name="contactMobile" label="联系电话">
                <Input maxLength={11} />
              </Form.Item>
              <Form.Item name="slaHours" label="时效(小时)" rules={[requiredNumber('时效')]}>
                <InputNumber min={1} max={720} precision={0} />
              </Form.Item>
            </ModalForm>
          )}
        </>
      )}
    />
  );
}
