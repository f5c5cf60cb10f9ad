// The WeChat secrets of a tenant (app secrets, the APIv3 key, the merchant's private key) at rest: AES-256-GCM
// under the deployment's key — SECRETS_KEY (64 hex characters) when set, else (outside production) a random
// key generated once and kept in deployment_settings. Stored as "v1:<iv>:<tag>:<ciphertext>" (base64).
// Never answered to a browser: masked() shows that a value is set and its last characters at most.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

const SETTING_KEY = 'wx_secrets_key';
let cached: { source: string; key: Buffer } | undefined;

export async function secretsKey(db: Kysely<DB>, production = false): Promise<Buffer> {
  const fromEnv = process.env.SECRETS_KEY;
  if (fromEnv) {
    if (!/^[0-9a-fA-F]{64}$/.test(fromEnv)) throw new Error('SECRETS_KEY must be 64 hex characters');
    return Buffer.from(fromEnv, 'hex');
  }
  if (production) throw new Error('SECRETS_KEY is required in production');
  if (cached?.source === 'db') return cached.key;
  await db
    .insertInto('deployment_settings')
    .values({ key: SETTING_KEY, value: randomBytes(32).toString('hex') })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('deployment_settings')
    .select('value')
    .where('key', '=', SETTING_KEY)
    .executeTakeFirstOrThrow();
  const key = Buffer.from(row.value, 'hex');
  cached = { source: 'db', key };
  return key;
}

/** Forgets the cached key (tests that recreate the database). */
export function forgetSecretsKey() {
  cached = undefined;
}

export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(
    ':',
  );
}

export function decryptSecret(key: Buffer, stored: string): string {
  const [version, iv, tag, data] = stored.split(':');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}

/** What the browser sees of a secret: whether it is set, never its value. */
export const masked = (stored: string | null) => (stored ? '已设置（不显示）' : '未设置');
