import { randomUUID } from '../uuid';

afterEach(() => {
  jest.restoreAllMocks();
});

describe('randomUUID', () => {
  it('is 32 lowercase hex characters', () => {
    expect(randomUUID()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 1000 }, randomUUID));
    expect(ids.size).toBe(1000);
  });

  it('writes each random byte as two hex digits', () => {
    const bytes = [
      0x00, 0x0f, 0x10, 0xff, 0xa5, 0x01, 0x20, 0x7e, 0x80, 0x09, 0xbc, 0xde, 0x33, 0x44, 0x55, 0x66,
    ];
    jest.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation((array) => {
      (array as Uint8Array).set(bytes);
      return array;
    });
    expect(randomUUID()).toBe('000f10ffa501207e8009bcde33445566');
  });
});
