/**
 * Page tests boot the real app the way Taro's H5 loader does (TOOLCHAIN.md: the stock createApp() of
 * @tarojs/test-utils-react calls Taro 3's createRouter and ignores sub-packages), with the real stores and
 * request wrapper over a fake HTTP transport. Each test file must mock the transport first:
 *
 *   jest.mock('../../src/api/transport', () => require('./harness').transportModule);
 */
import { parseQuery } from '../../src/domain/routes';
import type { TransportRequest, TransportResponse } from '../../src/api/request';

type Reply = { info: unknown } | { error: string; code?: number; status?: number };
export type Handler = (data: Record<string, unknown>, req: TransportRequest) => Reply | Promise<Reply>;

// jsdom has no IntersectionObserver; Taro's lazy-loading Image asks for one.
const g0 = global as unknown as Record<string, unknown>;
if (!g0.IntersectionObserver) {
  g0.IntersectionObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
    takeRecords(): unknown[] {
      return [];
    }
  };
}

const handlers = new Map<string, Handler>();
export const requests: { path: string; method: string; data: Record<string, unknown> }[] = [];

/** Answers `METHOD /path` (path without query) with `info`, or with a failure envelope. */
export function route(method: string, path: string, handler: Handler): void {
  handlers.set(`${method} ${path}`, handler);
}

export function resetServer(): void {
  handlers.clear();
  requests.length = 0;
}

async function fakeTransport(req: TransportRequest): Promise<TransportResponse> {
  const at = req.url.indexOf('?');
  const path = at >= 0 ? req.url.slice(0, at) : req.url;
  const data: Record<string, unknown> = at >= 0 ? parseQuery(req.url.slice(at)) : { ...req.data };
  requests.push({ path, method: req.method, data });
  const handler = handlers.get(`${req.method} ${path}`);
  if (!handler) return { statusCode: 404, data: { state: false, message: `no fake for ${req.method} ${path}`, info: null, code: 4040 } };
  const reply = await handler(data, req);
  if ('error' in reply) return { statusCode: reply.status ?? 200, data: { state: false, message: reply.error, info: null, code: reply.code ?? 4000 } };
  return { statusCode: 200, data: { state: true, message: '', info: reply.info } };
}

export const transportModule = { taroTransport: jest.fn(fakeTransport) };

const flush = () => new Promise((r) => setTimeout(r, 0));

/** Waits until `check` passes (or fails with its last error after ~2 s). */
export async function waitFor(check: () => void, timeoutMs = 2000): Promise<void> {
  const start = Date.now();
  for (;;) {
    try {
      check();
      return;
    } catch (err) {
      if (Date.now() - start > timeoutMs) throw err;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

let booted = false;

/** A visitor (or, with a phone, a logged-in user) of project `demo`, as the entrance would leave the session. */
export function signIn(phone: string | null = null): void {
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const { rootStore } = require('../../src/stores');
  rootStore.session.applyEntrance('demo', {
    token: 'test-token',
    userInfo: { userId: 'u1', phone, unionId: null, nickName: null, avatar: null },
    timestamp: Date.now(),
    needAuth: false,
    tips: null,
    sceneStyle: null,
    projectEnum: 'DEFAULT',
    projectParam: { projectName: '演示商城' },
  });
}

/**
 * Opens `url` (e.g. "/pages/activity/courseDetail?actSn=C1"): the first call boots the app there, later calls
 * relaunch, so that each test starts from a fresh page stack.
 */
export async function openAt(url: string): Promise<void> {
  if (booted) {
    // eslint-disable-next-line @typescript-eslint/no-var-requires
    const Taro = require('@tarojs/taro').default;
    await Taro.reLaunch({ url });
    await flush();
    return;
  }
  window.location.hash = `#${url}`;
  // Let jsdom deliver its hashchange before the router listens, or the first page would load twice.
  await new Promise((r) => setTimeout(r, 20));
  booted = true;
  const g = global as unknown as Record<string, unknown>;
  g.defineAppConfig = (c: unknown) => c;
  g.definePageConfig = (c: unknown) => c;
  const React = require('react');
  g.React = React;
  const ReactDOM = require('react-dom/client');
  const { createReactApp } = require('@tarojs/plugin-framework-react/dist/runtime');
  const { createRouter, createHashHistory, handleAppMount } = require('@tarojs/router');
  const { window: taroWindow } = require('@tarojs/runtime');
  const App = require('../../src/app').default;
  const config = { ...require('../../src/app.config').default };
  const all: string[] = [
    ...config.pages,
    ...config.subPackages.flatMap((s: { root: string; pages: string[] }) => s.pages.map((p) => `${s.root}/${p}`)),
  ];
  config.routes = all.map((path) => ({
    path,
    load: async (ctx: unknown, params: unknown) => [require(`../../src/${path}`), ctx, params],
    ...require(`../../src/${path}.config`).default,
  }));
  config.pages = all;
  config.subPackages = [];
  // The tab bar needs Taro's web components; pages are tested without it.
  delete config.tabBar;
  config.router = { mode: 'hash' };
  document.body.innerHTML = '<div id="app"></div>';
  const inst = createReactApp(App, React, ReactDOM, config);
  const history = createHashHistory({ window: taroWindow });
  handleAppMount(config, history);
  createRouter(history, inst, config, React);
  await flush();
}

/** The page on top of Taro's stack, to fire its lifecycle (pull-down refresh, reach bottom). */
export function currentPage(): Record<string, (...args: unknown[]) => unknown> {
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const Taro = require('@tarojs/taro').default;
  const pages = Taro.getCurrentPages();
  return pages[pages.length - 1];
}

/** The DOM of the page on top of the stack. */
export function pageRoot(): HTMLElement {
  const top = currentPage() as unknown as { $taroPath?: string } | undefined;
  const el = top && top.$taroPath ? document.getElementById(top.$taroPath) : null;
  return el || document.body;
}

/** Every match of `selector` in the page on top. */
export function all(selector: string): HTMLElement[] {
  return Array.from(pageRoot().querySelectorAll(selector)) as HTMLElement[];
}

/** Text of the first match of `selector` in the page on top ('' when there is none). */
export function text(selector: string): string {
  const el = all(selector)[0];
  return el ? (el.textContent || '').trim() : '';
}

/** The route of the page on top, e.g. "pages/order/courseOrderSubmit". */
export function currentRoute(): string {
  const top = currentPage() as unknown as { route?: string; path?: string } | undefined;
  return String(top?.route || top?.path || '').replace(/^\//, '').split('?')[0];
}

/** Clicks an element the way a tap arrives in Taro's H5 components. */
export function tap(el: Element | undefined | null): void {
  if (!el) throw new Error('nothing to tap');
  (el as HTMLElement).click();
}
