// The cryptography of WeChat Pay API v3 (https://pay.weixin.qq.com/doc/v3/merchant/4012365342 and 4012071382):
// requests signed with the merchant's RSA key (SHA256-RSA2048) in the Authorization header; answers and
// notifies signed by the platform (its certificate's or the WeChat Pay public key's RSA key) over
// "timestamp\nnonce\nbody\n"; notify resources encrypted with AES-256-GCM under the merchant's APIv3 key;
// sensitive request fields (a bank account, a name) encrypted with RSA-OAEP under the platform's key.
// Node's crypto does all of it.
import {
  constants,
  createCipheriv,
  createDecipheriv,
  createPublicKey,
  createSign,
  createVerify,
  privateDecrypt,
  publicEncrypt,
  randomBytes,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';

export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
/** A notify or answer older (or newer) than this is refused: a replay or a clock far off. */
export const SIGNATURE_WINDOW_SECONDS = 300;

export const nonce = () => randomBytes(16).toString('hex').toUpperCase();
export const unixNow = () => Math.floor(Date.now() / 1000);

/** SHA256 with RSA of `message`, base64. */
export function rsaSign(privateKeyPem: string, message: string): string {
  return createSign('RSA-SHA256').update(message).sign(privateKeyPem, 'base64');
}

/** The platform's key from a certificate PEM or a public key PEM (the 微信支付公钥 mode). */
export function platformKey(pem: string): KeyObject {
  return pem.includes('BEGIN CERTIFICATE') ? new X509Certificate(pem).publicKey : createPublicKey(pem);
}

/** A sensitive field as the platform takes it: RSA-OAEP (SHA-1, as WeChat Pay specifies) under its key, base64. */
export function encryptSensitive(platformPem: string, plain: string): string {
  return publicEncrypt(
    { key: platformKey(platformPem), padding: constants.RSA_PKCS1_OAEP_PADDING },
    Buffer.from(plain, 'utf8'),
  ).toString('base64');
}

/** What the platform reads of encryptSensitive's field (the simulator's side). */
export function decryptSensitive(privatePem: string, cipher: string): string {
  return privateDecrypt(
    { key: privatePem, padding: constants.RSA_PKCS1_OAEP_PADDING },
    Buffer.from(cipher, 'base64'),
  ).toString('utf8');
}

export function rsaVerify(publicPem: string | KeyObject, message: string, signature: string): boolean {
  try {
    const key = typeof publicPem === 'string' ? platformKey(publicPem) : publicPem;
    return createVerify('RSA-SHA256').update(message).verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

/** What a request signature covers: method, path with query, timestamp, nonce, body — each line ended by \n. */
export const requestMessage = (
  method: string,
  urlPath: string,
  timestamp: number | string,
  nonceStr: string,
  body: string,
) => `${method}\n${urlPath}\n${timestamp}\n${nonceStr}\n${body}\n`;

export interface MerchantKey {
  mchId: string;
  /** The serial number of the merchant's API certificate. */
  serialNo: string;
  privateKeyPem: string;
}

/** The Authorization header of a request to WeChat Pay. */
export function authorization(
  merchant: MerchantKey,
  method: string,
  urlPath: string,
  body: string,
  timestamp = unixNow(),
  nonceStr = nonce(),
): string {
  const signature = rsaSign(
    merchant.privateKeyPem,
    requestMessage(method, urlPath, timestamp, nonceStr, body),
  );
  return `${AUTH_SCHEMA} mchid="${merchant.mchId}",nonce_str="${nonceStr}",signature="${signature}",timestamp="${timestamp}",serial_no="${merchant.serialNo}"`;
}

/** The fields of an Authorization header (the simulator checks the merchant's signature with them). */
export function parseAuthorization(header: string | undefined): Record<string, string> | null {
  if (!header?.startsWith(`${AUTH_SCHEMA} `)) return null;
  const fields: Record<string, string> = {};
  for (const match of header.slice(AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g))
    fields[match[1]] = match[2];
  return fields;
}

/** The Wechatpay-* headers of a signed answer or notify. */
export interface SignedHeaders {
  timestamp?: string;
  nonce?: string;
  signature?: string;
  serial?: string;
}

export const signedMessage = (timestamp: string | number, nonceStr: string, body: string) =>
  `${timestamp}\n${nonceStr}\n${body}\n`;

export function headersOf(headers: Record<string, string | string[] | undefined>): SignedHeaders {
  const one = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return {
    timestamp: one('wechatpay-timestamp'),
    nonce: one('wechatpay-nonce'),
    signature: one('wechatpay-signature'),
    serial: one('wechatpay-serial'),
  };
}

/**
 * Why a signed body from the platform cannot be trusted, or null when it can: the headers are all there, the
 * serial is the platform key's we hold, the timestamp is recent, and the signature verifies over the body.
 */
export function platformSignatureProblem(
  platform: { serialNo: string; publicPem: string },
  headers: SignedHeaders,
  body: string,
  now = unixNow(),
): string | null {
  if (!headers.timestamp || !headers.nonce || !headers.signature || !headers.serial) return '缺少签名';
  if (headers.serial !== platform.serialNo) return '平台证书序列号不符';
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(now - timestamp) > SIGNATURE_WINDOW_SECONDS)
    return '签名已过期';
  if (
    !rsaVerify(platform.publicPem, signedMessage(headers.timestamp, headers.nonce, body), headers.signature)
  ) {
    return '签名不符';
  }
  return null;
}

/** The encrypted resource of a notify (and of a platform certificate download). */
export interface EncryptedResource {
  algorithm: 'AEAD_AES_256_GCM';
  ciphertext: string;
  associated_data?: string;
  nonce: string;
  original_type?: string;
}

const TAG_LENGTH = 16;

/** Decrypts a resource with the APIv3 key (32 ASCII bytes); throws when it was tampered with. */
export function decryptResource(apiV3Key: string, resource: EncryptedResource): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length <= TAG_LENGTH) throw new Error('ciphertext too short');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
  );
  decipher.setAuthTag(data.subarray(data.length - TAG_LENGTH));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([
    decipher.update(data.subarray(0, data.length - TAG_LENGTH)),
    decipher.final(),
  ]).toString('utf8');
}

/** The platform's side of decryptResource (the simulator encrypts its notifies with it). */
export function encryptResource(
  apiV3Key: string,
  plaintext: string,
  associatedData: string,
  originalType: string,
): EncryptedResource {
  const nonceStr = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonceStr, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: data.toString('base64'),
    associated_data: associatedData,
    nonce: nonceStr,
    original_type: originalType,
  };
}

/** What wx.requestPayment (mini-program) or WeixinJSBridge getBrandWCPayRequest (official account) needs. */
export interface JsapiPayParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

export function jsapiPayParams(appId: string, prepayId: string, privateKeyPem: string): JsapiPayParams {
  const timeStamp = String(unixNow());
  const nonceStr = nonce();
  const pkg = `prepay_id=${prepayId}`;
  return {
    appId,
    timeStamp,
    nonceStr,
    package: pkg,
    signType: 'RSA',
    paySign: rsaSign(privateKeyPem, `${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`),
  };
}
