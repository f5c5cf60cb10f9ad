// 陈列协议 (/esdh/agreement, esdh/DisplayAgreementList): 协议号, 门店, 方案, 陈列形式, 协议期, 月费用, 总费用, 最近检核结果,
// 已兑付/应兑付, 状态; 新建 and 编辑 (drafts and rejected ones), 提交 to the 审批中心, 签署 with a photo of the signed
// paper, 检核, 终止 with its reason, 导出, a zip of a month's 陈列照片 of the agreements the filters select (下载中心 when
// large) and the detail drawer.
import { useState } from 'react';
import { Button, Form, Input, InputNumber, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import {
  AGREEMENT_STATUS,
  AGREEMENT_TRANSITIONS,
  DISPLAY_FEE_TYPE,
  DISPLAY_PHOTO_BIZ,
  DISPLAY_TYPE,
  INSPECTION_RESULT,
  PAYMENT_CYCLE,
  TERMINATION_REASON,
  canDo,
  type TerminationReason,
} from '../../../../common/displays';
import { listCustomers } from '../../../api/customers';
import {
  downloadDisplayPhotos,
  exportDisplayAgreements,
  inspectDisplay,
  listDisplayAgreements,
  listDisplayPolicies,
  listDisplayTemplates,
  saveDisplayAgreement,
  signDisplayAgreement,
  submitDisplayAgreement,
  terminateDisplayAgreement,
  type DisplayAgreement,
  type DisplayAgreementPayload,
} from '../../../api/displays';
import { EnumSelect, RemoteSelect } from '../../../components/form/EnumSelect';
import { required } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { useConfirmAction } from '../../../components/form/useConfirmAction';
import { HasPermission, useHasPermission } from '../../../components/HasPermission';
import { PhotoIdsField } from '../../../components/photos/PhotoIdsField';
import { ListPage } from '../../../components/table/ListPage';
import { RowActions, type RowAction } from '../../../components/table/RowActions';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';
import { DisplayAgreementDrawer, RESULT_COLOR, STATUS_COLOR, yuan } from './DisplayAgreementDrawer';

type Step = 'sign' | 'inspect' | 'terminate';

const thisMonth = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);

const loadOutlets = (keyword?: string) =>
  listCustomers({ pageSize: 50, customerType: 'OUTLET', status: 'ACTIVE', auditStatus: 'APPROVED', keyword });
const loadPolicies = () => listDisplayPolicies({ pageSize: 100, status: 'ACTIVE' });

