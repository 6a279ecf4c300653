/**
 * The `wx` / `swan` object of the fake host (runtime.ts): real HTTP for request, in-memory storage, a phone's
 * system info, and recorded navigation, toasts, tab bar, share menu, clipboard, login and payment calls, each
 * answered through its success / fail / complete callbacks as the host does.
 */
import type { Target } from './host';

export type Callbacks = {
  success?: (res: unknown) => void;
  fail?: (res: unknown) => void;
  complete?: (res: unknown) => void;
};
export type Options = Record<string, unknown> & Callbacks;

/** What the API table needs from the host: its state and how it records and answers calls. */
export interface Host {
  readonly target: Target;
  readonly apiOrigin: string;
  readonly storage: Map<string, unknown>;
  onTabPage(): boolean;
  record(api: string, args: unknown): void;
  /** Calls success (or fail) and complete later, as the host does; a throw there is an uncaught error. */
  answer(options: Options | undefined, ok: boolean, res: Record<string, unknown>): void;
  ok(api: string, options: Options | undefined, res?: Record<string, unknown>): void;
  fail(api: string, options: Options | undefined, why: string): void;
  /** navigateTo / redirectTo / reLaunch / switchTab, checked against app.json as the host checks them. */
  navigate(api: string, options: Options | undefined): void;
  /** Counts requests on their way (+1 sent, -1 answered). */
  track(delta: 1 | -1): void;
}

/** As the host serialises values (storage, data between layers): functions and undefined do not survive. */
export const serialise = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

/** wx.request / swan.request over real HTTP; the bundle's API origin is replaced by the test server's. */
function request(
  host: Host,
  options: Options,
): { abort(): void; onHeadersReceived(): void; offHeadersReceived(): void } {
  host.record('request', { url: options.url, method: options.method });
  const controller = new AbortController();
  const method = String(options.method || 'GET').toUpperCase();
  const header: Record<string, string> = {
    'content-type': 'application/json',
    ...((options.header as Record<string, string>) || {}),
  };
  const contentType = Object.entries(header).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
  const original = new URL(String(options.url));
  const url = new URL(original.pathname + original.search, host.apiOrigin);
  const data = options.data;
  let body: string | undefined;
  const asQuery = (d: Record<string, unknown>) =>
    Object.entries(d)
      .map(
        ([k, v]) =>
          `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v))}`,
      )
      .join('&');
  if (method === 'GET' && data && typeof data === 'object') {
    const q = asQuery(data as Record<string, unknown>);
    if (q) url.search += (url.search ? '&' : '?') + q;
  } else if (data !== undefined && method !== 'GET') {
    body =
      typeof data === 'string'
        ? data
        : contentType.includes('x-www-form-urlencoded')
          ? asQuery(data as Record<string, unknown>)
          : JSON.stringify(data);
  }
  let timedOut = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      controller.abort();
    },
    Number(options.timeout) || 60000,
  );
  host.track(1);
  fetch(url, { method, headers: header, body, signal: controller.signal })
    .then(async (res) => {
      const text = await res.text();
      let parsed: unknown = text;
      if (options.dataType === undefined || options.dataType === 'json') {
        try {
          parsed = JSON.parse(text);
        } catch {
          // the host hands back the text when it is not JSON
        }
      }
      const responseHeader: Record<string, string> = {};
      res.headers.forEach((value, name) => (responseHeader[name] = value));
      host.answer(options, true, {
        data: parsed,
        statusCode: res.status,
        header: responseHeader,
        cookies: [],
        errMsg: 'request:ok',
      });
    })
    .catch((err: Error) => {
      host.answer(options, false, {
        errMsg: `request:fail ${timedOut ? 'timeout' : controller.signal.aborted ? 'abort' : err.message}`,
      });
    })
    .finally(() => {
      clearTimeout(timer);
      // Counted down after the callbacks ran, so "no request pending" means the page has had its answers.
      setTimeout(() => host.track(-1), 0);
    });
  return { abort: () => controller.abort(), onHeadersReceived: () => undefined, offHeadersReceived: () => undefined };
}

function systemInfo(target: Target): Record<string, unknown> {
  const weapp = target === 'weapp';
  return {
    brand: 'devtools',
    model: 'iPhone X',
    pixelRatio: 3,
    screenWidth: 375,
    screenHeight: 812,
    windowWidth: 375,
    windowHeight: 724,
    statusBarHeight: 44,
    language: 'zh_CN',
    version: weapp ? '8.0.50' : '13.50.0',
    system: 'iOS 17.0',
    platform: weapp ? 'devtools' : 'ios',
    SDKVersion: weapp ? '3.6.0' : '3.300.0',
    host: weapp ? undefined : 'baiduboxapp',
    safeArea: { left: 0, right: 375, top: 44, bottom: 778, width: 375, height: 734 },
  };
}

/**
 * wx.createSelectorQuery / swan.createSelectorQuery (taro-ui's swipe action measures its buttons with it). The
 * fake host lays nothing out, so every node measures as an empty box at the origin, a list selects no nodes and
 * the viewport is the window; callbacks are answered later, as the host answers them after layout.
 */
