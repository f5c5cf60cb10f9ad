// Writes the landing page's pictures into public/landing/: the six banner illustrations (drinks-trade
// scenes drawn from a few SVG shapes: bottles, cases, shelves, trucks, fridges, phones, maps) and the
// scannable QR codes of the service links in public/site-config.json. Run after changing either:
//   npx tsx scripts/landing-assets.ts
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import QRCode from 'qrcode';

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'public/landing');

const W = 1920;
const H = 600;

// ---- shapes -------------------------------------------------------------------------------------

function bottle(x: number, y: number, h: number, glass: string, label: string, cap = '#c9a227'): string {
  const w = h * 0.3;
  const neck = w * 0.36;
  const cx = x + w / 2;
  return `<g>
  <rect x="${cx - neck / 2 - 1}" y="${y - 4}" width="${neck + 2}" height="${h * 0.08}" rx="3" fill="${cap}"/>
  <path d="M${cx - neck / 2} ${y + h * 0.06} L${cx - neck / 2} ${y + h * 0.22} Q${x} ${y + h * 0.3} ${x} ${y + h * 0.4}
    L${x} ${y + h - 6} Q${x} ${y + h} ${x + 6} ${y + h} L${x + w - 6} ${y + h} Q${x + w} ${y + h} ${x + w} ${y + h - 6}
    L${x + w} ${y + h * 0.4} Q${x + w} ${y + h * 0.3} ${cx + neck / 2} ${y + h * 0.22} L${cx + neck / 2} ${y + h * 0.06} Z"
    fill="${glass}"/>
  <rect x="${x + 3}" y="${y + h * 0.52}" width="${w - 6}" height="${h * 0.26}" rx="3" fill="${label}"/>
  <rect x="${x + w * 0.2}" y="${y + h * 0.6}" width="${w * 0.6}" height="${h * 0.04}" rx="2" fill="#fff" opacity=".85"/>
  <rect x="${x + w * 0.3}" y="${y + h * 0.67}" width="${w * 0.4}" height="${h * 0.03}" rx="2" fill="#fff" opacity=".6"/>
  <rect x="${x + w * 0.14}" y="${y + h * 0.42}" width="${w * 0.1}" height="${h * 0.5}" rx="3" fill="#fff" opacity=".28"/>
</g>`;
}

function can(x: number, y: number, h: number, body: string, band: string): string {
  const w = h * 0.56;
  return `<g>
  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w * 0.16}" fill="${body}"/>
  <rect x="${x + 2}" y="${y - 3}" width="${w - 4}" height="8" rx="4" fill="#cfd8e3"/>
  <rect x="${x}" y="${y + h * 0.38}" width="${w}" height="${h * 0.24}" fill="${band}"/>
  <circle cx="${x + w / 2}" cy="${y + h * 0.5}" r="${h * 0.08}" fill="#fff" opacity=".9"/>
  <rect x="${x + w * 0.14}" y="${y + h * 0.08}" width="${w * 0.12}" height="${h * 0.8}" rx="3" fill="#fff" opacity=".25"/>
</g>`;
}

function crate(x: number, y: number, w: number, h: number, color: string, bottles = '#3f8f4f'): string {
  const tops = Array.from({ length: 4 }, (_, i) => {
    const bx = x + w * (0.12 + i * 0.22);
    return `<rect x="${bx}" y="${y - h * 0.22}" width="${w * 0.1}" height="${h * 0.3}" rx="3" fill="${bottles}"/>
    <rect x="${bx + 1}" y="${y - h * 0.27}" width="${w * 0.1 - 2}" height="${h * 0.07}" rx="2" fill="#c9a227"/>`;
  }).join('');
  return `<g>${tops}
  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="${color}"/>
  <rect x="${x + w * 0.06}" y="${y + h * 0.18}" width="${w * 0.88}" height="${h * 0.14}" rx="4" fill="#000" opacity=".12"/>
  <rect x="${x + w * 0.32}" y="${y + h * 0.48}" width="${w * 0.36}" height="${h * 0.3}" rx="4" fill="#fff" opacity=".85"/>
  <rect x="${x + w * 0.38}" y="${y + h * 0.56}" width="${w * 0.24}" height="${h * 0.05}" rx="2" fill="${color}"/>
  <rect x="${x + w * 0.38}" y="${y + h * 0.65}" width="${w * 0.16}" height="${h * 0.05}" rx="2" fill="${color}" opacity=".6"/>
</g>`;
}

