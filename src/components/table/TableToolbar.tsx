// The right-hand tools of every list (as ProTable's): 刷新, 密度, 列设置 (show/hide and order, remembered
// per user and page) and 全屏. @ant-design/pro-components supports antd 4/5 only, so it is built here.
import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import { Button, Checkbox, Dropdown, Popover, Space, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  ColumnHeightOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  ReloadOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import {
  arrangeColumns,
  columnKey,
  DEFAULT_TABLE_SETTINGS,
  type Density,
  type TableSettings,
} from './tableSettings';

const DENSITIES: { key: Density; label: string }[] = [
  { key: 'large', label: '默认' },
  { key: 'middle', label: '中等' },
  { key: 'small', label: '紧凑' },
];

function titleText<T>(column: ColumnsType<T>[number]): string {
  return typeof column.title === 'string' ? column.title : columnKey(column);
}

function ColumnSettings<T>({
  columns,
  settings,
  onChange,
}: {
  columns: ColumnsType<T>;
  settings: TableSettings;
  onChange: (next: TableSettings) => void;
}) {
  const arranged = arrangeColumns(columns, { ...settings, hidden: [] });
  const movable = arranged.filter((column) => !column.fixed).map((column) => columnKey(column));
  const move = (key: string, by: number) => {
    const order = [...movable];
    const from = order.indexOf(key);
    order.splice(from, 1);
    order.splice(from + by, 0, key);
    onChange({ ...settings, order });
  };
  const visibleCount = arranged.length - settings.hidden.length;
  return (
    <div role="group" aria-label="列设置" style={{ minWidth: 200 }}>
      {arranged.map((column) => {
        const key = columnKey(column);
        const shown = !settings.hidden.includes(key);
        const at = movable.indexOf(key);
        return (
          <div key={key} style={{ display: 'flex', alignItems: 'center', gap: 4, padding: '2px 0' }}>
            <Checkbox
              checked={shown}
              // The last shown column stays: a table without columns says nothing.
              disabled={shown && visibleCount <= 1}
              onChange={(event) =>
                onChange({
                  ...settings,
                  hidden: event.target.checked
                    ? settings.hidden.filter((hidden) => hidden !== key)
                    : [...settings.hidden, key],
                })
              }
              style={{ flex: 1 }}
            >
              {titleText(column)}
            </Checkbox>
            {at >= 0 && (
              <>
                <Button
                  type="text"
                  size="small"
                  aria-label={`${titleText(column)}上移`}
                  icon={<ArrowUpOutlined />}
                  disabled={at === 0}
                  onClick={() => move(key, -1)}
                />
                <Button
                  type="text"
                  size="small"
                  aria-label={`${titleText(column)}下移`}
                  icon={<ArrowDownOutlined />}
                  disabled={at === movable.length - 1}
                  onClick={() => move(key, 1)}
                />
              </>
            )}
          </div>
        );
      })}
    </div>
  );
}

/** Whether `target` is the document's full-screen element; toggles it. */
export function useFullscreen(target: RefObject<HTMLElement | null>) {
  const [full, setFull] = useState(false);
  useEffect(() => {
    const follow = () => setFull(document.fullscreenElement === target.current && target.current !== null);
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, [target]);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void target.current?.requestFullscreen?.();
  };
  return [full, toggle] as const;
}

export function TableToolbar<T>({
  columns,
  settings,
  onSettings,
  onReload,
  loading,
  fullscreen,
  onFullscreen,
  extra,
}: {
  columns: ColumnsType<T>;
  settings: TableSettings;
  onSettings: (next: TableSettings) => void;
  onReload: () => void;
  loading: boolean;
  fullscreen: boolean;
  onFullscreen: () => void;
  /** Page tools before the standard ones (导出). */
  extra?: ReactNode;
}) {
  return (
    <Space size={4} role="toolbar" aria-label="表格工具">
      {extra}
      <Tooltip title="刷新">
        <Button type="text" aria-label="刷新" icon={<ReloadOutlined spin={loading} />} onClick={onReload} />
      </Tooltip>
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [settings.density],
          items: DENSITIES.map(({ key, label }) => ({ key, label })),
          onClick: ({ key }) => onSettings({ ...settings, density: key as Density }),
        }}
      >
        <Tooltip title="密度">
          <Button type="text" aria-label="密度" icon={<ColumnHeightOutlined />} />
        </Tooltip>
      </Dropdown>
      <Popover
        trigger="click"
        placement="bottomRight"
        title={
          <Space style={{ justifyContent: 'space-between', width: '100%' }}>
            <span>列展示</span>
            <Button
              type="link"
              size="small"
              onClick={() => onSettings({ ...DEFAULT_TABLE_SETTINGS, density: settings.density })}
            >
              重置
            </Button>
          </Space>
        }
        content={<ColumnSettings columns={columns} settings={settings} onChange={onSettings} />}
      >
        <Tooltip title="列设置">
          <Button type="text" aria-label="列设置" icon={<SettingOutlined />} />
        </Tooltip>
      </Popover>
      <Tooltip title={fullscreen ? '退出全屏' : '全屏'}>
        <Button
          type="text"
          aria-label={fullscreen ? '退出全屏' : '全屏'}
          icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          onClick={onFullscreen}
        />
      </Tooltip>
    </Space>
  );
}
