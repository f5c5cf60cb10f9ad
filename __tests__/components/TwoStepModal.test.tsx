import { act, render, screen, waitFor } from '@testing-library/react';
import { TwoStepModal } from '../../src/components/TwoStepModal';
import { buttonByText, findDialog, setupUser } from '../support/signIn';

function renderModal() {
  const handlers = { onSuccess: jest.fn(), onCancel: jest.fn(), onLostPhone: jest.fn() };
  render(<TwoStepModal open {...handlers} />);
  return handlers;
}

const input = () => screen.getByPlaceholderText('000000');
const continueButton = () => buttonByText(/继\s*续/);

afterEach(() => jest.useRealTimers());

it('shows the title, the prompt, the lost-phone link and the back/continue buttons', async () => {
  renderModal();
  expect(await findDialog('两步验证')).toBeInTheDocument();
  expect(screen.getByText('请输入 6 位动态码')).toBeInTheDocument();
  expect(buttonByText('遗失手机?')).toBeInTheDocument();
  expect(buttonByText(/返\s*回/)).toBeInTheDocument();
  expect(continueButton()).toBeInTheDocument();
});

it.each([[''], ['12345'], ['12a456'], ['abcdef']])(
  'refuses %p with 请输入 6 位动态码! and emits nothing',
  async (code) => {
    const user = setupUser();
    const { onSuccess } = renderModal();
    if (code) {
      await user.click(input());
      await user.paste(code);
    }
    await user.click(continueButton());
    expect(await screen.findByText('请输入 6 位动态码!')).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  },
);

it('takes at most 6 characters', async () => {
  const user = setupUser();
  renderModal();
  await user.click(input());
  await user.paste('1234567');
  expect(input()).toHaveValue('123456');
});

it('a valid code shows verifying for 2 seconds, then emits it', async () => {
  jest.useFakeTimers();
  const user = setupUser({ advanceTimers: jest.advanceTimersByTime });
  const { onSuccess } = renderModal();
  await user.click(input());
  await user.paste('654321');
  await user.click(continueButton());

  expect(await screen.findByText('正在验证..请稍后')).toBeInTheDocument();
  expect(continueButton()).toHaveClass('ant-btn-loading');
  await act(() => jest.advanceTimersByTimeAsync(1999));
  expect(onSuccess).not.toHaveBeenCalled();
  await act(() => jest.advanceTimersByTimeAsync(1));
  expect(onSuccess).toHaveBeenCalledWith('654321');
  expect(onSuccess).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(screen.queryByText('正在验证..请稍后')).not.toBeInTheDocument());
});

it.each([
  ['while verifying', true],
  ['while the code is being checked', false],
])('返回 cancels %s: the code is then never emitted', async (_when, waitForVerifying) => {
  jest.useFakeTimers();
  const user = setupUser({ advanceTimers: jest.advanceTimersByTime });
  const { onSuccess, onCancel } = renderModal();
  await user.click(input());
  await user.paste('654321');
  await user.click(continueButton());
  if (waitForVerifying) await screen.findByText('正在验证..请稍后');
  await user.click(buttonByText(/返\s*回/));
  expect(onCancel).toHaveBeenCalledTimes(1);
  await act(() => jest.advanceTimersByTimeAsync(3000));
  expect(onSuccess).not.toHaveBeenCalled();
});

it('遗失手机? asks the page for help', async () => {
  const user = setupUser();
  const { onLostPhone } = renderModal();
  await user.click(buttonByText('遗失手机?'));
  expect(onLostPhone).toHaveBeenCalledTimes(1);
});
