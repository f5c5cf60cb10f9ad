// ERP配置 (/eErpConfig, erp/ErpConfig): the tenant's ERP connections (Kingdee K3Cloud, Chanjet T+) with
// their address, 账套 and credentials — the secret is write-only — and 测试连接; per connection its code
// mappings (编码映射) in a drawer: 未映射 first, edit one, or import a sheet. A fixed mapping re-queues the
// tasks that waited for it, so the counters load again.
import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Drawer, Form, Input, InputNumber, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  ERP_CONNECTION_STATUS,
  ERP_MAPPING_ENTITY_TYPE,
  ERP_MAPPING_STATUS,
  ERP_SYSTEM_TYPE,
} from '../../../../common/erpSync';
import {
  addErpConnection,
  deleteErpConnection,
  downloadErpMappingTemplate,
  editErpConnection,
  exportErpConnections,
  exportErpMappings,
  importErpMappings,
  listErpConnections,
  listErpMappings,
  saveErpMapping,
  testErpConnection,
  type ErpConnection,
  type ErpConnectionPayload,
  type ErpMapping,
} from '../../../api/erpSync';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { required, requiredNumber } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { settle } from '../../../components/form/settle';
import { useConfirmAction } from '../../../components/form/useConfirmAction';
import { HasPermission } from '../../../components/HasPermission';
import { ImportExcelModal } from '../../../components/table/ImportExcelModal';
import { ListPage } from '../../../components/table/ListPage';
import { RowActions } from '../../../components/table/RowActions';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';
import { countsRequested } from '../../../features/failedOrders/slice';
import { useAppDispatch } from '../../../store/hooks';

const CONNECTION_COLOR: Record<string, string> = { ACTIVE: 'green', DISABLED: 'default', AUTH_FAILED: 'red' };
const MAPPING_COLOR: Record<string, string> = { OK: 'green', MISSING: 'orange', INVALID: 'red' };

