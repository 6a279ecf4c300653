/**
 * A web cashier (the sandbox's, when no live channel is configured) inside a mini-program: the order detail takes
 * the paying page's place, the cashier opens over it in the web-view page, and the order number is stored so the
 * detail's pay-check (§4 payment return) asks the server when the customer comes back with the back button.
 */
import type { PayParams } from '@contract/payment';
import { ROUTES } from '../../domain/routes';
import { openPage } from '../navigation';
import { storage } from '../storage';
import { PENDING_ORDER_KEY, type PayOutcome } from './types';

export interface WebCashierEnv {
  /** The API origin a same-origin cashier path is relative to (API_BASE). */
  apiBase: string;
  open(path: string, query: Record<string, string>, mode: 'push' | 'replace'): Promise<void>;
}

/** The cashier's absolute address: a web-view only opens full http(s) URLs. */
export function cashierUrl(mwebUrl: string, apiBase: string): string | null {
  if (/^https?:\/\//i.test(mwebUrl)) return mwebUrl;
  const origin = /^https?:\/\/[^/]+/i.exec(apiBase)?.[0];
  return origin && mwebUrl.startsWith('/') ? origin + mwebUrl : null;
}

const defaultEnv = (): WebCashierEnv => ({
  apiBase: typeof API_BASE === 'undefined' ? '' : API_BASE,
  open: (path, query, mode) => openPage(path, query, mode),
});

export async function openWebCashier(params: PayParams, env: WebCashierEnv = defaultEnv()): Promise<PayOutcome> {
  const url = params.mwebUrl ? cashierUrl(params.mwebUrl, env.apiBase) : null;
  if (!url) return { status: 'fail', message: '当前环境不支持支付' };
  storage.set(PENDING_ORDER_KEY, params.orderNo);
  await env.open(ROUTES.orderDetail, { orderNo: params.orderNo }, 'replace');
  await env.open(ROUTES.webView, { url }, 'push');
  return { status: 'redirected' };
}
