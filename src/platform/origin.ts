/**
 * The origin our own pages are served from: the page's origin on H5, the API server in the mini-programs. A
 * partner page given as a path (/static/...) is opened from there.
 */
export function ownOrigin(): string {
  if (process.env.TARO_ENV === 'h5' && typeof window !== 'undefined') return window.location.origin;
  return /^(https?:\/\/[^/]+)/i.exec(API_BASE)?.[1] ?? '';
}
