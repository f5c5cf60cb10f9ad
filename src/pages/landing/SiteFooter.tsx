// Copyright and filing footer of every public page: company and ICP filing number by host family.
import { PRODUCT_NAME } from '../../../common/constants';
import { FILING_SITE } from './content';
import { hostFamilyOf, type SiteConfig } from './siteConfig';

export function SiteFooter({
  config,
  className = 'lp-footer',
}: {
  config: SiteConfig | null;
  className?: string;
}) {
  const family = config ? hostFamilyOf(window.location.hostname, config) : null;
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
