// 价目表 (eMaterial/PriceList): price lists with type, validity and status filters (paging and sort in the
// URL); add/edit with scopes and items (SKU, unit, price, quantity tiers); 提交审批 (the 审批中心 decides and
// the list goes live when approved; it is withdrawn there, under 我发起的) and 停用 after a confirmation;
// 复制为新版本 (a DRAFT copy with a new code and validity). An active list, or one in approval, is not edited.
import { useEffect, useState } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import {
  PRICE_LIST_STATUS,
  PRICE_SCOPE_TYPE,
  PRICE_TYPE,
  PRICE_UNIT,
} from '../../../../common/businessEnums';
import { DEFAULT_DATE_FORMAT } from '../../../../common/dates';
import {
  addPriceList,
  copyPriceList,
  disablePriceList,
  editPriceList,
  exportPriceLists,
  listPriceLists,
  submitPriceList,
  listSkus,
  type PriceItem,
  type PriceList,
  priceListById,
  type PriceListPayload,
  type PriceScope,
  type Sku,
} from '../../../api/products';
import { EnumSelect, RemoteSelect } from '../../../components/form/EnumSelect';
import { required, requiredDate, requiredNumber } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { useConfirmAction } from '../../../components/form/useConfirmAction';
import { HasPermission } from '../../../components/HasPermission';
import { ListPage } from '../../../components/table/ListPage';
import { PriceScopeValue } from './PriceScopeValue';
import { useListPage } from '../../../components/table/useListPage';

const STATUS_COLOR: Record<string, string> = {
  DRAFT: 'default',
  PENDING: 'blue',
  ACTIVE: 'green',
  EXPIRED: 'orange',
  DISABLED: 'red',
};

const CODE_RULE = { pattern: /^[A-Za-z0-9_-]{1,32}$/, message: '编码只能是字母、数字、- 或 _，最多32位!' };

const loadSkus = () => listSkus({ pageSize: 200 });
const skuOption = (sku: Sku) => ({ value: sku.id, label: `${sku.skuCode} ${sku.name}` });

const toText = (value: Dayjs | null | undefined) => (value ? value.format(DEFAULT_DATE_FORMAT) : null);

interface PriceListValues {
  code: string;
  name: string;
  priceType: string;
  validFrom: Dayjs;
  validTo?: Dayjs | null;
  priority?: number;
  remark?: string | null;
  scopes?: PriceScope[];
  items?: PriceItem[];
}

/** The form's values → the server's body: dates as text, an empty scope list meaning ALL. */
export function toPriceListPayload(values: PriceListValues): PriceListPayload {
  return {
    ...values,
    validFrom: toText(values.validFrom) ?? '',
    validTo: toText(values.validTo),
    scopes: (values.scopes ?? []).map((scope) => ({ ...scope, scopeValue: scope.scopeValue ?? '' })),
    items: (values.items ?? []).map((item) => ({
      ...item,
      minQty: item.minQty ?? 0,
      maxQty: item.maxQty ?? null,
    })),
  };
}

/** Tiers of one SKU and unit must not overlap: the row of the first overlap, or null. */
export function overlappingTier(items: PriceItem[]): number | null {
  for (let i = 0; i < items.length; i += 1) {
    for (let j = 0; j < i; j += 1) {
      const [a, b] = [items[i], items[j]];
      if (!a?.skuId || a.skuId !== b?.skuId || a.unit !== b.unit) continue;
      const [aMin, bMin] = [a.minQty ?? 0, b.minQty ?? 0];
      const [aMax, bMax] = [a.maxQty ?? Infinity, b.maxQty ?? Infinity];
      if (aMin < bMax && bMin < aMax) return i + 1;
    }
  }
  return null;
}

