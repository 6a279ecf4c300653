/**
 * Share rules (§1): which pages may be shared, and what a share carries. Pure; platform/share carries it out.
 */
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
 * opens it enters the right storefront.
 */
export function sharePath(route: string, params: Readonly<Record<string, string>>, projectSn: string): string {
  const query: Record<string, string> = {};
  for (const k of Object.keys(params)) if (!k.startsWith('$') && k !== 'stamp') query[k] = params[k];
  if (projectSn) query.projectSn = projectSn;
  return toUrl(route, query);
}

/** The link of an H5 page for the WeChat signature: the address without its hash (WeChat signs that part). */
export function signUrl(href: string): string {
  const at = href.indexOf('#');
  return at >= 0 ? href.slice(0, at) : href;
}
