/**
 * The public address of a shared activity or course detail: `/item/<actSn>?projectSn=...&promoterCode=...`.
 * The storefront's own addresses are hash routes (`/#/pages/activity/activityDetail?actSn=...`) and the browser
 * never sends the hash, so a server cannot tell which item such a link opens. This path it can: it answers it with
 * the H5 page carrying that item's first screen (server/src/domains/pages/first-screen-detail.ts), and the page
 * then runs the app at the detail's hash route. Share links, the WeChat share and promoters' codes point here.
 */

/** The path every shared item address starts with. */
export const ITEM_SHARE_PREFIX = '/item/';

/** What an item's share code may be: the seeded and operator-made actSn shapes, nothing a path could misread. */
export const SHARE_ACT_SN = /^[A-Za-z0-9_-]{1,64}$/;

/** A promoter's code as the session accepts it (stores/session setPageQuery; server earnings). */
export const PROMOTER_CODE = /^P[0-9A-F]{10}$/i;

export interface ItemShareQuery {
  /** The project the link enters: a friend with no session of it must not land in another storefront. */
  projectSn?: string;
  /** The sharer's code, when the sharer is a promoter: an order placed through the link earns them. */
  promoterCode?: string;
}

/** `/item/<actSn>?projectSn=..&promoterCode=..`: the path and query, without an origin. */
export function itemSharePath(actSn: string, query: ItemShareQuery = {}): string {
  const parts: string[] = [];
  if (query.projectSn) parts.push(`projectSn=${encodeURIComponent(query.projectSn)}`);
  if (query.promoterCode && PROMOTER_CODE.test(query.promoterCode))
    parts.push(`promoterCode=${encodeURIComponent(query.promoterCode)}`);
  return `${ITEM_SHARE_PREFIX}${encodeURIComponent(actSn)}${parts.length ? `?${parts.join('&')}` : ''}`;
}
