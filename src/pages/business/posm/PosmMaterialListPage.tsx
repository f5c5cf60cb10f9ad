// 物料目录 (ePosm/PosmMaterialList, DOMAIN §1.11): the POSM catalogue with photos, category, unit cost and the
// stock over all warehouses; add/edit in a modal, 启用/停用, 变更记录.
import { useState } from 'react';
import { Button, Drawer, Form, Input, InputNumber, Switch } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { ENABLED_STATUS } from '../../../../common/businessEnums';
import { POSM_CATEGORY, POSM_MATERIAL_PHOTO_BIZ } from '../../../../common/posm';
import {
  exportPosmMaterials,
  listPosmMaterials,
  type PosmMaterial,
  type PosmMaterialPayload,
  savePosmMaterial,
} from '../../../api/posm';
import { HasPermission } from '../../../components/HasPermission';
import { EnumSelect } from '../../../components/form/EnumSelect';
import { required, requiredNumber } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { ChangeHistory } from '../../../components/history/ChangeHistory';
import { AttachmentPhotos } from '../../../components/photos/AttachmentPhotos';
import { PhotoIdsField } from '../../../components/photos/PhotoIdsField';
import { useEnabledColumns } from '../../../components/table/enabledColumns';
import { ListPage } from '../../../components/table/ListPage';
import { TwoLineCell } from '../../../components/table/TwoLineCell';
import { useListPage } from '../../../components/table/useListPage';

const payloadOf = (material: PosmMaterial): PosmMaterialPayload => ({
  id: material.id,
  materialCode: material.materialCode,
  name: material.name,
  category: material.category,
  spec: material.spec,
  unit: material.unit,
  unitCost: Number(material.unitCost),
  photoIds: material.photoIds,
  isReturnable: material.isReturnable,
  status: material.status,
});

export default function PosmMaterialListPage() {
  const list = useListPage<PosmMaterial>({
    filterKeys: ['materialCode', 'name', 'category', 'status'],
    sortKeys: ['materialCode', 'unitCost'],
    defaultSort: { column: 'materialCode', order: 'asc' },
    fetch: listPosmMaterials,
  });
  const [editing, setEditing] = useState<PosmMaterial | null | undefined>(undefined);
  const [opened, setOpened] = useState<PosmMaterial | null>(null);
  const enabledColumns = useEnabledColumns<PosmMaterial>({
    noun: '物料',
    editCode: 'posm:material',
    disablingNote: '停用后不能再申请该物料。',
    onEdit: setEditing,
    setStatus: (material, status) => savePosmMaterial({ ...payloadOf(material), status }),
    onSwitched: list.reload,
  });
  const columns: ColumnsType<PosmMaterial> = [
    { title: '物料编码', dataIndex: 'materialCode', key: 'materialCode', sorter: true },
    {
      title: '名称',
      dataIndex: 'name',
      key: 'name',
      render: (name: string, material) => (
        <TwoLineCell
          main={name}
          sub={`${material.category_dictText}${material.spec ? ` · ${material.spec}` : ''}`}
        />
      ),
    },
    { title: '单位', dataIndex: 'unit', key: 'unit' },
    {
      title: '单价',
      dataIndex: 'unitCost',
      key: 'unitCost',
      sorter: true,
      render: (value: string) => `¥${Number(value).toFixed(2)}`,
    },
    { title: '总库存', dataIndex: 'stockQty', key: 'stockQty' },
    {
      title: '可回收',
      dataIndex: 'isReturnable',
      key: 'isReturnable',
      render: (value: boolean) => (value ? '是' : '否'),
    },
    {
      title: '照片/变更记录',
      key: 'detail',
      render: (_value, material) => (
        <Button type="link" size="small" onClick={() => setOpened(material)}>
          查看（{material.photoIds.length} 张）
        </Button>
      ),
    },
    ...enabledColumns,
  ];
  return (
    <>
      <ListPage<PosmMaterial>
        list={list}
        compactColumns={['name', 'stockQty', 'detail']}
        columns={columns}
        exportAs={exportPosmMaterials}
        searchFields={
          <>
            <Form.Item name="materialCode" label="编码">
              <Input allowClear />
            </Form.Item>
            <Form.Item name="name" label="名称">
              <Input allowClear />
            </Form.Item>
            <Form.Item name="category" label="类别">
              <EnumSelect labels={POSM_CATEGORY} placeholder="全部" style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <EnumSelect labels={ENABLED_STATUS} placeholder="全部" style={{ width: 100 }} />
            </Form.Item>
          </>
        }
        toolbar={
          <HasPermission code="posm:material">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              新增物料
            </Button>
          </HasPermission>
        }
      />
      <Drawer
        title={opened ? `物料：${opened.materialCode} ${opened.name}` : ''}
        open={opened !== null}
        onClose={() => setOpened(null)}
        size={640}
        destroyOnHidden
      >
        {opened && (
          <>
            <AttachmentPhotos
              bizType={POSM_MATERIAL_PHOTO_BIZ}
              bizId={opened.id}
              ids={opened.photoIds}
              zipName={opened.name}
            />
            <ChangeHistory bizType="POSM_MATERIAL" bizId={opened.id} />
          </>
        )}
      </Drawer>
      <ModalForm<PosmMaterialPayload>
        title={editing ? '编辑物料' : '新增物料'}
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        onSaved={list.reload}
        initialValues={
          editing
            ? payloadOf(editing)
            : { category: 'POSTER', unit: '张', photoIds: [], isReturnable: false, status: 'ACTIVE' }
        }
        onSubmit={(values) => savePosmMaterial({ ...(editing ? payloadOf(editing) : {}), ...values })}
      >
        <Form.Item
          name="materialCode"
          label="物料编码"
          rules={[
            required('物料编码'),
            { pattern: /^[A-Za-z0-9_-]{1,32}$/, message: '只能是字母、数字、下划线和短横线，最多32位!' },
          ]}
        >
          <Input disabled={Boolean(editing)} />
        </Form.Item>
        <Form.Item name="name" label="名称" rules={[required('名称'), { max: 64, message: '最多64字!' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="category" label="类别" rules={[required('类别', '选择')]}>
          <EnumSelect labels={POSM_CATEGORY} allowClear={false} />
        </Form.Item>
        <Form.Item name="spec" label="规格" rules={[{ max: 64, message: '最多64字!' }]}>
          <Input placeholder="如 60×90cm" />
        </Form.Item>
        <Form.Item name="unit" label="单位" rules={[required('单位'), { max: 8, message: '最多8字!' }]}>
          <Input placeholder="张 / 个 / 套" />
        </Form.Item>
        <Form.Item name="unitCost" label="单价" rules={[requiredNumber('单价')]}>
          <InputNumber min={0} max={1000000} precision={2} prefix="¥" />
        </Form.Item>
        <Form.Item name="photoIds" label="照片">
          <PhotoIdsField bizType={POSM_MATERIAL_PHOTO_BIZ} kind="OTHER" bizId={editing?.id} />
        </Form.Item>
        <Form.Item name="isReturnable" label="可回收" valuePropName="checked">
          <Switch />
        </Form.Item>
      </ModalForm>
    </>
  );
}
