/**
 * Page tests boot the real app the way Taro's H5 loader does (TOOLCHAIN.md: the stock createApp() of
 * @tarojs/test-utils-react calls Taro 3's createRouter and ignores sub-packages), with the real stores and
 * request wrapper over a fake HTTP transport. Each test file must mock the transport first:
 *
 *   jest.mock('../../src/api/transport', () => require('./harness').transportModule);
 */
import { parseQuery } from '../../src/domain/routes';
import { DEDUPE_WINDOW_MS, type TransportRequest, type TransportResponse } from '../../src/api/request';

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

/**
 * The request wrapper answers an identical request within 600 ms with the earlier call's promise (§7). Within one
 * test file the app (and that window) lives on from test to test, so on a fast run a test could be answered by
 * the previous test's fake and on a slow run not. The harness owns the clock the window reads (Date.now, never
 * the timers) and moves it past the window between tests and where a test asks, instead of sleeping.
 */
const realNow = Date.now.bind(Date);
let clockOffset = 0;
Date.now = () => realNow() + clockOffset;

/** Moves the clock past the request wrapper's duplicate window: the next identical request is sent again. */
export function passDuplicateWindow(): void {
  clockOffset += DEDUPE_WINDOW_MS + 1;
}

/** A clean fake server for the next test, whose requests are never answered from an earlier test's calls. */
export function resetServer(): void {
  handlers.clear();
  requests.length = 0;
  passDuplicateWindow();
}

async function fakeTransport(req: TransportRequest): Promise<TransportResponse> {
  const at = req.url.indexOf('?');
  const path = at >= 0 ? req.url.slice(0, at) : req.url;
  const data: Record<string, unknown> = at >= 0 ? parseQuery(req.url.slice(at)) : { ...req.data };
  requests.push({ path, method: req.method, data });
  const handler = handlers.get(`${req.method} ${path}`);
  if (!handler)
    return {
      statusCode: 404,
      data: { state: false, message: `no fake for ${req.method} ${path}`, info: null, code: 4040 },
    };
  const reply = await handler(data, req);
  if ('error' in reply)
    return {
      statusCode: reply.status ?? 200,
      data: { state: false, message: reply.error, info: null, code: reply.code ?? 4000 },
    };
  return { statusCode: 200, data: { state: true, message: '', info: reply.info } };
}

export const transportModule = { taroTransport: jest.fn(fakeTransport) };

/** Lets what is already queued (promise callbacks, a store's write, React's render) run. */
export const tick = () => new Promise((r) => setTimeout(r, 0));

/**
 * How long a wait may last before the test gives up. A wait ends as soon as its condition holds; the bound is
 * generous because under a parallel jest run on a busy 2-core machine a page's first render can take seconds.
 */
export const WAIT_MS = 15000;

