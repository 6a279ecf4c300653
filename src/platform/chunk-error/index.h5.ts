/**
 * H5: a page chunk that fails or times out (webpack's chunkLoadTimeout, 120 s, config/index.ts) rejects the
 * router's page load; the customer is shown the error page's load error with 重新加载 for the page they wanted.
 */
import Taro from '@tarojs/taro';
import { isChunkLoadError } from '../../domain/chunk-error';
import { ROUTES, toUrl } from '../../domain/routes';

export function watchChunkErrors(): void {
  window.addEventListener('unhandledrejection', (event) => {
    if (!isChunkLoadError(event.reason)) return;
    event.preventDefault();
    const path = window.location.hash.replace(/^#/, '') || '/';
    void Taro.reLaunch({ url: toUrl(ROUTES.error, { reason: 'chunkLoad', path }) });
  });
}
