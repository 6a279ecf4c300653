/**
 * H5: leaving the app for a provider's own page (the cashier, the e-sign page), which sends the browser back to
 * a URL of ours when it is done.
 */
import { sessionValue } from '../storage';

/**
 * Opens `url` as a new entry over this one. Brought back from the browser's back-forward cache, this page would
 * show what it showed when it left (a spent submit screen, an unsigned agreement): it is loaded afresh instead.
 */
export function leaveFor(url: string): void {
  window.addEventListener('pageshow', (event) => event.persisted && window.location.reload(), { once: true });
  window.location.assign(url);
}

const SIGNING_KEY = 'signing';

interface Signing {
  orderNo: string;
  /** history.length when the customer left: the 签署协议 entry is the last of these. */
  length: number;
}

/** The query the e-sign page's return URL carries, telling the return from the 签署协议 entry it left. */
export const SIGN_RETURN = { signReturn: '1' } as const;

/** Leaves 签署协议 for the e-sign page of `orderNo`, remembering where in the tab's history it was. */
export function leaveForSigning(url: string, orderNo: string): void {
  sessionValue.set(SIGNING_KEY, JSON.stringify({ orderNo, length: window.history.length } satisfies Signing));
  leaveFor(url);
}

/**
 * Back from the e-sign page at its return URL: the entries it added (its pages, and this return) are stepped back
 * over to the 签署协议 entry the customer left from, which then shows the agreement signed; back from there goes
 * to the order, never into the e-sign pages again. True when the app steps back (the page shows nothing meanwhile).
 */
export function returnFromSigning(orderNo: string): boolean {
  const raw = sessionValue.get(SIGNING_KEY);
  sessionValue.remove(SIGNING_KEY);
  let saved: Signing | null;
  try {
    saved = raw ? (JSON.parse(raw) as Signing) : null;
  } catch {
    saved = null;
  }
  const steps = saved && saved.orderNo === orderNo ? window.history.length - saved.length : 0;
  if (steps <= 0) return false;
  window.history.go(-steps);
  return true;
}
