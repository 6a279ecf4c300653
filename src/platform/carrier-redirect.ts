/**
 * §4 points on H5: when the carrier must be asked first, the phone and a flag are stored and the browser goes to
 * the carrier's page; its callbackUrl brings the browser back to this page, which finishes the query.
 * Taro picks carrier-redirect.weapp.ts / .swan.ts in the mini-programs (a web-view page instead of a browser).
 */
import { returnUrl } from '../domain/return-url';
import { storePending, type PendingQuery } from './carrier-redirect-core';

export { hasPending, takePending, type PendingQuery } from './carrier-redirect-core';

/** Where the carrier sends the browser back: this very page (hash route), on this origin. */
export function callbackUrl(): string | undefined {
  if (process.env.TARO_ENV !== 'h5' || typeof window === 'undefined') return undefined;
  return returnUrl(API_BASE, window.location, window.location.hash.replace(/^#/, '') || '/');
}

export async function goAuthorise(pending: Omit<PendingQuery, 'flag'>, redirectUrl: string): Promise<void> {
  storePending(pending);
  if (typeof window !== 'undefined')
    window.location.href = /^https?:/.test(redirectUrl) ? redirectUrl : API_BASE + redirectUrl;
}
