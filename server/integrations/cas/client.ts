// The CAS server of single sign-on (CAS protocol 3.0, https://apereo.github.io/cas/6.6.x/protocol/CAS-Protocol-Specification.html):
// the browser logs in at <prefix>/login?service=…, comes back with a service ticket, and the server checks
// it at <prefix>/p3/serviceValidate, which answers XML. The simulator (simulator.ts) answers the same.
import { XMLParser } from 'fast-xml-parser';
import {
  fetchText,
  partyUrl,
  PARTY_TIMEOUT_MS,
  PartyRefusedError,
  PartyUnavailableError,
} from '../partyHttp';

export const CAS = '单点登录（CAS）';

export interface CasApi {
  /** The user name the CAS server vouches for with this ticket, for this service. */
  validate(ticket: string, service: string): Promise<string>;
}

interface ServiceResponse {
  serviceResponse?: {
    authenticationSuccess?: { user?: unknown };
    authenticationFailure?: { code?: unknown; '#text'?: unknown } | string;
  };
}

// Namespace prefixes (cas:) dropped, attributes kept with an @_ prefix, text always as text.
const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  trimValues: true,
});

/** The user of a serviceValidate answer; PartyRefusedError for a failure, PartyUnavailableError for garbage. */
export function parseServiceResponse(xml: string): string {
  let document: ServiceResponse;
  try {
    document = parser.parse(xml, true) as ServiceResponse;
  } catch (error) {
    throw new PartyUnavailableError(CAS, `serviceValidate answer is not XML: ${String(error).slice(0, 200)}`);
  }
  const response = document.serviceResponse;
  const user = response?.authenticationSuccess?.user;
  if (typeof user === 'string' && user !== '') return user;
  const failure = response?.authenticationFailure;
  if (failure !== undefined) {
    const code = typeof failure === 'object' ? String(failure.code ?? 'UNKNOWN') : 'UNKNOWN';
    const detail = typeof failure === 'object' ? String(failure['#text'] ?? '') : failure;
    throw new PartyRefusedError(CAS, code, detail);
  }
  throw new PartyUnavailableError(
    CAS,
    `serviceValidate answer has neither success nor failure: ${xml.slice(0, 200)}`,
  );
}

export class HttpCasClient implements CasApi {
  constructor(
    /** The CAS prefix; a function because the simulator's address is known only once the server listens. */
    private readonly baseUrl: () => string,
    private readonly timeoutMs = PARTY_TIMEOUT_MS,
  ) {}

  async validate(ticket: string, service: string): Promise<string> {
    const url = partyUrl(this.baseUrl(), '/p3/serviceValidate', { ticket, service });
    return parseServiceResponse(await fetchText(CAS, url, {}, this.timeoutMs));
  }
}
