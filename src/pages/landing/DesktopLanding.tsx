// The landing page on desktop browsers (spec §2): header, banner, the marketed modules, the
// mini-program's four roles, contact, friendly links, filing footer and the service panel.
import { PRODUCT_NAME } from '../../../common/constants';
import type { OnLandingAction } from './actions';
import { Banner } from './Banner';
import { FEATURES, FRIENDLY_LINKS, MINI_PROGRAM_ROLES, SERVICE_QR_CODES } from './content';
import { FeatureIcon } from './FeatureIcon';
import { ServicePanel } from './ServicePanel';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { useSiteConfig } from './siteConfig';

export function DesktopLanding({ onAction, busy }: { onAction: OnLandingAction; busy?: boolean }) {
  const config = useSiteConfig();
  const [customer, ...modules] = FEATURES;
  return (
    <div className="lp-page">
      <SiteHeader onAction={onAction} busy={busy} />
      <main>
        <h1 className="lp-visually-hidden">{PRODUCT_NAME}</h1>
        <Banner className="lp-banner" />

        <section id="lp-features" className="lp-section" aria-labelledby="lp-features-title">
          <h2 id="lp-features-title" className="lp-section-title">
            一个平台，覆盖渠道业务全链路
          </h2>
          <p className="lp-section-lead">
            从厂家到门店再到消费者，八大模块让渠道管理在线化、数据化、智能化。
          </p>
          <article className="lp-feature-hero">
            <div>
              <FeatureIcon name={customer.key} color={customer.color} />
              <h3>{customer.title}</h3>
              <p>{customer.text}</p>
              <ul>
                {customer.points?.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
              <button type="button" className="lp-primary" onClick={() => onAction('login')}>
                登录体验
              </button>
            </div>
            <img src="/landing/banner-2-visit.svg" alt="业务员拜访打卡示意" loading="lazy" />
          </article>
          <div className="lp-feature-grid">
            {modules.map((feature) => (
              <article key={feature.key} id={`lp-feature-${feature.key}`} className="lp-feature">
                <FeatureIcon name={feature.key} color={feature.color} />
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </article>
            ))}
          </div>
        </section>

        <section id="lp-roles" className="lp-section lp-roles" aria-labelledby="lp-roles-title">
          <h2 id="lp-roles-title" className="lp-section-title">
            员工价小程序，四方共赢
          </h2>
          <p className="lp-section-lead">品牌商、经销商、终端门店与消费者在同一个小程序里各取所需。</p>
          <div className="lp-role-grid">
            {MINI_PROGRAM_ROLES.map((role, index) => (
              <article key={role.title} className="lp-role">
                <span className="lp-role-index">0{index + 1}</span>
                <h3>{role.title}</h3>
                <p>{role.text}</p>
              </article>
            ))}
          </div>
        </section>

        <section className="lp-section lp-contact" aria-labelledby="lp-contact-title">
          <div>
            <h2 id="lp-contact-title" className="lp-section-title">
              联系我们
            </h2>
            <p className="lp-section-lead">专属顾问为您量身规划渠道数字化方案，欢迎来电或来信。</p>
            {config && (
              <dl className="lp-contact-list">
                <dt>咨询电话</dt>
                {config.contact.phones.map((phone) => (
                  <dd key={phone}>
                    <a href={`tel:${phone.replace(/[^\d-]/g, '')}`}>{phone}</a>
                  </dd>
                ))}
                <dt>电子邮箱</dt>
                {config.contact.emails.map((email) => (
                  <dd key={email}>
                    <a href={`mailto:${email}`}>{email}</a>
                  </dd>
                ))}
              </dl>
            )}
          </div>
          <div className="lp-qr-row">
            {SERVICE_QR_CODES.map(({ key, label, image }) => (
              <figure key={key}>
                <img src={image} alt={`${label}二维码`} width={120} height={120} loading="lazy" />
                <figcaption>{label}</figcaption>
              </figure>
            ))}
          </div>
        </section>
      </main>

      <nav className="lp-friendly" aria-label="友情链接">
        <span>友情链接：</span>
        {FRIENDLY_LINKS.map(({ label, href }) => (
          <a key={label} href={href} target="_blank" rel="noopener noreferrer">
            {label}
          </a>
        ))}
      </nav>
      <SiteFooter config={config} />
      <ServicePanel />
    </div>
  );
}
