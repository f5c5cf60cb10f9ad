import { Component, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useRoutes } from 'react-router';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../common/constants';
import { toRouteObjects } from '../../src/router/AppRoutes';
import { isChunkLoadError, lazyPage, type PageModule } from '../../src/router/lazyPage';
import { reloadPage } from '../../src/utils/browser';

jest.mock('../../src/utils/browser', () => ({
  ...jest.requireActual('../../src/utils/browser'),
  reloadPage: jest.fn(),
}));

function chunkLoadError(): Error {
  // What webpack's runtime rejects with when a chunk script fails.
  const error = new Error('Loading chunk 42 failed.\n(error: http://localhost/js/42.chunk.js)');
  error.name = 'ChunkLoadError';
  return error;
}

/** Stands for the app's outer error handling: catches what the chunk boundary lets through. */
class OuterBoundary extends Component<{ children: ReactNode }, { message: string | null }> {
  state = { message: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { message: error.message };
  }
  render() {
    return this.state.message === null ? this.props.children : <p>外层错误: {this.state.message}</p>;
  }
}

function renderPage(load: () => Promise<PageModule>) {
  const page = lazyPage(load);
  function Routes() {
    return useRoutes(toRouteObjects([{ path: '/page', component: page }]));
  }
  render(
    <OuterBoundary>
      <MemoryRouter initialEntries={['/page']}>
        <Routes />
      </MemoryRouter>
    </OuterBoundary>,
  );
}

let consoleError: jest.SpyInstance;

beforeEach(() => {
  jest.mocked(reloadPage).mockReset();
  // React reports every caught render error on the console.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  consoleError.mockRestore();
  jest.useRealTimers();
});

describe('a page whose chunk fails to load', () => {
  it('shows the failure with a reload action (ChunkLoadError)', async () => {
    renderPage(() => Promise.reject(chunkLoadError()));

    expect(await screen.findByText('页面资源加载失败')).toBeInTheDocument();
    expect(screen.getByText('请检查网络后重新加载')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('recognises a CSS chunk error', async () => {
    renderPage(() => Promise.reject(new Error('Loading CSS chunk 7 failed.\n(/css/7.chunk.css)')));
    expect(await screen.findByText('页面资源加载失败')).toBeInTheDocument();
  });

  it('gives up after 120 s without the chunk', async () => {
    jest.useFakeTimers();
    renderPage(() => new Promise<PageModule>(() => undefined));

    await act(async () => {
      await jest.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    });
    expect(screen.queryByText('页面资源加载失败')).not.toBeInTheDocument();

    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByText('页面资源加载失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeInTheDocument();
  });

  it('leaves other errors to the outer boundary', async () => {
    renderPage(() => Promise.reject(new TypeError('x is not a function')));
    expect(await screen.findByText('外层错误: x is not a function')).toBeInTheDocument();
    expect(screen.queryByText('页面资源加载失败')).not.toBeInTheDocument();
  });
});

describe('lazyPage', () => {
  it('renders the page once its chunk arrives, within the timeout', async () => {
    jest.useFakeTimers();
    renderPage(
      () =>
        new Promise<PageModule>((resolve) =>
          setTimeout(() => resolve({ default: () => <p>页面内容</p> }), CHUNK_LOAD_TIMEOUT_MS - 1000),
        ),
    );
    await act(async () => {
      await jest.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    });
    expect(screen.getByText('页面内容')).toBeInTheDocument();
    expect(screen.queryByText('页面资源加载失败')).not.toBeInTheDocument();
  });
});

describe('isChunkLoadError', () => {
  it.each([
    [chunkLoadError(), true],
    [new Error('Loading CSS chunk 3 failed.'), true],
    [new Error('Loading chunk 3 failed.'), false],
    [new TypeError('boom'), false],
    ['ChunkLoadError', false],
  ])('%p -> %p', (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });
});
