/**
 * One paged list (order list, more-activity list, search results): first page on reset, the next page as the
 * list scrolls, done when the server has nothing more. A reset while a page is on its way wins over that page.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { Paged } from '@contract/common';
import { errorMessage } from '../api/error-message';

export type FetchPage<T> = (page: number, perSize: number) => Promise<Paged<T>>;

export class PagedList<T> {
  list: T[] = [];
  page = 0;
  total = 0;
  loading = false;
  /** A first page arrived (so an empty list means "no data", not "not asked yet"). */
  loaded = false;
  error = '';
  done = false;
  private generation = 0;

  constructor(
    private fetchPage: FetchPage<T>,
    readonly perSize = 10,
  ) {
    makeAutoObservable<PagedList<T>, 'fetchPage' | 'generation'>(this, { fetchPage: false, generation: false });
  }

  /** A new source (another tab, another keyword): the list starts over. */
  setSource(fetchPage: FetchPage<T>): void {
    this.fetchPage = fetchPage;
    this.clear();
  }

  clear(): void {
    this.generation += 1;
    this.list = [];
    this.page = 0;
    this.total = 0;
    this.loading = false;
    this.loaded = false;
    this.error = '';
    this.done = false;
  }

  async load(reset: boolean): Promise<void> {
    if (!reset && (this.loading || this.done)) return;
    if (reset) this.generation += 1;
    const generation = this.generation;
    const page = reset ? 1 : this.page + 1;
    this.loading = true;
    this.error = '';
    try {
      const res = await this.fetchPage(page, this.perSize);
      runInAction(() => {
        if (generation !== this.generation) return;
        this.list = reset ? res.list : [...this.list, ...res.list];
        this.page = page;
        this.total = res.total;
        this.done = this.list.length >= res.total || res.list.length < this.perSize;
        this.loaded = true;
      });
    } catch (err) {
      runInAction(() => {
        if (generation === this.generation) this.error = errorMessage(err, String(err));
      });
    } finally {
      runInAction(() => {
        if (generation === this.generation) this.loading = false;
      });
    }
  }
}
