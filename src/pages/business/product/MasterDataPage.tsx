// 品牌管理 and 品类管理 (DOMAIN §1.2): the same list — code, name, sort, status — with the brand's logo or
// the category's parent; add/edit in a modal and 启用/停用 after a confirmation. Disabled ones stay on
// their SKUs but are no longer offered for new ones.
import { PAGE_SIZE_MAX } from '../../../../common/constants';
import { useState } from 'react';
import { Button, Form, Input, InputNumber, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { ENABLED_STATUS } from '../../../../common/businessEnums';
import {
  exportBrands,
  exportCategories,
  listBrands,
  listCategories,
  saveBrand,
  saveCategory,
  type BrandPayload,
  type Category,
} from '../../../api/products';
import { EnumSelect, RemoteSelect } from '../../../components/form/EnumSelect';
import { required } from '../../../components/form/fieldRules';
import { ImageUploadField } from '../../../components/form/ImageUploadField';
import { ModalForm } from '../../../components/form/ModalForm';
import { HasPermission } from '../../../components/HasPermission';
import { ImageThumbnail } from '../../../components/ImageThumbnail';
import { useEnabledColumns } from '../../../components/table/enabledColumns';
import { ListPage } from '../../../components/table/ListPage';
import { useListPage } from '../../../components/table/useListPage';

/** A brand is a category without parent or level. */
type Record_ = Category;

const KINDS = {
  brand: { noun: '品牌', list: listBrands, save: saveBrand, exportAs: exportBrands },
  category: { noun: '品类', list: listCategories, save: saveCategory, exportAs: exportCategories },
} as const;

const payloadOf = (record: Record_): BrandPayload => ({
  id: record.id,
  code: record.code,
  name: record.name,
  sort: record.sort ?? 0,
  status: record.status,
  logoUrl: record.logoUrl ?? null,
  parentId: record.parentId ?? null,
});

const loadParents = () => listCategories({ pageSize: PAGE_SIZE_MAX, column: 'code', order: 'asc' });

export function MasterDataPage({ kind }: { kind: keyof typeof KINDS }) {
  const { noun, list: fetch, save, exportAs } = KINDS[kind];
  const list = useListPage<Record_>({
    filterKeys: ['code', 'name', 'status'],
    sortKeys: ['code', 'name', 'sort', 'createTime'],
    fetch: fetch as (params: Parameters<typeof listCategories>[0]) => ReturnType<typeof listCategories>,
  });
  const [editing, setEditing] = useState<Record_ | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const open = (record: Record_ | null) => {
    setEditing(record);
    setFormOpen(true);
  };
  const enabledColumns = useEnabledColumns<Record_>({
    noun,
    editCode: 'product:edit',
    disablingNote: `停用后新增或编辑商品时不能再选择该${noun}，已有商品不受影响。`,
    onEdit: open,
    setStatus: (record, status) => save({ ...payloadOf(record), status }),
    onSwitched: list.reload,
  });

  const columns: ColumnsType<Record_> = [
    ...(kind === 'brand'
      ? [
          {
            title: '标志',
            dataIndex: 'logoUrl',
            key: 'logo',
            width: 72,
            render: (url: string | null, record: Record_) =>
              url ? (
                <ImageThumbnail url={url} alt={record.name} />
              ) : (
                <Typography.Text type="secondary">无</Typography.Text>
              ),
          },
        ]
      : []),
    { title: `${noun}编码`, dataIndex: 'code', key: 'code', sorter: true },
    { title: `${noun}名称`, dataIndex: 'name', key: 'name', sorter: true },
    ...(kind === 'category'
      ? [
          {
            title: '上级品类',
            dataIndex: 'parentName',
            key: 'parentId',
            render: (name: string | null) => name ?? '—',
          },
        ]
      : []),
    { title: '排序', dataIndex: 'sort', key: 'sort', sorter: true, align: 'right' },
    ...enabledColumns,
  ];

  return (
    <>
      <ListPage<Record_>
        list={list}
        columns={columns}
        compactColumns={['code', 'name', 'status']}
        exportAs={exportAs}
        searchFields={
          <>
            <Form.Item name="code" label="编码">
              <Input placeholder={`${noun}编码`} allowClear />
            </Form.Item>
            <Form.Item name="name" label="名称">
              <Input placeholder={`${noun}名称`} allowClear />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={ENABLED_STATUS} placeholder="全部" style={{ width: 100 }} />
            </Form.Item>
          </>
        }
        toolbar={
          <HasPermission code="product:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
              新增{noun}
            </Button>
          </HasPermission>
        }
      />
      <ModalForm<BrandPayload & { logoUrls?: string[] }>
        title={`${editing ? '编辑' : '新增'}${noun}`}
        open={formOpen}
        onClose={() => setFormOpen(false)}
        onSaved={list.reload}
        initialValues={
          editing
            ? { ...payloadOf(editing), logoUrls: editing.logoUrl ? [editing.logoUrl] : [] }
            : { sort: 0, status: 'ACTIVE', logoUrls: [] }
        }
        onSubmit={({ logoUrls, ...values }) =>
          save({
            ...(editing ? payloadOf(editing) : {}),
            ...values,
            ...(kind === 'brand'
              ? { logoUrl: logoUrls?.[0] ?? null }
              : { parentId: values.parentId ?? null }),
          })
        }
      >
        <Form.Item
          name="code"
          label={`${noun}编码`}
          rules={[required(`${noun}编码`), { max: 32, message: `${noun}编码最多32位!` }]}
        >
          <Input placeholder={`请输入${noun}编码`} />
        </Form.Item>
        <Form.Item
          name="name"
          label={`${noun}名称`}
          rules={[required(`${noun}名称`), { max: 64, message: `${noun}名称最多64字!` }]}
        >
          <Input placeholder={`请输入${noun}名称`} />
        </Form.Item>
        {kind === 'category' && (
          <Form.Item name="parentId" label="上级品类">
            <RemoteSelect<Category>
              load={loadParents}
              toOption={(category) => ({
                value: category.id,
                label: category.name,
                disabled: category.id === editing?.id,
              })}
              placeholder="不选为一级品类"
            />
          </Form.Item>
        )}
        {kind === 'brand' && (
          <Form.Item name="logoUrls" label="品牌标志" extra="JPG/PNG/WEBP，不超过5MB">
            <ImageUploadField max={1} label="品牌标志" />
          </Form.Item>
        )}
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </ModalForm>
    </>
  );
}
