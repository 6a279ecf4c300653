/** Draws one detail page's poster: the item and its QR code from the server, painted by the target's canvas. */
import type { Api } from '../../api';
import { assetUrl } from '../../api/asset';
import { itemPriceText } from '../../domain/catalogue';
import type { PosterCanvas } from './canvas-types';
import { posterLayout, posterLink } from './layout';

export interface PosterContext {
  /** The address the link starts with (this H5's address; the API server's origin in a mini-program). */
  base: string;
  projectSn: string;
  /** The project's name, printed under the QR code's hint. */
  store: string;
  /** The sharer's promoter code, for promoters only. */
  promoterCode?: string;
}

export interface DrawnPoster {
  /** What <Image> shows: a data URL (H5) or a local file (mini-programs). */
  image: string;
  /** What the QR code opens. */
  link: string;
  actName: string;
}

export async function drawPoster(api: Api, actSn: string, ctx: PosterContext, canvas: PosterCanvas) {
  const detail = await api.activity.details(actSn);
  const link = posterLink(ctx.base, detail, ctx.projectSn, ctx.promoterCode);
  // The server encodes the link (/api/text2QrCode): no QR encoder in the storefront's bundles.
  const { image: qrData } = await api.service.qrCode(link);
  const [cover, qr] = await Promise.all([
    // A cover that will not load leaves a grey frame; the poster still carries the name, price and code.
    detail.cover ? canvas.loadImage(assetUrl(detail.cover)).catch(() => null) : Promise.resolve(null),
    canvas.loadImage(qrData),
  ]);
  const ops = posterLayout(
    {
      name: detail.actName,
      price: itemPriceText(detail.price, detail.pointsPrice),
      store: ctx.store,
      cover,
      qr,
    },
    canvas.measure,
  );
  return { image: await canvas.paint(ops), link, actName: detail.actName } satisfies DrawnPoster;
}
