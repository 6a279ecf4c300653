/**
 * One launch of the built WeChat package in WeChat's official simulator (miniprogram-simulate): the simulator
 * compiles the package's templates with WeChat's own wcc, loads a page and the custom components its json uses,
 * and renders it with exparser into jsdom; the page's setData goes through exparser's data paths and template
 * diff, as in WeChat. Around it, what the simulator leaves to the host: `App` / `getApp` / `getCurrentPages`, a
 * `Page` that registers through `Component` (page-as-component.ts), and `wx`, the simulator's own mock API
 * table overlaid with ours (host-api.ts: real HTTP to the test server, storage, navigation checked against
 * app.json). The package's JavaScript is evaluated afresh on each launch. Launches run one at a time.
 */
import { realpathSync } from 'node:fs';
import { join, sep } from 'node:path';
import { RecordingHost } from '../host';
import { createHostApi } from '../host-api';
import { COMPILER_OPTIONS } from '../wechat-compiler';
import { installDom } from './dom';
import { pageAsComponent, type PageOptions } from './page-as-component';
import type { RenderedNode } from './rendered';

installDom();

/** The page instance as the page's own code sees it (`this` in onLoad). */
interface PageInstance {
  route: string;
  __route__: string;
  options: Record<string, string>;
  [name: string]: unknown;
}

interface SimulatedComponent {
  readonly instance: PageInstance;
  attach(parent: unknown): void;
  detach(): void;
  toJSON(): RenderedNode;
}

interface Simulate {
  load(path: string, options: { compiler: 'official'; rootPath: string; compilerOptions: object }): string;
  render(id: string): SimulatedComponent;
}

// Loaded after installDom(): it registers WeChat's built-in components and its `wx` as it loads.
const simulate = require('miniprogram-simulate') as Simulate;

type Lifecycle = (...args: unknown[]) => unknown;
const g = globalThis as Record<string, unknown>;

export interface SimulatedPage {
  route: string;
  component: SimulatedComponent;
}

export class SimulatedWeChat extends RecordingHost {
  private readonly stack: SimulatedPage[] = [];
  private app: Record<string, unknown> | null = null;
  private readonly installed = ['App', 'getApp', 'getCurrentPages', 'Page'];

  get currentRoute(): string {
    return this.stack[this.stack.length - 1]?.route ?? '';
  }

  /** Runs app.js on fresh modules, then the app's onLaunch and onShow (by default with app.json's first page). */
  launch(path = this.appJson.pages[0], query: Record<string, string> = {}): void {
    this.dropModules();
    const wx = g.wx as Record<string, unknown>;
    delete wx.webpackJsonp;
    Object.assign(wx, createHostApi(this));
    g.App = (config: Record<string, unknown>) => {
      this.app = config;
    };
    g.getApp = () => this.app;
    g.getCurrentPages = () => this.stack.map((p) => p.component.instance);
    g.Page = (options: PageOptions) => (g.Component as (o: object) => void)(pageAsComponent(options));
    require(join(this.distDir, 'app.js'));
    if (!this.app) throw new Error('app.js did not call App()');
    const options = { path, query: { ...query }, scene: 1001, referrerInfo: {} };
    this.call(this.app, 'onLaunch', options);
    this.call(this.app, 'onShow', options);
  }

  /** Opens a page as the host does after reLaunch: onLoad and onShow, the first render, then onReady. */
  open(route: string, query: Record<string, string> = {}): SimulatedPage {
    if (!this.routes.has(route)) throw new Error(`${route} is not a page of app.json`);
    while (this.stack.length) this.close(this.stack[this.stack.length - 1]);
    const id = simulate.load(join(this.distDir, route), {
      compiler: 'official',
      rootPath: this.distDir,
      compilerOptions: COMPILER_OPTIONS,
    });
    const component = simulate.render(id);
    Object.assign(component.instance, { route, __route__: route, options: { ...query } });
    const page = { route, component };
    this.stack.push(page);
    this.call(component.instance, 'onLoad', { ...query });
    this.call(component.instance, 'onShow');
    component.attach(document.createElement('page-wrapper'));
    this.call(component.instance, 'onReady');
    return page;
  }

  /** What the page shows now, as exparser rendered it. */
  rendered(page: SimulatedPage): RenderedNode {
    return page.component.toJSON();
  }

  close(page: SimulatedPage): void {
    const at = this.stack.indexOf(page);
    if (at < 0) return;
    this.stack.splice(at, 1);
    this.call(page.component.instance, 'onUnload');
    page.component.detach();
  }

  dispose(): void {
    while (this.stack.length) this.close(this.stack[this.stack.length - 1]);
    for (const name of this.installed) delete g[name];
  }

  private call(target: Record<string, unknown>, name: string, ...args: unknown[]): void {
    const fn = target[name];
    if (typeof fn === 'function') (fn as Lifecycle).apply(target, args);
  }

  /** The package's files leave Node's module cache, so this launch evaluates them as a fresh app would. */
  private dropModules(): void {
    const prefix = realpathSync(this.distDir) + sep;
    for (const key of Object.keys(require.cache)) if (key.startsWith(prefix)) delete require.cache[key];
  }
}
