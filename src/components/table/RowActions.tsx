// A row's action links: up to `max` shown, the rest in a 更多 menu, so the 操作 column stays narrow and
// the row's data stays on screen.
import { createContext, useContext, type ReactNode } from 'react';
import { Button, Dropdown, Space } from 'antd';
import { DownOutlined } from '@ant-design/icons';

export interface RowAction {
  key: string;
  label: ReactNode;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
  /** Running (a 测试连接 waiting for its answer): the link spins; in the 更多 menu it is disabled. */
  loading?: boolean;
}

/** A list on a narrow screen allows fewer links per row (ListPage provides it). */
export const RowActionsLimit = createContext<number | undefined>(undefined);

export function RowActions({ actions, max: ownMax = 3 }: { actions: RowAction[]; max?: number }) {
  const max = Math.min(ownMax, useContext(RowActionsLimit) ?? ownMax);
  // A 更多 holding a single action takes the same room as the action itself.
  const shown = actions.length <= max ? actions : actions.slice(0, max - 1);
  const more = actions.slice(shown.length);
  return (
    <Space size={0}>
      {shown.map((action) => (
        <Button
          key={action.key}
          type="link"
          size="small"
          danger={action.danger}
          disabled={action.disabled}
          loading={action.loading}
          onClick={action.onClick}
        >
          {action.label}
        </Button>
      ))}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more.map(({ key, label, danger, disabled, loading }) => ({
              key,
              label,
              danger,
              disabled: disabled || loading,
            })),
            onClick: ({ key }) => more.find((action) => action.key === key)?.onClick(),
          }}
        >
          <Button type="link" size="small">
            更多 <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
