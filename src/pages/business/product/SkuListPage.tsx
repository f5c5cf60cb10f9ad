// 商品管理 (eMaterial/SkuList): SKUs filtered by brand, category, status and keyword with paging and sort
// in the URL; add/edit in a modal (units, barcode, shelf life, suggested price); 上架/停售/淘汰 after a
// confirmation; images uploaded in the form, the main one's thumbnail in the list; Excel import with the server's row report, template and export downloads.
import { useState } from 'react';
import { Button, Form, Input, InputNumber, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { LIFECYCLE_TAG, PACKAGE_TYPE, SKU_STATUS, STORAGE_CONDITION } from '../../../../common/businessEnums';
import { thumbnailUrlOf } from '../../../../common/files';
import {
  addSku,
  changeSkuStatus,
  downloadSkuTemplate,
  editSku,
  exportSkus,
  importSkus,
  listBrands,
  listCategories,
  listSkus,
  type Sku,
  type SkuPayload,
} from '../../../api/products';
import { EnumSelect, RemoteSelect, optionByName } from '../../../components/form/EnumSelect';
import { required, requiredNumber } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { useConfirmAction } from '../../../components/form/useConfirmAction';
import { HasPermission, useHasPermission } from '../../../components/HasPermission';
import { RecordDrawer } from '../../../components/history/RecordDrawer';
import { PhotoGallery } from '../../../components/photos/PhotoGallery';
import { ImageUploadField } from '../../../components/form/ImageUploadField';
import { ImageThumbnail } from '../../../components/ImageThumbnail';
import { ImportExcelModal } from '../../../components/table/ImportExcelModal';
import { RowActions, type RowAction } from '../../../components/table/RowActions';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { ListPage } from '../../../components/table/ListPage';
import { useListPage } from '../../../components/table/useListPage';

const STATUS_COLOR: Record<string, string> = {
  DRAFT: 'default',
  ON_SALE: 'green',
  SUSPENDED: 'orange',
  DISCONTINUED: 'red',
};

/** The status commands a SKU in each state offers (the server's state machine). */
export const SKU_ACTIONS: Record<string, { status: string; label: string }[]> = {
  DRAFT: [{ status: 'ON_SALE', label: '上架' }],
  ON_SALE: [
    { status: 'SUSPENDED', label: '停售' },
    { status: 'DISCONTINUED', label: '淘汰' },
  ],
  SUSPENDED: [
    { status: 'ON_SALE', label: '上架' },
    { status: 'DISCONTINUED', label: '淘汰' },
  ],
  DISCONTINUED: [],
};

const ACTION_NOTE: Record<string, string> = {
  ON_SALE: '上架需要该商品已有生效的价目表。',
  SUSPENDED: '停售后不能再下单，可再次上架。',
  DISCONTINUED: '淘汰后不可恢复。',
};

const loadBrands = () => listBrands({ pageSize: 200, status: 'ACTIVE' });
const loadCategories = () => listCategories({ pageSize: 200, status: 'ACTIVE' });

const BARCODE_PATTERN = /^(\d{8}|\d{13})$/;

export default function SkuListPage() {
  const list = useListPage<Sku>({
    filterKeys: ['keyword', 'brandId', 'categoryId', 'status'],
    sortKeys: ['skuCode', 'name', 'unitsPerCase', 'shelfLifeDays', 'suggestedRetailPrice', 'createTime'],
    defaultSort: { column: 'skuCode', order: 'asc' },
    fetch: listSkus,
  });
  const confirm = useConfirmAction();
  const [editing, setEditing] = useState<Sku | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [shown, setShown] = useState<Sku | null>(null);
  const mayEdit = useHasPermission('product:edit');
  const mayChangeStatus = useHasPermission('product:status');
  const open = (sku: Sku | null) => {
    setEditing(sku);
    setFormOpen(true);
  };
  const changeStatus = (sku: Sku, status: string, label: string) =>
    confirm({
      title: `确定${label}商品“${sku.name}”吗？`,
      content: ACTION_NOTE[status],
      okText: label,
      danger: status !== 'ON_SALE',
      action: () => changeSkuStatus(sku.id, status),
      onDone: list.reload,
    });

  const actionsOf = (sku: Sku): RowAction[] => [
    { key: 'detail', label: '详情', onClick: () => setShown(sku) },
    ...(mayEdit ? [{ key: 'edit', label: '编辑', onClick: () => open(sku) }] : []),
    ...(mayChangeStatus
      ? (SKU_ACTIONS[sku.status] ?? []).map(({ status, label }) => ({
          key: status,
          label,
          danger: status === 'DISCONTINUED',
          onClick: () => changeStatus(sku, status, label),
        }))
      : []),
  ];

  const columns: ColumnsType<Sku> = [
    {
      title: '图片',
      dataIndex: 'imageUrls',
      key: 'image',
      width: 72,
      render: (urls: string[] | undefined, sku) =>
        urls?.length ? (
          <ImageThumbnail url={urls[0]} alt={sku.name} />
        ) : (
          <Typography.Text type="secondary">无图</Typography.Text>
        ),
    },
    { title: '商品编码', dataIndex: 'skuCode', key: 'skuCode', sorter: true },
    {
      title: '商品名称 / 条码',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (name: string, sku) => <TwoLineCell main={name} sub={sku.barcode ?? '无条码'} />,
    },
    {
      title: '品牌 / 品类',
      dataIndex: 'brandName',
      key: 'brandName',
      render: (brand: string, sku) => <TwoLineCell main={brand} sub={sku.categoryName} />,
    },
    {
      title: '包装 / 箱规',
      dataIndex: 'unitsPerCase',
      key: 'unitsPerCase',
      sorter: true,
      render: (_value, sku) => (
        <TwoLineCell
          main={sku.packageType_dictText}
          sub={`1${sku.saleUnit}=${sku.unitsPerCase}${sku.baseUnit}`}
        />
      ),
    },
    {
      title: '保质期',
      dataIndex: 'shelfLifeDays',
      key: 'shelfLifeDays',
      sorter: true,
      render: (days: number) => `${days}天`,
    },
    {
      title: '建议零售价',
      dataIndex: 'suggestedRetailPrice',
      key: 'suggestedRetailPrice',
      sorter: true,
      align: 'right',
      render: (price: string | number | null, sku) =>
        price == null ? '—' : `¥${Number(price).toFixed(2)}/${sku.baseUnit}`,
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (status: string, sku) => <Tag color={STATUS_COLOR[status]}>{sku.status_dictText}</Tag>,
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_value, sku) => <RowActions actions={actionsOf(sku)} />,
    },
  ];

  return (
    <>
      <ListPage<Sku>
        list={list}
        exportAs={exportSkus}
        columns={columns}
        compactColumns={['name', 'suggestedRetailPrice', 'status']}
        searchFields={
          <>
            <Form.Item name="keyword" label="关键词">
              <Input placeholder="编码/名称/条码" allowClear />
            </Form.Item>
            <Form.Item name="brandId" label="品牌">
              <RemoteSelect
                load={loadBrands}
                toOption={optionByName}
                placeholder="全部品牌"
                style={{ width: 160 }}
              />
            </Form.Item>
            <Form.Item name="categoryId" label="品类">
              <RemoteSelect
                load={loadCategories}
                toOption={optionByName}
                placeholder="全部品类"
                style={{ width: 160 }}
              />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={SKU_STATUS} placeholder="全部状态" style={{ width: 120 }} />
            </Form.Item>
          </>
        }
        toolbar={
          <>
            <HasPermission code="product:add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
                新增商品
              </Button>
            </HasPermission>
            <HasPermission code="product:add">
              <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)}>
                导入
              </Button>
            </HasPermission>
          </>
        }
      />
      <SkuDrawer sku={shown} onClose={() => setShown(null)} />
      <SkuFormModal sku={editing} open={formOpen} onClose={() => setFormOpen(false)} onSaved={list.reload} />
      <ImportExcelModal
        title="导入商品"
        open={importOpen}
        onClose={() => setImportOpen(false)}
        upload={importSkus}
        downloadTemplate={downloadSkuTemplate}
        onImported={list.reload}
      />
    </>
  );
}

