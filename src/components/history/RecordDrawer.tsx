// The detail drawer of a business object that has no richer one: its fields, what the page adds (its
// photos …), and its 变更记录 read from the operation log.
import type { ReactNode } from 'react';
import { Drawer, Space, Typography } from 'antd';
import type { HistoryBizType } from '../../../common/changeHistory';
import { DetailList, type DetailItem } from '../DetailList';
import { ChangeHistory } from './ChangeHistory';

export function RecordDrawer({
  title,
  bizType,
  bizId,
  items,
  children,
  onClose,
}: {
  title: string;
  bizType: HistoryBizType;
  /** The object shown; null closes the drawer. */
  bizId: string | null;
  items: DetailItem[];
  children?: ReactNode;
  onClose: () => void;
}) {
  return (
    <Drawer title={title} open={bizId !== null} onClose={onClose} size={720} destroyOnHidden>
      {bizId !== null && (
        <Space orientation="vertical" size={24} style={{ width: '100%' }}>
          <DetailList col={2} items={items} />
          {children}
          <div>
            <Typography.Title level={5}>变更记录</Typography.Title>
            <ChangeHistory bizType={bizType} bizId={bizId} />
          </div>
        </Space>
      )}
    </Drawer>
  );
}
