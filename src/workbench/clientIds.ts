// Ids the device makes for what it sends (check-ins, steps, uploads): the server answers the same id again
// with what it made the first time (docs/visits-api.md).
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

const DEVICE_KEY = 'workbench-device-id';

/**
 * This browser's id as the rep's device (a web page has no hardware id): made once and kept in local storage,
 * sent with every check-in so the server can flag 换机 (DEVICE_CHANGED). Without storage, a new id each time.
 */
export function deviceIdOf(): string {
  try {
    const known = window.localStorage.getItem(DEVICE_KEY);
    if (known) return known;
    const made = newClientId();
    window.localStorage.setItem(DEVICE_KEY, made);
    return made;
  } catch {
    return newClientId();
  }
}
