/**
 * H5: the poster is painted on a canvas of its own, never in the page, and shown as an <img> of its PNG data URL,
 * which a phone's browser (the WeChat browser above all) saves or sends on a long press.
 */
import { POSTER_HEIGHT, POSTER_SCALE, POSTER_WIDTH, fontText, type PosterImage } from './layout';
import type { PosterCanvas } from './canvas-types';

export function createPosterCanvas(): PosterCanvas {
  const canvas = document.createElement('canvas');
  canvas.width = POSTER_WIDTH * POSTER_SCALE;
  canvas.height = POSTER_HEIGHT * POSTER_SCALE;
  const ctx = canvas.getContext('2d');
  return {
    loadImage: (src) =>
      new Promise<PosterImage>((resolve, reject) => {
        const img = new Image();
        // A cover on another host must allow CORS, or the canvas could not be exported.
        if (!src.startsWith('data:')) img.crossOrigin = 'anonymous';
        img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight, source: img });
        img.onerror = () => reject(new Error(`image ${src.slice(0, 60)}`));
        img.src = src;
      }),
    measure: (text, font) => {
      if (!ctx) return text.length * font.size;
      ctx.font = fontText(font);
      return ctx.measureText(text).width;
    },
    async paint(ops) {
      if (!ctx) throw new Error('canvas 2d unavailable');
      ctx.setTransform(POSTER_SCALE, 0, 0, POSTER_SCALE, 0, 0);
      ctx.textBaseline = 'alphabetic';
      for (const op of ops) {
        if (op.kind === 'rect') {
          ctx.fillStyle = op.color;
          ctx.fillRect(op.x, op.y, op.w, op.h);
        } else if (op.kind === 'image') {
          const img = op.image.source as HTMLImageElement;
          ctx.drawImage(img, op.sx, op.sy, op.sw, op.sh, op.x, op.y, op.w, op.h);
        } else {
          ctx.font = fontText(op.font);
          ctx.fillStyle = op.color;
          ctx.fillText(op.text, op.x, op.y);
        }
      }
      return canvas.toDataURL('image/png');
    },
  };
}
