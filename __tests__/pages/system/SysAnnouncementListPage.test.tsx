import { screen, waitFor, within } from '@testing-library/react';
import * as announcementsApi from '../../../src/api/announcements';
import { buttonAuthLoaded } from '../../../src/features/permissions/slice';
import SysAnnouncementListPage from '../../../src/pages/system/SysAnnouncementListPage';
import { announcement } from '../../support/announcements';
import { buttonByText, ok, renderSignIn, setupUser } from '../../support/signIn';

jest.mock('../../../src/api/announcements');
// The editor's chunk is not what these tests are about.
jest.mock('../../../src/pages/system/announcement/RichTextEditor', () => ({
  __esModule: true,
  default: () => null,
}));

const api = jest.mocked(announcementsApi);

const CODES = ['add', 'edit', 'delete', 'release', 'revoke'].map((code) => `annountCement:${code}`);
const draft = announcement('d1', '草稿公告', {
  sendStatus: '0',
  sendStatus_dictText: '未发布',
  sender: null,
});
const released = announcement('r1', '已发公告');

beforeEach(() => {
  api.listAnnouncements.mockResolvedValue(
    ok({ records: [draft, released], total: 2, size: 10, current: 1, pages: 1 }),
  );
  api.releaseAnnouncement.mockResolvedValue(ok(null, '该系统通知发布成功'));
  // 指定用户 searches (debounced) as soon as it shows: on a slow run before the test's next step.
  api.getTargetUsers.mockResolvedValue(ok({ records: [], total: 0, size: 20, current: 1, pages: 0 }));
});

afterEach(() => jest.clearAllMocks());

async function renderPage(codes: string[], path = '/isystem/annountCement') {
  const app = await renderSignIn(<SysAnnouncementListPage />, {
    path,
    prepare: (store) =>
      store.dispatch(
        buttonAuthLoaded({
          auth: codes.map((action) => ({ action, type: '1', describe: action })),
          allAuth: CODES.map((action) => ({ action, type: '1', status: '1', describe: action })),
        }),
      ),
  });
  await screen.findByText('草稿公告');
  return { ...app, user: setupUser() };
}

const rowOf = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;

it('shows each action to holders of its code only, by the state of the row', async () => {
  await renderPage(CODES);
  expect(buttonByText(/新\s*增/)).toBeInTheDocument();
  expect(within(rowOf('草稿公告')).getByText('编辑')).toBeInTheDocument();
  expect(within(rowOf('草稿公告')).getByText('发布')).toBeInTheDocument();
  expect(within(rowOf('草稿公告')).queryByText('撤销')).toBeNull();
  expect(within(rowOf('已发公告')).getByText('撤销')).toBeInTheDocument();
  expect(within(rowOf('已发公告')).queryByText('编辑')).toBeNull();
  expect(within(rowOf('已发公告')).getByText('删除')).toBeInTheDocument();
  expect(document.querySelectorAll('.ant-table-selection-column').length).toBeGreaterThan(0);
});

it('has the shared list toolbar: 刷新 loads the list again', async () => {
  const { user } = await renderPage(CODES);
  const tools = screen.getByRole('toolbar', { name: '表格工具' });
  for (const name of ['密度', '列设置'])
    expect(within(tools).getByRole('button', { name })).toBeInTheDocument();
  await user.click(within(tools).getByRole('button', { name: '刷新' }));
  await waitFor(() => expect(api.listAnnouncements).toHaveBeenCalledTimes(2));
});

it('without the codes: no add, no row actions, no batch selection', async () => {
  await renderPage([]);
  expect(screen.queryByText(/新\s*增/, { selector: 'button, button > span' })).toBeNull();
  for (const action of ['编辑', '发布', '撤销', '删除']) expect(screen.queryByText(action)).toBeNull();
  expect(document.querySelector('.ant-table-selection-column')).toBeNull();
});

it('releases after a confirmation, shows the server message and reloads', async () => {
  const { user } = await renderPage(CODES);
  await user.click(within(rowOf('草稿公告')).getByText('发布'));
  await user.click(buttonByText(/发\s*布/, (await screen.findByRole('dialog')) as HTMLElement));
  await waitFor(() => expect(api.releaseAnnouncement).toHaveBeenCalledWith('d1'));
  expect(await screen.findByText('该系统通知发布成功')).toBeInTheDocument();
  await waitFor(() => expect(api.listAnnouncements).toHaveBeenCalledTimes(2));
});

it('filters through the URL: the search form sends the filters, a reload restores them', async () => {
  const { user, visited } = await renderPage(CODES);
  await user.type(screen.getByPlaceholderText('标题包含'), '盘点');
  await user.click(buttonByText(/查\s*询/));
  await waitFor(() =>
    expect(api.listAnnouncements).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10, titile: '*盘点*' }),
  );
  expect(visited[visited.length - 1]).toBe('/isystem/annountCement?titile=%E7%9B%98%E7%82%B9');
});

it('the add form refuses an empty title and keeps the modal open', async () => {
  const { user } = await renderPage(CODES);
  await user.click(buttonByText(/新\s*增/));
  const dialog = await screen.findByRole('dialog');
  await user.click(buttonByText(/保\s*存/, dialog));
  expect(await within(dialog).findByText('请输入标题!')).toBeInTheDocument();
  expect(api.addAnnouncement).not.toHaveBeenCalled();
  await user.click(within(dialog).getByText('指定用户'));
  await user.type(within(dialog).getByPlaceholderText('请输入标题'), '新公告');
  await user.click(buttonByText(/保\s*存/, dialog));
  expect(await within(dialog).findByText('请选择指定用户!')).toBeInTheDocument();
  expect(api.addAnnouncement).not.toHaveBeenCalled();
});