function carton(x: number, y: number, w: number, h: number, color = '#d9a066'): string {
  return `<g>
  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="${color}"/>
  <rect x="${x}" y="${y}" width="${w}" height="${h * 0.16}" rx="4" fill="#000" opacity=".1"/>
  <rect x="${x + w * 0.45}" y="${y}" width="${w * 0.1}" height="${h * 0.4}" fill="#fff" opacity=".35"/>
  <path d="M${x + w * 0.2} ${y + h * 0.62} h${w * 0.12} M${x + w * 0.2} ${y + h * 0.74} h${w * 0.2}" stroke="#7a4f24" stroke-width="4" stroke-linecap="round" opacity=".55"/>
</g>`;
}

function truck(x: number, y: number, scale: number, color: string, brand: string): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})">
  <rect x="0" y="0" width="300" height="150" rx="12" fill="#fff"/>
  <rect x="0" y="0" width="300" height="150" rx="12" fill="${color}" opacity=".12"/>
  <rect x="24" y="36" width="160" height="70" rx="10" fill="${color}"/>
  <text x="104" y="82" font-size="30" font-weight="700" fill="#fff" text-anchor="middle" font-family="WenQuanYi Micro Hei, PingFang SC, sans-serif">${brand}</text>
  <path d="M300 40 h70 q14 0 22 12 l34 46 q6 8 6 18 v34 h-132 z" fill="${color}"/>
  <path d="M318 56 h48 l26 38 h-74 z" fill="#dff1ff"/>
  <rect x="-6" y="150" width="440" height="14" rx="7" fill="#40506a"/>
  <circle cx="70" cy="172" r="28" fill="#26334a"/><circle cx="70" cy="172" r="12" fill="#cfd8e3"/>
  <circle cx="350" cy="172" r="28" fill="#26334a"/><circle cx="350" cy="172" r="12" fill="#cfd8e3"/>
</g>`;
}

function fridge(x: number, y: number, w: number, h: number, brand: string, color: string): string {
  const shelves = [0.28, 0.5, 0.72]
    .map((row) => {
      const sy = y + h * row;
      const items = Array.from({ length: 4 }, (_, i) =>
        bottle(
          x + w * (0.16 + i * 0.18),
          sy - h * 0.17,
          h * 0.17,
          ['#2f7d4f', '#b33a3a', '#e0a526', '#2a6fb0'][i],
          '#fff',
        ),
      ).join('');
      return `${items}<rect x="${x + w * 0.1}" y="${sy}" width="${w * 0.8}" height="5" fill="#9fb3c8"/>`;
    })
    .join('');
  return `<g>
  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="14" fill="${color}"/>
  <rect x="${x}" y="${y}" width="${w}" height="${h * 0.1}" rx="14" fill="#fff" opacity=".16"/>
  <text x="${x + w / 2}" y="${y + h * 0.075}" font-size="${h * 0.045}" font-weight="700" fill="#fff" text-anchor="middle" font-family="WenQuanYi Micro Hei, PingFang SC, sans-serif">${brand}</text>
  <rect x="${x + w * 0.08}" y="${y + h * 0.12}" width="${w * 0.84}" height="${h * 0.78}" rx="8" fill="#e9f6ff"/>
  ${shelves}
  <rect x="${x + w * 0.08}" y="${y + h * 0.12}" width="${w * 0.84}" height="${h * 0.78}" rx="8" fill="#fff" opacity=".18"/>
  <rect x="${x + w * 0.86}" y="${y + h * 0.4}" width="6" height="${h * 0.2}" rx="3" fill="#cfd8e3"/>
  <rect x="${x + w * 0.05}" y="${y + h}" width="${w * 0.12}" height="10" rx="3" fill="#40506a"/>
  <rect x="${x + w * 0.83}" y="${y + h}" width="${w * 0.12}" height="10" rx="3" fill="#40506a"/>
