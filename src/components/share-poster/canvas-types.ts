/** The one interface of the poster's canvas on every target (canvas.h5.ts, canvas-mini.ts). */
import type { Measure, PosterImage, PosterOp } from './layout';

export interface PosterCanvas {
  /** An image ready to draw: a data URL (the QR code) or an address (the cover). */
  loadImage(src: string): Promise<PosterImage>;
  measure: Measure;
  /** Paints the poster; resolves what an <Image> shows: a PNG data URL (H5) or a local file path (mini-programs). */
  paint(ops: readonly PosterOp[]): Promise<string>;
}