function selectorQuery(host: Host) {
  type Field = (res: unknown) => void;
  const queued: { result: () => unknown; cb?: Field }[] = [];
  const box = () => ({
    id: '',
    dataset: {},
    left: 0,
    right: 0,
    top: 0,
    bottom: 0,
    width: 0,
    height: 0,
    scrollLeft: 0,
    scrollTop: 0,
  });
  const viewport = () => ({
    ...box(),
    width: 375,
    height: 734,
    right: 375,
    bottom: 734,
    scrollHeight: 734,
    scrollWidth: 375,
  });
  const nodes = (result: () => unknown) => {
    const ref = {
      boundingClientRect: (cb?: Field) => (queued.push({ result, cb }), query),
      scrollOffset: (cb?: Field) => (queued.push({ result, cb }), query),
      fields: (_fields: unknown, cb?: Field) => (queued.push({ result, cb }), query),
      node: (cb?: Field) => (queued.push({ result: () => ({ node: null }), cb }), query),
      context: (cb?: Field) => (queued.push({ result: () => ({ context: null }), cb }), query),
    };
    return ref;
  };
  const query = {
    in: () => query,
    select: (_selector: string) => nodes(box),
    selectAll: (_selector: string) => nodes(() => []),
    selectViewport: () => nodes(viewport),
    exec: (cb?: (res: unknown[]) => void) => {
      host.record('createSelectorQuery.exec', { count: queued.length });
      const taken = queued.splice(0);
      setTimeout(() => {
        const results = taken.map((q) => q.result());
        taken.forEach((q, i) => q.cb?.(results[i]));
        cb?.(results);
      }, 0);
    },
  };
  return query;
}

/** The `wx` / `swan` object: every API the storefront (and Taro's runtime) calls. */
export function createHostApi(host: Host): Record<string, unknown> {
  const storage = host.storage;
  const tabBar = (api: string) => (o: Options) =>
    host.onTabPage() ? host.ok(api, o) : host.fail(api, o, 'not TabBar page');
  const recorded =
    (api: string, res: Record<string, unknown> = {}) =>
    (o: Options) =>
      host.ok(api, o, res);
  const api: Record<string, unknown> = {
    request: (o: Options) => request(host, o),
    getStorageSync: (key: string) => (storage.has(key) ? serialise(storage.get(key)) : ''),
    setStorageSync: (key: string, value: unknown) => void storage.set(key, serialise(value)),
    removeStorageSync: (key: string) => void storage.delete(key),
    clearStorageSync: () => storage.clear(),
    getStorageInfoSync: () => ({ keys: [...storage.keys()], currentSize: 0, limitSize: 10240 }),
    getStorage: (o: Options) =>
      storage.has(String(o.key))
        ? host.ok('getStorage', o, { data: serialise(storage.get(String(o.key))) })
        : host.fail('getStorage', o, 'data not found'),
    setStorage: (o: Options) => {
      storage.set(String(o.key), serialise(o.data));
      host.ok('setStorage', o);
    },
    removeStorage: (o: Options) => {
      storage.delete(String(o.key));
      host.ok('removeStorage', o);
    },
    clearStorage: (o: Options) => {
      storage.clear();
      host.ok('clearStorage', o);
    },
    getSystemInfoSync: () => systemInfo(host.target),
    getSystemInfo: (o: Options) => host.ok('getSystemInfo', o, systemInfo(host.target)),
    getWindowInfo: () => systemInfo(host.target),
    getNetworkType: recorded('getNetworkType', { networkType: 'wifi' }),
    onNetworkStatusChange: () => undefined,
    canIUse: () => true,
    createSelectorQuery: () => selectorQuery(host),
    navigateTo: (o: Options) => host.navigate('navigateTo', o),
    redirectTo: (o: Options) => host.navigate('redirectTo', o),
    reLaunch: (o: Options) => host.navigate('reLaunch', o),
    switchTab: (o: Options) => host.navigate('switchTab', o),
    navigateBack: recorded('navigateBack'),
    navigateToMiniProgram: recorded('navigateToMiniProgram'),
    showToast: recorded('showToast'),
    hideToast: recorded('hideToast'),
    showLoading: recorded('showLoading'),
    hideLoading: recorded('hideLoading'),
    showModal: recorded('showModal', { confirm: false, cancel: true }),
    showActionSheet: (o: Options) => host.fail('showActionSheet', o, 'cancel'),
    setNavigationBarTitle: recorded('setNavigationBarTitle'),
    setNavigationBarColor: recorded('setNavigationBarColor'),
    startPullDownRefresh: recorded('startPullDownRefresh'),
    stopPullDownRefresh: recorded('stopPullDownRefresh'),
    pageScrollTo: recorded('pageScrollTo'),
    setTabBarStyle: tabBar('setTabBarStyle'),
    setTabBarItem: tabBar('setTabBarItem'),
    showTabBar: tabBar('showTabBar'),
    hideTabBar: tabBar('hideTabBar'),
    setTabBarBadge: tabBar('setTabBarBadge'),
    removeTabBarBadge: tabBar('removeTabBarBadge'),
    showShareMenu: recorded('showShareMenu'),
    hideShareMenu: recorded('hideShareMenu'),
    updateShareMenu: recorded('updateShareMenu'),
    previewImage: recorded('previewImage'),
    makePhoneCall: recorded('makePhoneCall'),
    setClipboardData: recorded('setClipboardData'),
    getClipboardData: recorded('getClipboardData', { data: '' }),
    vibrateShort: recorded('vibrateShort'),
    // No payment happens on a first screen; a call is recorded and answered as the visitor's cancel.
    requestPayment: (o: Options) => host.fail('requestPayment', o, 'cancel'),
    requestPolymerPayment: (o: Options) => host.fail('requestPolymerPayment', o, 'cancel'),
  };
  if (host.target === 'weapp') api.login = recorded('login', { code: 'smoke-login-code' });
  else api.getLoginCode = recorded('getLoginCode', { code: 'smoke-login-code' });
  return api;
}
