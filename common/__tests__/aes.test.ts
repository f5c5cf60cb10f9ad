import { createCipheriv } from 'node:crypto';
import { aesEncrypt } from '../aes';

const KEY = '1234567890adbcde';
const IV = '1234567890hjlkew';

/** The same cipher done independently with Node: AES-128-CBC over the UTF-8 bytes padded with zero bytes. */
function nodeEncrypt(word: string, key: string, iv: string): string {
  const plain = Buffer.from(word, 'utf8');
  const padded = Buffer.concat([plain, Buffer.alloc((16 - (plain.length % 16)) % 16)]);
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(key, 'utf8'), Buffer.from(iv, 'utf8'));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]).toString('base64');
}

describe('aesEncrypt', () => {
  it('matches a ciphertext computed with Node and openssl', () => {
    expect(aesEncrypt('hello', KEY, IV)).toBe('2250le6gNHIVXcwsofc0pw==');
  });

  it.each([
    ['one byte', 'a'],
    ['15 bytes', 'abcdefghijklmno'],
    ['exactly one block, no padding added', 'abcdefghijklmnop'],
    ['17 bytes', 'abcdefghijklmnopq'],
    ['multi-byte UTF-8', '密码Pa$$w0rd'],
  ])('agrees with Node for %s', (_, word) => {
    expect(aesEncrypt(word, KEY, IV)).toBe(nodeEncrypt(word, KEY, IV));
  });

  it('outputs whole blocks of ciphertext only (no salt or iv prefix)', () => {
    expect(Buffer.from(aesEncrypt('abcdefghijklmnop', KEY, IV), 'base64')).toHaveLength(16);
    expect(Buffer.from(aesEncrypt('abcdefghijklmnopq', KEY, IV), 'base64')).toHaveLength(32);
  });

  it('gives empty text for an empty word', () => {
    expect(aesEncrypt('', KEY, IV)).toBe('');
  });

  it('depends on the iv', () => {
    expect(aesEncrypt('hello', KEY, 'abcdefghijklmnop')).not.toBe(aesEncrypt('hello', KEY, IV));
  });

  it.each([
    ['a 15-byte key', KEY.slice(1), IV],
    ['a 17-byte key', `${KEY}x`, IV],
    ['a 32-byte key', KEY + KEY, IV],
    ['16 characters that are 48 bytes', '密'.repeat(16), IV],
    ['a 15-byte iv', KEY, IV.slice(1)],
  ])('refuses %s', (_, key, iv) => {
    expect(() => aesEncrypt('hello', key, iv)).toThrow(RangeError);
  });
});
