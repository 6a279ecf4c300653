/**
 * H5 sharing (§1). Only the WeChat browser has a share menu to feed: there the page signs the JS-SDK through
 * js/getJSSign (projectSn and the address without its hash) and sets title, content and image with
 * wx.updateAppMessageShareData. Pages off the allow list hide the share items instead.
 *
 * The JS-SDK itself is WeChat's script (jweixin-1.6.0.js): jssdk.h5.ts adds it to the page the first time a page
 * sets its share data inside WeChat, through import(), so other browsers download neither it nor the loader.
 * Everywhere outside WeChat, on a server without an official account (the page is given no signer), or when the
 * script cannot be had, this does nothing (not even ask for a signature) and it never throws.
 */
import { useEffect, useRef } from 'react';
import { useDidShow } from '@tarojs/taro';
import type { JsSignInfo } from '@contract/activity';
import { isShareAllowed, isSigningOff, signUrl } from '../../domain/share';
import { isWechatBrowser } from '../../domain/user-agent';
import { sessionValue } from '../storage';
import { shareLinkOf } from './copy-link';
import type { PageShareOptions, UsePageShare } from './types';

export * from './types';

type Callback = () => void;
interface ShareData {
  title: string;
  desc?: string;
  link: string;
  imgUrl: string;
  success?: Callback;
  fail?: Callback;
}
/** The part of WeChat's JS-SDK (the global `wx` on H5) this file uses. */
export interface WxJsSdk {
  config(options: {
    debug: boolean;
    appId: string;
    timestamp: number;
    nonceStr: string;
    signature: string;
    jsApiList: string[];
  }): void;
  ready(cb: Callback): void;
  error(cb: (err: unknown) => void): void;
  updateAppMessageShareData(data: ShareData): void;
  updateTimelineShareData?(data: ShareData): void;
  showMenuItems?(options: { menuList: string[] }): void;
  hideMenuItems?(options: { menuList: string[] }): void;
}

export interface H5ShareEnv {
  userAgent: string;
  href: string;
  wx(): WxJsSdk | undefined;
  /** Fetches WeChat's script when wx() has none yet (only ever called inside the WeChat browser). */
  loadSdk?(): Promise<WxJsSdk | null>;
  /** Per-tab memory (session storage): "signing is off" is remembered here for the session. */
  session?: { get(key: string): string | null; set(key: string, value: string): void };
}

/** Session key set once the server has said that signing is off. */
export const SIGNING_OFF_KEY = 'wechat_sign_off';

const JS_API_LIST = ['updateAppMessageShareData', 'updateTimelineShareData', 'showMenuItems', 'hideMenuItems'];
const SHARE_MENU = ['menuItem:share:appMessage', 'menuItem:share:timeline'];

const browserEnv = (): H5ShareEnv => ({
  userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
  href: typeof location === 'undefined' ? '' : location.href,
  wx: () => (typeof window === 'undefined' ? undefined : ((window as unknown as { wx?: WxJsSdk }).wx ?? undefined)),
  loadSdk: () => import('./jssdk.h5').then((m) => m.loadJsSdk()),
  session: sessionValue,
});

/** An address WeChat can open: absolute, against the current page. */
function absolute(url: string, base: string): string {
  if (!url) return '';
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
}

export function createH5Share(env: () => H5ShareEnv = browserEnv) {
  // In hash routing every page has the same address without the hash: one signature serves them all. The
  // outcome, success or failure, is kept per address, so an address is asked for once at most.
  let signed: { url: string; sdk: Promise<WxJsSdk | null> } | null = null;

  function configure(sign: (url: string) => Promise<JsSignInfo>): Promise<WxJsSdk | null> {
    const e = env();
    // Once the server has said signing is off, no page of this session asks again (nor loads WeChat's script).
    if (e.session?.get(SIGNING_OFF_KEY)) return Promise.resolve(null);
    // Without WeChat's script, and none to be loaded, there is nothing to configure, so nothing to sign.
    if (!e.wx() && !e.loadSdk) return Promise.resolve(null);
    const url = signUrl(e.href);
    if (signed && signed.url === url) return signed.sdk;
    const sdk = (async () => {
      const wx = e.wx() ?? (await e.loadSdk?.()) ?? null;
      if (!wx) return null;
      const s = await sign(url);
      return new Promise<WxJsSdk | null>((resolve) => {
        wx.config({
          debug: false,
          appId: s.appid,
          timestamp: s.timestamp,
          nonceStr: s.noncestr,
          signature: s.sign,
          jsApiList: JS_API_LIST,
        });
        wx.ready(() => resolve(wx));
        wx.error(() => resolve(null));
      });
    })().catch((err: unknown) => {
      if (isSigningOff(err)) env().session?.set(SIGNING_OFF_KEY, '1');
      return null;
    });
    signed = { url, sdk };
    return sdk;
  }

  /** Sets the WeChat share data for a page; resolves true when it did, false when there was nothing to do. */
  async function apply(options: PageShareOptions): Promise<boolean> {
    try {
      const e = env();
      if (!isWechatBrowser(e.userAgent) || !options.sign) return false;
      const wx = await configure(options.sign);
      if (!wx) return false;
      if (!isShareAllowed(options.route)) {
        wx.hideMenuItems?.({ menuList: SHARE_MENU });
        return true;
      }
      wx.showMenuItems?.({ menuList: SHARE_MENU });
      const info = options.info;
      const base = signUrl(e.href);
      const link = shareLinkOf(e.href, options);
      const data: ShareData = {
        title: info?.title || options.defaultTitle,
        desc: info?.content || '',
        link,
        imgUrl: absolute(info?.image || '', base),
      };
      wx.updateAppMessageShareData({ ...data, success: () => undefined, fail: () => undefined });
      wx.updateTimelineShareData?.({
        title: data.title,
        link: data.link,
        imgUrl: data.imgUrl,
        success: () => undefined,
        fail: () => undefined,
      });
      return true;
    } catch {
      return false;
    }
  }

  return { apply };
}

const h5Share = createH5Share();

export const usePageShare: UsePageShare = (options) => {
  const latest = useRef(options);
  latest.current = options;
  // Each page of the single-page app sets its own data when it shows, and again once its content arrives or the
  // entrance has said whether the server can sign.
  const canSign = options.sign !== null;
  useDidShow(() => void h5Share.apply(latest.current));
  useEffect(() => {
    void h5Share.apply(latest.current);
  }, [options.info, options.route, canSign]);
};
