// Password hashing (argon2id, memory-hard) and the checks of a new password (the policy itself is
// common/validators' isStrongPassword, shared with the pages' form rules).
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { isStrongPassword } from '../../../common/validators';
import { BusinessError } from '../../http/envelope';
import { authMessages } from './messages';

/**
 * argon2id with the library's defaults (19 MiB, 2 passes, 1 lane): OWASP's recommended minimum, about
 * 30–60 ms on this kind of machine. The PHC string carries its parameters, so raising them later only
 * affects new hashes.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. For an unknown user pass `undefined`: a hash of a random
 * password is verified instead, so the answer takes as long as for a real account and timing does not
 * tell which user names exist.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined) {
    dummyHash ??= hash(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password);
    return false;
  }
  return verify(storedHash, password);
}

/** The new password of a change or a reset, or the BusinessError saying what is wrong with it. */
export function requireNewPassword(password: string | undefined, confirmation: string | undefined): string {
  if (!password) throw new BusinessError(400, authMessages.newPasswordEmpty);
  if (password !== confirmation) throw new BusinessError(400, authMessages.passwordsDiffer);
  if (!isStrongPassword(password)) throw new BusinessError(400, authMessages.passwordPolicy);
  return password;
}
