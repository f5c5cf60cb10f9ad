// What the simulators' browser pages share: HTML escaping, one page frame, form posts.
import type { FastifyInstance } from 'fastify';

export const PUBLIC = { access: 'public' } as const;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

/** A whole page; `body` is HTML the caller has escaped. */
export function simulatorPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;padding:24px;color:#262626;background:#f5f7fa}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 2px 8px rgba(0,0,0,.08);text-align:center}
h1{font-size:18px;margin:0 0 8px}.hint{color:#8c8c8c;font-size:13px;margin:0 0 16px}
.qr svg{width:180px;height:180px}.banner{background:#fffbe6;border:1px solid #ffe58f;border-radius:4px;padding:6px;font-size:12px;margin-bottom:16px}
form{margin:8px 0}button{width:100%;padding:10px;border:0;border-radius:4px;background:#1890ff;color:#fff;font-size:14px;cursor:pointer}
button.secondary{background:#fff;color:#1890ff;border:1px solid #1890ff}input,select{width:100%;box-sizing:border-box;padding:8px;margin-bottom:8px;border:1px solid #d9d9d9;border-radius:4px}
.error{color:#cf1322}
@media (max-width:400px){body{padding:4px}main{padding:10px;box-shadow:none}.qr svg{width:140px;height:140px}button{padding:8px}}
</style></head>
<body><main><div class="banner">本地模拟器：仅用于开发与演示，不连接真实服务</div>${body}</main></body></html>`;
}

/** A hidden field for each value. */
export function hiddenFields(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
}

/** Lets the plugin's routes read HTML form posts (scoped to the simulator plugin that calls it). */
export function acceptFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}

/** The URL with these query parameters added (WeCom and CAS append to the caller's redirect address). */
export function withQuery(address: string, query: Record<string, string>): string {
  const url = new URL(address);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

/** A QR code (SVG) of `text`; qrcode is a development dependency, loaded only when a simulator page asks. */
export async function qrSvg(text: string): Promise<string> {
  const { toString } = await import('qrcode');
  return toString(text, { type: 'svg', margin: 1 });
}
