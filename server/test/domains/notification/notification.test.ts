/**
 * Notifications end to end on the real app and database (PGlite, or PostgreSQL with TEST_DATABASE_URL): a payment
 * at the sandbox cashier records its event in the payment's transaction; the sweep routes it (granted WeChat
 * template, else SMS), sends it once however many sweeps run at the same time, retries with back-off and gives up;
 * a failing channel or a notice that cannot be recorded never fails the payment.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { count, eq, sql } from 'drizzle-orm';
import type { PayParams } from '@contract/payment';
import { platformIdentities } from '../../../src/domains/auth/schema';
import { createNoticeChannels } from '../../../src/domains/notification/channels';
import { ChannelError, type NoticeChannel } from '../../../src/domains/notification/channels/types';
import { BACKOFF_MS, dispatchEvents, sendDue, type DispatchDeps } from '../../../src/domains/notification/dispatch';
import {
  notePaid,
  noteRefundResult,
  noteShipped,
  noteWithdrawal,
  recordNotice,
} from '../../../src/domains/notification/events';
import {
  notificationDeliveries,
  notificationEvents,
  notificationGrants,
} from '../../../src/domains/notification/schema';
import { notificationPass, recordDueReminders } from '../../../src/domains/notification/sweep';
import { orderPayments, orders } from '../../../src/domains/order/schema';
import { buildApp } from '../../../src/app';
import { buildHarness, type Harness } from '../../helpers/app';
import { insertUnpaidOrder } from '../../helpers/unpaid-order';
import { startNotifyPlatformsFake, type NotifyPlatformsFake } from '../../fakes/notify-platforms';

const H5 = { paySource: 'H5', tradeType: 'MWEB', redirectUrl: '/#/pages/order/orderDetail?orderNo=x' } as const;
const TEMPLATES = {
  NOTIFY_WECHAT_PAID: 'WX-PAID|character_string1=orderNo,thing2=title,amount3=amount,time4=time',
  NOTIFY_WECHAT_REFUND_RESULT: 'WX-REFUND|character_string1=orderNo,amount2=amount,phrase3=result',
  NOTIFY_WECHAT_SHIPPED: 'WX-SHIP|character_string1=orderNo,thing2=carrier,character_string3=trackingNo',
  NOTIFY_WECHAT_WITHDRAWAL_RESULT: 'WX-WD|amount1=amount,phrase2=result',
  NOTIFY_WECHAT_INSTALMENT_DUE: 'WX-DUE|character_string1=orderNo,amount2=amount,date3=dueDate',
};

describe('notifications', () => {
  let h: Harness;
  let fake: NotifyPlatformsFake;
  const errors: Array<{ obj: unknown; msg: string }> = [];
  const log = { error: (obj: unknown, msg: string) => errors.push({ obj, msg }), warn: () => {} };
  let deps: DispatchDeps;
  let seq = 0;

  before(async () => {
    fake = await startNotifyPlatformsFake();
    for (const v of Object.values(TEMPLATES)) fake.templates.add(v.split('|')[0]);
    h = await buildHarness({
      env: {
        NOTIFY_PROVIDER: 'live',
        WECHAT_MINI_APP_ID: fake.wechat.appId,
        WECHAT_MINI_APP_SECRET: fake.wechat.appSecret,
        WECHAT_API_BASE: fake.base,
        ...TEMPLATES,
      },
    });
    deps = { notify: h.config.notify, channels: createNoticeChannels(h.config.notify, h.sms), log };
  });
  after(async () => {
    await h.close();
    await fake.stop();
  });

  const db = () => h.database.db;
  const deliveriesOf = (eventKey: string) =>
    db().select().from(notificationDeliveries).where(eq(notificationDeliveries.eventKey, eventKey));

  /** A customer with an order paid at the sandbox cashier; returns the payment's event key. */
  const customers = new Map<string, Promise<{ token: string; userId: string }>>();
  /** One login per phone (a second code for the same phone within the minute is refused). */
  const login = (phone: string) => {
    if (!customers.has(phone)) customers.set(phone, h.login(phone));
    return customers.get(phone)!;
  };

  async function payOrder(phone: string, amount = 1200): Promise<{ key: string; orderNo: string; userId: string }> {
    const { token, userId } = await login(phone);
    const orderNo = `ON${Date.now()}${seq++}`;
    await insertUnpaidOrder(h, { orderNo, userId, amount });
    const res = await h.get<PayParams>(`/front/v1/client/order/payment/continue/${orderNo}`, H5, token);
    assert.equal(res.status, 200, res.raw.body);
    const confirm = await h.inject({
      method: 'POST',
      url: `/sandbox/cashier/${res.body.info.paymentSn}/confirm`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    assert.equal(confirm.status, 303, String(confirm.raw.body));
    const [order] = await db().select().from(orders).where(eq(orders.orderNo, orderNo));
    assert.equal(order.status, 'PAID');
    return { key: `paid:${res.body.info.paymentSn}`, orderNo, userId };
  }

  async function grantWechat(token: string, userId: string, openid: string, accept = ['WX-PAID']) {
    await db()
      .insert(platformIdentities)
      .values({ id: `PI-${openid}`, projectSn: 'demo', platform: 'WEAPP', appId: fake.wechat.appId, openid, userId })
      .onConflictDoNothing();
    const results = Object.fromEntries(accept.map((id) => [id, 'accept']));
    return h.post<{ granted: number }>('/front/v1/notification/subscribe', { platform: 'WEAPP', results }, token);
  }

  it('asks for the configured templates at each moment (none on a platform without templates)', async () => {
    const { token } = await h.login('13800005001');
    const afterPay = await h.post<{ templateIds: string[] }>(
      '/front/v1/notification/templates',
      { platform: 'WEAPP', moment: 'afterPay' },
      token,
    );
    assert.deepEqual(afterPay.body.info.templateIds, ['WX-PAID', 'WX-SHIP', 'WX-DUE']);
    const refund = await h.post<{ templateIds: string[] }>(
      '/front/v1/notification/templates',
      { platform: 'WEAPP', moment: 'afterRefundApply' },
      token,
    );
    assert.deepEqual(refund.body.info.templateIds, ['WX-REFUND']);
    const swan = await h.post<{ templateIds: string[] }>(
      '/front/v1/notification/templates',
      { platform: 'SWAN', moment: 'afterPay' },
      token,
    );
    assert.deepEqual(swan.body.info.templateIds, []);
    const bad = await h.post('/front/v1/notification/templates', { platform: 'H5', moment: 'afterPay' }, token);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, '平台不正确');
  });

  it('a paid order: the event is recorded with the payment, sent by SMS when nothing was granted', async () => {
    const { key, orderNo } = await payOrder('13800005002');
    const [event] = await db().select().from(notificationEvents).where(eq(notificationEvents.eventKey, key));
    assert.equal(event.kind, 'paid');
    assert.equal(event.params.amount, '¥12');
    assert.equal(event.params.orderNo, orderNo);
    await notificationPass(db(), deps);
    const [d] = await deliveriesOf(key);
    assert.equal(d.channel, 'sms');
    assert.equal(d.status, 'SENT');
    assert.equal(d.attempts, 1);
    assert.ok(d.sentAt);
    const sms = h.sms.notices.find((n) => n.params.orderNo === orderNo);
    assert.equal(sms?.phone, '13800005002');
    assert.equal(sms?.kind, 'paid');
  });

  it('a granted WeChat template carries one notice; the next event of that kind goes by SMS', async () => {
    const { token, userId } = await login('13800005003');
    const granted = await grantWechat(token, userId, 'o-grant-1', ['WX-PAID', 'WX-NOT-OURS']);
    assert.equal(granted.body.info.granted, 1);
    const first = await payOrder('13800005003');
    const second = await payOrder('13800005003');
    await notificationPass(db(), deps);
    const [a] = await deliveriesOf(first.key);
    const [b] = await deliveriesOf(second.key);
    assert.equal(a.channel, 'wechat');
    assert.equal(a.status, 'SENT');
    assert.equal(b.channel, 'sms');
    const sent = fake.sent.find((m) => m.openid === 'o-grant-1')!;
    assert.equal(sent.templateId, 'WX-PAID');
    assert.equal(sent.data.character_string1.value, first.orderNo);
    assert.equal(sent.data.amount3.value, '¥12');
    assert.match(sent.page, /^pages\/order\/orderDetail\?orderNo=/);
    const [grant] = await db().select().from(notificationGrants).where(eq(notificationGrants.userId, userId));
    assert.equal(grant.usedBy, first.key);
  });

  it('43101 (the customer refused in WeChat): given up at once, and sent by SMS instead', async () => {
    const { token, userId } = await login('13800005004');
    await grantWechat(token, userId, 'o-refuses');
    fake.refusing.add('o-refuses');
    const { key } = await payOrder('13800005004');
    await notificationPass(db(), deps);
    await notificationPass(db(), deps);
    const rows = await deliveriesOf(key);
    const wx = rows.find((r) => r.channel === 'wechat')!;
    assert.equal(wx.status, 'FAILED');
    assert.match(wx.lastError!, /43101/);
    assert.equal(wx.attempts, 1);
    assert.equal(rows.find((r) => r.channel === 'sms')?.status, 'SENT');
    assert.ok(errors.some((e) => e.msg === 'notice given up'));
  });

  it('a platform that is down: tried again after 1, 5 and 30 minutes, then given up and reported', async () => {
    const { token, userId } = await login('13800005005');
    await grantWechat(token, userId, 'o-down');
    const { key } = await payOrder('13800005005');
    let now = new Date();
    await dispatchEvents(db(), deps, now);
    const attempt = async () => {
      fake.failNext(1);
      await sendDue(db(), deps, now);
      return (await deliveriesOf(key))[0];
    };
    for (const [i, wait] of BACKOFF_MS.entries()) {
      const row = await attempt();
      assert.equal(row.status, 'PENDING', `after failure ${i + 1}`);
      assert.equal(row.attempts, i + 1);
      assert.equal(row.nextAt.getTime(), now.getTime() + wait);
      assert.match(row.lastError!, /HTTP 500/);
      // Not due before its time.
      await sendDue(db(), deps, new Date(now.getTime() + wait - 1000));
      assert.equal((await deliveriesOf(key))[0].attempts, i + 1);
      now = new Date(now.getTime() + wait);
    }
    errors.length = 0;
    const last = await attempt();
    assert.equal(last.status, 'FAILED');
    assert.equal(last.attempts, 4);
    assert.ok(errors.some((e) => e.msg === 'notice given up'));
    // Down is not a refusal: no SMS copy of a notice whose fate WeChat may still decide.
    assert.equal((await deliveriesOf(key)).length, 1);
  });

  it('never twice: four sweeps at once send each of ten notices exactly once', async () => {
    const keys: string[] = [];
    const { userId } = await h.login('13800005006');
    for (let i = 0; i < 10; i++) {
      const key = `test:${Date.now()}:${i}`;
      keys.push(key);
      await recordNotice(db(), key, async () => ({
        kind: 'withdrawalResult',
        projectSn: 'demo',
        userId,
        params: { withdrawalNo: `W${i}`, amount: '¥1', result: '提现成功', reason: '', time: '2026-01-01 10:00' },
      }));
    }
    let sends = 0;
    const slowSms: NoticeChannel = {
      name: 'sms',
      async send() {
        sends++;
        await new Promise((r) => setTimeout(r, 20));
      },
    };
    const racing = { ...deps, channels: { ...deps.channels, sms: slowSms } };
    await Promise.all([1, 2, 3, 4].map(() => notificationPass(db(), racing)));
    await notificationPass(db(), racing);
    const rows = await db()
      .select({ key: notificationDeliveries.eventKey, status: notificationDeliveries.status })
      .from(notificationDeliveries)
      .where(sql`${notificationDeliveries.eventKey} like 'test:%'`);
    assert.equal(rows.length, 10);
    assert.ok(rows.every((r) => r.status === 'SENT'));
    assert.equal(sends, 10);
  });

  it('a failing channel never fails the payment; the notice waits for its retry', async () => {
    const throwing: NoticeChannel = {
      name: 'sms',
      send: async () => {
        throw new ChannelError('短信 网关不可用', false);
      },
    };
    const { key } = await payOrder('13800005007');
    await notificationPass(db(), { ...deps, channels: { ...deps.channels, sms: throwing } });
    const [d] = await deliveriesOf(key);
    assert.equal(d.status, 'PENDING');
    assert.match(d.lastError!, /网关不可用/);
  });

  it('a notice that cannot be recorded leaves the money change committed', async () => {
    const { userId } = await h.login('13800005008');
    const orderNo = `ON-BROKEN-${Date.now()}`;
    await insertUnpaidOrder(h, { orderNo, userId, amount: 300 });
    await db().transaction(async (tx) => {
      const ok = await recordNotice(tx, 'broken:1', async (sp) => {
        await sp.execute(sql`select * from no_such_table`);
        return null;
      });
      assert.equal(ok, false);
      // The transaction is still usable after the failed statement (it ran under a savepoint).
      await tx.update(orders).set({ status: 'CANCELLED' }).where(eq(orders.orderNo, orderNo));
      assert.equal(await notePaid(tx, { paymentSn: 'P-none', orderNo: 'ON-MISSING', amount: 1 }, new Date()), false);
    });
    const [order] = await db().select().from(orders).where(eq(orders.orderNo, orderNo));
    assert.equal(order.status, 'CANCELLED');
  });

  it('refund, shipment and withdrawal events carry their keys and variables; other moves are not news', async () => {
    const { userId } = await login('13800005010');
    const orderNo = `ON-EV-${Date.now()}`;
    await insertUnpaidOrder(h, { orderNo, userId, amount: 2000 });
    const at = new Date('2026-03-10T02:30:00Z');
    const app = { applicationNo: `AS-${orderNo}`, orderNo, amount: 2000 };
    await db().transaction(async (tx) => {
      assert.equal(await noteRefundResult(tx, app, 'AGREE', at), false);
      assert.equal(await noteRefundResult(tx, app, 'REFUND_SETTLED', at, { set: { refundedAmount: 1500 } }), true);
      assert.equal(await noteRefundResult(tx, app, 'REFUND_FAILED', at, { message: '原路退回失败' }), true);
      assert.equal(await noteShipped(tx, orderNo, { carrierName: '顺丰速运', trackingNo: 'SF1' }, at), true);
      assert.equal(await noteShipped(tx, orderNo, { carrierName: '中通快递', trackingNo: 'ZT2' }, at), false, 'once');
      const w = { withdrawalNo: `W-${orderNo}`, userId, amount: 1000, actualAmount: 990 };
      assert.equal(await noteWithdrawal(tx, w, 'SUCCESS', at), true);
      assert.equal(await noteWithdrawal(tx, w, 'REJECTED', at, '银行卡信息有误'), true);
    });
    const params = async (key: string) =>
      (await db().select().from(notificationEvents).where(eq(notificationEvents.eventKey, key)))[0]?.params;
    const settledKey = `refund:${app.applicationNo}:REFUND_SETTLED:${at.getTime()}`;
    assert.deepEqual(await params(settledKey), {
      orderNo,
      title: (await params(settledKey))?.title,
      amount: '¥15',
      result: '退款成功',
      reason: '',
      time: '2026-03-10 10:30',
    });
    const failed = await params(`refund:${app.applicationNo}:REFUND_FAILED:${at.getTime()}`);
    assert.equal(failed?.reason, '原路退回失败');
    assert.equal((await params(`shipped:${orderNo}`))?.trackingNo, 'SF1');
    assert.equal((await params(`withdrawal:W-${orderNo}:SUCCESS`))?.amount, '¥9.9');
    assert.equal((await params(`withdrawal:W-${orderNo}:REJECTED`))?.result, '审核未通过');
  });

  it('instalments due tomorrow (China time) are reminded once, from 09:00', async () => {
    const { userId } = await h.login('13800005009');
    const orderNo = `ON-INST-${Date.now()}`;
    await insertUnpaidOrder(h, { orderNo, userId, amount: 3000 });
    await db()
      .update(orders)
      .set({ status: 'UNPAID_INSTALLMENTS', orderPayType: 3 })
      .where(eq(orders.orderNo, orderNo));
    // 2026-03-10 10:00 China time; the second instalment falls due 2026-03-11 20:00 China time.
    const now = new Date('2026-03-10T02:00:00Z');
    await db()
      .update(orderPayments)
      .set({ status: 'PAID', kind: 'INSTALLMENT', amount: 1000 })
      .where(eq(orderPayments.orderNo, orderNo));
    await db()
      .insert(orderPayments)
      .values({ orderNo, seq: 2, kind: 'INSTALLMENT', amount: 1000, dueTime: new Date('2026-03-11T12:00:00Z') });
    assert.equal(await recordDueReminders(db(), new Date('2026-03-10T00:30:00Z')), 0, '08:30: not yet');
    assert.equal(await recordDueReminders(db(), now), 1);
    assert.equal(await recordDueReminders(db(), new Date('2026-03-10T09:00:00Z')), 0, 'once');
    const [event] = await db()
      .select()
      .from(notificationEvents)
      .where(eq(notificationEvents.eventKey, `due:${orderNo}:2:2026-03-11`));
    assert.equal(event.params.dueDate, '2026-03-11');
    assert.equal(event.params.amount, '¥10');
  });

  it('the sandbox page is only served in sandbox mode', async () => {
    assert.equal((await h.inject({ method: 'GET', url: '/sandbox/notifications' })).status, 404);
    const [{ n }] = await db().select({ n: count() }).from(notificationEvents);
    assert.ok(n > 0);
  });
});

