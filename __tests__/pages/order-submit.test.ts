jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import type { Confirmation, DiscountCoupon } from '../../contract/order';
import { all, openAt, requests, route, tap, text, waitFor } from './harness';
import { asCustomer } from './customer';
import { orderCoupon as coupon } from '../fixtures/coupons';
import { courseConfirmation } from '../fixtures/order';

/** A deposit course that needs delivery, with gifts, household, an applicant rule and the agreement. */
function confirmation(over: Partial<Confirmation> = {}): Confirmation {
  const item = (depositType: number, amount: number) => ({
    depositType,
    installmentAmount: amount,
    payFlag: false,
    installmentPayType: null,
    deductionAmount: 0,
    installmentPayAmount: null,
    dueTime: null,
  });
  return courseConfirmation(
    {
      createOrderSn: 'CO1',
      orderPayType: 2,
      deliveryType: 1,
      isHousehold: true,
      householdTypes: [
        { type: 'TRAILING_HOLD', name: '随迁落户' },
        { type: 'TALENT_IN', name: '人才引进' },
      ],
      agreementName: '课程购买协议',
      restrict: [
        {
          nKey: 'a1name',
          keyName: 'NAME',
          label: '姓名',
          placeholder: null,
          value: '',
          required: true,
          echoValue: null,
          idCardType: null,
          multiline: false,
          submitTips: null,
        },
      ],
      orderCourseInfo: {
        actSn: 'A1',
        courseSn: 'CS1',
        packageSn: null,
        courseName: '会计初级职称全程班',
        courseCover: null,
        skuCnt: 1,
        freight: 0,
      },
      giftCourseList: [
        { courseSn: 'G1', courseName: '财经法规速记', courseCover: null, courseAmount: 0 },
        { courseSn: 'G2', courseName: '真题精讲', courseCover: null, courseAmount: 0 },
      ],
      ...over,
    },
    {
      totalAmount: 168000,
      courseDiscountAmount: 3000,
      oldFreight: 1000,
      orderTotalAmount: 165000,
      payAmount: 30000,
      depositInfoList: [item(1, 30000), item(2, 135000)],
    },
  );
}

function server(c: Confirmation, coupons: DiscountCoupon[]) {
  route('GET', '/front/v2/client/course/order/confirm', () => ({ info: c }));
  route('GET', '/front/v2/client/course/order/confirm/details', () => ({ info: c }));
  route('GET', '/front/v2/client/course/order/coupons', () => ({ info: { list: coupons } }));
  route('GET', '/front/v1/client/order/confirm/receipt', () => ({ info: { orderToken: 'OT1' } }));
}

const customer = asCustomer();