export default function DisplayAgreementListPage() {
  const list = useListPage<DisplayAgreement>({
    filterKeys: ['keyword', 'status', 'displayType', 'policyId'],
    sortKeys: ['agreementNo', 'startDate', 'endDate', 'monthlyFee', 'createTime'],
    defaultSort: { column: 'createTime', order: 'desc' },
    fetch: listDisplayAgreements,
  });
  const may = {
    apply: useHasPermission('display:apply'),
    inspect: useHasPermission('display:inspect'),
    terminate: useHasPermission('display:terminate'),
  };
  const confirm = useConfirmAction();
  const [editing, setEditing] = useState<DisplayAgreement | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const [step, setStep] = useState<{ kind: Step; row: DisplayAgreement } | null>(null);
  const changed = () => {
    list.reload();
    setVersion((value) => value + 1);
  };

  const actionsOf = (row: DisplayAgreement): RowAction[] => {
    const actions: RowAction[] = [{ key: 'view', label: '详情', onClick: () => setViewing(row.id) }];
    if (may.apply && canDo(AGREEMENT_TRANSITIONS.submit, row.status)) {
      actions.push({
        key: 'edit',
        label: '编辑',
        onClick: () => {
          setEditing(row);
          setFormOpen(true);
        },
      });
      actions.push({
        key: 'submit',
        label: '提交',
        onClick: () =>
          confirm({
            title: `提交陈列协议 ${row.agreementNo} 审批？`,
            content: `${row.customerName} · ${row.displayType_dictText} · 总费用 ${yuan(row.totalFee)}`,
            okText: '提交',
            danger: false,
            action: () => submitDisplayAgreement(row.id),
            onDone: changed,
          }),
      });
    }
    if (may.apply && canDo(AGREEMENT_TRANSITIONS.sign, row.status))
      actions.push({ key: 'sign', label: '签署', onClick: () => setStep({ kind: 'sign', row }) });
    if (may.inspect && (row.status === 'ACTIVE' || row.status === 'SUSPENDED'))
      actions.push({ key: 'inspect', label: '检核', onClick: () => setStep({ kind: 'inspect', row }) });
    if (may.terminate && canDo(AGREEMENT_TRANSITIONS.terminate, row.status))
      actions.push({
        key: 'terminate',
        label: '终止',
        danger: true,
        onClick: () => setStep({ kind: 'terminate', row }),
      });
    return actions;
  };

  const columns: ColumnsType<DisplayAgreement> = [
    {
      title: '协议号 / 方案',
      dataIndex: 'agreementNo',
      key: 'agreementNo',
      sorter: true,
      render: (no: string, row) => (
        <TwoLineCell
          main={
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setViewing(row.id)}>
              {no}
            </Button>
          }
          sub={row.policyName}
        />
      ),
    },
    {
      title: '门店',
      dataIndex: 'customerName',
      key: 'customerName',
      render: (name: string, row) => <TwoLineCell main={name} sub={row.customerCode} />,
    },
    {
      title: '陈列形式',
      dataIndex: 'displayType_dictText',
      key: 'displayType',
      render: (text: string, row) => <TwoLineCell main={text} sub={row.locationDesc ?? ''} />,
    },
    {
      title: '协议期',
      dataIndex: 'startDate',
      key: 'startDate',
      sorter: true,
      render: (start: string, row) => <TwoLineCell main={start} sub={`至 ${row.endDate}`} />,
    },
    {
      title: '月费用 / 总费用',
      dataIndex: 'monthlyFee',
      key: 'monthlyFee',
      sorter: true,
      align: 'right',
      render: (fee: string, row) => <TwoLineCell main={yuan(fee)} sub={`总 ${yuan(row.totalFee)}`} />,
    },
    {
      title: '最近检核',
      dataIndex: 'lastResult',
      key: 'lastResult',
      render: (result: DisplayAgreement['lastResult'], row) =>
        result ? <Tag color={RESULT_COLOR[result]}>{row.lastResult_dictText}</Tag> : '—',
    },
    {
      title: '已兑付 / 应兑付',
      key: 'paid',
      align: 'right',
      render: (_value, row) => (
        <TwoLineCell main={yuan(row.paidAmount)} sub={`应 ${yuan(row.payableAmount)}`} />
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (status: string, row) => <Tag color={STATUS_COLOR[status]}>{row.status_dictText}</Tag>,
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_value, row) => <RowActions actions={actionsOf(row)} max={2} />,
    },
  ];

  return (
    <>
      <ListPage<DisplayAgreement>
        list={list}
        columns={columns}
        compactColumns={['agreementNo', 'monthlyFee', 'status']}
        exportAs={exportDisplayAgreements}
        searchFields={
          <>
            <Form.Item name="keyword" label="关键字">
              <Input placeholder="协议号、门店名称" allowClear />
            </Form.Item>
            <Form.Item name="displayType" label="陈列形式">
              <EnumSelect labels={DISPLAY_TYPE} placeholder="全部" style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={AGREEMENT_STATUS} placeholder="全部" style={{ width: 120 }} />
            </Form.Item>
          </>
        }
        toolbar={
          <>
            <HasPermission code="display:apply">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => {
                  setEditing(null);
                  setFormOpen(true);
                }}
              >
                新建陈列协议
              </Button>
            </HasPermission>
            <PeriodPhotos filters={list.query.filters} />
          </>
        }
      />
      <AgreementForm open={formOpen} editing={editing} onClose={() => setFormOpen(false)} onSaved={changed} />
      <StepForm step={step} onClose={() => setStep(null)} onDone={changed} />
      <DisplayAgreementDrawer id={viewing} version={version} onClose={() => setViewing(null)} />
    </>
  );
}

