// The special login of the landing page (spec §2: `?username=<product>`): it signs a visitor in as the
// deployment's trial account (SPECIAL_LOGIN_ACCOUNT), so a prospect can look around without an account of
// their own. Without that setting it is refused; the account is an ordinary one whose roles limit what it sees.
import type { Kysely } from 'kysely';
import { PRODUCT_CODE } from '../../../common/constants';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { loginVouchedFor, type LoginResult } from '../auth/login';
import type { RequestInfo } from '../auth/sysLog';
import { thirdPartyMessages as text } from './messages';

export async function specialLogin(
  db: Kysely<DB>,
  account: string | undefined,
  username: string | undefined,
  info: RequestInfo,
): Promise<LoginResult> {
  if (username !== PRODUCT_CODE) throw new BusinessError(400, text.specialLoginInvalid);
  if (!account) throw new BusinessError(400, text.specialLoginClosed);
  return loginVouchedFor(
    db,
    { by: 'username', value: account },
    info,
    `体验登录: ${account}`,
    text.specialAccountMissing,
  );
}
