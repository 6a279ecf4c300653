/**
 * The order detail as a customer reads it: the status header says what happens next and offers the one next
 * action (去支付 / 支付尾款 / 确认收货 / 查看物流 / 申请售后), never the same action twice on the page; the schedule
 * names the channel that took each payment; the price lines add up to what was paid; a points order shows its
 * points beside its cash. The page draws its own header (§2 custom navigation); 取消订单 and 确认收货 ask in the
 * page's themed dialog (components/confirm) before the one call.
 */
jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import type { OrderDetail } from '../../contract/payment';
import { asCustomer } from './customer';
import {
  all,
  answerConfirm,
  confirmDialog,
  openAt,
  requests,
  route,
  tap,
  text,
  tick,
  waitFor,
  watchHostDialog,
} from './harness';

const customer = asCustomer();

const DAY = 86_400_000;
/** A parcel on its way. Cast: a parcel may carry more (its events) than these tests read. */
const SHIPPED_PARCEL = {
  status: 'SHIPPED',
  carrierName: '顺丰速运',
  trackingNo: 'SF1234567890',
  shippedAt: '2026-11-02T08:00:00.000Z',
  autoReceiveAt: '2026-11-12T08:00:00.000Z',
  receivedAt: null,
  events: [],
} as OrderDetail['shipment'];
const base = (over: Partial<OrderDetail> = {}): OrderDetail => ({
  orderNo: 'O1',
  actSn: 'C1',
  orderType: 'COURSE',
  orderPayType: 1,
  orderStatus: 'PAID',
  courseName: '成人高考专升本',
  cover: null,
  skuCnt: 1,
  courseNum: 1,
  totalAmount: 30000,
  dueAmount: 0,
  installmentPayNum: 2,
  createdAt: '2026-11-01T08:00:00.000Z',
  canPay: false,
  canCancel: false,
  goodsType: 'RIGHT_COURSE',
  checkPackage: false,
  packageName: null,
  courseSn: 'C1',
  goodsAmount: 30000,
  courseTotalPrice: 30000,
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
  paidList: [],
  paidAmount: 0,
  ...over,
});

const open = async (detail: OrderDetail) => {
  route('GET', `/front/v1/client/order/details/${detail.orderNo}/`, () => ({ info: detail }));
  await openAt(`/pages/order/orderDetail?orderNo=${detail.orderNo}`);
  await waitFor(() => expect(text('.sf-detail__status-text')).not.toBe(''));
};
const lines = () =>
  new Map(
    all('.sf-lines__row').map((r) => [
      r.querySelector('.sf-lines__label')?.textContent ?? '',
      (r.querySelector('.sf-lines__value')?.textContent ?? '').trim(),
    ]),
  );
const ids = (id: string) => all(`#${id}`).length;

test('deposit paid through Baidu: 支付尾款 in the header, the schedule names the channel, 已付 + 待付 add up', async () => {
  const due = new Date(Date.now() + 7 * DAY).toISOString();
  await open(
    base({
      orderNo: 'D1',
      orderPayType: 2,
      orderStatus: 'UNPAID_BALANCE',
      canPay: true,
      dueAmount: 20000,
      installmentPayNum: 2,
      depositInfoList: [
        {
          depositType: 1,
          installmentAmount: 10000,
          payFlag: true,
          installmentPayType: 4,
          deductionAmount: 0,
          installmentPayAmount: 10000,
          dueTime: null,
        },
        {
          depositType: 2,
          installmentAmount: 20000,
          payFlag: false,
          installmentPayType: null,
          deductionAmount: 0,
          installmentPayAmount: null,
          dueTime: due,
        },
      ],
      paidList: [
        {
          title: '定金',
          channel: '百度支付',
          amount: 10000,
          deductionAmount: 0,
          points: null,
          paidAt: '2026-11-02T08:00:00.000Z',
          returned: false,
        },
      ],
      paidAmount: 10000,
    }),
  );
  expect(text('.sf-detail__status-text')).toBe('待付尾款');
  expect(text('.sf-detail__status-sub')).toMatch(/^定金已付，待支付尾款 ¥200，请在\d\d月\d\d日 \d\d:\d\d前支付$/);
  expect(text('.sf-detail__status #order-pay')).toBe('支付尾款 ¥200');
  expect(ids('order-pay')).toBe(1);
  const rows = all('.sf-schedule__row').map((r) => r.querySelector('.sf-schedule__status')?.textContent);
  expect(rows[0]).toBe('已支付（百度支付）');
  expect(rows[1]).toMatch(/前支付$/);
  expect(text('.sf-detail__plan-sum')).toBe('共2笔，合计 ¥300');
  expect(text('#order-paid-list')).toContain('百度支付');
  const l = lines();
  expect(l.get('订单总额')).toBe('¥300');
  expect(l.get('已付款')).toBe('¥100');
  expect(l.get('待付款')).toBe('¥200');
});

