import type { JsSignInfo } from '../../contract/activity';
import { createH5Share, type WxJsSdk } from '../../src/platform/share/index.h5';
import { createSwanShare } from '../../src/platform/share/index.swan';
import { createWeappShare } from '../../src/platform/share/index.weapp';
import type { PageShareOptions } from '../../src/platform/share/types';
import { ROUTES } from '../../src/domain/routes';

const WECHAT_UA = 'Mozilla/5.0 (iPhone) AppleWebKit MicroMessenger/8.0.50';
const PLAIN_UA = 'Mozilla/5.0 (iPhone) AppleWebKit Safari';
const HREF = 'https://shop.example/?from=x#/pages/activity/courseDetail?actSn=C1';
const signature: JsSignInfo = { appid: 'wxapp', timestamp: 1700000000, noncestr: 'abcdefgh', sign: 'f'.repeat(40) };

const info = { title: '成人学历提升', content: '两年拿证', image: '/static/c1.png', link: '' };
const options = (patch: Partial<PageShareOptions> = {}): PageShareOptions => ({
  route: ROUTES.courseDetail,
  params: { actSn: 'C1' },
  projectSn: 'course',
  info,
  defaultTitle: '课程商城',
  sign: jest.fn(async () => signature),
  ...patch,
});

function fakeWx(outcome: 'ready' | 'error' = 'ready') {
  const wx = {
    config: jest.fn(),
    ready: jest.fn((cb: () => void) => outcome === 'ready' && cb()),
    error: jest.fn((cb: (e: unknown) => void) => outcome === 'error' && cb({ errMsg: 'config:invalid signature' })),
    updateAppMessageShareData: jest.fn(),
    updateTimelineShareData: jest.fn(),
    showMenuItems: jest.fn(),
    hideMenuItems: jest.fn(),
  };
  return wx as typeof wx & WxJsSdk;
}

describe('H5 share (WeChat JS-SDK)', () => {
  test('inside WeChat: signs the address without its hash, configures the SDK and sets title, content and image', async () => {
    const wx = fakeWx();
    const share = createH5Share(() => ({ userAgent: WECHAT_UA, href: HREF, wx: () => wx }));
    const o = options();
    await expect(share.apply(o)).resolves.toBe(true);
    expect(o.sign).toHaveBeenCalledWith('https://shop.example/?from=x');
    expect(wx.config).toHaveBeenCalledWith(
      expect.objectContaining({
        appId: 'wxapp',
        timestamp: 1700000000,
        nonceStr: 'abcdefgh',
        signature: 'f'.repeat(40),
        debug: false,
      }),
    );
    expect(wx.config.mock.calls[0][0].jsApiList).toContain('updateAppMessageShareData');
    expect(wx.updateAppMessageShareData).toHaveBeenCalledWith(
      expect.objectContaining({
        title: '成人学历提升',
        desc: '两年拿证',
        imgUrl: 'https://shop.example/static/c1.png',
        // A detail is shared by its item's public address, which the server draws the first screen of.
        link: 'https://shop.example/item/C1?projectSn=course',
      }),
    );
    expect(wx.showMenuItems).toHaveBeenCalled();
  });

  test('one signature serves every page of the same address', async () => {
    const wx = fakeWx();
    const share = createH5Share(() => ({ userAgent: WECHAT_UA, href: HREF, wx: () => wx }));
    const o = options();
    await share.apply(o);
    await share.apply({ ...o, route: ROUTES.index, params: {}, info: null });
    expect(o.sign).toHaveBeenCalledTimes(1);
    expect(wx.updateAppMessageShareData).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: '课程商城', desc: '' }),
    );
  });

  test("an absolute link from the share reply gives a detail's item address its origin", async () => {
    const wx = fakeWx();
    const share = createH5Share(() => ({ userAgent: WECHAT_UA, href: HREF, wx: () => wx }));
    await share.apply(options({ info: { ...info, link: 'https://public.example/s/C1' } }));
    expect(wx.updateAppMessageShareData).toHaveBeenCalledWith(
      expect.objectContaining({ link: 'https://public.example/item/C1?projectSn=course' }),
    );
  });

  test("another page's absolute link from the share reply is used as it is", async () => {
    const wx = fakeWx();
    const share = createH5Share(() => ({ userAgent: WECHAT_UA, href: HREF, wx: () => wx }));
    await share.apply(
      options({ route: ROUTES.index, params: {}, info: { ...info, link: 'https://shop.example/s/home' } }),
    );
    expect(wx.updateAppMessageShareData).toHaveBeenCalledWith(
      expect.objectContaining({ link: 'https://shop.example/s/home' }),
    );
  });

  test('pages off the allow list hide the share items', async () => {
    const wx = fakeWx();
    const share = createH5Share(() => ({ userAgent: WECHAT_UA, href: HREF, wx: () => wx }));
    await expect(share.apply(options({ route: ROUTES.orderDetail }))).resolves.toBe(true);
    expect(wx.hideMenuItems).toHaveBeenCalledWith({
      menuList: ['menuItem:share:appMessage', 'menuItem:share:timeline'],
    });
    expect(wx.updateAppMessageShareData).not.toHaveBeenCalled();
  });

  test('outside WeChat nothing is signed or called', async () => {
    const wx = fakeWx();
    const share = createH5Share(() => ({ userAgent: PLAIN_UA, href: HREF, wx: () => wx }));
    const o = options();
    await expect(share.apply(o)).resolves.toBe(false);
    expect(o.sign).not.toHaveBeenCalled();
    expect(wx.config).not.toHaveBeenCalled();
  });

  test('WeChat without the JS-SDK script: nothing to configure, so nothing is signed; never throws', async () => {
    const share = createH5Share(() => ({ userAgent: WECHAT_UA, href: HREF, wx: () => undefined }));
    const o = options();
    await expect(share.apply(o)).resolves.toBe(false);
    expect(o.sign).not.toHaveBeenCalled();
  });

  test('a failed signature is not fatal and is not asked for again for the same address', async () => {
    const wx = fakeWx();
    const share = createH5Share(() => ({ userAgent: WECHAT_UA, href: HREF, wx: () => wx }));
    const sign = jest.fn(async () => Promise.reject(new Error('签名失败')));
    await expect(share.apply(options({ sign }))).resolves.toBe(false);
    await expect(share.apply(options({ sign, route: ROUTES.index, params: {} }))).resolves.toBe(false);
    expect(sign).toHaveBeenCalledTimes(1);
    expect(wx.config).not.toHaveBeenCalled();
  });

  test('a rejected config (wx.error) is not fatal', async () => {
    const wx = fakeWx('error');
    const share = createH5Share(() => ({ userAgent: WECHAT_UA, href: HREF, wx: () => wx }));
    await expect(share.apply(options())).resolves.toBe(false);
    expect(wx.updateAppMessageShareData).not.toHaveBeenCalled();
  });

  test('an SDK that throws is swallowed', async () => {
    const wx = fakeWx();
    wx.updateAppMessageShareData.mockImplementation(() => {
      throw new Error('boom');
    });
    const share = createH5Share(() => ({ userAgent: WECHAT_UA, href: HREF, wx: () => wx }));
    await expect(share.apply(options())).resolves.toBe(false);
  });
});

