import { applyRemScale, isMobileUserAgent, remFontSize } from '../../src/utils/device';

const AGENTS = {
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/604.1',
  wecomPhone:
    'Mozilla/5.0 (Linux; Android 13; V2302A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 wxwork/4.1.22 MicroMessenger/7.0.1',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
};

describe('isMobileUserAgent', () => {
  it.each(['iPhone', 'android', 'iPad', 'wecomPhone'] as const)('%s is mobile', (name) => {
    expect(isMobileUserAgent(AGENTS[name])).toBe(true);
  });
  it.each(['windowsChrome', 'macSafari', 'linuxFirefox'] as const)('%s is desktop', (name) => {
    expect(isMobileUserAgent(AGENTS[name])).toBe(false);
  });
});

describe('remFontSize (750 design width, capped at 540, 1rem = 100 design px)', () => {
  it.each([
    [750, 72],
    [540, 72],
    [1440, 72],
    [375, 50],
    [390, 52],
    [320, 42.6667],
    [0, 0],
  ])('%i px wide → %f px', (width, expected) => {
    expect(remFontSize(width)).toBeCloseTo(expected, 3);
  });
});

describe('applyRemScale', () => {
  afterEach(() => {
    document.documentElement.style.fontSize = '';
  });

  it('sizes <html> from the window, follows resizes and restores the previous size when stopped', () => {
    document.documentElement.style.fontSize = '14px';
    Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 375 });
    const stop = applyRemScale(window);
    expect(document.documentElement.style.fontSize).toBe('50px');

    Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 600 });
    window.dispatchEvent(new Event('resize'));
    expect(document.documentElement.style.fontSize).toBe('72px');

    stop();
    expect(document.documentElement.style.fontSize).toBe('14px');
    window.dispatchEvent(new Event('resize'));
    expect(document.documentElement.style.fontSize).toBe('14px');
  });
});
