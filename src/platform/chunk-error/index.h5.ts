/**
 * H5: a page chunk that fails or times out (webpack's chunkLoadTimeout, 120 s, config/index.ts) rejects the
 * router's page load; the customer is shown the error page's load error with 重试 for the page they wanted.
 * The error page itself is in the entry chunk (app.h5.tsx), so it shows offline too; it is never the page
 * sent there, or a failure on it would send it to itself again and again.
 */
import Taro from '@tarojs/taro';
import { isChunkLoadError } from '../../domain/chunk-error';
import { ROUTES, normalizePath, toUrl } from '../../domain/routes';

export function watchChunkErrors(): void {
  // A page's script and style chunks fail together: one trip to the error page for both.
  let leaving = false;
  window.addEventListener('unhandledrejection', (event) => {
    if (!isChunkLoadError(event.reason)) return;
    event.preventDefault();
    const path = window.location.hash.replace(/^#/, '') || '/';
    if (leaving || normalizePath(path) === ROUTES.error) return;
    leaving = true;
    void Taro.reLaunch({ url: toUrl(ROUTES.error, { reason: 'chunkLoad', path }) }).finally(() => (leaving = false));
  });
}
