/**
 * §4 points, the part every target shares: the query that waits for the carrier's authorisation (phone and the
 * flag, stored before leaving), and where the carrier sends the customer back in a mini-program web-view.
 * H5 (carrier-redirect.ts) sends the browser away and comes back with a page load; the mini-programs
 * (carrier-redirect.weapp.ts) open the carrier's page in the web-view page and come back with navigateBack.
 * Kept small: this is in the WeChat main package (the popup lives there); what only the web-view page needs is in
 * carrier-redirect-return.ts, inside its sub-package (which must not import this file, or it would be split out).
 */
import { storage } from './storage';

const KEY = 'integralPending';

export interface PendingQuery {
  integralType: string;
  phone: string;
  /** §4 the stored flag: a query is waiting for the carrier's authorisation. */
  flag: true;
}

export function storePending(pending: Omit<PendingQuery, 'flag'>): void {
  storage.set(KEY, { integralType: pending.integralType, phone: pending.phone, flag: true });
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

/**
 * The mini-programs' callbackUrl: a path on the API origin (the server accepts a same-origin path without
 * PUBLIC_BASE_URL, as for H5). The web-view never shows it for long: its load is the sign to go back. The marker
 * query tells it apart from any other page of that origin; '/' itself is the H5 storefront, harmless if seen.
 */
export const MINI_CALLBACK_PATH = '/?carrierAuth=done';
