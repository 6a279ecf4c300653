/**
 * The first home tab's page, asked for by the entrance as soon as the menu names it (issue 17): the call then
 * runs while the switch to the home tab and its chunk load, instead of after them, so the banner (the LCP
 * image) waits for one round trip less. The home tab takes it once and otherwise calls for itself; an entry is
 * only handed out for the same session token and while it is fresh, so no stale page and no page of another
 * session is ever shown (a pull-down refresh always calls again).
 */
import type { PageInfo } from '@contract/pages';
import type { Api } from '../api';

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
