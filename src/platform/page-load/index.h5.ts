/**
 * H5 (§9 async page loading): every page's code is a chunk webpack loads on the way to it (__webpack_require__.e,
 * which the router's import() calls). While one is pending for 200 ms the loading view covers the screen; past
 * 60 s it fails as a chunk does, and platform/chunk-error sends the customer to the error page with 重试.
 * Not over the first page, nor while the server's drawing of the first screen (#sf-first, server/src/domains/pages/
 * first-screen.ts) still stands for the home or item being loaded: a spinner would only hide it.
 */
import Taro from '@tarojs/taro';
import { createPageLoadTracker, type LoadingView } from '../../domain/page-load';

declare const __webpack_require__: { e?: (chunkId: string | number) => Promise<unknown> };

const CSS =
  '.sf-page-loading{position:fixed;inset:0;z-index:1000;display:flex;flex-direction:column;align-items:center;' +
  'justify-content:center;background:rgba(255,255,255,.6);color:#666;font-size:14px}' +
  '.sf-page-loading__spinner{width:28px;height:28px;margin-bottom:8px;border:3px solid #ddd;' +
  'border-top-color:#999;border-radius:50%;animation:sf-page-loading 0.8s linear infinite}' +
  '@keyframes sf-page-loading{to{transform:rotate(360deg)}}';

function loadingView(): LoadingView {
  let view: HTMLElement | null = null;
  return {
    show() {
      if (!view) {
        const style = document.createElement('style');
        style.textContent = CSS;
        document.head.appendChild(style);
        view = document.createElement('div');
        view.className = 'sf-page-loading';
        view.setAttribute('role', 'status');
        view.innerHTML = '<div class="sf-page-loading__spinner"></div><div>加载中...</div>';
      }
      document.body.appendChild(view);
    },
    hide() {
      view?.remove();
    },
  };
}

export function watchPageLoads(): void {
  // Outside a webpack build (tests) there is no chunk loading to follow.
  if (typeof __webpack_require__ === 'undefined' || typeof __webpack_require__.e !== 'function') return;
  let firstPageShown = false;
  Taro.eventCenter.once('__afterTaroRouterChange', () => (firstPageShown = true));
  const drawnFirstScreen = () =>
    !!document.getElementById('sf-first') && document.documentElement.getAttribute('data-sf-first') !== 'off';
  const tracker = createPageLoadTracker(loadingView(), () => firstPageShown && !drawnFirstScreen());
  const ensureChunk = __webpack_require__.e;
  __webpack_require__.e = (chunkId) => tracker.track(chunkId, ensureChunk(chunkId));
}
