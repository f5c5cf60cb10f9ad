// Announcements (API.md §4, spec §3): the codes, their labels and the shapes the SPA and the server share.

export type AnnouncementPriority = 'L' | 'M' | 'H';
/** '1' notice, '2' system message. */
export type AnnouncementCategory = '1' | '2';
/** USER: the chosen users; ALL: everyone of the tenant. */
export type AnnouncementTarget = 'USER' | 'ALL';
/** '0' draft, '1' released, '2' revoked. */
export type AnnouncementSendStatus = '0' | '1' | '2';
export type ReadFlag = '0' | '1';

export const PRIORITY_LABELS: Record<AnnouncementPriority, string> = { L: '一般', M: '重要', H: '紧急' };
export const CATEGORY_LABELS: Record<AnnouncementCategory, string> = { '1': '通知公告', '2': '系统消息' };
export const TARGET_LABELS: Record<AnnouncementTarget, string> = { USER: '指定用户', ALL: '全体用户' };
export const SEND_STATUS_LABELS: Record<AnnouncementSendStatus, string> = {
  '0': '未发布',
  '1': '已发布',
  '2': '已撤销',
};
export const READ_FLAG_LABELS: Record<ReadFlag, string> = { '0': '未读', '1': '已读' };

/** The bell shows this many unread items per tab (API.md §4.3 listByUser). */
export const NOTICE_LIST_LIMIT = 5;
export const TITLE_MAX_LENGTH = 100;
export const ABSTRACT_MAX_LENGTH = 500;
/** Room for a long notice with a few inline images, far below the body limit. */
export const CONTENT_MAX_LENGTH = 200_000;
/** How many users one announcement may target by name. */
export const TARGET_USERS_MAX = 1000;

/** The ids of a comma list as the contract sends it ('a,b,' with a trailing comma), each once. */
export function splitIds(list: string | null | undefined): string[] {
  return [
    ...new Set(
      (list ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
}

/** An announcement as the API answers it (`titile` spelled as the contract spells it). */
export interface Announcement {
  id: string;
  titile: string;
  /** Sanitised HTML. */
  msgContent: string;
  msgAbstract: string | null;
  startTime: string | null;
  endTime: string | null;
  sender: string | null;
  priority: AnnouncementPriority;
  priority_dictText: string;
  msgCategory: AnnouncementCategory;
  msgCategory_dictText: string;
  msgType: AnnouncementTarget;
  msgType_dictText: string;
  sendStatus: AnnouncementSendStatus;
  sendStatus_dictText: string;
  sendTime: string | null;
  cancelTime: string | null;
  delFlag: '0' | '1';
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string;
  busType: string | null;
  busId: string | null;
  openType: string | null;
  openPage: string | null;
  /** Administrators only: the chosen users, comma-separated with a trailing comma ('' for ALL). */
  userIds?: string;
}

/** The bell's lists (GET /sys/annountCement/listByUser). */
export interface UserAnnouncementLists {
  anntMsgList: Announcement[];
  anntMsgTotal: number;
  sysMsgList: Announcement[];
  sysMsgTotal: number;
}

/** A row of the user's own message list (GET /sys/sysAnnouncementSend/getMyAnnouncementSend). */
export interface AnnouncementSendRow {
  /** The id of the user's copy. */
  id: string;
  anntId: string;
  userId: string;
  titile: string;
  msgContent: string;
  msgAbstract: string | null;
  sender: string | null;
  priority: AnnouncementPriority;
  priority_dictText: string;
  msgCategory: AnnouncementCategory;
  msgCategory_dictText: string;
  readFlag: ReadFlag;
  readFlag_dictText: string;
  sendTime: string | null;
  readTime: string | null;
  busType: string | null;
  busId: string | null;
  openType: string | null;
  openPage: string | null;
}

/** A user an announcement can target. */
export interface TargetUser {
  id: string;
  username: string;
  realname: string;
}

/** The body of add and edit. */
export interface AnnouncementInput {
  titile: string;
  msgContent?: string;
  msgAbstract?: string | null;
  startTime?: string | null;
  endTime?: string | null;
  priority: AnnouncementPriority;
  msgCategory: AnnouncementCategory;
  msgType: AnnouncementTarget;
  /** USER: the chosen users' ids, comma-separated (a trailing comma is fine). */
  userIds?: string | null;
  busType?: string | null;
  busId?: string | null;
  openType?: string | null;
  openPage?: string | null;
}
