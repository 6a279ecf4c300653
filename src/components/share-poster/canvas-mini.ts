/**
 * Mini-programs: the poster is painted on the page's <Canvas canvasId> (kept off screen by the component) through
 * the canvas context both WeChat and Baidu have, then exported to a local PNG that <Image> shows and
 * saveImageToPhotosAlbum saves. Images are drawn from local paths: a cover is downloaded by getImageInfo, the QR
 * code's data URL is written to a file first (neither platform's canvas draws a data URL everywhere).
 */
import Taro from '@tarojs/taro';
import { POSTER_CANVAS_ID, POSTER_HEIGHT, POSTER_SCALE, POSTER_WIDTH, fontText, type PosterImage } from './layout';
import type { PosterCanvas } from './canvas-types';

async function localPath(src: string): Promise<string> {
  const m = /^data:image\/(\w+);base64,(.*)$/.exec(src);
  if (!m) return src;
  const fs = Taro.getFileSystemManager();
  const path = `${Taro.env.USER_DATA_PATH}/poster-qr-${Date.now()}.${m[1] === 'jpeg' ? 'jpg' : m[1]}`;
  await new Promise<void>((resolve, reject) =>
    fs.writeFile({ filePath: path, data: m[2], encoding: 'base64', success: () => resolve(), fail: reject }),
  );
  return path;
}

export function createPosterCanvas(): PosterCanvas {
  const ctx = Taro.createCanvasContext(POSTER_CANVAS_ID);
  const measureFont = (size: number, bold?: boolean) => {
    ctx.font = fontText({ size, bold });
    ctx.setFontSize(size);
  };
  return {
    async loadImage(src) {
      const info = await Taro.getImageInfo({ src: await localPath(src) });
      return { width: info.width, height: info.height, source: info.path } satisfies PosterImage;
    },
    measure: (text, font) => {
      measureFont(font.size, font.bold);
      return ctx.measureText(text).width || text.length * font.size;
    },
    paint: (ops) =>
      new Promise<string>((resolve, reject) => {
        for (const op of ops) {
          if (op.kind === 'rect') {
            ctx.setFillStyle(op.color);
            ctx.fillRect(op.x, op.y, op.w, op.h);
          } else if (op.kind === 'image') {
            ctx.drawImage(op.image.source as string, op.sx, op.sy, op.sw, op.sh, op.x, op.y, op.w, op.h);
          } else {
            measureFont(op.font.size, op.font.bold);
            ctx.setFillStyle(op.color);
            ctx.fillText(op.text, op.x, op.y);
          }
        }
        ctx.draw(false, () => {
          Taro.canvasToTempFilePath({
            canvasId: POSTER_CANVAS_ID,
            width: POSTER_WIDTH,
            height: POSTER_HEIGHT,
            destWidth: POSTER_WIDTH * POSTER_SCALE,
            destHeight: POSTER_HEIGHT * POSTER_SCALE,
            fileType: 'png',
          })
            .then((r) => resolve(r.tempFilePath))
            .catch(reject);
        });
      }),
  };
}
