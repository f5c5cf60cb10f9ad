// 数据字典 (system/DictList): dictionaries with search, paging and sort in the URL; add/edit (the code
// checked for uniqueness on blur), delete, and each dictionary's items in a drawer.
import { useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import {
  addDict,
  deleteDict,
  deleteDicts,
  editDict,
  exportDicts,
  listDicts,
  type SysDict,
} from '../../../api/systemDict';
import type { ListParams } from '../../../api/systemTypes';
import { duplicateCheck } from '../../../api/systemDuplicate';
import { forgetDictItems } from '../../../components/dictCache';
import { required } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { UNIQUE_CHECKED, uniqueRule } from '../../../components/form/uniqueRule';
import { HasPermission, useHasPermission } from '../../../components/HasPermission';
import { contains } from '../../../components/table/listQuery';
import { ListPage } from '../../../components/table/ListPage';
import { useListPage } from '../../../components/table/useListPage';
import { BatchDeleteButton, useRemoveRows } from '../../../components/table/useRemoveRows';
import { DictItemsDrawer } from './DictItemsDrawer';

type DictValues = Pick<SysDict, 'dictName' | 'dictCode' | 'description'>;

/** The search form's values as the server takes them: names and codes by any part (list and export alike). */
const dictQuery = (params: ListParams): ListParams => ({
  ...params,
  dictName: contains(params.dictName as string | undefined),
  dictCode: contains(params.dictCode as string | undefined),
});

export default function DictListPage() {
  const list = useListPage<SysDict>({
    filterKeys: ['dictName', 'dictCode'],
    sortKeys: ['dictName', 'dictCode', 'createTime'],
    defaultSort: { column: 'dictCode', order: 'asc' },
    fetch: (params) => listDicts(dictQuery(params)),
  });
  // Rows are selectable only for someone who may act on a selection.
  const canBatch = useHasPermission('dict:deleteBatch');
  const [editing, setEditing] = useState<SysDict | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [itemsOf, setItemsOf] = useState<SysDict | null>(null);
  const open = (dict: SysDict | null) => {
    setEditing(dict);
    setFormOpen(true);
  };
  const remove = useRemoveRows<SysDict>({
    noun: '字典',
    unit: '个',
    nameOf: (dict) => dict.dictName,
    content: '字典项随之删除，使用该字典的下拉框将没有选项。',
    idOf: (dict) => dict.id,
    deleteOne: deleteDict,
    deleteMany: deleteDicts,
    onDeleted: (dicts) => dicts.forEach((dict) => forgetDictItems(dict.dictCode)),
  });

  const columns: ColumnsType<SysDict> = [
    { title: '字典名称', dataIndex: 'dictName', key: 'dictName', sorter: true },
    { title: '字典编码', dataIndex: 'dictCode', key: 'dictCode', sorter: true },
    { title: '描述', dataIndex: 'description', key: 'description' },
    { title: '创建时间', dataIndex: 'createTime', key: 'createTime', sorter: true },
    {
      title: '操作',
      key: 'actions',
      render: (_value, dict) => (
        <Space size={0}>
          <HasPermission code="dict:edit">
            <Button type="link" size="small" onClick={() => open(dict)}>
              编辑
            </Button>
          </HasPermission>
          <Button type="link" size="small" onClick={() => setItemsOf(dict)}>
            字典配置
          </Button>
          <HasPermission code="dict:delete">
            <Button type="link" size="small" danger onClick={() => remove([dict], list.reload)}>
              删除
            </Button>
          </HasPermission>
        </Space>
      ),
    },
  ];
  const id = editing?.id;
  return (
    <>
      <ListPage<SysDict>
        list={list}
        compactColumns={['dictName', 'dictCode']}
        columns={columns}
        exportAs={(params) => exportDicts(dictQuery(params))}
        searchFields={
          <>
            <Form.Item name="dictName" label="字典名称">
              <Input placeholder="请输入字典名称" allowClear />
            </Form.Item>
            <Form.Item name="dictCode" label="字典编码">
              <Input placeholder="请输入字典编码" allowClear />
            </Form.Item>
          </>
        }
        toolbar={
          <HasPermission code="dict:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
              新增
            </Button>
          </HasPermission>
        }
        batchActions={
          canBatch
            ? (selected, done) => (
                <BatchDeleteButton code="dict:deleteBatch" onClick={() => remove(selected, done, true)} />
              )
            : undefined
        }
      />
      <ModalForm<DictValues>
        title={editing ? '编辑字典' : '新增字典'}
        open={formOpen}
        onClose={() => setFormOpen(false)}
        onSaved={list.reload}
        width={560}
        initialValues={editing ?? undefined}
        onSubmit={(values) => (id ? editDict({ ...values, id }) : addDict(values))}
      >
        <Form.Item name="dictName" label="字典名称" rules={[required('字典名称')]}>
          <Input placeholder="请输入字典名称" />
        </Form.Item>
        <Form.Item
          name="dictCode"
          label="字典编码"
          {...UNIQUE_CHECKED}
          rules={[
            required('字典编码'),
            { pattern: /^\w{1,64}$/, message: '字典编码应为字母、数字或下划线，最多64位!' },
            uniqueRule((fieldVal) =>
              duplicateCheck({ tableName: 'sys_dict', fieldName: 'dict_code', fieldVal, dataId: id }),
            ),
          ]}
        >
          <Input placeholder="请输入字典编码" />
        </Form.Item>
        <Form.Item name="description" label="描述">
          <Input.TextArea rows={3} placeholder="请输入描述" />
        </Form.Item>
      </ModalForm>
      <DictItemsDrawer dict={itemsOf} onClose={() => setItemsOf(null)} />
    </>
  );
}
