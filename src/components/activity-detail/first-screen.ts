/**
 * The server-drawn first screen of a shared item is an H5 page's (first-screen.h5.ts); the mini-programs have no
 * index.html, so there is nothing to release there.
 */
export function releaseDrawnDetail(_drawnItem: boolean): void {}
