/**
 * The points order screen (subpackages/order/integral/integralOrder): the points price, the bound phone,
 * the balance and what remains as the server says; 确认兑换 sends exactly what was shown with one request id and
 * opens the points-only order in the screen's place; without a usable balance the button queries instead; an
 * item that is no points item shows the server's refusal in place of the order.
 */
jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import Taro from '@tarojs/taro';
import type { PlaceOrderInfo } from '../../contract/integral';
import {
  all,
  currentRoute,
  openAt,
  requests,
  resetServer,
  route,
  signIn,
  tap,
  text,
  waitFor,
  waitForPage,
} from './harness';

const PLACE = '/front/v1/client/order/integral/place/order';
const SUBMIT = '/front/v1/client/order/submit/integral';
const PAGE = '/subpackages/order/integral/integralOrder';

const info = (over: Partial<PlaceOrderInfo> = {}): PlaceOrderInfo => ({
  actSn: 'P1',
  actName: '2GB流量包兑换',
  cover: '',
  integralType: 'MOBILE_INTEGRAL',
  points: 800,
  cashAmount: 0,
  maxIntegral: 0,
  phone: '13900003000',
  balance: 9000,
  remaining: 8200,
  needAuth: false,
  disabledReason: '',
  ...over,
});

beforeEach(() => {
  resetServer();
  signIn('13800138000');
});

describe('积分兑换 screen', () => {
  test('shows the order as the server prices it; 确认兑换 submits it and opens the paid order', async () => {
    route('POST', PLACE, () => ({ info: info() }));
    route('POST', SUBMIT, () => ({
      info: { orderNo: 'SO1', payAmount: 0, totalAmount: 0, orderStatus: 'PAID', points: 800, balance: 8200 },
    }));
    route('GET', '/front/v1/client/order/details/SO1/', () => ({ error: '订单获取失败, 请重试!' }));
    await openAt(`${PAGE}?actSn=P1`);
    await waitFor(() => expect(text('#points-price')).toBe('800移动积分'));
    expect(text('#points-balance')).toBe('9000移动积分');
    expect(text('#points-remaining')).toBe('8200移动积分');
    expect(text('#points-order')).toContain('139****3000');
    tap(all('#points-submit')[0]);
    await waitForPage('/pages/order/orderDetail');
    const sent = requests.filter((r) => r.path === SUBMIT);
    expect(sent).toHaveLength(1);
    expect(sent[0].data).toMatchObject({
      actSn: 'P1',
      integralType: 'MOBILE_INTEGRAL',
      phone: '13900003000',
      points: 800,
      cashAmount: 0,
    });
    expect(String(sent[0].data.requestId)).toMatch(/^r/);
    expect(currentRoute()).toContain('pages/order/orderDetail');
    // In the screen's place: back from the order goes to whatever opened the screen, not to a spent confirmation.
    expect(Taro.getCurrentPages().some((p) => String(p.route ?? p.path ?? '').includes('integralOrder'))).toBe(false);
  });

  test('no usable balance: the reason shows and the button opens 积分查询 instead of ordering', async () => {
    route('POST', PLACE, () => ({
      info: info({ phone: null, balance: null, remaining: null, disabledReason: '请先查询并绑定积分手机号' }),
    }));
    route('GET', '/front/v1/activity/integral/binding/state', () => ({
      info: { integralType: 'MOBILE_INTEGRAL', bound: false, phone: null, point: null, needAuth: false },
    }));
    await openAt(`${PAGE}?actSn=P1`);
    await waitFor(() => expect(text('.sf-po__reason')).toBe('请先查询并绑定积分手机号'));
    expect(text('#points-submit')).toBe('查询积分');
    tap(all('#points-submit')[0]);
    await waitFor(() => expect(all('#integral-search-view')).toHaveLength(1));
    expect(requests.filter((r) => r.path === SUBMIT)).toHaveLength(0);
  });

  test('not a points item: the server’s refusal in place of the order', async () => {
    route('POST', PLACE, () => ({ error: '该商品不支持积分兑换', status: 400 }));
    await openAt(`${PAGE}?actSn=G1`);
    await waitFor(() => expect(text('.sf-empty__text')).toBe('该商品不支持积分兑换'));
    expect(all('#points-submit')).toHaveLength(0);
  });
});
