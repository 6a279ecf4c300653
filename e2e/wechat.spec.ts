/**
 * The WeChat browser: Chromium with WeChat's user agent opens a course by its link, goes through the
 * official account's OAuth (a local fake of WeChat's authorize page and /sns API, the server pointed at it by
 * env), comes back to the course logged in with its WeChat nickname, orders, and pays on the JSAPI path against
 * a local fake of WeChat Pay v3: the test's WeixinJSBridge hands getBrandWCPayRequest to the fake, which checks
 * the merchant's pay sign and sends the signed notification before answering get_brand_wcpay_request:ok.
 * WeChat's JS-SDK script is answered by the test too (a recording `wx`), so the page's share signature is checked
 * against the fake's jsapi_ticket.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { Confirmation } from '../contract/order';
import { itemSharePath } from '../contract/rules/share-link';
import { startWechatMpFake, type WechatMpFake } from '../server/test/fakes/wechat-mp';
import { startWechatPayFake, type ClientPaySign, type WechatPayFake } from '../server/test/fakes/wechat-pay';
import {
  SCREENS,
  apiClient,
  currentPage,
  fen,
  field,
  hashRoute,
  openBrowser,
  openPhone,
  startServer,
  typeKeys,
  until,
  type Phone,
  type Server,
} from './harness';
import { WECHAT_UA, asWechatBrowser } from './wechat-browser';

/** WeChat's in-page bridge: getBrandWCPayRequest is the customer confirming in WeChat's pay sheet. */
const FAKE_BRIDGE = `
window.WeixinJSBridge = {
  invoke: function (api, params, cb) {
    if (api !== 'getBrandWCPayRequest') return cb({ err_msg: api + ':fail' });
    window.__wechatPay(params).then(function (r) { cb({ err_msg: 'get_brand_wcpay_request:' + r }); });
  }
};`;

let mp: WechatMpFake;
let pay: WechatPayFake;
let server: Server;
let browser: Browser;
let actSn = '';
/** The course's order shows the purchase agreement (§5 rule 5). */
let needsAgreement = false;

before(async () => {
  [mp, pay] = await Promise.all([
    startWechatMpFake({
      user: {
        openid: 'oE2E_WECHAT_BROWSER_0000001',
        nickname: '微信小明',
        headimgurl: 'https://thirdwx.qlogo.cn/mmopen/e2e/132',
      },
    }),
    startWechatPayFake(),
  ]);
  // Only this spec's server talks to the fakes: the harness starts it with this process's environment.
  Object.assign(process.env, mp.env(), pay.env(mp.appId));
  [server, browser] = await Promise.all([startServer(), openBrowser()]);
  pay.notifyTarget = `${server.baseUrl}/pay/notify/wechat`;
  ({ actSn, needsAgreement } = await singlePaymentCourse());
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await pay?.stop();
  await mp?.stop();
});

/** A demo course paid at once, with no address, household or required applicant field (a short submit). */
async function singlePaymentCourse(): Promise<{ actSn: string; needsAgreement: boolean }> {
  const api = apiClient(server.baseUrl);
  await api.login(server, 'demo', '13600136901');
  for (let i = 1; i <= 12; i++) {
    const targetSn = `demo-course-${String(i).padStart(2, '0')}`;
    const c = await api
      .call<Confirmation>('GET', '/front/v2/client/course/order/confirm', { targetSn })
      .catch(() => null);
    if (
      c &&
      c.orderPayType === 1 &&
      c.deliveryType === 4 &&
      !c.isHousehold &&
      !c.disableFlag &&
      !c.restrict.some((r) => r.required) &&
      c.confirmOrderAmount.payAmount > 0
    ) {
      return { actSn: targetSn, needsAgreement: Boolean(c.electronicProtocol) };
    }
  }
  throw new Error('no demo course with a single payment and a short submit screen');
}

/** A phone that is the WeChat browser: its user agent, WeChat's script and bridge answered by the test. */
async function wechatPhone(): Promise<Phone> {
  const phone = await openPhone(browser);
  await asWechatBrowser(phone);
  await phone.context.exposeBinding('__wechatPay', (_source, params: ClientPaySign) => pay.pay(params));
  await phone.context.addInitScript({ content: FAKE_BRIDGE });
  return phone;
}

/** The storefront's kept session (Taro storage under the sf_ prefix). */
async function sessionOf(
  page: Page,
): Promise<{ token: string; userInfo: { nickName: string | null; phone: string | null } | null }> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('sf_session');
    const v = raw ? (JSON.parse(raw) as { data?: unknown }) : null;
    const data = typeof v?.data === 'string' ? JSON.parse(v.data) : v?.data;
    return (data ?? { token: '', userInfo: null }) as {
      token: string;
      userInfo: { nickName: string | null; phone: string | null } | null;
    };
  });
}

