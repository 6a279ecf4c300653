/**
 * A phone that is the WeChat browser: WeChat's user agent, and WeChat's JS-SDK script (jweixin) answered by the
 * test with a recording `wx` (the machine has no network). Shared by the WeChat specs.
 */
import type { Phone } from './harness';

export const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323d) NetType/WIFI Language/zh_CN';
export const JWEIXIN = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
/** WeChat's JS-SDK as the test answers it: records config and share data, ready at once. */
const FAKE_JWEIXIN = `
window.__wx = [];
window.wx = {
  config: function (o) { window.__wx.push({ call: 'config', url: location.href.split('#')[0], o: o }); },
  ready: function (cb) { setTimeout(cb, 0); },
  error: function () {},
  updateAppMessageShareData: function (d) { window.__wx.push({ call: 'share', o: { title: d.title, desc: d.desc, link: d.link } }); },
  updateTimelineShareData: function () {},
  showMenuItems: function () {},
  hideMenuItems: function () {}
};`;

/** Turns a fresh phone into the WeChat browser; `onScript` hears each time the page asks for WeChat's script. */
export async function asWechatBrowser(phone: Phone, onScript: () => void = () => undefined): Promise<void> {
  const cdp = await phone.context.newCDPSession(phone.page);
  await cdp.send('Emulation.setUserAgentOverride', {
    userAgent: WECHAT_UA,
    acceptLanguage: 'zh-CN',
    platform: 'iPhone',
  });
  await phone.context.route(JWEIXIN, (route) => {
    onScript();
    return route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_JWEIXIN });
  });
}
