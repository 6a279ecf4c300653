/**
 * Three real server processes on one PostgreSQL (multi-process-helpers.ts), the same thing asked of each at once:
 * a coupon is spent by one order, a replayed payment notification changes one payment once, and a client's new
 * visitors are counted for the three together. The PostgreSQL run of the server tests only (TEST_DATABASE_URL).
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type pg from 'pg';
import { DEFAULT_SANDBOX_PAY_KEY } from '../../src/config';
import { buildSandboxNotification } from '../../src/domains/payment/providers/sandbox';
import { LIMIT_MESSAGES } from '../../src/runtime/limits';
import { addAddress, adminUrl, call, newClient, submitBody, threeProcesses, type Proc } from './multi-process-helpers';

const ENTRANCE_PER_IP_PER_MINUTE = 6;

describe('three server processes on one PostgreSQL, asked the same at once', { skip: !adminUrl }, () => {
  const cluster = threeProcesses({
    ENTRANCE_PER_IP_PER_MINUTE: String(ENTRANCE_PER_IP_PER_MINUTE),
    PAY_PROVIDER: 'sandbox',
    SANDBOX_PAY_KEY: DEFAULT_SANDBOX_PAY_KEY,
  });
  let procs: Proc[] = [];
  let sql: pg.Client;
  before(() => {
    ({ procs, sql } = cluster);
  });

  const submit = (p: Proc, body: Record<string, unknown>, token: string) =>
    call<{ orderNo: string; payAmount: number }>(p, 'POST', '/front/v1/client/order/submit', body, token);

  it('one coupon is spent by one order, whichever processes its orders reach', async () => {
    const { token } = await cluster.login(procs[0]);
    const addressId = await addAddress(procs[1], token);
    // One confirmation per process (goods may be ordered again while unpaid), each with the same coupon.
    const bodies = [];
    for (const i of [0, 1, 2])
      bodies.push(await submitBody([procs[i], procs[(i + 1) % 3]], token, 'demo-goods-02', addressId));
    const coupons = await call<{ list: { couponName: string; couponSn: string; rcSn: string }[] }>(
      procs[2],
      'GET',
      '/front/v2/client/course/order/coupons',
      { createOrderSn: bodies[0].createOrderSn },
      token,
    );
    assert.equal(coupons.status, 200, JSON.stringify(coupons.body));
    const coupon = coupons.body.info.list.find((c) => c.couponName === '新人立减20元');
    assert.ok(coupon, JSON.stringify(coupons.body.info.list));
    const withCoupon = bodies.map((b) => ({
      ...b,
      orderDiscountList: [
        {
          discountType: 'DISCOUNT_RED',
          couponSn: coupon.couponSn,
          discountReceiveSn: coupon.rcSn,
          discountMoney: 2000,
        },
      ],
      discountsAmount: 2000,
      payAmount: b.payAmount - 2000,
    }));
    const answers = await Promise.all(withCoupon.map((b, i) => submit(procs[i], b, token)));
    const accepted = answers.filter((a) => a.status === 200);
    assert.equal(accepted.length, 1, JSON.stringify(answers.map((a) => a.body)));
    for (const a of answers.filter((x) => x.status !== 200)) {
      assert.equal(a.status, 400, JSON.stringify(a.body));
      assert.equal(a.body.message, '优惠券已被使用，请重新选择');
    }
    const { orderNo } = accepted[0].body.info;
    const spent = await sql.query(`select state, used_order_no from user_coupons where rc_sn = $1`, [coupon.rcSn]);
    assert.deepEqual(spent.rows, [{ state: 2, used_order_no: orderNo }]);
    const using = await sql.query(`select order_no from orders where snapshot->'coupon'->>'rcSn' = $1`, [coupon.rcSn]);
    assert.deepEqual(
      using.rows.map((r: { order_no: string }) => r.order_no),
      [orderNo],
    );
  });

  it('a payment notification replayed to every process changes one payment once', async () => {
    const { token } = await cluster.login(procs[1]);
    const addressId = await addAddress(procs[2], token);
    const placed = await submit(
      procs[0],
      await submitBody([procs[1], procs[2]], token, 'demo-goods-01', addressId),
      token,
    );
    assert.equal(placed.status, 200, JSON.stringify(placed.body));
    const { orderNo } = placed.body.info;
    const pay = await call<{ paymentSn: string; payAmount: number }>(
      procs[2],
      'GET',
      `/front/v1/client/order/payment/continue/${orderNo}`,
      { paySource: 'H5', tradeType: 'MWEB' },
      token,
    );
    assert.equal(pay.status, 200, JSON.stringify(pay.body));
    const { paymentSn, payAmount } = pay.body.info;
    assert.ok(payAmount > 0);
    // The provider's one notification, as the cashier signs it, delivered to each process at once.
    const note = buildSandboxNotification({ paymentSn, amount: payAmount }, DEFAULT_SANDBOX_PAY_KEY);
    const deliver = async (p: Proc) => {
      const res = await fetch(`${p.url}/pay/notify/sandbox`, {
        method: 'POST',
        headers: note.headers,
        body: note.body,
      });
      return { status: res.status, body: (await res.json()) as { state: boolean; message: string } };
    };
    const state = async () => ({
      order: (await sql.query(`select status, updated_at from orders where order_no = $1`, [orderNo])).rows,
      payments: (
        await sql.query(`select payment_sn, status, txn_id, updated_at from payments where order_no = $1`, [orderNo])
      ).rows,
      dues: (await sql.query(`select seq, status, paid_at from order_payments where order_no = $1`, [orderNo])).rows,
      notes: Number(
        (await sql.query(`select count(*) as n from payment_notifications where payment_sn = $1`, [paymentSn])).rows[0]
          .n,
      ),
      events: Number(
        (await sql.query(`select count(*) as n from order_events where order_no = $1`, [orderNo])).rows[0].n,
      ),
    });
    const unpaid = await state();
    assert.equal(unpaid.order[0].status, 'UNPAID');

    const answers = await Promise.all(procs.map(deliver));
    for (const a of answers) assert.deepEqual([a.status, a.body.state], [200, true], JSON.stringify(a.body));
    const paid = await state();
    assert.equal(paid.order[0].status, 'PAID');
    assert.deepEqual(
      paid.payments.map((p: { payment_sn: string; status: string; txn_id: string }) => [
        p.payment_sn,
        p.status,
        p.txn_id,
      ]),
      [[paymentSn, 'SUCCESS', note.notification.txnId]],
      'one payment record changed',
    );
    assert.deepEqual(
      paid.dues.map((d: { status: string }) => d.status),
      ['PAID'],
    );
    assert.equal(paid.notes, 1);
    assert.equal(paid.events, unpaid.events + 1, 'one state change');

    // Later replays, one process after another: acknowledged, nothing changes.
    for (const p of procs) {
      const again = await deliver(p);
      assert.deepEqual([again.status, again.body.state], [200, true], JSON.stringify(again.body));
    }
    assert.deepEqual(await state(), paid);
  });

  it("a client's new visitors are counted for the three processes together", async () => {
    const client = newClient();
    const enter = (p: Proc) =>
      call<{ token: string }>(p, 'POST', '/front/v1/entrance', { projectSn: 'demo' }, '', client);
    // More entrances than the limit, spread over the three at once: the limit's worth get a visitor.
    const answers = await Promise.all(
      Array.from({ length: ENTRANCE_PER_IP_PER_MINUTE + 4 }, (_, i) => enter(procs[i % 3])),
    );
    assert.equal(
      answers.filter((a) => a.status === 200).length,
      ENTRANCE_PER_IP_PER_MINUTE,
      JSON.stringify(answers.map((a) => a.status)),
    );
    for (const a of answers.filter((x) => x.status !== 200)) {
      assert.equal(a.status, 429);
      assert.equal(a.body.message, LIMIT_MESSAGES.entrance);
    }
    for (const p of procs) assert.equal((await enter(p)).status, 429);
    // The limit is the client's: another one still enters through each.
    for (const p of procs) assert.ok(await cluster.enter(p));
  });
});
