/**
 * Carrier points and zero-price sign-ups: binding per customer and carrier (another customer's is
 * invisible), balance with and without the carrier's authorisation redirect (the sandbox page takes the code and
 * sends the browser back), points orders deducting once (never below zero under 20 concurrent orders, a replayed
 * request answered by its first order), points back on cancel, malformed input 400 in Chinese, sign-ups.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type {
  BalanceReply,
  BindingState,
  IntegralSubmitResult,
  PlaceOrderInfo,
  SignUpResult,
  ZeroActivityInfo,
} from '@contract/integral';
import type { ActivityDetail } from '@contract/activity';
import type { Paged } from '@contract/common';
import type { ActivityCard } from '@contract/pages';
import type { OrderDetail, OrderSummary } from '@contract/payment';
import { demoBalance } from '../../../src/domains/integral/carrier-points';
import { buildHarness, type Harness } from '../../helpers/app';

const I = '/front/v1/activity/integral';
const O = '/front/v1/client/order';
let h: Harness;
let seq = 0;
/** A fresh customer of the integral project. */
const customer = async () => (await h.login(`1360000${String(1000 + (seq += 1)).slice(-4)}`, 'integral')).token;
const rid = () => `req${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

before(async () => {
  h = await buildHarness();
});
after(async () => h.close());

async function balance(token: string, phone: string, integralType = 'MOBILE_INTEGRAL', callbackUrl?: string) {
  const res = await h.post<BalanceReply>(
    `${I}/balance`,
    { integralType, phone, ...(callbackUrl ? { callbackUrl } : {}) },
    token,
  );
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info;
}

describe('binding and balance', () => {
  test('unbound, then bound by the search; another customer sees nothing of it', async () => {
    const a = await customer();
    const b = await customer();
    const before = await h.get<BindingState>(`${I}/binding/state`, { integralType: 'MOBILE_INTEGRAL' }, a);
    assert.deepEqual(before.body.info, {
      integralType: 'MOBILE_INTEGRAL',
      bound: false,
      phone: null,
      point: null,
      needAuth: false,
    });
    const bound = await h.post<BindingState>(
      `${I}/bind/search`,
      { integralType: 'MOBILE_INTEGRAL', updatePhone: '13800138000' },
      a,
    );
    assert.equal(bound.status, 200, bound.raw.body);
    assert.equal(bound.body.info.phone, '13800138000');
    assert.equal(bound.body.info.point, 24000);
    const other = await h.get<BindingState>(`${I}/binding/state`, { integralType: 'MOBILE_INTEGRAL' }, b);
    assert.equal(other.body.info.bound, false);
    assert.equal(other.body.info.phone, null);
    // Per carrier: the unicom binding of a is still empty.
    const unicom = await h.get<BindingState>(`${I}/binding/state`, { integralType: 'UNICOM_INTEGRAL' }, a);
    assert.equal(unicom.body.info.bound, false);
  });

  test('a balance without redirect answers the points (deterministic from the phone)', async () => {
    const t = await customer();
    const reply = await balance(t, '13900001234');
    assert.deepEqual(reply, { balance: 3702, flag: false, redirectUrl: null, phone: '13900001234', point: 3702 });
    assert.equal(demoBalance('13900001234'), 3702);
  });

  test('a phone that must authorise gets flag + redirectUrl; the sandbox page takes the code and sends the browser back', async () => {
    const t = await customer();
    const phone = '13800138009';
    const first = await balance(
      t,
      phone,
      'MOBILE_INTEGRAL',
      '/#/pages/activity/activityDetail?actSn=integral-integral-01',
    );
    assert.equal(first.flag, true);
    assert.equal(first.balance, null);
    assert.match(first.redirectUrl ?? '', /^\/sandbox\/carrier\/authorise\/ca[0-9a-f]{32}$/);
    const page = await h.inject({ method: 'GET', url: first.redirectUrl! });
    assert.equal(page.status, 200);
    assert.match(page.raw.body, /运营商积分授权/);
    assert.match(page.raw.body, /138\*\*\*\*8009/);
    const form = (code: string) =>
      h.inject({
        method: 'POST',
        url: first.redirectUrl!,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `code=${code}`,
      });
    const wrong = await form('000000');
    assert.equal(wrong.status, 400);
    assert.match(wrong.raw.body, /验证码错误/);
    const right = await form('138009');
    assert.equal(right.status, 303);
    assert.equal(right.raw.headers.location, '/#/pages/activity/activityDetail?actSn=integral-integral-01');
    // The ticket is used up; the balance now answers without asking again.
    assert.equal((await form('138009')).status, 404);
    const second = await balance(t, phone);
    assert.deepEqual(second, { balance: 24027, flag: false, redirectUrl: null, phone, point: 24027 });
  });

  test('a mini-program callbackUrl (the path its web-view page waits for) is where the carrier sends it back', async () => {
    // src/platform/carrier-redirect-core.ts MINI_CALLBACK_PATH (the storefront's module needs Taro: not imported here).
    const MINI_CALLBACK_PATH = '/?carrierAuth=done';
    const t = await customer();
    const first = await balance(t, '13800138019', 'UNICOM_INTEGRAL', MINI_CALLBACK_PATH);
    assert.equal(first.flag, true);
    const right = await h.inject({
      method: 'POST',
      url: first.redirectUrl!,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=138019',
    });
    assert.equal(right.status, 303);
    assert.equal(right.raw.headers.location, MINI_CALLBACK_PATH);
    assert.equal((await balance(t, '13800138019', 'UNICOM_INTEGRAL')).balance, 24057);
  });

  test('a callbackUrl to another origin is refused', async () => {
    const t = await customer();
    const res = await h.post(
      `${I}/balance`,
      { integralType: 'MOBILE_INTEGRAL', phone: '13800138009', callbackUrl: 'https://evil.example/' },
      t,
    );
    assert.equal(res.status, 400);
    assert.equal(res.body.message, '跳转地址不正确');
  });

  test('malformed phone or carrier: 400 with the §5 texts', async () => {
    const t = await customer();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ integralType: 'MOBILE_INTEGRAL', phone: '' }, '请输入手机号'],
      [{ integralType: 'MOBILE_INTEGRAL', phone: '1380013800' }, '请输入正确的11位手机号'],
      [{ integralType: 'MOBILE_INTEGRAL', phone: '12800138000' }, '请输入正确的11位手机号'],
      [{ integralType: 'TELECOM', phone: '13800138000' }, '积分类型不正确'],
    ];
    for (const [body, message] of cases) {
      const res = await h.post(`${I}/balance`, body, t);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.body.message, new RegExp(message));
    }
    const bind = await h.post(`${I}/bind/search`, { integralType: 'UNICOM_INTEGRAL', updatePhone: 'abc' }, t);
    assert.equal(bind.status, 400);
    const state = await h.get(`${I}/binding/state`, { integralType: 'x' }, t);
    assert.equal(state.status, 400);
    const submit = await h.post(
      `${O}/submit/integral`,
      {
        actSn: 'integral-integral-01',
        integralType: 'MOBILE_INTEGRAL',
        phone: '13800138000',
        points: -1,
        cashAmount: 0,
        requestId: rid(),
      },
      t,
    );
    assert.equal(submit.status, 400);
  });
});

describe('points orders', () => {
  const ITEM = 'integral-integral-04'; // 2GB流量包兑换: 800 移动积分, no cash

  async function bound(phone: string) {
    const t = await customer();
    await balance(t, phone);
    return t;
  }
  const submit = (t: string, phone: string, requestId = rid(), extra: Record<string, unknown> = {}) =>
    h.post<IntegralSubmitResult>(
      `${O}/submit/integral`,
      { actSn: ITEM, integralType: 'MOBILE_INTEGRAL', phone, points: 800, cashAmount: 0, requestId, ...extra },
      t,
    );

  test('the confirmation shows price, balance and what remains; the order deducts exactly its price', async () => {
    const phone = '13900002000'; // 6000
    const t = await bound(phone);
    const place = await h.post<PlaceOrderInfo>(`${O}/integral/place/order`, { actSn: ITEM }, t);
    assert.equal(place.status, 200, place.raw.body);
    assert.deepEqual(
      {
        points: place.body.info.points,
        cash: place.body.info.cashAmount,
        balance: place.body.info.balance,
        remaining: place.body.info.remaining,
        reason: place.body.info.disabledReason,
        phone: place.body.info.phone,
      },
      { points: 800, cash: 0, balance: 6000, remaining: 5200, reason: '', phone },
    );
    const res = await submit(t, phone);
    assert.equal(res.status, 200, res.raw.body);
    assert.equal(res.body.info.orderStatus, 'PAID');
    assert.equal(res.body.info.balance, 5200);
    assert.equal((await balance(t, phone)).balance, 5200);
    const detail = await h.get<OrderDetail>(`${O}/details/${res.body.info.orderNo}/`, {}, t);
    assert.equal(detail.status, 200, detail.raw.body);
    // The points spent show on the order beside its cash total (¥0 here), in the detail and the list.
    assert.deepEqual(
      [detail.body.info.integral, detail.body.info.totalAmount],
      [{ integralType: 'MOBILE_INTEGRAL', points: 800, cashAmount: 0 }, 0],
    );
    const list = await h.get<{ list: OrderSummary[] }>(`${O}/user/orders`, { tab: 'ALL' }, t);
    assert.equal(list.status, 200, list.raw.body);
    assert.deepEqual(list.body.info.list.find((o) => o.orderNo === res.body.info.orderNo)?.integral, {
      integralType: 'MOBILE_INTEGRAL',
      points: 800,
      cashAmount: 0,
    });
  });

  test('20 concurrent orders never take the balance below zero', async () => {
    const phone = '13900001000'; // 3000: three orders of 800 fit
    const t = await bound(phone);
    const replies = await Promise.all(Array.from({ length: 20 }, () => submit(t, phone)));
    const okCount = replies.filter((r) => r.status === 200).length;
    assert.equal(okCount, 3, replies.map((r) => r.status).join(','));
    for (const r of replies.filter((x) => x.status !== 200)) {
      assert.equal(r.status, 400);
      assert.equal(r.body.message, '积分不足');
    }
    assert.equal((await balance(t, phone)).balance, 600);
  });

  test('a replayed request, even 5 at once, makes one order and deducts once', async () => {
    const phone = '13900003000'; // 9000
    const t = await bound(phone);
    const id = rid();
    const replies = await Promise.all(Array.from({ length: 5 }, () => submit(t, phone, id)));
    for (const r of replies) assert.equal(r.status, 200, r.raw.body);
    assert.equal(new Set(replies.map((r) => r.body.info.orderNo)).size, 1);
    assert.equal((await balance(t, phone)).balance, 8200);
  });

  test('refused: unbound phone, another phone than the bound one, wrong points, wrong carrier', async () => {
    const t = await customer();
    const unbound = await submit(t, '13900004000');
    assert.equal(unbound.status, 400);
    assert.equal(unbound.body.message, '请先查询并绑定积分手机号');
    await balance(t, '13900004000');
    assert.equal((await submit(t, '13900005000')).body.message, '积分手机号已变更，请重新查询');
    assert.equal((await submit(t, '13900004000', rid(), { points: 1 })).body.message, '订单金额有误，请刷新后重试');
    assert.equal(
      (await submit(t, '13900004000', rid(), { integralType: 'UNICOM_INTEGRAL' })).body.message,
      '该商品不支持此类积分兑换',
    );
    assert.equal((await balance(t, '13900004000')).balance, 12000);
  });

  test('a points order with a cash part gives its points back when cancelled, once', async () => {
    const phone = '13900002500'; // 7500 联通积分
    const t = await customer();
    await balance(t, phone, 'UNICOM_INTEGRAL');
    const item = 'integral-integral-02'; // 1000 联通积分 + ¥1
    const place = await h.post<PlaceOrderInfo>(`${O}/integral/place/order`, { actSn: item }, t);
    assert.equal(place.body.info.cashAmount, 100);
    const res = await h.post<IntegralSubmitResult>(
      `${O}/submit/integral`,
      { actSn: item, integralType: 'UNICOM_INTEGRAL', phone, points: 1000, cashAmount: 100, requestId: rid() },
      t,
    );
    assert.equal(res.status, 200, res.raw.body);
    assert.equal(res.body.info.orderStatus, 'UNPAID');
    assert.equal(res.body.info.payAmount, 100);
    assert.equal((await balance(t, phone, 'UNICOM_INTEGRAL')).balance, 6500);
    const cancel = await h.post(`${O}/payment/order/cancel/${res.body.info.orderNo}`, {}, t);
    assert.equal(cancel.status, 200, cancel.raw.body);
    assert.equal((await balance(t, phone, 'UNICOM_INTEGRAL')).balance, 7500);
    assert.equal((await h.post(`${O}/payment/order/cancel/${res.body.info.orderNo}`, {}, t)).status, 409);
    assert.equal((await balance(t, phone, 'UNICOM_INTEGRAL')).balance, 7500);
  });
});

describe('a points item priced the same everywhere', () => {
  const UNICOM_CASH = { integralType: 'UNICOM_INTEGRAL', points: 1000, cashAmount: 100 }; // integral-02: 10元话费充值券
  const MOBILE = { integralType: 'MOBILE_INTEGRAL', points: 1500, cashAmount: 0 }; // integral-01, narrowed to mobile

  test('cards (column, search, hot recommendations), detail, confirmation and order all carry one points price', async () => {
    const t = await customer();
    const column = await h.post<Paged<ActivityCard>>(
      '/front/v1/customerPage/module/column/list',
      { columnSn: 'integral-col-integral', page: 1, perSize: 20 },
      t,
    );
    assert.equal(column.status, 200, column.raw.body);
    const cardOf = (list: ActivityCard[], actSn: string) => list.find((c) => c.actSn === actSn);
    assert.deepEqual(cardOf(column.body.info.list, 'integral-integral-02')?.pointsPrice, UNICOM_CASH);
    assert.deepEqual(cardOf(column.body.info.list, 'integral-integral-01')?.pointsPrice, MOBILE);
    const search = await h.get<Paged<ActivityCard>>('/front/v1/search', { keyword: '话费', page: 1, perSize: 10 }, t);
    assert.deepEqual(cardOf(search.body.info.list, 'integral-integral-02')?.pointsPrice, UNICOM_CASH);
    const hot = await h.get<{ list: ActivityCard[] }>(
      '/front/v1/activity/hot-recommend',
      { actSn: 'integral-integral-01' },
      t,
    );
    assert.equal(hot.status, 200, hot.raw.body);
    for (const c of hot.body.info.list) assert.equal(Boolean(c.pointsPrice), c.actType === 'INTEGRAL', c.actSn);

    const detail = await h.get<ActivityDetail>('/front/v1/activity/details', { actSn: 'integral-integral-02' }, t);
    assert.equal(detail.status, 200, detail.raw.body);
    assert.deepEqual(detail.body.info.pointsPrice, UNICOM_CASH);
    const place = await h.post<PlaceOrderInfo>(`${O}/integral/place/order`, { actSn: 'integral-integral-02' }, t);
    const { integralType, points, cashAmount } = place.body.info;
    assert.deepEqual({ integralType, points, cashAmount }, UNICOM_CASH);

    const phone = '13900002501';
    await balance(t, phone, 'UNICOM_INTEGRAL');
    const res = await h.post<IntegralSubmitResult>(
      `${O}/submit/integral`,
      { actSn: 'integral-integral-02', phone, requestId: rid(), ...UNICOM_CASH },
      t,
    );
    assert.equal(res.status, 200, res.raw.body);
    const order = await h.get<OrderDetail>(`${O}/details/${res.body.info.orderNo}/`, {}, t);
    assert.deepEqual(order.body.info.integral, UNICOM_CASH);
    const orders = await h.get<{ list: OrderSummary[] }>(`${O}/user/orders`, { tab: 'ALL' }, t);
    assert.deepEqual(orders.body.info.list.find((o) => o.orderNo === res.body.info.orderNo)?.integral, UNICOM_CASH);
  });

  test('any other item has no points price', async () => {
    const t = await customer();
    const detail = await h.get<ActivityDetail>('/front/v1/activity/details', { actSn: 'integral-course-01' }, t);
    assert.equal(detail.status, 200, detail.raw.body);
    assert.equal(detail.body.info.pointsPrice, null);
    const search = await h.get<Paged<ActivityCard>>('/front/v1/search', { keyword: '班', page: 1, perSize: 10 }, t);
    assert.ok(search.body.info.list.length > 0);
    for (const c of search.body.info.list) assert.equal(c.pointsPrice, null, c.actSn);
  });
});

describe('zero-price sign-up', () => {
  test('zero/activity then sign-up makes one paid order; again answers the same one', async () => {
    const t = (await h.login('13600009999', 'demo')).token;
    const info = await h.post<ZeroActivityInfo>('/front/v1/activity/zero/activity/demo-activity-02', {}, t);
    assert.equal(info.status, 200, info.raw.body);
    assert.deepEqual([info.body.info.free, info.body.info.signedUp], [true, false]);
    const replies = await Promise.all(
      [1, 2, 3].map(() => h.post<SignUpResult>(`${O}/sign-up`, { actSn: 'demo-activity-02' }, t)),
    );
    for (const r of replies) assert.equal(r.status, 200, r.raw.body);
    assert.equal(new Set(replies.map((r) => r.body.info.orderNo)).size, 1);
    assert.equal(replies[0].body.info.orderStatus, 'PAID');
    const after = await h.post<ZeroActivityInfo>('/front/v1/activity/zero/activity/demo-activity-02', {}, t);
    assert.equal(after.body.info.signedUp, true);
    const detail = await h.get<OrderDetail>(`${O}/details/${replies[0].body.info.orderNo}/`, {}, t);
    assert.equal(detail.status, 200, detail.raw.body);
    assert.equal(detail.body.info.integral, null, 'a sign-up spends no points');
  });

  test('a paid item is refused; an unknown one is 404', async () => {
    const t = (await h.login('13600009998', 'demo')).token;
    const paid = await h.post(`${O}/sign-up`, { actSn: 'demo-activity-05' }, t);
    assert.equal(paid.status, 400);
    assert.equal(paid.body.message, '该活动需付费购买，请提交订单');
    assert.equal((await h.post(`${O}/sign-up`, { actSn: 'demo-nope' }, t)).status, 404);
    assert.equal((await h.post(`${O}/sign-up`, {}, t)).status, 400);
  });
});
