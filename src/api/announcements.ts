// Announcements (API.md §4.3): every user's bell and messages, and the 系统公告 administration.
import type {
  Announcement,
  AnnouncementInput,
  AnnouncementSendRow,
  TargetUser,
  UserAnnouncementLists,
} from '../../common/announcements';
import type { Page } from '../../common/contract';
import { deleteAction, downloadFile, getAction, postAction, putAction, type Params } from './http';

export function listByUser() {
  return getAction<UserAnnouncementLists>('/sys/annountCement/listByUser');
}

/** Marks the signed-in user's copy read. */
export function markAnnouncementRead(anntId: string) {
  return putAction<null>('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId });
}

export function markAllAnnouncementsRead() {
  return putAction<number>('/sys/sysAnnouncementSend/readAll');
}

export function queryAnnouncement(id: string) {
  return getAction<Announcement>('/sys/annountCement/queryById', { id });
}

/** The signed-in user's own messages: pageNo, pageSize, readFlag, msgCategory, titile. */
export function getMyAnnouncements(params: Params) {
  return getAction<Page<AnnouncementSendRow>>('/sys/sysAnnouncementSend/getMyAnnouncementSend', params);
}

/** 导出 of 我的消息: the same filters. */
export function exportMyAnnouncements(params: Params) {
  return downloadFile('/sys/sysAnnouncementSend/exportXls', '我的消息.xlsx', params);
}

/** The 系统公告 list: pageNo, pageSize, column, order, titile (`*x*` contains), priority, msgCategory, sendStatus. */
export function listAnnouncements(params: Params) {
  return getAction<Page<Announcement>>('/sys/annountCement/list', params);
}

/** 导出 of the 系统公告 list: the same filters. */
export function exportAnnouncements(params: Params) {
  return downloadFile('/sys/annountCement/exportXls', '系统公告.xlsx', params);
}

export function addAnnouncement(body: AnnouncementInput) {
  return postAction<string>('/sys/annountCement/add', body);
}

export function editAnnouncement(body: AnnouncementInput & { id: string }) {
  return putAction<null>('/sys/annountCement/edit', body);
}

export function deleteAnnouncement(id: string) {
  return deleteAction<null>('/sys/annountCement/delete', { id });
}

export function deleteAnnouncements(ids: string[]) {
  return deleteAction<null>('/sys/annountCement/deleteBatch', { ids: `${ids.join(',')},` });
}

export function releaseAnnouncement(id: string) {
  return getAction<null>('/sys/annountCement/doReleaseData', { id });
}

export function revokeAnnouncement(id: string) {
  return getAction<null>('/sys/annountCement/doReovkeData', { id });
}

/** Users of the tenant an announcement can target: keyword, or `ids` to name chosen ones. */
export function getTargetUsers(params: Params) {
  return getAction<Page<TargetUser>>('/sys/annountCement/targetUsers', params);
}
