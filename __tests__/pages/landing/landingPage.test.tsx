import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BANNER_COUNT } from '../../../common/constants';
import { Banner, BANNER_SETTINGS } from '../../../src/pages/landing/Banner';
import { LandingPage } from '../../../src/pages/landing/LandingPage';

const siteConfig = readFileSync(path.resolve(__dirname, '../../../public/site-config.json'), 'utf8');
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

function useAgent(userAgent: string) {
  jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(userAgent);
}

beforeEach(() => {
  // The site configuration as the server serves it from public/.
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    if (String(url) !== '/site-config.json') throw new TypeError(`unexpected fetch ${String(url)}`);
    return { ok: true, status: 200, json: async () => JSON.parse(siteConfig) as unknown } as Response;
  }) as typeof fetch;
});

afterEach(() => {
  jest.restoreAllMocks();
  document.documentElement.style.fontSize = '';
});

describe('the banner', () => {
  it('advances every 5000 ms, loops, pauses on hover and has clickable dots (spec §9)', () => {
    expect(BANNER_SETTINGS).toMatchObject({
      autoplay: true,
      autoplaySpeed: 5000,
      infinite: true,
      pauseOnHover: true,
      dots: true,
    });
  });

  it('shows six slides, each a picture with its title, and one dot per slide', async () => {
    const user = userEvent.setup();
    const { container } = render(<Banner className="lp-banner" />);
    // The first slide at once, the carousel from its chunk.
    expect(container.querySelector('.lp-slide img')).toHaveAttribute('fetchpriority', 'high');
    await waitFor(() => expect(container.querySelector('.slick-slider')).toBeInTheDocument());
    const slides = container.querySelectorAll('.slick-slide:not(.slick-cloned)');
    expect(slides).toHaveLength(BANNER_COUNT);
    slides.forEach((slide) => {
      expect(slide.querySelector('img')?.getAttribute('src')).toMatch(/^\/landing\/banner-\d-[a-z]+\.svg$/);
      expect(slide.querySelector('h2')?.textContent).toBeTruthy();
    });
    const dots = container.querySelectorAll('.lp-banner-dots li');
    expect(dots).toHaveLength(BANNER_COUNT);
    expect(dots[0]).toHaveClass('slick-active');
    await user.click(within(dots[3] as HTMLElement).getByRole('button'));
    expect(dots[3]).toHaveClass('slick-active');
  });
});

describe('desktop or mobile by user agent', () => {
  it('a desktop browser gets the desktop page with the header, every module and the service panel', async () => {
    useAgent(DESKTOP_UA);
    const onAction = jest.fn();
    const user = userEvent.setup();
    render(<LandingPage onAction={onAction} />);

    const panel = screen.getByRole('complementary', { name: '在线客服' });
    for (const label of ['联系客服', '咨询顾问', '扫码体验']) {
      expect(within(panel).getByAltText(`${label}二维码`)).toHaveAttribute(
        'src',
        expect.stringMatching(/^\/landing\/qr\//),
      );
    }
    for (const module of [
      '客户管理',
      '促销管理',
      '合作协议',
      '陈列协议',
      '库龄管理',
      '冰柜资产管理',
      'B2B2b 商城',
      '员工价小程序',
    ]) {
      expect(screen.getByRole('heading', { name: module, level: 3 })).toBeInTheDocument();
    }
    expect(await screen.findByText('service@qudaoshuzi.com')).toBeInTheDocument();
    expect(screen.getByText('business@qudaoshuzi.com')).toBeInTheDocument();
    expect(document.querySelector('.mp-page')).toBeNull();

    const header = screen.getByRole('banner');
    await user.click(within(header).getByRole('button', { name: '登录' }));
    await user.click(within(header).getByRole('link', { name: '企业微信扫码登录' }));
    await user.click(within(header).getByRole('button', { name: '安装到企业微信' }));
    await user.click(within(header).getByRole('button', { name: '免费注册' }));
    expect(onAction.mock.calls).toEqual([['login'], ['qrLogin'], ['install'], ['register']]);
    // The products scroll to the sections that present them.
    for (const [name, section] of [
      ['渠道管理', 'lp-features'],
      ['订货商城', 'lp-feature-mall'],
      ['员工价小程序', 'lp-roles'],
    ]) {
      expect(within(header).getByRole('link', { name })).toHaveAttribute('href', `#${section}`);
      expect(document.getElementById(section)).not.toBeNull();
    }
    expect(within(header).getByRole('link', { name: '开放平台' })).toHaveAttribute('target', '_blank');
  });

  it('a phone gets the mobile layout on the rem scale, without the service panel, with the consulting button', async () => {
    useAgent(IPHONE_UA);
    Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 375 });
    const onAction = jest.fn();
    const user = userEvent.setup();
    const { unmount } = render(<LandingPage onAction={onAction} />);

    expect(screen.queryByRole('complementary', { name: '在线客服' })).not.toBeInTheDocument();
    expect(document.querySelector('.lp-header')).toBeNull();
    for (const heading of ['移动销售助手', 'B2B2b 商城', '员工价小程序']) {
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    }
    expect(
      screen
        .getAllByRole('listitem')
        .map((item) => item.querySelector('strong')?.textContent)
        .filter(Boolean),
    ).toEqual(['品牌商', '经销商', '终端门店', '消费者']);
    expect(document.documentElement.style.fontSize).toBe('50px');
    const consult = screen.getByRole('link', { name: '立即咨询' });
    await screen.findByText(/浙ICP备/);
    expect(consult).toHaveAttribute('href', JSON.parse(siteConfig).serviceLinks.contactService);

    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(onAction).toHaveBeenCalledWith('login');
    unmount();
    expect(document.documentElement.style.fontSize).toBe('');
  });
});
