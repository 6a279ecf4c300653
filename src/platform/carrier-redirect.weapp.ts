/**
 * §4 points in the mini-programs (Taro picks this file for weapp; .swan.ts re-exports it): there is no browser
 * to send away, so the carrier's page opens in the carrier web-view page over the page that asked. The carrier
 * sends the web-view to MINI_CALLBACK_PATH when the customer has authorised; the web-view page sees that load
 * and goes back, and the 积分查询 popup (still open underneath) finishes the stored query without asking again.
 * Where a host reports no load (Baidu's web-view may not), the back button does the same.
 * In the WeChat main package (the popup is there): kept to the few lines it needs.
 */
import { ROUTES } from '../domain/routes';
import { MINI_CALLBACK_PATH, storePending, type PendingQuery } from './carrier-redirect-core';
import { openPage } from './navigation';
// The cashier's rule for what a web-view may open (absolute, or a path on the API origin) is the carrier's too.
import { cashierUrl as webViewUrl } from './payment/web-cashier';
import { toast } from './ui';

export { hasPending, takePending, type PendingQuery } from './carrier-redirect-core';

/** The path the carrier returns to; the web-view page recognises it on the API origin. */
export function callbackUrl(): string | undefined {
  return MINI_CALLBACK_PATH;
}

export async function goAuthorise(pending: Omit<PendingQuery, 'flag'>, redirectUrl: string, apiBase = API_BASE): Promise<void> {
  const url = webViewUrl(redirectUrl, apiBase);
  // A web-view opens only absolute http(s) pages; nothing is stored for a query that cannot go anywhere.
  if (!url) return toast('当前环境无法打开积分授权页');
  storePending(pending);
  await openPage(ROUTES.carrierAuth, { url });
}
