// A label's customers (the customer list filtered by the label, in the caller's data scope). A manual
// label's members are added from a customer search and removed by selection; a rule label's come from
// its rule only. Below them, the label's 变更记录.
import { useCallback, useEffect, useRef, useState, type Key } from 'react';
import { Button, Drawer, Select, Space, Table, Tag, Typography } from 'antd';
import { listCustomers, tagCustomers, type Customer, type CustomerLabelRecord } from '../../../api/customers';
import { settle } from '../../../components/form/settle';
import { ChangeHistory } from '../../../components/history/ChangeHistory';
import { useHasPermission } from '../../../components/HasPermission';

const PAGE_SIZE = 10;

/** Customers found by code, name or mobile as the user types (at most 20). */
export function CustomerSearchSelect({
  value,
  onChange,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const [searching, setSearching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const search = (keyword: string) => {
    clearTimeout(timer.current);
    if (!keyword.trim()) return;
    timer.current = setTimeout(() => {
      setSearching(true);
      listCustomers({ keyword: keyword.trim(), pageSize: 20 })
        .then((answer) => {
          if (answer.success)
            setOptions(
              answer.result.records.map((customer) => ({
                value: customer.id,
                label: `${customer.name}（${customer.customerCode}）`,
              })),
            );
        })
        .catch(() => undefined)
        .finally(() => setSearching(false));
    }, 300);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Select
      mode="multiple"
      value={value}
      onChange={onChange}
      showSearch={{ filterOption: false, onSearch: search }}
      loading={searching}
      options={options}
      placeholder="输入编码/名称/手机号搜索客户"
      notFoundContent={searching ? '搜索中…' : '无匹配客户'}
      style={{ minWidth: 320 }}
    />
  );
}

export function LabelMembersDrawer({
  label,
  onClose,
  onChanged,
}: {
  label: CustomerLabelRecord | null;
  onClose: () => void;
  /** After members were added or removed (the label list's counts change). */
  onChanged: () => void;
}) {
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<{ records: Customer[]; total: number } | null>(null);
  const [adding, setAdding] = useState<string[]>([]);
  const [selected, setSelected] = useState<Key[]>([]);
  const mayTag = useHasPermission('label:tag');
  const manual = label?.labelType === 'MANUAL' && label.status === 'ACTIVE' && mayTag;
  const id = label?.id;

  const load = useCallback(() => {
    if (!id) return;
    setPage(null);
    setSelected([]);
    listCustomers({ labelIds: id, pageNo, pageSize: PAGE_SIZE, column: 'customerCode', order: 'asc' })
      .then((answer) => setPage(answer.success ? answer.result : { records: [], total: 0 }))
      .catch(() => setPage({ records: [], total: 0 }));
  }, [id, pageNo]);
  useEffect(load, [load]);
  useEffect(() => {
    setPageNo(1);
    setAdding([]);
  }, [id]);

  const change = async (customerIds: string[], tag: boolean) => {
    if (!id || !(await settle(tagCustomers(id, customerIds, tag)))) return;
    setAdding([]);
    load();
    onChanged();
  };

  return (
    <Drawer
      title={
        label ? (
          <span>
            标签成员：<Tag color={label.color}>{label.name}</Tag>
          </span>
        ) : (
          ''
        )
      }
      open={label !== null}
      onClose={onClose}
      size={720}
      destroyOnHidden
    >
      {label?.labelType === 'RULE' && (
        <Typography.Paragraph type="secondary">规则标签的成员由规则计算，不能手工增删。</Typography.Paragraph>
      )}
      {manual && (
        <Space wrap style={{ marginBottom: 16 }}>
          <CustomerSearchSelect value={adding} onChange={setAdding} />
          <Button type="primary" disabled={adding.length === 0} onClick={() => void change(adding, true)}>
            打标签
          </Button>
          <Button
            danger
            disabled={selected.length === 0}
            onClick={() => void change(selected.map(String), false)}
          >
            移除选中（{selected.length}）
          </Button>
        </Space>
      )}
      <Table<Customer>
        size="small"
        rowKey="id"
        loading={page === null}
        dataSource={page?.records ?? []}
        rowSelection={manual ? { selectedRowKeys: selected, onChange: setSelected } : undefined}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: page?.total ?? 0,
          onChange: setPageNo,
          showTotal: (total) => `共 ${total} 个客户`,
        }}
        columns={[
          { title: '编码', dataIndex: 'customerCode' },
          { title: '名称', dataIndex: 'name' },
          { title: '类型', dataIndex: 'customerType_dictText' },
          { title: '地址', dataIndex: 'address', ellipsis: true },
        ]}
      />
      {label && (
        <div style={{ marginTop: 24 }}>
          <Typography.Title level={5}>变更记录</Typography.Title>
          <ChangeHistory bizType="CUSTOMER_LABEL" bizId={label.id} />
        </div>
      )}
    </Drawer>
  );
}
