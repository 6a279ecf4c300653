/**
 * js/getJSSign is asked for once per page address at most, and not at all once the server has said signing is
 * off (a WeChat walk logged 138 failed signature calls, one per page shown).
 */
import { ERROR_CODES } from '../../contract/common';
import { ApiError } from '../../src/api/request';
import { WECHAT_UNAVAILABLE_CODE, isSigningOff } from '../../src/domain/share';
import { ROUTES } from '../../src/domain/routes';
import { createH5Share } from '../../src/platform/share/index.h5';
import type { PageShareOptions } from '../../src/platform/share/types';
import { fakeWxSdk as wx, jsSignature as signature } from '../fixtures/wechat';

const WECHAT_UA = 'Mozilla/5.0 (iPhone) AppleWebKit MicroMessenger/8.0.50';
const PAGES = [ROUTES.index, ROUTES.courseDetail, ROUTES.orderList, ROUTES.center, ROUTES.indexSearch, ROUTES.tabTwo];

function memory() {
  const m = new Map<string, string>();
  return { get: (k: string) => m.get(k) ?? null, set: (k: string, v: string) => void m.set(k, v) };
}

const options = (route: string, sign: PageShareOptions['sign']): PageShareOptions => ({
  route,
  params: {},
  projectSn: 'demo',
  info: null,
  defaultTitle: '演示商城',
  sign,
});

const off = () => new ApiError('未配置微信公众号，无法签名', 'business', WECHAT_UNAVAILABLE_CODE, null, 400);
const wechatDown = () => new ApiError('微信签名失败，请稍后再试', 'business', WECHAT_UNAVAILABLE_CODE, null, 503);

test('the client knows the server’s code for "WeChat unavailable"', () => {
  expect(WECHAT_UNAVAILABLE_CODE).toBe(ERROR_CODES.WECHAT_UNAVAILABLE);
  expect(isSigningOff(off())).toBe(true);
  expect(isSigningOff(wechatDown())).toBe(false);
  expect(isSigningOff(new Error('offline'))).toBe(false);
  expect(isSigningOff(null)).toBe(false);
});

test('a walk through many pages of one address signs once', async () => {
  const sdk = wx();
  const sign = jest.fn(async () => signature);
  const share = createH5Share(() => ({
    userAgent: WECHAT_UA,
    href: 'https://shop.example/#/x',
    wx: () => sdk,
    session: memory(),
  }));
  for (const route of [...PAGES, ...PAGES]) await share.apply(options(route, sign));
  expect(sign).toHaveBeenCalledTimes(1);
});

test('signing off: asked once, then never again in this session, whatever the page or address', async () => {
  const session = memory();
  let href = 'https://shop.example/#/pages/index/index';
  const sign = jest.fn(async () => Promise.reject(off()));
  const share = createH5Share(() => ({ userAgent: WECHAT_UA, href, wx: wx, session }));
  for (const route of PAGES) await expect(share.apply(options(route, sign))).resolves.toBe(false);
  href = 'https://shop.example/?from=share#/pages/index/index';
  await share.apply(options(ROUTES.index, sign));
  expect(sign).toHaveBeenCalledTimes(1);

  // A reload in the same tab (a new module instance, the same session storage) does not ask either.
  const again = createH5Share(() => ({ userAgent: WECHAT_UA, href, wx: wx, session }));
  await again.apply(options(ROUTES.index, sign));
  expect(sign).toHaveBeenCalledTimes(1);
});

test('WeChat not answering is not "off": the same address is not asked again, another address is', async () => {
  const session = memory();
  let href = 'https://shop.example/a#/x';
  const sign = jest.fn(async () => Promise.reject(wechatDown()));
  const share = createH5Share(() => ({ userAgent: WECHAT_UA, href, wx: wx, session }));
  await share.apply(options(ROUTES.index, sign));
  await share.apply(options(ROUTES.center, sign));
  expect(sign).toHaveBeenCalledTimes(1);
  href = 'https://shop.example/b#/x';
  await share.apply(options(ROUTES.index, sign));
  expect(sign).toHaveBeenCalledTimes(2);
});