describe('notifications in sandbox mode', () => {
  let h: Harness;
  before(async () => {
    h = await buildHarness();
  });
  after(() => h.close());

  it('records what would be sent, and shows it at /sandbox/notifications', async () => {
    const { token, userId } = await h.login('13800005101');
    const orderNo = `ON-SB-${Date.now()}`;
    await insertUnpaidOrder(h, { orderNo, userId, amount: 4550 });
    const res = await h.get<PayParams>(`/front/v1/client/order/payment/continue/${orderNo}`, H5, token);
    await h.inject({
      method: 'POST',
      url: `/sandbox/cashier/${res.body.info.paymentSn}/confirm`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const deps: DispatchDeps = {
      notify: h.config.notify,
      channels: createNoticeChannels(h.config.notify, h.sms),
      log: { error: () => {}, warn: () => {} },
    };
    await notificationPass(h.database.db, deps);
    const [d] = await h.database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.eventKey, `paid:${res.body.info.paymentSn}`));
    assert.equal(d.channel, 'sandbox');
    assert.equal(d.status, 'SENT');
    assert.equal(d.target, 'sms:13800005101');
    assert.equal(h.sms.notices.length, 0, 'nothing left the server');
    const page = await h.inject({ method: 'GET', url: '/sandbox/notifications' });
    assert.equal(page.status, 200);
    const html = String(page.raw.body);
    assert.match(html, /支付成功通知/);
    assert.ok(html.includes(`您的订单 ${orderNo}`));
    assert.match(html, /已支付 ¥45\.5/);
    assert.match(html, /短信 → 138\*\*\*\*5101/);
  });

  it('the app started with its sweep sends a recorded notice within moments, and stops when it closes', async () => {
    const app = await buildApp({
      config: h.config,
      db: h.database.db,
      sms: h.sms,
      logger: false,
      notificationSweep: true,
    });
    await app.ready();
    try {
      const { userId } = await h.login('13800005102');
      const key = `woken:${Date.now()}`;
      await recordNotice(h.database.db, key, async () => ({
        kind: 'shipped',
        projectSn: 'demo',
        userId,
        params: { orderNo: 'O-W', title: '教材', carrier: '顺丰速运', trackingNo: 'SF1', time: '2026-01-01 10:00' },
      }));
      const started = Date.now();
      let status = '';
      while (Date.now() - started < 8000 && status !== 'SENT') {
        await new Promise((r) => setTimeout(r, 100));
        const [d] = await h.database.db
          .select()
          .from(notificationDeliveries)
          .where(eq(notificationDeliveries.eventKey, key));
        status = d?.status ?? '';
      }
      // The period is NOTIFY_SWEEP_SECONDS (10 s): sent well before it, so the record woke the sweep.
      assert.equal(status, 'SENT');
      assert.ok(Date.now() - started < 8000);
    } finally {
      await app.close();
    }
  });
});
