/**
 * Share rules (§1): which pages may be shared, and what a share carries. Pure; platform/share carries it out.
 */
import { ITEM_SHARE_PREFIX, PROMOTER_CODE, SHARE_ACT_SN, itemSharePath } from '@contract/rules/share-link';
import { ROUTES, normalizePath, toUrl } from './routes';

/** Pages whose share menu stays on: the detail pages, the home tabs and the custom page. */
export const SHARE_ROUTES: readonly string[] = [
  ROUTES.activityDetail,
  ROUTES.courseDetail,
  ROUTES.index,
  ROUTES.tabTwo,
  ROUTES.tabThree,
  ROUTES.tabFour,
  ROUTES.indexCustom,
];

export function isShareAllowed(path: string): boolean {
  return SHARE_ROUTES.includes(normalizePath(path));
}

/** What a share shows: the §7 share reply (title, content, image, link) or a page's own title. */
export interface ShareContent {
  title: string;
  content: string;
  image: string;
  /** Absolute link to open (H5); mini-programs share the page path instead. */
  link?: string;
}

/**
 * The path a mini-program share opens: the same page with its query, plus the project so that a friend who
 * opens it enters the right storefront, and the sharer's promoter code when the sharer is a promoter (an order
 * placed through the link earns them its commission).
 */
export function sharePath(
  route: string,
  params: Readonly<Record<string, string>>,
  projectSn: string,
  promoterCode?: string,
): string {
  const query: Record<string, string> = {};
  for (const k of Object.keys(params)) if (!k.startsWith('$') && k !== 'stamp') query[k] = params[k];
  if (projectSn) query.projectSn = projectSn;
  if (promoterCode) query.promoterCode = promoterCode;
  return toUrl(route, query);
}

/** The item a page shares by its public address (an activity or course detail), or null. */
export function sharedItemOf(route: string, params: Readonly<Record<string, string>>): string | null {
  const path = normalizePath(route);
  const actSn = params.actSn;
  const detail = path === ROUTES.activityDetail || path === ROUTES.courseDetail;
  return detail && actSn && SHARE_ACT_SN.test(actSn) ? actSn : null;
}

/**
 * The address an H5 share of a page opens. An activity or course detail has a public address of its own
 * (`/item/<actSn>`, contract/rules/share-link.ts), which the server answers with the item's first screen drawn; any
 * other page is its hash route after the current address without its hash (the path of a shared item's address is
 * not kept: it would draw that item first). `base` is the current address (location.href), or an absolute link whose
 * origin the share should use.
 */
export function shareLink(
  base: string,
  route: string,
  params: Readonly<Record<string, string>>,
  projectSn: string,
  promoterCode?: string,
): string {
  const actSn = sharedItemOf(route, params);
  const origin = /^(https?:\/\/[^/?#]+)/i.exec(base)?.[1] ?? '';
  if (actSn) return `${origin}${itemSharePath(actSn, { projectSn, promoterCode })}`;
  const page = signUrl(base);
  const rest = page.slice(origin.length);
  const here = rest.startsWith(ITEM_SHARE_PREFIX) ? `${origin}/` : page;
  return `${here}#${sharePath(route, params, projectSn, promoterCode)}`;
}

/**
 * A link the server made (the share reply's), with the sharer's promoter code added when it has none: in the query of
 * a shared item's address, in the hash route's query of an old one.
 */
export function withPromoterCode(link: string, promoterCode?: string): string {
  if (!promoterCode || !PROMOTER_CODE.test(promoterCode) || /[?&#]promoterCode=/.test(link)) return link;
  const param = `promoterCode=${encodeURIComponent(promoterCode)}`;
  const hash = link.indexOf('#');
  if (hash >= 0) return `${link}${link.indexOf('?', hash) >= 0 ? '&' : '?'}${param}`;
  return `${link}${link.includes('?') ? '&' : '?'}${param}`;
}

/** ERROR_CODES.WECHAT_UNAVAILABLE (contract/common.ts, which the storefront may not import: zod). */
export const WECHAT_UNAVAILABLE_CODE = 4050;

/**
 * Whether a js/getJSSign failure means signing is off on this server (no official account configured: HTTP 400,
 * code 4050), which will not change while the page is open, so asking again only fills the console with 400s.
 * WeChat itself not answering (503) is not "off".
 */
export function isSigningOff(err: unknown): boolean {
  const e = err as { code?: unknown; statusCode?: unknown } | null;
  return !!e && e.code === WECHAT_UNAVAILABLE_CODE && e.statusCode === 400;
}

/** The link of an H5 page for the WeChat signature: the address without its hash (WeChat signs that part). */
export function signUrl(href: string): string {
  const at = href.indexOf('#');
  return at >= 0 ? href.slice(0, at) : href;
}
