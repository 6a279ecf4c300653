/**
 * A points item's price reads the same wherever it shows: its card in a list, its detail's
 * head and bar, the points order screen, and its order in the order list and detail, cash part included
 * (1000联通积分+¥1), never its points figure as a ¥ price.
 */
jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import type { PlaceOrderInfo } from '../../contract/integral';
import type { OrderDetail, OrderSummary } from '../../contract/payment';
import { asCustomer } from './customer';
import { card, courseDetail } from './fixtures';
import { all, openAt, route, text, typeKeys, tap, waitFor } from './harness';

asCustomer();

const UNICOM = { integralType: 'UNICOM_INTEGRAL', points: 1000, cashAmount: 100 };
const MOBILE = { integralType: 'MOBILE_INTEGRAL', points: 1500, cashAmount: 0 };

const order = (over: Partial<OrderSummary> = {}): OrderSummary => ({
  orderNo: 'SO1',
  actSn: 'I2',
  orderType: 'INTEGRAL',
  orderPayType: 1,
  orderStatus: 'UNPAID',
  courseName: '10元话费充值券',
  cover: null,
  skuCnt: 1,
  courseNum: 1,
  totalAmount: 100,
  dueAmount: 100,
  installmentPayNum: 1,
  createdAt: '2026-11-01T08:00:00.000Z',
  canPay: false,
  canCancel: false,
  integral: UNICOM,
  ...over,
});

const detail = (): OrderDetail => ({
  ...order(),
  goodsType: null,
  checkPackage: false,
  packageName: null,
  courseSn: null,
  goodsAmount: 100,
  courseTotalPrice: 100,
  courseDiscountAmount: 0,
  packageDiscountAmount: 0,
  discountAmount: 0,
  freight: 0,
  depositInfoList: [],
  installmentInfoList: [],
  giftCourseList: [],
  address: null,
  applicant: [],
  householdType: null,
  remark: null,
  expiresAt: null,
  agreementSn: null,
  agreementSigned: false,
  canSign: false,
  lastPayment: null,
  refundVO: null,
});

test('list cards: points and carrier, with the cash part; a ¥ item keeps its ¥ price', async () => {
  route('GET', '/front/v1/search', () => ({
    info: {
      list: [
        card('I1', { actType: 'INTEGRAL', price: 1500, originalPrice: 2500, pointsPrice: MOBILE }),
        card('I2', { actType: 'INTEGRAL', price: 1000, pointsPrice: UNICOM }),
        card('C1', { price: 9900, originalPrice: 12900 }),
      ],
      total: 3,
      page: 1,
      perSize: 10,
    },
  }));
  await openAt('/pages/index/indexSearch');
  await typeKeys('#search-input', '兑换');
  tap(all('#search-go')[0]);
  await waitFor(() => expect(all('.sf-card').length).toBe(3));
  const prices = all('.sf-card').map((c) => c.querySelector('.sf-price')?.textContent);
  expect(prices).toEqual(['1500移动积分', '1000联通积分+¥1', '¥99']);
  // A points item's list figure is points too: no struck-through ¥25 beside 1500移动积分.
  expect(all('.sf-card')[0].querySelector('.sf-card__origin')).toBeNull();
  expect(all('.sf-card')[2].querySelector('.sf-card__origin')?.textContent).toBe('¥129');
});

test('detail head and bar show the points with the cash part', async () => {
  route('GET', '/front/v1/activity/details', () => ({
    info: courseDetail({
      actSn: 'I2',
      actName: '10元话费充值券',
      actType: 'INTEGRAL',
      price: 1000,
      originalPrice: null,
      isPackage: false,
      packages: [],
      giftCourses: [],
      courseName: null,
      integralPackage: {
        integralType: 'UNICOM_INTEGRAL',
        bindPhone: null,
        bindPoint: null,
        minIntegralType: null,
        actPreviewUrl: null,
        maxIntegral: 5000,
      },
      pointsPrice: UNICOM,
    }),
  }));
  await openAt('/pages/activity/activityDetail?actSn=I2');
  await waitFor(() => expect(text('.sf-act__price')).toBe('1000联通积分+¥1'));
  expect(text('.sf-act__bar-price')).toBe('1000联通积分+¥1');
});

test('a plain 积分 item narrowed to one carrier (minIntegralType) names that carrier in its 积分 row', async () => {
  route('GET', '/front/v1/activity/details', () => ({
    info: courseDetail({
      actSn: 'I3',
      actType: 'INTEGRAL',
      price: 1800,
      originalPrice: null,
      isPackage: false,
      packages: [],
      giftCourses: [],
      courseName: null,
      integralPackage: {
        integralType: '',
        bindPhone: null,
        bindPoint: null,
        minIntegralType: 'UNICOM_INTEGRAL',
        actPreviewUrl: null,
        maxIntegral: 5000,
      },
      pointsPrice: { integralType: 'UNICOM_INTEGRAL', points: 1800, cashAmount: 0 },
    }),
  }));
  await openAt('/pages/activity/activityDetail?actSn=I3');
  await waitFor(() => expect(text('.sf-act__price')).toBe('1800联通积分'));
  const row = all('.sf-act__row').find((r) => r.querySelector('.sf-act__label')?.textContent === '积分');
  expect(row?.querySelector('.sf-act__value')?.textContent).toContain('最高可用5000联通积分');
});

test('the points order screen prices it the same way', async () => {
  const info: PlaceOrderInfo = {
    actSn: 'I2',
    actName: '10元话费充值券',
    cover: '',
    ...UNICOM,
    maxIntegral: 5000,
    phone: '13900002500',
    balance: 7500,
    remaining: 6500,
    needAuth: false,
    disabledReason: '',
  };
  route('POST', '/front/v1/client/order/integral/place/order', () => ({ info }));
  await openAt('/subpackages/order/integral/integralOrder?actSn=I2');
  await waitFor(() => expect(text('#points-price')).toBe('1000联通积分+¥1'));
});

test('its order in the list and in the detail', async () => {
  route('GET', '/front/v1/client/order/user/orders', () => ({
    info: { list: [order()], total: 1, page: 1, perSize: 10 },
  }));
  route('GET', '/front/v1/client/order/details/SO1/', () => ({ info: detail() }));
  await openAt('/pages/order/orderList');
  await waitFor(() => expect(text('.sf-order__points')).toBe('兑换价格 1000联通积分+¥1'));
  await openAt('/pages/order/orderDetail?orderNo=SO1');
  await waitFor(() =>
    expect(all('.sf-lines__row').some((r) => r.textContent === '兑换价格1000联通积分+¥1')).toBe(true),
  );
});
