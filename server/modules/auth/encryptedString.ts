// GET /sys/getEncryptedString: the key and iv the SPA's AES helper uses (spec §7). They are generated once
// per deployment and handed to anyone who asks, so they protect nothing: this is compatibility with the
// reference contract, not a security measure. TLS protects the traffic.
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface EncryptedString {
  key: string;
  iv: string;
}

const SETTING_KEY = 'encrypted_string';
const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** AES-128: a 16-byte key and a 16-byte iv, as 16 ASCII characters each. */
const LENGTH = 16;

function randomText(): string {
  return Array.from({ length: LENGTH }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');
}

function readPair(db: Kysely<DB>) {
  return db.selectFrom('deployment_settings').select('value').where('key', '=', SETTING_KEY);
}

/** Stores a new pair unless another caller stored one first, and returns the one stored. */
async function createPair(db: Kysely<DB>) {
  const candidate: EncryptedString = { key: randomText(), iv: randomText() };
  await db
    .insertInto('deployment_settings')
    .values({ key: SETTING_KEY, value: JSON.stringify(candidate) })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  return readPair(db).executeTakeFirstOrThrow();
}

/** The deployment's pair, created by its first caller. */
export async function encryptedStringOf(db: Kysely<DB>): Promise<EncryptedString> {
  const stored = (await readPair(db).executeTakeFirst()) ?? (await createPair(db));
  return JSON.parse(stored.value) as EncryptedString;
}
