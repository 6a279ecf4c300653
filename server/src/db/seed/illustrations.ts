/**
 * The demo pictures, drawn rather than typed: each cover is a gradient in its palette, soft background shapes and a
 * line glyph of the item's subject on a frosted plate. Glyphs are drawn on a 48-unit grid with round strokes (the
 * look of the common line icon sets) so that one stroke width reads at every size. Pure functions returning SVG
 * text; seed/draw-images.ts writes the files under server/static/images.
 */

/** A glyph: SVG elements on a 48x48 grid, stroked in currentColor; `fill="currentColor"` marks solid parts. */
export const GLYPHS = {
  cap: '<path d="M4 19 24 10l20 9-20 9z"/><path d="M12 23v10c4 4 20 4 24 0V23"/><path d="M44 19v11"/><circle cx="44" cy="33" r="2" fill="currentColor"/>',
  calculator:
    '<rect x="11" y="5" width="26" height="38" rx="4"/><rect x="16" y="10" width="16" height="8" rx="1.5"/><path d="M17 25h0M24 25h0M31 25h0M17 31h0M24 31h0M31 31h0M17 37h0M24 37h0M31 37h0"/>',
  board:
    '<rect x="6" y="7" width="36" height="24" rx="2"/><path d="M16 31 11 43M32 31l5 12M24 31v6"/><path d="M12 15h12M12 21h18"/><path d="m32 15 4 4"/>',
  helmet:
    '<path d="M8 34a16 16 0 0 1 32 0"/><path d="M5 34h38v4H5z"/><path d="M20 19v-6h8v6"/><path d="M14 27v7M34 27v7"/>',
  people:
    '<circle cx="18" cy="15" r="6"/><path d="M6 40c0-8 5-13 12-13s12 5 12 13"/><circle cx="33" cy="17" r="5"/><path d="M33 27c5 0 9 4 9 11"/>',
  heart:
    '<path d="M24 41S6 30 6 17a9 9 0 0 1 18-3 9 9 0 0 1 18 3c0 13-18 24-18 24z"/><path d="M11 24h7l3-5 4 9 3-4h9"/>',
  speech:
    '<path d="M6 9h28a4 4 0 0 1 4 4v14a4 4 0 0 1-4 4H18l-8 7v-7H6a4 4 0 0 1-4-4V13a4 4 0 0 1 4-4z"/><path d="m13 26 5-12 5 12M15 22h6"/><path d="M28 16h4M28 21h3"/><path d="M42 19h2a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-2v5l-6-5h-8"/>',
  mic: '<rect x="17" y="4" width="14" height="24" rx="7"/><path d="M10 22a14 14 0 0 0 28 0"/><path d="M24 36v7M17 43h14"/>',
  book: '<path d="M24 12c-5-4-12-5-19-4v29c7-1 14 0 19 4 5-4 12-5 19-4V8c-7-1-14 0-19 4z"/><path d="M24 12v29"/><path d="M10 16c3 0 6 0 9 2M10 23c3 0 6 0 9 2M29 18c3-2 6-2 9-2M29 25c3-2 6-2 9-2"/>',
  cake: '<path d="M8 42h32V26a4 4 0 0 0-4-4H12a4 4 0 0 0-4 4z"/><path d="M8 31c4 3 8 3 12 0s8-3 12 0 6 2 8 0"/><path d="M16 22v-6M24 22v-6M32 22v-6"/><path d="M16 11v.5M24 11v.5M32 11v.5" stroke-width="5"/>',
  medal:
    '<path d="M16 5h16l-4 14h-8z"/><circle cx="24" cy="31" r="11"/><path d="m24 25 2 4 4 .5-3 3 1 4-4-2-4 2 1-4-3-3 4-.5z"/>',
  scissors:
    '<circle cx="12" cy="36" r="6"/><circle cx="36" cy="36" r="6"/><path d="M16 31 36 5M32 31 12 5"/><circle cx="24" cy="21" r="1" fill="currentColor"/>',
  flower:
    '<circle cx="24" cy="17" r="5"/><path d="M24 12c0-6 8-8 8-2 6 0 5 8 0 9 5 1 5 9-1 8-1 6-9 5-7-1M24 12c0-6-8-8-8-2-6 0-5 8 0 9-5 1-5 9 1 8 1 6 9 5 7-1"/><path d="M24 22v21M24 35c-4-6-10-5-12-3 3 4 8 5 12 3zM24 38c4-5 9-5 11-3-3 3-7 4-11 3z"/>',
  tent: '<path d="M24 6 4 40h40z"/><path d="M24 6v34M16 40l8-14 8 14"/><path d="M20 8l-3-4M28 8l3-4"/>',
  camera:
    '<path d="M5 16a3 3 0 0 1 3-3h7l3-5h12l3 5h7a3 3 0 0 1 3 3v22a3 3 0 0 1-3 3H8a3 3 0 0 1-3-3z"/><circle cx="24" cy="26" r="8"/><path d="M37 19h0"/>',
  yoga: '<circle cx="24" cy="9" r="4"/><path d="M24 14v13M12 22l12 2 12-2"/><path d="M8 40c5-1 10-4 16-13 6 9 11 12 16 13"/><path d="M14 40h20"/>',
  pencil: '<path d="m31 7 10 10L17 41H7V31z"/><path d="m27 11 10 10M7 31l10 10"/>',
  notebook:
    '<rect x="10" y="5" width="30" height="38" rx="3"/><path d="M6 13h8M6 21h8M6 29h8M6 37h8"/><path d="M20 14h13M20 21h13M20 28h8"/>',
  lamp: '<path d="M14 42h20M24 42V30"/><path d="m24 30-8-10 10-9"/><path d="M22 6l14 8-6 8-14-8z"/><path d="M33 25l3 3"/>',
  cup: '<path d="M12 14h20l-2 27a3 3 0 0 1-3 2H17a3 3 0 0 1-3-2z"/><path d="M32 20h3a5 5 0 0 1 0 10h-4"/><path d="M17 4c-1 2 1 4 0 6M23 4c-1 2 1 4 0 6M29 4c-1 2 1 4 0 6"/>',
  bottle: '<rect x="15" y="12" width="18" height="31" rx="5"/><path d="M18 12V7h12v5M15 22h18M15 33h18"/>',
  bag: '<path d="M9 16h30l-3 27H12z"/><path d="M17 20v-7a7 7 0 0 1 14 0v7"/>',
  moon: '<path d="M36 31A15 15 0 0 1 19 9a15 15 0 1 0 17 22z"/><path d="M30 7h7l-7 8h7M38 18h4l-4 5h4"/>',
  play: '<rect x="4" y="9" width="40" height="28" rx="4"/><path d="m20 17 10 6-10 6z" fill="currentColor"/><path d="M16 43h16"/>',
  phone: '<rect x="13" y="4" width="22" height="40" rx="4"/><path d="M21 9h6M22 39h4"/><path d="M26 16l-5 8h6l-5 8"/>',
  signal:
    '<path d="M8 40V34M17 40V27M26 40V20M35 40V12"/><path d="M7 14c8-8 20-8 28-1M12 19c5-5 13-5 18 0" opacity=".55"/>',
  ticket:
    '<path d="M5 14a3 3 0 0 1 3-3h32a3 3 0 0 1 3 3v5a5 5 0 0 0 0 10v5a3 3 0 0 1-3 3H8a3 3 0 0 1-3-3v-5a5 5 0 0 0 0-10z"/><path d="M31 11v4M31 21v6M31 33v4"/><path d="M13 20h10M13 27h7"/>',
  film: '<rect x="6" y="8" width="36" height="32" rx="3"/><path d="M14 8v32M34 8v32M6 16h8M6 24h8M6 32h8M34 16h8M34 24h8M34 32h8"/><path d="m21 19 7 5-7 5z"/>',
  redpacket:
    '<rect x="10" y="4" width="28" height="40" rx="4"/><path d="M10 14c8 6 20 6 28 0"/><circle cx="24" cy="20" r="5"/><path d="M20 30h8M20 35h8M24 27v12"/>',
  gift: '<rect x="6" y="16" width="36" height="9" rx="2"/><path d="M9 25v17h30V25M24 16v26"/><path d="M24 16c-3-7-13-9-12-3 1 3 7 3 12 3zM24 16c3-7 13-9 12-3-1 3-7 3-12 3z"/>',
  shield: '<path d="M24 4 8 10v12c0 10 7 18 16 22 9-4 16-12 16-22V10z"/><path d="m16 24 6 6 11-12"/>',
  idcard:
    '<rect x="4" y="9" width="40" height="30" rx="4"/><circle cx="16" cy="22" r="5"/><path d="M8 34c1-4 4-6 8-6s7 2 8 6"/><path d="M28 19h10M28 25h10M28 31h6"/>',
  certificate:
    '<path d="M8 6h32v24H8z"/><path d="M14 13h20M14 19h12"/><circle cx="33" cy="30" r="6"/><path d="m29 35-2 9 6-3 6 3-2-9"/>',
  clipboard:
    '<rect x="9" y="8" width="30" height="36" rx="3"/><path d="M18 4h12v8H18z"/><path d="m15 23 3 3 5-6M27 23h7M15 33l3 3 5-6M27 33h7"/>',
  megaphone:
    '<path d="M6 19v10h7l20 10V9L13 19z"/><path d="M13 29v12h6V31"/><path d="M38 18c3 2 3 10 0 12M42 14c5 5 5 15 0 20"/>',
  compass:
    '<circle cx="24" cy="24" r="19"/><path d="m31 17-4 10-10 4 4-10z"/><circle cx="24" cy="24" r="1" fill="currentColor"/>',
  calendar:
    '<rect x="5" y="9" width="38" height="34" rx="4"/><path d="M5 19h38M15 5v8M33 5v8"/><path d="M13 27h4M22 27h4M31 27h4M13 35h4M22 35h4"/>',
  umbrella:
    '<path d="M4 24a20 20 0 0 1 40 0z"/><path d="M24 4v2M24 24v14a4 4 0 0 1-8 0"/><path d="M14 24c0-8 4-16 10-18M34 24c0-8-4-16-10-18"/>',
  headphones:
    '<path d="M6 30v-6a18 18 0 0 1 36 0v6"/><rect x="5" y="28" width="9" height="14" rx="3"/><rect x="34" y="28" width="9" height="14" rx="3"/>',
  medical: '<rect x="6" y="12" width="36" height="28" rx="4"/><path d="M17 12V7h14v5"/><path d="M24 19v14M17 26h14"/>',
  stamp: '<path d="M18 22V12a6 6 0 0 1 12 0v10"/><path d="M8 30h32v6H8zM10 42h28"/><path d="M14 22h20l2 8H12z"/>',
  run: '<circle cx="29" cy="7" r="4"/><path d="m15 19 8-5 7 6 7 2M23 14l-4 12 9 6-2 11M19 26l-6 9H6"/>',
  star: '<path d="m24 5 6 12 13 2-9 9 2 13-12-6-12 6 2-13-9-9 13-2z"/>',
  cart: '<path d="M4 7h6l5 25h23l4-17H13"/><circle cx="18" cy="40" r="3"/><circle cx="35" cy="40" r="3"/>',
} as const;

