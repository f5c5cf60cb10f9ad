import { formatThousands, formatWithUnit, toChineseNumeral, toFixedDecimals } from '../numbers';

describe('formatThousands', () => {
  it.each([null, undefined, '', '   ', NaN, Infinity, 'abc', 0])('shows 0 for %p', (value) => {
    expect(formatThousands(value)).toBe('0');
  });

  it.each([
    [999, '999'],
    [1000, '1,000'],
    [999999, '999,999'],
    [1000000, '1,000,000'],
    [-1234567, '-1,234,567'],
    [1234567.891, '1,234,567.891'],
    ['1234.50', '1,234.50'],
    ['0012345', '12,345'],
    [1e21, '1,000,000,000,000,000,000,000'],
    [1e-7, '0.0000001'],
  ])('%p → %s', (value, expected) => {
    expect(formatThousands(value)).toBe(expected);
  });
});

describe('formatWithUnit', () => {
  it.each([null, undefined, '', NaN, 0])('shows 0 for %p', (value) => {
    expect(formatWithUnit(value)).toBe('0');
  });

  it.each([
    [9999, '9,999'],
    [9999.99, '9,999.99'],
    [-9999, '-9,999'],
    [10000, '1.00万'],
    [-10000, '-1.00万'],
    ['12355', '1.24万'],
    [12345, '1.23万'],
    [99999999, '1.00亿'],
    [1e8, '1.00亿'],
    [123456789, '1.23亿'],
    [999999999999, '1.00万亿'],
    [1e12, '1.00万亿'],
    [-1.5e12, '-1.50万亿'],
    [1.2345e16, '12345.00万亿'],
  ])('%p → %s', (value, expected) => {
    expect(formatWithUnit(value)).toBe(expected);
  });
});

describe('toFixedDecimals', () => {
  it('defaults to 2 decimals', () => {
    expect(toFixedDecimals(3)).toBe('3.00');
    expect(toFixedDecimals('2.5')).toBe('2.50');
  });

  it('accepts 1 and 20 decimals', () => {
    expect(toFixedDecimals(123.456, 1)).toBe('123.5');
    expect(toFixedDecimals(1, 20)).toBe('1.00000000000000000000');
    expect(toFixedDecimals(0.1, 20)).toBe('0.10000000000000000000');
  });

  it.each([0, 21, -1, 1.5, NaN])('refuses %p decimals', (decimals) => {
    expect(() => toFixedDecimals(1, decimals)).toThrow(RangeError);
  });

  it('rounds half away from zero on the decimal digits', () => {
    expect(toFixedDecimals(1.005)).toBe('1.01');
    expect(toFixedDecimals(1.004)).toBe('1.00');
    expect(toFixedDecimals(-1.005)).toBe('-1.01');
    expect(toFixedDecimals(9.995)).toBe('10.00');
    expect(toFixedDecimals(0.5, 1)).toBe('0.5');
    expect(toFixedDecimals(0.05, 1)).toBe('0.1');
  });

  it('drops the sign of a negative number that rounds to zero', () => {
    expect(toFixedDecimals(-0.001)).toBe('0.00');
    expect(toFixedDecimals(-0.005)).toBe('-0.01');
  });

  it('handles very large and very small numbers without exponent', () => {
    expect(toFixedDecimals(1e21)).toBe('1000000000000000000000.00');
    expect(toFixedDecimals(1.5e-7, 7)).toBe('0.0000002');
  });

  it.each([null, undefined, '', 'abc', NaN])('gives empty text for %p', (value) => {
    expect(toFixedDecimals(value)).toBe('');
  });
});

describe('toChineseNumeral', () => {
  it.each([
    [0, '零'],
    [7, '七'],
    [10, '十'],
    [15, '十五'],
    [20, '二十'],
    [110, '一百一十'],
    [1001, '一千零一'],
    [1010, '一千零一十'],
    [10010, '一万零一十'],
    [12345, '一万二千三百四十五'],
    [100000, '十万'],
    [110000, '十一万'],
    [10000000, '一千万'],
    [100010000, '一亿零一万'],
    [100001000, '一亿零一千'],
    [200000000, '二亿'],
    [1000000000, '十亿'],
    [1000000100, '十亿零一百'],
    [1234567890, '十二亿三千四百五十六万七千八百九十'],
    [9999999999, '九十九亿九千九百九十九万九千九百九十九'],
    [-5, '负五'],
    [3.7, '三'],
  ])('%p → %s', (value, expected) => {
    expect(toChineseNumeral(value)).toBe(expected);
  });

  it('is empty past 10 integer digits', () => {
    expect(toChineseNumeral(9999999999)).not.toBe('');
    expect(toChineseNumeral(10000000000)).toBe('');
    expect(toChineseNumeral('12345678901.5')).toBe('');
  });

  it.each([null, undefined, '', 'abc', NaN])('is empty for %p', (value) => {
    expect(toChineseNumeral(value)).toBe('');
  });
});
