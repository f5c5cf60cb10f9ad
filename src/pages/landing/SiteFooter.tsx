// Copyright and filing footer of every public page: company and ICP filing number by host family.
import { PRODUCT_NAME } from '../../../common/constants';
import { FILING_SITE } from './content';
import { hostFamilyOf, type SiteConfig } from './siteConfig';

interface SiteFooterProps {
  config: SiteConfig | null;
  className?: string;
  /** The page's host (its family decides the company and the filing number). */
  hostname?: string;
}

export function SiteFooter({
  config,
  className = 'lp-footer',
  hostname = window.location.hostname,
}: SiteFooterProps) {
  const family = config ? hostFamilyOf(hostname, config) : null;
  return (
    <footer className={className}>
      <span>
        Copyright © {new Date().getFullYear()} {family?.company ?? PRODUCT_NAME} 版权所有
      </span>
      {family && (
        <a href={FILING_SITE} target="_blank" rel="noopener noreferrer">
          {family.filingNumber}
        </a>
      )}
    </footer>
  );
}
