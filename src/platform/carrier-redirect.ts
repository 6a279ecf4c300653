/**
 * §4 points: when the carrier must be asked first, the phone and a flag are stored and the browser goes to the
 * carrier's page; its callbackUrl brings the browser back to this page, which finishes the query (issue 14).
 */
import { returnUrl } from '../domain/return-url';
import { storage } from './storage';

const KEY = 'integralPending';

export interface PendingQuery {
  integralType: string;
  phone: string;
  /** §4 the stored flag: a query is waiting for the carrier's authorisation. */
  flag: true;
}

/** Where the carrier sends the browser back: this very page (hash route), on this origin. */
export function callbackUrl(): string | undefined {
  if (process.env.TARO_ENV !== 'h5' || typeof window === 'undefined') return undefined;
  return returnUrl(API_BASE, window.location, window.location.hash.replace(/^#/, '') || '/');
}

export function goAuthorise(pending: Omit<PendingQuery, 'flag'>, redirectUrl: string): void {
  storage.set(KEY, { ...pending, flag: true });
  // The mini-programs have no browser to send: there the query simply stays on the search view.
  if (process.env.TARO_ENV === 'h5') window.location.href = /^https?:/.test(redirectUrl) ? redirectUrl : API_BASE + redirectUrl;
}

/** The stored query for this carrier, taken once. */
export function takePending(integralType: string): PendingQuery | null {
  const p = storage.get<PendingQuery>(KEY);
  if (!p || !p.flag || p.integralType !== integralType) return null;
  storage.remove(KEY);
  return p;
}

/** Whether a query for this carrier waits to be finished (the page reopens the popup on coming back). */
export function hasPending(integralType: string): boolean {
  const p = storage.get<PendingQuery>(KEY);
  return !!p && p.flag === true && p.integralType === integralType;
}