describe('course order submit screen (§2)', () => {
  test('no coupons: the empty text of the popup', async () => {
    server(confirmation({ createOrderSn: 'CO3' }), []);
    await openAt('/pages/order/courseOrderSubmit?targetSn=A3');
    await waitFor(() => expect(text('.sf-submit__payable')).toBe('定金¥300'));
    tap(all('.sf-lines__row').find((r) => (r.textContent || '').startsWith('优惠券')));
    await waitFor(() => expect(text('.sf-coupons__empty')).toBe('您还没有领取任何优惠券！'));
  });

  test('every block of the screen, with the first available coupon chosen', async () => {
    server(confirmation(), [
      coupon('x', { isAvailable: false, disabledReason: '已过期', orderCouponAmount: 0 }),
      coupon('a'),
      coupon('b', { couponAmount: 5000, orderCouponAmount: 5000 }),
    ]);
    await openAt('/pages/order/courseOrderSubmit?targetSn=A1');
    await waitFor(() => expect(text('.sf-submit__course-name')).toBe('会计初级职称全程班'));
    expect(text('.sf-address')).toContain('新增收货地址');
    expect(text('.sf-submit__gifts-title')).toBe('赠课（2）');
    const lines = all('.sf-lines__row').map((r) => (r.textContent || '').trim());
    expect(lines).toEqual(
      expect.arrayContaining(['售价¥1680', '课程优惠-¥30', '运费¥10免运费', '入户类型请选择›', '订单备注']),
    );
    // The first available coupon is chosen on first load (§4): 20 yuan off the deposit.
    await waitFor(() =>
      expect(lines.concat(all('.sf-lines__row').map((r) => (r.textContent || '').trim()))).toContain('优惠券-¥20›'),
    );
    // One 定金 figure on the screen: the deposit row shows what it costs after the coupon, like the payable line.
    expect(all('.sf-schedule__row').map((r) => r.textContent)).toEqual(['定金¥280待支付', '尾款¥1350未支付']);
    expect(text('.sf-submit__payable')).toBe('定金¥280');
    expect(text('.sf-applicant__title')).toBe('用户信息');
    expect(text('.sf-submit__hint')).toBe('温馨提示：课程和证书详细信息请查阅课程详情页');
    expect(text('.sf-submit__agree')).toBe('阅读并同意《购买协议》');
    expect(all('.sf-submit__checkbox')[0].className).toContain('is-on');
    expect(text('.sf-submit__bar')).toContain('提交订单');
  });

  test('the coupon popup: two tags with counts, click selects, click again deselects, unavailable does nothing', async () => {
    server(confirmation({ createOrderSn: 'CO2' }), [
      coupon('x', { isAvailable: false, disabledReason: '已过期', orderCouponAmount: 0 }),
      coupon('a'),
      coupon('b', { couponAmount: 5000, orderCouponAmount: 5000 }),
    ]);
    await openAt('/pages/order/courseOrderSubmit?targetSn=A2');
    await waitFor(() => expect(text('.sf-submit__payable')).toBe('定金¥280'));
    const couponLine = () => all('.sf-lines__row').find((r) => (r.textContent || '').startsWith('优惠券'));
    tap(couponLine());
    await waitFor(() =>
      expect(all('.sf-coupons__tab').map((t) => t.textContent)).toEqual(['可用优惠券 (2张)', '不可用优惠券 (1张)']),
    );
    tap(all('.sf-coupon')[1]);
    await waitFor(() => expect(text('.sf-submit__payable')).toBe('定金¥250'));
    expect(all('.sf-coupons').length).toBe(0);
    tap(couponLine());
    await waitFor(() => expect(all('.sf-coupon').length).toBe(2));
    tap(all('.sf-coupon.is-selected')[0]);
    await waitFor(() => expect(text('.sf-submit__payable')).toBe('定金¥300'));
    tap(couponLine());
    await waitFor(() => expect(all('.sf-coupons__tab').length).toBe(2));
    tap(all('.sf-coupons__tab')[1]);
    await waitFor(() => expect(text('.sf-coupon__reason')).toBe('已过期'));
    tap(all('.sf-coupon')[0]);
    expect(text('.sf-submit__payable')).toBe('定金¥300');
    expect(all('.sf-coupons').length).toBe(1);
    // Tapping the mask closes the popup.
    tap(all('.sf-popup__mask')[0]);
    await waitFor(() => expect(all('.sf-coupons').length).toBe(0));
  });

  test('the guard toasts in order and nothing is submitted', async () => {
    server(confirmation({ createOrderSn: 'CO4' }), []);
    await openAt('/pages/order/courseOrderSubmit?targetSn=A4');
    await waitFor(() => expect(text('.sf-submit__payable')).toBe('定金¥300'));
    tap(all('.sf-submit__btn')[0]);
    await waitFor(() =>
      expect(customer.toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: '请输入姓名' })),
    );
    expect(requests.some((r) => r.path.endsWith('/submit'))).toBe(false);
  });

  test('applicant fields keep every keystroke typed key by key, and the guard then passes them', async () => {
    server(confirmation({ createOrderSn: 'CO7' }), []);
    await openAt('/pages/order/courseOrderSubmit?targetSn=A7');
    await waitFor(() => expect(text('.sf-applicant__title')).toBe('用户信息'));
    let field: HTMLInputElement | null = null;
    await waitFor(() => {
      field = all('#field-a1name')[0]?.querySelector('input') ?? null;
      if (!field) throw new Error('no applicant input yet');
    });
    const input = field as unknown as HTMLInputElement;
    for (const ch of '王五') {
      input.value += ch;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      // Let the store write and the re-render happen between keys, as a person's typing does.
      await new Promise((r) => setTimeout(r, 20));
    }
    await waitFor(() => expect(input.value).toBe('王五'));
    tap(all('.sf-submit__btn')[0]);
    // The name passed; the next rule in §5 order (the delivery address) speaks instead.
    await waitFor(() =>
      expect(customer.toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: '请输入配送地址信息!' })),
    );
  });

  test('a disabled order shows its reason and the button is dimmed', async () => {
    server(confirmation({ createOrderSn: 'CO5', disableFlag: true, disableReason: '课程报名已截止' }), []);
    await openAt('/pages/order/courseOrderSubmit?targetSn=A5');
    await waitFor(() => expect(text('.sf-submit__disabled')).toBe('课程报名已截止'));
    expect(all('.sf-submit__btn')[0].className).toContain('is-disabled');
  });

  test('instalment payable line says 本期; a normal order says 应付', async () => {
    const inst = confirmation({
      createOrderSn: 'CO6',
      orderPayType: 3,
      deliveryType: 4,
      confirmOrderAmount: {
        ...confirmation().confirmOrderAmount,
        payAmount: 55000,
        depositInfoList: [],
        installmentInfoList: [1, 2, 3].map((n) => ({
          installmentNum: n,
          installmentAmount: 55000,
          dueTime: null,
          payFlag: false,
          installmentPayType: null,
          deductionAmount: 0,
          installmentPayAmount: null,
        })),
      },
    });
    server(inst, []);
    await openAt('/pages/order/courseOrderSubmit?targetSn=A6');
    await waitFor(() => expect(text('.sf-submit__payable')).toBe('本期¥550'));
    expect(all('.sf-schedule__row .sf-schedule__title').map((t) => t.textContent)).toEqual([
      '第一期',
      '第二期',
      '第三期',
    ]);
    expect(all('.sf-address').length).toBe(0);
  });
});
