/**
 * What is ordered: the package tapped on a course detail reaches the confirmation call, and a
 * goods order has a quantity that the server confirms, with amounts and the count following it.
 */
jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import type { Confirmation } from '../../contract/order';
import { ROUTES } from '../../src/domain/routes';
import { all, currentRoute, openAt, requests, resetServer, route, signIn, tap, text, waitFor } from './harness';
import { courseDetail } from './fixtures';

const PACKAGES = [
  {
    packageSn: 'P1',
    packageName: '笔试+面试套餐',
    price: 139900,
    courses: [
      { courseSn: 'K1', courseName: '教资笔试精讲', courseCover: null, courseAmount: 89900 },
      { courseSn: 'K2', courseName: '教资面试实战', courseCover: null, courseAmount: 70000 },
    ],
  },
  {
    packageSn: 'P2',
    packageName: '笔试单科',
    price: 79900,
    courses: [{ courseSn: 'K1', courseName: '教资笔试精讲', courseCover: null, courseAmount: 89900 }],
  },
];

/** A confirmation as the server computes it: unit price × quantity, less discounts, plus freight. */
function confirmation(over: {
  orderType: 'COURSE' | 'GOODS';
  unit: number;
  skuCnt?: number;
  freight?: number;
  packageSn?: string | null;
  packageCourses?: number;
  sn?: string;
}): Confirmation {
  const skuCnt = over.skuCnt ?? 1;
  const freight = over.freight ?? 0;
  const total = over.unit * skuCnt;
  return {
    createOrderSn: over.sn ?? `CO-${skuCnt}`,
    creatType: 'TARGET',
    orderType: over.orderType,
    orderPayType: 1,
    confirmOrderType: 1,
    deliveryType: 4,
    isHousehold: false,
    householdTypes: [],
    agreementSn: null,
    agreementName: null,
    electronicProtocol: false,
    disableFlag: false,
    disableReason: null,
    hasProductIntroduce: false,
    freightAreasType: 1,
    invalidAreas: [],
    restrict: [],
    orderCourseInfo: {
      actSn: 'X',
      courseSn: 'X',
      packageSn: over.packageSn ?? null,
      courseName: '商品',
      courseCover: null,
      skuCnt,
      freight,
    },
    packageCourseList: Array.from({ length: over.packageCourses ?? 0 }, (_, i) => ({
      courseSn: `K${i}`,
      courseName: `课程${i}`,
      courseCover: null,
      courseAmount: 100,
    })),
    giftCourseList: [],
    confirmOrderAmount: {
      totalAmount: total,
      courseDiscountAmount: 0,
      packageDiscountAmount: 0,
      freight,
      oldFreight: freight,
      orderTotalAmount: total + freight,
      payAmount: total + freight,
      installmentPayNum: 1,
      deductionAmount: 0,
      depositInfoList: [],
      installmentInfoList: [],
    },
    couponAllowed: true,
    defaultAddress: null,
  };
}

/** taro-ui's stepper: − and + buttons around a read-only number field. */
const minus = () => all('#qty-stepper .at-input-number__btn')[0];
const plus = () => all('#qty-stepper .at-input-number__btn')[1];
const quantity = () => (all('#qty-stepper input')[0] as HTMLInputElement | undefined)?.value ?? '';

function orderCalls() {
  route('GET', '/front/v2/client/course/order/coupons', () => ({ info: { list: [] } }));
  route('GET', '/front/v1/client/order/confirm/receipt', () => ({ info: { orderToken: 'T1' } }));
}

beforeEach(() => {
  resetServer();
  signIn('13800138000');
});

describe('course packages on the detail', () => {
  test('tapping a package chooses it, visibly, and 立即报名 orders that package', async () => {
    route('GET', '/front/v1/activity/details', () => ({
      info: courseDetail({ actSn: 'PK1', packages: PACKAGES, price: 139900, originalPrice: 199900 }),
    }));
    route('GET', '/front/v2/client/course/order/confirm', (q) => ({
      info: confirmation({
        orderType: 'COURSE',
        unit: q.packageSn === 'P2' ? 79900 : 139900,
        packageSn: String(q.packageSn || 'P1'),
        packageCourses: q.packageSn === 'P2' ? 1 : 2,
        sn: `CO-${q.packageSn}`,
      }),
    }));
    orderCalls();
    await openAt('/pages/activity/courseDetail?actSn=PK1');
    await waitFor(() => expect(all('#act-packages .sf-act__package').length).toBe(2));

    // The first package is the default and says so.
    const chosen = () => all('#act-packages .sf-act__package.is-chosen').map((p) => p.getAttribute('data-package-sn'));
    expect(chosen()).toEqual(['P1']);
    expect(text('.sf-act__price')).toBe('¥1399');

    tap(all('#act-packages .sf-act__package')[1]);
    await waitFor(() => expect(chosen()).toEqual(['P2']));
    expect(all('#act-packages .sf-act__radio.is-on').length).toBe(1);
    expect(text('.sf-act__price')).toBe('¥799');
    expect(text('.sf-act__bar-price')).toBe('¥799');

    tap(all('#act-order')[0]);
    await waitFor(() => expect(currentRoute()).toBe(ROUTES.courseOrderSubmit));
    await waitFor(() => expect(text('.sf-submit__count')).toBe('共1门课程'));
    const confirm = requests.find((r) => r.path === '/front/v2/client/course/order/confirm');
    expect(confirm?.data.packageSn).toBe('P2');
    expect(confirm?.data.targetSn).toBe('PK1');
  });

  test('an item without packages orders without a packageSn', async () => {
    route('GET', '/front/v1/activity/details', () => ({
      info: courseDetail({ actSn: 'NP1', packages: [], isPackage: false }),
    }));
    route('GET', '/front/v2/client/course/order/confirm', () => ({
      info: confirmation({ orderType: 'COURSE', unit: 50000, sn: 'CO-NP1' }),
    }));
    orderCalls();
    await openAt('/pages/activity/courseDetail?actSn=NP1');
    await waitFor(() => expect(text('#act-order')).toBe('立即报名'));
    expect(all('#act-packages').length).toBe(0);
    tap(all('#act-order')[0]);
    await waitFor(() => expect(requests.some((r) => r.path === '/front/v2/client/course/order/confirm')).toBe(true));
    expect(requests.find((r) => r.path === '/front/v2/client/course/order/confirm')?.data.packageSn).toBeUndefined();
  });
});

