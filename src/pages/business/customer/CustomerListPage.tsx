// 客户列表 (eCustomer/CustomerList): customers filtered by type, channel, city and statuses with paging and
// sort in the URL (within the user's data scope, decided by the server); a detail drawer (photos, team,
// labels); 新增/编辑 in a modal; the commands of the three state machines (冻结/解冻/关店/停用 after a
// confirmation, 核实 verdicts with their reason, 重新提交审核), 关联经销商 for one or many, 系统核实,
// Excel import with the row report, template and export. Every control follows its permission code.
import { useState } from 'react';
import { App, Button, Dropdown, Form, Input, List, Space, Tag, type MenuProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownOutlined, PlusOutlined, SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import {
  AUDIT_STATUS,
  CHANNEL,
  CUSTOMER_STATUS,
  CUSTOMER_TYPE,
  VERIFY_STATUS,
} from '../../../../common/businessEnums';
import {
  auditCustomer,
  changeCustomerStatus,
  downloadCustomerTemplate,
  exportCustomers,
  importCustomers,
  listCustomers,
  systemVerifyBatch,
  type Customer,
} from '../../../api/customers';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { RegionFields } from '../../../components/region/RegionPicker';
import { useConfirmAction } from '../../../components/form/useConfirmAction';
import { HasPermission, useHasPermission } from '../../../components/HasPermission';
import { ImportExcelModal } from '../../../components/table/ImportExcelModal';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { ListPage } from '../../../components/table/ListPage';
import { useListPage } from '../../../components/table/useListPage';
import { LinkDealerModal, VERIFY_ACTIONS, VerifyModal, type CommandTarget } from './CustomerCommandModals';
import { CustomerDrawer } from './CustomerDrawer';
import { CustomerFormModal, SUPPLIER_TYPES } from './CustomerFormModal';
import { toast } from '../../../utils/notifier';

/** The status commands of each status (the server's state machine). */
export const CUSTOMER_ACTIONS: Record<string, { status: string; label: string; note: string }[]> = {
  ACTIVE: [
    { status: 'FROZEN', label: '冻结', note: '冻结后暂停下单与拜访，可解冻。' },
    { status: 'CLOSED', label: '关店', note: '有冰柜的门店不能关店。' },
    { status: 'DISABLED', label: '停用', note: '停用后不再出现在业务中。' },
  ],
  FROZEN: [
    { status: 'ACTIVE', label: '解冻', note: '恢复正常经营。' },
    { status: 'DISABLED', label: '停用', note: '停用后不再出现在业务中。' },
  ],
  CLOSED: [
    { status: 'ACTIVE', label: '重新营业', note: '恢复正常经营（虚假门店不能恢复）。' },
    { status: 'DISABLED', label: '停用', note: '停用后不再出现在业务中。' },
  ],
  DISABLED: [],
};

const STATUS_COLOR: Record<string, string> = {
  ACTIVE: 'green',
  FROZEN: 'blue',
  CLOSED: 'default',
  DISABLED: 'red',
  PENDING: 'orange',
  REJECTED: 'red',
  SUSPECT: 'orange',
  FAKE: 'red',
};

export default function CustomerListPage() {
  const list = useListPage<Customer>({
    filterKeys: [
      'keyword',
      'customerType',
      'channel',
      'provinceCode',
      'cityCode',
      'auditStatus',
      'verifyStatus',
      'status',
    ],
    sortKeys: [
      'customerCode',
      'name',
      'level',
      'freezerCount',
      'createTime',
      'lastVisitTime',
      'lastOrderTime',
    ],
    defaultSort: { column: 'createTime', order: 'desc' },
    fetch: listCustomers,
  });
  const confirm = useConfirmAction();
  const { modal } = App.useApp();
  const [detail, setDetail] = useState<Customer | null>(null);
  const [form, setForm] = useState<{ customerId: string | null } | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [verifying, setVerifying] = useState<{
    target: CommandTarget;
    to: (typeof VERIFY_ACTIONS)[string][number];
  } | null>(null);
  const [linking, setLinking] = useState<CommandTarget | null>(null);
  const may = {
    edit: useHasPermission('customer:edit'),
    status: useHasPermission('customer:status'),
    verify: useHasPermission('customer:verify'),
    link: useHasPermission('customer:link'),
    audit: useHasPermission('customer:audit'),
  };
  const one = (customer: Customer): CommandTarget => ({ ids: [customer.id], subject: customer.name });

  /** The state-machine commands this customer offers the signed-in user. */
  const commandsOf = (customer: Customer): MenuProps['items'] => [
    ...(may.status
      ? (CUSTOMER_ACTIONS[customer.status] ?? []).map(({ status, label, note }) => ({
          key: `status:${status}`,
          label,
          danger: status !== 'ACTIVE',
          onClick: () =>
            confirm({
              title: `确定${label}客户“${customer.name}”吗？`,
              content: note,
              okText: label,
              danger: status !== 'ACTIVE',
              action: () => changeCustomerStatus(customer.id, status),
              onDone: list.reload,
            }),
        }))
      : []),
    ...(may.verify
      ? (VERIFY_ACTIONS[customer.verifyStatus] ?? []).map((action) => ({
          key: `verify:${action.to}`,
          label: action.label,
          danger: action.to === 'FAKE',
          onClick: () => setVerifying({ target: one(customer), to: action }),
        }))
      : []),
    ...(may.audit && customer.auditStatus === 'REJECTED'
      ? [
          {
            key: 'audit:RESUBMIT',
            label: '重新提交审核',
            onClick: () =>
              confirm({
                title: `确定重新提交“${customer.name}”的审核吗？`,
                content: customer.auditRemark ? `驳回原因：${customer.auditRemark}` : undefined,
                okText: '重新提交',
                danger: false,
                action: () => auditCustomer(customer.id, 'RESUBMIT'),
                onDone: list.reload,
              }),
          },
        ]
      : []),
    ...(may.link && !SUPPLIER_TYPES.includes(customer.customerType)
      ? [{ key: 'link', label: '关联经销商', onClick: () => setLinking(one(customer)) }]
      : []),
  ];

  /** 系统核实: the server's checks on the given outlets (or all in scope); the suspects are listed. */
  const verifyBySystem = (ids: string[] | undefined, done: () => void) =>
    confirm({
      title: ids ? `对选中的 ${ids.length} 个客户进行系统核实？` : '对数据范围内的全部门店进行系统核实？',
      content: '系统按位置、地图POI和附近相似门店检查，不通过的标记为疑似异常。',
      okText: '开始核实',
      danger: false,
      action: async () => {
        const answer = await systemVerifyBatch(ids);
        if (answer.success) {
          const { checked, suspectCount, suspects } = answer.result;
          modal.info({
            title: `系统核实完成：检查 ${checked} 个，疑似异常 ${suspectCount} 个`,
            width: 560,
            content: suspects.length ? (
              <List
                size="small"
                dataSource={suspects}
                renderItem={(suspect) => (
                  <List.Item>
                    {suspect.name}（{suspect.customerCode}）：{suspect.reasons.join('；')}
                  </List.Item>
                )}
              />
            ) : (
              '没有发现异常。'
            ),
          });
        }
        return answer;
      },
      onDone: done,
    });

  const columns: ColumnsType<Customer> = [
    {
      title: '编码',
      dataIndex: 'customerCode',
      key: 'customerCode',
      sorter: true,
      render: (code: string, customer) => (
        <TwoLineCell main={code} sub={customer.level ? `${customer.level}级` : '未分级'} />
      ),
    },
    {
      title: '客户名称',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (name: string, customer) => (
        <span>
          {name}
          <br />
          {customer.labels.map((label) => (
            <Tag key={label.id} color={label.color ?? undefined} style={{ fontSize: 11 }}>
              {label.name}
            </Tag>
          ))}
        </span>
      ),
    },
    {
      title: '类型',
      dataIndex: 'customerType',
      key: 'customerType',
      render: (_value, customer) => (
        <TwoLineCell
          main={customer.customerType_dictText}
          sub={[customer.channel_dictText, customer.outletType].filter(Boolean).join(' / ')}
        />
      ),
    },
    {
      title: '经销商 / 负责人',
      dataIndex: 'servingDealerName',
      key: 'servingDealerName',
      render: (dealer: string | null, customer) => (
        <TwoLineCell main={dealer ?? '—'} sub={customer.ownerName ?? '未分配'} />
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 130,
      render: (_value, customer) => (
        <Space size={2} wrap>
          <Tag color={STATUS_COLOR[customer.status]}>{customer.status_dictText}</Tag>
          {/* Approved and verified is the normal case: only the exceptions get a tag. */}
          {customer.auditStatus !== 'APPROVED' && (
            <Tag color={STATUS_COLOR[customer.auditStatus]}>{customer.auditStatus_dictText}</Tag>
          )}
          {customer.verifyStatus !== 'VERIFIED' && (
            <Tag color={STATUS_COLOR[customer.verifyStatus]}>{customer.verifyStatus_dictText}</Tag>
          )}
        </Space>
      ),
    },
    {
      title: '最近拜访',
      dataIndex: 'lastVisitTime',
      key: 'lastVisitTime',
      sorter: true,
      width: 110,
      render: (time: string | null) => time?.slice(0, 10) ?? '—',
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_value, customer) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDetail(customer)}>
            详情
          </Button>
          {may.edit && (
            <Button type="link" size="small" onClick={() => setForm({ customerId: customer.id })}>
              编辑
            </Button>
          )}
          {(() => {
            const items = commandsOf(customer);
            return items && items.length > 0 ? (
              <Dropdown menu={{ items }} trigger={['click']}>
                <Button type="link" size="small">
                  更多 <DownOutlined />
                </Button>
              </Dropdown>
            ) : null;
          })()}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<Customer>
        list={list}
        columns={columns}
        compactColumns={['name', 'status']}
        exportAs={exportCustomers}
        searchFields={
          <>
            <Form.Item name="keyword" label="关键词">
              <Input placeholder="编码/名称/手机号" allowClear />
            </Form.Item>
            <Form.Item name="customerType" label="客户类型">
              <EnumSelect labels={CUSTOMER_TYPE} placeholder="全部" style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="channel" label="渠道">
              <EnumSelect labels={CHANNEL} placeholder="全部" style={{ width: 120 }} />
            </Form.Item>
            <RegionFields
              names={['provinceCode', 'cityCode']}
              label="地区"
              anyLevel
              placeholder="省/市"
              style={{ width: 180 }}
            />
            <Form.Item name="status" label="经营状态">
              <EnumSelect labels={CUSTOMER_STATUS} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="auditStatus" label="审核">
              <EnumSelect labels={AUDIT_STATUS} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="verifyStatus" label="核实">
              <EnumSelect labels={VERIFY_STATUS} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
          </>
        }
        toolbar={
          <>
            <HasPermission code="customer:add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ customerId: null })}>
                新增客户
              </Button>
              <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)}>
                导入
              </Button>
            </HasPermission>
            <HasPermission code="customer:verify">
              <Button
                icon={<SafetyCertificateOutlined />}
                onClick={() => verifyBySystem(undefined, list.reload)}
              >
                系统核实
              </Button>
            </HasPermission>
          </>
        }
        batchActions={
          may.link || may.verify
            ? (selected, done) => (
                <>
                  {may.link && (
                    <Button
                      size="small"
                      onClick={() => {
                        const outlets = selected.filter((c) => !SUPPLIER_TYPES.includes(c.customerType));
                        if (outlets.length < selected.length) {
                          toast('warning', '经销商不能再关联供货经销商，请只选择门店等客户');
                          return;
                        }
                        // The reload after linking clears the selection.
                        setLinking({ ids: outlets.map((c) => c.id), subject: `${outlets.length} 个客户` });
                      }}
                    >
                      批量关联经销商
                    </Button>
                  )}
                  {may.verify && (
                    <Button
                      size="small"
                      onClick={() =>
                        verifyBySystem(
                          selected.map((c) => c.id),
                          done,
                        )
                      }
                    >
                      系统核实
                    </Button>
                  )}
                </>
              )
            : undefined
        }
      />
      <CustomerDrawer customer={detail} onClose={() => setDetail(null)} />
      <CustomerFormModal
        customerId={form?.customerId ?? null}
        open={form !== null}
        onClose={() => setForm(null)}
        onSaved={list.reload}
      />
      <ImportExcelModal
        title="导入客户"
        open={importOpen}
        onClose={() => setImportOpen(false)}
        upload={importCustomers}
        downloadTemplate={downloadCustomerTemplate}
        onImported={list.reload}
      />
      <VerifyModal
        target={verifying?.target ?? null}
        to={verifying?.to ?? null}
        onClose={() => setVerifying(null)}
        onDone={list.reload}
      />
      <LinkDealerModal target={linking} onClose={() => setLinking(null)} onDone={list.reload} />
    </>
  );
}
