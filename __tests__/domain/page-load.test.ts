/** §9 async page loading: the loading view after 200 ms, a load error after 60 s (the chunk limit stays 120 s). */
import { CHUNK_LOAD_TIMEOUT_MS, isChunkLoadError } from '../../src/domain/chunk-error';
import {
  PAGE_LOAD_DELAY_MS,
  PAGE_LOAD_TIMEOUT_MS,
  createPageLoadTracker,
  pageLoadTimeoutError,
} from '../../src/domain/page-load';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function setup(showing = () => true) {
  const view = { show: jest.fn(), hide: jest.fn() };
  return { view, tracker: createPageLoadTracker(view, showing) };
}

function deferred<T = void>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** Lets the promise callbacks run (fake timers do not run microtasks). */
const flush = () => Promise.resolve().then(() => undefined);

test("§9's figures: 200 ms delay, 60 s page load timeout, inside the chunk's 120 s", () => {
  expect(PAGE_LOAD_DELAY_MS).toBe(200);
  expect(PAGE_LOAD_TIMEOUT_MS).toBe(60000);
  expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
  expect(PAGE_LOAD_TIMEOUT_MS).toBeLessThan(CHUNK_LOAD_TIMEOUT_MS);
});

test('a page loaded within 200 ms never shows the loading view', async () => {
  const { view, tracker } = setup();
  const load = deferred<string>();
  const page = tracker.track(7, load.promise);
  jest.advanceTimersByTime(PAGE_LOAD_DELAY_MS - 1);
  load.resolve('page');
  await expect(page).resolves.toBe('page');
  jest.advanceTimersByTime(PAGE_LOAD_TIMEOUT_MS);
  expect(view.show).not.toHaveBeenCalled();
  expect(view.hide).not.toHaveBeenCalled();
  expect(tracker.pending).toBe(0);
});

test('a slower page shows the view at 200 ms, once, and hides it when it has loaded', async () => {
  const { view, tracker } = setup();
  const load = deferred();
  const page = tracker.track('subpackages-user-feedback', load.promise);
  jest.advanceTimersByTime(PAGE_LOAD_DELAY_MS - 1);
  expect(view.show).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  expect(view.show).toHaveBeenCalledTimes(1);
  jest.advanceTimersByTime(10000);
  expect(view.show).toHaveBeenCalledTimes(1);
  load.resolve();
  await page;
  expect(view.hide).toHaveBeenCalledTimes(1);
});

test('a page of several chunks: the view stays until the last one has loaded', async () => {
  const { view, tracker } = setup();
  const script = deferred();
  const style = deferred();
  const a = tracker.track(1, script.promise);
  jest.advanceTimersByTime(100);
  const b = tracker.track(2, style.promise);
  jest.advanceTimersByTime(100);
  expect(view.show).toHaveBeenCalledTimes(1);
  script.resolve();
  await a;
  expect(view.hide).not.toHaveBeenCalled();
  style.resolve();
  await b;
  expect(view.hide).toHaveBeenCalledTimes(1);
});

test('a failed load hides the view and passes the failure on, as it came', async () => {
  const { view, tracker } = setup();
  const load = deferred();
  const page = tracker.track(3, load.promise);
  jest.advanceTimersByTime(PAGE_LOAD_DELAY_MS);
  const failure = Object.assign(new Error('Loading chunk 3 failed.'), { name: 'ChunkLoadError' });
  load.reject(failure);
  await expect(page).rejects.toBe(failure);
  expect(view.hide).toHaveBeenCalledTimes(1);
});

test('past 60 s the load is a load error the error page handles; a late arrival changes nothing', async () => {
  const { view, tracker } = setup();
  const load = deferred();
  const page = tracker.track(12, load.promise);
  const outcome = page.then(
    () => 'loaded',
    (e: unknown) => e,
  );
  jest.advanceTimersByTime(PAGE_LOAD_TIMEOUT_MS - 1);
  await flush();
  expect(tracker.pending).toBe(1);
  jest.advanceTimersByTime(1);
  const error = await outcome;
  expect(isChunkLoadError(error)).toBe(true);
  expect((error as Error).message).toMatch(/^Loading chunk 12 failed\.\n\(page load timeout: 60000 ms\)$/);
  expect(view.hide).toHaveBeenCalledTimes(1);
  expect(tracker.pending).toBe(0);
  load.resolve();
  await flush();
  expect(view.hide).toHaveBeenCalledTimes(1);
  expect(tracker.pending).toBe(0);
});

test('a page loaded just before 60 s is a page, not an error', async () => {
  const { tracker } = setup();
  const load = deferred<string>();
  const page = tracker.track(4, load.promise);
  jest.advanceTimersByTime(PAGE_LOAD_TIMEOUT_MS - 1);
  load.resolve('page');
  await expect(page).resolves.toBe('page');
  jest.advanceTimersByTime(1);
});

test('not over the first page (the server drew it): the view waits until it may show', async () => {
  let mayShow = false;
  const { view, tracker } = setup(() => mayShow);
  const first = deferred();
  const p1 = tracker.track(1, first.promise);
  jest.advanceTimersByTime(PAGE_LOAD_TIMEOUT_MS / 2);
  expect(view.show).not.toHaveBeenCalled();
  first.resolve();
  await p1;
  expect(view.hide).not.toHaveBeenCalled();
  mayShow = true;
  const next = deferred();
  const p2 = tracker.track(2, next.promise);
  jest.advanceTimersByTime(PAGE_LOAD_DELAY_MS);
  expect(view.show).toHaveBeenCalledTimes(1);
  next.resolve();
  await p2;
  expect(view.hide).toHaveBeenCalledTimes(1);
});

test('the timeout error names its chunk as webpack does', () => {
  expect(pageLoadTimeoutError('subpackages-order-x').name).toBe('ChunkLoadError');
  expect(isChunkLoadError(pageLoadTimeoutError('subpackages-order-x'))).toBe(true);
});
