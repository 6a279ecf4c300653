import type { Confirmation, DiscountCoupon } from '../../contract/order';
import type { Api } from '../../src/api';
import { ApiError } from '../../src/api/request';
import { orderCoupon as coupon } from '../fixtures/coupons';
import { courseConfirmation as confirmation } from '../fixtures/order';
import { OrderDraft, OrderDraftStore, orderDraftsOf } from '../../src/stores/order-draft';

function fakeApi(c: Confirmation, coupons: DiscountCoupon[] = [], submit?: jest.Mock) {
  const order = {
    confirmCourse: jest.fn(async () => c),
    confirmGoods: jest.fn(async () => c),
    confirmDetails: jest.fn(async () => c),
    coupons: jest.fn(async () => ({ list: coupons })),
    orderToken: jest.fn(async () => ({ orderToken: 'tok' })),
    submitCourse:
      submit ?? jest.fn(async () => ({ orderNo: 'O1', payAmount: 8000, totalAmount: 10000, orderStatus: 'UNPAID' })),
    submitGoods: jest.fn(),
    agreement: jest.fn(),
  };
  return { api: { order } as unknown as Api, order };
}

describe('order draft (the cart store)', () => {
  test('loads confirmation, coupons and token; first available coupon chosen; payable less coupon', async () => {
    const { api } = fakeApi(confirmation(), [
      coupon('x', { isAvailable: false }),
      coupon('a'),
      coupon('b', { couponAmount: 3000 }),
    ]);
    const d = new OrderDraft(api, 'course', 'A1', '');
    await d.load();
    expect(d.orderToken).toBe('tok');
    expect(d.selectedRcSn).toBe('a');
    expect(d.pay).toEqual({ payable: 8000, discount: 2000 });
    expect(d.payLabel).toBe('应付');
    d.clickCoupon(d.coupons[2]);
    expect(d.pay).toEqual({ payable: 7000, discount: 3000 });
    d.clickCoupon(d.coupons[2]);
    expect(d.selectedRcSn).toBeNull();
    expect(d.pay.payable).toBe(10000);
    d.clickCoupon(d.coupons[0]);
    expect(d.selectedRcSn).toBeNull();
  });

  test('a coupon the server just offered counts though this clock trails the server; one that ended since does not', async () => {
    const serverNow = Date.parse('2026-11-27T10:00:00.000Z');
    // Handed out by the server at its now; the session's clock is 300 ms behind (the entrance answer's latency).
    const fresh = coupon('a', {
      startTime: new Date(serverNow).toISOString(),
      endTime: new Date(serverNow + 86_400_000).toISOString(),
    });
    const { api } = fakeApi(confirmation(), [fresh]);
    const d = new OrderDraft(api, 'course', 'A1', '', '', () => serverNow - 300);
    await d.load();
    expect(d.pay).toEqual({ payable: 8000, discount: 2000 });

    const ended = coupon('b', {
      startTime: new Date(serverNow - 86_400_000).toISOString(),
      endTime: new Date(serverNow - 1).toISOString(),
    });
    const late = new OrderDraft(fakeApi(confirmation(), [ended]).api, 'course', 'A1', '', '', () => serverNow);
    await late.load();
    expect(late.pay).toEqual({ payable: 10000, discount: 0 });
  });

  test('a coupon larger than the payable floors it at 0 and caps the discount sent', async () => {
    const { api } = fakeApi(confirmation({}, { payAmount: 1500, orderTotalAmount: 1500 }), [
      coupon('a', { couponAmount: 2000 }),
    ]);
    const d = new OrderDraft(api, 'course', 'A1', '');
    await d.load();
    expect(d.pay).toEqual({ payable: 0, discount: 1500 });
    expect(d.payload('H5', '').orderDiscountList).toEqual([
      { discountType: 'DISCOUNT_RED', couponSn: 'S-a', discountReceiveSn: 'a', discountMoney: 1500 },
    ]);
  });

  test('no coupons for changed-course or link orders (§6)', async () => {
    const { api, order } = fakeApi(confirmation({ couponAllowed: false }), [coupon('a')]);
    const d = new OrderDraft(api, 'course', 'A1', '');
    await d.load();
    expect(order.coupons).not.toHaveBeenCalled();
    expect(d.pay.discount).toBe(0);
  });

  test('a ¥0 payment offers no coupons (nothing to take off)', async () => {
    const { api, order } = fakeApi(confirmation({}, { totalAmount: 0, orderTotalAmount: 0, payAmount: 0 }), [
      coupon('a'),
      coupon('b'),
    ]);
    const d = new OrderDraft(api, 'course', 'A1', '');
    await d.load();
    expect(d.couponsAllowed).toBe(false);
    expect(order.coupons).not.toHaveBeenCalled();
    expect(d.pay).toEqual({ payable: 0, discount: 0 });
    expect(d.payload('H5', '').orderDiscountList).toEqual([]);
  });

  test('an instalment order meets a threshold by its whole amount; the coupon comes off this period', async () => {
    // 满1000减100 on a ¥2590 course paid in instalments of ¥863.33 or so: the threshold is the order's.
    const c = confirmation({ orderPayType: 3 }, { totalAmount: 259000, orderTotalAmount: 259000, payAmount: 86400 });
    const { api } = fakeApi(c, [coupon('a', { couponAmount: 10000, threshold: 100000, orderCouponAmount: 10000 })]);
    const d = new OrderDraft(api, 'course', 'A1', '');
    await d.load();
    expect(d.pay).toEqual({ payable: 76400, discount: 10000 });
  });

  test('deposit order: payable label 定金 and schedule rows', async () => {
    const c = confirmation(
      { orderPayType: 2 },
      {
        payAmount: 3000,
        depositInfoList: [
          {
            depositType: 1,
            installmentAmount: 3000,
            payFlag: false,
            installmentPayType: null,
            deductionAmount: 0,
            installmentPayAmount: null,
            dueTime: null,
          },
          {
            depositType: 2,
            installmentAmount: 7000,
            payFlag: false,
            installmentPayType: null,
            deductionAmount: 0,
            installmentPayAmount: null,
            dueTime: null,
          },
        ],
      },
    );
    const { api } = fakeApi(c);
    const d = new OrderDraft(api, 'course', 'A1', '');
    await d.load();
    expect(d.payLabel).toBe('定金');
    expect(d.schedule.map((r) => [r.title, r.statusText])).toEqual([
      ['定金', '待支付'],
      ['尾款', '未支付'],
    ]);
  });

  test('the guard stops submit with the §5 toast and sends nothing', async () => {
    const { api, order } = fakeApi(confirmation({ deliveryType: 1 }));
    const d = new OrderDraft(api, 'course', 'A1', '');
    await d.load();
    expect(await d.submit('H5', '')).toEqual({ type: 'blocked', toast: '请输入配送地址信息!' });
    expect(order.submitCourse).not.toHaveBeenCalled();
  });

  test('submit sends the §3 payload once; a double tap is ignored', async () => {
    let release: () => void = () => undefined;
    const submit = jest.fn(
      (_body: unknown) =>
        new Promise(
          (r) => (release = () => r({ orderNo: 'O1', payAmount: 8000, totalAmount: 10000, orderStatus: 'UNPAID' })),
        ),
    );
    const { api } = fakeApi(confirmation(), [coupon('a')], submit);
    const d = new OrderDraft(api, 'course', 'A1', 'PAGE_HUIMIN_COURSE_SUBMIT');
    await d.load();
    d.setRemark('  尽快  ');
    const first = d.submit('H5', '13800138000');
    const second = await d.submit('H5', '13800138000');
    expect(second).toEqual({ type: 'blocked', toast: null });
    release();
    expect(await first).toMatchObject({ type: 'submitted', result: { orderNo: 'O1' } });
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit.mock.calls[0][0]).toMatchObject({
      createOrderSn: 'C1',
      orderToken: 'tok',
      totalAmount: 10000,
      payAmount: 8000,
      discountsAmount: 2000,
      entranceSource: 'PAGE_HUIMIN_COURSE_SUBMIT',
      paySource: 'H5',
      tradeType: 'MWEB',
      remark: '尽快',
      phone: '13800138000',
      orderPreAttachVO: { deliveryType: 4 },
    });
  });

  test.each([
    [1002, '下单链接异常，请退出重新扫码下单或联系客服人员重新生成下单链接!', '返回首页'],
    [1003, '课程已下架，请联系客服安排其他课程!', '返回首页'],
    [1005, '已存在待支付订单，请完成付款!', '查看订单'],
    [1006, '该课程暂停报名', '返回首页'],
    [1007, '订单受理中，暂时无法支付!', '返回首页'],
  ])('code %i opens the 温馨提示 popup', async (code, message, action) => {
    const submit = jest.fn(async () => {
      throw new ApiError(
        code === 1006 ? '该课程暂停报名' : 'x',
        'business',
        code,
        code === 1005 ? { orderNo: 'OLD' } : null,
      );
    });
    const { api, order } = fakeApi(confirmation(), [], submit);
    const d = new OrderDraft(api, 'course', 'A1', '');
    await d.load();
    expect(await d.submit('H5', '')).toEqual({ type: 'failed', toast: null });
    expect(d.popup).toMatchObject({ code, message, action: { text: action } });
    if (code === 1005) expect(d.popup?.action).toEqual({ text: '查看订单', orderNo: 'OLD' });
    // The token is reloaded after any failure.
    expect(order.orderToken).toHaveBeenCalledTimes(2);
  });

  test('a network failure toasts 下单异常, 请重试!; a business failure toasts the server message', async () => {
    const net = fakeApi(
      confirmation(),
      [],
      jest.fn(async () => {
        throw new ApiError('当前网络不可用，请检查网络设置', 'offline');
      }),
    );
    const d1 = new OrderDraft(net.api, 'course', 'A1', '');
    await d1.load();
    expect(await d1.submit('H5', '')).toEqual({ type: 'failed', toast: '下单异常, 请重试!' });
    const biz = fakeApi(
      confirmation(),
      [],
      jest.fn(async () => {
        throw new ApiError('请选择入户类型!', 'business', 4000);
      }),
    );
    const d2 = new OrderDraft(biz.api, 'course', 'A1', '');
    await d2.load();
    expect(await d2.submit('H5', '')).toEqual({ type: 'failed', toast: '请选择入户类型!' });
  });

  test('a failed token fetch says 订单信息获取异常! 请退出重试 unless the server said more', async () => {
    const { api, order } = fakeApi(confirmation());
    order.orderToken.mockRejectedValueOnce(new ApiError('', 'empty'));
    const d = new OrderDraft(api, 'course', 'A1', '');
    await d.load();
    expect(d.orderToken).toBe('');
    order.orderToken.mockRejectedValueOnce(new ApiError('', 'empty'));
    expect(await d.loadToken()).toBe('订单信息获取异常! 请退出重试');
  });

  test('the store keeps a draft across visits, and forgets it after submit', () => {
    const { api } = fakeApi(confirmation());
    const store = new OrderDraftStore(api);
    const a = store.draftFor('course', 'A1');
    a.setRemark('留言');
    expect(store.draftFor('course', 'A1')).toBe(a);
    expect(store.draftFor('course', 'A1').remark).toBe('留言');
    store.forget('course', 'A1');
    expect(store.draftFor('course', 'A1')).not.toBe(a);
  });

  test("what was typed is kept in the tab's session storage: a reload finds it, a placed order clears it", async () => {
    const kept = new Map<string, string>();
    const storage = {
      get: (k: string) => kept.get(k) ?? null,
      set: (k: string, v: string) => void kept.set(k, v),
      remove: (k: string) => void kept.delete(k),
    };
    const rule = {
      nKey: 'n1',
      keyName: 'NAME',
      label: '姓名',
      placeholder: null,
      value: '',
      required: 1,
      echoValue: null,
      idCardType: null,
      multiline: false,
      submitTips: null,
    };
    const c = confirmation({ restrict: [rule] as never });
    const typed = new OrderDraftStore(fakeApi(c).api, Date.now, storage).draftFor('course', 'A1');
    typed.setValue('n1', '王五');
    typed.setRemark('周末上课');
    typed.setHousehold('TALENT_IN');
    // A reload: a new app, a new store, the same tab.
    const store = new OrderDraftStore(fakeApi(c).api, Date.now, storage);
    const again = store.draftFor('course', 'A1');
    await again.load();
    expect(again.values.n1).toBe('王五');
    expect(again.remark).toBe('周末上课');
    expect(again.householdType).toBe('TALENT_IN');
    expect(new OrderDraftStore(fakeApi(c).api, Date.now, storage).draftFor('course', 'B2').remark).toBe('');
    store.forget('course', 'A1');
    expect(kept.size).toBe(0);
    expect(new OrderDraftStore(fakeApi(c).api, Date.now, storage).draftFor('course', 'A1').remark).toBe('');
  });

  test("the app's drafts are made on first use, one store per root, on that root's api", () => {
    const { api } = fakeApi(confirmation());
    const root = { api };
    const store = orderDraftsOf(root);
    const a = store.draftFor('course', 'A1');
    a.setRemark('留言');
    // Another order screen of the same app finds the same draft.
    expect(orderDraftsOf(root)).toBe(store);
    expect(orderDraftsOf(root).draftFor('course', 'A1').remark).toBe('留言');
    expect(orderDraftsOf({ api: fakeApi(confirmation()).api })).not.toBe(store);
  });
});
