/**
 * The one table that turns page enums and jump enums (§2, §4) into a destination. Pure: the caller
 * (platform/navigation) carries the result out.
 */
import type { JumpContent, TabEntry } from '@contract/pages';
import { ROUTES, isWebUrl, type RoutePath } from './routes';

export type JumpTarget =
  | { type: 'none' }
  | { type: 'tab'; index: number }
  | { type: 'page'; path: RoutePath; query: Record<string, string> }
  | { type: 'web'; url: string }
  /** SKIP_OUTSIDE_APPLE: another mini-program (appId, path) and/or an outside web link; see outsideAction. */
  | { type: 'outside'; appId: string | null; path: string; url: string | null };

type Rule = (jump: JumpContent) => JumpTarget;

const page = (path: RoutePath, query: Record<string, string | null | undefined> = {}): JumpTarget => {
  const clean: Record<string, string> = {};
  for (const k of Object.keys(query)) if (query[k]) clean[k] = String(query[k]);
  return { type: 'page', path, query: clean };
};
const none: Rule = () => ({ type: 'none' });

/** firstEnum -> destination. Enums not listed here do nothing rather than fail. */
export const JUMP_TABLE: Record<string, Rule> = {
  BANNER_NO_SKIP: none,
  IMAGE_TEXT_WINDOWS: none,
  PAGE_INDEX: () => ({ type: 'tab', index: 0 }),
  PERSONAL_CENTER: () => ({ type: 'tab', index: 4 }),
  CUSTOM_PAGE: (j) => page(ROUTES.indexCustom, { targetSn: j.targetSn }),
  IMAGE_TEXT_H5: (j) =>
    j.url ? { type: 'web', url: j.url } : page(ROUTES.richTextH5, { targetSn: j.targetSn, context: j.context }),
  SKIP_OUTSIDE_APPLE: (j) => {
    // url is either an outside web link or, beside an appId, a path inside that mini-program.
    const url = j.url && isWebUrl(j.url) ? j.url.trim() : null;
    const appId = j.appId || null;
    if (!appId && !url) return { type: 'none' };
    return { type: 'outside', appId, path: url ? '' : j.url || '', url };
  },
  APP_HUIMIN_COURSE_DETAIL: (j) => page(ROUTES.courseDetail, { actSn: j.targetSn }),
  UNIT_ACT_SPECIAL: (j) => page(ROUTES.moreActivity, { targetSn: j.targetSn }),
  PAGE_ACT_DETAIL: (j) => page(ROUTES.activityDetail, { actSn: j.targetSn }),
  PAGE_COURSE_DETAIL: (j) => page(ROUTES.courseDetail, { actSn: j.targetSn }),
  PAGE_ORDER_DETAIL: (j) => page(ROUTES.orderDetail, { orderNo: j.targetSn }),
  PAGE_AFTER_SALE_DETAIL: (j) => page(ROUTES.afterSaleDetail, { applicationNo: j.targetSn }),
  SCAN_CODE_COLLECT_COUPONS: (j) => page(ROUTES.getCouponActive, { actSn: j.targetSn }),
  ORDER_LIST: () => page(ROUTES.orderList),
  APPLE_INFO_COLLECTION_FORM: (j) => page(ROUTES.collectForms, { formSn: j.targetSn }),
  CARD_SECRET_REDEEM: () => page(ROUTES.exchangeCenter),
  MORE_ACTIVITY: (j) => page(ROUTES.moreActivity, { targetSn: j.targetSn }),
};

export const HUIMIN_COURSE_SUBMIT = 'PAGE_HUIMIN_COURSE_SUBMIT';

/** Two jumps lead to the same tab when their enums and targets agree (§4 home tab). */
function sameDestination(a: JumpContent, b: JumpContent): boolean {
  return a.firstEnum === b.firstEnum && (a.targetSn || '') === (b.targetSn || '');
}

/**
 * Where a jump leads. A jump whose page enum matches a home tab switches to that tab (§4) instead of
 * opening the page again on top of the stack.
 */
export function resolveJump(jump: JumpContent | null | undefined, tabs: readonly TabEntry[] = []): JumpTarget {
  if (!jump || !jump.firstEnum) return { type: 'none' };
  // §2: thirdEnum PAGE_HUIMIN_COURSE_SUBMIT switches the way in to a course order: the item's order screen
  // (which passes the enum on as the order's entranceSource) instead of its detail.
  if (jump.thirdEnum === HUIMIN_COURSE_SUBMIT && jump.targetSn)
    return page(ROUTES.courseOrderSubmit, { targetSn: jump.targetSn, thirdEnum: HUIMIN_COURSE_SUBMIT });
  const tab = tabs.find(
    (t) =>
      sameDestination(t.jumpContent, jump) ||
      (jump.firstEnum === 'CUSTOM_PAGE' && !!jump.targetSn && t.pageSn === jump.targetSn),
  );
  if (tab) return { type: 'tab', index: tab.tabIndex };
  const rule = JUMP_TABLE[jump.firstEnum];
  return rule ? rule(jump) : { type: 'none' };
}

export type Platform = 'h5' | 'weapp' | 'swan';

export type OutsideAction =
  | { kind: 'location'; url: string }
  | { kind: 'miniProgram'; appId: string; path: string; fallbackUrl: string | null }
  | { kind: 'webView'; url: string }
  | { kind: 'unsupported' };

/**
 * How to leave for an outside target on this platform. A browser cannot open a mini-program, so H5 follows the
 * web link (the whole page leaves the storefront); only a target with no link at all cannot be followed there.
 * Mini-programs open the other mini-program when one is named (its link is copied if that fails), else the link
 * in the web-view page.
 */
export function outsideAction(target: Extract<JumpTarget, { type: 'outside' }>, platform: Platform): OutsideAction {
  if (platform === 'h5') return target.url ? { kind: 'location', url: target.url } : { kind: 'unsupported' };
  if (target.appId) return { kind: 'miniProgram', appId: target.appId, path: target.path, fallbackUrl: target.url };
  return target.url ? { kind: 'webView', url: target.url } : { kind: 'unsupported' };
}
