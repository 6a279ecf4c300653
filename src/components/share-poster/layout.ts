/**
 * What a detail page's share poster shows and where (§3 session sharePoster): the item's cover, name and price, and a
 * QR code of its link with the sharer's promoter code. Pure: the platform's canvas (canvas.h5.ts, canvas-mini.ts)
 * measures text and paints the list this returns, so every target draws the same poster.
 */
import { sharePath } from '../../domain/share';
import { ROUTES } from '../../domain/routes';

/** Logical size in px; painted at POSTER_SCALE for a sharp saved image. */
export const POSTER_WIDTH = 300;
export const POSTER_HEIGHT = 460;
export const POSTER_SCALE = 2;
export const POSTER_CANVAS_ID = 'sf-poster-canvas';

export const POSTER_TEXTS = {
  scan: '长按识别二维码',
  more: '查看详情，立即报名',
  longPress: '长按图片，保存或发送给朋友',
  save: '保存到相册',
  drawing: '海报生成中...',
  failed: '海报生成失败，请重试',
  retry: '重新生成',
} as const;

export interface PosterFont {
  size: number;
  bold?: boolean;
}

export interface PosterImage {
  width: number;
  height: number;
  /** What the platform's canvas draws (an HTMLImageElement, or a mini-program local path). */
  source: unknown;
}

export type PosterOp =
  | { kind: 'rect'; x: number; y: number; w: number; h: number; color: string }
  | {
      kind: 'image';
      image: PosterImage;
      /** The part of the image drawn (a cover is cropped to fill its frame). */
      sx: number;
      sy: number;
      sw: number;
      sh: number;
      x: number;
      y: number;
      w: number;
      h: number;
    }
  | { kind: 'text'; text: string; x: number; y: number; font: PosterFont; color: string };

export interface PosterContent {
  name: string;
  /** The price as the detail shows it (itemPriceText). */
  price: string;
  /** The project's name, under the QR code's hint. */
  store: string;
  cover: PosterImage | null;
  qr: PosterImage;
}

export type Measure = (text: string, font: PosterFont) => number;

/**
 * The link a poster's QR code opens: the item's detail page in the project, with the sharer's promoter code when the
 * sharer is a promoter (an order placed through it earns them its commission), as a shared link carries them.
 */
export function posterLink(
  base: string,
  item: { actSn: string; actType: string },
  projectSn: string,
  promoterCode?: string,
): string {
  const route = item.actType === 'COURSE' ? ROUTES.courseDetail : ROUTES.activityDetail;
  return `${base}#${sharePath(route, { actSn: item.actSn }, projectSn, promoterCode)}`;
}

/** `text` cut into at most `maxLines` lines of `width`, the last ending in … when the text goes on. */
export function wrapText(text: string, width: number, maxLines: number, font: PosterFont, measure: Measure): string[] {
  const lines: string[] = [];
  let line = '';
  const chars = Array.from(text.trim());
  for (let i = 0; i < chars.length; i += 1) {
    const next = line + chars[i];
    if (measure(next, font) <= width || !line) {
      line = next;
      continue;
    }
    if (lines.length === maxLines - 1) {
      let cut = line;
      while (cut && measure(`${cut}…`, font) > width) cut = cut.slice(0, -1);
      lines.push(`${cut}…`);
      return lines;
    }
    lines.push(line);
    line = chars[i];
  }
  if (line) lines.push(line);
  return lines;
}

/** The part of an image that fills a w×h frame without stretching (centred, like the detail's aspectFill). */
export function coverCrop(image: { width: number; height: number }, w: number, h: number) {
  const scale = Math.max(w / image.width, h / image.height);
  const sw = w / scale;
  const sh = h / scale;
  return { sx: (image.width - sw) / 2, sy: (image.height - sh) / 2, sw, sh };
}

const PAD = 16;
const COVER_H = 225;
const QR_SIZE = 96;
const NAME_FONT: PosterFont = { size: 16, bold: true };
const PRICE_FONT: PosterFont = { size: 22, bold: true };
const HINT_FONT: PosterFont = { size: 14, bold: true };
const SMALL_FONT: PosterFont = { size: 12 };

/** The poster, top to bottom: the cover, the name (two lines at most), the price, a rule, the QR code and its hint. */
export function posterLayout(c: PosterContent, measure: Measure, priceColour = '#cc1f0a'): PosterOp[] {
  const ops: PosterOp[] = [{ kind: 'rect', x: 0, y: 0, w: POSTER_WIDTH, h: POSTER_HEIGHT, color: '#ffffff' }];
  if (c.cover && c.cover.width > 0 && c.cover.height > 0)
    ops.push({
      kind: 'image',
      image: c.cover,
      ...coverCrop(c.cover, POSTER_WIDTH, COVER_H),
      x: 0,
      y: 0,
      w: POSTER_WIDTH,
      h: COVER_H,
    });
  else ops.push({ kind: 'rect', x: 0, y: 0, w: POSTER_WIDTH, h: COVER_H, color: '#f2f2f2' });

  // Text positions are baselines.
  let y = COVER_H + PAD + NAME_FONT.size;
  for (const line of wrapText(c.name, POSTER_WIDTH - PAD * 2, 2, NAME_FONT, measure)) {
    ops.push({ kind: 'text', text: line, x: PAD, y, font: NAME_FONT, color: '#1a1a1a' });
    y += NAME_FONT.size + 6;
  }
  ops.push({ kind: 'text', text: c.price, x: PAD, y: y + PRICE_FONT.size - 2, font: PRICE_FONT, color: priceColour });

  const ruleY = POSTER_HEIGHT - QR_SIZE - PAD * 2;
  ops.push({ kind: 'rect', x: PAD, y: ruleY, w: POSTER_WIDTH - PAD * 2, h: 1, color: '#ebebeb' });
  const qrY = ruleY + PAD;
  const qrX = POSTER_WIDTH - PAD - QR_SIZE;
  ops.push({
    kind: 'image',
    image: c.qr,
    sx: 0,
    sy: 0,
    sw: c.qr.width,
    sh: c.qr.height,
    x: qrX,
    y: qrY,
    w: QR_SIZE,
    h: QR_SIZE,
  });
  const textWidth = qrX - PAD * 2;
  const hintY = qrY + 30;
  ops.push({ kind: 'text', text: POSTER_TEXTS.scan, x: PAD, y: hintY, font: HINT_FONT, color: '#1a1a1a' });
  ops.push({ kind: 'text', text: POSTER_TEXTS.more, x: PAD, y: hintY + 22, font: SMALL_FONT, color: '#6b6b6b' });
  const store = wrapText(c.store, textWidth, 1, SMALL_FONT, measure)[0];
  if (store) ops.push({ kind: 'text', text: store, x: PAD, y: hintY + 44, font: SMALL_FONT, color: '#6b6b6b' });
  return ops;
}

/** A canvas font string (bold 16px sans-serif). */
export function fontText(font: PosterFont): string {
  return `${font.bold ? 'bold ' : ''}${font.size}px sans-serif`;
}
