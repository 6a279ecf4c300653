/**
 * Every route of §2 in one place: main-package pages, sub-package pages, the tab pages and the pages a
 * visitor may open without logging in. Paths have no leading slash here; `toUrl` adds it.
 */
export const ROUTES = {
  entrance: 'pages/entrance/entrance',
  index: 'pages/index/index',
  tabTwo: 'pages/index/tabTwo',
  tabThree: 'pages/index/tabThree',
  tabFour: 'pages/index/tabFour',
  center: 'pages/center/center',
  indexCustom: 'pages/index/indexCustom',
  indexSearch: 'pages/index/indexSearch',
  error: 'pages/error/error',
  activityDetail: 'pages/activity/activityDetail',
  courseDetail: 'pages/activity/courseDetail',
  couponDetails: 'pages/coupon/couponDetails',
  courseOrderSubmit: 'pages/order/courseOrderSubmit',
  orderSubmit: 'pages/order/orderSubmit',
  orderList: 'pages/order/orderList',
  orderDetail: 'pages/order/orderDetail',
  collectForms: 'pages/collectForms/collectForms',
  webView: 'pages/thirdParty/webView',
  moreActivity: 'subpackages/activity/moreActivity/moreActivity',
  getCouponActive: 'subpackages/activity/getCouponActive/getCouponActive',
  getCommentList: 'subpackages/activity/getCommentList/getCommentList',
  exchangeCenter: 'subpackages/activity/exchangeCenter/exchangeCenter',
  exchangeDetail: 'subpackages/activity/exchangeDetail/exchangeDetail',
  // A detail page's share poster (§3 session sharePoster), off the main package.
  sharePoster: 'subpackages/activity/sharePoster/sharePoster',
  couponHistory: 'subpackages/coupon/couponHistory/couponHistory',
  exchangeSuccess: 'subpackages/result/success/exchangeSuccess',
  couponList: 'subpackages/coupon/couponList/couponList',
  discountCouponList: 'subpackages/coupon/discountCouponList/discountCouponList',
  afterSaleOrder: 'subpackages/order/afterSale/afterSaleOrder',
  ratifyAccord: 'subpackages/order/order/ratifyAccord',
  courseDetailSuccess: 'subpackages/result/success/courseDetailSuccess',
  resultIndex: 'subpackages/result/success/index',
  afterSaleDetail: 'subpackages/order/afterSale/afterSaleDetail',
  afterSaleApply: 'subpackages/order/afterSale/afterSaleApply',
  afterSaleProgress: 'subpackages/order/afterSale/afterSaleProgress',
  negotiationHistory: 'subpackages/order/afterSale/negotiationHistory',
  logistics: 'subpackages/order/logistics/logistics',
  writeLogistics: 'subpackages/order/logistics/writeLogistics',
  myEarnings: 'subpackages/earnings/earnings/myEarnings',
  earningsOrder: 'subpackages/earnings/earnings/earningsOrder',
  earningsBank: 'subpackages/earnings/bank/earningsBank',
  addEarningsBank: 'subpackages/earnings/bank/addEarningsBank',
  chooseBank: 'subpackages/earnings/bank/chooseBank',
  withdraw: 'subpackages/earnings/withdraw/withdraw',
  withdrawRecord: 'subpackages/earnings/withdraw/withdrawRecord',
  withdrawDetails: 'subpackages/earnings/withdraw/withdrawDetails',
  authentication: 'subpackages/earnings/authentication/authentication',
  authenticationDetails: 'subpackages/earnings/authentication/authenticationDetails',
  deliveryAddress: 'subpackages/user/address/deliveryAddress',
  addEditAddress: 'subpackages/user/address/addEditAddress',
  feedback: 'subpackages/user/feedback/feedback',
  customerService: 'subpackages/user/thirdParty/customerService',
  richTextH5: 'subpackages/user/thirdParty/richTextH5',
  agreement: 'subpackages/user/user/agreement',
  huiminServer: 'subpackages/user/huimin/huiminServer',
  drainageCode: 'subpackages/user/drainage/drainageCode',
  // Carrier points: the 积分查询 page of 我的, and the carrier's authorisation page in a mini-program web-view.
  integralQuery: 'subpackages/user/integral/integralQuery',
  carrierAuth: 'subpackages/user/integral/carrierAuth',
  // The points order screen (立即兑换 on a points item).
  integralOrder: 'subpackages/order/integral/integralOrder',
  collectFormSuccess: 'subpackages/result/success/collectFormSuccess',
  // §2 system pages /choose-location and /open-location: a sub-package of their own, off the main package.
  chooseLocation: 'subpackages/system/chooseLocation/chooseLocation',
  openLocation: 'subpackages/system/openLocation/openLocation',
} as const;

