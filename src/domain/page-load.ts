/**
 * §9 async page loading: a page whose code is still loading shows the loading view once 200 ms have passed (a
 * quicker page never flashes it), and a page not loaded within 60 s is a load error, which the error page offers to
 * retry (§8). webpack's own limit on one script, 120 s (CHUNK_LOAD_TIMEOUT_MS), stays as the outer bound.
 */
export const PAGE_LOAD_DELAY_MS = 200;
export const PAGE_LOAD_TIMEOUT_MS = 60000;

export interface LoadingView {
  show(): void;
  hide(): void;
}

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The error a load past the timeout rejects with: what webpack names a failed chunk, so one handler sees both. */
export function pageLoadTimeoutError(chunk: string | number): Error {
  const error = new Error(`Loading chunk ${chunk} failed.\n(page load timeout: ${PAGE_LOAD_TIMEOUT_MS} ms)`);
  error.name = 'ChunkLoadError';
  return error;
}

export interface PageLoadTracker {
  /** Follows one load: the view shows while any load has been pending 200 ms; past 60 s the load rejects. */
  track<T>(chunk: string | number, load: Promise<T>): Promise<T>;
  /** Loads pending now. */
  readonly pending: number;
}

/** `showing()` says whether the view may show at all (not before the first page, whose screen the server drew). */
export function createPageLoadTracker(
  view: LoadingView,
  showing: () => boolean = () => true,
  timers: Timers = realTimers,
): PageLoadTracker {
  let pending = 0;
  let delay: unknown = null;
  let shown = false;

  const settle = () => {
    pending -= 1;
    if (pending > 0) return;
    if (delay !== null) timers.clear(delay);
    delay = null;
    if (shown) view.hide();
    shown = false;
  };

  return {
    get pending() {
      return pending;
    },
    track<T>(chunk: string | number, load: Promise<T>): Promise<T> {
      pending += 1;
      if (pending === 1 && !shown) {
        delay = timers.set(() => {
          delay = null;
          if (pending > 0 && showing()) {
            shown = true;
            view.show();
          }
        }, PAGE_LOAD_DELAY_MS);
      }
      return new Promise<T>((resolve, reject) => {
        let done = false;
        const timeout = timers.set(() => {
          if (done) return;
          done = true;
          settle();
          reject(pageLoadTimeoutError(chunk));
        }, PAGE_LOAD_TIMEOUT_MS);
        load.then(
          (value) => {
            if (done) return;
            done = true;
            timers.clear(timeout);
            settle();
            resolve(value);
          },
          (error: unknown) => {
            if (done) return;
            done = true;
            timers.clear(timeout);
            settle();
            reject(error);
          },
        );
      });
    },
  };
}
