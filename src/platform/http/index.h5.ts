/**
 * H5 transport for the request wrapper (src/api/request.ts): the browser's own fetch, with an AbortController
 * for the timeout. Taro.request's H5 build brings whatwg-fetch, an AbortController polyfill and a JSONP client
 * (about 47 KB before minification) into the first screen for browsers that have not needed them for years;
 * the browsers we serve (WeChat's built-in browser, current mobile browsers) all have fetch and AbortController
 *. The mini-programs keep Taro.request (mini.ts).
 *
 * It sends and answers as Taro.request did on H5: the headers as given, the data as a JSON body on every method
 * but GET (the wrapper puts a GET's parameters in the URL and sends DELETE an empty object, as before); any HTTP
 * status resolves with the parsed JSON, or null when the body is empty, not JSON or the status is 204. It
 * rejects only when no response arrived, with an errMsg the wrapper maps (§8): "request:fail timeout" when the
 * timeout (§9, 60 s) fired, which covers reading the body too, "request:fail <reason>" when the network failed.
 * (Taro's H5 request reported its timeout as a plain abort, which the wrapper took for an empty response.)
 */
import type { Transport } from '../../api/request';

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export interface FetchTransportDeps {
  /** The global fetch, read when a request is made (tests pass a fake). */
  fetch(): Fetch;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browser: FetchTransportDeps = {
  fetch: () => fetch,
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createFetchTransport(deps: FetchTransportDeps = browser): Transport {
  return async (req) => {
    const controller = new AbortController();
    let timedOut = false;
    const timer = deps.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, req.timeout);
    try {
      const res = await deps.fetch()(req.url, {
        method: req.method,
        headers: req.header,
        body: req.method === 'GET' ? undefined : JSON.stringify(req.data),
        signal: controller.signal,
      });
      const text = res.status === 204 ? '' : await res.text();
      let data: unknown = null;
      try {
        data = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON (a proxy's error page): no envelope, which the wrapper reports as an empty response.
      }
      return { statusCode: res.status, data };
    } catch (err) {
      throw { errMsg: timedOut ? 'request:fail timeout' : `request:fail ${(err as Error)?.message || ''}`.trim() };
    } finally {
      deps.clearTimeout(timer);
    }
  };
}

export const transport: Transport = createFetchTransport();
