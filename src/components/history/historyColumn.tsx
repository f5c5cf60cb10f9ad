// The 变更记录 of a master-data list (asset models, ad prices, spare parts …): a 查看 link in each row opens a
// drawer with the row's ChangeHistory. The page places `column` among its columns and renders `drawer`.
import { useState, type ReactNode } from 'react';
import { Button, Drawer } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { HistoryBizType } from '../../../common/changeHistory';
import { ChangeHistory } from './ChangeHistory';

export function useHistoryColumn<T extends { id: string }>(
  bizType: HistoryBizType,
  /** What the drawer's title names the row by, after 变更记录：. */
  titleOf: (row: T) => string,
): { column: ColumnType<T>; drawer: ReactNode } {
  const [opened, setOpened] = useState<T | null>(null);
  return {
    column: {
      title: '变更记录',
      key: 'history',
      render: (_value, row) => (
        <Button type="link" size="small" onClick={() => setOpened(row)}>
          查看
        </Button>
      ),
    },
    drawer: (
      <Drawer
        title={opened ? `变更记录：${titleOf(opened)}` : ''}
        open={opened !== null}
        onClose={() => setOpened(null)}
        size={560}
        destroyOnHidden
      >
        {opened && <ChangeHistory bizType={bizType} bizId={opened.id} />}
      </Drawer>
    ),
  };
}
