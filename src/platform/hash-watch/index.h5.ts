/**
 * H5 only: reopen the page on screen when someone edits the address bar to the same page with another item
 * (see domain/routes needsReopen): Taro's router treats that hash change as "already there" and keeps showing the
 * old item.
 *
 * Only entries the router did not create are considered: the router's own navigations (push, replace, back and
 * forward) carry a `history.state` with an index, while an edited address bar or a plain link makes an entry
 * without one. Reacting to the router's own back navigation would race it and leave no page shown. The page on
 * screen is read from the hash it had before the change, not from the page instance (whose options do not always
 * carry the query it was opened with).
 */
import Taro from '@tarojs/taro';
import { needsReopen, normalizePath, parseQuery } from '../../domain/routes';

const hashOf = (url: string) => {
  const at = url.indexOf('#');
  return at >= 0 ? url.slice(at + 1) : '';
};

export function watchHash(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('hashchange', (event: HashChangeEvent) => {
    const state = window.history.state as { idx?: unknown } | null;
    if (state && state.idx !== undefined && state.idx !== null) return;
    const before = hashOf(event.oldURL);
    const after = hashOf(event.newURL);
    const shown = before ? { path: normalizePath(before), query: parseQuery(before) } : null;
    if (!needsReopen(after, shown)) return;
    void Taro.redirectTo({ url: after.startsWith('/') ? after : `/${after}` });
  });
}