describe('goods quantity on the goods order screen', () => {
  test('the stepper asks the server for the new quantity; amounts and 共N件商品 follow', async () => {
    route('GET', '/front/v1/client/order/confirm/data', (q) => ({
      info: confirmation({ orderType: 'GOODS', unit: 1990, skuCnt: Number(q.skuCnt || 1), freight: 1000 }),
    }));
    orderCalls();
    await openAt('/pages/order/orderSubmit?targetSn=G1');
    await waitFor(() => expect(quantity()).toBe('1'));
    expect(text('.sf-submit__count')).toBe('共1件商品');
    expect(minus().className).toContain('at-input-number--disabled');

    tap(plus());
    await waitFor(() => expect(text('.sf-submit__count')).toBe('共2件商品'));
    expect(quantity()).toBe('2');
    const confirms = requests.filter((r) => r.path === '/front/v1/client/order/confirm/data');
    expect(confirms.map((r) => r.data.skuCnt)).toEqual(['1', '2']);
    // ¥19.9 × 2 + ¥10 freight, on the payable line and in the bar; and a new token for the new confirmation.
    await waitFor(() => expect(text('.sf-submit__payable .sf-price')).toBe('¥49.8'));
    expect(text('.sf-submit__total .sf-price')).toBe('¥49.8');
    expect(
      requests.filter((r) => r.path === '/front/v1/client/order/confirm/receipt').map((r) => r.data.createOrderSn),
    ).toContain('CO-2');

    tap(minus());
    await waitFor(() => expect(text('.sf-submit__count')).toBe('共1件商品'));
    expect(text('.sf-submit__payable .sf-price')).toBe('¥29.9');
  });

  test('the stepper is named for screen readers (Lighthouse label audit): 购买数量, 减少 and 增加 with their disabled state', async () => {
    route('GET', '/front/v1/client/order/confirm/data', (q) => ({
      info: confirmation({ orderType: 'GOODS', unit: 990, skuCnt: Number(q.skuCnt || 1), sn: 'CO-A11Y' }),
    }));
    orderCalls();
    await openAt('/pages/order/orderSubmit?targetSn=G3');
    await waitFor(() => expect(all('#qty-stepper input')[0]?.getAttribute('aria-label')).toBe('购买数量'));
    expect(
      [minus(), plus()].map((b) => [
        b.getAttribute('role'),
        b.getAttribute('aria-label'),
        b.getAttribute('aria-disabled'),
      ]),
    ).toEqual([
      ['button', '减少', 'true'],
      ['button', '增加', 'false'],
    ]);
    tap(plus());
    await waitFor(() => expect(quantity()).toBe('2'));
    await waitFor(() => expect(minus().getAttribute('aria-disabled')).toBe('false'));
  });

  test('a quantity the server refuses keeps the old one and says why', async () => {
    route('GET', '/front/v1/client/order/confirm/data', (q) =>
      Number(q.skuCnt) > 1
        ? { error: '购买数量不能超过1', status: 400 }
        : { info: confirmation({ orderType: 'GOODS', unit: 2990, sn: 'CO-R1' }) },
    );
    orderCalls();
    const Taro = require('@tarojs/taro').default;
    const toast = jest.spyOn(Taro, 'showToast');
    await openAt('/pages/order/orderSubmit?targetSn=G2');
    await waitFor(() => expect(quantity()).toBe('1'));
    tap(plus());
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '购买数量不能超过1' })));
    expect(quantity()).toBe('1');
    expect(text('.sf-submit__count')).toBe('共1件商品');
    expect(text('.sf-submit__payable .sf-price')).toBe('¥29.9');
    toast.mockRestore();
  });

  test('courses have no stepper and count their courses', async () => {
    route('GET', '/front/v2/client/course/order/confirm', () => ({
      info: confirmation({ orderType: 'COURSE', unit: 100000, packageCourses: 3, sn: 'CO-C3' }),
    }));
    orderCalls();
    await openAt('/pages/order/courseOrderSubmit?targetSn=C3');
    await waitFor(() => expect(text('.sf-submit__count')).toBe('共3门课程'));
    expect(all('#qty-stepper').length).toBe(0);
  });
});
