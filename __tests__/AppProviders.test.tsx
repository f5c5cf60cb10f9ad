import { act, render, screen } from '@testing-library/react';
import { Empty, theme } from 'antd';
import { AppProviders } from '../src/AppProviders';
import { selectToken } from '../src/features/session/selectors';
import { configureAppStore } from '../src/store';
import { useAppSelector } from '../src/store/hooks';
import { notify, toast } from '../src/utils/notifier';

function Probe() {
  const token = useAppSelector(selectToken);
  const { token: design } = theme.useToken();
  return (
    <>
      <p>令牌: {token ?? '无'}</p>
      <p>主色: {design.colorPrimary}</p>
      <Empty />
    </>
  );
}

function renderApp() {
  const { store, persistor } = configureAppStore();
  render(
    <AppProviders store={store} persistor={persistor}>
      <Probe />
    </AppProviders>,
  );
}

beforeEach(() => localStorage.clear());

it('renders only after the session is restored from storage', async () => {
  localStorage.setItem('pro__Access-Token', JSON.stringify({ value: 'tok-9', expire: null }));
  renderApp();
  expect(await screen.findByText('令牌: tok-9')).toBeInTheDocument();
  expect(screen.queryByText('令牌: 无')).not.toBeInTheDocument();
});

it('configures antd in Chinese with the default primary colour #1890FF', async () => {
  renderApp();
  expect(await screen.findByText(/^主色: #1890ff$/i)).toBeInTheDocument();
  expect(screen.getByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
});

it("shows the notifier's notices through antd's App context", async () => {
  renderApp();
  await screen.findByText('暂无数据', { selector: '.ant-empty-description' });
  act(() => {
    notify('error', '拒绝访问');
    toast('warning', '文件下载失败');
  });
  expect(await screen.findByText('拒绝访问')).toBeInTheDocument();
  expect(await screen.findByText('文件下载失败')).toBeInTheDocument();
});
