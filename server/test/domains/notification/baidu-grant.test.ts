/**
 * Baidu's subscribe permission end to end on the real app and database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): the storefront's subscribe form reports the templates the customer granted with the form's
 * subscribe-id; each grant carries one notice, sent through the Baidu channel to the local fake of
 * /rest/2.0/smartapp/template/message/subscribe/send with that subscribe_id (one message per grant, as Baidu's
 * form page says: "同一用户在同一 subscribe-id 下的多次授权不累积下发权限，只能下发一条").
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { PayParams } from '@contract/payment';
import { platformIdentities } from '../../../src/domains/auth/schema';
import { createNoticeChannels } from '../../../src/domains/notification/channels';
import type { DispatchDeps } from '../../../src/domains/notification/dispatch';
import { notificationDeliveries, notificationGrants } from '../../../src/domains/notification/schema';
import { notificationPass } from '../../../src/domains/notification/sweep';
import { buildHarness, type Harness } from '../../helpers/app';
import { insertUnpaidOrder } from '../../helpers/unpaid-order';
import { startNotifyPlatformsFake, type NotifyPlatformsFake } from '../../fakes/notify-platforms';

const H5 = { paySource: 'H5', tradeType: 'MWEB', redirectUrl: '/#/pages/order/orderDetail?orderNo=x' } as const;
const TEMPLATES = {
  NOTIFY_BAIDU_PAID: 'BD-PAID|keyword1=orderNo,keyword2=title,keyword3=amount,keyword4=time',
  NOTIFY_BAIDU_REFUND_RESULT: 'BD-REFUND|keyword1=orderNo,keyword2=amount,keyword3=result',
  NOTIFY_BAIDU_SHIPPED: 'BD-SHIP|keyword1=orderNo,keyword2=carrier,keyword3=trackingNo',
  NOTIFY_BAIDU_WITHDRAWAL_RESULT: 'BD-WD|keyword1=amount,keyword2=result',
  NOTIFY_BAIDU_INSTALMENT_DUE: 'BD-DUE|keyword1=orderNo,keyword2=amount,keyword3=dueDate',
};
const URL_SUBSCRIBE = '/front/v1/notification/subscribe';

describe('Baidu subscribe grants', () => {
  let h: Harness;
  let fake: NotifyPlatformsFake;
  let deps: DispatchDeps;
  let seq = 0;
  const log = { error: () => {}, warn: () => {} };

  before(async () => {
    fake = await startNotifyPlatformsFake();
    for (const v of Object.values(TEMPLATES)) fake.templates.add(v.split('|')[0]);
    h = await buildHarness({
      env: {
        NOTIFY_PROVIDER: 'live',
        BAIDU_SWAN_APP_KEY: fake.baidu.clientId,
        BAIDU_SWAN_APP_SECRET: fake.baidu.clientSecret,
        NOTIFY_BAIDU_API_BASE: fake.base,
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

  async function swanCustomer(phone: string, openid: string) {
    const who = await h.login(phone);
    await db()
      .insert(platformIdentities)
      .values({
        id: `PI-${openid}`,
        projectSn: 'demo',
        platform: 'SWAN',
        appId: 'swan-app',
        openid,
        userId: who.userId,
      });
    return who;
  }

  async function payOrder(token: string, userId: string): Promise<string> {
    const orderNo = `BD${Date.now()}${seq++}`;
    await insertUnpaidOrder(h, { orderNo, userId, amount: 1200 });
    const res = await h.get<PayParams>(`/front/v1/client/order/payment/continue/${orderNo}`, H5, token);
    assert.equal(res.status, 200, res.raw.body);
    const confirm = await h.inject({
      method: 'POST',
      url: `/sandbox/cashier/${res.body.info.paymentSn}/confirm`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    assert.equal(confirm.status, 303, String(confirm.raw.body));
    return `paid:${res.body.info.paymentSn}`;
  }

  it('the pay moment asks for its three templates on Baidu', async () => {
    const { token } = await h.login('13800006001');
    const res = await h.post<{ templateIds: string[] }>(
      '/front/v1/notification/templates',
      { platform: 'SWAN', moment: 'afterPay' },
      token,
    );
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.info.templateIds, ['BD-PAID', 'BD-SHIP', 'BD-DUE']);
  });

  it('refuses a grant without its subscribe-id, and malformed input, in Chinese and never with a 5xx', async () => {
    const { token } = await swanCustomer('13800006002', 'bd-open-2');
    const missing = await h.post(URL_SUBSCRIBE, { platform: 'SWAN', results: { 'BD-PAID': 'accept' } }, token);
    assert.equal(missing.status, 400);
    assert.equal(missing.body.message, '缺少订阅 id');
    for (const body of [
      { platform: 'SWAN', results: 'accept', subscribeId: 'a' },
      { platform: 'BAIDU', results: {}, subscribeId: 'a' },
      { platform: 'SWAN', results: { 'BD-PAID': 'accept' }, subscribeId: 'x'.repeat(65) },
    ]) {
      const res = await h.post(URL_SUBSCRIBE, body, token);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(String(res.body.message), /[\u4e00-\u9fa5]/);
    }
    const rows = await db().select().from(notificationGrants);
    assert.equal(rows.filter((g) => g.openid === 'bd-open-2').length, 0);
  });

  it("a granted form carries one notice per template, sent with the form's subscribe_id; the next goes by SMS", async () => {
    const { token, userId } = await swanCustomer('13800006003', 'bd-open-3');
    const subscribeId = 'afterPay-kq1x2y3z';
    const granted = await h.post<{ granted: number }>(
      URL_SUBSCRIBE,
      { platform: 'SWAN', results: { 'BD-PAID': 'accept', 'BD-SHIP': 'accept', 'BD-NOT-OURS': 'accept' }, subscribeId },
      token,
    );
    assert.equal(granted.status, 200, JSON.stringify(granted.body));
    assert.equal(granted.body.info.granted, 2);

    const first = await payOrder(token, userId);
    const second = await payOrder(token, userId);
    await notificationPass(db(), deps);
    const [a] = await db().select().from(notificationDeliveries).where(eq(notificationDeliveries.eventKey, first));
    const [b] = await db().select().from(notificationDeliveries).where(eq(notificationDeliveries.eventKey, second));
    assert.equal(a.channel, 'baidu');
    assert.equal(a.status, 'SENT', a.lastError ?? '');
    assert.equal(b.channel, 'sms');
    const sent = fake.sent.filter((m) => m.platform === 'baidu' && m.openid === 'bd-open-3');
    assert.equal(sent.length, 1);
    assert.equal(sent[0].templateId, 'BD-PAID');
    assert.equal(sent[0].subscribeId, subscribeId);
    assert.equal(sent[0].data.keyword3.value, '¥12');
    assert.match(sent[0].page, /^pages\/order\/orderDetail\?orderNo=/);
    const grants = await db().select().from(notificationGrants).where(eq(notificationGrants.userId, userId));
    assert.equal(grants.find((g) => g.kind === 'paid')?.usedBy, first);
    assert.equal(grants.find((g) => g.kind === 'shipped')?.usedAt, null);
  });

  it('a customer who withdrew the permission in Baidu (4007) hears by SMS instead', async () => {
    const { token, userId } = await swanCustomer('13800006004', 'bd-open-4');
    fake.refusing.add('bd-open-4');
    await h.post(
      URL_SUBSCRIBE,
      { platform: 'SWAN', results: { 'BD-PAID': 'accept' }, subscribeId: 'afterPay-r' },
      token,
    );
    const key = await payOrder(token, userId);
    await notificationPass(db(), deps);
    await notificationPass(db(), deps);
    const rows = await db().select().from(notificationDeliveries).where(eq(notificationDeliveries.eventKey, key));
    const baidu = rows.find((r) => r.channel === 'baidu');
    assert.equal(baidu?.status, 'FAILED');
    assert.match(baidu?.lastError ?? '', /4007/);
    assert.ok(rows.some((r) => r.channel === 'sms'));
  });
});
