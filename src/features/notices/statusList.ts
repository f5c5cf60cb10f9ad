// The status list of spec §4: entries keyed by title, each loading, failed or done. 'error' replaces a
// 'loading' entry of the same title; 'loading' removes an 'error' entry; 'success' or `delete` removes it.

export type StatusKind = 'loading' | 'error' | 'success';

export interface StatusEntry {
  title: string;
  status: StatusKind;
  /** What went wrong, for an error. */
  message?: string;
  /** Removes the entry whatever its status. */
  delete?: boolean;
}

/** The list after one report; pure, the list given is never changed. */
export function applyStatus(list: readonly StatusEntry[], entry: StatusEntry): StatusEntry[] {
  const others = list.filter((item) => item.title !== entry.title);
  if (entry.delete || entry.status === 'success') return others;
  const { delete: _ignored, ...kept } = entry;
  if (entry.status === 'error') {
    const loading = list.findIndex((item) => item.title === entry.title && item.status === 'loading');
    if (loading === -1) return [...others, kept];
    return list.flatMap((item, index) =>
      index === loading ? [kept] : item.title === entry.title ? [] : [item],
    );
  }
  // loading: an earlier failure of the same title is over; one loading entry per title.
  const withoutError = list.filter((item) => !(item.title === entry.title && item.status === 'error'));
  return withoutError.some((item) => item.title === entry.title) ? withoutError : [...withoutError, kept];
}
