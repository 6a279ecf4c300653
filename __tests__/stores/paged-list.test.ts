import type { Paged } from '../../contract/common';
import { ApiError } from '../../src/api/request';
import { PagedList } from '../../src/stores/paged-list';

const pageOf = (page: number, perSize: number, total: number): Paged<number> => ({
  list: Array.from(
    { length: Math.max(0, Math.min(perSize, total - (page - 1) * perSize)) },
    (_, i) => (page - 1) * perSize + i,
  ),
  total,
  page,
  perSize,
});

describe('paged list', () => {
  test('first page, next pages, then done', async () => {
    const fetch = jest.fn(async (page: number, perSize: number) => pageOf(page, perSize, 25));
    const l = new PagedList(fetch, 10);
    await l.load(true);
    await l.load(false);
    await l.load(false);
    expect(l.list).toHaveLength(25);
    expect(l.done).toBe(true);
    await l.load(false);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  test('a reset while a page is on its way wins', async () => {
    let release: (v: Paged<number>) => void = () => undefined;
    const slow = () => new Promise<Paged<number>>((r) => (release = r));
    const l = new PagedList<number>(slow, 10);
    const first = l.load(true);
    const pending = release;
    l.setSource(async (page, perSize) => pageOf(page, perSize, 3));
    await l.load(true);
    pending(pageOf(1, 10, 100));
    await first;
    expect(l.list).toEqual([0, 1, 2]);
    expect(l.loading).toBe(false);
  });

  test('a failure keeps the message and what was loaded', async () => {
    const fetch = jest.fn(async (page: number, perSize: number) => {
      if (page === 2) throw new ApiError('请求失败，稍后再试哦~', 'empty');
      return pageOf(page, perSize, 30);
    });
    const l = new PagedList(fetch, 10);
    await l.load(true);
    await l.load(false);
    expect(l.list).toHaveLength(10);
    expect(l.error).toBe('请求失败，稍后再试哦~');
    expect(l.loaded).toBe(true);
  });
});
