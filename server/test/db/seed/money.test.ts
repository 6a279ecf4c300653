/**
 * The seed's money is made as customers make it: on a fresh seeded database every paid or refunded order has its
 * payments, their success notifications and pay events; every commission belongs to an order that was paid; the
 * refunded order's refund went through the sandbox refund provider; and a seeded paid order can be refunded
 * through the services, reaching the provider (a paid order without a payment row could not be).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../src/runtime/database/plugin';
import { DEFAULT_SANDBOX_PAY_KEY } from '../../../src/config';
import { orderEvents, orderPayments, orders } from '../../../src/domains/order/schema';
import { paymentNotifications, payments } from '../../../src/domains/payment/schema';
import { afterSaleApplications, refundNotifications, refunds } from '../../../src/domains/after-sales/schema';
import { commissions } from '../../../src/domains/earnings/schema';
import { settlePromoter } from '../../../src/domains/earnings/service';
import { applyForRefund, referInfo } from '../../../src/domains/after-sales/service';
import { opsAct } from '../../../src/domains/after-sales/ops';
import { loadAfterSalesConfig } from '../../../src/domains/after-sales/config';
import { applyRefundNotification } from '../../../src/domains/payment/refunds';
import { createRefundProviders } from '../../../src/domains/payment/providers/refund';
import type { StorageProvider } from '../../../src/domains/upload/service';
import { DEMO_BUYER, DEMO_EARNER } from '../../../src/db/seed/earnings';
import { openSeededTestDatabase } from '../../helpers/test-database';

/** States in which money reached the order. */
const MONEY_STATES = ['PAID', 'UNPAID_BALANCE', 'UNPAID_INSTALLMENTS', 'REFUND', 'REFUND_PART'] as const;

let database: Database;
before(async () => {
  database = await openSeededTestDatabase();
});
after(() => database.close());
const db = () => database.db;

const noStorage: StorageProvider = {
  kind: 'local',
  sign() {
    throw new Error('no uploads here');
  },
  keyOfUrl: async () => null,
  urlOf: (key) => key,
};

