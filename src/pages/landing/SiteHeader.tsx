// The public pages' header (spec §2): brand links (products open the login modal, the rest are
// external), the enterprise-messaging QR login, installation, registration and the login button.
import { PRODUCT_NAME } from '../../../common/constants';
import type { OnLandingAction } from './actions';
import { BRAND_LINKS } from './content';

export const QR_LOGIN_HREF = '/user/login?state=qywx_login';

export function SiteHeader({ onAction, busy = false }: { onAction: OnLandingAction; busy?: boolean }) {
  return (
    <header className="lp-header">
      <div className="lp-header-inner">
        <a className="lp-brand" href="/user/login">
          <img src="/logo.svg" alt="" width={32} height={32} />
          <span>{PRODUCT_NAME}</span>
        </a>
        <nav className="lp-nav" aria-label="产品导航">
          {BRAND_LINKS.map(({ label, href, section }) =>
            section ? (
              <a key={label} href={`#${section}`}>
                {label}
              </a>
            ) : (
              <a key={label} href={href} target="_blank" rel="noopener noreferrer">
                {label}
              </a>
            ),
          )}
        </nav>
        <div className="lp-header-actions">
          <a
            href={QR_LOGIN_HREF}
            onClick={(event) => {
              event.preventDefault();
              onAction('qrLogin');
            }}
          >
            企业微信扫码登录
          </a>
          <button type="button" onClick={() => onAction('install')}>
            安装到企业微信
          </button>
          <button type="button" onClick={() => onAction('register')}>
            免费注册
          </button>
          <button
            type="button"
            className="lp-login-button"
            aria-busy={busy}
            disabled={busy}
            onClick={() => onAction('login')}
          >
            {busy ? '加载中…' : '登录'}
          </button>
        </div>
      </div>
    </header>
  );
}
