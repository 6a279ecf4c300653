/**
 * What a screen asks the server when it opens is asked once: effects run on what they depend on (the item, the
 * page, the popup opening), never again because a parent re-rendered with new inline handlers or the screen's
 * own store changed. Counted on the area picker, the login form's countdown, the 积分查询 popup, the points
 * order screen and the points benefits tab.
 */
jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import { runInAction } from 'mobx';
import type { PageInfo } from '../../contract/pages';
import type { PlaceOrderInfo } from '../../contract/integral';
import { asCustomer } from './customer';
import { card } from './fixtures';
import {
  all,
  currentPage,
  openAt,
  passDuplicateWindow,
  requests,
  route,
  tap,
  text,
  tick,
  typeKeys,
  waitFor,
} from './harness';

asCustomer();

const count = (path: string, where: (data: Record<string, unknown>) => boolean = () => true) =>
  requests.filter((r) => r.path === path && where(r.data)).length;

/** Lets a screen settle (renders, store writes, any effect that would run again) before its calls are counted. */
async function settle() {
  for (let i = 0; i < 10; i += 1) await tick();
  await new Promise((r) => setTimeout(r, 100));
}

const STATE = '/front/v1/activity/integral/binding/state';

test('the area picker asks for the provinces once per opening, and each level once', async () => {
  const CHILDREN = '/front/v1/common/area/childList';
  route('GET', CHILDREN, (q) => ({
    info: {
      list:
        q.parentId === '0'
          ? [{ id: '440000', name: '广东省', hasChildren: true }]
          : [{ id: '440100', name: '广州市', hasChildren: true }],
    },
  }));
  await openAt('/subpackages/user/address/addEditAddress');
  tap(all('#address-area')[0]);
  await waitFor(() => expect(all('.sf-area__item').map((a) => a.textContent)).toEqual(['广东省']));
  await settle();
  expect(count(CHILDREN)).toBe(1);
  tap(all('.sf-area__item')[0]);
  await waitFor(() => expect(all('.sf-area__item').map((a) => a.textContent)).toEqual(['广州市']));
  await settle();
  expect(requests.filter((r) => r.path === CHILDREN).map((r) => r.data.parentId)).toEqual(['0', '440000']);
});

test('the login form asks for one code and counts down a second at a time', async () => {
  const CODE = '/api/user/phone/verification/code';
  route('POST', '/front/v1/entrance', () => ({
    info: {
      token: 'visitor-token',
      userInfo: { userId: 'u1', phone: null, unionId: null, nickName: null, avatar: null },
      timestamp: Date.now(),
      needAuth: false,
      tips: null,
      sceneStyle: null,
      projectEnum: 'DEFAULT',
      projectParam: { projectSn: 'demo', projectName: '演示商城' },
    },
  }));
  route('POST', '/front/v1/user/auth', () => ({ info: { needAuthUser: false, needAuthPhone: true } }));
  route('GET', '/front/v1/customerPage/menu', () => ({ info: { tabList: [] } }));
  route('GET', CODE, () => ({ info: { resendAfter: 60 } }));
  await openAt('/pages/entrance/entrance?projectSn=demo&login=phone');
  await waitFor(() => expect(all('.sf-login__code').length).toBe(1));
  await typeKeys('#login-phone', '13800138000');
  tap(all('.sf-login__code')[0]);
  await waitFor(() => expect(text('.sf-login__code')).toBe('60s后重新获取'));
  await waitFor(() => expect(text('.sf-login__code')).toBe('59s后重新获取'), 5000);
  // A tap while counting down asks nothing.
  tap(all('.sf-login__code')[0]);
  await settle();
  expect(count(CODE)).toBe(1);
});

