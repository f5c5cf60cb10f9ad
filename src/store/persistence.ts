// Persistence of slices onto the spec's individual storage keys (spec §3, API.md §7.7).
// redux-persist drives it (rehydration, PersistGate, flush); a custom storage engine spreads a
// slice's persisted fields over one storage key each instead of one blob, so the keys are the
// ones the spec names. A slice opts in with a field map:
//   persistFields('layout', layoutSlice.reducer, { color: { key: 'DEFAULT_COLOR' } })
import type { Reducer } from '@reduxjs/toolkit';
import { persistReducer, type Persistor, type Storage } from 'redux-persist';
import type { SagaIterator } from 'redux-saga';
import { call, getContext } from 'redux-saga/effects';
import { vueLsArea, type StorageArea } from './storageArea';

export interface PersistedField {
  /** The spec's key, without the `pro__` prefix. */
  key: string;
  /** Lifetime from the moment the value is written; none means it never expires. */
  ttlMs?: number;
}

/** Which fields of a slice state are kept, and under which key. */
export type PersistedFields<S> = { [F in keyof S]?: PersistedField };

export { vueLsArea, type StorageArea } from './storageArea';

/** Raw JSON in sessionStorage under the bare key: the button permissions (API.md §7.3). */
export const sessionJsonArea: StorageArea = {
  read(key) {
    const raw = sessionStorage.getItem(key);
    if (raw === null) return undefined;
    try {
      return { value: JSON.parse(raw) };
    } catch {
      return undefined;
    }
  },
  write(key, value) {
    sessionStorage.setItem(key, JSON.stringify(value));
  },
  remove(key) {
    sessionStorage.removeItem(key);
  },
};

/**
 * A redux-persist storage engine that ignores the persist key and maps the serialized slice
 * (`{"field": "<json>", …}`, redux-persist's default format) onto one storage key per field.
 * Null or missing fields remove their key.
 */
export function keyedStorage(fields: Record<string, PersistedField>, area: StorageArea): Storage {
  const entries = Object.entries(fields);
  return {
    async getItem() {
      const serialized: Record<string, string> = {};
      entries.forEach(([field, { key }]) => {
        const stored = area.read(key);
        if (stored !== undefined) serialized[field] = JSON.stringify(stored.value);
      });
      return entries.some(([field]) => field in serialized) ? JSON.stringify(serialized) : null;
    },
    async setItem(_persistKey: string, serializedState: string) {
      const serialized = JSON.parse(serializedState) as Record<string, string | undefined>;
      entries.forEach(([field, { key, ttlMs }]) => {
        const fieldJson = serialized[field];
        const value: unknown = fieldJson === undefined ? null : JSON.parse(fieldJson);
        if (value === null) area.remove(key);
        else area.write(key, value, ttlMs);
      });
    },
    async removeItem() {
      entries.forEach(([, { key }]) => area.remove(key));
    },
  };
}

/** Wraps a slice reducer so the given fields are saved to and restored from their own keys. */
export function persistFields<S>(
  name: string,
  reducer: Reducer<S>,
  fields: PersistedFields<S>,
  area: StorageArea = vueLsArea,
) {
  const fieldMap = fields as Record<string, PersistedField>;
  return persistReducer<S>(
    {
      key: name,
      storage: keyedStorage(fieldMap, area),
      whitelist: Object.keys(fieldMap),
      // Web storage answers at once; no rehydration watchdog timer is needed.
      timeout: 0,
    },
    reducer,
  );
}

/** The saga context key under which configureAppStore places the persistor. */
export const PERSISTOR_CONTEXT = 'persistor';

/** Writes pending state to storage now: redux-persist writes on a timer, a reload would not wait. */
export function* flushPersistedState(): SagaIterator {
  const persistor: Persistor = yield getContext(PERSISTOR_CONTEXT);
  yield call([persistor, persistor.flush]);
}