export default function PriceListPage() {
  const list = useListPage<PriceList>({
    filterKeys: ['keyword', 'priceType', 'status'],
    sortKeys: ['code', 'name', 'validFrom', 'priority', 'createTime'],
    defaultSort: { column: 'createTime', order: 'desc' },
    fetch: listPriceLists,
  });
  const confirm = useConfirmAction();
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const [copying, setCopying] = useState<PriceList | null>(null);
  const submit = (priceList: PriceList) =>
    confirm({
      title: `提交价目表“${priceList.name}”审批`,
      content: '提交后进入审批中心，审批通过后在有效期内参与取价；审批期间不能编辑。',
      okText: '提交',
      danger: false,
      action: () => submitPriceList(priceList.id),
      onDone: list.reload,
    });
  const disable = (priceList: PriceList) =>
    confirm({
      title: `确定停用价目表“${priceList.name}”吗？`,
      content: '停用后不再参与取价。',
      okText: '停用',
      danger: true,
      action: () => disablePriceList(priceList.id),
      onDone: list.reload,
    });

  const columns: ColumnsType<PriceList> = [
    { title: '编码', dataIndex: 'code', key: 'code', sorter: true },
    { title: '名称', dataIndex: 'name', key: 'name', sorter: true },
    { title: '价格类型', dataIndex: 'priceType_dictText', key: 'priceType' },
    {
      title: '有效期',
      dataIndex: 'validFrom',
      key: 'validFrom',
      sorter: true,
      render: (from: string, row) =>
        `${from.slice(0, 10)} ~ ${row.validTo ? row.validTo.slice(0, 10) : '长期'}`,
    },
    { title: '优先级', dataIndex: 'priority', key: 'priority', sorter: true },
    { title: '商品数', dataIndex: 'itemCount', key: 'itemCount' },
    {
      title: '状态',
      dataIndex: 'displayStatus',
      key: 'status',
      render: (status: keyof typeof PRICE_LIST_STATUS) => (
        <Tag color={STATUS_COLOR[status]}>{PRICE_LIST_STATUS[status]}</Tag>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_value, row) => (
        <Space size={0}>
          {row.status !== 'ACTIVE' && row.displayStatus !== 'PENDING' && (
            <HasPermission code="price:edit">
              <Button type="link" size="small" onClick={() => setEditing({ id: row.id })}>
                编辑
              </Button>
            </HasPermission>
          )}
          <HasPermission code="price:status">
            {row.status === 'ACTIVE' && (
              <Button type="link" size="small" danger onClick={() => disable(row)}>
                停用
              </Button>
            )}
            {row.status !== 'ACTIVE' && row.displayStatus !== 'PENDING' && (
              <Button type="link" size="small" onClick={() => submit(row)}>
                提交审批
              </Button>
            )}
          </HasPermission>
          <HasPermission code="price:add">
            <Button type="link" size="small" onClick={() => setCopying(row)}>
              复制为新版本
            </Button>
          </HasPermission>
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<PriceList>
        list={list}
        compactColumns={['name', 'priceType', 'status']}
        columns={columns}
        exportAs={exportPriceLists}
        searchFields={
          <>
            <Form.Item name="keyword" label="关键词">
              <Input placeholder="编码/名称" allowClear />
            </Form.Item>
            <Form.Item name="priceType" label="价格类型">
              <EnumSelect labels={PRICE_TYPE} placeholder="全部类型" style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect
                labels={{ DRAFT: '草稿', ACTIVE: '生效', DISABLED: '停用' }}
                placeholder="全部状态"
                style={{ width: 120 }}
              />
            </Form.Item>
          </>
        }
        toolbar={
          <HasPermission code="price:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })}>
              新增价目表
            </Button>
          </HasPermission>
        }
      />
      <PriceListFormModal
        id={editing?.id ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={list.reload}
      />
      <ModalForm<{ code: string; name?: string; validFrom: Dayjs; validTo?: Dayjs | null }>
        title="复制为新版本"
        open={copying !== null}
        onClose={() => setCopying(null)}
        onSaved={list.reload}
        width={520}
        initialValues={
          copying ? { name: copying.name, validFrom: dayjs().add(1, 'day').startOf('day') } : undefined
        }
        onSubmit={(values) =>
          copyPriceList({
            id: copying?.id ?? '',
            code: values.code,
            name: values.name,
            validFrom: toText(values.validFrom) ?? '',
            validTo: toText(values.validTo) ?? undefined,
          })
        }
      >
        <Typography.Paragraph type="secondary">
          复制“{copying?.name}”的范围与价格，生成草稿，审批通过后按新的有效期生效。
        </Typography.Paragraph>
        <Form.Item name="code" label="新编码" rules={[required('新编码'), CODE_RULE]}>
          <Input placeholder="请输入新编码" />
        </Form.Item>
        <Form.Item name="name" label="名称">
          <Input />
        </Form.Item>
        <Form.Item name="validFrom" label="生效时间" rules={[requiredDate('生效时间')]}>
          <DatePicker showTime />
        </Form.Item>
        <Form.Item name="validTo" label="失效时间">
          <DatePicker showTime />
        </Form.Item>
      </ModalForm>
    </>
  );
}

function PriceListFormModal({
  id,
  open,
  onClose,
  onSaved,
}: {
  id: string | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<PriceListValues>();
  const [version, setVersion] = useState<number | undefined>();
  const scopes = Form.useWatch('scopes', form);
  // An edit loads the list's items and scopes once the modal is open.
  useEffect(() => {
    if (!open || !id) return;
    let current = true;
    priceListById(id)
      .then((answer) => {
        if (!current || !answer.success) return;
        const detail = answer.result;
        setVersion(detail.version);
        form.setFieldsValue({
          ...detail,
          validFrom: dayjs(detail.validFrom),
          validTo: detail.validTo ? dayjs(detail.validTo) : null,
          items: detail.items.map((item) => ({ ...item, price: Number(item.price) })),
        });
      })
      // A transport failure was shown by the HTTP error saga.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [open, id, form]);

  return (
    <ModalForm<PriceListValues>
      title={id ? '编辑价目表' : '新增价目表'}
      open={open}
      onClose={onClose}
      onSaved={onSaved}
      form={form}
      width={980}
      initialValues={{ priority: 100, scopes: [], items: [{ unit: 'CASE' } as PriceItem] }}
      onSubmit={(values) => {
        const body = toPriceListPayload(values);
        return id ? editPriceList({ ...body, id, version }) : addPriceList(body);
      }}
    >
      <Space wrap size={[24, 0]}>
        <Form.Item name="code" label="编码" rules={[required('编码'), CODE_RULE]}>
          <Input placeholder="请输入编码" disabled={Boolean(id)} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="name" label="名称" rules={[required('名称')]}>
          <Input placeholder="请输入名称" style={{ width: 320 }} />
        </Form.Item>
        <Form.Item name="priceType" label="价格类型" rules={[required('价格类型', '选择')]}>
          <EnumSelect labels={PRICE_TYPE} placeholder="请选择价格类型" style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="priority" label="优先级" tooltip="数字越小越优先" rules={[requiredNumber('优先级')]}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="validFrom" label="生效时间" rules={[requiredDate('生效时间')]}>
          <DatePicker showTime style={{ width: 240 }} />
        </Form.Item>
        <Form.Item
          name="validTo"
          label="失效时间"
          dependencies={['validFrom']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule, value: Dayjs | null) =>
                !value || !getFieldValue('validFrom') || value.isAfter(getFieldValue('validFrom'))
                  ? Promise.resolve()
                  : Promise.reject(new Error('失效时间必须晚于生效时间')),
            }),
          ]}
        >
          <DatePicker showTime placeholder="长期有效" style={{ width: 240 }} />
        </Form.Item>
      </Space>
      <Typography.Title level={5}>适用范围（不填为全部客户）</Typography.Title>
      <Form.List name="scopes">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                <Form.Item name={[field.name, 'scopeType']} rules={[required('范围类型', '选择')]}>
                  <EnumSelect
                    labels={PRICE_SCOPE_TYPE}
                    placeholder="范围类型"
                    style={{ width: 140 }}
                    // A value of one type means nothing under another.
                    onChange={() =>
                      form.setFieldValue(['scopes', field.name], {
                        scopeType: form.getFieldValue(['scopes', field.name, 'scopeType']),
                      })
                    }
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'scopeValue']}
                  dependencies={[['scopes', field.name, 'scopeType']]}
                  rules={[
                    ({ getFieldValue }) => ({
                      required: getFieldValue(['scopes', field.name, 'scopeType']) !== 'ALL',
                      message: '请填写范围值!',
                    }),
                  ]}
                >
                  <PriceScopeValue
                    scopeType={scopes?.[field.name]?.scopeType}
                    valueText={scopes?.[field.name]?.scopeValueText}
                  />
                </Form.Item>
                <MinusCircleOutlined aria-label="删除范围" onClick={() => remove(field.name)} />
              </Space>
            ))}
            <Form.Item>
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ scopeType: 'CHANNEL' })}>
                添加范围
              </Button>
            </Form.Item>
          </>
        )}
      </Form.List>
      <Typography.Title level={5}>价格明细</Typography.Title>
      <Form.List
        name="items"
        rules={[
          {
            validator: async (_rule, items: PriceItem[] | undefined) => {
              const row = overlappingTier(items ?? []);
              if (row) throw new Error(`第 ${row} 行：同一商品和单位的数量阶梯不能重叠`);
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field, index) => (
              <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                <span style={{ width: 24, display: 'inline-block' }}>{index + 1}</span>
                <Form.Item name={[field.name, 'skuId']} rules={[required('商品', '选择')]}>
                  <RemoteSelect
                    load={loadSkus}
                    toOption={skuOption}
                    placeholder="商品"
                    style={{ width: 280 }}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'unit']} rules={[required('单位', '选择')]}>
                  <Select
                    options={Object.entries(PRICE_UNIT).map(([value, label]) => ({
                      value,
                      label: `每${label}`,
                    }))}
                    style={{ width: 90 }}
                    aria-label="单位"
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'price']} rules={[requiredNumber('价格')]}>
                  <InputNumber min={0} precision={2} prefix="¥" placeholder="价格" style={{ width: 130 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'minQty']}>
                  <InputNumber min={0} precision={0} placeholder="起订量" style={{ width: 100 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'maxQty']}>
                  <InputNumber min={1} precision={0} placeholder="上限" style={{ width: 100 }} />
                </Form.Item>
                <MinusCircleOutlined aria-label="删除明细" onClick={() => remove(field.name)} />
              </Space>
            ))}
            <Form.ErrorList errors={errors} />
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ unit: 'CASE' })}>
              添加商品价格
            </Button>
          </>
        )}
      </Form.List>
    </ModalForm>
  );
}
