// The mobile promotional layout (spec §2), sized on the rem scale of §9: banner, the mobile sales
// assistant, the B2B2b shop, the employee-price mini-program's four roles, QR codes, the copyright
// footer and a consulting button that opens the work-chat customer-service link.
import { useEffect } from 'react';
import { PRODUCT_NAME } from '../../../common/constants';
import { applyRemScale } from '../../utils/device';
import type { OnLandingAction } from './actions';
import { Banner } from './Banner';
import { MINI_PROGRAM_ROLES, MOBILE_SECTIONS, SERVICE_QR_CODES } from './content';
import { SiteFooter } from './SiteFooter';
import { useSiteConfig } from './siteConfig';

export function MobileLanding({ onAction, busy }: { onAction: OnLandingAction; busy?: boolean }) {
  const config = useSiteConfig();
  useEffect(() => applyRemScale(), []);
  return (
    <div className="mp-page">
      <header className="mp-header">
        <img src="/logo.svg" alt="" />
        <span>{PRODUCT_NAME}</span>
        <button type="button" disabled={busy} onClick={() => onAction('login')}>
          {busy ? '加载中…' : '登录'}
        </button>
      </header>
      <main>
        <h1 className="lp-visually-hidden">{PRODUCT_NAME}</h1>
        <Banner className="mp-banner" />
        {MOBILE_SECTIONS.map((section) => (
          <section key={section.key} className="mp-section">
            <h2>{section.title}</h2>
            <p>{section.text}</p>
            <img src={section.image} alt="" loading="lazy" />
          </section>
        ))}
        <section className="mp-section">
          <h2>员工价小程序</h2>
          <p>一个小程序连接品牌商、经销商、终端门店与消费者，员工价福利人人可享。</p>
          <ul className="mp-roles">
            {MINI_PROGRAM_ROLES.map((role) => (
              <li key={role.title}>
                <strong>{role.title}</strong>
                <span>{role.text}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className="mp-section mp-qr">
          <h2>扫码了解更多</h2>
          <div>
            {SERVICE_QR_CODES.map(({ key, label, image }) => (
              <figure key={key}>
                <img src={image} alt={`${label}二维码`} loading="lazy" />
                <figcaption>{label}</figcaption>
              </figure>
            ))}
          </div>
        </section>
      </main>
      <SiteFooter config={config} className="mp-footer" />
      <a
        className="mp-consult"
        href={config?.serviceLinks.contactService ?? '#'}
        target="_blank"
        rel="noopener noreferrer"
        aria-disabled={!config}
      >
        立即咨询
      </a>
    </div>
  );
}
