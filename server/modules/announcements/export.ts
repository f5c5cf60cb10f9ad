// 导出 of 系统公告 and of 我的消息: what the list's filters select, with its columns (the query as the list
// route's schema read it).
import { defineExport } from '../shared/excel';
import {
  listAnnouncements,
  receivedPage,
  type AnnouncementListQuery,
  type MyAnnouncementQuery,
} from './service';
import type { Announcement, AnnouncementSendRow } from '../../../common/announcements';

export const ANNOUNCEMENT_EXPORT = defineExport<Announcement>({
  key: 'announcements',
  title: '系统公告',
  columns: [
    { header: '标题', width: 36, value: (row) => row.titile },
    { header: '消息类型', value: (row) => row.msgCategory_dictText },
    { header: '通告对象', value: (row) => row.msgType_dictText },
    { header: '优先级', value: (row) => row.priority_dictText },
    { header: '发布状态', value: (row) => row.sendStatus_dictText },
    { header: '发布人', value: (row) => row.sender },
    { header: '发布时间', width: 20, value: (row) => row.sendTime },
    { header: '撤销时间', width: 20, value: (row) => row.cancelTime },
    { header: '创建时间', width: 20, value: (row) => row.createTime },
  ],
  page: (db, caller, query, pageNo, pageSize) =>
    listAnnouncements(db, caller.tenantId, {
      ...(query as unknown as AnnouncementListQuery),
      pageNo,
      pageSize,
    }),
});

/** 我的消息: the caller's own received messages (the page's list received the broadcasts before). */
export const MY_ANNOUNCEMENT_EXPORT = defineExport<AnnouncementSendRow>({
  key: 'myAnnouncements',
  title: '我的消息',
  columns: [
    { header: '标题', width: 36, value: (row) => row.titile },
    { header: '消息类型', value: (row) => row.msgCategory_dictText },
    { header: '发布人', value: (row) => row.sender },
    { header: '优先级', value: (row) => row.priority_dictText },
    { header: '发布时间', width: 20, value: (row) => row.sendTime },
    { header: '阅读状态', value: (row) => row.readFlag_dictText },
  ],
  page: (db, caller, query, pageNo, pageSize) =>
    receivedPage(db, caller, { ...(query as unknown as MyAnnouncementQuery), pageNo, pageSize }),
});
