import { screen, waitFor, within } from '@testing-library/react';
import type { AnnouncementSendRow } from '../../../common/announcements';
import * as announcementsApi from '../../../src/api/announcements';
import UserAnnouncementListPage from '../../../src/pages/system/UserAnnouncementListPage';
import { buttonByText, ok, renderSignIn, setupUser } from '../../support/signIn';

jest.mock('../../../src/api/announcements');

const api = jest.mocked(announcementsApi);

const row = (anntId: string, titile: string, readFlag: '0' | '1'): AnnouncementSendRow => ({
  id: `send-${anntId}`,
  anntId,
  userId: 'u1',
  titile,
  msgContent: '<p>正文</p>',
  msgAbstract: null,
  sender: 'admin',
  priority: 'M',
  priority_dictText: '重要',
  msgCategory: '1',
  msgCategory_dictText: '通知公告',
  readFlag,
  readFlag_dictText: readFlag === '1' ? '已读' : '未读',
  sendTime: '2026-11-21 10:00:00',
  readTime: null,
  busType: null,
  busId: null,
  openType: null,
  openPage: null,
});

const page = (records: AnnouncementSendRow[]) =>
  ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

beforeEach(() => {
  api.getMyAnnouncements.mockResolvedValue(page([row('a1', '盘点通知', '0'), row('a2', '放假通知', '1')]));
  api.markAllAnnouncementsRead.mockResolvedValue(ok(1, '全部已读'));
});

afterEach(() => jest.clearAllMocks());

async function renderPage(path = '/isps/userAnnouncement') {
  const app = await renderSignIn(<UserAnnouncementListPage />, { path });
  await screen.findByText('盘点通知');
  return { ...app, user: setupUser() };
}

it('pages the messages from the server and keeps the read filter and search in the URL', async () => {
  const { user, visited } = await renderPage();
  expect(api.getMyAnnouncements).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10 });
  const unreadRow = screen.getByText('盘点通知').closest('tr') as HTMLElement;
  expect(within(unreadRow).getByText('未读')).toBeInTheDocument();

  await user.click(screen.getByText('已读', { selector: '.ant-segmented-item-label' }));
  await waitFor(() =>
    expect(api.getMyAnnouncements).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10, readFlag: '1' }),
  );
  expect(visited[visited.length - 1]).toBe('/isps/userAnnouncement?readFlag=1');

  await user.type(screen.getByPlaceholderText('按标题搜索'), '盘点{Enter}');
  await waitFor(() =>
    expect(api.getMyAnnouncements).toHaveBeenLastCalledWith({
      pageNo: 1,
      pageSize: 10,
      readFlag: '1',
      titile: '*盘点*',
    }),
  );
});

it('a reload of a filtered address asks for the same rows', async () => {
  await renderPage('/isps/userAnnouncement?readFlag=0&pageSize=20&column=sendTime&order=asc');
  expect(api.getMyAnnouncements).toHaveBeenLastCalledWith({
    pageNo: 1,
    pageSize: 20,
    column: 'sendTime',
    order: 'asc',
    readFlag: '0',
  });
});

it('opening a message shows it through the bell and shows it read here', async () => {
  const { user, store } = await renderPage();
  const unreadRow = screen.getByText('盘点通知').closest('tr') as HTMLElement;
  await user.click(within(unreadRow).getByText('盘点通知'));
  expect(store.getState().notices.detail).toEqual({ open: true, announcement: null });
  expect(within(unreadRow).getByText('已读')).toBeInTheDocument();
});

it('marks everything read after a confirmation, then loads the list again', async () => {
  const { user } = await renderPage();
  await user.click(buttonByText('全部标为已读'));
  await user.click(buttonByText(/确\s*定/, document.querySelector('.ant-popconfirm') as HTMLElement));
  await waitFor(() => expect(api.markAllAnnouncementsRead).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(api.getMyAnnouncements).toHaveBeenCalledTimes(2));
  expect(await screen.findByText('全部已读')).toBeInTheDocument();
});

it('导出 exports what the filters select (issue #15)', async () => {
  api.exportMyAnnouncements.mockResolvedValue(null);
  const { user } = await renderPage(
    '/isps/userAnnouncement?readFlag=0&titile=盘点&column=sendTime&order=asc',
  );
  await user.click(buttonByText(/导\s*出/));
  await waitFor(() =>
    expect(api.exportMyAnnouncements).toHaveBeenCalledWith(
      expect.objectContaining({ readFlag: '0', titile: '*盘点*', column: 'sendTime', order: 'asc' }),
    ),
  );
});
