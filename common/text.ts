// The ellipsis filter of spec §9.

export const DEFAULT_ELLIPSIS_LENGTH = 25;

/** Cuts text longer than `length` characters and appends '...'; '' for empty input. */
export function ellipsis(value: string | null | undefined, length: number = DEFAULT_ELLIPSIS_LENGTH): string {
  if (!value) return '';
  // Count by code points so an emoji is never cut in half.
  const characters = Array.from(value);
  return characters.length > length ? `${characters.slice(0, length).join('')}...` : value;
}
