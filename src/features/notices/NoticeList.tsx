// The notices of one tab of the header's bell: title, sender and time, priority; 查看更多 leads to the
// user's announcements. Loaded with the bell's popover.
import { Button, Empty, Typography } from 'antd';
import type { Announcement } from '../../../common/announcements';
import { PriorityTag } from './PriorityTag';

interface NoticeListProps {
  items: Announcement[];
  onOpen(item: Announcement): void;
  onMore(): void;
}

export default function NoticeList({ items, onOpen, onMore }: NoticeListProps) {
  return (
    <>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无未读消息" />
      ) : (
        <ul className="notice-list">
          {items.map((item) => (
            <li key={item.id}>
              <button type="button" className="notice-item" onClick={() => onOpen(item)}>
                <span className="notice-item-main">
                  <Typography.Text ellipsis={{ tooltip: item.titile }}>{item.titile}</Typography.Text>
                  <Typography.Text type="secondary" className="notice-item-meta">
                    {item.sender} {item.sendTime}
                  </Typography.Text>
                </span>
                <PriorityTag priority={item.priority} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div style={{ textAlign: 'center', paddingTop: 8 }}>
        <Button type="link" onClick={onMore}>
          查看更多
        </Button>
      </div>
    </>
  );
}