export type Glyph = keyof typeof GLYPHS;

/** Two gradient stops and an accent; the themes of §9 first, then companions for variety within a store. */
export const PALETTES = {
  sun: ['#FFD84D', '#F5A623', '#FFF3B0'],
  mint: ['#35E0A0', '#0FA968', '#C9F7E3'],
  amber: ['#F3B676', '#D9822B', '#FDE7CF'],
  blue: ['#5B8CFF', '#2C68FF', '#D6E2FF'],
  coral: ['#FF8A7A', '#E8544E', '#FFD9D3'],
  violet: ['#A18BFF', '#6C4EE6', '#E4DDFF'],
  teal: ['#4FD1D9', '#1697A6', '#CDF4F6'],
  rose: ['#FF8FB8', '#E2508A', '#FFDCEA'],
  indigo: ['#7A8CFF', '#3F4FD1', '#DCE0FF'],
  leaf: ['#9BDB5B', '#4E9F2C', '#E3F6CF'],
  slate: ['#8BA3C7', '#4C6A94', '#DFE7F3'],
} as const;

export type Palette = keyof typeof PALETTES;

export interface Art {
  glyph: Glyph;
  palette: Palette;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const FONT = "PingFang SC,'Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC','Source Han Sans SC',sans-serif";

function gradient(id: string, [from, to]: readonly string[]): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

/** The glyph at (x, y), `size` wide, in `colour`. */
function glyph(name: Glyph, x: number, y: number, size: number, colour: string, strokeWidth = 2.6): string {
  const k = size / 48;
  return `<g transform="translate(${x} ${y}) scale(${k})" fill="none" stroke="${colour}" stroke-width="${strokeWidth}" stroke-linecap="round" stroke-linejoin="round" color="${colour}">${GLYPHS[name]}</g>`;
}

/** Scattered accents (rings and dots) placed by a seed, so each picture differs but never between runs. */
function accents(seed: number, w: number, h: number, colour: string): string {
  let s = seed || 1;
  const rnd = () => (s = (s * 16807) % 2147483647) / 2147483647;
  const out: string[] = [];
  for (let i = 0; i < 5; i++) {
    const x = Math.round(rnd() * w);
    const y = Math.round(rnd() * h);
    const r = Math.round(3 + rnd() * 6);
    out.push(
      i % 2
        ? `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}" fill-opacity=".35"/>`
        : `<circle cx="${x}" cy="${y}" r="${r + 3}" fill="none" stroke="${colour}" stroke-opacity=".45" stroke-width="2"/>`,
    );
  }
  return out.join('');
}

const hash = (s: string) => [...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 100_003, 7);

/** A 4:3 cover (400x300): the subject's glyph on a frosted disc over the palette's gradient. No typed name. */
export function coverSvg(id: string, art: Art): string {
  const [, to, light] = PALETTES[art.palette];
  const g = `g-${id}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">`,
    `<defs>${gradient(g, PALETTES[art.palette])}</defs>`,
    `<rect width="400" height="300" fill="url(#${g})"/>`,
    `<circle cx="352" cy="40" r="96" fill="#fff" fill-opacity=".12"/><circle cx="36" cy="282" r="120" fill="#fff" fill-opacity=".10"/>`,
    `<path d="M0 236c80-30 150 20 230-6s120-40 170-18v88H0z" fill="${to}" fill-opacity=".35"/>`,
    accents(hash(id), 400, 300, light),
    `<circle cx="200" cy="142" r="82" fill="#fff" fill-opacity=".22"/><circle cx="200" cy="142" r="64" fill="#fff" fill-opacity=".9"/>`,
    glyph(art.glyph, 160, 102, 80, to, 2.8),
    `</svg>`,
  ].join('');
}

