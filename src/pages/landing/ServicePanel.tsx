// The floating customer-service panel of desktop pages (spec §1): three entries, each showing its QR
// code while the pointer is over it or it has the focus.
import { SERVICE_QR_CODES } from './content';

export function ServicePanel() {
  return (
    <aside className="lp-service" aria-label="在线客服">
      {SERVICE_QR_CODES.map(({ key, label, image }) => (
        <div key={key} className="lp-service-item" tabIndex={0}>
          <span className={`lp-service-icon lp-service-icon-${key}`} aria-hidden="true" />
          <span className="lp-service-label">{label}</span>
          <div className="lp-service-popover">
            <img src={image} alt={`${label}二维码`} width={132} height={132} loading="lazy" />
            <span>微信扫一扫，{label}</span>
          </div>
        </div>
      ))}
    </aside>
  );
}
