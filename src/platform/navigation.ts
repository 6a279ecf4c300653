/**
 * All navigation goes through here so the visitor-access check (§2) runs before every move, tab pages are
 * switched to rather than pushed, and routes a later capability has not built go to the error page.
 */
import Taro from '@tarojs/taro';
import { checkAccess } from '../domain/access';
import { outsideAction, type JumpTarget, type Platform } from '../domain/jump';
import { BUILT_ROUTES, ROUTES, TAB_ROUTES, isTabRoute, normalizePath, toUrl, type Query } from '../domain/routes';
import { sessionValue } from './storage';
import { copyText } from './ui';

const PLATFORM: Platform = process.env.TARO_ENV === 'weapp' ? 'weapp' : process.env.TARO_ENV === 'swan' ? 'swan' : 'h5';

interface NavigationHooks {
  isLoggedIn(): boolean;
  /** Keeps the query of a tab page in state (switchTab cannot carry one). */
  setPageQuery(query: Record<string, string>): void;
  setCurrentTab(index: number): void;
  /** The operator's manual error for this route (§2 visitor-access check), or null when the visitor may open it. */
  manualError(route: string): Promise<string | null>;
}

let hooks: NavigationHooks = {
  isLoggedIn: () => false,
  setPageQuery: () => undefined,
  setCurrentTab: () => undefined,
  manualError: async () => null,
};

export function configureNavigation(next: NavigationHooks): void {
  hooks = next;
}

const CURRENT_PATH_KEY = 'current_path';

/** The page on top of the stack, with its query, e.g. "/pages/center/center?x=1". */
export function currentPageUrl(): string {
  const pages = Taro.getCurrentPages();
  const top = pages[pages.length - 1] as { route?: string; options?: Query; $taroPath?: string } | undefined;
  if (!top || !top.route) return sessionValue.get(CURRENT_PATH_KEY) || '';
  const options = { ...(top.options || {}) };
  delete options.$taroTimestamp;
  delete options.stamp;
  return toUrl(top.route, options);
}

export function rememberCurrentPath(url: string): void {
  sessionValue.set(CURRENT_PATH_KEY, url);
}

export function entranceUrl(query: Query = {}): string {
  return toUrl(ROUTES.entrance, query);
}

type OpenMode = 'push' | 'replace' | 'relaunch';

/**
 * The manual-error half of the visitor-access check: when the operator has closed the project, this page or this
 * visitor, the error page opens with the reason in place of the stack, and true is returned.
 */
export async function sentToManualError(route: string): Promise<boolean> {
  if (route === ROUTES.entrance || route === ROUTES.error) return false;
  const message = await hooks.manualError(route);
  if (!message) return false;
  await Taro.reLaunch({ url: toUrl(ROUTES.error, { reason: 'blocked', message }) });
  return true;
}

/** Opens a route after the access check; a visitor is sent to log in and comes back afterwards. */
export async function openPage(path: string, query: Query = {}, mode: OpenMode = 'push'): Promise<void> {
  const route = normalizePath(path);
  if (!BUILT_ROUTES.has(route)) {
    await Taro.navigateTo({ url: toUrl(ROUTES.error, { reason: 'notBuilt', path: route }) });
    return;
  }
  if (await sentToManualError(route)) return;
  if (!checkAccess(route, hooks.isLoggedIn()).allowed) {
    await Taro.navigateTo({ url: entranceUrl({ login: 'phone', redirect: toUrl(route, query) }) });
    return;
  }
  if (isTabRoute(route)) {
    const clean: Record<string, string> = {};
    for (const k of Object.keys(query)) if (query[k] !== undefined && query[k] !== null) clean[k] = String(query[k]);
    hooks.setPageQuery(clean);
    hooks.setCurrentTab(TAB_ROUTES.indexOf(route as (typeof TAB_ROUTES)[number]));
    await Taro.switchTab({ url: toUrl(route) });
    return;
  }
  const url = toUrl(route, query);
  if (mode === 'relaunch') await Taro.reLaunch({ url });
  else if (mode === 'replace') await Taro.redirectTo({ url });
  else await Taro.navigateTo({ url });
}

/** Opens any url we produced ourselves (a redirect target after login). */
export async function openUrl(url: string, mode: OpenMode = 'push'): Promise<void> {
  const at = url.indexOf('?');
  const path = at >= 0 ? url.slice(0, at) : url;
  const query: Record<string, string> = {};
  if (at >= 0) {
    for (const part of url.slice(at + 1).split('&')) {
      const [k, v = ''] = part.split('=');
      if (k) query[decodeURIComponent(k)] = decodeURIComponent(v);
    }
  }
  await openPage(path, query, mode);
}

export async function switchToTab(index: number): Promise<void> {
  const route = TAB_ROUTES[index] ?? TAB_ROUTES[0];
  await openPage(route);
}

export async function goBackOrHome(): Promise<void> {
  if (Taro.getCurrentPages().length > 1) await Taro.navigateBack();
  else await switchToTab(0);
}

/** Carries out a resolved jump (domain/jump.ts). */
export async function followJump(target: JumpTarget): Promise<void> {
  switch (target.type) {
    case 'none':
      return;
    case 'tab':
      await switchToTab(target.index);
      return;
    case 'page':
      await openPage(target.path, target.query);
      return;
    case 'web':
      if (process.env.TARO_ENV === 'h5') window.location.href = target.url;
      else await openPage(ROUTES.webView, { url: target.url });
      return;
    case 'outside': {
      const action = outsideAction(target, PLATFORM);
      // Only H5 is ever told to leave by location (outsideAction); the check keeps `window` out of mini-program code.
      if (action.kind === 'location' && process.env.TARO_ENV === 'h5') window.location.href = action.url;
      else if (action.kind === 'webView') await openPage(ROUTES.webView, { url: action.url });
      else if (action.kind === 'miniProgram') {
        try {
          await Taro.navigateToMiniProgram({ appId: action.appId, path: action.path });
        } catch {
          // Not allowed or cancelled: the link, when there is one, is copied so the customer can still get there.
          if (action.fallbackUrl) copyText(action.fallbackUrl);
        }
      } else await openPage(ROUTES.error, { reason: 'miniProgramOnly' });
    }
  }
}

/** Session expired (§8 code 502): back to the entrance, remembering where the user was. */
export function relaunchToEntrance(query: Query): void {
  void Taro.reLaunch({ url: entranceUrl(query) });
}
