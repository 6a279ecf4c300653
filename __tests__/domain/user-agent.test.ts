import { isWechatBrowser, systemOfUserAgent } from '../../src/domain/user-agent';

const IPHONE_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800322c) NetType/WIFI Language/zh_CN';
const ANDROID_WECHAT =
  'Mozilla/5.0 (Linux; Android 14; V2309A Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';
const IPAD_SAFARI =
  'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

test('the system of the phone from its user agent (the session device facts on H5)', () => {
  expect(systemOfUserAgent(IPHONE_WECHAT)).toBe('iOS');
  expect(systemOfUserAgent(IPAD_SAFARI)).toBe('iOS');
  expect(systemOfUserAgent(ANDROID_WECHAT)).toBe('Android');
  expect(systemOfUserAgent(DESKTOP_CHROME)).toBe('other');
  expect(systemOfUserAgent('')).toBe('other');
});

test('the WeChat browser names itself MicroMessenger', () => {
  expect(isWechatBrowser(IPHONE_WECHAT)).toBe(true);
  expect(isWechatBrowser(ANDROID_WECHAT)).toBe(true);
  expect(isWechatBrowser(DESKTOP_CHROME)).toBe(false);
});
