// Browser side effects of the third-party flows behind plain functions, so sagas `call` them and tests
// replace them: leaving for a party's page, detecting the messaging apps' browsers, loading the JS-SDK and
// setting the share content.
import type { WxConfigParams } from '../../api/thirdParty';

export function assignLocation(url: string): void {
  window.location.assign(url);
}

/** WeChat's and WeCom's in-app browsers ("MicroMessenger", and "wxwork" for WeCom). */
export function isMessengerBrowser(userAgent: string): boolean {
  return /MicroMessenger|wxwork/i.test(userAgent);
}

/** The share content the page sets (fixed, spec §2 "mini-program share"). */
export interface ShareContent {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}

interface ShareOptions extends ShareContent {
  success?: () => void;
}

/** The part of WeChat's JS-SDK (`window.wx`) the share uses. */
export interface WxSdk {
  config(config: WxConfigParams & { debug: boolean; jsApiList: string[] }): void;
  ready(callback: () => void): void;
  error(callback: (result: { errMsg?: string }) => void): void;
  updateAppMessageShareData(options: ShareOptions): void;
  updateTimelineShareData(options: ShareOptions): void;
}

const SCRIPT_TIMEOUT_MS = 15000;

/** Loads the JS-SDK script once and gives `window.wx`. */
export function loadJsSdk(src: string): Promise<WxSdk> {
  const loaded = (window as { wx?: WxSdk }).wx;
  if (loaded) return Promise.resolve(loaded);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    const timer = setTimeout(() => reject(new Error(`JS-SDK 加载超时：${src}`)), SCRIPT_TIMEOUT_MS);
    script.src = src;
    script.async = true;
    script.onload = () => {
      clearTimeout(timer);
      const wx = (window as { wx?: WxSdk }).wx;
      if (wx) resolve(wx);
      else reject(new Error(`JS-SDK 未定义 wx：${src}`));
    };
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error(`JS-SDK 加载失败：${src}`));
    };
    document.head.appendChild(script);
  });
}

const SHARE_APIS = ['updateAppMessageShareData', 'updateTimelineShareData'];

/** Configures the SDK with the server's signature and, once it is ready, sets the share content. */
export function applyShare(wx: WxSdk, params: WxConfigParams, content: ShareContent): Promise<void> {
  return new Promise((resolve, reject) => {
    wx.error((result) => reject(new Error(`wx.config 失败：${result.errMsg ?? ''}`)));
    wx.ready(() => {
      wx.updateAppMessageShareData(content);
      wx.updateTimelineShareData(content);
      resolve();
    });
    wx.config({ debug: false, ...params, jsApiList: SHARE_APIS });
  });
}

/** A reason the share was skipped, for whoever reads the console of an in-app browser. */
export function logShareSkipped(reason: string): void {
  console.info(`[share] ${reason}`);
}
