// The 启用/停用 pattern of the master-data lists (brands, categories, warehouses): 状态 as a tag, and 操作
// with 编辑 and 停用/启用 behind the edit permission, the switch after a confirmation that says what
// disabling does.
import { Button, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ENABLED_STATUS } from '../../../common/businessEnums';
import type { Envelope } from '../../../common/contract';
import { useConfirmAction } from '../form/useConfirmAction';
import { HasPermission } from '../HasPermission';

type EnabledStatus = keyof typeof ENABLED_STATUS;

interface EnabledRecord {
  name: string;
  status: string;
}

export interface EnabledColumnsOptions<T> {
  /** What a record is (品牌, 仓库): the confirmation names it. */
  noun: string;
  /** The button code of 编辑 and 停用/启用. */
  editCode: string;
  /** What disabling means for the user, shown before they confirm. */
  disablingNote: string;
  onEdit: (record: T) => void;
  setStatus: (record: T, status: EnabledStatus) => Promise<Envelope<unknown>>;
  /** After a switch (reload the list). */
  onSwitched: () => void;
}

/** The 状态 and 操作 columns, last in the table. */
export function useEnabledColumns<T extends EnabledRecord>({
  noun,
  editCode,
  disablingNote,
  onEdit,
  setStatus,
  onSwitched,
}: EnabledColumnsOptions<T>): ColumnsType<T> {
  const confirm = useConfirmAction();
  const toggle = (record: T) => {
    const disabling = record.status === 'ACTIVE';
    confirm({
      title: `确定${disabling ? '停用' : '启用'}${noun}“${record.name}”吗？`,
      content: disabling ? disablingNote : undefined,
      okText: disabling ? '停用' : '启用',
      danger: disabling,
      action: () => setStatus(record, disabling ? 'DISABLED' : 'ACTIVE'),
      onDone: onSwitched,
    });
  };
  return [
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (status: string) => (
        <Tag color={status === 'ACTIVE' ? 'green' : 'default'}>{ENABLED_STATUS[status as EnabledStatus]}</Tag>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_value, record) => (
        <HasPermission code={editCode}>
          <Space size={0}>
            <Button type="link" size="small" onClick={() => onEdit(record)}>
              编辑
            </Button>
            <Button
              type="link"
              size="small"
              danger={record.status === 'ACTIVE'}
              onClick={() => toggle(record)}
            >
              {record.status === 'ACTIVE' ? '停用' : '启用'}
            </Button>
          </Space>
        </HasPermission>
      ),
    },
  ];
}
