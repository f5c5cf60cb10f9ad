// The one place an agreement's text is made (DOMAIN §1.8): a published template version's body with the
// agreement's variable values filled in. Cooperation agreements and display agreements both call
// renderAgreement with the version and the values they stored, so an agreement reads the same after its
// template changes. The body is the template editor's HTML: `{{name}}` tokens, and tables bound to an array
// variable (`<table data-source="name">`) whose row holding `{{name.field}}` repeats once per value row.
import sanitizeHtml from 'sanitize-html';
import type { DiffLine, TemplateVariable, VariableValues } from '../../../common/agreements';

/** What renderAgreement needs of a template version. */
export interface RenderableVersion {
  bodyHtml: string;
  variableSchema: TemplateVariable[];
}

const TOKEN = /\{\{\s*([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)?)\s*\}\}/g;
/** A variable with no value reads as a blank to fill in by hand. */
const BLANK = '________';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function formatted(variable: TemplateVariable | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return BLANK;
  if (variable?.type === 'number' && typeof value !== 'object') {
    const number = Number(value);
    if (Number.isFinite(number))
      return number.toLocaleString('zh-CN', { maximumFractionDigits: 2, useGrouping: true });
  }
  return String(value);
}

/** The body HTML the template editor may save: its own tags, tables with their data source, nothing active. */
export function cleanTemplateHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'h1',
      'h2',
      'h3',
      'h4',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'ul',
      'ol',
      'li',
      'blockquote',
      'hr',
      'table',
      'colgroup',
      'col',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ],
    allowedAttributes: {
      table: ['data-source'],
      th: ['colspan', 'rowspan'],
      td: ['colspan', 'rowspan'],
    },
  });
}

/** The rows of a table bound to `source`: the row holding `{{source.field}}` once per value row. */
function expandTables(html: string, values: VariableValues, variables: TemplateVariable[]): string {
  return html.replace(
    /<table([^>]*)data-source="([^"]+)"([^>]*)>([\s\S]*?)<\/table>/g,
    (_whole, before: string, source: string, after: string, inner: string) => {
      const rows = Array.isArray(values[source]) ? (values[source] as Array<Record<string, unknown>>) : [];
      const variable = variables.find((each) => each.name === source);
      const body = inner.replace(/<tr[^>]*>[\s\S]*?<\/tr>/g, (row) => {
        if (!row.includes(`{{${source}.`)) return row;
        return rows
          .map((values) =>
            row.replace(TOKEN, (token, name: string) => {
              const [head, field] = name.split('.');
              if (head !== source || !field) return token;
              const column = variable?.fields?.find((each) => each.name === field);
              return escapeHtml(formatted(column ? { ...column, type: 'text' } : undefined, values[field]));
            }),
          )
          .join('');
      });
      return `<table${before}data-source="${source}"${after}>${body}</table>`;
    },
  );
}

/**
 * The agreement's text as HTML: every `{{name}}` replaced by its value (escaped; numbers with thousands
 * separators; a blank line when the value is missing), every bound table's row repeated per value row.
 */
export function renderAgreement(version: RenderableVersion, values: VariableValues): string {
  const variables = version.variableSchema;
  const expanded = expandTables(version.bodyHtml, values, variables);
  return expanded.replace(TOKEN, (_token, name: string) => {
    if (name.includes('.')) return BLANK;
    const variable = variables.find((each) => each.name === name);
    const value = values[name];
    return escapeHtml(Array.isArray(value) ? BLANK : formatted(variable, value));
  });
}

/** The preview's values: each variable's sample, two sample rows for an array. */
export function sampleValues(variables: TemplateVariable[]): VariableValues {
  return Object.fromEntries(
    variables.map((variable) => {
      if (variable.type === 'array') {
        const rows = [1, 2].map((index) =>
          Object.fromEntries(
            (variable.fields ?? []).map((field) => [field.name, `${field.label}${index}`] as const),
          ),
        );
        return [variable.name, rows];
      }
      return [variable.name, variable.sample ?? `【${variable.label}】`];
    }),
  );
}

/** The variables a body uses that the schema does not define (checked before a publish). */
export function undefinedVariables(bodyHtml: string, variables: TemplateVariable[]): string[] {
  const known = new Set(variables.map((each) => each.name));
  const used = [...bodyHtml.matchAll(TOKEN)].map((match) => match[1].split('.')[0]);
  const sources = [...bodyHtml.matchAll(/data-source="([^"]+)"/g)].map((match) => match[1]);
  return [...new Set([...used, ...sources])].filter((name) => !known.has(name));
}

/** The body as lines of text (one per block), for the version diff. */
export function textLinesOf(html: string): string[] {
  const blocks = html
    .replace(/<\/(p|h[1-6]|li|tr|blockquote)>/g, '\n')
    .replace(/<\/(td|th)>/g, ' | ')
    .replace(/<br\s*\/?>/g, '\n');
  const text = sanitizeHtml(blocks, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
  return text
    .split('\n')
    .map((line) => line.replace(/\s*\|\s*$/, '').trim())
    .filter((line) => line.length > 0);
}

/** A line diff (longest common subsequence) of two versions' texts. */
export function diffLines(from: string[], to: string[]): DiffLine[] {
  const n = from.length;
  const m = to.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i -= 1)
    for (let j = m - 1; j >= 0; j -= 1)
      lcs[i][j] = from[i] === to[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (from[i] === to[j]) {
      lines.push({ kind: 'same', text: from[i] });
      i += 1;
      j += 1;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) {
      lines.push({ kind: 'removed', text: from[i] });
      i += 1;
    } else {
      lines.push({ kind: 'added', text: to[j] });
      j += 1;
    }
  }
  for (; i < n; i += 1) lines.push({ kind: 'removed', text: from[i] });
  for (; j < m; j += 1) lines.push({ kind: 'added', text: to[j] });
  return lines;
}
