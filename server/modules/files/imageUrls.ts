// The image addresses a record may keep (a customer's door photo, a SKU's pictures): an image uploaded to this
// server (the exact path the files module answers), or an https address on a host the operator allows
// (IMAGE_URL_HOSTS). Anything else — another site, a protocol-relative `//host/…`, `/\host/…` that browsers
// read as another host — would make the back office show, and the browser fetch, whatever it points at.
import { BusinessError } from '../../http/envelope';

export const IMAGE_URL_MESSAGE = '图片地址无效：请上传图片，或使用允许的 https 图片地址';

const OWN_IMAGE_PATH = /^\/sys\/file\/view\/[A-Za-z0-9]{1,64}$/;

export function isAllowedImageUrl(url: string, allowedHosts: readonly string[]): boolean {
  if (OWN_IMAGE_PATH.test(url)) return true;
  if (!/^https:\/\/[A-Za-z0-9.[-]/.test(url)) return false;
  try {
    const parsed = new URL(url);
    return !parsed.username && !parsed.password && allowedHosts.includes(parsed.hostname.toLowerCase());
  } catch {
    return false;
  }
}

/** A 400 with the reason when one of `urls` may not be kept. */
export function checkImageUrls(urls: readonly string[], allowedHosts: readonly string[]): void {
  if (urls.some((url) => !isAllowedImageUrl(url, allowedHosts)))
    throw new BusinessError(400, IMAGE_URL_MESSAGE);
}
