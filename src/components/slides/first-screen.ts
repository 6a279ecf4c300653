/**
 * The server-drawn first screen is an H5 page's (first-screen.h5.ts); the mini-programs have no index.html, so
 * there is nothing to release there.
 */
export function releaseFirstScreen(_shown?: unknown): void {}
