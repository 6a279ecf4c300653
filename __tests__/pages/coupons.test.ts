/**
 * Coupon and card pages: 我的优惠券's tabs and ticket texts, 去使用's §4 jumps and failure tip, the
 * claim buttons, the redeem flow with each refusal's message, and moreActivity by couponSn (暂无可用活动).
 */
jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import Taro from '@tarojs/taro';
import type { ClaimDetails, HeldCoupon } from '@contract/coupon';
import { chinaTime } from '@contract/rules/china-time';
import {
  all,
  currentRoute,
  openAt,
  passDuplicateWindow,
  requests,
  route,
  tap,
  text,
  typeKeys,
  waitFor,
} from './harness';
import { asCustomer } from './customer';
import { heldCoupon } from '../fixtures/coupons';

// The H5 header's taro-ui icon sizes itself with pxTransform, which a real build configures at boot.
beforeAll(() => Taro.initPxTransform({ designWidth: 750, deviceRatio: { 640: 2.34 / 2, 750: 1, 828: 1.81 / 2 } }));
const customer = asCustomer();

const endOfTodayChina = () => chinaTime(Date.now())!.endOf('day').toISOString();
/** A coupon received now that ends tonight (今日到期), with two lines of notes. */
const held = (over: Partial<HeldCoupon>): HeldCoupon => {
  const now = new Date().toISOString();
  return heldCoupon({
    couponSn: 'cp1',
    couponName: '新人立减20元',
    validityDays: 30,
    startTime: now,
    endTime: endOfTodayChina(),
    instructions: '下单立减\n不与其他优惠同享',
    receivedAt: now,
    ...over,
  });
};
const paged = <T>(list: T[]) => ({ info: { list, total: list.length, page: 1, perSize: 10 } });

