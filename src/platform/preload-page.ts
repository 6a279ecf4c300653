/**
 * H5: starts loading a page's chunks before the router shows the page (a shared link starts on the
 * entrance, and the page it leads to would otherwise load only when the entrance leaves for it). Taro's H5 app
 * keeps its routes on window.__taroAppConfig, each with the `load` the router itself calls; webpack loads a chunk
 * once, so the router's later call finds it loaded. Without that config (another Taro version, a mini-program)
 * this does nothing and the page loads as before.
 */
interface TaroRoute {
  path: string;
  load?: () => unknown;
}

export function preloadPage(path: string): void {
  const routes = (window as unknown as { __taroAppConfig?: { routes?: TaroRoute[] } }).__taroAppConfig?.routes;
  const route = routes?.find((r) => r.path === path);
  try {
    const loading = route?.load?.();
    // load() answers [promise, ...]: a chunk that fails here is loaded (and its failure handled) by the router.
    if (Array.isArray(loading) && loading[0] instanceof Promise) loading[0].catch(() => undefined);
  } catch {
    // a preload is only a head start
  }
}