test('WeChat browser: OAuth back to the course, then order and pay with WeChat Pay (JSAPI)', async () => {
  const phone = await wechatPhone();
  const { page } = phone;
  try {
    assert.equal(await page.evaluate(() => navigator.userAgent), WECHAT_UA);
    const coursePath = `/pages/activity/courseDetail?actSn=${actSn}`;
    const authorizeSeen = mp.seen.length;
    await page.goto(`${server.baseUrl}/#${coursePath}`);

    // Through WeChat's authorize page (snsapi_userinfo: the server has no nickname yet) and back to the course.
    const detail = await currentPage(page, SCREENS.courseDetail);
    const trips = mp.seen.slice(authorizeSeen).filter((p) => p.startsWith('/connect/oauth2/authorize'));
    assert.equal(trips.length, 1, 'one trip to WeChat');
    const trip = new URL(`http://x${trips[0]}`).searchParams;
    assert.equal(trip.get('appid'), mp.appId);
    assert.equal(trip.get('scope'), 'snsapi_userinfo');
    assert.match(trip.get('redirect_uri')!, /#\/pages\/entrance\/entrance\?redirect=/);
    assert.ok(
      mp.seen.some((p) => p.startsWith('/sns/oauth2/access_token')) &&
        mp.seen.some((p) => p.startsWith('/sns/userinfo')),
    );
    // The code is spent and gone from the address; the course is the page, and the customer is WeChat's.
    assert.doesNotMatch(page.url(), /[?&](code|state)=/);
    assert.equal(hashRoute(page.url()), SCREENS.courseDetail.route);
    assert.match(new URL(page.url()).hash, new RegExp(`[?&]actSn=${actSn}(&|$)`));
    await until(
      async () => (await sessionOf(page)).userInfo?.nickName === '微信小明',
      'the session carries the WeChat nickname',
    );
    await phone.shot('wechat-back-from-oauth');

    // The JS-SDK came from WeChat's address and was configured with a signature over the page's address.
    await until(
      () =>
        page.evaluate(
          (base) =>
            ((window as unknown as { __wx?: { call: string; url: string }[] }).__wx ?? []).some(
              (c) => c.call === 'config' && c.url === `${base}/`,
            ),
          server.baseUrl,
        ),
      'wx.config for the page',
    );
    const calls = await page.evaluate(
      () => (window as unknown as { __wx: { call: string; url: string; o: Record<string, string | number> }[] }).__wx,
    );
    const config = calls.filter((c) => c.call === 'config' && c.url === `${server.baseUrl}/`).at(-1)!;
    const expected = createHash('sha1')
      .update(
        `jsapi_ticket=${mp.ticket}&noncestr=${config.o.nonceStr}&timestamp=${config.o.timestamp}&url=${server.baseUrl}/`,
      )
      .digest('hex');
    assert.equal(config.o.signature, expected, "signed with the fake account's jsapi_ticket");
    assert.equal(config.o.appId, mp.appId);
    await until(
      () =>
        page.evaluate(
          (path) =>
            (window as unknown as { __wx: { call: string; o: { link: string } }[] }).__wx.some(
              (c) => c.call === 'share' && new URL(c.o.link).pathname === path,
            ),
          itemSharePath(actSn),
        ),
      'the course set its share data',
    );

    // Ordering needs a phone (§6 needAuthPhone): SMS login, typed key by key, keeps the WeChat customer.
    await detail.locator('#act-order').click();
    const login = await currentPage(page, SCREENS.login);
    const mobile = '13700137916';
    await typeKeys(field(login, 'login-phone'), mobile);
    const seen = server.smsCount(mobile);
    await login.locator('.sf-login__code').click();
    await typeKeys(field(login, 'login-code'), await server.smsCode(mobile, seen));
    // The submit screen is ready to send once its order token has come and the coupon reply has settled its amount.
    const receipt = page.waitForResponse((r) => r.url().includes('/front/v1/client/order/confirm/receipt'));
    const coupons = page.waitForResponse((r) => r.url().includes('/front/v2/client/course/order/coupons'));
    // Awaited below; a wait that runs out while an earlier step is still waiting must not hide that step's error.
    for (const reply of [receipt, coupons]) reply.catch(() => undefined);
    await login.locator('.sf-login__submit').click();
    const submit = await currentPage(page, SCREENS.courseOrderSubmit, { marker: '.sf-submit__payable .sf-price' });
    await receipt;
    const couponLine = submit.locator('.sf-lines__row', { hasText: '优惠券' });
    if (await couponLine.count()) {
      const offered =
        ((await (await coupons).json()) as { info?: { list?: { isAvailable: boolean }[] } }).info?.list ?? [];
      await couponLine
        .locator(offered.some((c) => c.isAvailable) ? '.sf-lines__discount' : '.sf-lines__muted')
        .waitFor({ state: 'visible' });
    }
    const kept = await sessionOf(page);
    assert.equal(kept.userInfo?.phone, mobile);
    assert.equal(kept.userInfo?.nickName, '微信小明', 'the phone was bound to the WeChat customer');

    // The purchase agreement starts ticked (§5 rule 5 is met); a tap here would untick it.
    if (needsAgreement) await submit.locator('.sf-submit__checkbox.is-on').waitFor({ state: 'visible' });
    const payable = fen(await submit.locator('.sf-submit__payable .sf-price').textContent());
    await submit.locator('.sf-submit__btn').click();

    // JSAPI: WeChat's pay sheet (the bridge) pays, the fake notifies the server, the order detail shows it paid.
    const paid = await currentPage(page, SCREENS.orderDetail, { marker: '.sf-detail__status-text' });
    await until(
      async () => (await paid.locator('.sf-detail__status-text').textContent())?.trim() === '已完成',
      'the order shows 已完成',
    );
    await paid.getByText('微信支付', { exact: true }).first().waitFor({ state: 'visible' });
    const orders = [...pay.orders.values()];
    assert.equal(orders.length, 1);
    assert.equal(orders[0].state, 'SUCCESS');
    assert.equal(orders[0].openid, 'oE2E_WECHAT_BROWSER_0000001', 'paid with the openid from the OAuth');
    assert.equal(orders[0].appid, mp.appId);
    assert.equal(orders[0].amount, payable, 'WeChat was asked for the payable the storefront showed');
    await phone.shot('wechat-paid');
  } finally {
    await phone.close();
  }
});