describe('我的优惠券', () => {
  test('tickets: amount or 折, threshold, scope, validity from and until, 今日到期, notes as lines; tabs ask the server by state', async () => {
    route('GET', '/front/v1_2/coupon/coupon-list', (q) =>
      q.state === '2'
        ? paged([held({ rcSn: 'rc9', couponName: '已使用的10元券', state: 2 })])
        : paged([
            held({}),
            held({
              rcSn: 'rc2',
              couponSn: 'cp2',
              couponName: '课程85折券',
              couponType: 2,
              couponAmount: 15,
              upperLimit: 30000,
              threshold: 100000,
              validityType: 5,
              validityDays: null,
            }),
          ]),
    );
    await openAt('/subpackages/coupon/discountCouponList/discountCouponList');
    await waitFor(() => expect(all('.sf-ticket').length).toBe(2));
    const [first, second] = all('.sf-ticket');
    expect(first.querySelector('.sf-ticket__amount')!.textContent).toBe('¥20');
    expect(first.querySelector('.sf-ticket__threshold')!.textContent).toBe('无门槛');
    const today = chinaTime(Date.now())!.format('YYYY.MM.DD');
    expect(first.querySelector('.sf-ticket__validity')!.textContent).toBe(`有效期 ${today} - ${today}今日到期`);
    expect(Array.from(first.querySelectorAll('.sf-ticket__note')).map((n) => n.textContent)).toEqual([
      '下单立减',
      '不与其他优惠同享',
    ]);
    expect(second.querySelector('.sf-ticket__amount')!.textContent).toBe('8.5折');
    expect(second.querySelector('.sf-ticket__threshold')!.textContent).toBe('满1000元可用');
    expect(second.querySelector('.sf-ticket__scope')!.textContent).toBe('全部商品可用 · 最高减300元');
    expect(second.querySelector('.sf-ticket__validity')!.textContent).toBe('长期有效');

    tap(all('.sf-coupons-page__tab').find((t) => t.textContent === '已使用'));
    await waitFor(() => expect(text('.sf-ticket__name')).toBe('已使用的10元券'));
    expect(all('.sf-ticket.is-disabled').length).toBe(1);
    expect(text('.sf-ticket__mark')).toBe('已使用');
    expect(all('.sf-pill').length).toBe(0);
    expect(requests.filter((r) => r.path === '/front/v1_2/coupon/coupon-list').map((r) => r.data.state)).toEqual([
      '1',
      '2',
    ]);
  });

  test('an empty tab shows the empty view', async () => {
    route('GET', '/front/v1_2/coupon/coupon-list', () => paged([]));
    await openAt('/subpackages/coupon/discountCouponList/discountCouponList');
    await waitFor(() => expect(text('.sf-empty__text')).toBe('暂无优惠券'));
  });

  test('去使用 asks useDiscountCoupon with page 1 size 10; jumpType 2 with no activities says 暂无可用活动; 1 goes home', async () => {
    let answer: unknown = { activityList: { result: [], total: 0 }, jumpType: 2, targetSn: 'cp1' };
    route('GET', '/front/v1_2/coupon/coupon-list', () => paged([held({})]));
    route('GET', '/front/v1_2/coupon/use', () => ({ info: answer }));
    await openAt('/subpackages/coupon/discountCouponList/discountCouponList');
    await waitFor(() => expect(all('.sf-pill').length).toBe(1));
    tap(all('.sf-pill')[0]);
    await customer.seesToast('暂无可用活动');
    expect(requests.find((r) => r.path === '/front/v1_2/coupon/use')!.data).toMatchObject({
      couponSn: 'cp1',
      page: '1',
      perSize: '10',
    });
    answer = { activityList: { result: [], total: 0 }, jumpType: 1, targetSn: null };
    const switchTab = jest.spyOn(Taro, 'switchTab');
    passDuplicateWindow();
    tap(all('.sf-pill')[0]);
    await waitFor(() => expect(switchTab).toHaveBeenCalledWith(expect.objectContaining({ url: '/pages/index/index' })));
    switchTab.mockRestore();
  });

  test('a failed 去使用 shows the server’s message as a tip', async () => {
    route('GET', '/front/v1_2/coupon/coupon-list', () => paged([held({})]));
    route('GET', '/front/v1_2/coupon/use', () => ({ error: '该优惠券已过期', code: 4213, status: 409 }));
    await openAt('/subpackages/coupon/discountCouponList/discountCouponList');
    await waitFor(() => expect(all('.sf-pill').length).toBe(1));
    tap(all('.sf-pill')[0]);
    await customer.seesToast('该优惠券已过期');
  });

  test('moreActivity with couponSn lists by the coupon; none says 暂无可用活动', async () => {
    route('POST', '/front/v1/customerPage/column/more-level/list', (body) => {
      expect(body.couponSn).toBe('cp1');
      return { info: { list: [], total: 0, page: 1, perSize: 10, columnTitle: '适用活动' } };
    });
    await openAt('/subpackages/activity/moreActivity/moreActivity?couponSn=cp1');
    await waitFor(() => expect(text('.sf-empty__text')).toBe('暂无可用活动'));
  });
});

