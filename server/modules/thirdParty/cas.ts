// CAS single sign-on (API.md §3.1 GET /cas/client/validateLogin): the ticket is checked with the CAS
// server's serviceValidate, used at most once here, and the user it names signs in like any other login.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hasText } from '../../../common/validators';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import type { CasChannel } from '../../integrations/cas';
import { PartyRefusedError } from '../../integrations/partyHttp';
import { loginVouchedFor, type LoginResult } from '../auth/login';
import type { RequestInfo } from '../auth/sysLog';
import { thirdPartyMessages as text } from './messages';

export async function loginWithCasTicket(
  db: Kysely<DB>,
  cas: CasChannel,
  { ticket, service }: { ticket?: string; service?: string },
  info: RequestInfo,
): Promise<LoginResult> {
  if (!hasText(ticket) || !hasText(service)) throw new BusinessError(400, text.casParamsRequired);
  // Recorded before asking: of two requests racing with one ticket, one gets past this line.
  const fresh = await db
    .insertInto('cas_tickets')
    .values({ ticket_hash: createHash('sha256').update(ticket).digest('hex') })
    .onConflict((conflict) => conflict.column('ticket_hash').doNothing())
    .returning('ticket_hash')
    .executeTakeFirst();
  if (!fresh) throw new BusinessError(400, text.casTicketUsed);
  let user: string;
  try {
    user = await cas.api.validate(ticket, service);
  } catch (error) {
    if (error instanceof PartyRefusedError) throw new BusinessError(400, text.casTicketInvalid);
    throw error;
  }
  return loginVouchedFor(
    db,
    { by: 'username', value: user },
    info,
    `单点登录: ${user}`,
    text.casUnknownUser(user),
  );
}
