import { createHash } from 'node:crypto';
import { CAPTCHA } from '../../common/constants';
import type { Database } from '../db';
import sharp from 'sharp';
import glyphPath from 'svg-captcha/lib/ch-to-path.js';
import { options as bundledFont } from 'svg-captcha/lib/option-manager.js';
import { captchaMatches } from '../../common/validators';
import { CAPTCHA_ALPHABET, drawCaptchaPng, randomCaptchaText } from '../modules/auth/captcha';
import { apiClient, type ApiClient } from './support/auth';
import { openTestDatabase, testBackends, type TestDatabase } from './support/database';
import { startTestServer, type TestServer } from './support/server';

const DATA_URL_PREFIX = 'data:image/png;base64,';

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

  it('draws a 136×38 PNG, different every time for the same text', async () => {
    const [first, second] = await Promise.all([drawCaptchaPng('Ab3x'), drawCaptchaPng('Ab3x')]);
    expect(await sharp(first).metadata()).toMatchObject({ format: 'png', width: 136, height: 38 });
    expect(first.equals(second)).toBe(false);
  });

  it('defeats matching the glyphs against the font: a matcher that reads clean renderings reads almost none of these', async () => {
    const texts = Array.from({ length: 6 }, () => randomCaptchaText());
    const clean = await Promise.all(texts.map((text) => greyPixels(cleanSvg(text))));
    const drawn = await Promise.all(texts.map(async (text) => greyPixels(await drawCaptchaPng(text))));
    const templates = await glyphTemplates();
    const solved = (images: Uint8Array[]) =>
      images.filter((pixels, index) => captchaMatches(readByTemplates(pixels, templates), texts[index]))
        .length;
    // The matcher works (on the same glyphs, upright and clean) ...
    expect(solved(clean)).toBeGreaterThanOrEqual(4);
    // ... and not on the captcha (the old SVG captcha was read 10 times of 10).
    expect(solved(drawn)).toBeLessThanOrEqual(1);
  });
});

// ---- A template-matching reader, as an attacker would write it ----

const { width: W, height: H } = CAPTCHA;
const SLOT = (W - 16) / CAPTCHA.length;
const HALF = 17;
const TEMPLATE_SIZE = 46;

const slotX = (index: number) => 8 + SLOT * (index + 0.5);

function cleanSvg(text: string): Buffer {
  const paths = [...text].map((character, index) =>
    glyphPath(character, { ...bundledFont, x: slotX(index), y: H / 2 - 2, fontSize: TEMPLATE_SIZE }),
  );
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="100%" height="100%" fill="#fff"/>` +
      paths.map((d) => `<path fill="#000" d="${d}"/>`).join('') +
      '</svg>',
  );
}

/** Darkness (0 light … 255 dark) of every pixel. */
async function greyPixels(image: Buffer): Promise<Uint8Array> {
  const raw = await sharp(image).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer();
  return Uint8Array.from(raw, (value) => 255 - value);
}

async function glyphTemplates(): Promise<Array<{ character: string; pixels: Uint8Array }>> {
  return Promise.all(
    [...CAPTCHA_ALPHABET].map(async (character) => {
      const d = glyphPath(character, { ...bundledFont, x: W / 2, y: H / 2 - 2, fontSize: TEMPLATE_SIZE });
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="100%" height="100%" fill="#fff"/><path fill="#000" d="${d}"/></svg>`;
      return { character, pixels: await greyPixels(Buffer.from(svg)) };
    }),
  );
}

/** Normalised correlation of the window around `centre` (shifted by dx, dy) with a template's centre. */
function correlation(
  pixels: Uint8Array,
  centre: number,
  template: Uint8Array,
  dx: number,
  dy: number,
): number {
  let dot = 0;
  let a2 = 0;
  let b2 = 0;
  for (let y = 2; y < H - 2; y += 2) {
    for (let x = -HALF; x < HALF; x += 2) {
      const ix = Math.round(centre) + x + dx;
      const iy = y + dy;
      const a = ix >= 0 && ix < W && iy >= 0 && iy < H ? pixels[iy * W + ix] : 0;
      const b = template[y * W + Math.round(W / 2) + x];
      dot += a * b;
      a2 += a * a;
      b2 += b * b;
    }
  }
  return a2 === 0 || b2 === 0 ? 0 : dot / Math.sqrt(a2 * b2);
}

function readByTemplates(pixels: Uint8Array, templates: Array<{ character: string; pixels: Uint8Array }>) {
  return Array.from({ length: CAPTCHA.length }, (_, index) => {
    let best = { character: '', score: -1 };
    for (const template of templates) {
      for (let dx = -3; dx <= 3; dx += 3) {
        for (let dy = -2; dy <= 2; dy += 2) {
          const score = correlation(pixels, slotX(index), template.pixels, dx, dy);
          if (score > best.score) best = { character: template.character, score };
        }
      }
    }
    return best.character;
  }).join('');
}

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
    const png = Buffer.from(body.result.slice(DATA_URL_PREFIX.length), 'base64');
    // A raster: no outline of a glyph, no text, for a script to read.
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 136, height: 38 });

    const { code, expires_at } = await storedCode(checkKey);
    expect(code).toMatch(/^[a-z0-9]{4}$/);
    expect(png.toString('latin1').toLowerCase()).not.toMatch(/<path|<svg|<text/);
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