</g>`;
}

function phone(x: number, y: number, w: number, h: number, screen: string): string {
  return `<g>
  <rect x="${x - 10}" y="${y - 10}" width="${w + 20}" height="${h + 20}" rx="36" fill="#1d2739"/>
  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="28" fill="#f5f8fc"/>
  <rect x="${x + w / 2 - 40}" y="${y + 8}" width="80" height="16" rx="8" fill="#1d2739"/>
  <g transform="translate(${x} ${y})">${screen}</g>
</g>`;
}

function card(x: number, y: number, w: number, h: number, accent: string, lines = 2): string {
  const rows = Array.from(
    { length: lines },
    (_, i) =>
      `<rect x="${x + 58}" y="${y + 16 + i * 18}" width="${(w - 80) * (i === 0 ? 0.8 : 0.5)}" height="9" rx="4" fill="${i === 0 ? '#5b6b82' : '#b5c0cf'}"/>`,
  ).join('');
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="12" fill="#fff" stroke="#e3e9f2"/>
  <circle cx="${x + 30}" cy="${y + h / 2}" r="16" fill="${accent}"/>${rows}`;
}

function pin(x: number, y: number, color: string, size = 1): string {
  return `<g transform="translate(${x} ${y}) scale(${size})">
  <path d="M0 0 C-22 -30 -22 -58 0 -58 C22 -58 22 -30 0 0 Z" fill="${color}"/>
  <circle cx="0" cy="-38" r="8" fill="#fff"/>
  <ellipse cx="0" cy="4" rx="12" ry="4" fill="#000" opacity=".15"/>
</g>`;
}

function storefront(x: number, y: number, w: number, h: number, color: string, name: string): string {
  const stripes = Array.from(
    { length: 8 },
    (_, i) =>
      `<rect x="${x + (i * w) / 8}" y="${y}" width="${w / 16}" height="${h * 0.18}" fill="#fff" opacity=".9"/>`,
  ).join('');
  return `<g>
  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="#fdfaf4"/>
  <rect x="${x}" y="${y}" width="${w}" height="${h * 0.18}" rx="6" fill="${color}"/>${stripes}
  <rect x="${x + w * 0.08}" y="${y + h * 0.24}" width="${w * 0.84}" height="${h * 0.12}" rx="4" fill="${color}"/>
  <text x="${x + w / 2}" y="${y + h * 0.33}" font-size="${h * 0.08}" font-weight="700" fill="#fff" text-anchor="middle" font-family="WenQuanYi Micro Hei, PingFang SC, sans-serif">${name}</text>
  <rect x="${x + w * 0.1}" y="${y + h * 0.44}" width="${w * 0.36}" height="${h * 0.56}" fill="#cfe6f7"/>
  <rect x="${x + w * 0.56}" y="${y + h * 0.44}" width="${w * 0.34}" height="${h * 0.4}" fill="#cfe6f7"/>
  ${bottle(x + w * 0.14, y + h * 0.6, h * 0.3, '#2f7d4f', '#fff')}
  ${bottle(x + w * 0.25, y + h * 0.6, h * 0.3, '#b33a3a', '#fff')}
  ${can(x + w * 0.36, y + h * 0.72, h * 0.18, '#2a6fb0', '#e0a526')}
</g>`;
}

function shelf(x: number, y: number, w: number, rows: number): string {
  const palette = ['#2f7d4f', '#b33a3a', '#e0a526', '#2a6fb0', '#7b4fb3', '#d0622b'];
  return Array.from({ length: rows }, (_, r) => {
    const sy = y + r * 120;
    const items = Array.from({ length: Math.floor(w / 56) }, (_, i) =>
      i % 3 === 2
        ? can(x + 10 + i * 56, sy + 48, 56, palette[(i + r) % 6], '#fff')
        : bottle(x + 14 + i * 56, sy, 104, palette[(i + r * 2) % 6], '#fff'),
    ).join('');
    return `${items}<rect x="${x}" y="${sy + 104}" width="${w}" height="12" rx="4" fill="#8c6a4a"/>`;
  }).join('');
}

