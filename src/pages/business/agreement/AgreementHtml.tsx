// An agreement's text as the server rendered it (renderAgreement), cleaned again here, in a paper-like box.
import { sanitizeHtml } from '../../../utils/sanitizeHtml';
import '../../system/announcement/announcement.css';

export function AgreementHtml({ html }: { html: string }) {
  return (
    <div
      className="agreement-html"
      style={{
        padding: '16px 24px',
        border: '1px solid #f0f0f0',
        background: '#fff',
        maxHeight: 560,
        overflowY: 'auto',
      }}
      // Rendered by the server from the cleaned template; cleaned by DOMPurify here too.
      dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }}
    />
  );
}
