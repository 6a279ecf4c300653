import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { PhoneLoginInfo } from '@contract/auth';
import { smsCodes } from '../../../src/domains/auth/schema';
import { buildHarness, type Harness } from '../../helpers/app';

const CODE_URL = '/api/user/phone/verification/code';
const LOGIN_URL = '/api/user/phone/login';

describe('phone verification code and login', () => {
  let h: Harness;
  before(async () => {
    h = await buildHarness();
  });
  after(() => h.close());

  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('sends a 6-digit code, stored only as a hash', async () => {
    const res = await h.get(CODE_URL, { phone: '13800000001' });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { state: true, message: 'success', info: { resendAfter: 60 } });
    const code = h.sms.lastCode('13800000001');
    assert.match(code, /^\d{6}$/);
    const [row] = await h.database.db.select().from(smsCodes).where(eq(smsCodes.phone, '13800000001'));
    assert.notEqual(row.codeHash, code);
    assert.ok(row.expiresAt.getTime() - Date.now() > 4 * 60_000);
  });

  it("refuses a bad phone with the contract's messages", async () => {
    for (const [phone, message] of [
      ['12345', '请输入正确的11位手机号'],
      ['12800000000', '请输入正确的11位手机号'],
      ['', '请输入手机号'],
    ]) {
      const res = await h.get(CODE_URL, { phone });
      assert.equal(res.status, 400, phone);
      assert.deepEqual(res.body, { state: false, message, info: null, code: 4000 });
    }
    const missing = await h.get(CODE_URL, {});
    assert.equal(missing.body.message, '请输入手机号');
  });

  it('allows one code per phone per minute, across concurrent requests too', async () => {
    const phone = '13800000002';
    const results = await Promise.all([1, 2, 3].map(() => h.get(CODE_URL, { phone })));
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 400, 400]);
    const refused = results.find((r) => r.status === 400)!;
    assert.deepEqual(refused.body, { state: false, message: '验证码发送太频繁，请稍后再试', info: null, code: 4003 });
    assert.equal(h.sms.sent.filter((s) => s.phone === phone).length, 1);

    await h.database.db
      .update(smsCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(smsCodes.phone, phone));
    assert.equal((await h.get(CODE_URL, { phone })).status, 200);
  });

  it('logs in: new token, old token revoked, phone given to the visitor', async () => {
    const phone = '13800000003';
    const visitor = await h.enter('demo');
    const visitorUser = (await h.get<{ userId: string }>('/front/v1/user/cache', {}, visitor)).body.info.userId;
    await h.get(CODE_URL, { phone }, visitor);
    const res = await h.get<PhoneLoginInfo>(LOGIN_URL, { phone, code: h.sms.lastCode(phone) }, visitor);
    assert.equal(res.status, 200);
    assert.notEqual(res.body.info.token, visitor);
    assert.equal(res.body.info.userInfo.phone, phone);
    assert.equal(res.body.info.userInfo.userId, visitorUser);

    assert.equal((await h.get('/front/v1/user/cache', {}, visitor)).status, 401);
    assert.equal((await h.get('/front/v1/user/cache', {}, res.body.info.token)).status, 200);
  });

  it('finds the existing user of a phone from another visitor session, per project', async () => {
    const phone = '13800000004';
    const first = await h.login(phone, 'demo');
    await h.database.db
      .update(smsCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(smsCodes.phone, phone));
    const second = await h.login(phone, 'demo');
    assert.equal(second.userId, first.userId);

    await h.database.db
      .update(smsCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(smsCodes.phone, phone));
    const elsewhere = await h.login(phone, 'course');
    assert.notEqual(elsewhere.userId, first.userId);
  });

  it('answers a wrong code, then a consumed code', async () => {
    const phone = '13800000005';
    const visitor = await h.enter();
    await h.get(CODE_URL, { phone }, visitor);
    const code = h.sms.lastCode(phone);
    const wrong = await h.get(LOGIN_URL, { phone, code: wrongCode(code) }, visitor);
    assert.equal(wrong.status, 400);
    assert.deepEqual(wrong.body, { state: false, message: '验证码错误', info: null, code: 4004 });

    const ok = await h.get<PhoneLoginInfo>(LOGIN_URL, { phone, code }, visitor);
    assert.equal(ok.status, 200);
    const again = await h.get(LOGIN_URL, { phone, code }, ok.body.info.token);
    assert.deepEqual(again.body, { state: false, message: '验证码已过期，请重新获取', info: null, code: 4005 });
  });

  it('answers an expired code and a phone that never got one', async () => {
    const phone = '13800000006';
    const visitor = await h.enter();
    await h.get(CODE_URL, { phone }, visitor);
    await h.database.db
      .update(smsCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(smsCodes.phone, phone));
    const expired = await h.get(LOGIN_URL, { phone, code: h.sms.lastCode(phone) }, visitor);
    assert.equal(expired.status, 400);
    assert.equal(expired.body.message, '验证码已过期，请重新获取');
    const never = await h.get(LOGIN_URL, { phone: '13800000099', code: '123456' }, visitor);
    assert.equal(never.body.message, '验证码已过期，请重新获取');
  });

  it('refuses a malformed code before looking at the database', async () => {
    const visitor = await h.enter();
    const res = await h.get(LOGIN_URL, { phone: '13800000007', code: '12ab' }, visitor);
    assert.deepEqual([res.status, res.body.message], [400, '请输入6位数字验证码']);
  });

  it('kills the code after 5 wrong attempts, even for the right code', async () => {
    const phone = '13800000008';
    const visitor = await h.enter();
    await h.get(CODE_URL, { phone }, visitor);
    const code = h.sms.lastCode(phone);
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1)
      messages.push((await h.get(LOGIN_URL, { phone, code: wrongCode(code) }, visitor)).body.message);
    assert.deepEqual(messages, [
      '验证码错误',
      '验证码错误',
      '验证码错误',
      '验证码错误',
      '验证码错误次数过多，请重新获取',
    ]);
    const right = await h.get(LOGIN_URL, { phone, code }, visitor);
    assert.deepEqual(right.body, { state: false, message: '验证码错误次数过多，请重新获取', info: null, code: 4006 });
    // The visitor session is untouched by failures.
    assert.equal((await h.get('/front/v1/user/cache', {}, visitor)).status, 200);
  });

  it('lets exactly one of several concurrent logins spend a code', async () => {
    const phone = '13800000009';
    const visitors = await Promise.all([h.enter(), h.enter(), h.enter()]);
    await h.get(CODE_URL, { phone }, visitors[0]);
    const code = h.sms.lastCode(phone);
    const results = await Promise.all(visitors.map((v) => h.get(LOGIN_URL, { phone, code }, v)));
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 400, 400]);
  });
});
