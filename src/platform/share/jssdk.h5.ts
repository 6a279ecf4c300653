/**
 * WeChat's JS-SDK (jweixin) for the WeChat browser: fetched only there, the first time a page sets its share
 * data, by adding WeChat's script tag (no npm package of it is installed; WeChat recommends its own hosted file).
 * The address is WeChat's by default and the build can name another (TARO_APP_JWEIXIN_URL, e.g. a mirror on the
 * shop's own host). This file is loaded with import() from index.h5.ts, so other browsers never download it.
 */
import type { WxJsSdk } from './index.h5';

export const JWEIXIN_DEFAULT_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
const LOAD_TIMEOUT_MS = 15_000;

/** The build's address (config/index.ts defineConstants), WeChat's when the build names none (jest). */
export const jweixinUrl = (): string =>
  typeof JWEIXIN_URL === 'string' && JWEIXIN_URL ? JWEIXIN_URL : JWEIXIN_DEFAULT_URL;

type Win = { wx?: WxJsSdk };
let loading: Promise<WxJsSdk | null> | null = null;

/** The SDK once WeChat's script has run; null when it cannot be had (blocked, offline): sharing then stays off. */
export function loadJsSdk(
  doc: Document = document,
  win: Win = window as unknown as Win,
  url: string = jweixinUrl(),
): Promise<WxJsSdk | null> {
  const present = win.wx;
  if (present && typeof present.config === 'function') return Promise.resolve(present);
  if (loading) return loading;
  loading = new Promise<WxJsSdk | null>((resolve) => {
    const script = doc.createElement('script');
    const done = (sdk: WxJsSdk | null) => {
      clearTimeout(timer);
      script.onload = null;
      script.onerror = null;
      resolve(sdk);
    };
    const timer = setTimeout(() => done(null), LOAD_TIMEOUT_MS);
    script.src = url;
    script.async = true;
    script.onload = () => done(win.wx && typeof win.wx.config === 'function' ? win.wx : null);
    script.onerror = () => done(null);
    doc.head.appendChild(script);
  });
  return loading;
}

/** Tests: forget a previous load. */
export function resetJsSdkLoader(): void {
  loading = null;
}
