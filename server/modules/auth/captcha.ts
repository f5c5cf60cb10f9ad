// The graphic code (spec §9: 4 characters, 136×38): a PNG, so no outline of a glyph reaches the browser as
// data a script could compare with the font's. Each glyph is turned, scaled and skewed on its own, the glyphs
// overlap, strokes of the glyphs' colours and thickness cross them, and a turbulence field warps the whole
// text before it is rasterised (sharp), with the spec's dots on top. Stored under sha256(checkKey) for 60 s;
// single use.
import { createHash, randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import sharp from 'sharp';
import glyphPath from 'svg-captcha/lib/ch-to-path.js';
import { options as bundledFont } from 'svg-captcha/lib/option-manager.js';
import { CAPTCHA } from '../../../common/constants';
import { messages } from '../../../common/messages';
import { captchaMatches, hasText } from '../../../common/validators';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { authMessages } from './messages';

export const CAPTCHA_TTL_SECONDS = 60;
/** The reference back end's alphabet: letters and digits without o, I and O. */
export const CAPTCHA_ALPHABET = 'qwertyuiplkjhgfdsazxcvbnmQWERTYUPLKJHGFDSAZXCVBNM1234567890';
const BACKGROUND = '#f4f6f9';
/** Strokes across the text besides the spec's one interference line. */
const CROSSING_STROKES = 2;

export function randomCaptchaText(): string {
  return Array.from(
    { length: CAPTCHA.length },
    () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)],
  ).join('');
}

/** A uniformly drawn number in [min, max), to two decimals. */
function between(min: number, max: number): number {
  return min + randomInt(Math.round((max - min) * 100)) / 100;
}

function randomGrey(): string {
  const shade = randomInt(0x66, 0xcc).toString(16);
  return `#${shade}${shade}${shade}`;
}

/** A dark, saturated colour: readable on the light background. */
function randomInk(): string {
  return `hsl(${randomInt(360)},${randomInt(55, 90)}%,${randomInt(22, 42)}%)`;
}

/** A curve from the left edge to the right through the text band. */
function crossingCurve(): string {
  const { width, height } = CAPTCHA;
  const y = () => randomInt(6, height - 6);
  return `M${randomInt(0, 15)} ${y()} C${randomInt(25, 60)} ${y()},${randomInt(75, 110)} ${y()},${randomInt(width - 15, width)} ${y()}`;
}

/** The SVG the PNG is rasterised from (never sent to the browser). */
export function drawCaptchaSvg(text: string): string {
  const { width, height } = CAPTCHA;
  const step = (width - 16) / text.length;
  const glyphs = [...text].map((character, index) => {
    const fontSize = randomInt(42, 50);
    const x = 8 + step * (index + 0.5) + between(-4, 4);
    const y = height / 2 - 2 + between(-3, 3);
    const d = glyphPath(character, { ...bundledFont, x, y, fontSize });
    const transform = `rotate(${between(-28, 28)} ${x} ${y}) skewX(${between(-14, 14)})`;
    return `<path fill="${randomInk()}" transform="${transform}" d="${d}"/>`;
  });
  const strokes = Array.from(
    { length: CROSSING_STROKES },
    () =>
      `<path d="${crossingCurve()}" stroke="${randomInk()}" stroke-width="${between(1.2, 2.2)}" fill="none"/>`,
  );
  const line = `<path d="${crossingCurve()}" stroke="${randomGrey()}" stroke-width="1" fill="none"/>`;
  const dots = Array.from(
    { length: CAPTCHA.dots },
    () => `<circle cx="${randomInt(width)}" cy="${randomInt(height)}" r="1" fill="${randomGrey()}"/>`,
  ).join('');
  const warp =
    `<filter id="warp" x="-10%" y="-10%" width="120%" height="120%">` +
    `<feTurbulence type="turbulence" baseFrequency="${between(0.04, 0.08)}" numOctaves="2" seed="${randomInt(1, 10_000)}" result="noise"/>` +
    `<feDisplacementMap in="SourceGraphic" in2="noise" scale="${between(4, 7)}" xChannelSelector="R" yChannelSelector="G"/>` +
    `</filter>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>${warp}</defs><rect width="100%" height="100%" fill="${BACKGROUND}"/>` +
    `<g filter="url(#warp)">${glyphs.join('')}${strokes.join('')}</g>${line}${dots}</svg>`
  );
}

/** The PNG of a code, 136×38. */
export function drawCaptchaPng(text: string): Promise<Buffer> {
  return sharp(Buffer.from(drawCaptchaSvg(text)))
    .png()
    .toBuffer();
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
  return `data:image/png;base64,${(await drawCaptchaPng(text)).toString('base64')}`;
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