/** A SKU's detail: its master data, its pictures in the photo viewer, its 变更记录. */
export function SkuDrawer({ sku, onClose }: { sku: Sku | null; onClose: () => void }) {
  return (
    <RecordDrawer
      title={sku ? `商品详情：${sku.name}（${sku.skuCode}）` : ''}
      bizType="SKU"
      bizId={sku?.id ?? null}
      onClose={onClose}
      items={
        sku
          ? [
              { label: '品牌 / 品类', content: `${sku.brandName} / ${sku.categoryName}` },
              { label: '规格', content: sku.spec ?? '—' },
              { label: '包装', content: sku.packageType_dictText },
              { label: '单位', content: `1${sku.saleUnit} = ${sku.unitsPerCase}${sku.baseUnit}` },
              { label: '条码 / 箱码', content: `${sku.barcode ?? '—'} / ${sku.caseBarcode ?? '—'}` },
              { label: '保质期', content: `${sku.shelfLifeDays} 天` },
              {
                label: '储存条件',
                content:
                  (STORAGE_CONDITION as Record<string, string>)[sku.storageCondition] ?? sku.storageCondition,
              },
              { label: '税率', content: `${Math.round(Number(sku.taxRate) * 10000) / 100}%` },
              {
                label: '建议零售价',
                content:
                  sku.suggestedRetailPrice == null
                    ? '—'
                    : `¥${Number(sku.suggestedRetailPrice).toFixed(2)}/${sku.baseUnit}`,
              },
              {
                label: '生命周期',
                content: (LIFECYCLE_TAG as Record<string, string>)[sku.lifecycleTag] ?? sku.lifecycleTag,
              },
              { label: '状态', content: sku.status_dictText },
              { label: '创建时间', content: sku.createTime },
            ]
          : []
      }
    >
      {sku && (
        <div>
          <Typography.Title level={5}>商品图片</Typography.Title>
          <PhotoGallery
            photos={sku.imageUrls.map((url, index) => ({
              id: url,
              url,
              thumbUrl: thumbnailUrlOf(url),
              caption: index === 0 ? '主图' : `图片${index + 1}`,
            }))}
            emptyText="暂无图片"
          />
        </div>
      )}
    </RecordDrawer>
  );
}

