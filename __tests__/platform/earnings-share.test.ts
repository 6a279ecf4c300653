/**
 * Share links of a promoter carry its code: the WeChat H5 share link and the mini-program share path
 * both add promoterCode when the page gives one, and nothing when it does not.
 */
import { createH5Share } from '../../src/platform/share/index.h5';
import { createSwanShare } from '../../src/platform/share/index.swan';
import { createWeappShare } from '../../src/platform/share/index.weapp';
import type { PageShareOptions } from '../../src/platform/share/types';
import { ROUTES } from '../../src/domain/routes';
import { fakeWxSdk, jsSignature as signature } from '../fixtures/wechat';

const options = (patch: Partial<PageShareOptions> = {}): PageShareOptions => ({
  route: ROUTES.activityDetail,
  params: { actSn: 'A1' },
  projectSn: 'demo',
  info: { title: '烘焙体验课', content: '', image: '', link: '' },
  defaultTitle: '商城',
  sign: jest.fn(async () => signature),
  ...patch,
});

test('the WeChat H5 share link carries the promoter code', async () => {
  const wx = fakeWxSdk();
  const share = createH5Share(() => ({
    userAgent: 'Mozilla/5.0 MicroMessenger/8.0',
    href: 'https://shop.example/#/x',
    wx: () => wx,
  }));
  await share.apply(options({ promoterCode: 'P0DE000001A' }));
  expect(wx.updateAppMessageShareData).toHaveBeenCalledWith(
    expect.objectContaining({
      // The item's public address (contract/rules/share-link.ts).
      link: 'https://shop.example/item/A1?projectSn=demo&promoterCode=P0DE000001A',
    }),
  );
});

test.each([
  ['weapp', createWeappShare],
  ['swan', createSwanShare],
])('the %s share path carries the promoter code only for a promoter', (_target, create) => {
  const share = create({ hideShareMenu: jest.fn(async () => ({})), toast: jest.fn() });
  expect(share.message(options({ promoterCode: 'P0DE000001A' })).path).toBe(
    '/pages/activity/activityDetail?actSn=A1&projectSn=demo&promoterCode=P0DE000001A',
  );
  expect(share.message(options()).path).toBe('/pages/activity/activityDetail?actSn=A1&projectSn=demo');
});
