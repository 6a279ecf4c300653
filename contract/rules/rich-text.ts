/**
 * Rich-text clean-up for product introductions and image-text pages (§2 rich-text renderer, §9).
 *
 * Pure string processing, because it must run inside mini-programs, which have no DOMParser. The input is
 * tokenised the way a browser would read it and the output is rebuilt from an allow list, so anything the
 * tokenizer does not recognise is escaped or dropped rather than passed through:
 * - script, style, iframe, object and other active or raw-text elements are dropped with their content;
 * - other tags outside the allow list are unwrapped (their text stays);
 * - only listed attributes survive, so every on* handler goes; href/src must be http(s), relative, mailto/tel,
 *   or data:image (raster types only); styles with expressions, script URLs or escapes are dropped;
 * - images whose width or height (attribute or inline style, in px) is under 60 are dropped (§9).
 */

/** §9: images smaller than this (either side, in px) are dropped. */
export const MIN_IMAGE_PX = 60;

export interface SanitizeOptions {
  /** Turns a kept src/href into the address to load, e.g. the API base in front of a server path. */
  resolveUrl?: (url: string) => string;
  /** Adds max-width:100% to images so that wide pictures fit the screen. */
  fitImages?: boolean;
  /**
   * The level the content's highest heading takes (the others keep their distance to it, at most h6): under a
   * page whose title is the h1, merchant HTML that starts at h3 would skip a level for screen readers.
   */
  topHeading?: number;
}

const ALLOWED_TAGS = new Set([
  'a',
  'abbr',
  'address',
  'article',
  'aside',
  'b',
  'bdi',
  'bdo',
  'big',
  'blockquote',
  'br',
  'caption',
  'center',
  'cite',
  'code',
  'col',
  'colgroup',
  'dd',
  'del',
  'dfn',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'font',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'i',
  'img',
  'ins',
  'kbd',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  'q',
  'rp',
  'rt',
  'ruby',
  's',
  'samp',
  'section',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'tt',
  'u',
  'ul',
  'var',
  'wbr',
]);
const VOID_TAGS = new Set(['br', 'col', 'hr', 'img', 'wbr']);

/** Dropped together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'textarea',
  'title',
  'xmp',
  'svg',
  'math',
  'frameset',
  'select',
  'head',
  'plaintext',
]);
/** Their content is raw text to a browser: the first closing tag ends them, whatever comes before. */
const RAW_TEXT = new Set(['script', 'style', 'iframe', 'noscript', 'noembed', 'noframes', 'textarea', 'title', 'xmp']);

const ALLOWED_ATTRS = new Set([
  'class',
  'style',
  'title',
  'align',
  'valign',
  'width',
  'height',
  'dir',
  'lang',
  'href',
  'target',
  'src',
  'alt',
  'colspan',
  'rowspan',
  'span',
  'border',
  'cellpadding',
  'cellspacing',
  'color',
  'size',
  'face',
  'start',
  'type',
]);
const URL_ATTRS = new Set(['href', 'src']);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  colon: ':',
  tab: '\t',
  newline: '\n',
  lpar: '(',
  rpar: ')',
  sol: '/',
  bsol: '\\',
  semi: ';',
  comma: ',',
  period: '.',
  excl: '!',
  num: '#',
};

/** Decodes the entities that matter for scheme and CSS checks (numeric ones and a few named ones). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      if (!Number.isFinite(code) || code < 0 || code > 0x10ffff) return '';
      try {
        return String.fromCodePoint(code);
      } catch {
        return '';
      }
    }
    const named = NAMED_ENTITIES[body.toLowerCase()];
    return named === undefined ? whole : named;
  });
}

const SAFE_DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|bmp);/;
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/** Whether a link or image address may stay: no javascript:, vbscript:, data: other than raster images. */
export function isSafeUrl(raw: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"), so the check does too.
  const url = decodeEntities(raw)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0020\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]+/g, '')
    .toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(url);
  if (!scheme) return true;
  if (scheme[1] === 'data') return SAFE_DATA_IMAGE.test(url);
  return SAFE_SCHEMES.has(scheme[1]);
}

