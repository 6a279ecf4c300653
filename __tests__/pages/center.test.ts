/**
 * 我的: a visitor sees the login prompt and no numbers; a customer sees the masked phone, the order
 * counts and the coupon count from one summary call, and every entry opens a page that exists.
 */
jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import { BUILT_ROUTES } from '../../src/domain/routes';
import { runInAction } from 'mobx';
import { all, openAt, requests, resetServer, route, signIn, tap, text, waitFor, waitForPage } from './harness';

const SUMMARY = '/front/v1/user/summary';

beforeEach(() => resetServer());

describe('我的', () => {
  test('a customer: masked phone, order counts on the strip, the coupon count, one summary call', async () => {
    signIn('13800138000');
    route('GET', SUMMARY, () => ({
      info: {
        orders: { ALL: 8, UNPAID: 2, TO_SHIP: 1, TO_RECEIVE: 0, PAID: 120, CANCELLED: 0, REFUND: 1 },
        coupons: 5,
      },
    }));
    await openAt('/pages/center/center');
    expect(text('.sf-center__phone')).toBe('138****8000');
    await waitFor(() => expect(all('.sf-center__badge').map((b) => b.textContent)).toEqual(['2', '1', '99+', '1']));
    const strip = all('.sf-center__status').map((s) => s.querySelector('.sf-center__status-title')?.textContent);
    expect(strip).toEqual(['待付款', '待发货', '待收货', '已完成', '退款/售后']);
    if (BUILT_ROUTES.has('subpackages/coupon/discountCouponList/discountCouponList')) {
      expect(text('.sf-center__asset-num')).toBe('5');
    } else {
      expect(all('.sf-center__asset')).toHaveLength(0);
    }
    expect(requests.filter((r) => r.path === SUMMARY)).toHaveLength(1);
  });

  test('the coupon row is on the page before the summary answers (no shift when the number comes); a failed call leaves it out', async () => {
    if (!BUILT_ROUTES.has('subpackages/coupon/discountCouponList/discountCouponList')) return;
    signIn('13800138000');
    let answer: (reply: { info: unknown } | { error: string; status: number }) => void = () => undefined;
    route('GET', SUMMARY, () => new Promise((r) => (answer = r)));
    await openAt('/pages/center/center');
    await waitFor(() => expect(requests.filter((r) => r.path === SUMMARY)).toHaveLength(1));
    expect(all('.sf-center__asset')).toHaveLength(1);
    expect(all('.sf-center__asset-num.is-loading')).toHaveLength(1);
    answer({
      info: { orders: { ALL: 0, UNPAID: 0, TO_SHIP: 0, TO_RECEIVE: 0, PAID: 0, CANCELLED: 0, REFUND: 0 }, coupons: 3 },
    });
    await waitFor(() => expect(text('.sf-center__asset-num')).toBe('3'));
    expect(all('.sf-center__asset-num.is-loading')).toHaveLength(0);
  });

  test('a failed summary call: no coupon row, the page still works', async () => {
    signIn('13800138000');
    route('GET', SUMMARY, () => ({ error: '服务繁忙', status: 500 }));
    await openAt('/pages/center/center');
    await waitFor(() => expect(all('.sf-center__assets')).toHaveLength(0));
    expect(text('.sf-center__phone')).toBe('138****8000');
    expect(all('.sf-center__entry').length).toBeGreaterThan(0);
  });

  test('a visitor: the login prompt, no summary call, no counts', async () => {
    signIn(null);
    await openAt('/pages/center/center');
    await waitFor(() => expect(text('.sf-center__login')).toBe('登录/注册'));
    expect(all('.sf-center__badge')).toHaveLength(0);
    expect(all('.sf-center__assets')).toHaveLength(0);
    expect(requests.filter((r) => r.path === SUMMARY)).toHaveLength(0);
  });

  test('every entry shown leads to a built page (an unbuilt capability is absent, not a dead tile)', async () => {
    signIn('13800138000');
    route('GET', SUMMARY, () => ({
      info: { orders: { ALL: 0, UNPAID: 0, PAID: 0, CANCELLED: 0, REFUND: 0 }, coupons: 0 },
    }));
    await openAt('/pages/center/center');
    await waitFor(() => expect(all('.sf-center__entry').length).toBeGreaterThan(0));
    expect(all('.sf-center__badge')).toHaveLength(0);
    const titles = all('.sf-center__entry-title').map((e) => e.textContent);
    expect(titles).toContain('收货地址');
    expect(titles).toContain('联系客服');
    if (!BUILT_ROUTES.has('subpackages/earnings/earnings/myEarnings')) expect(titles).not.toContain('我的收益');
    if (!BUILT_ROUTES.has('subpackages/order/afterSale/afterSaleOrder')) expect(titles).not.toContain('售后服务');
    // Carrier points belong to the points project only.
    expect(titles).not.toContain('积分查询');
  });

  test('the points project shows 积分查询, which opens the points page', async () => {
    signIn('13800138000');

    const { rootStore } = require('../../src/stores');
    runInAction(() => (rootStore.session.projectEnum = 'INTEGRAL_APPLE'));
    route('GET', SUMMARY, () => ({
      info: { orders: { ALL: 0, UNPAID: 0, PAID: 0, CANCELLED: 0, REFUND: 0 }, coupons: 0 },
    }));
    route('GET', '/front/v1/activity/integral/binding/state', (data) => ({
      info: {
        integralType: data.integralType,
        bound: true,
        phone: '13900002000',
        point: data.integralType === 'MOBILE_INTEGRAL' ? 6000 : 300,
        needAuth: false,
      },
    }));
    await openAt('/pages/center/center');
    await waitFor(() => expect(all('.sf-center__entry-title').map((e) => e.textContent)).toContain('积分查询'));
    tap(all('.sf-center__entry').find((e) => e.textContent?.includes('积分查询')));
    await waitForPage('subpackages/user/integral/integralQuery');
    await waitFor(() => expect(text('#points-MOBILE_INTEGRAL .sf-points__num')).toBe('6000'));
    expect(text('#points-MOBILE_INTEGRAL .sf-points__suffix')).toBe('移动积分');
    expect(text('#points-UNICOM_INTEGRAL .sf-points__num')).toBe('300');
    expect(text('#points-UNICOM_INTEGRAL .sf-points__phone')).toBe('139****2000');
  });
});
