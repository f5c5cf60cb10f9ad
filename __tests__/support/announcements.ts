// A released announcement as the API answers it, for the notices tests.
import type { Announcement } from '../../common/announcements';

export function announcement(
  id: string,
  titile = `公告${id}`,
  overrides: Partial<Announcement> = {},
): Announcement {
  return {
    id,
    titile,
    msgContent: '<p>正文</p>',
    msgAbstract: null,
    startTime: null,
    endTime: null,
    sender: 'admin',
    priority: 'L',
    priority_dictText: '一般',
    msgCategory: '1',
    msgCategory_dictText: '通知公告',
    msgType: 'ALL',
    msgType_dictText: '全体用户',
    sendStatus: '1',
    sendStatus_dictText: '已发布',
    sendTime: '2026-11-21 10:00:00',
    cancelTime: null,
    delFlag: '0',
    createBy: 'admin',
    createTime: '2026-11-21 09:00:00',
    updateBy: null,
    updateTime: '2026-11-21 09:00:00',
    busType: null,
    busId: null,
    openType: null,
    openPage: null,
    ...overrides,
  };
}