describe.each([
  ['weapp', createWeappShare],
  ['swan', createSwanShare],
])('%s share', (target, create) => {
  const api = () => ({ hideShareMenu: jest.fn(async () => ({})), toast: jest.fn() });

  test('an allow-listed page keeps its menu and shares its content with the project in the path', () => {
    const a = api();
    const share = create(a);
    share.onShow(options());
    expect(a.hideShareMenu).not.toHaveBeenCalled();
    const message = share.message(options());
    expect(message).toMatchObject({
      title: '成人学历提升',
      path: '/pages/activity/courseDetail?actSn=C1&projectSn=course',
      imageUrl: '/static/c1.png',
    });
    if (target === 'swan') expect(message).toMatchObject({ content: '两年拿证' });
    else expect(message).not.toHaveProperty('content');
    expect(a.toast).not.toHaveBeenCalled();
  });

  test('a home tab without share content shares the project title', () => {
    const share = create(api());
    expect(share.message(options({ route: ROUTES.tabTwo, params: {}, info: null }))).toMatchObject({
      title: '课程商城',
      path: '/pages/index/tabTwo?projectSn=course',
    });
  });

  test('other pages hide the share menu; a share that starts anyway says 当前页面暂不支持分享 and shares home', () => {
    const a = api();
    const share = create(a);
    share.onShow(options({ route: ROUTES.orderList }));
    expect(a.hideShareMenu).toHaveBeenCalledTimes(1);
    const message = share.message(options({ route: ROUTES.orderList }));
    expect(a.toast).toHaveBeenCalledWith('当前页面暂不支持分享');
    expect(message.path).toBe('/pages/index/index?projectSn=course');
  });

  test('a client without hideShareMenu does not break the page', () => {
    const share = create({
      hideShareMenu: () => {
        throw new Error('not supported');
      },
      toast: jest.fn(),
    });
    expect(() => share.onShow(options({ route: ROUTES.center }))).not.toThrow();
    const rejecting = create({ hideShareMenu: jest.fn(async () => Promise.reject(new Error('x'))), toast: jest.fn() });
    expect(() => rejecting.onShow(options({ route: ROUTES.center }))).not.toThrow();
  });
});
