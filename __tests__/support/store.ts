import type { Persistor } from 'redux-persist';

/** Resolves once every persisted slice has been rehydrated from storage. */
export function rehydrated(persistor: Persistor): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!persistor.getState().bootstrapped) return false;
      resolve();
      return true;
    };
    if (check()) return;
    const unsubscribe = persistor.subscribe(() => {
      if (check()) unsubscribe();
    });
  });
}
