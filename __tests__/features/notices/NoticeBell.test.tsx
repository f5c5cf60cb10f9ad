import { act, screen, waitFor, within } from '@testing-library/react';
import { NoticeBell } from '../../../src/features/notices/NoticeBell';
import {
  noticesLoaded,
  noticesPollRequested,
  NOTICES_STATUS_TITLE,
  statusReported,
} from '../../../src/features/notices/slice';
import { announcement } from '../../support/announcements';
import { buttonByText, renderSignIn, setupUser } from '../../support/signIn';

const lists = {
  anntMsgList: [
    announcement('a1', '五一放假通知', {
      priority: 'H',
      priority_dictText: '紧急',
      msgContent: '<p>放假<img src="x" onerror="window.hacked=1"><script>window.hacked=2</script></p>',
    }),
    announcement('a2', '仓库盘点'),
  ],
  anntMsgTotal: 7,
  sysMsgList: [announcement('s1', '系统升级', { msgCategory: '2', msgCategory_dictText: '系统消息' })],
  sysMsgTotal: 1,
};

async function renderBell() {
  const app = await renderSignIn(<NoticeBell />, {
    prepare: (store) => store.dispatch(noticesLoaded(lists)),
  });
  const user = setupUser();
  return { ...app, user };
}

async function openPopover(user: ReturnType<typeof setupUser>) {
  await user.click(screen.getByRole('button', { name: /消息通知/ }));
  return screen.findByText('五一放假通知');
}

describe('NoticeBell', () => {
  it('shows the unread count of both tabs in the badge', async () => {
    await renderBell();
    expect(screen.getByRole('button', { name: /消息通知/ })).toHaveTextContent('8');
  });

  it('lists notices and system messages in two tabs, each with 查看更多 to the message page', async () => {
    const { user, visited } = await renderBell();
    await openPopover(user);
    expect(screen.getByText('通知(7)')).toBeInTheDocument();
    expect(screen.getByText('仓库盘点')).toBeInTheDocument();
    expect(screen.getByText('紧急')).toBeInTheDocument();
    await user.click(screen.getByText('系统消息(1)'));
    expect(await screen.findByText('系统升级')).toBeInTheDocument();
    const more = screen.getAllByText('查看更多');
    await user.click(more[more.length - 1]);
    expect(visited).toContain('/isps/userAnnouncement');
  });

  it('opening an item shows the detail modal with the sanitised body, 60% wide, fullscreen on demand', async () => {
    const { user, store } = await renderBell();
    await user.click(await openPopover(user));
    const dialog = await screen.findByRole('dialog');
    expect(store.getState().notices.detail).toMatchObject({ open: true, announcement: { id: 'a1' } });
    expect(within(dialog).getByText('五一放假通知')).toBeInTheDocument();
    expect(within(dialog).getByText('发布人：admin')).toBeInTheDocument();
    expect(within(dialog).getByText('发布时间：2026-11-21 10:00:00')).toBeInTheDocument();
    const body = dialog.querySelector('.announcement-content') as HTMLElement;
    expect(body.innerHTML).toBe('<p>放假<img src="x"></p>');
    const modal =
      dialog.closest('.ant-modal') ?? (document.querySelector('.announcement-modal') as HTMLElement);
    expect((modal as HTMLElement).style.width).toBe('60%');
    await user.click(within(dialog).getByRole('button', { name: '全屏' }));
    await waitFor(() => expect((modal as HTMLElement).style.width).toBe('100%'));
    await user.click(buttonByText(/关\s*闭/, dialog));
    await waitFor(() => expect(store.getState().notices.detail.open).toBe(false));
  });

  it('a failed load says so and offers to start the poll again', async () => {
    const { user, store } = await renderBell();
    act(() => {
      store.dispatch(
        statusReported({ title: NOTICES_STATUS_TITLE, status: 'error', message: 'Network Error' }),
      );
    });
    const dispatch = jest.spyOn(store, 'dispatch');
    await openPopover(user);
    expect(screen.getByText('消息加载失败：Network Error')).toBeInTheDocument();
    await user.click(buttonByText(/重新加载/));
    expect(dispatch).toHaveBeenCalledWith(noticesPollRequested());
  });
});