describe('points', () => {
  const info: PlaceOrderInfo = {
    actSn: 'P1',
    actName: '2GB流量包兑换',
    cover: '',
    integralType: 'MOBILE_INTEGRAL',
    points: 800,
    cashAmount: 0,
    maxIntegral: 0,
    phone: null,
    balance: null,
    remaining: null,
    needAuth: false,
    disabledReason: '请先查询并绑定积分手机号',
  };

  test('the points order is asked for once; opening 积分查询 asks the bound phone once', async () => {
    const PLACE = '/front/v1/client/order/integral/place/order';
    route('POST', PLACE, () => ({ info }));
    route('GET', STATE, () => ({
      info: { integralType: 'MOBILE_INTEGRAL', bound: true, phone: '13900003000', point: 9000, needAuth: false },
    }));
    await openAt('/subpackages/order/integral/integralOrder?actSn=P1');
    await waitFor(() => expect(text('#points-submit')).toBe('查询积分'));
    await settle();
    expect(count(PLACE)).toBe(1);
    // The popup's store changes and the screen re-renders with new inline handlers: no call is repeated.
    tap(all('#points-submit')[0]);
    await waitFor(() => expect(text('#integral-result-view #integral-balance')).toBe('9000移动积分'));
    await settle();
    expect(count(STATE)).toBe(1);
    expect(count(PLACE)).toBe(1);
  });

  test('积分查询: a balance handed to the page that re-renders it asks nothing again', async () => {
    route('GET', STATE, (q) => ({
      info:
        q.integralType === 'MOBILE_INTEGRAL'
          ? { integralType: 'MOBILE_INTEGRAL', bound: true, phone: '13900001000', point: 1000, needAuth: false }
          : { integralType: 'UNICOM_INTEGRAL', bound: false, phone: null, point: null, needAuth: false },
    }));
    await openAt('/subpackages/user/integral/integralQuery');
    await waitFor(() => expect(text('#points-MOBILE_INTEGRAL .sf-points__num')).toBe('1000'));
    // The popup's own call is sent, not answered by the wrapper from the page's identical one.
    passDuplicateWindow();
    tap(all('#points-query-MOBILE_INTEGRAL')[0]);
    await waitFor(() => expect(text('#integral-result-view #integral-balance')).toBe('1000移动积分'));
    await settle();
    // The page's own look on showing, then the popup's on opening.
    expect(count(STATE, (d) => d.integralType === 'MOBILE_INTEGRAL')).toBe(2);
    expect(count(STATE, (d) => d.integralType === 'UNICOM_INTEGRAL')).toBe(1);
  });

  test('the benefits tab asks for the balances and the column once when its page loads, again on a show', async () => {
    const COLUMN = '/front/v1/customerPage/module/column/list';
    const MOBILE = { integralType: 'MOBILE_INTEGRAL', points: 800, cashAmount: 0 };
    const page: PageInfo = {
      pageSn: 'integral-tab-4',
      pageTitle: '权益',
      modules: [
        {
          moduleSn: 'm2',
          moduleType: 'ACTIVITY_COLUMN',
          title: '积分兑换',
          items: [],
          columnSn: 'col-integral',
          cards: [card('I1', { actType: 'INTEGRAL', price: 800, pointsPrice: MOBILE })],
          hasMore: true,
        },
      ],
    };
    const { rootStore } = require('../../src/stores');
    runInAction(() => (rootStore.session.projectEnum = 'INTEGRAL_APPLE'));
    route('GET', '/front/v1/customerPage/menu', () => ({
      info: {
        tabList: [{ tabIndex: 3, title: '权益', pageSn: 'integral-tab-4', jumpContent: { firstEnum: 'CUSTOM_PAGE' } }],
      },
    }));
    route('POST', '/front/v1/customerPage/moduleInfo', () => ({ info: page }));
    route('POST', COLUMN, () => ({
      info: {
        columnTitle: '积分兑换',
        list: [card('I1', { actType: 'INTEGRAL', price: 800, pointsPrice: MOBILE })],
        total: 1,
        page: 1,
        perSize: 50,
      },
    }));
    route('GET', STATE, (q) => ({
      info: { integralType: q.integralType, bound: true, phone: '13900001000', point: 1000, needAuth: false },
    }));
    await openAt('/pages/index/tabFour');
    await waitFor(() => expect(text('#benefits-MOBILE_INTEGRAL .sf-benefits__num')).toBe('1000'));
    await settle();
    expect(count(STATE)).toBe(2);
    expect(count(COLUMN)).toBe(1);
    passDuplicateWindow();
    await currentPage().onShow();
    await waitFor(() => expect(count(STATE)).toBe(4));
    await settle();
    expect(count(STATE)).toBe(4);
    expect(count(COLUMN)).toBe(2);
  });
});