describe('money in the seed', () => {
  test('every paid or refunded order has its paid payments, a success notification and a pay event for each', async () => {
    const paid = await db()
      .select()
      .from(orders)
      .where(inArray(orders.status, [...MONEY_STATES]));
    assert.ok(paid.length >= 5, `the seed has paid orders, got ${paid.length}`);
    for (const order of paid) {
      const rows = await db()
        .select()
        .from(orderPayments)
        .where(and(eq(orderPayments.orderNo, order.orderNo), eq(orderPayments.status, 'PAID')));
      assert.ok(rows.length > 0, `${order.orderNo} has a paid payment`);
      for (const row of rows) {
        const [payment] = await db()
          .select()
          .from(payments)
          .where(and(eq(payments.orderNo, order.orderNo), eq(payments.seq, row.seq), eq(payments.status, 'SUCCESS')));
        assert.ok(payment, `${order.orderNo} payment ${row.seq} has a successful payment`);
        assert.equal(payment.provider, 'sandbox');
        assert.equal(payment.amount, row.paidAmount);
        assert.ok(payment.txnId, `${order.orderNo} payment ${row.seq} has the provider's transaction id`);
        const notes = await db()
          .select()
          .from(paymentNotifications)
          .where(eq(paymentNotifications.paymentSn, payment.paymentSn));
        assert.deepEqual(
          notes.map((n) => [n.outcome, n.txnId, n.amount]),
          [['APPLIED', payment.txnId, payment.amount]],
          `${order.orderNo} payment ${row.seq} was settled by one notification`,
        );
        const [event] = await db()
          .select()
          .from(orderEvents)
          .where(
            and(eq(orderEvents.orderNo, order.orderNo), eq(orderEvents.event, 'PAY'), eq(orderEvents.seq, row.seq)),
          );
        assert.ok(event, `${order.orderNo} payment ${row.seq} has its pay event`);
        assert.equal(event.paymentSn, payment.paymentSn);
        assert.equal(event.createdAt.getTime(), row.paidAt?.getTime());
        // Backdated as it happened: paid some time ago, after the order was placed.
        assert.ok(row.paidAt && row.paidAt >= order.createdAt && row.paidAt.getTime() < Date.now() - 3_600_000);
      }
    }
  });

  test('every commission refers to an order that was paid, and the earner has one in each state', async () => {
    const rows = await db()
      .select({ c: commissions, status: orders.status })
      .from(commissions)
      .innerJoin(orders, eq(orders.orderNo, commissions.orderNo));
    const all = await db().select().from(commissions);
    assert.equal(rows.length, all.length, 'no commission without its order');
    for (const { c, status } of rows) {
      assert.ok((MONEY_STATES as readonly string[]).includes(status), `${c.orderNo} (${status}) was paid`);
      assert.ok(
        await db()
          .select()
          .from(payments)
          .where(and(eq(payments.orderNo, c.orderNo), eq(payments.status, 'SUCCESS')))
          .then((p) => p.length > 0),
      );
    }
    const ofEarner = rows.filter((r) => r.c.promoterUserId === DEMO_EARNER.userId);
    assert.deepEqual(ofEarner.map((r) => r.status).sort(), ['PAID', 'PAID', 'PAID', 'REFUND', 'UNPAID_BALANCE']);
    await settlePromoter(db(), DEMO_EARNER.userId, 7);
    const states = (await db().select().from(commissions).where(eq(commissions.promoterUserId, DEMO_EARNER.userId)))
      .map((c) => c.status)
      .sort();
    assert.deepEqual(states, ['CANCELLED', 'FROZEN', 'PENDING', 'SETTLED', 'SETTLED']);
  });

  test('the refunded order was refunded through after-sales and the sandbox refund provider', async () => {
    const refunded = await db().select().from(orders).where(eq(orders.status, 'REFUND'));
    assert.equal(refunded.length, 1);
    const [order] = refunded;
    const [app] = await db()
      .select()
      .from(afterSaleApplications)
      .where(eq(afterSaleApplications.orderNo, order.orderNo));
    assert.equal(app.state, 'REFUNDED');
    assert.equal(app.refundedAmount, order.totalAmount);
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderNo, order.orderNo));
    assert.equal(refund.status, 'SUCCESS');
    assert.equal(refund.provider, 'sandbox');
    assert.equal(refund.amount, order.totalAmount);
    assert.match(refund.providerRefundId ?? '', /^SBXRF/, 'the sandbox refund provider took the refund');
    const notes = await db()
      .select()
      .from(refundNotifications)
      .where(eq(refundNotifications.refundSn, refund.refundSn));
    assert.equal(notes.length, 1);
    const [event] = await db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderNo, order.orderNo), eq(orderEvents.event, 'REFUND_FULL')));
    assert.ok(event, 'the order moved by its refund event');
  });

  test('refunding a seeded paid promoter order through the services reaches the sandbox provider', async () => {
    const [{ order }] = await db()
      .select({ order: orders })
      .from(commissions)
      .innerJoin(orders, eq(orders.orderNo, commissions.orderNo))
      .where(and(eq(commissions.promoterUserId, DEMO_EARNER.userId), eq(orders.status, 'PAID')))
      .limit(1);
    assert.equal(order.userId, DEMO_BUYER.userId);
    const sent: { path: string; body: string; headers: Record<string, string> }[] = [];
    const providers = createRefundProviders({
      key: DEFAULT_SANDBOX_PAY_KEY,
      delayMs: 0,
      send: async (path, body, headers) => {
        sent.push({ path, body, headers });
        return { status: 200, body: '' };
      },
    });
    try {
      const session = { token: 'test', userId: order.userId, projectSn: order.projectSn };
      const { maxAmount } = await referInfo(db(), order.userId, order.orderNo);
      assert.equal(maxAmount, order.totalAmount);
      const { applicationNo } = await applyForRefund(db(), noStorage, session, {
        orderNo: order.orderNo,
        type: 1,
        seqs: [],
        amount: maxAmount,
        reason: '不想要了',
        description: '',
        images: [],
      });
      await opsAct(db(), { refundProviders: providers, config: loadAfterSalesConfig({}) }, applicationNo, 'agree', '');
      const [refund] = await db().select().from(refunds).where(eq(refunds.applicationNo, applicationNo));
      assert.equal(refund.provider, 'sandbox');
      assert.match(refund.providerRefundId ?? '', /^SBXRF/);
      for (let i = 0; i < 100 && sent.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      assert.equal(sent.length, 1, 'the sandbox refund provider notified');
      assert.equal(await applyRefundNotification(db(), providers, 'sandbox', sent[0].body, sent[0].headers), 'APPLIED');
      const [after] = await db().select().from(orders).where(eq(orders.orderNo, order.orderNo));
      assert.equal(after.status, 'REFUND');
      const [c] = await db().select().from(commissions).where(eq(commissions.orderNo, order.orderNo));
      assert.equal(c.reversedAmount, c.amount, 'the commission went with the money');
    } finally {
      providers.close();
    }
  });
});
