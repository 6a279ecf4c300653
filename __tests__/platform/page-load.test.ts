/** §9 on H5: webpack's chunk loading is followed; the loading view is a status element over the screen. */
import Taro from '@tarojs/taro';
import { isChunkLoadError } from '../../src/domain/chunk-error';
import { PAGE_LOAD_DELAY_MS, PAGE_LOAD_TIMEOUT_MS } from '../../src/domain/page-load';
import { watchPageLoads } from '../../src/platform/page-load';

type Ensure = (chunkId: string | number) => Promise<unknown>;
const g = globalThis as unknown as { __webpack_require__?: { e: Ensure } };

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  delete g.__webpack_require__;
});

const view = () => document.querySelector('.sf-page-loading');

test('without webpack (tests, other tools) it does nothing', () => {
  expect(() => watchPageLoads()).not.toThrow();
});

test('after the first page, a chunk pending 200 ms shows 加载中... until it loads; past 60 s it is a load error', async () => {
  const pending: { resolve: () => void }[] = [];
  const ensure = jest.fn<Promise<unknown>, [string | number]>(
    () => new Promise<void>((resolve) => pending.push({ resolve })),
  );
  g.__webpack_require__ = { e: ensure };
  watchPageLoads();
  expect(g.__webpack_require__.e).not.toBe(ensure);

  // The first page (drawn by the server) loads without the view.
  const first = g.__webpack_require__.e('pages-index');
  jest.advanceTimersByTime(PAGE_LOAD_DELAY_MS);
  expect(view()).toBeNull();
  pending[0].resolve();
  await first;
  Taro.eventCenter.trigger('__afterTaroRouterChange', { toLocation: { path: '/pages/index/index' } });

  const next = g.__webpack_require__.e(42);
  expect(ensure).toHaveBeenLastCalledWith(42);
  jest.advanceTimersByTime(PAGE_LOAD_DELAY_MS - 1);
  expect(view()).toBeNull();
  jest.advanceTimersByTime(1);
  expect(view()?.getAttribute('role')).toBe('status');
  expect(view()?.textContent).toBe('加载中...');
  pending[1].resolve();
  await next;
  expect(view()).toBeNull();

  const stuck = g.__webpack_require__.e(43).catch((e: unknown) => e);
  jest.advanceTimersByTime(PAGE_LOAD_DELAY_MS);
  expect(view()).not.toBeNull();
  jest.advanceTimersByTime(PAGE_LOAD_TIMEOUT_MS - PAGE_LOAD_DELAY_MS);
  expect(isChunkLoadError(await stuck)).toBe(true);
  expect(view()).toBeNull();
});

test('not while the server-drawn first screen stands; once it is gone or off, the view shows', async () => {
  const pending: (() => void)[] = [];
  g.__webpack_require__ = { e: () => new Promise<void>((resolve) => pending.push(resolve)) };
  watchPageLoads();
  Taro.eventCenter.trigger('__afterTaroRouterChange', { toLocation: { path: '/pages/entrance/entrance' } });
  const drawn = document.createElement('div');
  drawn.id = 'sf-first';
  document.body.appendChild(drawn);
  const home = g.__webpack_require__.e('pages-index');
  jest.advanceTimersByTime(PAGE_LOAD_DELAY_MS);
  expect(view()).toBeNull();
  pending[0]();
  await home;
  document.documentElement.setAttribute('data-sf-first', 'off');
  const next = g.__webpack_require__.e('pages-center');
  jest.advanceTimersByTime(PAGE_LOAD_DELAY_MS);
  expect(view()).not.toBeNull();
  pending[1]();
  await next;
  expect(view()).toBeNull();
  drawn.remove();
  document.documentElement.removeAttribute('data-sf-first');
});
