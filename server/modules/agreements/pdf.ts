// An agreement as a PDF (下载PDF and the signed snapshot), made on the server with pdfkit and Noto Sans SC.
// pdfkit is a plain JavaScript library (no browser to start per document, nothing to download at run time);
// the font comes from the @fontsource/noto-sans-sc npm package, so `npm install` brings it on a fresh machine
// with no system fonts. Its simplified-Chinese subset (≈ 8000 glyphs, ASCII included) is embedded as a subset
// of the glyphs a document uses, so a two-page agreement is tens of kilobytes.
//
// The input is renderAgreement's HTML, which cleanTemplateHtml limited to a few block and inline tags:
// headings, paragraphs, lists, quotes, rules and tables become PDF blocks; <strong>/<b> use the bold face.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { sfntOfWoff } from './woff';

const localRequire = createRequire(__filename);
const FONT_DIR = join(dirname(localRequire.resolve('@fontsource/noto-sans-sc/package.json')), 'files');
const REGULAR = join(FONT_DIR, 'noto-sans-sc-chinese-simplified-400-normal.woff');
const BOLD = join(FONT_DIR, 'noto-sans-sc-chinese-simplified-700-normal.woff');

/**
 * The parsed fonts, once per process (unpacked from WOFF once: see woff.ts); pdfkit accepts a parsed fontkit
 * font (anything with `layout`) where its types only name files and bytes. fontkit and pdfkit load with the
 * first PDF, not with the server (every start, every test file's, would pay for them).
 */
let parsed: { regular: object; bold: object } | undefined;
const fonts = () => {
  const fontkit = localRequire('fontkit') as { create(bytes: Uint8Array): object };
  return (parsed ??= {
    regular: fontkit.create(sfntOfWoff(readFileSync(REGULAR))),
    bold: fontkit.create(sfntOfWoff(readFileSync(BOLD))),
  });
};

interface Run {
  text: string;
  bold: boolean;
}

type Block =
  | { kind: 'heading'; level: number; runs: Run[] }
  | { kind: 'paragraph'; runs: Run[]; prefix?: string; quote?: boolean }
  | { kind: 'rule' }
  | { kind: 'table'; rows: Array<Array<{ text: string; header: boolean }>> };

const decode = (text: string) =>
  text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The blocks of the (clean) agreement HTML, in order. */
export function blocksOf(html: string): Block[] {
  const blocks: Block[] = [];
  const lists: Array<{ ordered: boolean; count: number }> = [];
  let runs: Run[] | null = null;
  let current: Block | null = null;
  let bold = 0;
  let quote = 0;
  let table: Extract<Block, { kind: 'table' }> | null = null;
  let cell: { text: string; header: boolean } | null = null;
  const open = (block: Block & { runs: Run[] }) => {
    current = block;
    runs = block.runs;
  };
  const close = () => {
    if (current && runs && runs.some((run) => run.text.trim())) blocks.push(current);
    current = null;
    runs = null;
  };
  for (const match of html.matchAll(/<(\/?)([a-zA-Z0-9]+)[^>]*?(\/?)>|([^<]+)/g)) {
    const [, closing, rawTag, , text] = match;
    if (text !== undefined) {
      const value = decode(text);
      if (cell) cell.text += value;
      else if (runs) (runs as Run[]).push({ text: value, bold: bold > 0 });
      else if (value.trim()) open({ kind: 'paragraph', runs: [{ text: value, bold: bold > 0 }] });
      continue;
    }
    const tag = rawTag.toLowerCase();
    if (tag === 'strong' || tag === 'b') bold += closing ? -1 : 1;
    else if (tag === 'blockquote') quote += closing ? -1 : 1;
    else if (tag === 'ul' || tag === 'ol') {
      if (closing) lists.pop();
      else lists.push({ ordered: tag === 'ol', count: 0 });
    } else if (tag === 'table') {
      if (closing) {
        if (table && table.rows.length) blocks.push(table);
        table = null;
      } else {
        close();
        table = { kind: 'table', rows: [] };
      }
    } else if (tag === 'tr' && table && !closing) table.rows.push([]);
    else if ((tag === 'td' || tag === 'th') && table) {
      if (closing) {
        if (cell) table.rows[table.rows.length - 1]?.push({ ...cell, text: cell.text.trim() });
        cell = null;
      } else cell = { text: '', header: tag === 'th' };
    } else if (tag === 'p' && cell) {
      if (closing) cell.text += '\n';
    } else if (/^h[1-4]$/.test(tag)) {
      close();
      if (!closing) open({ kind: 'heading', level: Number(tag[1]), runs: [] });
    } else if (tag === 'li') {
      close();
      if (!closing) {
        const list = lists[lists.length - 1];
        if (list) list.count += 1;
        open({
          kind: 'paragraph',
          runs: [],
          prefix: `${'  '.repeat(Math.max(0, lists.length - 1))}${list?.ordered ? `${list.count}.` : '•'} `,
        });
      }
    } else if (tag === 'p') {
      // A paragraph inside a list item continues the item.
      if (closing) {
        if (!(current as Block | null)?.hasOwnProperty('prefix')) close();
      } else if (!runs) open({ kind: 'paragraph', runs: [], quote: quote > 0 });
    } else if (tag === 'br' && runs) (runs as Run[]).push({ text: '\n', bold: false });
    else if (tag === 'hr') {
      close();
      blocks.push({ kind: 'rule' });
    }
  }
  close();
  return blocks;
}

