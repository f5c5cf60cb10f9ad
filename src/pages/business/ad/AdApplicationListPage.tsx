// 广告申请 (eAdAppr/AdApplicationList, DOMAIN §1.12): the applications in the caller's scope with search,
// filters, paging and export; a draft with the site photos, the design and the quote from the price book;
// then 提交 (审批中心 by amount), 安排制作, 上传完工照, 验收 with before and after side by side, 结算, 撤销.
import { useEffect, useState } from 'react';
import { Alert, Button, Drawer, Form, Input, InputNumber, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { PAGE_SIZE_MAX } from '../../../../common/constants';
import {
  ACCEPTANCE_RESULT,
  AD_KIND,
  AD_PHOTO_BIZ,
  AD_STATUS,
  AD_TYPE,
  COST_SHARE_LABEL,
  type CostSharing,
} from '../../../../common/ads';
import {
  acceptAd,
  cancelAd,
  exportAds,
  getAd,
  installAd,
  listAdPrices,
  listAds,
  produceAd,
  quoteAd,
  saveAd,
  settleAd,
  submitAd,
  type AdApplication,
  type AdPayload,
  type AdPrice,
} from '../../../api/ads';
import { listCustomers } from '../../../api/customers';
import { DetailList } from '../../../components/DetailList';
import { useHasPermission } from '../../../components/HasPermission';
import { EnumSelect, RemoteSelect, type RemoteOption } from '../../../components/form/EnumSelect';
import { required, requiredNumber } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { useConfirmAction } from '../../../components/form/useConfirmAction';
import { ChangeHistory } from '../../../components/history/ChangeHistory';
import { PhotoIdsField } from '../../../components/photos/PhotoIdsField';
import { ListPage } from '../../../components/table/ListPage';
import { RowActions, type RowAction } from '../../../components/table/RowActions';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';
import { AdPhotos } from './AdPhotos';

export const AD_STATUS_COLOR: Record<string, string> = {
  DRAFT: 'default',
  PENDING_APPROVAL: 'processing',
  APPROVED: 'cyan',
  REJECTED: 'error',
  IN_PRODUCTION: 'blue',
  INSTALLED: 'purple',
  ACCEPTED: 'success',
  ACCEPT_FAILED: 'warning',
  SETTLED: 'green',
  CANCELLED: 'default',
};

const money = (value: string | null) => (value === null ? '—' : `¥${Number(value).toFixed(2)}`);

const loadOutlets = (keyword?: string) =>
  listCustomers({ pageSize: 50, customerType: 'OUTLET', status: 'ACTIVE', keyword });
const outletOption = (outlet: { id: string; name: string; customerCode: string }): RemoteOption => ({
  value: outlet.id,
  label: `${outlet.name}（${outlet.customerCode}）`,
});

type FormValues = Omit<AdPayload, 'costSharing' | 'designFileId'> & {
  costSharing: CostSharing;
  designFileIds?: string[];
};

const payloadOf = (values: FormValues, id?: string): AdPayload => {
  const { designFileIds, ...rest } = values;
  return { ...rest, id, designFileId: designFileIds?.[0] ?? null };
};

/** The draft's form: the outlet, the size, material and quote, the site photos and the design, the shares. */
function AdForm({
  editing,
  onClose,
  onSaved,
}: {
  editing: AdApplication | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const [prices, setPrices] = useState<AdPrice[]>([]);
  const [quote, setQuote] = useState<string | null>(null);
  const adType = Form.useWatch('adType', form);
  useEffect(() => {
    void listAdPrices({ pageSize: PAGE_SIZE_MAX, status: 'ACTIVE' }).then(
      (answer) => answer.success && setPrices(answer.result.records),
    );
  }, []);
  const requote = () => {
    const { adType: type, material, widthM, heightM, quantity } = form.getFieldsValue();
    if (!type || !material || !widthM || !heightM || !quantity) return setQuote(null);
    void quoteAd({ adType: type, material, widthM, heightM, quantity })
      .then((answer) =>
        setQuote(
          answer.success
            ? `${answer.result.areaSqm}㎡ × ${quantity} × ¥${answer.result.unitPrice}/㎡ = ¥${answer.result.quotedAmount}`
            : answer.message,
        ),
      )
      .catch(() => setQuote(null));
  };
  return (
    <ModalForm<FormValues>
      title={editing ? `编辑广告申请：${editing.applyNo}` : '新增广告申请'}
      open
      form={form}
      width={720}
      onClose={onClose}
      onSaved={onSaved}
      initialValues={
        editing
          ? {
              customerId: editing.customerId,
              adType: editing.adType,
              widthM: Number(editing.widthM),
              heightM: Number(editing.heightM),
              quantity: editing.quantity,
              material: editing.material,
              signText: editing.signText,
              beforePhotoIds: editing.beforePhotoIds,
              designFileIds: editing.designFileId ? [editing.designFileId] : [],
              costSharing: editing.costSharing,
              keepMonths: editing.keepMonths,
              remark: editing.remark,
            }
          : {
              adType: 'STOREFRONT_SIGN',
              quantity: 1,
              keepMonths: 12,
              costSharing: { brand: 100, dealer: 0, outlet: 0 },
              beforePhotoIds: [],
              designFileIds: [],
            }
      }
      onSubmit={(values) => saveAd(payloadOf(values, editing?.id))}
    >
      <Form.Item name="customerId" label="门店" rules={[required('门店', '选择')]}>
        <RemoteSelect
          load={loadOutlets}
          toOption={outletOption}
          remoteSearch
          placeholder="搜索门店名称、编码"
          initialOptions={editing ? [{ value: editing.customerId, label: editing.customerName }] : undefined}
        />
      </Form.Item>
      <Form.Item name="adType" label="广告类型" rules={[required('广告类型', '选择')]}>
        <EnumSelect
          labels={AD_TYPE}
          allowClear={false}
          onChange={() => form.setFieldValue('material', undefined)}
        />
      </Form.Item>
      <Form.Item name="material" label="材质" rules={[required('材质', '选择')]}>
        <Select
          placeholder="价目表中的材质"
          options={prices
            .filter((price) => price.adType === adType)
            .map((price) => ({
              value: price.material,
              label: `${price.material}（¥${price.unitPrice}/㎡）`,
            }))}
          onChange={requote}
          notFoundContent="价目表中没有该类型的价格"
        />
      </Form.Item>
      <Space size={16} wrap>
        <Form.Item name="widthM" label="宽(米)" rules={[requiredNumber('宽度')]}>
          <InputNumber min={0.01} max={100} precision={2} onChange={requote} />
        </Form.Item>
        <Form.Item name="heightM" label="高(米)" rules={[requiredNumber('高度')]}>
          <InputNumber min={0.01} max={100} precision={2} onChange={requote} />
        </Form.Item>
        <Form.Item name="quantity" label="数量" rules={[requiredNumber('数量')]}>
          <InputNumber min={1} max={1000} precision={0} onChange={requote} />
        </Form.Item>
      </Space>
      {quote && <Alert type="info" showIcon title={`报价：${quote}`} style={{ marginBottom: 16 }} />}
      <Form.Item name="signText" label="店招文字" rules={[{ max: 64, message: '最多64字!' }]}>
        <Input placeholder="门头上显示的店名" />
      </Form.Item>
      <Form.Item name="beforePhotoIds" label="现场照" extra="门头正面全景，提交审批前必传">
        <PhotoIdsField bizType={AD_PHOTO_BIZ} kind={AD_KIND.BEFORE} bizId={editing?.id} label="上传现场照" />
      </Form.Item>
      <Form.Item name="designFileIds" label="设计稿" extra="提交审批前必传">
        <PhotoIdsField
          bizType={AD_PHOTO_BIZ}
          kind={AD_KIND.DESIGN}
          bizId={editing?.id}
          max={1}
          label="上传设计稿"
        />
      </Form.Item>
      <Form.Item label="费用分摊(%)" required>
        <Space wrap>
          {(Object.keys(COST_SHARE_LABEL) as Array<keyof CostSharing>).map((key) => (
            <Form.Item
              key={key}
              name={['costSharing', key]}
              noStyle
              rules={[requiredNumber(`${COST_SHARE_LABEL[key]}比例`)]}
            >
              <InputNumber
                min={0}
                max={100}
                prefix={COST_SHARE_LABEL[key]}
                aria-label={`${COST_SHARE_LABEL[key]}比例`}
              />
            </Form.Item>
          ))}
        </Space>
      </Form.Item>
      <Form.Item
        name="keepMonths"
        label="保留期(月)"
        rules={[requiredNumber('保留期')]}
        extra="门店须保留广告的月数，验收合格起算"
      >
        <InputNumber min={0} max={120} precision={0} />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Input.TextArea rows={2} maxLength={256} />
      </Form.Item>
    </ModalForm>
  );
}

type Step = 'produce' | 'install' | 'accept' | 'settle';
const STEP_TITLE: Record<Step, string> = {
  produce: '安排制作',
  install: '上传完工照',
  accept: '验收',
  settle: '结算',
};

function submitStep(step: Step, ad: AdApplication, values: Record<string, unknown>) {
  switch (step) {
    case 'produce':
      return produceAd({
        id: ad.id,
        vendorName: values.vendorName as string,
        installDeadline: (values.installDeadline as string) || null,
      });
    case 'install':
      return installAd({ id: ad.id, photoIds: values.photoIds as string[] });
    case 'accept':
      return acceptAd({ id: ad.id, result: values.result as string, remark: values.remark as string });
    case 'settle':
      return settleAd({
        id: ad.id,
        settledAmount: values.settledAmount as number,
        remark: values.remark as string,
      });
  }
}

function StepForm({
  step,
  ad,
  onClose,
  onSaved,
}: {
  step: Step;
  ad: AdApplication;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const result = Form.useWatch('result', form);
  return (
    <ModalForm<Record<string, unknown>>
      title={`${STEP_TITLE[step]}：${ad.applyNo}`}
      open
      form={form}
      width={step === 'accept' ? 880 : 640}
      onClose={onClose}
      onSaved={onSaved}
      initialValues={{
        photoIds: [],
        result: 'PASS',
        settledAmount: Number(ad.approvedAmount ?? ad.quotedAmount),
      }}
      onSubmit={(values) => submitStep(step, ad, values)}
    >
      {step === 'produce' && (
        <>
          <Form.Item
            name="vendorName"
            label="制作商"
            rules={[required('制作商'), { max: 64, message: '最多64字!' }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="installDeadline"
            label="安装期限"
            rules={[{ pattern: /^\d{4}-\d{2}-\d{2}$/, message: '请输入日期，如 2026-12-31!' }]}
          >
            <Input placeholder="YYYY-MM-DD" />
          </Form.Item>
        </>
      )}
      {step === 'install' && (
        <Form.Item
          name="photoIds"
          label="完工照"
          rules={[{ required: true, type: 'array', min: 1, message: '请上传完工照!' }]}
        >
          <PhotoIdsField bizType={AD_PHOTO_BIZ} kind={AD_KIND.AFTER} bizId={ad.id} label="上传完工照" />
        </Form.Item>
      )}
      {step === 'accept' && (
        <>
          <AdPhotos
            id={ad.id}
            applyNo={ad.applyNo}
            beforePhotoIds={ad.beforePhotoIds}
            afterPhotoIds={ad.afterPhotoIds}
            designFileId={ad.designFileId}
          />
          <Form.Item name="result" label="验收结果" rules={[required('验收结果', '选择')]}>
            <EnumSelect labels={ACCEPTANCE_RESULT} allowClear={false} />
          </Form.Item>
          <Form.Item
            name="remark"
            label="验收说明"
            rules={result === 'FAIL' ? [required('不合格原因')] : [{ max: 256, message: '最多256字!' }]}
          >
            <Input.TextArea rows={2} maxLength={256} />
          </Form.Item>
        </>
      )}
      {step === 'settle' && (
        <>
          <Form.Item
            name="settledAmount"
            label="结算金额"
            rules={[requiredNumber('结算金额')]}
            extra={`核准金额 ${money(ad.approvedAmount)}，按费用分摊：${(
              Object.keys(COST_SHARE_LABEL) as Array<keyof CostSharing>
            )
              .map((key) => `${COST_SHARE_LABEL[key]} ${ad.costSharing[key]}%`)
              .join('，')}`}
          >
            <InputNumber
              min={0}
              max={Number(ad.approvedAmount ?? ad.quotedAmount)}
              precision={2}
              prefix="¥"
            />
          </Form.Item>
          <Form.Item name="remark" label="备注">
            <Input.TextArea rows={2} maxLength={256} />
          </Form.Item>
        </>
      )}
    </ModalForm>
  );
}

/** One application: its facts, before and after photos side by side, the design, the 变更记录. */
function AdDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const [ad, setAd] = useState<AdApplication | null>(null);
  useEffect(() => {
    if (!id) return;
    let current = true;
    setAd(null);
    void getAd(id).then((answer) => current && answer.success && setAd(answer.result));
    return () => {
      current = false;
    };
  }, [id]);
  return (
    <Drawer
      title={ad ? `广告申请：${ad.applyNo}` : '广告申请'}
      open={id !== null}
      onClose={onClose}
      size="large"
      destroyOnHidden
    >
      {ad && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <DetailList
            col={2}
            items={[
              { label: '状态', content: <Tag color={AD_STATUS_COLOR[ad.status]}>{ad.status_dictText}</Tag> },
              { label: '门店', content: `${ad.customerName}（${ad.customerCode}）` },
              { label: '广告类型', content: ad.adType_dictText },
              { label: '尺寸', content: `${ad.size} × ${ad.quantity}` },
              { label: '材质', content: ad.material },
              { label: '店招文字', content: ad.signText ?? '—' },
              { label: '价目表单价', content: `${money(ad.unitPrice)}/㎡` },
              { label: '报价', content: money(ad.quotedAmount) },
              { label: '核准金额', content: money(ad.approvedAmount) },
              {
                label: '费用分摊',
                content: (Object.keys(COST_SHARE_LABEL) as Array<keyof CostSharing>)
                  .map((key) => `${COST_SHARE_LABEL[key]} ${ad.costSharing[key]}%`)
                  .join('，'),
              },
              { label: '制作商', content: ad.vendorName ?? '—' },
              { label: '安装期限', content: ad.installDeadline ?? '—' },
              { label: '验收结果', content: ad.acceptanceResult_dictText ?? '—' },
              {
                label: '保留期',
                content: `${ad.keepMonths} 个月${ad.keepUntil ? `（至 ${ad.keepUntil}）` : ''}`,
              },
              { label: '结算金额', content: money(ad.settledAmount) },
              { label: '申请人', content: ad.applicantName },
              { label: '说明', content: ad.resultRemark ?? '—' },
              { label: '申请时间', content: ad.createTime },
            ]}
          />
          <AdPhotos
            id={ad.id}
            applyNo={ad.applyNo}
            beforePhotoIds={ad.beforePhotoIds}
            afterPhotoIds={ad.afterPhotoIds}
            designFileId={ad.designFileId}
          />
          <ChangeHistory bizType="AD_APPLICATION" bizId={ad.id} />
        </Space>
      )}
    </Drawer>
  );
}

export default function AdApplicationListPage() {
  const list = useListPage<AdApplication>({
    filterKeys: ['applyNo', 'customerName', 'adType', 'status', 'vendorName', 'inKeepPeriod'],
    sortKeys: ['createTime', 'approvedAmount', 'keepUntil'],
    fetch: listAds,
  });
  const [opened, setOpened] = useState<string | null>(null);
  const [editing, setEditing] = useState<AdApplication | null | undefined>(undefined);
  const [step, setStep] = useState<{ step: Step; ad: AdApplication } | null>(null);
  const confirm = useConfirmAction();
  const canApply = useHasPermission('ad:apply');
  const canProduce = useHasPermission('ad:produce');
  const canAccept = useHasPermission('ad:accept');
  const canSettle = useHasPermission('ad:settle');

  const actionsOf = (ad: AdApplication): RowAction[] => {
    const open = (next: Step) => () => setStep({ step: next, ad });
    const actions: RowAction[] = [{ key: 'detail', label: '详情', onClick: () => setOpened(ad.id) }];
    if (canApply && ['DRAFT', 'REJECTED'].includes(ad.status)) {
      actions.push({ key: 'edit', label: '编辑', onClick: () => setEditing(ad) });
      actions.push({
        key: 'submit',
        label: '提交',
        onClick: () =>
          confirm({
            title: `提交 ${ad.applyNo} 审批？`,
            content: `报价 ${money(ad.quotedAmount)}，按金额进入相应审批流。`,
            danger: false,
            action: () => submitAd(ad.id),
            onDone: list.reload,
          }),
      });
    }
    if (canProduce && ad.status === 'APPROVED')
      actions.push({ key: 'produce', label: '安排制作', onClick: open('produce') });
    if (canProduce && ['IN_PRODUCTION', 'ACCEPT_FAILED'].includes(ad.status))
      actions.push({ key: 'install', label: '上传完工照', onClick: open('install') });
    if (canAccept && ad.status === 'INSTALLED')
      actions.push({ key: 'accept', label: '验收', onClick: open('accept') });
    if (canSettle && ad.status === 'ACCEPTED')
      actions.push({ key: 'settle', label: '结算', onClick: open('settle') });
    if (canApply && ['DRAFT', 'PENDING_APPROVAL', 'APPROVED', 'REJECTED'].includes(ad.status)) {
      actions.push({
        key: 'cancel',
        label: '撤销',
        danger: true,
        onClick: () =>
          confirm({
            title: `撤销广告申请 ${ad.applyNo}？`,
            content: ad.status === 'PENDING_APPROVAL' ? '审批将一并撤回。' : '撤销后不能恢复。',
            action: () => cancelAd(ad.id),
            onDone: list.reload,
          }),
      });
    }
    return actions;
  };

  const columns: ColumnsType<AdApplication> = [
    {
      title: '申请单号',
      dataIndex: 'applyNo',
      key: 'applyNo',
      render: (applyNo: string, ad) => <TwoLineCell main={applyNo} sub={ad.applicantName} />,
    },
    {
      title: '门店',
      dataIndex: 'customerName',
      key: 'customerName',
      render: (name: string, ad) => <TwoLineCell main={name} sub={ad.customerCode} />,
    },
    { title: '类型', dataIndex: 'adType_dictText', key: 'adType' },
    { title: '尺寸', dataIndex: 'size', key: 'size' },
    { title: '数量', dataIndex: 'quantity', key: 'quantity' },
    { title: '核准金额', dataIndex: 'approvedAmount', key: 'approvedAmount', sorter: true, render: money },
    { title: '制作商', dataIndex: 'vendorName', key: 'vendorName', render: (value) => value ?? '—' },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (status: string, ad) => <Tag color={AD_STATUS_COLOR[status]}>{ad.status_dictText}</Tag>,
    },
    {
      title: '保留至',
      dataIndex: 'keepUntil',
      key: 'keepUntil',
      sorter: true,
      render: (value) => value ?? '—',
    },
    { title: '申请时间', dataIndex: 'createTime', key: 'createTime', sorter: true },
    { title: '操作', key: 'actions', render: (_value, ad) => <RowActions actions={actionsOf(ad)} /> },
  ];

  return (
    <>
      <ListPage<AdApplication>
        list={list}
        compactColumns={['applyNo', 'approvedAmount', 'status']}
        columns={columns}
        exportAs={exportAds}
        searchFields={
          <>
            <Form.Item name="applyNo" label="单号">
              <Input placeholder="AD…" allowClear />
            </Form.Item>
            <Form.Item name="customerName" label="门店">
              <Input placeholder="门店名称" allowClear />
            </Form.Item>
            <Form.Item name="adType" label="类型">
              <EnumSelect labels={AD_TYPE} placeholder="全部" style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={AD_STATUS} placeholder="全部" style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="inKeepPeriod" label="保留期内">
              <EnumSelect labels={{ true: '是' }} placeholder="全部" style={{ width: 80 }} />
            </Form.Item>
          </>
        }
        toolbar={
          canApply && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              新增广告申请
            </Button>
          )
        }
      />
      <AdDrawer id={opened} onClose={() => setOpened(null)} />
      {editing !== undefined && (
        <AdForm editing={editing} onClose={() => setEditing(undefined)} onSaved={list.reload} />
      )}
      {step && <StepForm step={step.step} ad={step.ad} onClose={() => setStep(null)} onSaved={list.reload} />}
    </>
  );
}
