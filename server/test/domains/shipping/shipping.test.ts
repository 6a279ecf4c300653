/**
 * Shipping of goods orders: a paid goods order with an address waits to be shipped (待发货), the operator ships it
 * (待收货), the customer confirms receipt or time does (已完成); the list tabs and 我的's counts follow.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Address } from '@contract/address';
import type { LogisticsInfo } from '@contract/after-sales';
import type { Paged } from '@contract/common';
import type { Confirmation, SubmitResult } from '@contract/order';
import type { OrderDetail, OrderSummary } from '@contract/payment';
import type { Shipment } from '@contract/shipping';
import type { UserSummary } from '@contract/user-summary';
import { AUTO_RECEIVE_DAYS } from '@contract/constants';
import { orderStatusText } from '@contract/rules/order-status';
import { autoReceive } from '../../../src/domains/shipping/service';
import { buildHarness, type Harness } from '../../helpers/app';
import { payAtCashier } from '../../helpers/customer';

const OPS = { authorization: 'Bearer storefront-demo-ops-key', 'content-type': 'application/json' };
const DAY_MS = 24 * 60 * 60 * 1000;

describe('shipping of goods orders', () => {
  let h: Harness;
  let phoneSeq = 0;
  const nextPhone = () => `1370000${String(1000 + (phoneSeq += 1)).slice(-4)}`;

  before(async () => {
    h = await buildHarness();
    // The sandbox cashier notifies over real HTTP, as in production.
    await h.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => h.close());

  async function goodsOrder(t: string, targetSn = 'demo-goods-01'): Promise<string> {
    const address = await h.post<Address>(
      '/front/v1/address',
      {
        consigneeName: '张三',
        consigneeTelephone: '13800138000',
        fullAddress: '科技园1号',
        provinceId: '440000',
        cityId: '440100',
        areaId: '440106',
      },
      t,
    );
    const c = (await h.get<Confirmation>('/front/v1/client/order/confirm/data', { targetSn }, t)).body.info;
    assert.notEqual(c.deliveryType, 4, `${targetSn} is delivered`);
    const ot = (
      await h.get<{ orderToken: string }>(
        '/front/v1/client/order/confirm/receipt',
        { createOrderSn: c.createOrderSn },
        t,
      )
    ).body.info.orderToken;
    const placed = await h.post<SubmitResult>(
      '/front/v1/client/order/submit',
      {
        createOrderSn: c.createOrderSn,
        orderDiscountList: [],
        discountsAmount: 0,
        payAmount: c.confirmOrderAmount.payAmount,
        totalAmount: c.confirmOrderAmount.orderTotalAmount,
        orderToken: ot,
        orderPreAttachVO: { deliveryType: c.deliveryType, addressId: address.body.info.addressId },
      },
      t,
    );
    assert.equal(placed.status, 200, placed.raw.body);
    return placed.body.info.orderNo;
  }

  const detail = async (t: string, orderNo: string) =>
    (await h.get<OrderDetail>(`/front/v1/client/order/details/${orderNo}/`, {}, t)).body.info;
  const tab = async (t: string, name: string) =>
    (
      await h.get<Paged<OrderSummary>>('/front/v1/client/order/user/orders', { tab: name, page: 1, perSize: 50 }, t)
    ).body.info.list.map((o) => o.orderNo);
  const counts = async (t: string) => (await h.get<UserSummary>('/front/v1/user/summary', {}, t)).body.info.orders;
  const ship = (orderNo: string, body: unknown) =>
    h.inject({ method: 'POST', url: `/ops/orders/${orderNo}/ship`, headers: OPS, payload: JSON.stringify(body) });

  test('paid → 待发货 → shipped 待收货 → 确认收货 已完成, with tabs and counts following', async () => {
    const { token } = await h.login(nextPhone());
    const orderNo = await goodsOrder(token);

    // Unpaid: nothing to ship yet.
    assert.equal((await ship(orderNo, { carrierName: '顺丰速运', trackingNo: 'SF1234567890' })).status, 409);
    await payAtCashier(h, token, orderNo, '/');

    let d = await detail(token, orderNo);
    assert.deepEqual([d.orderStatus, d.shipmentStatus, d.shipment?.status], ['PAID', 'TO_SHIP', 'TO_SHIP']);
    assert.equal(orderStatusText(d.orderStatus, d.shipmentStatus), '待发货');
    assert.deepEqual(await tab(token, 'TO_SHIP'), [orderNo]);
    assert.deepEqual(await tab(token, 'PAID'), [], 'a paid goods order is not 已完成 before it arrives');
    assert.deepEqual((await counts(token)).TO_SHIP, 1);

    // The customer cannot confirm what was not shipped.
    const early = await h.post('/front/v1/client/order/receive', { orderNo }, token);
    assert.deepEqual([early.status, early.body.message], [409, '商家尚未发货']);

    // The operator's list, then bad input: every field named in Chinese, never a 5xx.
    const toShip = await h.inject({
      method: 'GET',
      url: '/ops/orders/to-ship?projectSn=demo',
      headers: { authorization: OPS.authorization },
    });
    const listed = (
      toShip.body as unknown as { info: { list: { orderNo: string; consignee: string; address: string }[] } }
    ).info.list.find((o) => o.orderNo === orderNo);
    assert.deepEqual([listed?.consignee, listed?.address], ['张三', '广东省 广州市 天河区 科技园1号']);
    assert.equal(
      (
        await h.inject({
          method: 'POST',
          url: `/ops/orders/${orderNo}/ship`,
          headers: { 'content-type': 'application/json' },
          payload: '{}',
        })
      ).status,
      401,
    );
    for (const [body, message] of [
      [{ carrierName: '', trackingNo: 'SF1' }, '请填写快递公司'],
      [{ carrierName: '顺丰速运', trackingNo: 'SF 1' }, '快递单号只能包含字母、数字和-'],
      [{ carrierName: '顺丰速运', trackingNo: 'SF\u00001' }, null],
      [{ carrierName: 42, trackingNo: 'SF1' }, null],
    ] as const) {
      const res = await ship(orderNo, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      if (message) assert.match((res.body as unknown as { message: string }).message, new RegExp(message));
    }
    assert.equal((await ship('NO-SUCH-ORDER', { carrierName: '顺丰速运', trackingNo: 'SF1' })).status, 404);

    const shipped = await ship(orderNo, { carrierName: '顺丰速运', trackingNo: 'SF1234567890' });
    assert.equal(shipped.status, 200, String(shipped.raw.body));
    const parcel = (shipped.body as unknown as { info: Shipment }).info;
    assert.equal(parcel.status, 'SHIPPED');
    assert.equal(Date.parse(parcel.autoReceiveAt!) - Date.parse(parcel.shippedAt!), AUTO_RECEIVE_DAYS * DAY_MS);
    d = await detail(token, orderNo);
    assert.deepEqual(
      [orderStatusText(d.orderStatus, d.shipmentStatus), d.shipment?.carrierName, d.shipment?.trackingNo],
      ['待收货', '顺丰速运', 'SF1234567890'],
    );
    assert.deepEqual(d.shipment?.events, [{ at: parcel.shippedAt, text: '商家已发货，顺丰速运 SF1234567890' }]);
    // 查看物流: the parcel page reads a sent parcel by carrier and number, with the goods and its own history.
    const trackOf = (t: string) => h.get<LogisticsInfo>('/front/v1/after/sales/logistics/info/SF/sf1234567890', {}, t);
    let track = (await trackOf(token)).body.info;
    assert.deepEqual(
      [track.kind, track.orderNo, track.applicationNo, track.stateText, track.carrierName, track.trackingNo],
      ['ORDER', orderNo, null, '已发货', '顺丰速运', 'SF1234567890'],
    );
    assert.deepEqual(track.goods, { name: d.courseName, cover: d.cover, quantity: d.skuCnt });
    assert.deepEqual(
      track.traces.map((t) => t.context),
      ['商家已发货，顺丰速运 SF1234567890'],
    );
    assert.match(track.traces[0].time, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    assert.deepEqual(await tab(token, 'TO_RECEIVE'), [orderNo]);
    assert.deepEqual(await tab(token, 'TO_SHIP'), []);

    // Another customer's order is not there; the owner's second tap answers the same receipt.
    const other = await h.login(nextPhone());
    assert.equal((await h.post('/front/v1/client/order/receive', { orderNo }, other.token)).status, 404);
    assert.equal((await trackOf(other.token)).status, 404, "another customer's parcel is not there");
    const got = await h.post<{ shipment: Shipment }>('/front/v1/client/order/receive', { orderNo }, token);
    assert.equal(got.status, 200, got.raw.body);
    const again = await h.post<{ shipment: Shipment }>('/front/v1/client/order/receive', { orderNo }, token);
    assert.equal(again.body.info.shipment.receivedAt, got.body.info.shipment.receivedAt);
    d = await detail(token, orderNo);
    assert.equal(orderStatusText(d.orderStatus, d.shipmentStatus), '已完成');
    assert.deepEqual(
      d.shipment?.events.map((e) => e.text),
      ['您已确认收货，交易完成', '商家已发货，顺丰速运 SF1234567890'],
      'newest first',
    );
    assert.equal(d.shipment?.events[0].at, got.body.info.shipment.receivedAt);
    track = (await trackOf(token)).body.info;
    assert.deepEqual([track.stateText, track.traces.length], ['已收货', 2]);
    assert.deepEqual(await tab(token, 'PAID'), [orderNo]);
    assert.deepEqual(await counts(token), {
      ALL: 1,
      UNPAID: 0,
      TO_SHIP: 0,
      TO_RECEIVE: 0,
      PAID: 1,
      CANCELLED: 0,
      REFUND: 0,
    });
    assert.equal((await ship(orderNo, { carrierName: '顺丰速运', trackingNo: 'SF1' })).status, 409);
  });

  test('a shipped parcel nobody confirms is received AUTO_RECEIVE_DAYS later, not before', async () => {
    const { token } = await h.login(nextPhone());
    const orderNo = await goodsOrder(token, 'demo-goods-02');
    await payAtCashier(h, token, orderNo, '/');
    const parcel = (await ship(orderNo, { carrierName: '中通快递', trackingNo: 'ZT778899' })).body as unknown as {
      info: Shipment;
    };
    const due = new Date(parcel.info.autoReceiveAt!);
    assert.deepEqual(await autoReceive(h.database.db, new Date(due.getTime() - 1000)), []);
    assert.deepEqual(await autoReceive(h.database.db, due), [orderNo]);
    assert.deepEqual(await autoReceive(h.database.db, due), [], 'once');
    const d = await detail(token, orderNo);
    assert.equal(orderStatusText('PAID', d.shipmentStatus), '已完成');
    assert.equal(d.shipment?.events[0].text, `发货满${AUTO_RECEIVE_DAYS}天，系统已自动确认收货`);
  });

  test('courses and orders without an address have no parcel', async () => {
    const { token } = await h.login(nextPhone());
    const c = (
      await h.get<Confirmation>('/front/v2/client/course/order/confirm', { targetSn: 'demo-activity-02' }, token)
    ).body.info;
    const ot = (
      await h.get<{ orderToken: string }>(
        '/front/v1/client/order/confirm/receipt',
        { createOrderSn: c.createOrderSn },
        token,
      )
    ).body.info.orderToken;
    const placed = await h.post<SubmitResult>(
      '/front/v1/client/order/submit',
      {
        createOrderSn: c.createOrderSn,
        orderDiscountList: [],
        discountsAmount: 0,
        payAmount: 0,
        totalAmount: 0,
        orderToken: ot,
        orderPreAttachVO: { deliveryType: c.deliveryType },
      },
      token,
    );
    assert.equal(placed.status, 200, placed.raw.body);
    const d = await detail(token, placed.body.info.orderNo);
    assert.deepEqual(
      [d.orderStatus, d.shipment ?? null, orderStatusText(d.orderStatus, d.shipmentStatus)],
      ['PAID', null, '已完成'],
    );
  });
});
