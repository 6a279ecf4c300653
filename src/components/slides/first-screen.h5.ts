/**
 * The server draws the home's first banner picture into index.html (LCP; server/src/domains/pages/first-screen.ts)
 * at the place and size of the app's banner, above the app. It gives way here once the app's own banner shows the
 * picture: after the picture is decoded and in the next frame, so the frame that drops the drawn copy paints the app's
 * (the same picture at the same place): nothing blinks and nothing moves. Also called when the home has no banner to
 * show (another first module, an error), so the drawn picture never outlives the home's first load.
 */
const DRAWN_ID = 'sf-first';

export function releaseFirstScreen(shown?: HTMLImageElement): void {
  const drawn = document.getElementById(DRAWN_ID);
  if (!drawn) return;
  const remove = () => requestAnimationFrame(() => drawn.remove());
  if (shown && typeof shown.decode === 'function') shown.decode().then(remove, remove);
  else remove();
}