export type RouteName = keyof typeof ROUTES;
export type RoutePath = (typeof ROUTES)[RouteName];

/** The five tab-bar entries, in order (§2). Index 0..3 are the configurable home tabs. */
export const TAB_ROUTES: readonly RoutePath[] = [
  ROUTES.index,
  ROUTES.tabTwo,
  ROUTES.tabThree,
  ROUTES.tabFour,
  ROUTES.center,
];
export const CENTER_TAB_INDEX = 4;

/** Pages open to a visitor (§2). Every other page needs a logged-in user. */
export const VISITOR_ROUTES: readonly string[] = [
  ROUTES.entrance,
  ROUTES.index,
  ROUTES.tabTwo,
  ROUTES.tabThree,
  ROUTES.tabFour,
  ROUTES.indexCustom,
  ROUTES.activityDetail,
  ROUTES.courseDetail,
  ROUTES.center,
  // The error page must always be reachable, or a failed entrance could never be shown.
  ROUTES.error,
  // A system page showing a place a visitor already sees on a detail page; it holds no customer data.
  ROUTES.openLocation,
  // The terms the login notice names (《用户协议》《隐私政策》) must be readable before logging in.
  ROUTES.agreement,
];

/**
 * Pages that exist in this build. A jump to a known route that a later capability has not built yet goes to
 * the error page instead of a blank screen.
 */
export const BUILT_ROUTES: ReadonlySet<string> = new Set<string>([
  ROUTES.entrance,
  ROUTES.index,
  ROUTES.tabTwo,
  ROUTES.tabThree,
  ROUTES.tabFour,
  ROUTES.center,
  ROUTES.indexCustom,
  ROUTES.error,
  ROUTES.moreActivity,
  ROUTES.courseOrderSubmit,
  ROUTES.orderSubmit,
  ROUTES.deliveryAddress,
  ROUTES.addEditAddress,
  ROUTES.orderList,
  ROUTES.orderDetail,
  ROUTES.ratifyAccord,
  ROUTES.courseDetailSuccess,
  ROUTES.resultIndex,
  ROUTES.indexSearch,
  ROUTES.activityDetail,
  ROUTES.courseDetail,
  ROUTES.webView,
  ROUTES.getCommentList,
  ROUTES.sharePoster,
  ROUTES.richTextH5,
  ROUTES.customerService,
  // The user area.
  ROUTES.collectForms,
  ROUTES.collectFormSuccess,
  ROUTES.feedback,
  ROUTES.agreement,
  ROUTES.huiminServer,
  ROUTES.drainageCode,
  ROUTES.chooseLocation,
  ROUTES.openLocation,
  // Coupons and cards.
  ROUTES.couponDetails,
  ROUTES.getCouponActive,
  ROUTES.exchangeCenter,
  ROUTES.exchangeDetail,
  ROUTES.exchangeSuccess,
  ROUTES.discountCouponList,
  ROUTES.couponHistory,
  ROUTES.couponList,
  // Promoter earnings.
  ROUTES.myEarnings,
  ROUTES.earningsOrder,
  ROUTES.earningsBank,
  ROUTES.addEarningsBank,
  ROUTES.chooseBank,
  ROUTES.withdraw,
  ROUTES.withdrawRecord,
  ROUTES.withdrawDetails,
  ROUTES.authentication,
  ROUTES.authenticationDetails,
  // After-sales.
  ROUTES.afterSaleOrder,
  ROUTES.afterSaleApply,
  ROUTES.afterSaleDetail,
  ROUTES.afterSaleProgress,
  ROUTES.negotiationHistory,
  ROUTES.logistics,
  ROUTES.writeLogistics,
  // Carrier points.
  ROUTES.integralQuery,
  ROUTES.carrierAuth,
  ROUTES.integralOrder,
]);

