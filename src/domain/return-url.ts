/**
 * Where a payment cashier or the e-sign page sends the H5 back (the server's services/redirect.ts decides what
 * it accepts). When the API is on the page's own origin (the default: API base ''), a path is enough and is
 * the only form the server takes without PUBLIC_BASE_URL; when the API lives on another origin, the page's
 * absolute URL is needed, and the server must be told that origin in PUBLIC_BASE_URL.
 */
export interface PageLocation {
  origin: string;
  pathname: string;
}

function originOf(base: string): string | null {
  const m = /^(https?:\/\/[^/?#]+)/i.exec(base);
  return m ? m[1].toLowerCase() : null;
}

/** `hashRoute` is the H5 router's part after '#', e.g. '/pages/order/orderDetail?orderNo=1'. */
export function returnUrl(apiBase: string, location: PageLocation, hashRoute: string): string {
  const apiOrigin = originOf(apiBase);
  const sameOrigin = !apiOrigin || apiOrigin === location.origin.toLowerCase();
  return `${sameOrigin ? '' : location.origin}${location.pathname}#${hashRoute}`;
}
