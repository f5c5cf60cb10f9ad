// The site configuration of public/site-config.json. It lives in public/ rather than in the bundle so
// that operations can change a company name, a filing number, a phone number or a service link by
// editing one file on the web server, without a rebuild; the same dist/ serves both host families.
import { useEffect, useState } from 'react';

export const SITE_CONFIG_URL = '/site-config.json';

/** One family of host names: the company and the ICP filing number its page footers show (spec §1). */
export interface HostFamily {
  id: string;
  /** Domains of the family; a host matches a domain itself and every subdomain of it. */
  hosts: string[];
  company: string;
  filingNumber: string;
}

export interface SiteConfig {
  hostFamilies: HostFamily[];
  /** The family of any host no family lists (the IP address, localhost, a new domain). */
  defaultFamily: string;
  contact: { phones: string[]; emails: string[] };
  /** Work-chat customer-service links; their QR codes are generated from these (scripts/landing-assets.ts). */
  serviceLinks: { contactService: string; consultingAdviser: string; tryIt: string };
  /** Where /test/home loads its micro-frontend from (a local dev host). */
  microFrontendUrl: string;
}

function matchesDomain(hostname: string, domain: string): boolean {
  const host = hostname.toLowerCase();
  const base = domain.toLowerCase();
  return host === base || host.endsWith(`.${base}`);
}

/** The host family of a host name: the first family that lists its domain, else the default family. */
export function hostFamilyOf(hostname: string, config: SiteConfig): HostFamily {
  const listed = config.hostFamilies.find((family) =>
    family.hosts.some((domain) => matchesDomain(hostname, domain)),
  );
  const fallback = config.hostFamilies.find((family) => family.id === config.defaultFamily);
  const family = listed ?? fallback;
  if (!family)
    throw new Error(`site-config.json: defaultFamily "${config.defaultFamily}" is not a host family`);
  return family;
}

let pending: Promise<SiteConfig> | null = null;

/** Fetched once per page; a failed fetch may be retried by the next caller. */
export function loadSiteConfig(): Promise<SiteConfig> {
  // Inside a promise chain: even a browser without fetch gets a rejection, not an exception.
  pending ??= Promise.resolve()
    .then(() => fetch(SITE_CONFIG_URL))
    .then((response) => {
      if (!response.ok) throw new Error(`${SITE_CONFIG_URL}: HTTP ${response.status}`);
      return response.json() as Promise<SiteConfig>;
    });
  pending.catch(() => {
    pending = null;
  });
  return pending;
}

/** The site configuration, or null while it loads (or when it could not be loaded). */
export function useSiteConfig(): SiteConfig | null {
  const [config, setConfig] = useState<SiteConfig | null>(null);
  useEffect(() => {
    let current = true;
    loadSiteConfig().then(
      (loaded) => current && setConfig(loaded),
      () => undefined, // the sections that need it stay empty; the rest of the page still works
    );
    return () => {
      current = false;
    };
  }, []);
  return config;
}