export default function ErpConfigPage() {
  const dispatch = useAppDispatch();
  const list = useListPage<ErpConnection>({
    filterKeys: ['name', 'systemType', 'status'],
    sortKeys: ['name', 'createTime'],
    defaultSort: { column: 'createTime', order: 'asc' },
    fetch: listErpConnections,
  });
  const confirm = useConfirmAction();
  const [editing, setEditing] = useState<ErpConnection | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [mappingsOf, setMappingsOf] = useState<ErpConnection | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const open = (connection: ErpConnection | null) => {
    setEditing(connection);
    setFormOpen(true);
  };
  const test = async (connection: ErpConnection) => {
    setTesting(connection.id);
    try {
      await settle(testErpConnection(connection.id));
      list.reload();
      dispatch(countsRequested());
    } finally {
      setTesting(null);
    }
  };

  const columns: ColumnsType<ErpConnection> = [
    {
      title: '连接名称 / 系统',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      width: 190,
      ellipsis: true,
      render: (name: string, connection) => <TwoLineCell main={name} sub={connection.systemType_dictText} />,
    },
    {
      title: '服务地址 / 账套',
      dataIndex: 'baseUrl',
      key: 'baseUrl',
      width: 180,
      ellipsis: true,
      render: (url: string, connection) => <TwoLineCell main={url} sub={`账套 ${connection.acctId}`} />,
    },
    {
      title: '用户 / 应用',
      key: 'user',
      render: (_value, connection) => <TwoLineCell main={connection.userName} sub={connection.appId} />,
    },
    {
      title: '销售组织',
      dataIndex: 'saleOrgCode',
      key: 'saleOrgCode',
      render: (code: string | null) => code ?? '—',
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (status: string, connection) => (
        <Tag color={CONNECTION_COLOR[status]}>{connection.status_dictText}</Tag>
      ),
    },
    {
      title: '最近测试',
      dataIndex: 'lastTestAt',
      key: 'lastTestAt',
      render: (at: string | null, connection) =>
        at ? <TwoLineCell main={at} sub={connection.lastTestResult ?? ''} /> : '未测试',
    },
    {
      title: '未映射',
      dataIndex: 'unmappedCount',
      key: 'unmappedCount',
      render: (count: number) => <Badge count={count} showZero color={count ? 'orange' : 'green'} />,
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_value, connection) => (
        <HasPermission code="erp:config">
          <RowActions
            actions={[
              {
                key: 'test',
                label: '测试连接',
                loading: testing === connection.id,
                onClick: () => void test(connection),
              },
              { key: 'mappings', label: '编码映射', onClick: () => setMappingsOf(connection) },
              { key: 'edit', label: '编辑', onClick: () => open(connection) },
              {
                key: 'delete',
                label: '删除',
                danger: true,
                onClick: () =>
                  confirm({
                    title: `确定删除ERP连接“${connection.name}”吗？`,
                    content: '已有同步任务的连接不能删除，可改为停用。',
                    okText: '删除',
                    action: () => deleteErpConnection(connection.id),
                    onDone: list.reload,
                  }),
              },
            ]}
          />
        </HasPermission>
      ),
    },
  ];

  return (
    <>
      <ListPage<ErpConnection>
        list={list}
        columns={columns}
        compactColumns={['name', 'status', 'unmappedCount']}
        exportAs={exportErpConnections}
        searchFields={
          <>
            <Form.Item name="name" label="名称">
              <Input placeholder="连接名称" allowClear />
            </Form.Item>
            <Form.Item name="systemType" label="系统">
              <EnumSelect labels={ERP_SYSTEM_TYPE} placeholder="全部系统" style={{ width: 130 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={ERP_CONNECTION_STATUS} placeholder="全部状态" style={{ width: 120 }} />
            </Form.Item>
          </>
        }
        toolbar={
          <HasPermission code="erp:config">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
              新增连接
            </Button>
          </HasPermission>
        }
      />
      <ConnectionFormModal
        connection={editing}
        open={formOpen}
        onClose={() => setFormOpen(false)}
        onSaved={list.reload}
      />
      <MappingDrawer
        connection={mappingsOf}
        onClose={() => {
          setMappingsOf(null);
          list.reload();
        }}
        onFixed={() => dispatch(countsRequested())}
      />
    </>
  );
}

type ConnectionValues = Omit<ErpConnectionPayload, 'id'>;

const NEW_CONNECTION: Partial<ConnectionValues> = {
  systemType: 'KINGDEE_K3CLOUD',
  timeoutMs: 15000,
  networkRetries: 2,
  status: 'ACTIVE',
};

function ConnectionFormModal({
  connection,
  open,
  onClose,
  onSaved,
}: {
  connection: ErpConnection | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <ModalForm<ConnectionValues>
      title={connection ? '编辑ERP连接' : '新增ERP连接'}
      open={open}
      onClose={onClose}
      onSaved={onSaved}
      width={720}
      labelWidth={110}
      initialValues={
        connection
          ? { ...connection, status: connection.status === 'DISABLED' ? 'DISABLED' : 'ACTIVE', appSecret: '' }
          : NEW_CONNECTION
      }
      onSubmit={(values) =>
        connection ? editErpConnection({ ...values, id: connection.id }) : addErpConnection(values)
      }
    >
      <Form.Item name="name" label="连接名称" rules={[required('连接名称')]}>
        <Input maxLength={64} placeholder="例如：品牌金蝶云星空" />
      </Form.Item>
      <Form.Item name="systemType" label="ERP系统" rules={[required('ERP系统', '选择')]}>
        <EnumSelect labels={ERP_SYSTEM_TYPE} allowClear={false} />
      </Form.Item>
      <Form.Item
        name="baseUrl"
        label="服务地址"
        rules={[required('服务地址')]}
        extra="例如 http://erp.example.com/k3cloud；本机模拟器：/sim/erp/kingdee/k3cloud 或 /sim/erp/tplus"
      >
        <Input maxLength={256} />
      </Form.Item>
      <Form.Item name="acctId" label="账套ID" rules={[required('账套ID')]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="userName" label="用户名" rules={[required('用户名')]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="appId" label="应用ID" rules={[required('应用ID')]}>
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item
        name="appSecret"
        label="应用密钥"
        rules={connection ? [] : [required('应用密钥')]}
        extra={connection ? '留空则保留原密钥；密钥不会回显' : undefined}
      >
        <Input.Password maxLength={256} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="saleOrgCode" label="销售组织编码">
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="defaultBillType" label="默认单据类型">
        <Input maxLength={64} placeholder="如 XSDD01_SYS" />
      </Form.Item>
      <Form.Item name="defaultWarehouseCode" label="默认仓库编码">
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="timeoutMs" label="超时(毫秒)" rules={[requiredNumber('超时')]}>
        <InputNumber min={500} max={120000} step={1000} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="networkRetries" label="网络重试次数" rules={[requiredNumber('网络重试次数')]}>
        <InputNumber min={0} max={5} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="status" label="状态">
        <EnumSelect labels={{ ACTIVE: '启用', DISABLED: '停用' }} allowClear={false} style={{ width: 200 }} />
      </Form.Item>
    </ModalForm>
  );
}

function MappingDrawer({
  connection,
  onClose,
  onFixed,
}: {
  connection: ErpConnection | null;
  onClose: () => void;
  onFixed: () => void;
}) {
  return (
    <Drawer
      title={`编码映射 ${connection?.name ?? ''}`}
      open={connection !== null}
      onClose={onClose}
      width={1000}
      destroyOnClose
    >
      {connection && <MappingList connection={connection} onFixed={onFixed} />}
    </Drawer>
  );
}

function MappingList({ connection, onFixed }: { connection: ErpConnection; onFixed: () => void }) {
  const list = useListPage<ErpMapping>({
    source: 'local',
    filterKeys: ['keyword', 'entityType', 'status', 'unmappedOnly'],
    sortKeys: ['localCode', 'erpCode', 'updateTime'],
    defaultSort: { column: 'localCode', order: 'asc' },
    fixedParams: { connectionId: connection.id },
    fetch: listErpMappings,
  });
  const [editing, setEditing] = useState<ErpMapping | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const saved = () => {
    list.reload();
    onFixed();
  };
  const columns: ColumnsType<ErpMapping> = [
    { title: '对象类型', dataIndex: 'entityType_dictText', key: 'entityType' },
    {
      title: '本地编码 / 名称',
      dataIndex: 'localCode',
      key: 'localCode',
      sorter: true,
      render: (code: string, mapping) => <TwoLineCell main={code} sub={mapping.localName ?? ''} />,
    },
    {
      title: 'ERP编码 / 名称',
      dataIndex: 'erpCode',
      key: 'erpCode',
      sorter: true,
      render: (code: string | null, mapping) => (
        <TwoLineCell main={code ?? '—'} sub={mapping.erpName ?? ''} />
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (status: string, mapping) => <Tag color={MAPPING_COLOR[status]}>{mapping.status_dictText}</Tag>,
    },
    {
      title: '确认时间',
      dataIndex: 'verifiedAt',
      key: 'verifiedAt',
      render: (at: string | null) => at ?? '—',
    },
    {
      title: '操作',
      key: 'actions',
      render: (_value, mapping) => (
        <HasPermission code="erp:config">
          <Button type="link" size="small" onClick={() => setEditing(mapping)}>
            编辑
          </Button>
        </HasPermission>
      ),
    },
  ];
  return (
    <>
      {connection.unmappedCount > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={`有 ${connection.unmappedCount} 条未映射的编码：引用它们的单据同步会失败（编码未映射），修正后自动重新同步。`}
        />
      )}
      <ListPage<ErpMapping>
        list={list}
        columns={columns}
        exportAs={exportErpMappings}
        toFormValues={(filters) => ({ ...filters, unmappedOnly: filters.unmappedOnly === 'true' })}
        toFilters={(values) => ({
          keyword: (values.keyword as string | undefined)?.trim(),
          entityType: values.entityType as string | undefined,
          status: values.status as string | undefined,
          unmappedOnly: values.unmappedOnly ? 'true' : undefined,
        })}
        searchFields={
          <>
            <Form.Item name="keyword" label="关键词">
              <Input placeholder="本地编码/名称/ERP编码" allowClear />
            </Form.Item>
            <Form.Item name="entityType" label="对象类型">
              <EnumSelect labels={ERP_MAPPING_ENTITY_TYPE} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={ERP_MAPPING_STATUS} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="unmappedOnly" valuePropName="checked">
              <Checkbox>只看未映射</Checkbox>
            </Form.Item>
          </>
        }
        toolbar={
          <HasPermission code="erp:config">
            <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)}>
              导入映射
            </Button>
          </HasPermission>
        }
      />
      <ModalForm<{ erpCode: string; erpName?: string | null }>
        title={`编辑映射 ${editing ? `${editing.entityType_dictText} ${editing.localCode}` : ''}`}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={saved}
        initialValues={editing ? { erpCode: editing.erpCode ?? '', erpName: editing.erpName } : undefined}
        onSubmit={(values) => saveErpMapping({ id: editing!.id, ...values })}
      >
        <Form.Item label="本地">{editing ? `${editing.localCode} ${editing.localName ?? ''}` : ''}</Form.Item>
        <Form.Item
          name="erpCode"
          label="ERP编码"
          rules={[required('ERP编码'), { whitespace: true, message: '请输入ERP编码!' }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="erpName" label="ERP名称">
          <Input maxLength={128} />
        </Form.Item>
      </ModalForm>
      <ImportExcelModal
        title={`导入编码映射到 ${connection.name}`}
        open={importOpen}
        onClose={() => setImportOpen(false)}
        upload={importErpMappings(connection.id)}
        downloadTemplate={downloadErpMappingTemplate}
        onImported={saved}
      />
    </>
  );
}
