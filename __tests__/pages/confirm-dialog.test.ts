/**
 * The confirmation asked before an action is the page's own dialog (components/confirm: taro-ui's AtModal inside
 * the themed page): it shows the spec's words, 取消 sends nothing, 确定 carries out exactly the one action.
 */
jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import type { OrderSummary } from '../../contract/payment';
import { confirm as miniConfirm } from '../../src/components/confirm/mini';
import { ConfirmStore } from '../../src/components/confirm/store';
import { asCustomer } from './customer';
import {
  all,
  confirmClosed as closed,
  confirmDialog as dialog,
  currentRoute,
  openAt,
  requests,
  route,
  tap,
  tick,
  waitFor,
  watchHostDialog,
} from './harness';

const customer = asCustomer();
const host = watchHostDialog();

describe('order list 取消订单', () => {
  const order: OrderSummary = {
    orderNo: 'O7',
    actSn: 'C1',
    orderType: 'COURSE',
    orderPayType: 1,
    orderStatus: 'UNPAID',
    courseName: '成人高考专升本',
    cover: null,
    skuCnt: 1,
    courseNum: 1,
    totalAmount: 30000,
    dueAmount: 30000,
    installmentPayNum: 1,
    createdAt: '2026-11-01T08:00:00.000Z',
    canPay: true,
    canCancel: true,
  };
  const cancels = () => requests.filter((r) => r.path === '/front/v1/client/order/payment/order/cancel/O7');

  test('asks in the themed dialog; 取消 sends nothing, 确定 cancels the order once', async () => {
    route('GET', '/front/v1/client/order/user/orders', () => ({
      info: { list: [order], total: 1, page: 1, perSize: 10 },
    }));
    route('POST', '/front/v1/client/order/payment/order/cancel/O7', () => ({
      info: { orderNo: 'O7', orderStatus: 'CANCELLED' },
    }));
    await openAt('/pages/order/orderList');
    const button = () => all('.sf-order__btn').find((b) => b.textContent === '取消订单');
    await waitFor(() => expect(button()).toBeTruthy());

    tap(button());
    expect(await dialog()).toEqual({ title: '提示', content: '确定取消该订单吗？', buttons: ['取消', '确定'] });
    // Inside the page root, whose style carries the project's colours.
    const themed = all('.sf-confirm')[0].closest('.sf-page') as HTMLElement;
    expect(themed.getAttribute('style') || '').toContain('--sf-primary-text');
    tap(all('.sf-confirm__cancel')[0]);
    await closed();
    await tick();
    expect(cancels().length).toBe(0);

    tap(button());
    await dialog();
    tap(all('.sf-confirm__ok')[0]);
    await closed();
    await customer.seesToast('订单已取消');
    expect(cancels().length).toBe(1);
    // On H5 it is the page's dialog, never the host's imitation.
    expect(host.modal).not.toHaveBeenCalled();
  });
});

describe('我的 退出登录', () => {
  test('取消 keeps the session; 确定 ends it and leaves 我的 for the entrance', async () => {
    route('GET', '/front/v1/user/summary', () => ({ error: '加载失败' }));
    await openAt('/pages/center/center');
    const { rootStore } = require('../../src/stores');
    tap(all('.sf-center__logout')[0]);
    expect(await dialog()).toEqual({ title: '提示', content: '确定退出登录吗？', buttons: ['取消', '确定'] });
    tap(all('.sf-confirm__cancel')[0]);
    await closed();
    expect(rootStore.session.loggedIn).toBe(true);

    tap(all('.sf-center__logout')[0]);
    await dialog();
    tap(all('.sf-confirm__ok')[0]);
    await waitFor(() => expect(rootStore.session.loggedIn).toBe(false));
    // The entrance opens (this fake server has no project for it, so it goes on to the error page).
    await waitFor(() => expect(currentRoute()).not.toBe('pages/center/center'));
    expect(host.modal).not.toHaveBeenCalled();
  });
});

describe('the question store', () => {
  test('the defaults are the words the hand-written dialogs used', () => {
    const store = new ConfirmStore();
    void store.ask({ content: '确定删除该收货地址吗？' }, 'p1');
    expect(store.pending).toEqual({
      title: '提示',
      content: '确定删除该收货地址吗？',
      confirmText: '确定',
      cancelText: '取消',
      page: 'p1',
    });
  });

  test('the first answer counts; a second tap changes nothing', async () => {
    const store = new ConfirmStore();
    const yes = store.ask({ content: 'a' }, 'p1');
    store.answer(true);
    store.answer(false);
    await expect(yes).resolves.toBe(true);
    expect(store.pending).toBeNull();
  });

  test('a new question answers an open one no', async () => {
    const store = new ConfirmStore();
    const first = store.ask({ content: 'a' }, 'p1');
    const second = store.ask({ content: 'b' }, 'p1');
    await expect(first).resolves.toBe(false);
    store.answer(true);
    await expect(second).resolves.toBe(true);
  });

  test('a page that goes away answers its own question no, and only its own', async () => {
    const store = new ConfirmStore();
    const open = store.ask({ content: 'a' }, 'p2');
    store.leave('p1');
    expect(store.pending?.content).toBe('a');
    store.leave('p2');
    await expect(open).resolves.toBe(false);
  });
});

describe('in the mini-programs', () => {
  test("the host's dialog asks, with the spec's words and the theme's colour on 确定", async () => {
    host.modal.mockResolvedValueOnce({ confirm: true, cancel: false, errMsg: 'showModal:ok' });
    await expect(miniConfirm({ content: '确定取消该订单吗？' })).resolves.toBe(true);
    expect(host.modal).toHaveBeenCalledWith({
      title: '提示',
      content: '确定取消该订单吗？',
      confirmText: '确定',
      cancelText: '取消',
      confirmColor: '#7a6300',
    });
    host.modal.mockResolvedValueOnce({ confirm: false, cancel: true, errMsg: 'showModal:ok' });
    await expect(miniConfirm({ content: '确定退出登录吗？' })).resolves.toBe(false);
    host.modal.mockRejectedValueOnce(new Error('showModal:fail'));
    await expect(miniConfirm({ content: '确定删除该收货地址吗？' })).resolves.toBe(false);
  });
});