/** 下载照片: the inspection photos of the chosen month across the agreements the list's filters select, as a zip. */
function PeriodPhotos({ filters }: { filters: Record<string, string> }) {
  const [period, setPeriod] = useState(thisMonth);
  const [loading, setLoading] = useState(false);
  const download = async () => {
    setLoading(true);
    try {
      await downloadDisplayPhotos({ period, filters }, `陈列照片_${period}`);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Space.Compact>
      <Input
        type="month"
        aria-label="照片所属期"
        value={period}
        onChange={(event) => event.target.value && setPeriod(event.target.value)}
        style={{ width: 150 }}
      />
      <Button icon={<DownloadOutlined />} loading={loading} onClick={() => void download()}>
        下载检核照片
      </Button>
    </Space.Compact>
  );
}

function AgreementForm({
  open,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: DisplayAgreement | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const initial: Partial<DisplayAgreementPayload> = editing
    ? {
        policyId: editing.policyId,
        customerId: editing.customerId,
        startDate: editing.startDate,
        endDate: editing.endDate,
        displayType: editing.displayType,
        locationDesc: editing.locationDesc,
        feeType: editing.feeType,
        monthlyFee: Number(editing.monthlyFee),
        paymentCycle: 'MONTHLY',
        templateId: editing.templateId,
      }
    : { displayType: 'SHELF', feeType: 'CASH', paymentCycle: 'MONTHLY' };
  return (
    <ModalForm<DisplayAgreementPayload>
      title={editing ? `编辑陈列协议 ${editing.agreementNo}` : '新建陈列协议'}
      open={open}
      onClose={onClose}
      onSaved={onSaved}
      width={640}
      initialValues={initial}
      onSubmit={(values) => saveDisplayAgreement({ ...values, id: editing?.id })}
    >
      <Form.Item name="policyId" label="陈列方案" rules={[required('陈列方案', '选择')]}>
        <RemoteSelect
          load={loadPolicies}
          toOption={(policy) => ({
            value: policy.id,
            label: `${policy.name}（剩余 ${yuan(policy.remainingBudget)}）`,
          })}
          initialOptions={editing ? [{ value: editing.policyId, label: editing.policyName }] : undefined}
          placeholder="执行中的陈列方案"
        />
      </Form.Item>
      <Form.Item name="customerId" label="门店" rules={[required('门店', '选择')]}>
        <RemoteSelect
          load={loadOutlets}
          toOption={(outlet) => ({ value: outlet.id, label: `${outlet.name}（${outlet.customerCode}）` })}
          initialOptions={editing ? [{ value: editing.customerId, label: editing.customerName }] : undefined}
          remoteSearch
          placeholder="搜索门店名称、编码"
        />
      </Form.Item>
      <Form.Item name="startDate" label="开始日期" rules={[required('开始日期')]}>
        <Input type="date" />
      </Form.Item>
      <Form.Item
        name="endDate"
        label="结束日期"
        dependencies={['startDate']}
        rules={[
          required('结束日期'),
          ({ getFieldValue }) => ({
            validator: (_rule, value?: string) =>
              !value || !getFieldValue('startDate') || value >= getFieldValue('startDate')
                ? Promise.resolve()
                : Promise.reject(new Error('结束日期不能早于开始日期')),
          }),
        ]}
      >
        <Input type="date" />
      </Form.Item>
      <Form.Item name="displayType" label="陈列形式" rules={[required('陈列形式', '选择')]}>
        <EnumSelect labels={DISPLAY_TYPE} allowClear={false} />
      </Form.Item>
      <Form.Item name="locationDesc" label="陈列位置">
        <Input maxLength={128} placeholder="如：收银台左侧第二组货架" />
      </Form.Item>
      <Form.Item name="feeType" label="兑付方式" rules={[required('兑付方式', '选择')]}>
        <EnumSelect labels={DISPLAY_FEE_TYPE} allowClear={false} />
      </Form.Item>
      <Form.Item name="paymentCycle" label="兑付周期" rules={[required('兑付周期', '选择')]}>
        <EnumSelect labels={PAYMENT_CYCLE} allowClear={false} />
      </Form.Item>
      <Form.Item name="monthlyFee" label="月费用" rules={[{ required: true, message: '请输入月费用!' }]}>
        <InputNumber min={0.01} max={1000000} precision={2} prefix="¥" placeholder="每月费用" />
      </Form.Item>
      <Form.Item name="templateId" label="协议模板" extra="选择后按模板生成协议正文，签署时留存PDF">
        <RemoteSelect
          load={listDisplayTemplates}
          toOption={(template) => ({
            value: template.id,
            label: `${template.name}（v${template.currentVersion}）`,
          })}
          placeholder="不使用模板"
          allowClear
        />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Input.TextArea maxLength={256} rows={2} />
      </Form.Item>
    </ModalForm>
  );
}

interface StepValues {
  photoIds?: string[];
  result?: keyof typeof INSPECTION_RESULT;
  period?: string;
  facingsCounted?: number;
  reason?: TerminationReason;
  remark?: string;
}

const STEP_TITLES: Record<Step, string> = {
  sign: '签署（上传签约纸质协议照片）',
  inspect: '陈列检核',
  terminate: '终止协议',
};

function StepForm({
  step,
  onClose,
  onDone,
}: {
  step: { kind: Step; row: DisplayAgreement } | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const submit = (values: StepValues) => {
    const row = step!.row;
    if (step!.kind === 'sign') return signDisplayAgreement(row.id, values.photoIds ?? []);
    if (step!.kind === 'inspect')
      return inspectDisplay({
        agreementId: row.id,
        period: values.period,
        result: values.result!,
        photoIds: values.photoIds ?? [],
        facingsCounted: values.facingsCounted ?? null,
        remark: values.remark,
      });
    return terminateDisplayAgreement({ id: row.id, reason: values.reason!, remark: values.remark });
  };
  return (
    <ModalForm<StepValues>
      title={step ? `${STEP_TITLES[step.kind]}：${step.row.agreementNo}` : ''}
      open={step !== null}
      onClose={onClose}
      onSaved={onDone}
      initialValues={{ period: thisMonth() }}
      onSubmit={submit}
    >
      {step && step.kind !== 'terminate' && (
        <Form.Item
          name="photoIds"
          label={step.kind === 'sign' ? '签约照片' : '检核照片'}
          rules={[{ required: true, type: 'array', min: 1, message: '请上传至少一张照片!' }]}
        >
          <PhotoIdsField
            bizType={DISPLAY_PHOTO_BIZ}
            bizId={step.row.id}
            kind={step.kind === 'sign' ? 'DISPLAY_SIGNED' : 'DISPLAY'}
          />
        </Form.Item>
      )}
      {step?.kind === 'inspect' && (
        <>
          <Form.Item name="period" label="所属期" rules={[required('所属期')]}>
            <Input type="month" />
          </Form.Item>
          <Form.Item name="result" label="检核结果" rules={[required('检核结果', '选择')]}>
            <EnumSelect labels={INSPECTION_RESULT} allowClear={false} />
          </Form.Item>
          <Form.Item name="facingsCounted" label="排面数">
            <InputNumber min={0} max={10000} />
          </Form.Item>
        </>
      )}
      {step?.kind === 'terminate' && (
        <Form.Item name="reason" label="终止原因" rules={[required('终止原因', '选择')]}>
          <EnumSelect labels={TERMINATION_REASON} allowClear={false} />
        </Form.Item>
      )}
      {step?.kind !== 'sign' && (
        <Form.Item name="remark" label="备注">
          <Input.TextArea maxLength={256} rows={2} />
        </Form.Item>
      )}
    </ModalForm>
  );
}
