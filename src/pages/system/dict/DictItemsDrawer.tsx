// The items of one dictionary in a drawer: search by text, paging, add/edit (the value is checked for
// uniqueness within the dictionary on blur), delete. A change forgets the cached options of that code.
import { useState } from 'react';
import { Button, Drawer, Form, Input, InputNumber, Radio, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import {
  addDictItem,
  deleteDictItem,
  dictItemCheck,
  editDictItem,
  exportDictItems,
  listDictItems,
  type SysDict,
  type SysDictItem,
} from '../../../api/systemDict';
import {
  DICT_ITEM_STATUS_OPTIONS,
  dictItemStatusText,
  isDictItemEnabled,
} from '../../../../common/dictItems';
import type { ListParams } from '../../../api/systemTypes';
import { forgetDictItems } from '../../../components/dictCache';
import { required } from '../../../components/form/fieldRules';
import { ModalForm } from '../../../components/form/ModalForm';
import { UNIQUE_CHECKED, uniqueRule } from '../../../components/form/uniqueRule';
import { useConfirmAction } from '../../../components/form/useConfirmAction';
import { HasPermission } from '../../../components/HasPermission';
import { contains } from '../../../components/table/listQuery';
import { ListPage } from '../../../components/table/ListPage';
import { useListPage } from '../../../components/table/useListPage';

type ItemValues = Pick<SysDictItem, 'itemText' | 'itemValue' | 'description' | 'sortOrder' | 'status'>;

/** The name is searched in (`*x*`), on the screen and in 导出. */
const itemQuery = (params: ListParams): ListParams => ({
  ...params,
  itemText: contains(params.itemText as string | undefined),
});

function DictItems({ dict }: { dict: SysDict }) {
  const list = useListPage<SysDictItem>({
    source: 'local',
    filterKeys: ['itemText'],
    sortKeys: [],
    fixedParams: { dictId: dict.id },
    fetch: (params) => listDictItems(itemQuery(params)),
  });
  const confirm = useConfirmAction();
  const [editing, setEditing] = useState<SysDictItem | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const changed = () => {
    forgetDictItems(dict.dictCode);
    list.reload();
  };
  const open = (item: SysDictItem | null) => {
    setEditing(item);
    setFormOpen(true);
  };
  const columns: ColumnsType<SysDictItem> = [
    { title: '名称', dataIndex: 'itemText', key: 'itemText' },
    { title: '数据值', dataIndex: 'itemValue', key: 'itemValue' },
    { title: '排序', dataIndex: 'sortOrder', key: 'sortOrder' },
    {
      title: '状态',
      key: 'status',
      render: (_value, item) => (
        <Tag color={isDictItemEnabled(item.status) ? 'green' : 'default'}>
          {dictItemStatusText(item.status)}
        </Tag>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_value, item) => (
        <Space size={0}>
          <HasPermission code="dictItem:edit">
            <Button type="link" size="small" onClick={() => open(item)}>
              编辑
            </Button>
          </HasPermission>
          <HasPermission code="dictItem:delete">
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                confirm({
                  title: `确定删除字典项“${item.itemText}”吗？`,
                  okText: '删除',
                  action: () => deleteDictItem(item.id),
                  onDone: changed,
                })
              }
            >
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
      <ListPage<SysDictItem>
        list={list}
        tableId="dict-items"
        columns={columns}
        compactColumns={['itemText', 'status']}
        exportAs={(params) => exportDictItems(itemQuery(params))}
        searchFields={
          <Form.Item name="itemText" label="名称">
            <Input placeholder="请输入名称" allowClear />
          </Form.Item>
        }
        toolbar={
          <HasPermission code="dictItem:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
              新增字典项
            </Button>
          </HasPermission>
        }
      />
      <ModalForm<ItemValues>
        title={editing ? '编辑字典项' : '新增字典项'}
        open={formOpen}
        onClose={() => setFormOpen(false)}
        onSaved={changed}
        width={560}
        initialValues={
          editing
            ? { ...editing, status: String(editing.status ?? '1') }
            : { sortOrder: list.total + 1, status: '1' }
        }
        onSubmit={(values) =>
          id ? editDictItem({ ...values, id, dictId: dict.id }) : addDictItem({ ...values, dictId: dict.id })
        }
      >
        <Form.Item name="itemText" label="名称" rules={[required('名称')]}>
          <Input placeholder="请输入名称" />
        </Form.Item>
        <Form.Item
          name="itemValue"
          label="数据值"
          {...UNIQUE_CHECKED}
          rules={[
            required('数据值'),
            uniqueRule((itemValue) => dictItemCheck({ dictId: dict.id, itemValue, id })),
          ]}
        >
          <Input placeholder="请输入数据值" />
        </Form.Item>
        <Form.Item name="description" label="描述">
          <Input placeholder="请输入描述" />
        </Form.Item>
        <Form.Item name="sortOrder" label="排序">
          <InputNumber min={0} placeholder="值越小越靠前" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="status" label="是否启用">
          <Radio.Group options={[...DICT_ITEM_STATUS_OPTIONS]} />
        </Form.Item>
      </ModalForm>
    </>
  );
}

export function DictItemsDrawer({ dict, onClose }: { dict: SysDict | null; onClose: () => void }) {
  return (
    <Drawer
      title={dict ? `字典配置：${dict.dictName}（${dict.dictCode}）` : '字典配置'}
      open={dict !== null}
      onClose={onClose}
      size={760}
      destroyOnHidden
    >
      {dict && <DictItems dict={dict} />}
    </Drawer>
  );
}
