/**
 * §4 points in the mini-programs (Taro picks this file for weapp; .swan.ts re-exports it): there is no browser
 * to send away, so the carrier's page opens in the carrier web-view page over the page that asked. The carrier
 * sends the web-view to MINI_CALLBACK_PATH when the customer has authorised; the web-view page sees that load
 * and goes back, and the 积分查询 popup (still open underneath) finishes the stored query without asking again.
 * Where a host reports no load (Baidu's web-view may not), the back button does the same.
 * This is in the WeChat main package (the popup is there), so it only stores and opens: the web-view page, in
 * its sub-package, makes the carrier's address absolute and watches for the callback (carrier-redirect-return.ts).
 */
import { ROUTES } from '../domain/routes';
import { MINI_CALLBACK_PATH, storePending, type PendingQuery } from './carrier-redirect-core';
import { openPage } from './navigation';

export { hasPending, takePending, type PendingQuery } from './carrier-redirect-core';

/** The path the carrier returns to; the web-view page recognises it on the API origin. */
export function callbackUrl(): string | undefined {
  return MINI_CALLBACK_PATH;
}

export async function goAuthorise(pending: Omit<PendingQuery, 'flag'>, redirectUrl: string): Promise<void> {
  storePending(pending);
  await openPage(ROUTES.carrierAuth, { url: redirectUrl, back: MINI_CALLBACK_PATH });
}
