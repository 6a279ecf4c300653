/**
 * WeChat's JS-SDK is added to the page only inside the WeChat browser, once, and the share data is set once it
 * has run (src/platform/share/jssdk.h5.ts and the share's loadSdk).
 */
import { ROUTES } from '../../src/domain/routes';
import { createH5Share, type WxJsSdk } from '../../src/platform/share/index.h5';
import { JWEIXIN_DEFAULT_URL, jweixinUrl, loadJsSdk, resetJsSdkLoader } from '../../src/platform/share/jssdk.h5';
import type { PageShareOptions } from '../../src/platform/share/types';
import { fakeWxSdk as sdk, jsSignature as signature } from '../fixtures/wechat';

const WECHAT_UA = 'Mozilla/5.0 (iPhone) AppleWebKit MicroMessenger/8.0.50';
const SAFARI_UA = 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1';

const options = (sign: PageShareOptions['sign']): PageShareOptions => ({
  route: ROUTES.courseDetail,
  params: { actSn: 'A1' },
  projectSn: 'demo',
  info: { title: '成人高考', content: '报名立减', image: '/img/a.png' },
  defaultTitle: '演示商城',
  sign,
});

const scripts = () => Array.from(document.head.querySelectorAll('script'));

beforeEach(() => {
  resetJsSdkLoader();
  document.head.innerHTML = '';
  delete (window as unknown as { wx?: WxJsSdk }).wx;
});

test("the script is WeChat's unless the build names another", () => {
  expect(JWEIXIN_DEFAULT_URL).toBe('https://res.wx.qq.com/open/js/jweixin-1.6.0.js');
  expect(jweixinUrl()).toBe(JWEIXIN_DEFAULT_URL);
});

test('one script tag however many pages ask at once; resolves to wx once it has run', async () => {
  const a = loadJsSdk(document, window as never, 'https://cdn.example/jweixin.js');
  const b = loadJsSdk(document, window as never, 'https://cdn.example/jweixin.js');
  expect(scripts()).toHaveLength(1);
  const [tag] = scripts();
  expect(tag.src).toBe('https://cdn.example/jweixin.js');
  expect(tag.async).toBe(true);
  const wx = sdk();
  (window as unknown as { wx: WxJsSdk }).wx = wx;
  tag.onload?.(new Event('load'));
  await expect(a).resolves.toBe(wx);
  await expect(b).resolves.toBe(wx);
  // Already on the page: no second tag.
  resetJsSdkLoader();
  await expect(loadJsSdk(document, window as never)).resolves.toBe(wx);
  expect(scripts()).toHaveLength(1);
});

test('a script that fails, or runs without defining wx, gives null (sharing stays off, nothing throws)', async () => {
  const failed = loadJsSdk(document, window as never);
  scripts()[0].onerror?.(new Event('error'));
  await expect(failed).resolves.toBeNull();
  resetJsSdkLoader();
  document.head.innerHTML = '';
  const empty = loadJsSdk(document, window as never);
  scripts()[0].onload?.(new Event('load'));
  await expect(empty).resolves.toBeNull();
});

test("inside WeChat the share loads the SDK, then signs and sets the page's share data", async () => {
  const wx = sdk();
  const loadSdk = jest.fn(async () => wx);
  const sign = jest.fn(async () => signature);
  const share = createH5Share(() => ({
    userAgent: WECHAT_UA,
    href: 'https://shop.example/?a=1#/pages/x',
    wx: () => undefined,
    loadSdk,
  }));
  await expect(share.apply(options(sign))).resolves.toBe(true);
  expect(loadSdk).toHaveBeenCalledTimes(1);
  expect(sign).toHaveBeenCalledWith('https://shop.example/?a=1');
  expect(wx.config).toHaveBeenCalledWith(expect.objectContaining({ appId: 'wxapp', signature: 'f'.repeat(40) }));
  expect(wx.updateAppMessageShareData).toHaveBeenCalledWith(
    expect.objectContaining({ title: '成人高考', desc: '报名立减', imgUrl: 'https://shop.example/img/a.png' }),
  );
});

test('outside WeChat nothing is loaded or signed; a script that cannot load means no signature is asked', async () => {
  const loadSdk = jest.fn(async () => sdk());
  const sign = jest.fn(async () => signature);
  await expect(
    createH5Share(() => ({ userAgent: SAFARI_UA, href: 'https://shop.example/', wx: () => undefined, loadSdk })).apply(
      options(sign),
    ),
  ).resolves.toBe(false);
  expect(loadSdk).not.toHaveBeenCalled();

  const missing = createH5Share(() => ({
    userAgent: WECHAT_UA,
    href: 'https://shop.example/',
    wx: () => undefined,
    loadSdk: async () => null,
  }));
  await expect(missing.apply(options(sign))).resolves.toBe(false);
  expect(sign).not.toHaveBeenCalled();
});
