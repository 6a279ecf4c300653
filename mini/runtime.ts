/**
 * A fake mini-program host for Taro's built weapp / swan bundles in plain Node: the globals App, Page,
 * Component, getApp, getCurrentPages and `wx` / `swan` (its API table is host-api.ts), a loader that evaluates the dist
 * files as the host does
 * (each file's `require` resolves inside the dist folder), and page instances whose setData applies Taro's
 * path keys (`root.cn.[0].v`) to `data`. Requests go over real HTTP to the test server (the bundle's baked-in
 * API origin is rewritten to it); storage is in memory; navigation, toasts, tab bar, share menu and the like are
 * recorded. Where WeChat or Baidu refuse a call (navigateTo a tab page, a page not in app.json, setData over
 * 1 MB, tab-bar calls on a non-tab page) the fake refuses it too and records why.
 *
 * One MiniProgram is one launch: fresh module cache, fresh storage, fresh globals. Launches run one at a time.
 */
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { runInThisContext } from 'node:vm';
import { createHostApi, serialise } from './host-api';
import { RecordingHost, type Target } from './host';
import { readComponentAliases, type ComponentAliases } from './render-text';

export { appRoutes, readAppJson, type ApiCall, type AppJson, type Target } from './host';

type Lifecycle = (this: PageInstance, ...args: unknown[]) => unknown;

export interface PageInstance {
  route: string;
  __route__: string;
  options: Record<string, string>;
  data: Record<string, unknown>;
  setData(data: Record<string, unknown>, cb?: () => void): void;
  [key: string]: unknown;
}

/** The mini-program's limit on one setData payload (WeChat documents 1 MB; Baidu's is no larger). */
const SET_DATA_LIMIT = 1024 * 1024;

/** Applies one Taro setData key such as `root.cn.[0].cn[2].v` to `data`. */
export function applyPath(data: Record<string, unknown>, path: string, value: unknown): void {
  const keys = [...path.matchAll(/\[(\d+)\]|([^.[\]]+)/g)].map((m) => (m[1] !== undefined ? Number(m[1]) : m[2]));
  let node: Record<string | number, unknown> = data;
  for (let i = 0; i < keys.length - 1; i++) {
    const k = keys[i];
    const next = node[k];
    if (!next || typeof next !== 'object') node[k] = typeof keys[i + 1] === 'number' ? [] : {};
    node = node[k] as Record<string | number, unknown>;
  }
  node[keys[keys.length - 1]] = value;
}

export class MiniProgram extends RecordingHost {
  /** How the built templates name each element's attributes (see render-text.ts). */
  readonly aliases: ComponentAliases;
  private readonly modules = new Map<string, { exports: unknown }>();
  private readonly pageConfigs = new Map<string, Record<string, unknown>>();
  private readonly stack: PageInstance[] = [];
  private app: Record<string, unknown> | null = null;
  private loadingRoute = '';
  private installed: string[] = [];

  constructor(target: Target, distDir: string, apiOrigin: string, storage: Record<string, unknown> = {}) {
    super(target, distDir, apiOrigin, storage);
    this.aliases = readComponentAliases(
      readFileSync(join(distDir, target === 'weapp' ? 'base.wxml' : 'base.swan'), 'utf8'),
    );
  }

  get currentRoute(): string {
    return this.stack[this.stack.length - 1]?.route ?? '';
  }

  /**
   * Installs the globals and runs app.js, then the app's onLaunch and onShow (by default with app.json's first page).
   */
  launch(path = this.appJson.pages[0], query: Record<string, string> = {}): void {
    const g = globalThis as Record<string, unknown>;
    const host = createHostApi(this);
    const globals: Record<string, unknown> = {
      [this.target === 'weapp' ? 'wx' : 'swan']: host,
      App: (config: Record<string, unknown>) => {
        this.app = config;
      },
      Page: (config: Record<string, unknown>) => {
        if (!this.loadingRoute) throw new Error('Page() called outside a page file');
        this.pageConfigs.set(this.loadingRoute, config);
      },
      Component: (config: Record<string, unknown>) => config,
      Behavior: (config: Record<string, unknown>) => config,
      getApp: () => this.app,
      getCurrentPages: () => [...this.stack],
    };
    for (const [k, v] of Object.entries(globals)) {
      if (k in g) throw new Error(`global ${k} already exists: is another MiniProgram still launched?`);
      g[k] = v;
      this.installed.push(k);
    }
    this.require(join(this.distDir, 'app.js'));
    if (!this.app) throw new Error('app.js did not call App()');
    const launchOptions = { path, query: { ...query }, scene: 1001, referrerInfo: {} };
    this.callHook(this.app, 'onLaunch', launchOptions);
    this.callHook(this.app, 'onShow', launchOptions);
  }

