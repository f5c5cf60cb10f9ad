// The header's notice bell (spec §2): the unread count, and a popover with two tabs, 通知 and 系统消息,
// each with its newest unread items and 查看更多 → /isps/userAnnouncement. Opening an item shows it in the
// detail modal and marks it read (the saga).
import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Popover, Spin, Tabs } from 'antd';
import './notices.css';
import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { Announcement } from '../../../common/announcements';
import { WarningResult } from '../../components/WarningResult';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { APPROVAL_CENTER_PATH, selectPendingApprovals } from '../approvals/selectors';
import {
  selectAnnouncementDetail,
  selectNoticeLists,
  selectNoticesLoaded,
  selectNoticesStatus,
  selectUnreadCount,
} from './selectors';
import { announcementOpened, noticesPollRequested } from './slice';

// The modal and DOMPurify load when an announcement is first opened, not with the frame.
const AnnouncementModal = lazy(() =>
  import(/* webpackChunkName: "announcement-modal" */ './AnnouncementModal').then((module) => ({
    default: module.AnnouncementModal,
  })),
);

// The lists load with the popover's first opening.
const NoticeList = lazy(() => import(/* webpackChunkName: "notice-list" */ './NoticeList'));

/** Beyond this the badge shows 99+. */
const BELL_OVERFLOW = 99;

export const USER_ANNOUNCEMENT_PATH = '/isps/userAnnouncement';

export function NoticeBell() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const lists = useAppSelector(selectNoticeLists);
  const loaded = useAppSelector(selectNoticesLoaded);
  const status = useAppSelector(selectNoticesStatus);
  const unread = useAppSelector(selectUnreadCount);
  const pendingApprovals = useAppSelector(selectPendingApprovals);
  const count = unread + pendingApprovals;
  const [open, setOpen] = useState(false);
  const detailOpen = useAppSelector(selectAnnouncementDetail).open;
  // Mounted from the first opening on, so it can animate its closing.
  const [modalWanted, setModalWanted] = useState(false);
  if (detailOpen && !modalWanted) setModalWanted(true);

  const openItem = (item: Announcement) => {
    setOpen(false);
    dispatch(announcementOpened({ id: item.id, announcement: item }));
  };
  const more = () => {
    setOpen(false);
    navigate(USER_ANNOUNCEMENT_PATH);
  };

  const failed = status?.status === 'error';
  const content = (
    <div style={{ width: 320 }}>
      {pendingApprovals > 0 && (
        <Button
          type="link"
          block
          onClick={() => {
            setOpen(false);
            navigate(APPROVAL_CENTER_PATH);
          }}
        >
          待我审批 {pendingApprovals} 条，去处理
        </Button>
      )}
      {failed && (
        <WarningResult
          subTitle={`消息加载失败：${status.message ?? ''}`}
          extra={
            <Button size="small" onClick={() => dispatch(noticesPollRequested())}>
              重新加载
            </Button>
          }
          style={{ padding: 8 }}
        />
      )}
      <Spin spinning={!loaded && !failed}>
        <Tabs
          centered
          items={[
            {
              key: 'notices',
              label: `通知(${lists.anntMsgTotal})`,
              children: (
                <Suspense fallback={null}>
                  <NoticeList items={lists.anntMsgList} onOpen={openItem} onMore={more} />
                </Suspense>
              ),
            },
            {
              key: 'system',
              label: `系统消息(${lists.sysMsgTotal})`,
              children: (
                <Suspense fallback={null}>
                  <NoticeList items={lists.sysMsgList} onOpen={openItem} onMore={more} />
                </Suspense>
              ),
            },
          ]}
        />
      </Spin>
    </div>
  );

  return (
    <>
      <Popover
        content={content}
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        arrow={false}
      >
        <span
          className="header-action notice-bell"
          role="button"
          tabIndex={0}
          // The count the badge shows is part of the name (a name must hold the visible text).
          aria-label={count ? `消息通知 ${count > BELL_OVERFLOW ? `${BELL_OVERFLOW}+` : count}` : '消息通知'}
        >
          <Badge count={count} size="small" overflowCount={BELL_OVERFLOW}>
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        </span>
      </Popover>
      {modalWanted && (
        <Suspense fallback={null}>
          <AnnouncementModal />
        </Suspense>
      )}
    </>
  );
}
