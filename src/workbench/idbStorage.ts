// redux-persist's storage for the workbench queue: IndexedDB, since queued photos (data URLs) quickly outgrow
// localStorage's few megabytes; localStorage where IndexedDB is missing (old WebViews, tests).
import type { Storage } from 'redux-persist';

const DB_NAME = 'visit-workbench';
const STORE = 'persist';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
  });
}

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return openDb().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const request = work(db.transaction(STORE, mode).objectStore(STORE));
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('IndexedDB failed'));
      }),
  );
}

const idbStorage: Storage = {
  getItem: (key: string) => run<string | undefined>('readonly', (store) => store.get(key)),
  setItem: (key: string, value: string) => run('readwrite', (store) => store.put(value, key)),
  removeItem: (key: string) => run('readwrite', (store) => store.delete(key)),
};

const localStorageEngine: Storage = {
  getItem: async (key: string) => localStorage.getItem(key),
  setItem: async (key: string, value: string) => localStorage.setItem(key, value),
  removeItem: async (key: string) => localStorage.removeItem(key),
};

export const workbenchStorage: Storage = typeof indexedDB === 'undefined' ? localStorageEngine : idbStorage;