  /**
   * Opens a page as the host does after reLaunch: loads its file (and the custom components its json uses),
   * builds the instance and runs onLoad (swan: onInit, then onLoad), onShow and onReady.
   */
  open(route: string, query: Record<string, string> = {}): PageInstance {
    if (!this.routes.has(route)) throw new Error(`${route} is not a page of app.json`);
    const config = this.loadPage(route);
    const page: PageInstance = {
      ...config,
      route,
      __route__: route,
      options: { ...query },
      data: serialise((config.data as Record<string, unknown>) ?? {}),
      setData: (data, cb) => this.setData(page, data, cb),
    };
    while (this.stack.length) this.close(this.stack[this.stack.length - 1]);
    this.stack.push(page);
    if (this.target === 'swan') this.callHook(page, 'onInit', { ...query });
    this.callHook(page, 'onLoad', { ...query });
    this.callHook(page, 'onShow');
    this.callHook(page, 'onReady');
    return page;
  }

  /**
   * What the host does when the visitor taps 转发 (pages with enableShareAppMessage): asks the page for its share
   * message; the receiver later opens its `path`, which must be a page of app.json.
   */
  share(page: PageInstance): unknown {
    const handler = page.onShareAppMessage;
    if (typeof handler !== 'function') return null;
    const message = (handler as Lifecycle).call(page, { from: 'menu' }) as { path?: unknown } | undefined;
    if (message && typeof message.path === 'string') {
      const route = message.path.replace(/^\//, '').split('?')[0];
      if (!this.routes.has(route))
        this.refuse(`share from ${page.route}: path "${message.path}" is not a page of app.json`);
    }
    return message ?? null;
  }

  /** Leaves the page as reLaunch / redirectTo would: onUnload, and it is off the stack. */
  close(page: PageInstance): void {
    const at = this.stack.indexOf(page);
    if (at < 0) return;
    this.stack.splice(at, 1);
    this.callHook(page, 'onUnload');
  }

  /** Closes open pages and removes the globals; modules of this launch are dropped with it. */
  dispose(): void {
    while (this.stack.length) this.close(this.stack[this.stack.length - 1]);
    const g = globalThis as Record<string, unknown>;
    for (const k of this.installed) delete g[k];
    this.installed = [];
  }

  private callHook(target: Record<string, unknown>, name: string, ...args: unknown[]): void {
    const fn = target[name];
    if (typeof fn === 'function') (fn as Lifecycle).apply(target as PageInstance, args);
  }

  private loadPage(route: string): Record<string, unknown> {
    const known = this.pageConfigs.get(route);
    if (known) return known;
    const json = join(this.distDir, `${route}.json`);
    if (existsSync(json)) {
      const using =
        (JSON.parse(readFileSync(json, 'utf8')) as { usingComponents?: Record<string, string> }).usingComponents ?? {};
      for (const path of Object.values(using)) {
        if (path.startsWith('plugin://') || path.startsWith('dynamicLib://')) continue;
        const file = path.startsWith('/') ? join(this.distDir, path) : resolve(dirname(json), path);
        this.require(`${file}.js`);
      }
    }
    this.loadingRoute = route;
    try {
      this.require(join(this.distDir, `${route}.js`));
    } finally {
      this.loadingRoute = '';
    }
    const config = this.pageConfigs.get(route);
    if (!config) throw new Error(`${route}.js did not call Page()`);
    return config;
  }

  /** CommonJS as the host provides it: files of the package only, evaluated once per launch. */
  private require(file: string): unknown {
    const path = file.endsWith('.js') ? file : `${file}.js`;
    const cached = this.modules.get(path);
    if (cached) return cached.exports;
    if (relative(this.distDir, path).startsWith('..')) throw new Error(`${path} is outside the package`);
    const module = { exports: {} as unknown };
    this.modules.set(path, module);
    const code = readFileSync(path, 'utf8');
    const fn = runInThisContext(`(function (require, module, exports) {${code}\n})`, { filename: path }) as (
      req: (spec: string) => unknown,
      mod: typeof module,
      exp: unknown,
    ) => void;
    const req = (spec: string): unknown => {
      if (!spec.startsWith('.') && !spec.startsWith('/'))
        throw new Error(`${path} requires "${spec}": a mini-program package has no node_modules`);
      return this.require(spec.startsWith('/') ? join(this.distDir, spec) : resolve(dirname(path), spec));
    };
    fn.call(module.exports, req, module, module.exports);
    return module.exports;
  }

  private setData(page: PageInstance, data: Record<string, unknown>, cb?: () => void): void {
    const size = Buffer.byteLength(JSON.stringify(data));
    if (size > SET_DATA_LIMIT)
      this.refuse(`setData of ${Math.round(size / 1024)} KB on ${page.route} exceeds the 1 MB limit`);
    for (const [path, value] of Object.entries(data))
      if (value !== undefined) applyPath(page.data, path, serialise(value));
    if (cb) setTimeout(cb, 0);
  }
}