test('shipped goods: 确认收货 in the header; 查看物流 and 申请售后 in the bar, each once', async () => {
  await open(
    base({
      orderNo: 'G1',
      orderType: 'GOODS',
      orderStatus: 'PAID',
      shipmentStatus: 'SHIPPED',
      canApplyAfterSale: true,
      shipment: SHIPPED_PARCEL,
      paidList: [
        {
          title: '订单支付',
          channel: '微信支付',
          amount: 30000,
          deductionAmount: 0,
          points: null,
          paidAt: '2026-11-01T09:00:00.000Z',
          returned: false,
        },
      ],
      paidAmount: 30000,
    }),
  );
  expect(text('.sf-detail__status-text')).toBe('待收货');
  expect(text('.sf-detail__status-sub')).toBe('商品已发出，11月12日 16:00后将自动确认收货');
  expect(text('.sf-detail__status #order-receive')).toBe('确认收货');
  expect(text('.sf-detail__bar #order-logistics')).toBe('查看物流');
  expect(text('.sf-detail__bar #order-after-sale-apply')).toBe('申请售后');
  expect([ids('order-receive'), ids('order-logistics'), ids('order-after-sale-apply')]).toEqual([1, 1, 1]);
  expect(lines().get('实付款')).toBe('¥300');
});

test('a paid points order: 实付款 is its points and its cash together; cancelled, the header says the points went back', async () => {
  const points = { integralType: 'UNICOM_INTEGRAL', points: 1000, cashAmount: 100 };
  const paidList = [
    {
      title: '积分兑换',
      channel: '联通积分',
      amount: 0,
      deductionAmount: 0,
      points: 1000,
      paidAt: '2026-11-01T08:00:00.000Z',
      returned: false,
    },
    {
      title: '订单支付',
      channel: '微信支付',
      amount: 100,
      deductionAmount: 0,
      points: null,
      paidAt: '2026-11-01T08:01:00.000Z',
      returned: false,
    },
  ];
  await open(
    base({
      orderNo: 'P1',
      orderType: 'INTEGRAL',
      totalAmount: 100,
      goodsAmount: 100,
      integral: points,
      paidList,
      paidAmount: 100,
    }),
  );
  expect(text('.sf-detail__status-sub')).toBe('兑换成功，已使用1000联通积分');
  expect(lines().get('兑换价格')).toBe('1000联通积分+¥1');
  expect(lines().get('实付款')).toBe('1000联通积分+¥1');
  expect(all('.sf-detail__paid-amount').map((a) => a.textContent)).toEqual(['1000联通积分', '¥1']);

  await open(
    base({
      orderNo: 'P2',
      orderType: 'INTEGRAL',
      orderStatus: 'CANCELLED',
      totalAmount: 100,
      goodsAmount: 100,
      integral: points,
      paidList: [{ ...paidList[0], returned: true }],
      paidAmount: 0,
    }),
  );
  expect(text('.sf-detail__status-sub')).toBe('订单已取消，1000联通积分已退回');
  expect(all('.sf-detail__paid-row.is-returned').length).toBe(1);
  expect(lines().has('待付款')).toBe(false);
  expect(ids('order-pay')).toBe(0);
});

const calls = (path: string) => requests.filter((r) => r.path === path);

describe('the page’s own header and dialogs', () => {
  // On H5 the question is the page's own dialog, never the host's.
  watchHostDialog({ neverUsed: true });

  test('§2 custom navigation: the page’s header says 订单详情', async () => {
    await open(base({ orderNo: 'N1' }));
    await waitFor(() => expect(text('.sf-page-header__title')).toBe('订单详情'));
    // Opened directly: nothing to go back to, so the one action is 首页.
    expect(all('.sf-page-header__action').map((a) => a.getAttribute('aria-label'))).toEqual(['首页']);
  });

  test('取消订单 asks; 取消 sends nothing, 确定 cancels once and the page shows the cancelled order', async () => {
    let order = base({ orderNo: 'C7', orderStatus: 'UNPAID', canPay: true, canCancel: true, dueAmount: 30000 });
    const CANCEL = '/front/v1/client/order/payment/order/cancel/C7';
    route('GET', '/front/v1/client/order/details/C7/', () => ({ info: order }));
    route('POST', CANCEL, () => {
      order = { ...order, orderStatus: 'CANCELLED', canPay: false, canCancel: false };
      return { info: { orderNo: 'C7', orderStatus: 'CANCELLED' } };
    });
    await openAt('/pages/order/orderDetail?orderNo=C7');
    const button = () => all('.sf-detail__bar .sf-order__btn').find((b) => b.textContent === '取消订单');
    await waitFor(() => expect(button()).toBeTruthy());

    tap(button());
    expect(await confirmDialog()).toEqual({ title: '提示', content: '确定取消该订单吗？', buttons: ['取消', '确定'] });
    await answerConfirm(false);
    await tick();
    expect(calls(CANCEL).length).toBe(0);

    tap(button());
    await answerConfirm(true);
    await customer.seesToast('订单已取消');
    await waitFor(() => expect(text('.sf-detail__status-text')).toBe('已取消'));
    expect(calls(CANCEL).length).toBe(1);
  });

  test('确认收货 asks in its own words; a refusal shows the server’s message and the order stays', async () => {
    const RECEIVE = '/front/v1/client/order/receive';
    route('POST', RECEIVE, () => ({ error: '订单状态已变化，请刷新后重试', code: 4090, status: 409 }));
    await open(
      base({
        orderNo: 'G2',
        orderType: 'GOODS',
        shipmentStatus: 'SHIPPED',
        shipment: SHIPPED_PARCEL,
      }),
    );
    tap(all('#order-receive')[0]);
    expect(await confirmDialog()).toEqual({
      title: '确认收货',
      content: '请确认已收到商品，确认后订单将完成',
      buttons: ['取消', '确定'],
    });
    await answerConfirm(true);
    await customer.seesToast('订单状态已变化，请刷新后重试');
    expect(calls(RECEIVE).map((r) => r.data.orderNo)).toEqual(['G2']);
    expect(text('.sf-detail__status-text')).toBe('待收货');
  });
});