const HEADING_SIZE: Record<number, number> = { 1: 18, 2: 16, 3: 14, 4: 12 };

/** The agreement as PDF bytes: `title` on top, the rendered body, page numbers in the footer. */
export async function agreementPdf(
  title: string,
  html: string,
  meta?: { subject?: string },
): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 56, left: 56, right: 56 },
    bufferPages: true,
    info: { Title: title, Subject: meta?.subject ?? title, Producer: 'pdfkit' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', fonts().regular as Buffer);
  doc.registerFont('bold', fonts().bold as Buffer);
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const left = doc.page.margins.left;

  doc.font('bold').fontSize(20).text(title, { align: 'center' });
  doc.moveDown(1);

  const writeRuns = (runs: Run[], size: number, options: { indent?: number; prefix?: string } = {}) => {
    const all = options.prefix ? [{ text: options.prefix, bold: false }, ...runs] : runs;
    const parts = all.filter((run) => run.text.length > 0);
    parts.forEach((run, index) => {
      doc
        .font(run.bold ? 'bold' : 'regular')
        .fontSize(size)
        .text(run.text.replace(/\s+\n/g, '\n'), {
          continued: index < parts.length - 1,
          indent: index === 0 ? (options.indent ?? 0) : 0,
          lineGap: 4,
        });
    });
  };

  for (const block of blocksOf(html)) {
    doc.x = left;
    if (block.kind === 'heading') {
      doc.moveDown(0.4);
      writeRuns(
        block.runs.map((run) => ({ ...run, bold: true })),
        HEADING_SIZE[block.level] ?? 12,
      );
      doc.moveDown(0.3);
    } else if (block.kind === 'paragraph') {
      writeRuns(block.runs, 11, { prefix: block.prefix, indent: block.quote ? 16 : 0 });
      doc.moveDown(0.3);
    } else if (block.kind === 'rule') {
      doc
        .moveTo(left, doc.y + 4)
        .lineTo(left + width, doc.y + 4)
        .strokeColor('#999999')
        .stroke();
      doc.moveDown(0.8);
    } else {
      drawTable(doc, block.rows, left, width);
      doc.moveDown(0.5);
    }
  }

  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(9)
      .fillColor('#888888')
      .text(`第 ${index + 1} 页 / 共 ${range.count} 页`, left, doc.page.height - 36, {
        width,
        align: 'center',
      });
    doc.page.margins.bottom = bottom;
    doc.fillColor('#000000');
  }
  doc.end();
  return done;
}

function drawTable(
  doc: PDFKit.PDFDocument,
  rows: Array<Array<{ text: string; header: boolean }>>,
  left: number,
  width: number,
) {
  const columns = Math.max(...rows.map((row) => row.length), 1);
  const columnWidth = width / columns;
  const padding = 4;
  for (const row of rows) {
    doc.fontSize(10);
    const heights = row.map((cell) =>
      doc.font(cell.header ? 'bold' : 'regular').heightOfString(cell.text || ' ', {
        width: columnWidth - padding * 2,
      }),
    );
    const height = Math.max(...heights, 12) + padding * 2;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = doc.y;
    row.forEach((cell, index) => {
      const x = left + index * columnWidth;
      if (cell.header) doc.rect(x, top, columnWidth, height).fillColor('#f0f0f0').fill();
      doc.rect(x, top, columnWidth, height).strokeColor('#666666').lineWidth(0.5).stroke();
      doc
        .fillColor('#000000')
        .font(cell.header ? 'bold' : 'regular')
        .fontSize(10)
        .text(cell.text, x + padding, top + padding, { width: columnWidth - padding * 2 });
    });
    doc.x = left;
    doc.y = top + height;
  }
}
