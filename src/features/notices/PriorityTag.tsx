import { Tag } from 'antd';
import { PRIORITY_LABELS, type AnnouncementPriority } from '../../../common/announcements';

/** L blue, M orange, H red (API.md §4.3 HeaderNotice). */
const PRIORITY_COLORS: Record<AnnouncementPriority, string> = { L: 'blue', M: 'orange', H: 'red' };

export function PriorityTag({ priority }: { priority: AnnouncementPriority }) {
  return <Tag color={PRIORITY_COLORS[priority]}>{PRIORITY_LABELS[priority]}</Tag>;
}
