import type { NoticeApi } from '../../src/utils/notifier';
import { notify, registerNoticeApi, toast } from '../../src/utils/notifier';

function fakeApi() {
  const notification = { error: jest.fn(), warning: jest.fn(), info: jest.fn(), success: jest.fn() };
  const message = { error: jest.fn(), warning: jest.fn(), info: jest.fn(), success: jest.fn() };
  return { notification, message, api: { notification, message } as unknown as NoticeApi };
}

it('keeps notices raised before the app mounted and shows them once antd is registered', () => {
  notify('error', '拒绝访问');
  toast('warning', '文件下载失败');
  const { api, notification, message } = fakeApi();

  const unregister = registerNoticeApi(api);

  expect(notification.error).toHaveBeenCalledWith({ title: '拒绝访问', description: undefined, duration: 4 });
  expect(message.warning).toHaveBeenCalledWith('文件下载失败');

  notify('info', '系统消息', '正文');
  expect(notification.info).toHaveBeenCalledWith({ title: '系统消息', description: '正文', duration: 4 });
  expect(notification.error).toHaveBeenCalledTimes(1);
  unregister();
});

it('stops using an instance once it is unregistered', () => {
  const first = fakeApi();
  const unregister = registerNoticeApi(first.api);
  unregister();

  notify('error', '网络超时');
  expect(first.notification.error).not.toHaveBeenCalled();

  const second = fakeApi();
  registerNoticeApi(second.api);
  expect(second.notification.error).toHaveBeenCalledWith({
    title: '网络超时',
    description: undefined,
    duration: 4,
  });
});
