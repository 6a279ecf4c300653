/**
 * What the entrance asks for before the page that shows it has loaded, so the call runs while the page
 * switch and the page's chunk load, instead of after them:
 * - the first home tab's page, as soon as the menu names it: the banner (the LCP image) waits one round trip less;
 * - the item of a shared link (activity or course detail, the entrance's redirect), as soon as the visitor has a
 *   session: the item's name and summary (the detail's LCP) wait one round trip less.
 * The page takes it once and otherwise calls for itself; an entry is only handed out for the same key and session
 * token and while it is fresh, so no stale page and no page of another session is ever shown (a pull-down refresh
 * always calls again).
 */
import type { ActivityDetail } from '@contract/activity';
import type { EntranceInfo } from '@contract/entrance';
import type { PageInfo, TabEntry } from '@contract/pages';
import type { Api } from '../api';
import type { SpecAttr } from '../api/activity';
import { ROUTES, normalizePath, parseQuery } from '../domain/routes';
import type { SessionStore } from './session';

/** Long enough for a switch to the home tab on a slow phone; a later visit calls again. */
export const PREFETCH_TTL_MS = 15_000;

/** An item as its detail page shows it first: the item, and its attributes (null when that call failed: extra). */
export interface ItemWithAttrs {
  detail: ActivityDetail;
  attrs: SpecAttr[] | null;
}

/** The detail page's first two calls, asked for side by side (their blocks are drawn together). */
export function loadItemWithAttrs(api: Api, actSn: string): Promise<ItemWithAttrs> {
  return Promise.all([
    api.activity.details(actSn),
    api.activity.specAttrs(actSn).then(
      (value) => value.attrs,
      () => null,
    ),
  ]).then(([detail, attrs]) => ({ detail, attrs }));
}

interface Entry {
  key: string;
  token: string;
  at: number;
  value: Promise<unknown>;
}

export class PagePrefetch {
  private entry: Entry | null = null;

  constructor(
    private readonly api: Api,
    private readonly token: () => string,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Starts the page's call; a failure is kept as null, so the taker falls back to its own call (and its error). */
  prefetch(pageSn: string): void {
    if (pageSn) this.hold(`page:${pageSn}`, () => this.api.pages.moduleInfo(pageSn));
  }

  /** The prefetched page for pageSn in this session, once; null when there is none (the caller calls itself). */
  take(pageSn: string): Promise<PageInfo | null> | null {
    return this.takeKey(`page:${pageSn}`) as Promise<PageInfo | null> | null;
  }

  /** Starts the item's first calls (loadItemWithAttrs), as prefetch does a page's. */
  prefetchItem(actSn: string): void {
    if (actSn) this.hold(`item:${actSn}`, () => loadItemWithAttrs(this.api, actSn));
  }

  /** The prefetched item in this session, once, as take hands out a page. */
  takeItem(actSn: string): Promise<ItemWithAttrs | null> | null {
    return this.takeKey(`item:${actSn}`) as Promise<ItemWithAttrs | null> | null;
  }

  /** The entrance's redirect (a shared link): its item when it is an activity or course detail, else nothing. */
  prefetchTarget(url: string): void {
    const route = normalizePath(url);
    if (route !== ROUTES.activityDetail && route !== ROUTES.courseDetail) return;
    if (url.includes('?')) this.prefetchItem(parseQuery(url).actSn ?? '');
  }

  private hold(key: string, call: () => Promise<unknown>): void {
    const token = this.token();
    if (!token) return;
    // Asked for again while the same call is on its way (an entrance page after the app's early start): kept.
    if (this.holds(key, token)) return;
    this.entry = { key, token, at: this.clock(), value: call().catch(() => null) };
  }

  private takeKey(key: string): Promise<unknown> | null {
    const value = this.holds(key, this.token()) ? this.entry!.value : null;
    this.entry = null;
    return value;
  }

  /** Whether the entry is for `key`, asked for with `token`, and still fresh. */
  private holds(key: string, token: string): boolean {
    const e = this.entry;
    return !!e && e.key === key && e.token === token && this.clock() - e.at <= PREFETCH_TTL_MS;
  }
}

/**
 * The entrance's first calls (§4 login steps 1 and 2): the entrance, then the §6 prompts and, where no platform
 * login can replace the session (a plain browser), the menu beside them. One shape whether the entrance page
 * starts them or the app did at start (EntranceStart), so the page awaits them the same way.
 */
export interface EntranceCalls {
  projectSn: string;
  entered: Promise<EntranceInfo>;
  /** Settles once the §6 call has; its failure never blocks entering (the prompts keep their defaults). */
  auth: Promise<void>;
  /** The menu when asked for beside the §6 call; null where a platform login comes first (it may replace the token). */
  menu: Promise<TabEntry[]> | null;
}

type EnteringSession = Pick<SessionStore, 'enter' | 'loadAuth' | 'loadMenu'>;

/**
 * `shared`: where the entrance leads afterwards (its redirect, a shared link) and the prefetch to ask for that
 * page's item with, beside the §6 call and the menu. Not where a platform login follows (silentLogin): it may
 * replace the session, and the item would be fetched for the replaced one (taking checks the token).
 */
export function startEntranceCalls(
  session: EnteringSession,
  projectSn: string,
  silentLogin: boolean,
  shared?: { redirect: string; prefetch: Pick<PagePrefetch, 'prefetchTarget'> },
): EntranceCalls {
  const entered = session.enter(projectSn);
  const auth = entered
    .then(() => session.loadAuth())
    .then(
      () => undefined,
      () => undefined,
    );
  const menu = silentLogin ? null : entered.then(() => session.loadMenu());
  if (shared?.redirect && !silentLogin)
    entered.then(
      () => shared.prefetch.prefetchTarget(shared.redirect),
      () => undefined,
    );
  // Rejections are awaited (and shown) by the entrance page; these only keep them from being reported as
  // unhandled while nobody awaits yet.
  entered.catch(() => undefined);
  menu?.catch(() => undefined);
  return { projectSn, entered, auth, menu };
}

/** As long as the entrance page may take to load on a slow phone; a later entrance page calls for itself. */
export const ENTRANCE_START_TTL_MS = 30_000;

/**
 * The entrance calls started as the app starts on the entrance page (H5; app-root.tsx also starts there
 * a page opened without a session), before the page's chunk has loaded and rendered: the home banner (the LCP
 * image) and a shared item's detail wait on them. The entrance page takes them once, for the
 * same project; for any other project it first lets them settle (they write the session) and calls for itself.
 */
export class EntranceStart {
  private started: { calls: EntranceCalls; at: number } | null = null;

  constructor(private readonly clock: () => number = Date.now) {}

  start(calls: EntranceCalls): void {
    this.started = { calls, at: this.clock() };
  }

  async take(projectSn: string): Promise<EntranceCalls | null> {
    const s = this.started;
    this.started = null;
    if (!s) return null;
    if (s.calls.projectSn === projectSn && this.clock() - s.at <= ENTRANCE_START_TTL_MS) return s.calls;
    await Promise.allSettled([s.calls.entered, s.calls.auth, s.calls.menu]);
    return null;
  }
}

/** The running app's one (app.tsx starts it, the entrance page takes it). */
export const entranceStart = new EntranceStart();
