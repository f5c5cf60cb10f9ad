// The announcement detail (spec §2): title, sender, send time and the HTML body, cleaned again here;
// 60% wide, the whole window in fullscreen.
import { useState } from 'react';
import { Button, Modal, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { sanitizeHtml } from '../../utils/sanitizeHtml';
import { PriorityTag } from './PriorityTag';
import { selectAnnouncementDetail } from './selectors';
import { detailClosed } from './slice';

export const MODAL_WIDTH = '60%';

export function AnnouncementModal() {
  const dispatch = useAppDispatch();
  const { open, announcement } = useAppSelector(selectAnnouncementDetail);
  const [fullscreen, setFullscreen] = useState(false);
  const FullscreenIcon = fullscreen ? FullscreenExitOutlined : FullscreenOutlined;
  return (
    <Modal
      open={open}
      width={fullscreen ? '100%' : MODAL_WIDTH}
      style={fullscreen ? { top: 0, maxWidth: '100%', paddingBottom: 0 } : undefined}
      styles={fullscreen ? { body: { minHeight: 'calc(100vh - 140px)' } } : undefined}
      className="announcement-modal"
      title={
        <Space>
          <span>通知消息</span>
          <Tooltip title={fullscreen ? '退出全屏' : '全屏'}>
            <Button
              type="text"
              size="small"
              aria-label={fullscreen ? '退出全屏' : '全屏'}
              icon={<FullscreenIcon />}
              onClick={() => setFullscreen(!fullscreen)}
            />
          </Tooltip>
        </Space>
      }
      footer={<Button onClick={() => dispatch(detailClosed())}>关闭</Button>}
      onCancel={() => dispatch(detailClosed())}
      destroyOnHidden
    >
      {announcement ? (
        <article>
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            {announcement.titile}
          </Typography.Title>
          <Space wrap size="middle" style={{ marginBottom: 16 }}>
            <PriorityTag priority={announcement.priority} />
            <Tag>{announcement.msgCategory_dictText}</Tag>
            <Typography.Text type="secondary">发布人：{announcement.sender ?? '—'}</Typography.Text>
            <Typography.Text type="secondary">发布时间：{announcement.sendTime ?? '—'}</Typography.Text>
          </Space>
          <div
            className="announcement-content"
            // Cleaned by the server on save and by DOMPurify here.
            dangerouslySetInnerHTML={{ __html: sanitizeHtml(announcement.msgContent) }}
          />
        </article>
      ) : (
        <Skeleton active />
      )}
    </Modal>
  );
}
