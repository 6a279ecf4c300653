/**
 * What the carrier web-view page (subpackages/user/integral/carrierAuth) works out for itself, in its
 * sub-package rather than the WeChat main package: the carrier's address as a web-view opens it, and whether the
 * web-view has reached the callbackUrl (the carrier is done with the customer). Nothing here is imported by
 * main-package code (it would pull it into the main package).
 */

const originOf = (base: string) => {
  const m = /^https?:\/\/[^/?#]+/i.exec(base);
  return m ? m[0] : null;
};

/** The carrier's page, absolute: a web-view opens only http(s) addresses; a path is on the API origin. */
export function carrierPageUrl(redirectUrl: string, apiBase: string): string | null {
  if (/^https?:\/\//i.test(redirectUrl)) return redirectUrl;
  const origin = originOf(apiBase);
  return origin && redirectUrl.startsWith('/') && !redirectUrl.startsWith('//') ? origin + redirectUrl : null;
}

/** `src` as the web-view reports a load; `back` the callback path (carrier-redirect-core MINI_CALLBACK_PATH). */
export function isCarrierReturn(src: string, apiBase: string, back: string): boolean {
  const origin = originOf(apiBase);
  if (!origin || !src || !back.startsWith('/')) return false;
  // Hosts may add a trailing fragment ('#/...' from the H5 router) after the page loads: compare up to it.
  const loaded = src.split('#')[0];
  return loaded.toLowerCase().startsWith(origin.toLowerCase()) && loaded.slice(origin.length) === back;
}
