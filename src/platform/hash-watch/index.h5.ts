/**
 * H5 only: reopen the page on screen when the hash names it with another query (see domain/routes needsReopen).
 * Taro's own navigations use pushState, which fires no hashchange, so this reacts only to the address bar and
 * to links; it waits for the router's own popstate handling to finish before comparing.
 */
import Taro from '@tarojs/taro';
import { needsReopen, parseQuery } from '../../domain/routes';

function shownPage(): { path: string; query: Record<string, string> } | null {
  const pages = Taro.getCurrentPages();
  const top = pages[pages.length - 1] as { route?: string; path?: string; options?: Record<string, unknown> } | undefined;
  if (!top) return null;
  const path = top.route || (top.path || '').split('?')[0];
  if (!path) return null;
  const query: Record<string, string> = { ...parseQuery(top.path || '') };
  for (const [k, v] of Object.entries(top.options || {})) if (v !== undefined && v !== null) query[k] = String(v);
  return { path, query };
}

export function watchHash(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('hashchange', () => {
    // After the router's popstate handler (a back or forward has settled on its page by then).
    setTimeout(() => {
      const addressUrl = window.location.hash.replace(/^#/, '');
      if (needsReopen(addressUrl, shownPage())) void Taro.redirectTo({ url: addressUrl.startsWith('/') ? addressUrl : `/${addressUrl}` });
    }, 50);
  });
}