function coin(x: number, y: number, r: number): string {
  return `<g><circle cx="${x}" cy="${y}" r="${r}" fill="#f5b82e"/><circle cx="${x}" cy="${y}" r="${r * 0.76}" fill="#ffd25c"/>
  <text x="${x}" y="${y + r * 0.32}" font-size="${r}" font-weight="700" fill="#c07d00" text-anchor="middle" font-family="WenQuanYi Micro Hei, sans-serif">币</text></g>`;
}

function bars(x: number, y: number, values: number[], color: string): string {
  return values
    .map(
      (v, i) =>
        `<rect x="${x + i * 34}" y="${y - v}" width="22" height="${v}" rx="4" fill="${color}" opacity="${0.55 + (i / values.length) * 0.45}"/>`,
    )
    .join('');
}

/** A soft backdrop: gradient, big blurred circles and a floor line, in the slide's colours. */
function backdrop(from: string, to: string, glow: string): string {
  return `<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
  <radialGradient id="glow"><stop offset="0" stop-color="${glow}" stop-opacity=".55"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<circle cx="1420" cy="260" r="420" fill="url(#glow)"/>
<circle cx="1840" cy="560" r="260" fill="url(#glow)"/>
<g opacity=".08" stroke="#fff" stroke-width="2">${Array.from({ length: 12 }, (_, i) => `<line x1="${880 + i * 90}" y1="0" x2="${780 + i * 90}" y2="${H}"/>`).join('')}</g>`;
}

function svg(body: string, title: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${title}"><title>${title}</title>${body}</svg>\n`;
}

// ---- the six banners (the text is HTML on top, on the left; the pictures fill the right) ----------

