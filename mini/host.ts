/**
 * The host's side of the API table (host-api.ts) that every mini-program check shares: the app's pages from
 * app.json, storage, the calls a page makes (recorded), the calls WeChat or Baidu would refuse (a navigation to a
 * page not in app.json, navigateTo a tab page, tab-bar calls off a tab page), and requests still on their way.
 * The faked runtime (runtime.ts) and the simulator (simulator/) each add how pages are loaded and shown.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serialise, type Host, type Options } from './host-api';

export type Target = 'weapp' | 'swan';

export interface AppJson {
  pages: string[];
  subPackages?: Array<{ root: string; pages: string[] }>;
  subpackages?: Array<{ root: string; pages: string[] }>;
  tabBar?: { list: Array<{ pagePath: string }> };
}

/** Every page route of app.json: the main package, then each sub-package's pages under its root. */
export function appRoutes(appJson: AppJson): string[] {
  const subs = appJson.subPackages ?? appJson.subpackages ?? [];
  return [...appJson.pages, ...subs.flatMap((s) => s.pages.map((p) => `${s.root.replace(/\/$/, '')}/${p}`))];
}

export function readAppJson(distDir: string): AppJson {
  return JSON.parse(readFileSync(join(distDir, 'app.json'), 'utf8')) as AppJson;
}

export interface ApiCall {
  api: string;
  /** The page on top of the stack when the call was made. */
  route: string;
  args: unknown;
}

export abstract class RecordingHost implements Host {
  readonly calls: ApiCall[] = [];
  /** Calls the real host refuses or payloads it rejects; each is a bug in the bundle. */
  readonly refusals: string[] = [];
  readonly appJson: AppJson;
  readonly storage = new Map<string, unknown>();
  protected readonly routes: Set<string>;
  private readonly tabRoutes: Set<string>;
  private inflight = 0;

  constructor(
    readonly target: Target,
    readonly distDir: string,
    /** Origin of the test server; every request's origin is rewritten to it. */
    readonly apiOrigin: string,
    storage: Record<string, unknown> = {},
  ) {
    this.appJson = readAppJson(distDir);
    this.routes = new Set(appRoutes(this.appJson));
    this.tabRoutes = new Set((this.appJson.tabBar?.list ?? []).map((t) => t.pagePath));
    for (const [k, v] of Object.entries(storage)) this.storage.set(k, serialise(v));
  }

  /** The route of the page on top of the stack ('' before the first page opens). */
  abstract get currentRoute(): string;

  /** Requests sent and not answered yet. */
  get pending(): number {
    return this.inflight;
  }

  protected refuse(why: string): void {
    this.refusals.push(why);
  }

  record(api: string, args: unknown): void {
    this.calls.push({ api, route: this.currentRoute, args });
  }

  /** Answers a callback-style API later, as the host does; a throw in a callback is an uncaught error. */
  answer(options: Options | undefined, ok: boolean, res: Record<string, unknown>): void {
    setTimeout(() => {
      if (ok) options?.success?.(res);
      else options?.fail?.(res);
      options?.complete?.(res);
    }, 0);
  }

  ok(api: string, options: Options | undefined, res: Record<string, unknown> = {}): void {
    this.record(api, options);
    this.answer(options, true, { errMsg: `${api}:ok`, ...res });
  }

  fail(api: string, options: Options | undefined, why: string): void {
    this.record(api, options);
    this.answer(options, false, { errMsg: `${api}:fail ${why}` });
  }

  /** A navigation the host accepts only for a registered page, and tab pages only through switchTab. */
  navigate(api: string, options: Options | undefined): void {
    const url = String(options?.url ?? '');
    const route = url.replace(/^\//, '').split('?')[0];
    const problem = !this.routes.has(route)
      ? `page "${route}" is not in app.json`
      : api === 'switchTab' && !this.tabRoutes.has(route)
        ? `can not switchTab to a non-tabBar page "${route}"`
        : (api === 'navigateTo' || api === 'redirectTo') && this.tabRoutes.has(route)
          ? `can not ${api} a tabbar page "${route}"`
          : api === 'switchTab' && url.includes('?')
            ? `switchTab url must not carry a query: "${url}"`
            : '';
    if (problem) {
      this.refuse(`${api} from ${this.currentRoute || '(launch)'}: ${problem}`);
      this.fail(api, options, problem);
    } else this.ok(api, options);
  }

  onTabPage(): boolean {
    return this.tabRoutes.has(this.currentRoute);
  }

  track(delta: 1 | -1): void {
    this.inflight += delta;
  }
}
