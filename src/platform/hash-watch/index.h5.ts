/**
 * H5 only: the page on screen follows the address when someone changes it by hand (a link pasted into the same
 * tab, an edited hash) to a page with other params. Taro's router answers such a change as a back navigation:
 * when an instance of that route is lower in the stack it shows that instance, with the item it was opened with
 * (an order screen open, course-08's link pasted, showed course-04), and otherwise it opens a new instance.
 *
 * Only entries the router did not create are considered: its own navigations (push, replace, back and forward)
 * carry a `history.state` with an index, while a changed address makes an entry without one. The check waits
 * until the router has shown a page for the change, then compares that page's own params with the address and
 * reopens it when they differ. Reopening at once, beside the router's own load, raced it and left a second,
 * never-loaded instance on top (a detail page stuck in its skeleton).
 */
import Taro from '@tarojs/taro';
import { ITEM_SHARE_PREFIX } from '@contract/rules/share-link';
import { ROUTES, decodeParam, isTabRoute, needsReopen, toUrl } from '../../domain/routes';

const hashOf = (url: string) => {
  const at = url.indexOf('#');
  return at >= 0 ? url.slice(at + 1) : '';
};

/** The page the router shows now, with the params it was opened with (decoded as parseQuery decodes). */
function shownPage(): { path: string; query: Record<string, string> } | null {
  const pages = Taro.getCurrentPages() as { route?: string; $taroParams?: Record<string, unknown> }[];
  const top = pages[pages.length - 1];
  if (!top?.route) return null;
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(top.$taroParams || {}))
    if (v !== undefined && v !== null) query[k] = decodeParam(v);
  return { path: top.route, query };
}

export function watchHash(): void {
  if (typeof window === 'undefined') return;
  /** The address changed by hand, until the router has shown a page for it. */
  let typed: string | null = null;
  // popstate, not hashchange: it comes before the router has done anything for the change.
  window.addEventListener('popstate', () => {
    const state = window.history.state as { idx?: unknown } | null;
    typed = state && state.idx !== undefined && state.idx !== null ? null : hashOf(window.location.href);
  });
  Taro.eventCenter.on('__afterTaroRouterChange', () => {
    const address = typed;
    typed = null;
    // Another change came meanwhile (its own check follows), or the router made this one.
    if (address === null || address !== hashOf(window.location.href)) return;
    const shown = shownPage();
    // A tab page keeps its query in state (§2) and cannot be redirected to.
    if (!shown || isTabRoute(shown.path) || !needsReopen(address, shown)) return;
    void Taro.redirectTo({ url: address.startsWith('/') ? address : `/${address}` });
  });
}

/**
 * The app lives at the site's root with hash routes (and at a shared item's address, /item/<actSn>, with the
 * detail's hash route); the server answers any other address a browser opens
 * (http://host/nonexistent) with the app too. Such an address is an unknown path (§2): the error page, named
 * in the hash of the root, so that a reload opens the app as usual. Runs before the router reads the address.
 */
export function sendUnknownAddressToError(): void {
  const { pathname } = window.location;
  // A shared item's public address is the app too: the server's check has put the detail's route into the hash.
  if (pathname === '/' || pathname === '/index.html' || pathname.startsWith(ITEM_SHARE_PREFIX)) return;
  window.history.replaceState(
    window.history.state,
    '',
    `/#${toUrl(ROUTES.error, { reason: 'notFound', path: pathname })}`,
  );
}