/** A square icon (120x120) for image-text grids: the glyph in white on a rounded gradient tile. */
export function iconSvg(id: string, art: Art): string {
  const [, to] = PALETTES[art.palette];
  const g = `g-${id}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120">`,
    `<defs>${gradient(g, PALETTES[art.palette])}</defs>`,
    `<rect width="120" height="120" rx="28" fill="url(#${g})"/>`,
    `<circle cx="100" cy="18" r="30" fill="#fff" fill-opacity=".16"/><circle cx="14" cy="110" r="26" fill="${to}" fill-opacity=".35"/>`,
    glyph(art.glyph, 28, 28, 64, '#fff', 3),
    `</svg>`,
  ].join('');
}

/**
 * A banner (750x320; articles 600x360): headline and a pill line on the left, the glyph on layered discs on the right.
 */
export function bannerSvg(id: string, art: Art, headline: string, line: string, w = 750, h = 320): string {
  const [from, to, light] = PALETTES[art.palette];
  const g = `g-${id}`;
  const cx = w - 150;
  const cy = h / 2;
  const size = Math.round(headline.length > 7 ? Math.min(48, (cx - 170) / headline.length) : 52);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    `<defs>${gradient(g, [from, to])}</defs>`,
    `<rect width="${w}" height="${h}" fill="url(#${g})"/>`,
    `<circle cx="${cx}" cy="${cy}" r="170" fill="#fff" fill-opacity=".12"/><circle cx="${cx}" cy="${cy}" r="118" fill="#fff" fill-opacity=".16"/>`,
    `<path d="M0 ${h - 50}c120-40 240 30 380 0s220-50 ${w - 380} -20v70H0z" fill="${to}" fill-opacity=".35"/>`,
    accents(hash(id), w, h, light),
    `<circle cx="${cx}" cy="${cy}" r="84" fill="#fff" fill-opacity=".92"/>`,
    glyph(art.glyph, cx - 48, cy - 48, 96, to, 2.8),
    `<text x="48" y="${cy - 14}" fill="#fff" font-family="${FONT}" font-size="${size}" font-weight="700">${esc(headline)}</text>`,
    `<rect x="48" y="${cy + 16}" width="${36 + line.length * 24}" height="46" rx="23" fill="#fff" fill-opacity=".92"/>`,
    `<text x="66" y="${cy + 47}" fill="${to}" font-family="${FONT}" font-size="24" font-weight="600">${esc(line)}</text>`,
    `</svg>`,
  ].join('');
}
