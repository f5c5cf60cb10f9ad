// Outbound HTTP to addresses a tenant chooses (an ERP connection's 服务地址): in production it must not reach
// this server's own network — loopback, private, link-local (the cloud metadata service at 169.254.169.254),
// CGNAT, unspecified, multicast or reserved addresses. The check is made on the address actually connected
// to, after the DNS look-up, so a name that resolves (or re-resolves) to such an address is refused too.
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector } from 'undici';

/** The target is not allowed; the message is the user's. */
export class ForbiddenAddressError extends Error {
  constructor(readonly host: string) {
    super('地址不允许：不能访问本机或内网地址');
    this.name = 'ForbiddenAddressError';
  }
}

/**
 * The refusal behind a failed fetch, if that is why it failed. fetch re-wraps an error made in another realm
 * (a test's VM context) as Error(String(error)), so the name in the message counts too.
 */
export function forbiddenAddressOf(error: unknown): ForbiddenAddressError | undefined {
  const cause = (error as { cause?: { message?: unknown } } | null)?.cause;
  if (cause instanceof ForbiddenAddressError) return cause;
  const forbidden = new ForbiddenAddressError('');
  return cause?.message === String(forbidden) ? forbidden : undefined;
}

/** A public unicast address; ipaddr.js classifies every special range (IPv4-mapped IPv6 included). */
export function isPublicAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';
}

/** The addresses `host` stands for: itself when it is an IP literal, its DNS records otherwise. */
async function addressesOf(host: string): Promise<string[]> {
  if (net.isIP(host)) return [host];
  const records = await dns.promises.lookup(host, { all: true });
  return records.map((record) => record.address);
}

/**
 * The address to connect to for `host`: a public one, or any when the host is on `allowedHosts` (an ERP on
 * the company's own network, named by ERP_ALLOWED_HOSTS). Every record must be public, or a round-robin
 * name could still lead inside.
 */
export async function resolvePublicAddress(host: string, allowedHosts: readonly string[]): Promise<string> {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const addresses = await addressesOf(bare);
  if (!allowedHosts.includes(bare) && !addresses.every(isPublicAddress))
    throw new ForbiddenAddressError(bare);
  return addresses[0];
}

/** An undici dispatcher (fetch's `dispatcher`) that connects only to what resolvePublicAddress allows. */
export function publicOnlyAgent(allowedHosts: readonly string[]): Agent {
  const connector = buildConnector({});
  return new Agent({
    connect: (options, callback) => {
      resolvePublicAddress(options.hostname, allowedHosts).then(
        (address) =>
          connector(
            {
              ...options,
              hostname: address,
              // TLS still verifies the certificate against the name, not the address.
              servername: options.servername ?? (net.isIP(options.hostname) ? undefined : options.hostname),
            },
            callback,
          ),
        (error: Error) => callback(error, null),
      );
    },
  });
}