describe('claim page', () => {
  const details = (state: 'AVAILABLE' | 'CLAIMED' | 'SOLD_OUT', claimedByMe = 0): ClaimDetails => ({
    actSn: 'A1',
    title: '扫码领券',
    description: '',
    startAt: null,
    endAt: null,
    status: 'ONGOING',
    coupons: [
      {
        itemId: 'I1',
        couponSn: 'c1',
        couponName: '扫码立减30元',
        couponType: 1,
        couponAmount: 3000,
        threshold: 0,
        upperLimit: 0,
        scope: '全部商品可用',
        validityType: 1,
        validityDays: 7,
        validStart: null,
        validEnd: null,
        instructions: '',
        stock: 10,
        remaining: state === 'SOLD_OUT' ? 0 : 5,
        perPerson: 1,
        claimedByMe,
        state,
      },
    ],
  });

  test('领取 then 已领取; 已领完 cannot be tapped', async () => {
    route('GET', '/front/v1/activity/scan/code/coupons/details', () => ({ info: details('AVAILABLE') }));
    route('POST', '/front/v1/activity/scan/code/receive/coupons/I1', () => ({
      info: { rcSn: 'rc', item: details('CLAIMED', 1).coupons[0] },
    }));
    await openAt('/subpackages/activity/getCouponActive/getCouponActive?actSn=A1');
    await waitFor(() => expect(text('.sf-pill')).toBe('领取'));
    expect(text('.sf-ticket__scope + .sf-ticket__scope')).toBe('剩余5张 · 每人限领1张');
    tap(all('.sf-pill')[0]);
    await waitFor(() => expect(text('.sf-pill')).toBe('已领取'));
    await customer.seesToast('领取成功');
  });

  test('a refusal shows the server’s message and the page reloads', async () => {
    let gone = false;
    route('GET', '/front/v1/activity/scan/code/coupons/details', () => ({
      info: details(gone ? 'SOLD_OUT' : 'AVAILABLE'),
    }));
    route('POST', '/front/v1/activity/scan/code/receive/coupons/I1', () => {
      gone = true;
      return { error: '优惠券已领完', code: 4210, status: 409 };
    });
    await openAt('/subpackages/activity/getCouponActive/getCouponActive?actSn=A1');
    await waitFor(() => expect(text('.sf-pill')).toBe('领取'));
    // The reload asks again what it asked on open; a person taps long after the 600 ms duplicate window.
    passDuplicateWindow();
    tap(all('.sf-pill')[0]);
    await customer.seesToast('优惠券已领完');
    await waitFor(() => expect(text('.sf-pill')).toBe('已领完'));
  });
});

describe('card-secret redeem', () => {
  const preview = {
    cardName: '精品课体验卡',
    faceValue: 19900,
    description: '',
    instructions: '',
    validityDays: 180,
    coupons: [],
  };

  test('a malformed code is refused before asking; the server’s message for a wrong one', async () => {
    route('POST', '/front/v1/client/card/code/check', () => ({
      error: '卡密错误，请核对后重新输入',
      code: 4201,
      status: 400,
    }));
    await openAt('/subpackages/activity/exchangeCenter/exchangeCenter');
    await typeKeys('#exchange-code', 'ab c');
    tap(all('.sf-exchange__submit')[0]);
    await waitFor(() => expect(text('.sf-exchange__message')).toBe('卡密格式不正确，请核对后重新输入'));
    expect(requests.filter((r) => r.path === '/front/v1/client/card/code/check')).toHaveLength(0);
    await typeKeys('#exchange-code', 'zzzz zzzz zzzz');
    tap(all('.sf-exchange__submit')[0]);
    await waitFor(() => expect(text('.sf-exchange__message')).toBe('卡密错误，请核对后重新输入'));
    expect(requests.find((r) => r.path === '/front/v1/client/card/code/check')!.data.cardCode).toBe('ZZZZZZZZZZZZ');
  });

  test('check, confirm, success: the code travels in the body, never in a page URL', async () => {
    route('POST', '/front/v1/client/card/code/check', () => ({ info: { preview } }));
    route('POST', '/front/v1/client/card/code/redeem', (body) => {
      expect(body.cardCode).toBe('DEMOCARD0001');
      return { info: { voucher: { voucherSn: 'V1' } } };
    });
    route('GET', '/front/v1/client/card/code/details/V1', () => ({
      info: { voucherSn: 'V1', cardName: '精品课体验卡', coupons: [] },
    }));
    await openAt('/subpackages/activity/exchangeCenter/exchangeCenter');
    await typeKeys('#exchange-code', 'demo-card-0001');
    tap(all('.sf-exchange__submit')[0]);
    await waitFor(() => expect(currentRoute()).toBe('subpackages/activity/exchangeDetail/exchangeDetail'));
    await waitFor(() => expect(text('.sf-exchange__name')).toBe('精品课体验卡'));
    expect(text('.sf-exchange__code')).toBe('DEMO-CARD-0001');
    expect(window.location.hash).not.toMatch(/DEMO/i);
    tap(all('.sf-exchange__submit').slice(-1)[0]);
    await waitFor(() => expect(currentRoute()).toBe('subpackages/result/success/exchangeSuccess'));
    await waitFor(() => expect(text('.sf-result__text')).toContain('精品课体验卡'));
  });
});
