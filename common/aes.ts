// The AES helper of API.md §7.5: AES-128-CBC with zero padding, Base64 of the ciphertext only, using the
// {key, iv} of GET /sys/getEncryptedString. It mirrors the reference contract; it is not a security measure.

import AES from 'crypto-js/aes';
import CryptoJS from 'crypto-js/core';
import Base64 from 'crypto-js/enc-base64';
import Utf8 from 'crypto-js/enc-utf8';
import ZeroPadding from 'crypto-js/pad-zeropadding';

/** AES-128: key and iv are 16 bytes each. */
export const AES_KEY_BYTES = 16;

/** The UTF-8 bytes of `text`, refusing anything but 16 bytes so a wrong key never silently selects AES-192/256. */
function sixteenBytes(text: string, name: 'key' | 'iv'): CryptoJS.lib.WordArray {
  const bytes = Utf8.parse(text);
  if (bytes.sigBytes !== AES_KEY_BYTES) {
    throw new RangeError(`AES ${name} must be ${AES_KEY_BYTES} bytes of UTF-8, got ${bytes.sigBytes}`);
  }
  return bytes;
}

/** Encrypts the UTF-8 bytes of `word`; an empty word gives ''. */
export function aesEncrypt(word: string, key: string, iv: string): string {
  const encrypted = AES.encrypt(Utf8.parse(word), sixteenBytes(key, 'key'), {
    iv: sixteenBytes(iv, 'iv'),
    // CBC lives in cipher-core, which crypto-js/aes loads onto the shared CryptoJS object.
    mode: CryptoJS.mode.CBC,
    padding: ZeroPadding,
  });
  return Base64.stringify(encrypted.ciphertext);
}
