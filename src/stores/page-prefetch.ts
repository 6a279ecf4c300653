/**
 * The first home tab's page, asked for by the entrance as soon as the menu names it (issue 17): the call then
 * runs while the switch to the home tab and its chunk load, instead of after them, so the banner (the LCP
 * image) waits for one round trip less. The home tab takes it once and otherwise calls for itself; an entry is
 * only handed out for the same session token and while it is fresh, so no stale page and no page of another
 * session is ever shown (a pull-down refresh always calls again).
 */
import type { EntranceInfo } from '@contract/entrance';
import type { PageInfo, TabEntry } from '@contract/pages';
import type { Api } from '../api';
import type { SessionStore } from './session';

/** Long enough for a switch to the home tab on a slow phone; a later visit calls again. */
export const PREFETCH_TTL_MS = 15_000;

interface Entry {
  pageSn: string;
  token: string;
  at: number;
  page: Promise<PageInfo | null>;
}

export class PagePrefetch {
  private entry: Entry | null = null;

  constructor(
    private readonly api: Api,
    private readonly token: () => string,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Starts the call; a failure is kept as null, so the taker falls back to its own call (and its error). */
  prefetch(pageSn: string): void {
    const token = this.token();
    if (!pageSn || !token) return;
    const page = this.api.pages.moduleInfo(pageSn).catch(() => null);
    this.entry = { pageSn, token, at: this.clock(), page };
  }

  /** The prefetched page for pageSn in this session, once; null when there is none (the caller calls itself). */
  take(pageSn: string): Promise<PageInfo | null> | null {
    const e = this.entry;
    this.entry = null;
    if (!e || e.pageSn !== pageSn || e.token !== this.token() || this.clock() - e.at > PREFETCH_TTL_MS) return null;
    return e.page;
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

export function startEntranceCalls(session: EnteringSession, projectSn: string, silentLogin: boolean): EntranceCalls {
  const entered = session.enter(projectSn);
  const auth = entered.then(() => session.loadAuth()).then(
    () => undefined,
    () => undefined,
  );
  const menu = silentLogin ? null : entered.then(() => session.loadMenu());
  // Rejections are awaited (and shown) by the entrance page; these only keep them from being reported as
  // unhandled while nobody awaits yet.
  entered.catch(() => undefined);
  menu?.catch(() => undefined);
  return { projectSn, entered, auth, menu };
}

/** As long as the entrance page may take to load on a slow phone; a later entrance page calls for itself. */
export const ENTRANCE_START_TTL_MS = 30_000;

/**
 * The entrance calls started as the app starts on the entrance page (H5, issue 17), before the page's chunk has
 * loaded and rendered: the home banner (the LCP image) waits on them. The entrance page takes them once, for the
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
