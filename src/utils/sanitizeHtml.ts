// HTML from the server is cleaned again in the browser before it is shown (the server cleaned it on save):
// DOMPurify keeps formatting and drops scripts, handlers and javascript: links.
import DOMPurify from 'dompurify';

export function sanitizeHtml(html: string | null | undefined): string {
  return DOMPurify.sanitize(html ?? '', { USE_PROFILES: { html: true } });
}