const banners: Record<string, string> = {
  'banner-1-channel': svg(
    `${backdrop('#0b3b8c', '#1677ff', '#69b1ff')}
    <path d="M980 470 C1120 380 1240 450 1360 360 S1620 250 1780 300" stroke="#fff" stroke-width="6" fill="none" stroke-dasharray="4 14" stroke-linecap="round" opacity=".7"/>
    <path d="M1040 210 C1180 260 1300 180 1480 230 S1700 150 1820 170" stroke="#91caff" stroke-width="5" fill="none" stroke-dasharray="4 12" stroke-linecap="round"/>
    ${storefront(1500, 170, 240, 190, '#e8543b', '便利店')}
    ${storefront(1010, 110, 210, 170, '#13a8a8', '烟酒行')}
    ${truck(1110, 330, 0.9, '#1677ff', '渠数物流')}
    ${pin(1290, 150, '#ffb020', 1.1)}${pin(1640, 150, '#ff5b5b', 1)}${pin(1780, 300, '#36cfc9', 0.9)}${pin(1000, 460, '#ffb020', 0.8)}
    ${crate(1560, 440, 130, 80, '#c0392b')}${crate(1700, 440, 130, 80, '#1f7a45', '#b33a3a')}`,
    '品牌商、经销商、门店与消费者在一张渠道网络上连接',
  ),
  'banner-2-visit': svg(
    `${backdrop('#0a5c4a', '#13a87c', '#7cf0c5')}
    ${storefront(1020, 150, 320, 300, '#e8543b', '华饮便利')}
    ${phone(
      1420,
      70,
      250,
      470,
      `
      <rect x="0" y="40" width="250" height="60" fill="#13a87c"/>
      <text x="125" y="78" font-size="20" fill="#fff" text-anchor="middle" font-family="WenQuanYi Micro Hei, sans-serif">今日拜访计划</text>
      ${card(14, 116, 222, 60, '#13a87c')}${card(14, 186, 222, 60, '#ffb020')}${card(14, 256, 222, 60, '#1677ff')}
      <rect x="30" y="340" width="190" height="90" rx="14" fill="#e6fff5" stroke="#13a87c"/>
      <circle cx="80" cy="385" r="26" fill="#13a87c"/><path d="M68 385 l9 9 l18 -20" stroke="#fff" stroke-width="6" fill="none" stroke-linecap="round"/>
      <text x="160" y="380" font-size="18" fill="#0a5c4a" text-anchor="middle" font-family="WenQuanYi Micro Hei, sans-serif">距离打卡</text>
      <text x="160" y="405" font-size="14" fill="#3d7a66" text-anchor="middle" font-family="WenQuanYi Micro Hei, sans-serif">距门店 86 米</text>`,
    )}
    ${pin(1180, 140, '#ffb020', 1.3)}
    <circle cx="1180" cy="120" r="110" fill="none" stroke="#fff" stroke-width="3" stroke-dasharray="8 10" opacity=".6"/>
    ${coin(1740, 170, 34)}${coin(1790, 250, 26)}${coin(1720, 320, 22)}`,
    '业务员在门店用手机距离打卡并执行拜访计划',
  ),
  'banner-3-promotion': svg(
    `${backdrop('#7a1f1f', '#e5484d', '#ffb3a7')}
    ${shelf(1000, 110, 520, 3)}
    <g transform="translate(1560 120) rotate(8)"><rect width="250" height="150" rx="16" fill="#ffd25c"/>
    <text x="125" y="70" font-size="46" font-weight="700" fill="#b3261e" text-anchor="middle" font-family="WenQuanYi Micro Hei, sans-serif">买十赠一</text>
    <text x="125" y="115" font-size="24" fill="#7a1f1f" text-anchor="middle" font-family="WenQuanYi Micro Hei, sans-serif">整箱进货享返利</text></g>
    <g transform="translate(1580 320)"><rect width="240" height="180" rx="14" fill="#fff"/>
    <text x="24" y="44" font-size="22" fill="#7a1f1f" font-family="WenQuanYi Micro Hei, sans-serif">陈列协议 · 核销</text>
    ${bars(30, 160, [40, 62, 55, 88, 104, 120], '#e5484d')}</g>`,
    '货架陈列、促销活动与协议费用核销',
  ),
  'banner-4-stock': svg(
    `${backdrop('#3b2a12', '#a86b1f', '#ffd591')}
    <rect x="980" y="90" width="600" height="440" rx="10" fill="#fff" opacity=".1"/>
    ${[0, 1, 2].map((r) => [0, 1, 2, 3].map((c) => carton(1000 + c * 140, 130 + r * 130, 126, 112, ['#d9a066', '#c98b4f', '#e3b27a'][(r + c) % 3])).join('')).join('')}
    <g transform="translate(1620 110)"><rect width="220" height="240" rx="16" fill="#fff"/>
    <rect width="220" height="60" rx="16" fill="#e5484d"/><text x="110" y="42" font-size="26" fill="#fff" text-anchor="middle" font-family="WenQuanYi Micro Hei, sans-serif">临期预警</text>
    <text x="110" y="130" font-size="64" font-weight="700" fill="#3b2a12" text-anchor="middle" font-family="sans-serif">45</text>
    <text x="110" y="170" font-size="22" fill="#8c6a4a" text-anchor="middle" font-family="WenQuanYi Micro Hei, sans-serif">库龄（天）</text>
    <rect x="30" y="196" width="160" height="14" rx="7" fill="#f0e2cf"/><rect x="30" y="196" width="118" height="14" rx="7" fill="#ffb020"/></g>
    <g transform="translate(1620 380)"><rect width="220" height="130" rx="16" fill="#fff"/>${bars(26, 110, [30, 48, 70, 52, 84], '#a86b1f')}</g>`,
    '仓库整箱库存的库龄与临期预警',
  ),
  'banner-5-fridge': svg(
    `${backdrop('#06306b', '#1c8fd6', '#8fd3ff')}
    ${fridge(1000, 90, 220, 420, '华饮冰饮', '#d83a3a')}
    ${fridge(1250, 130, 200, 380, '川府饮品', '#1f7a45')}
    ${pin(1110, 70, '#ffb020', 1)}${pin(1350, 110, '#36cfc9', 1)}
    ${phone(
      1530,
      100,
      240,
      440,
      `
      <rect x="0" y="40" width="240" height="56" fill="#1c8fd6"/>
      <text x="120" y="76" font-size="20" fill="#fff" text-anchor="middle" font-family="WenQuanYi Micro Hei, sans-serif">冰柜资产</text>
      <rect x="14" y="110" width="212" height="150" rx="12" fill="#dcefff"/>
      <path d="M30 230 L80 170 L130 200 L200 140" stroke="#1c8fd6" stroke-width="5" fill="none"/>
      ${pin(80, 170, '#d83a3a', 0.5)}${pin(200, 140, '#1f7a45', 0.5)}
      ${card(14, 276, 212, 60, '#d83a3a')}${card(14, 346, 212, 60, '#1f7a45')}`,
    )}`,
    '门店冰柜投放、定位与巡检',
  ),
  'banner-6-mall': svg(
    `${backdrop('#3d1a78', '#7b4fe0', '#d3adf7')}
    ${phone(
      1060,
      80,
      250,
      460,
      `
      <rect x="0" y="40" width="250" height="56" fill="#7b4fe0"/>
      <text x="125" y="76" font-size="20" fill="#fff" text-anchor="middle" font-family="WenQuanYi Micro Hei, sans-serif">B2B2b 订货商城</text>
      ${[0, 1, 2, 3].map((i) => `<rect x="${14 + (i % 2) * 114}" y="${110 + Math.floor(i / 2) * 150}" width="108" height="140" rx="12" fill="#fff" stroke="#e6dcfa"/>${bottle(48 + (i % 2) * 114, 122 + Math.floor(i / 2) * 150, 90, ['#2f7d4f', '#b33a3a', '#e0a526', '#2a6fb0'][i], '#fff')}`).join('')}
      <rect x="14" y="420" width="222" height="26" rx="13" fill="#7b4fe0"/>`,
    )}
    ${phone(
      1380,
      150,
      220,
      400,
      `
      <rect x="0" y="40" width="220" height="56" fill="#f5b82e"/>
      <text x="110" y="76" font-size="19" fill="#3d1a78" text-anchor="middle" font-family="WenQuanYi Micro Hei, sans-serif">员工价小程序</text>
      ${card(12, 110, 196, 56, '#7b4fe0')}${card(12, 176, 196, 56, '#13a8a8')}${card(12, 242, 196, 56, '#e5484d')}${card(12, 308, 196, 56, '#f5b82e')}`,
    )}
    ${crate(1650, 420, 150, 92, '#e0a526', '#2f7d4f')}${can(1680, 300, 90, '#e5484d', '#fff')}${can(1750, 320, 80, '#2a6fb0', '#ffd25c')}`,
    'B2B2b 订货商城与员工价小程序',
  ),
};

/** The QR code of a link, as committed in public/landing/qr (a test checks they match the config). */
export function qrSvg(link: string): Promise<string> {
  return QRCode.toString(link, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#1d2739' },
  });
}

async function main(): Promise<void> {
  mkdirSync(path.join(OUT, 'qr'), { recursive: true });
  for (const [name, content] of Object.entries(banners))
    writeFileSync(path.join(OUT, `${name}.svg`), content);

  const config = JSON.parse(readFileSync(path.join(ROOT, 'public/site-config.json'), 'utf8')) as {
    serviceLinks: Record<string, string>;
  };
  for (const [name, link] of Object.entries(config.serviceLinks)) {
    const qr = await qrSvg(link);
    writeFileSync(path.join(OUT, 'qr', `${name}.svg`), qr);
  }
  console.log(
    `wrote ${Object.keys(banners).length} banners and ${Object.keys(config.serviceLinks).length} QR codes to ${OUT}`,
  );
}

if (require.main === module) void main();
