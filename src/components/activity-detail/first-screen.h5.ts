/**
 * A shared item's page comes with the detail's header, cover, price row, name, tags and summary drawn by the server
 * over the app (LCP; server/src/domains/pages/first-screen-detail.ts). It gives way here once the app's own detail is
 * drawn: after the app's cover has decoded (the same picture, so it does not blink; 3 s at most), in the next frame,
 * so the frame that drops the drawn copy paints the app's, the same words at the same places. A failed load gives way
 * at once, to its message.
 */
const DRAWN_ID = 'sf-first';
/** Frames to wait for the gallery's picture element (Taro's Image on H5 renders its <img> after React's commit). */
const FRAMES_FOR_PICTURE = 30;
const DECODE_WAIT_MS = 3000;

export function releaseDrawnDetail(drawnItem: boolean): void {
  const drawn = document.getElementById(DRAWN_ID);
  if (!drawn) return;
  let released = false;
  const remove = () => {
    if (released) return;
    released = true;
    requestAnimationFrame(() => drawn.remove());
  };
  if (!drawnItem || !drawn.querySelector('img')) return remove();
  let frames = 0;
  const look = () => {
    // The newest detail page's picture: Taro keeps earlier pages in the document, before it.
    const pictures = document.querySelectorAll<HTMLImageElement>('.sf-act__gallery img');
    const picture = pictures[pictures.length - 1];
    if (picture) {
      setTimeout(remove, DECODE_WAIT_MS);
      if (typeof picture.decode === 'function') picture.decode().then(remove, remove);
      else remove();
    } else if (++frames > FRAMES_FOR_PICTURE) remove();
    else requestAnimationFrame(look);
  };
  look();
}
