// Ids the device makes for what it sends (check-ins, steps, uploads): the server answers the same id again
// with what it made the first time (docs/visits-api.md).
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
