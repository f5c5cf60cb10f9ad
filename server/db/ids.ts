// Row ids of the organisation tables: 32 hex characters, the id format of the reference contract.
import { createHash, randomUUID } from 'node:crypto';

/** An id derived from what the row is: the same on every database (demo rows, a tenant's default menus). */
export function stableId(...parts: string[]): string {
  return createHash('md5').update(parts.join(':')).digest('hex');
}

/** A new random id (122 random bits). */
export function newId(): string {
  return randomUUID().replace(/-/g, '');
}
