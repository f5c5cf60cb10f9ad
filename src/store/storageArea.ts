// The vue-ls record format of the spec's local-storage keys, without redux-persist: the lean landing
// entry reads the stored token through it before any store code is loaded.
import { STORAGE_PREFIX } from '../../common/constants';

/** One storage area and its value format. */
export interface StorageArea {
  /** The stored value, or undefined when absent, unreadable or expired. */
  read(key: string): { value: unknown } | undefined;
  write(key: string, value: unknown, ttlMs?: number): void;
  remove(key: string): void;
}

interface VueLsRecord {
  value: unknown;
  expire: number | null;
}

function parseVueLsRecord(raw: string | null): VueLsRecord | undefined {
  if (raw === null) return undefined;
  try {
    const record: unknown = JSON.parse(raw);
    return record !== null && typeof record === 'object' && 'expire' in record
      ? (record as VueLsRecord)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * vue-ls records in localStorage, as the original client kept them: `pro__<key>` =
 * `{"value":…,"expire":epoch ms|null}`; reading an expired record deletes it.
 */
export const vueLsArea: StorageArea = {
  read(key) {
    const record = parseVueLsRecord(localStorage.getItem(STORAGE_PREFIX + key));
    if (!record) return undefined;
    if (record.expire !== null && record.expire < Date.now()) {
      localStorage.removeItem(STORAGE_PREFIX + key);
      return undefined;
    }
    return { value: record.value };
  },
  write(key, value, ttlMs) {
    const previous = parseVueLsRecord(localStorage.getItem(STORAGE_PREFIX + key));
    // redux-persist rewrites every field of a slice when any one changes; an unchanged value
    // keeps its expiry, so the 7 days count from login, not from the last unrelated change.
    if (previous && JSON.stringify(previous.value) === JSON.stringify(value)) return;
    const record: VueLsRecord = { value, expire: ttlMs === undefined ? null : Date.now() + ttlMs };
    localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(record));
  },
  remove(key) {
    localStorage.removeItem(STORAGE_PREFIX + key);
  },
};
