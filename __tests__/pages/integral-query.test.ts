/**
 * 积分查询 coming back from the carrier's authorisation (§4 points): the page that asked finds the stored
 * query (phone and flag) and finishes it without asking for the phone again; if the carrier still wants an
 * authorisation (the customer came back without giving it), the customer is told so and is not sent to the
 * carrier a second time. The same popup code runs after the H5 callback and after the mini-program web-view.
 */
jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import Taro from '@tarojs/taro';
import { storePending, hasPending } from '../../src/platform/carrier-redirect-core';
import { all, currentPage, openAt, requests, resetServer, route, signIn, tap, text, waitFor } from './harness';

const BALANCE = '/front/v1/activity/integral/balance';
const STATE = '/front/v1/activity/integral/binding/state';
const PAGE = '/subpackages/user/integral/integralQuery';

let toast: jest.SpyInstance;
beforeEach(() => {
  resetServer();
  signIn('13800138000');
  toast = jest.spyOn(Taro, 'showToast');
  route('GET', STATE, (q) => ({
    info: { integralType: q.integralType, bound: true, phone: '13800138009', point: null, needAuth: true },
  }));
});
afterEach(() => toast.mockRestore());

describe('积分查询 after the carrier', () => {
  test('authorised: the stored query finishes by itself with the stored phone, once', async () => {
    route('POST', BALANCE, (d) => ({
      info: { balance: 24027, flag: false, redirectUrl: null, phone: d.phone, point: 24027 },
    }));
    storePending({ integralType: 'MOBILE_INTEGRAL', phone: '13800138009' });
    await openAt(PAGE);
    await waitFor(() => expect(text('#integral-result-view #integral-balance')).toBe('24027移动积分'));
    const asked = requests.filter((r) => r.path === BALANCE);
    expect(asked.map((r) => [r.data.integralType, r.data.phone])).toEqual([['MOBILE_INTEGRAL', '13800138009']]);
    expect(hasPending('MOBILE_INTEGRAL')).toBe(false);
    await waitFor(() => expect(text('#points-MOBILE_INTEGRAL .sf-points__num')).toBe('24027'));
  });

  test('a mini-program: the web-view page goes back, this page shows again with the popup open, and the query finishes', async () => {
    route('POST', BALANCE, (d) => ({
      info: { balance: 24027, flag: false, redirectUrl: null, phone: d.phone, point: 24027 },
    }));
    await openAt(PAGE);
    tap(all('#points-query-MOBILE_INTEGRAL')[0]);
    await waitFor(() => expect(all('#integral-search-view')).toHaveLength(1));
    // What carrier-redirect.weapp's goAuthorise left before opening the web-view page over this one.
    storePending({ integralType: 'MOBILE_INTEGRAL', phone: '13800138009' });
    expect(requests.filter((r) => r.path === BALANCE)).toHaveLength(0);
    await currentPage().onShow();
    await waitFor(() => expect(text('#integral-result-view #integral-balance')).toBe('24027移动积分'));
    expect(requests.filter((r) => r.path === BALANCE).map((r) => r.data.phone)).toEqual(['13800138009']);
    expect(hasPending('MOBILE_INTEGRAL')).toBe(false);
  });

  test('not authorised: told so, the phone kept on the search view, not sent to the carrier again', async () => {
    route('POST', BALANCE, (d) => ({
      info: { balance: null, flag: true, redirectUrl: '/sandbox/carrier/authorise/ca2', phone: d.phone, point: null },
    }));
    storePending({ integralType: 'UNICOM_INTEGRAL', phone: '13800138009' });
    const before = window.location.href;
    await openAt(PAGE);
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '积分授权未完成，请重新查询' })),
    );
    expect(requests.filter((r) => r.path === BALANCE)).toHaveLength(1);
    expect(hasPending('UNICOM_INTEGRAL')).toBe(false);
    expect(window.location.href).toBe(before);
    await waitFor(() =>
      expect(
        (all('#integral-search-view #integral-phone')[0]?.querySelector('input') as HTMLInputElement | null)?.value,
      ).toBe('13800138009'),
    );
  });
});
