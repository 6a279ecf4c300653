/**
 * Where a provider's cashier or the e-sign page may send the browser back (no open redirect).
 * Allowed: a path on this origin (`/#/pages/order/orderDetail?orderNo=1`), or, when PUBLIC_BASE_URL is set, an
 * absolute http(s) URL on exactly that origin. Everything a browser could read as another origin is refused:
 * `//evil`, `/\evil` (browsers treat a backslash as a slash), whitespace or control characters (browsers strip
 * tabs and newlines, so `/\t/evil` is `//evil`), other schemes, and absolute URLs when no origin is configured
 * (the request's Host header cannot be trusted to name our origin).
 */
import { badRequest } from './http';

export const BAD_REDIRECT_MESSAGE = '跳转地址不正确';
export const MAX_REDIRECT_LENGTH = 2048;

// Resolving against a placeholder origin shows whether a relative URL could leave it.
const PROBE_ORIGIN = 'http://same-origin.invalid';

function allowed(url: string, publicBaseUrl?: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (url.length > MAX_REDIRECT_LENGTH || /[\s\\\u0000-\u001f\u007f]/.test(url)) return false;
  if (url.startsWith('/')) {
    if (url.startsWith('//')) return false;
    try {
      return new URL(url, PROBE_ORIGIN).origin === PROBE_ORIGIN;
    } catch {
      return false;
    }
  }
  if (!publicBaseUrl) return false;
  try {
    const target = new URL(url);
    return (
      (target.protocol === 'http:' || target.protocol === 'https:') &&
      !target.username &&
      !target.password &&
      target.origin === new URL(publicBaseUrl).origin
    );
  } catch {
    return false;
  }
}

/** The URL when it is an allowed return target, undefined when none was given; otherwise 400 跳转地址不正确. */
export function checkRedirect(url: string | undefined, publicBaseUrl?: string): string | undefined {
  if (url === undefined || url === '') return undefined;
  if (!allowed(url, publicBaseUrl)) throw badRequest(BAD_REDIRECT_MESSAGE);
  return url;
}

/** For pages that send the browser to a stored target: the target when still allowed, else null (no redirect). */
export function safeRedirect(url: string | null | undefined, publicBaseUrl?: string): string | null {
  return url && allowed(url, publicBaseUrl) ? url : null;
}