/** §2 names the two system pages by addresses of their own; a link to either opens its sub-package page. */
export const SYSTEM_PAGE_ALIASES: Readonly<Record<string, RoutePath>> = {
  'choose-location': ROUTES.chooseLocation,
  'open-location': ROUTES.openLocation,
};

/**
 * Where a path no page answers goes (§2): a system page's own address to that page with its query, anything
 * else to the error page.
 */
export function notFoundTarget(path: string, query: Record<string, unknown> = {}): string {
  const alias = SYSTEM_PAGE_ALIASES[normalizePath(path)];
  if (!alias) return toUrl(ROUTES.error, { reason: 'notFound', path });
  const kept: Query = {};
  for (const [k, v] of Object.entries(query))
    if (!ROUTER_KEYS.has(k) && v !== undefined && v !== null) kept[k] = decodeParam(v);
  return toUrl(alias, kept);
}

/** Strips a leading slash and any query, so '/pages/a/b?x=1' and 'pages/a/b' compare equal. */
export function normalizePath(path: string): string {
  return path.replace(/^\/+/, '').split('?')[0];
}

export function isTabRoute(path: string): boolean {
  return TAB_ROUTES.includes(normalizePath(path) as RoutePath);
}

export type Query = Record<string, string | number | boolean | undefined | null>;

export function buildQuery(query: Query = {}): string {
  const parts = Object.keys(query)
    .filter((k) => query[k] !== undefined && query[k] !== null && query[k] !== '')
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(String(query[k]))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

export function toUrl(path: string, query?: Query): string {
  return `/${normalizePath(path)}${buildQuery(query)}`;
}

export function parseQuery(search: string): Record<string, string> {
  const out: Record<string, string> = {};
  const at = search.indexOf('?');
  const text = at >= 0 ? search.slice(at + 1) : search.includes('=') ? search : '';
  for (const part of text.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const k = eq >= 0 ? part.slice(0, eq) : part;
    const v = eq >= 0 ? part.slice(eq + 1) : '';
    try {
      out[decodeURIComponent(k)] = decodeURIComponent(v.replace(/\+/g, ' '));
    } catch {
      out[k] = v;
    }
  }
  return out;
}

/**
 * A query value as the page receives it. Mini-programs hand values over still percent-encoded, H5 decoded;
 * decoding twice must not break a value that merely contains "%".
 */
export function decodeParam(value: unknown): string {
  const text = value === undefined || value === null ? '' : String(value);
  if (!/%[0-9a-f]{2}/i.test(text)) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Only http(s) addresses open in the web-view page. */
export function isWebUrl(url: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(url.trim());
}

/** Query keys the router adds for itself; they never tell two pages apart. */
const ROUTER_KEYS = new Set(['$taroTimestamp', 'stamp']);

/**
 * The address bar now names the page on screen but with another query (someone edited the hash, or opened a
 * second item of the same kind): the page must be reopened with the new query. Taro's router treats a hash
 * change to the route on screen as "already there" and keeps showing the old item.
 */
export function needsReopen(
  addressUrl: string,
  shown: { path: string; query: Record<string, string> } | null,
): boolean {
  if (!shown) return false;
  if (normalizePath(addressUrl) !== normalizePath(shown.path)) return false;
  const wanted = parseQuery(addressUrl);
  const keys = new Set([...Object.keys(wanted), ...Object.keys(shown.query)].filter((k) => !ROUTER_KEYS.has(k)));
  for (const k of keys) if ((wanted[k] ?? '') !== (shown.query[k] ?? '')) return true;
  return false;
}
