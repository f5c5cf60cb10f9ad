import { createHash } from 'node:crypto';
import { CAPTCHA } from '../../common/constants';
import type { Database } from '../db';
import { CAPTCHA_ALPHABET, drawCaptchaSvg, randomCaptchaText } from '../modules/auth/captcha';
import { apiClient, type ApiClient } from './support/auth';
import { openTestDatabase, testBackends, type TestDatabase } from './support/database';
import { startTestServer, type TestServer } from './support/server';

const DATA_URL_PREFIX = 'data:image/svg+xml;base64,';

describe('drawing the graphic code', () => {
  it('picks 4 characters from the reference alphabet, which has no o, I or O', () => {
    const texts = Array.from({ length: 200 }, () => randomCaptchaText());
    for (const text of texts) {
      expect(text).toHaveLength(CAPTCHA.length);
      expect([...text].every((char) => CAPTCHA_ALPHABET.includes(char))).toBe(true);
    }
    expect(CAPTCHA_ALPHABET).not.toMatch(/[oIO]/);
    // Random enough that 200 draws are not all alike.
    expect(new Set(texts).size).toBeGreaterThan(190);
  });

  it('draws a 136×38 SVG with the glyphs as paths, 1 line and 100 dots, and no text anywhere', () => {
    const svg = drawCaptchaSvg('Ab3x');
    expect(svg).toMatch(/^<svg [^>]*width="136" height="38"/);
    expect(svg).not.toMatch(/<text|Ab3x|font-family/i);
    expect(svg.match(/<circle /g)).toHaveLength(CAPTCHA.dots);
    // 4 glyphs filled, 1 interference line stroked.
    expect(svg.match(/<path fill="#[0-9a-f]+" d=/gi)).toHaveLength(4);
    expect(svg.match(/<path [^>]*stroke=/g)).toHaveLength(CAPTCHA.lines);
  });
});

describe.each(testBackends())('graphic code and AES material over HTTP on %s', (backend) => {
  let testDatabase: TestDatabase;
  let database: Database;
  let server: TestServer;
  let client: ApiClient;

  beforeAll(async () => {
    testDatabase = await openTestDatabase(backend);
    database = testDatabase.database;
    server = await startTestServer({ database });
    client = apiClient(server.baseUrl);
  });
  afterAll(async () => {
    await server.close();
    await testDatabase.dispose();
  });

  const storedCode = (checkKey: string) =>
    database.db
      .selectFrom('captchas')
      .select(['code', 'expires_at'])
      .where('key_hash', '=', createHash('sha256').update(checkKey).digest('hex'))
      .executeTakeFirstOrThrow();

  it('answers GET /sys/randomImage/{checkKey} with an image data URL and keeps the code 60 s, lower-cased, under the hash of the key', async () => {
    const checkKey = String(Date.now());
    const { status, body } = await client.get<string>(`/sys/randomImage/${checkKey}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, code: 200 });
    expect(body.result.startsWith(DATA_URL_PREFIX)).toBe(true);
    const svg = Buffer.from(body.result.slice(DATA_URL_PREFIX.length), 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg /);

    const { code, expires_at } = await storedCode(checkKey);
    expect(code).toMatch(/^[a-z0-9]{4}$/);
    expect(svg.toLowerCase()).not.toContain(`>${code}<`);
    const seconds = (expires_at.getTime() - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(58);
    expect(seconds).toBeLessThanOrEqual(60);
    const keys = await database.db.selectFrom('captchas').select('key_hash').execute();
    expect(JSON.stringify(keys)).not.toContain(checkKey);
  });

  it('replaces the code when the same key asks again (the SPA refreshes on click)', async () => {
    const checkKey = 'refresh-me';
    await client.get(`/sys/randomImage/${checkKey}`);
    await client.get(`/sys/randomImage/${checkKey}`);
    const rows = await database.db
      .selectFrom('captchas')
      .select('code')
      .where('key_hash', '=', createHash('sha256').update(checkKey).digest('hex'))
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('clears expired codes nobody used', async () => {
    await client.get('/sys/randomImage/stale');
    await database.db
      .updateTable('captchas')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    await client.get('/sys/randomImage/fresh');
    expect(await database.db.selectFrom('captchas').select('code').execute()).toHaveLength(1);
  });

  it.each(['a%20b', 'x'.repeat(65), '%E4%B8%AD'])('refuses the check key %s with a 400', async (checkKey) => {
    const { status, body } = await client.get(`/sys/randomImage/${checkKey}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 400, message: expect.stringContaining('checkKey') });
  });

  it('answers GET /sys/getEncryptedString with one key and iv of 16 characters for the whole deployment', async () => {
    const first = await client.get<{ key: string; iv: string }>('/sys/getEncryptedString');
    expect(first.body).toMatchObject({ success: true, code: 200 });
    expect(first.body.result).toEqual({
      key: expect.stringMatching(/^[A-Za-z0-9]{16}$/),
      iv: expect.stringMatching(/^[A-Za-z0-9]{16}$/),
    });
    expect(first.body.result.key).not.toBe(first.body.result.iv);
    const again = await Promise.all([
      client.get('/sys/getEncryptedString'),
      client.get('/sys/getEncryptedString'),
    ]);
    for (const answer of again) expect(answer.body.result).toEqual(first.body.result);
  });
});
