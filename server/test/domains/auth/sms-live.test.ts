/**
 * The live SMS adapters through the real server over HTTP: SMS_PROVIDER=tencent and =aliyun against their local
 * fakes (test/fakes/tencent-sms.ts, aliyun-sms.ts). A customer logs in with the code the fake received; a vendor
 * refusal or timeout answers a Chinese message (never a 5xx), is logged with the vendor's code, and leaves nothing
 * half-done: no minute's hold, and the earlier code as it was.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../../src/app';
import { loadConfig } from '../../../src/config';
import { seedIfEmpty } from '../../../src/db/seed';
import { smsCodes } from '../../../src/domains/auth/schema';
import { createSmsProvider } from '../../../src/domains/auth/providers/sms';
import { SMS_FAILURE_TEXTS } from '../../../src/domains/auth/providers/sms-failure';
import { ERROR_CODES } from '@contract/common';
import type { Database } from '../../../src/runtime/database/plugin';
import { TEST_LIMITS_ENV, sign, type Params } from '../../helpers/app';
import { openFromTemplate } from '../../helpers/database-template';
import { openTestDatabase } from '../../helpers/test-database';
import { startTencentSmsFake, TENCENT_TEMPLATES, type TencentSmsFake } from '../../fakes/tencent-sms';
import { startAliyunSmsFake, ALIYUN_TEMPLATES, type AliyunSmsFake } from '../../fakes/aliyun-sms';

type Envelope<T = Record<string, unknown>> = { state: boolean; message: string; code?: number; info: T };

const vendors = [
  {
    name: 'tencent',
    start: startTencentSmsFake,
    limitCode: 'LimitExceeded.PhoneNumberDailyLimit',
    numberCode: 'FailedOperation.PhoneNumberInBlacklist',
    internalCode: 'InternalError.Timeout',
  },
  {
    name: 'aliyun',
    start: startAliyunSmsFake,
    limitCode: 'isv.BUSINESS_LIMIT_CONTROL',
    numberCode: 'isv.MOBILE_NUMBER_ILLEGAL',
    internalCode: 'isp.SYSTEM_ERROR',
  },
] as const;

for (const vendor of vendors) {
  describe(`SMS_PROVIDER=${vendor.name} through the server`, () => {
    let fake: TencentSmsFake | AliyunSmsFake;
    let database: Database;
    let app: Awaited<ReturnType<typeof buildApp>>;
    let base: string;
    let signKey: string;
    const logLines: string[] = [];

    before(async () => {
      fake = await vendor.start();
      database = (await openFromTemplate()) ?? (await openTestDatabase());
      await database.migrate();
      await seedIfEmpty(database.db);
      const config = loadConfig({
        H5_DIST: '/nonexistent/h5',
        LOG_LEVEL: 'warn',
        SMS_TIMEOUT_MS: '300',
        ...TEST_LIMITS_ENV,
        ...fake.env(),
      });
      signKey = config.signKey;
      const logStream = new Writable({
        write(chunk, _enc, done) {
          logLines.push(String(chunk));
          done();
        },
      });
      app = await buildApp({ config, db: database.db, logger: true, logStream });
      await app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    });

    after(async () => {
      await app.close();
      await database.close();
      await fake.stop();
    });

    async function call<T>(method: 'GET' | 'POST', path: string, data: Params, token?: string) {
      const signed = sign(method, path, data, signKey);
      const query = new URLSearchParams(Object.entries(signed).map(([k, v]): [string, string] => [k, String(v)]));
      const res = await fetch(method === 'GET' ? `${base}${path}?${query}` : `${base}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
        body: method === 'POST' ? JSON.stringify(signed) : undefined,
      });
      return { status: res.status, body: (await res.json()) as Envelope<T> };
    }
    const enter = async () =>
      (await call<{ token: string }>('POST', '/front/v1/entrance', { projectSn: 'demo' })).body.info.token;
    const askCode = (phone: string, token: string) =>
      call<{ resendAfter: number }>('GET', '/api/user/phone/verification/code', { phone }, token);
    const login = (phone: string, code: string, token: string) =>
      call<{ token: string }>('GET', '/api/user/phone/login', { phone, code }, token);
    /** As if the phone's code had been sent more than a minute ago. */
    const ageCode = (phone: string) =>
      database.db
        .update(smsCodes)
        .set({ createdAt: new Date(Date.now() - 61_000) })
        .where(eq(smsCodes.phone, phone));

    it('logs in with the code the vendor was asked to send, by the code template', async () => {
      const phone = '13700000001';
      const visitor = await enter();
      const sent = await askCode(phone, visitor);
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      assert.equal(sent.body.info.resendAfter, 60);
      const code = fake.lastCode(phone);
      assert.match(code, /^\d{6}$/);
      if (vendor.name === 'tencent') {
        const m = (fake as TencentSmsFake).received.at(-1);
        assert.deepEqual(m, { phone, templateId: TENCENT_TEMPLATES.code, params: [code, '5'], signName: '示例商城' });
        assert.deepEqual((fake as TencentSmsFake).calls.at(-1), { action: 'SendSms', region: 'ap-guangzhou' });
      } else {
        const m = (fake as AliyunSmsFake).received.at(-1);
        assert.deepEqual(m, { phone, templateCode: ALIYUN_TEMPLATES.code, params: { code } });
      }
      const res = await login(phone, code, visitor);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.ok(res.body.info.token);
      // The one-a-minute rule holds for a code that went out.
      const again = await askCode(phone, await enter());
      assert.equal(again.status, 400);
      assert.equal(again.body.code, ERROR_CODES.SMS_TOO_FREQUENT);
    });

    it("the vendor's per-number limit: 429 with its message, logged with the vendor's code, no hold", async () => {
      const phone = '13700000002';
      fake.refuseNumber.set(phone, vendor.limitCode);
      const visitor = await enter();
      const refused = await askCode(phone, visitor);
      assert.equal(refused.status, 429);
      assert.equal(refused.body.message, SMS_FAILURE_TEXTS.limit);
      assert.ok(logLines.some((l) => l.includes(vendor.limitCode) && l.includes('"vendorCode"')));
      assert.equal((await database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone))).length, 0);
      // Nothing went out, so nothing holds the phone: the next tap sends.
      const sent = await askCode(phone, visitor);
      assert.equal(sent.status, 200);
      assert.equal((await login(phone, fake.lastCode(phone), visitor)).status, 200);
    });

    it('a refused send puts the earlier code back: it still logs in', async () => {
      const phone = '13700000003';
      const visitor = await enter();
      assert.equal((await askCode(phone, visitor)).status, 200);
      const first = fake.lastCode(phone);
      await ageCode(phone);
      const [before] = await database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
      fake.refuseNumber.set(phone, vendor.numberCode);
      const refused = await askCode(phone, visitor);
      assert.equal(refused.status, 400);
      assert.equal(refused.body.code, ERROR_CODES.SMS_SEND_FAILED);
      assert.equal(refused.body.message, SMS_FAILURE_TEXTS.number);
      const [after] = await database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
      assert.deepEqual(after, before);
      assert.equal((await login(phone, first, visitor)).status, 200);
    });

    it("a vendor that does not answer in time: the timeout's message, and the customer may ask again at once", async () => {
      const phone = '13700000004';
      const visitor = await enter();
      fake.delayMs = 1500;
      const late = await askCode(phone, visitor).finally(() => (fake.delayMs = 0));
      assert.equal(late.status, 400);
      assert.equal(late.body.message, SMS_FAILURE_TEXTS.timeout);
      assert.ok(logLines.some((l) => l.includes('"vendorCode":"TIMEOUT"')));
      const sent = await askCode(phone, visitor);
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      assert.equal((await login(phone, fake.lastCode(phone), visitor)).status, 200);
    });

    it("the vendor's internal error may have sent: the new code stays, the wait is lifted", async () => {
      const phone = '13700000007';
      fake.refuseNumber.set(phone, vendor.internalCode);
      const visitor = await enter();
      const failed = await askCode(phone, visitor);
      assert.equal(failed.status, 400);
      assert.equal(failed.body.message, SMS_FAILURE_TEXTS.vendor);
      const [row] = await database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
      assert.ok(row && row.createdAt.getTime() <= Date.now() - 60_000, 'kept, and old enough to send again');
      assert.equal((await askCode(phone, visitor)).status, 200);
    });

    it('a refusal of the merchant side (keys, template) is the generic message, and no 5xx', async () => {
      const phone = '13700000005';
      const saved = fake.signName;
      fake.signName = '另一个签名';
      const visitor = await enter();
      const refused = await askCode(phone, visitor).finally(() => (fake.signName = saved));
      assert.equal(refused.status, 400);
      assert.equal(refused.body.message, SMS_FAILURE_TEXTS.vendor);
      assert.equal((await askCode(phone, visitor)).status, 200);
    });

    it('a notice goes out by its template with the variables in the template order', async () => {
      const provider = createSmsProvider(loadConfig(fake.env()), app.log);
      await provider.sendNotice('13700000006', 'shipped', {
        orderNo: 'SO1',
        title: '课程',
        carrier: '顺丰速运',
        trackingNo: 'SF100',
        time: '2026-11-28 12:00',
      });
      const m = fake.received.at(-1) as unknown as Record<string, unknown>;
      if (vendor.name === 'tencent') assert.deepEqual(m.params, ['SO1', '顺丰速运', 'SF100']);
      else assert.deepEqual(m.params, { orderNo: 'SO1', carrier: '顺丰速运', trackingNo: 'SF100' });
      await assert.rejects(provider.sendNotice('13700000006', 'paid', { orderNo: 'SO1' }), /needs amount/);
    });
  });
}
