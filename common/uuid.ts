// The 32-hex random id of spec §9, the id format of records such as users and departments (API.md §6).

/**
 * 32 lowercase hex characters from 16 random bytes. getRandomValues rather than crypto.randomUUID because
 * browsers offer randomUUID only in secure contexts, and the SPA may be served over plain http on a LAN.
 */
export function randomUUID(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
