// Number filters of spec §5 and §9: thousands grouping, 万/亿/万亿 units, fixed decimals, Chinese numerals.

/** What the filters accept: numbers, numeric strings from the API, or nothing. */
export type NumericInput = number | string | null | undefined;

export const DEFAULT_DECIMALS = 2;
export const MIN_DECIMALS = 1;
export const MAX_DECIMALS = 20;
/** Chinese numerals stop at 十亿 (spec §5). */
export const CHINESE_NUMERAL_MAX_DIGITS = 10;
/** From this magnitude on, amounts are shown in 万 / 亿 / 万亿. */
export const UNIT_THRESHOLD = 10000;

const UNITS = [
  { scale: 1e12, name: '万亿' },
  { scale: 1e8, name: '亿' },
  { scale: 1e4, name: '万' },
] as const;

const CHINESE_DIGITS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
const CHINESE_PLACES = ['千', '百', '十', ''];
const CHINESE_SECTIONS = ['亿', '万', ''];

/** A number written out without exponent: sign, integer digits and fraction digits. */
interface PlainNumber {
  negative: boolean;
  integer: string;
  fraction: string;
}

/** Expands the `1e+21` / `1.5e-7` output of String(number) into plain digits. */
function expandExponent(text: string): string {
  const [mantissa, exponent] = text.split('e');
  if (exponent === undefined) return mantissa;
  const [whole, fraction = ''] = mantissa.split('.');
  const digits = whole + fraction;
  const pointAt = whole.length + Number(exponent);
  if (pointAt <= 0) return `0.${'0'.repeat(-pointAt)}${digits}`;
  if (pointAt >= digits.length) return digits.padEnd(pointAt, '0');
  return `${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
}

/** Other numeric spellings ("1e5", ".5") via Number; null when not a finite number. */
function toPlainText(text: string): string | null {
  const number = text === '' ? NaN : Number(text);
  return Number.isFinite(number) ? expandExponent(String(number)) : null;
}

/** Parses the input into plain digits; null for empty, non-numeric and infinite values. */
function toPlainNumber(value: NumericInput): PlainNumber | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? toPlainText(String(value)) : value.trim();
  if (text === null) return null;
  // Decimal strings keep their own digits (e.g. the trailing zero of "1234.50"); other spellings go through Number.
  const plain = /^[+-]?\d+(\.\d+)?$/.test(text) ? text : toPlainText(text);
  if (plain === null) return null;
  const [integer, fraction = ''] = plain.replace(/^[+-]/, '').split('.');
  return {
    negative: plain.startsWith('-') && /[1-9]/.test(integer + fraction),
    integer: integer.replace(/^0+(?=\d)/, ''),
    fraction,
  };
}

/** The magnitude rounded half up at `decimals` places on its decimal digits (not its binary value). */
function roundHalfUp({ integer, fraction }: PlainNumber, decimals: number): string {
  const kept = fraction.padEnd(decimals, '0').slice(0, decimals);
  const roundUp = (fraction[decimals] ?? '0') >= '5';
  const scaled = (BigInt(integer + kept) + (roundUp ? 1n : 0n)).toString().padStart(decimals + 1, '0');
  return `${scaled.slice(0, -decimals)}.${scaled.slice(-decimals)}`;
}

/** Thousands grouping of the integer part (the fraction is kept as given); '0' for empty or non-numeric. */
export function formatThousands(value: NumericInput): string {
  const plain = toPlainNumber(value);
  if (plain === null) return '0';
  const grouped = plain.integer.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${plain.negative ? '-' : ''}${grouped}${plain.fraction ? `.${plain.fraction}` : ''}`;
}

/**
 * Amounts of at least 10000 (in magnitude) in 万 / 亿 / 万亿 with 2 decimals, smaller ones as formatThousands.
 * The unit is chosen after rounding, so 99999999 reads 1.00亿 rather than 10000.00万.
 */
export function formatWithUnit(value: NumericInput): string {
  if (toPlainNumber(value) === null) return '0';
  const number = Number(value);
  const magnitude = Math.abs(number);
  if (magnitude < UNIT_THRESHOLD) return formatThousands(value);
  const fitting = UNITS.find(({ scale }) => {
    const scaled = toPlainNumber(magnitude / scale);
    return scaled !== null && Number(roundHalfUp(scaled, DEFAULT_DECIMALS)) >= 1;
  });
  // The threshold guarantees at least 1.00万, so a unit always fits.
  const { scale, name } = fitting ?? UNITS[UNITS.length - 1];
  return `${toFixedDecimals(number / scale)}${name}`;
}

/**
 * The number with exactly `decimals` (1–20, default 2) decimal places, rounded half away from zero on its
 * decimal digits, so 1.005 gives 1.01 where Number#toFixed gives 1.00. Empty or non-numeric gives ''.
 */
export function toFixedDecimals(value: NumericInput, decimals: number = DEFAULT_DECIMALS): string {
  if (!Number.isInteger(decimals) || decimals < MIN_DECIMALS || decimals > MAX_DECIMALS) {
    throw new RangeError(
      `decimals must be an integer from ${MIN_DECIMALS} to ${MAX_DECIMALS}, got ${decimals}`,
    );
  }
  const plain = toPlainNumber(value);
  if (plain === null) return '';
  const rounded = roundHalfUp(plain, decimals);
  // A negative number that rounds to zero is shown without a sign.
  return plain.negative && /[1-9]/.test(rounded) ? `-${rounded}` : rounded;
}

/** One 4-digit section (leading zeros allowed) in 千百十 notation, inner zeros collapsed to one 零. */
function sectionToChinese(section: string): string {
  let text = '';
  let zeroPending = false;
  [...section.padStart(4, '0')].forEach((digit, place) => {
    if (digit === '0') {
      zeroPending = text !== '';
      return;
    }
    text += `${zeroPending ? '零' : ''}${CHINESE_DIGITS[Number(digit)]}${CHINESE_PLACES[place]}`;
    zeroPending = false;
  });
  return text;
}

/**
 * The integer part in Chinese numerals (12345 → 一万二千三百四十五, 10 → 十; negatives get 负, the fraction
 * is dropped). Empty for empty or non-numeric input and when the integer part has more than 10 digits.
 */
export function toChineseNumeral(value: NumericInput): string {
  const plain = toPlainNumber(value);
  if (plain === null || plain.integer.length > CHINESE_NUMERAL_MAX_DIGITS) return '';
  if (plain.integer === '0') return CHINESE_DIGITS[0];
  const sections = plain.integer.padStart(12, '0').match(/\d{4}/g) ?? [];
  let text = '';
  let skippedZeros = false;
  sections.forEach((section, index) => {
    const sectionText = sectionToChinese(section);
    if (sectionText === '') {
      skippedZeros = text !== '';
      return;
    }
    // 零 joins two sections when zeros lie between them: an all-zero section or a section below 1000.
    const joint = text !== '' && (skippedZeros || section.startsWith('0')) ? '零' : '';
    text += `${joint}${sectionText}${CHINESE_SECTIONS[index]}`;
    skippedZeros = false;
  });
  // 一十 at the very start is read 十 (10 → 十, 15万 → 十五万, 10亿 → 十亿).
  return `${plain.negative ? '负' : ''}${text.replace(/^一十/, '十')}`;
}
