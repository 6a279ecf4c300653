/**
 * The carrier web-view page's one question (subpackages/user/integral/carrierAuth): has the carrier sent the
 * web-view to the callbackUrl, i.e. is the customer done there? Apart from carrier-redirect-core.ts so that it
 * stays in the sub-package, out of the WeChat main package.
 */
import { MINI_CALLBACK_PATH } from './carrier-redirect-core';

/** `src` as the web-view reports a load; `apiBase` the absolute API base the callback path is relative to. */
export function isCarrierReturn(src: string, apiBase: string): boolean {
  const origin = /^https?:\/\/[^/?#]+/i.exec(apiBase);
  if (!origin || !src) return false;
  // Hosts may add a trailing fragment ('#/...' from the H5 router) after the page loads: compare up to it.
  const loaded = src.split('#')[0];
  return loaded.toLowerCase().startsWith(origin[0].toLowerCase()) && loaded.slice(origin[0].length) === MINI_CALLBACK_PATH;
}