/** A style attribute survives only when it cannot run or load anything unsafe. */
export function isSafeStyle(raw: string): boolean {
  const css = decodeEntities(raw)
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .toLowerCase();
  if (/\\|expression\s*\(|javascript:|vbscript:|behavio(u)?r\s*:|-moz-binding|@import|[<>]/.test(css)) return false;
  const urls = css.match(/url\s*\(([^)]*)\)/g) || [];
  return urls.every((u) => isSafeUrl(u.replace(/^url\s*\(\s*['"]?|['"]?\s*\)$/g, '')));
}

function px(value: string | undefined): number | null {
  if (value === undefined) return null;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/i.exec(decodeEntities(value));
  return m ? Number(m[1]) : null;
}

function styleSize(style: string | undefined, prop: 'width' | 'height'): number | null {
  if (!style) return null;
  const re = new RegExp(`(?:^|;)\\s*${prop}\\s*:\\s*(\\d+(?:\\.\\d+)?)px`, 'i');
  const m = re.exec(decodeEntities(style));
  return m ? Number(m[1]) : null;
}

/** §9: an image is too small to show when its width or height, as attribute or inline style, is under 60 px. */
export function isTinyImage(attrs: Readonly<Record<string, string>>): boolean {
  const sizes = [px(attrs.width), px(attrs.height), styleSize(attrs.style, 'width'), styleSize(attrs.style, 'height')];
  return sizes.some((s) => s !== null && s < MIN_IMAGE_PX);
}

const escapeAttr = (v: string): string => v.replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const isSpace = (c: string): boolean => c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f';
const isLetter = (c: string | undefined): boolean => !!c && /[a-z]/i.test(c);

interface StartTag {
  name: string;
  attrs: [string, string][];
  end: number;
}

/** Reads `<name attr=...>` from `at` (the '<'); null when the tag never closes (a browser drops it then). */
function readStartTag(html: string, at: number): StartTag | null {
  let i = at + 1;
  let name = '';
  while (i < html.length && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>') name += html[i++];
  const attrs: [string, string][] = [];
  for (;;) {
    while (i < html.length && (isSpace(html[i]) || html[i] === '/')) i++;
    if (i >= html.length) return null;
    if (html[i] === '>') return { name: name.toLowerCase(), attrs, end: i + 1 };
    let attr = html[i++];
    while (i < html.length && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>' && html[i] !== '=')
      attr += html[i++];
    while (i < html.length && isSpace(html[i])) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (i < html.length && isSpace(html[i])) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close < 0) return null;
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        while (i < html.length && !isSpace(html[i]) && html[i] !== '>') value += html[i++];
      }
    }
    attrs.push([attr.toLowerCase(), value]);
  }
}

/** Index just past the element that starts before `from`, or the end of the text when it never closes. */
function skipElement(html: string, name: string, from: number): number {
  const lower = html.toLowerCase();
  const closeAt = (start: number): number => {
    let i = lower.indexOf(`</${name}`, start);
    while (i >= 0) {
      const next = lower[i + 2 + name.length];
      if (next === undefined || next === '>' || next === '/' || isSpace(next)) return i;
      i = lower.indexOf(`</${name}`, i + 1);
    }
    return -1;
  };
  if (name === 'plaintext') return html.length;
  let depth = 1;
  let pos = from;
  while (depth > 0) {
    const close = closeAt(pos);
    if (close < 0) return html.length;
    if (!RAW_TEXT.has(name)) {
      // Count nested elements of the same name between here and that close.
      const opens = lower.slice(pos, close).match(new RegExp(`<${name}[\\s/>]`, 'g'));
      depth += opens ? opens.length : 0;
    }
    depth -= 1;
    const gt = html.indexOf('>', close);
    pos = gt < 0 ? html.length : gt + 1;
    if (RAW_TEXT.has(name)) return pos;
  }
  return pos;
}

function renderStartTag(tag: StartTag, options: SanitizeOptions): string | null {
  // The first of repeated attributes wins, as in a browser.
  const values: Record<string, string> = {};
  for (const [k, v] of tag.attrs) if (!(k in values)) values[k] = v;
  if (tag.name === 'img' && (isTinyImage(values) || !values.src || !isSafeUrl(values.src))) return null;
  const kept: Record<string, string> = {};
  for (const k of Object.keys(values)) {
    if (!ALLOWED_ATTRS.has(k)) continue;
    const v = values[k];
    if (URL_ATTRS.has(k)) {
      if (isSafeUrl(v)) kept[k] = options.resolveUrl ? options.resolveUrl(decodeEntities(v).trim()) : v;
    } else if (k === 'style') {
      if (isSafeStyle(v)) kept.style = v;
    } else {
      kept[k] = v;
    }
  }
  if (tag.name === 'img' && options.fitImages) {
    kept.style = `${kept.style ? kept.style.replace(/;?\s*$/, ';') : ''}max-width:100%;height:auto;`;
  }
  // A new window must not get a handle on this page.
  if (tag.name === 'a' && kept.target === '_blank') kept.rel = 'noopener noreferrer';
  const attrs = Object.keys(kept).map((k) => `${k}="${escapeAttr(kept[k])}"`);
  const open = `<${tag.name}${attrs.length ? ` ${attrs.join(' ')}` : ''}`;
  return VOID_TAGS.has(tag.name) ? `${open}/>` : `${open}>`;
}

/** Renames h1..h6 so that the highest heading in `html` becomes h`top` (identity without `top` or headings). */
function headingShift(html: string, top: number | undefined): (name: string) => string {
  const levels = top ? [...html.matchAll(/<h([1-6])[\s/>]/gi)].map((m) => Number(m[1])) : [];
  if (!top || !levels.length) return (name) => name;
  const by = top - Math.min(...levels);
  return (name) => (/^h[1-6]$/.test(name) ? `h${Math.min(6, Math.max(1, Number(name[1]) + by))}` : name);
}

/** The cleaned HTML; see the file comment for what is kept. */
export function sanitizeHtml(html: string | null | undefined, options: SanitizeOptions = {}): string {
  if (!html) return '';
  const heading = headingShift(html, options.topHeading);
  let out = '';
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      out += html.slice(i).replace(/>/g, '&gt;');
      break;
    }
    out += html.slice(i, lt).replace(/>/g, '&gt;');
    const next = html[lt + 1];
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end < 0 ? html.length : end + 3;
    } else if (next === '!' || next === '?') {
      const end = html.indexOf('>', lt);
      i = end < 0 ? html.length : end + 1;
    } else if (next === '/') {
      const end = html.indexOf('>', lt);
      if (end < 0) break;
      const name = /^<\/([a-z][^\s/>]*)/i.exec(html.slice(lt, end + 1));
      const tag = name ? name[1].toLowerCase() : '';
      if (ALLOWED_TAGS.has(tag) && !VOID_TAGS.has(tag)) out += `</${heading(tag)}>`;
      i = end + 1;
    } else if (isLetter(next)) {
      const tag = readStartTag(html, lt);
      if (!tag) break;
      if (DROP_WITH_CONTENT.has(tag.name)) {
        i = skipElement(html, tag.name, tag.end);
        continue;
      }
      if (ALLOWED_TAGS.has(tag.name)) {
        const rendered = renderStartTag({ ...tag, name: heading(tag.name) }, options);
        if (rendered) out += rendered;
      }
      i = tag.end;
    } else {
      out += '&lt;';
      i = lt + 1;
    }
  }
  return out;
}

/** True when the HTML shows nothing: no text other than spaces and no image (§8 内容为空). */
export function isBlankHtml(html: string | null | undefined): boolean {
  if (!html) return true;
  if (/<img\b/i.test(html)) return false;
  const text = decodeEntities(html.replace(/<[^>]*>/g, '')).replace(/[\s\u00a0\u3000]+/g, '');
  return text.length === 0;
}
