import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MicroFrontendPage, { MICRO_FRONTEND_TEXTS } from '../../../src/pages/test/MicroFrontendPage';

const DEV_HOST = 'http://127.0.0.1:7101/';
let devHostUp = false;

beforeEach(() => {
  devHostUp = false;
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    if (String(url) === '/site-config.json') {
      return { ok: true, status: 200, json: async () => ({ microFrontendUrl: DEV_HOST }) } as Response;
    }
    if (String(url) === DEV_HOST && devHostUp) return { ok: false, status: 0, type: 'opaque' } as Response;
    throw new TypeError('Failed to fetch');
  }) as typeof fetch;
});

it('embeds the configured dev host once it answers', async () => {
  devHostUp = true;
  render(<MicroFrontendPage />);
  const frame = await screen.findByTitle('微前端应用');
  expect(frame).toHaveAttribute('src', DEV_HOST);
});

it('says in Chinese that the dev host is not reachable, and checks again on request', async () => {
  const user = userEvent.setup();
  render(<MicroFrontendPage />);
  expect(await screen.findByText(MICRO_FRONTEND_TEXTS.title)).toBeInTheDocument();
  expect(screen.getByText(MICRO_FRONTEND_TEXTS.unreachable(DEV_HOST))).toBeInTheDocument();
  expect(screen.queryByTitle('微前端应用')).not.toBeInTheDocument();

  devHostUp = true;
  await user.click(screen.getByRole('button', { name: MICRO_FRONTEND_TEXTS.retry }));
  expect(await screen.findByTitle('微前端应用')).toHaveAttribute('src', DEV_HOST);
});