type SkuValues = Omit<SkuPayload, 'id' | 'version'>;

const NEW_SKU: Partial<SkuValues> = {
  baseUnit: '瓶',
  saleUnit: '箱',
  storageCondition: 'AMBIENT',
  imageUrls: [],
};

export function SkuFormModal({
  sku,
  open,
  onClose,
  onSaved,
}: {
  sku: Sku | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  // The server answers the price as decimal text; the form and the edit send a number.
  const loaded = sku && {
    ...sku,
    suggestedRetailPrice: sku.suggestedRetailPrice == null ? null : Number(sku.suggestedRetailPrice),
  };
  return (
    <ModalForm<SkuValues>
      title={sku ? '编辑商品' : '新增商品'}
      open={open}
      onClose={onClose}
      onSaved={onSaved}
      width={720}
      initialValues={loaded ?? NEW_SKU}
      onSubmit={(values) => {
        const body = { ...values, barcode: values.barcode?.trim() || null };
        // The server writes every field of an edit: the ones this form does not show keep their values.
        return loaded
          ? editSku({ ...loaded, ...body, id: loaded.id, version: loaded.version })
          : addSku(body);
      }}
    >
      <Form.Item
        name="skuCode"
        label="商品编码"
        rules={[
          required('商品编码'),
          { pattern: /^[A-Za-z0-9_-]{1,32}$/, message: '商品编码只能是字母、数字、- 或 _，最多32位!' },
        ]}
      >
        <Input placeholder="请输入商品编码" disabled={Boolean(sku)} />
      </Form.Item>
      <Form.Item name="name" label="商品名称" rules={[required('商品名称')]}>
        <Input placeholder="请输入商品名称" maxLength={100} />
      </Form.Item>
      <Form.Item name="brandId" label="品牌" rules={[required('品牌', '选择')]}>
        <RemoteSelect load={loadBrands} toOption={optionByName} placeholder="请选择品牌" />
      </Form.Item>
      <Form.Item name="categoryId" label="品类" rules={[required('品类', '选择')]}>
        <RemoteSelect load={loadCategories} toOption={optionByName} placeholder="请选择品类" />
      </Form.Item>
      <Form.Item name="packageType" label="包装类型" rules={[required('包装类型', '选择')]}>
        <EnumSelect labels={PACKAGE_TYPE} placeholder="请选择包装类型" />
      </Form.Item>
      <Form.Item name="baseUnit" label="基本单位" rules={[required('基本单位')]}>
        <Input placeholder="瓶/罐/盒" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="saleUnit" label="销售单位" rules={[required('销售单位')]}>
        <Input placeholder="箱" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="unitsPerCase" label="箱规" rules={[requiredNumber('箱规')]}>
        <InputNumber
          min={1}
          max={1000}
          precision={0}
          suffix="/箱"
          style={{ width: 200 }}
          placeholder="每箱数量"
        />
      </Form.Item>
      <Form.Item
        name="barcode"
        label="条码"
        rules={[{ pattern: BARCODE_PATTERN, message: '条码应为 8 位或 13 位数字（EAN-8/EAN-13）!' }]}
      >
        <Input placeholder="EAN-13/EAN-8" />
      </Form.Item>
      <Form.Item name="shelfLifeDays" label="保质期" rules={[requiredNumber('保质期')]}>
        <InputNumber min={1} max={3650} precision={0} suffix="天" style={{ width: 200 }} placeholder="天数" />
      </Form.Item>
      <Form.Item name="storageCondition" label="储存条件">
        <EnumSelect labels={STORAGE_CONDITION} allowClear={false} />
      </Form.Item>
      <Form.Item name="spec" label="规格">
        <Input placeholder="如 500ml*12" />
      </Form.Item>
      <Form.Item name="suggestedRetailPrice" label="建议零售价">
        <InputNumber min={0} precision={2} prefix="¥" placeholder="每基本单位" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="imageUrls" label="商品图片" extra="JPG/PNG/WEBP，单张不超过5MB，最多9张，第一张为主图">
        <ImageUploadField label="商品图片" />
      </Form.Item>
    </ModalForm>
  );
}
