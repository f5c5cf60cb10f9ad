// WeChat's message encryption (消息加解密), as the third-party platform's pushes use it (component_verify_ticket,
// authorisation changes) and WeCom's callbacks too: the body's <Encrypt> is AES-256-CBC under the
// EncodingAESKey (43 base64 characters: key = base64(aesKey + "="), IV = its first 16 bytes), PKCS#7 padded to
// 32-byte blocks, of 16 random bytes + the message's length (4 bytes, big-endian) + the message + the appid
// it is for; msg_signature = SHA1 of token, timestamp, nonce and the Encrypt text, sorted and joined.
// https://developers.weixin.qq.com/doc/oplatform/Third-party_Platforms/2.0/api/Before_Develop/Message_encryption_and_decryption.html
// (The npm packages of this scheme, wechat-crypto and @wecom/crypto, are unmaintained and unpad leniently.)
import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const BLOCK = 32;

export interface MessageKeys {
  /** The platform's message-check Token (消息校验Token). */
  token: string;
  /** The EncodingAESKey (消息加解密Key), 43 characters. */
  aesKey: string;
}

function keyOf(aesKey: string) {
  const key = Buffer.from(`${aesKey}=`, 'base64');
  if (aesKey.length !== 43 || key.length !== 32) throw new Error('EncodingAESKey must be 43 characters');
  return { key, iv: key.subarray(0, 16) };
}

export function messageSignature(token: string, timestamp: string, nonce: string, encrypt: string): string {
  return createHash('sha1').update([token, timestamp, nonce, encrypt].sort().join('')).digest('hex');
}

/** Whether `signature` is the msg_signature of these values (compared in constant time). */
export function signatureMatches(
  keys: MessageKeys,
  signature: string,
  timestamp: string,
  nonce: string,
  encrypt: string,
): boolean {
  const expected = Buffer.from(messageSignature(keys.token, timestamp, nonce, encrypt));
  const given = Buffer.from(signature.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The Encrypt text of `message` for `appId`. */
export function encryptMessage(keys: MessageKeys, message: string, appId: string): string {
  const { key, iv } = keyOf(keys.aesKey);
  const body = Buffer.from(message, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length, 0);
  const plain = Buffer.concat([randomBytes(16), length, body, Buffer.from(appId, 'utf8')]);
  const pad = BLOCK - (plain.length % BLOCK);
  const cipher = createCipheriv('aes-256-cbc', key, iv).setAutoPadding(false);
  return Buffer.concat([
    cipher.update(Buffer.concat([plain, Buffer.alloc(pad, pad)])),
    cipher.final(),
  ]).toString('base64');
}

/** The message and the appid it was encrypted for; undefined when it does not decrypt or is malformed. */
export function decryptMessage(
  keys: MessageKeys,
  encrypt: string,
): { message: string; appId: string } | undefined {
  try {
    const { key, iv } = keyOf(keys.aesKey);
    const decipher = createDecipheriv('aes-256-cbc', key, iv).setAutoPadding(false);
    const plain = Buffer.concat([decipher.update(Buffer.from(encrypt, 'base64')), decipher.final()]);
    const pad = plain.length > 0 ? plain[plain.length - 1] : 0;
    if (pad < 1 || pad > BLOCK || pad > plain.length || plain.subarray(-pad).some((byte) => byte !== pad))
      return undefined;
    const content = plain.subarray(0, plain.length - pad);
    if (content.length < 20) return undefined;
    const length = content.readUInt32BE(16);
    if (20 + length > content.length) return undefined;
    return {
      message: content.subarray(20, 20 + length).toString('utf8'),
      appId: content.subarray(20 + length).toString('utf8'),
    };
  } catch {
    return undefined;
  }
}
