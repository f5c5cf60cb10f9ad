import { ellipsis } from '../text';

describe('ellipsis', () => {
  const of = (length: number) => '好'.repeat(length);

  it('keeps up to 25 characters by default', () => {
    expect(ellipsis(of(25))).toBe(of(25));
    expect(ellipsis(of(26))).toBe(`${of(25)}...`);
  });

  it('takes another length', () => {
    expect(ellipsis('abcdef', 5)).toBe('abcde...');
    expect(ellipsis('abcde', 5)).toBe('abcde');
  });

  it('counts an emoji as one character', () => {
    expect(ellipsis('😀😀😀', 2)).toBe('😀😀...');
    expect(ellipsis('😀😀', 2)).toBe('😀😀');
  });

  it.each([null, undefined, ''])('gives empty text for %p', (value) => {
    expect(ellipsis(value)).toBe('');
  });
});
