// HTML of announcements is cleaned when it is saved (the SPA cleans it again when it shows it): only what the
// rich-text editor produces survives, without scripts, event handlers, styles or javascript: links.
import sanitizeHtml from 'sanitize-html';

const CONTENT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'u', 's'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  // A link opened in a new tab must not get a handle on this one.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

const TEXT_OPTIONS: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };

export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, CONTENT_OPTIONS);
}

/**
 * Plain text (title, abstract) without any markup: tags go, the words stay. The library escapes what is
 * left as HTML; these fields are text, so the three escapes it makes are undone.
 */
export function sanitizeText(text: string): string {
  return sanitizeHtml(text, TEXT_OPTIONS)
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim();
}
