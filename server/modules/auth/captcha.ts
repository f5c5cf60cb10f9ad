// The graphic code (spec §9: 4 characters, 136×38, 1 line, 100 dots): drawn by the server as glyph paths,
// so the characters never reach the browser as text; stored under sha256(checkKey) for 60 s; single use.
import { createHash, randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import drawCaptcha from 'svg-captcha/lib/index.js';
import { CAPTCHA } from '../../../common/constants';
import { messages } from '../../../common/messages';
import { captchaMatches, hasText } from '../../../common/validators';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { authMessages } from './messages';

export const CAPTCHA_TTL_SECONDS = 60;
/** The reference back end's alphabet: letters and digits without o, I and O. */
export const CAPTCHA_ALPHABET = 'qwertyuiplkjhgfdsazxcvbnmQWERTYUPLKJHGFDSAZXCVBNM1234567890';
const FONT_SIZE = 34;
const BACKGROUND = '#f4f6f9';

export function randomCaptchaText(): string {
  return Array.from(
    { length: CAPTCHA.length },
    () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)],
  ).join('');
}

function randomGrey(): string {
  const shade = randomInt(0x66, 0xcc).toString(16);
  return `#${shade}${shade}${shade}`;
}

/** The SVG of a code: coloured glyph paths, the interference line and the dots. */
export function drawCaptchaSvg(text: string): string {
  const svg = drawCaptcha(text, {
    width: CAPTCHA.width,
    height: CAPTCHA.height,
    fontSize: FONT_SIZE,
    noise: CAPTCHA.lines,
    color: true,
    background: BACKGROUND,
  });
  const dots = Array.from(
    { length: CAPTCHA.dots },
    () =>
      `<circle cx="${randomInt(CAPTCHA.width)}" cy="${randomInt(CAPTCHA.height)}" r="1" fill="${randomGrey()}"/>`,
  ).join('');
  return svg.replace('</svg>', `${dots}</svg>`);
}

function hashCheckKey(checkKey: string): string {
  return createHash('sha256').update(checkKey).digest('hex');
}

/** Draws a new code for a client's checkKey (replacing any earlier one) and returns it as an image data URL. */
export async function issueCaptcha(db: Kysely<DB>, checkKey: string): Promise<string> {
  const text = randomCaptchaText();
  const expiresAt = sql<Date>`now() + make_interval(secs => ${CAPTCHA_TTL_SECONDS})`;
  await db
    .insertInto('captchas')
    .values({ key_hash: hashCheckKey(checkKey), code: text.toLowerCase(), expires_at: expiresAt })
    .onConflict((conflict) =>
      conflict.column('key_hash').doUpdateSet({ code: text.toLowerCase(), expires_at: expiresAt }),
    )
    .execute();
  // Codes nobody used pile up otherwise: anyone may ask for images.
  await db
    .deleteFrom('captchas')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  return `data:image/svg+xml;base64,${Buffer.from(drawCaptchaSvg(text)).toString('base64')}`;
}

/**
 * Checks a code typed by the user and uses it up, whatever the outcome: a code is good for one attempt.
 * Throws the BusinessError to answer when it is missing, unknown, expired or wrong.
 */
export async function consumeCaptcha(
  db: Kysely<DB>,
  checkKey: string | undefined,
  input: string | undefined,
): Promise<void> {
  if (!hasText(input)) throw new BusinessError(400, messages.captchaRequired);
  if (!hasText(checkKey)) throw new BusinessError(400, authMessages.captchaExpired);
  const stored = await db
    .deleteFrom('captchas')
    .where('key_hash', '=', hashCheckKey(checkKey))
    .returning(['code', sql<boolean>`expires_at > now()`.as('live')])
    .executeTakeFirst();
  if (!stored || !stored.live) {
    throw new BusinessError(400, authMessages.captchaExpired);
  }
  if (!captchaMatches(input.trim(), stored.code)) throw new BusinessError(400, messages.captchaMismatch);
}
