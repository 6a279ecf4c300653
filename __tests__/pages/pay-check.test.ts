/**
 * §4 payment return, §8 pay-check popup: back from a cashier with an order number stored and no notification
 * yet, the customer is asked in §8's words (请确认微信支付是否已完成), whichever cashier stood in for WeChat's.
 */
jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import { PENDING_ORDER_KEY } from '../../src/platform/payment/types';
import { storage } from '../../src/platform/storage';
import { asCustomer } from './customer';
import { currentRoute, openAt, route, tap, text, waitFor } from './harness';

asCustomer();

test.each(['sandbox', 'wechat'])(
  'a %s payment still unsettled: 请确认微信支付是否已完成; 支付遇到问题，重新支付 stays on the order list',
  async (provider) => {
    route('GET', '/front/v1/client/order/user/orders', () => ({ info: { list: [], total: 0, page: 1, perSize: 10 } }));
    route('GET', '/front/v1/client/order/details/SO9/', () => ({
      info: { orderNo: 'SO9', lastPayment: { status: 'PENDING', provider } },
    }));
    storage.set(PENDING_ORDER_KEY, 'SO9');
    const page = await openAt('/pages/order/orderList');
    await waitFor(() => expect(page.querySelector('.sf-tip__title')?.textContent).toBe('请确认微信支付是否已完成'));
    expect(text('.sf-tip__message')).toBe('订单号：SO9');
    expect(text('.sf-tip__btn--cancel')).toBe('支付遇到问题，重新支付');
    tap(page.querySelector('.sf-tip__btn--cancel'));
    await waitFor(() => expect(document.querySelector('.sf-tip__title')).toBeNull());
    expect(currentRoute()).toBe('pages/order/orderList');
    expect(storage.get(PENDING_ORDER_KEY)).toBeFalsy();
  },
);
