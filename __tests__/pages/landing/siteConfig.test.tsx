import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { qrSvg } from '../../../scripts/landing-assets';
import { SiteFooter } from '../../../src/pages/landing/SiteFooter';
import { hostFamilyOf, type SiteConfig } from '../../../src/pages/landing/siteConfig';

const PUBLIC = path.resolve(__dirname, '../../../public');
const config = JSON.parse(readFileSync(path.join(PUBLIC, 'site-config.json'), 'utf8')) as SiteConfig;
const [first, second] = config.hostFamilies;

describe('public/site-config.json', () => {
  it('has two host families with different companies and filing numbers, and a default among them', () => {
    expect(config.hostFamilies).toHaveLength(2);
    expect(first.company).not.toBe(second.company);
    expect(first.filingNumber).not.toBe(second.filingNumber);
    expect(config.hostFamilies.map((family) => family.id)).toContain(config.defaultFamily);
  });

  it('has contact phone numbers and two e-mail addresses', () => {
    expect(config.contact.phones.length).toBeGreaterThan(0);
    expect(config.contact.emails).toHaveLength(2);
    config.contact.emails.forEach((email) => expect(email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/));
  });

  it.each(Object.entries(config.serviceLinks))(
    'the committed QR code of %s encodes its configured link',
    async (name, link) => {
      const committed = readFileSync(path.join(PUBLIC, 'landing/qr', `${name}.svg`), 'utf8');
      expect(committed).toBe(await qrSvg(link));
    },
  );
});

describe('hostFamilyOf', () => {
  it.each([
    [first.hosts[0], first.id],
    [`www.${first.hosts[0]}`, first.id],
    [`M.${second.hosts[0].toUpperCase()}`, second.id],
    [second.hosts[1], second.id],
  ])('%s belongs to %s', (hostname, id) => {
    expect(hostFamilyOf(hostname, config).id).toBe(id);
  });

  it('any other host (an address, localhost, a look-alike domain) gets the default family', () => {
    for (const hostname of ['127.0.0.1', 'localhost', `evil${first.hosts[0]}`]) {
      expect(hostFamilyOf(hostname, config).id).toBe(config.defaultFamily);
    }
  });

  it('refuses a configuration whose default family does not exist', () => {
    expect(() => hostFamilyOf('localhost', { ...config, defaultFamily: 'nope' })).toThrow(
      'defaultFamily "nope"',
    );
  });
});

describe('SiteFooter', () => {
  it.each([first, second])('on a host of family $id shows $company and $filingNumber', (family) => {
    render(<SiteFooter config={config} hostname={`www.${family.hosts[0]}`} />);
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(`Copyright © ${new Date().getFullYear()} ${family.company} 版权所有`);
    const filing = screen.getByRole('link', { name: family.filingNumber });
    expect(filing).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
    const other = family === first ? second : first;
    expect(footer).not.toHaveTextContent(other.company);
    expect(footer).not.toHaveTextContent(other.filingNumber);
  });

  it('before the configuration has loaded shows the product name and no filing number', () => {
    render(<SiteFooter config={null} hostname={first.hosts[0]} />);
    expect(screen.getByRole('contentinfo')).toHaveTextContent('渠道数字化平台 版权所有');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
