// A mini-program's encrypted user data (wx.getPhoneNumber's encryptedData and iv): AES-128-CBC with PKCS#7
// padding under the user's session_key (https://developers.weixin.qq.com/miniprogram/dev/framework/open-ability/signature.html).
// The plain text is JSON whose watermark.appid names the mini-program it was made for: data of another
// mini-program, or made with another session key, is not believed.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface PhoneNumberData {
  phoneNumber: string;
  purePhoneNumber: string;
  countryCode: string;
  watermark: { appid: string; timestamp: number };
}

const keyOf = (base64: string, what: string) => {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 16) throw new Error(`${what} must be 16 bytes`);
  return key;
};

/** The user data, or undefined when it does not decrypt, is no JSON or is not for `appId`. */
export function decryptUserData<T extends { watermark?: { appid?: unknown } }>(
  sessionKey: string,
  encryptedData: string,
  iv: string,
  appId: string,
): T | undefined {
  try {
    const decipher = createDecipheriv('aes-128-cbc', keyOf(sessionKey, 'session_key'), keyOf(iv, 'iv'));
    const plain = Buffer.concat([decipher.update(Buffer.from(encryptedData, 'base64')), decipher.final()]);
    const data = JSON.parse(plain.toString('utf8')) as T;
    return data?.watermark?.appid === appId ? data : undefined;
  } catch {
    return undefined;
  }
}

/** What WeChat hands the mini-program (the simulator makes it so). */
export function encryptUserData(sessionKey: string, data: unknown): { encryptedData: string; iv: string } {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-128-cbc', keyOf(sessionKey, 'session_key'), iv);
  const encrypted = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()]);
  return { encryptedData: encrypted.toString('base64'), iv: iv.toString('base64') };
}