/** Waits until `check` passes (or fails with its last error after `timeoutMs`). */
export async function waitFor(check: () => void, timeoutMs = WAIT_MS): Promise<void> {
  const start = realNow();
  for (;;) {
    try {
      check();
      return;
    } catch (err) {
      if (realNow() - start > timeoutMs) throw err;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

let booted = false;

/** A visitor (or, with a phone, a logged-in user) of project `demo`, as the entrance would leave the session. */
export function signIn(phone: string | null = null): void {
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

type TaroPage = { route?: string; path?: string; $taroPath?: string } & Record<string, (...args: unknown[]) => unknown>;

function topOfStack(): TaroPage | undefined {
  const Taro = require('@tarojs/taro').default;
  const pages = Taro.getCurrentPages();
  return pages[pages.length - 1];
}

/** The page on top of Taro's stack, to fire its lifecycle (pull-down refresh, reach bottom). */
export function currentPage(): Record<string, (...args: unknown[]) => unknown> {
  const top = topOfStack();
  if (!top) throw new Error('no page is open');
  return top;
}

/** The route of the page on top, e.g. "pages/order/courseOrderSubmit" ('' when none is open). */
export function currentRoute(): string {
  const top = topOfStack();
  return String(top?.route || top?.path || '')
    .replace(/^\//, '')
    .split('?')[0];
}

const routeOf = (url: string) => url.replace(/^\//, '').split('?')[0];
/** Each page instance has its own path (route + ?stamp=N), which is also the id of its element. */
const instanceOf = (page: TaroPage | undefined) => String(page?.$taroPath || page?.path || '');

/**
 * The element of the page on top of the stack, once it is mounted and shown. Taro keeps earlier pages (and, for
 * a moment after a relaunch, the page being unloaded) in the DOM, so nothing is ever looked up in the whole
 * document: without a mounted top page this throws, and the waits retry.
 */
export function pageRoot(): HTMLElement {
  const top = topOfStack();
  const el = top ? document.getElementById(instanceOf(top)) : null;
  if (!el) throw new Error(`the page on top (${currentRoute() || 'none'}) is not mounted yet`);
  if (!el.classList.contains('taro_page_show') || el.classList.contains('taro_page_shade')) {
    throw new Error(`the page on top (${currentRoute()}) is not shown yet`);
  }
  return el;
}

/**
 * Waits until `route` is the page on top, mounted and shown, and returns its element. With `notInstance` (the
 * instance that was on top before a navigation), a page of the same route that was already there does not count:
 * after a relaunch from one search page to another, the old one answers until the new one has loaded.
 */
export async function waitForPage(route: string, notInstance = ''): Promise<HTMLElement> {
  let root: HTMLElement | null = null;
  await waitFor(() => {
    const on = currentRoute();
    if (on !== routeOf(route)) throw new Error(`waiting for ${routeOf(route)}; the page on top is ${on || 'none'}`);
    if (notInstance && instanceOf(topOfStack()) === notInstance)
      throw new Error(`waiting for a new ${on}; the old one is still on top`);
    root = pageRoot();
  });
  return root as unknown as HTMLElement;
}

/**
 * Opens `url` (e.g. "/pages/activity/courseDetail?actSn=C1") and waits for that page: the first call boots the
 * app there, later calls relaunch, so that each test starts from a fresh page stack.
 */
export async function openAt(url: string): Promise<HTMLElement> {
  if (booted) {
    const before = instanceOf(topOfStack());

    const Taro = require('@tarojs/taro').default;
    await Taro.reLaunch({ url });
    return waitForPage(url, before);
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
  return waitForPage(url);
}

/**
 * Every match of `selector` in the page on top. Count them with `expect(all(x).length).toBe(n)`, never
 * `expect(all(x)).toHaveLength(n)`: a failing toHaveLength prints every element with its React fiber, which takes
 * seconds per try, so a wait polling it starves the very render it waits for on a busy machine.
 */
export function all(selector: string): HTMLElement[] {
  return Array.from(pageRoot().querySelectorAll(selector)) as HTMLElement[];
}

/** Text of the first match of `selector` in the page on top ('' when there is none). */
export function text(selector: string): string {
  const el = all(selector)[0];
  return el ? (el.textContent || '').trim() : '';
}

/** Clicks an element the way a tap arrives in Taro's H5 components. */
export function tap(el: Element | undefined | null): void {
  if (!el) throw new Error('nothing to tap');
  (el as HTMLElement).click();
}

/**
 * Types `value` into the Taro Input / Textarea inside `selector` (in the page on top) key by key, as a person does:
 * focus, then one input event per character, letting the page's store write and React re-render between keys.
 * A controlled field that does not observe what it renders keeps only the last keystroke, and this shows it.
 * With `replace`, the field is cleared first (select-all and delete).
 */
export async function typeKeys(
  selector: string,
  value: string,
  { replace = true } = {},
): Promise<HTMLInputElement | HTMLTextAreaElement> {
  let field: HTMLInputElement | HTMLTextAreaElement | null = null;
  await waitFor(() => {
    field =
      (all(selector)[0]?.querySelector('input, textarea') as HTMLInputElement | HTMLTextAreaElement | null) ?? null;
    if (!field) throw new Error(`no field in ${selector}`);
  });
  const el = field as unknown as HTMLInputElement | HTMLTextAreaElement;
  el.focus();
  const key = async (next: string, data: string | null, inputType: string) => {
    el.value = next;
    el.dispatchEvent(new InputEvent('input', { bubbles: true, data, inputType }));
    await tick();
  };
  if (replace && el.value) await key('', null, 'deleteContentBackward');
  for (const ch of value) await key(el.value + ch, ch, 'insertText');
  return el;
}

/** What the confirmation on the page on top says: title, text and its buttons in order. */
export interface ConfirmShown {
  title: string;
  content: string;
  buttons: string[];
}

/**
 * Waits for the page's confirmation (components/confirm: taro-ui's AtModal, drawn inside the page that asked) and
 * returns what it says. Looked for in the page on top only, as a person sees it.
 */
export async function confirmDialog(): Promise<ConfirmShown> {
  let shown: ConfirmShown = { title: '', content: '', buttons: [] };
  await waitFor(() => {
    const box = all('.sf-confirm.at-modal--active')[0];
    if (!box) throw new Error('no confirmation dialog on the page on top');
    const textOf = (el: Element | null) => (el?.textContent || '').trim();
    shown = {
      title: textOf(box.querySelector('.at-modal__header')),
      content: textOf(box.querySelector('.sf-confirm__content')),
      buttons: Array.from(box.querySelectorAll('.at-modal__action > *')).map(textOf),
    };
  });
  return shown;
}

/** Waits until the page on top shows no confirmation. */
export function confirmClosed(): Promise<void> {
  return waitFor(() => {
    if (all('.sf-confirm').length) throw new Error('the confirmation is still open');
  });
}

/** Answers the page's confirmation as a person does, 确定 (true) or 取消 (false), and waits until it has closed. */
export async function answerConfirm(yes: boolean): Promise<void> {
  await confirmDialog();
  tap(all(yes ? '.sf-confirm__ok' : '.sf-confirm__cancel')[0]);
  await confirmClosed();
}

/**
 * Watches the host's dialog (Taro.showModal) in each test of the file: on H5 a confirmation is the page's own, so
 * with `neverUsed` every test ends by checking that the host's was not opened; a mini-program test answers through
 * the spy.
 */
export function watchHostDialog({ neverUsed = false } = {}): { readonly modal: jest.SpyInstance } {
  let spy: jest.SpyInstance | null = null;
  beforeEach(() => {
    spy = jest.spyOn(require('@tarojs/taro').default, 'showModal');
  });
  afterEach(() => {
    try {
      if (neverUsed) expect(spy).not.toHaveBeenCalled();
    } finally {
      spy?.mockRestore();
    }
  });
  return {
    get modal(): jest.SpyInstance {
      if (!spy) throw new Error('the host dialog is watched only inside a test');
      return spy;
    },
  };
}
