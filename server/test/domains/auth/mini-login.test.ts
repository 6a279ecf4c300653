/**
 * Mini-program login with the sandbox provider (the default): a code's stem names the customer, a code works
 * once, the phone button binds a phone, and a customer who logs in on two platforms (or by SMS) with the same
 * phone is one customer — the identities move and the session follows. Also the §6 prompts per platform.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { MiniLoginInfo } from '@contract/mini-login';
import { platformIdentities } from '../../../src/domains/auth/schema';
import { LOGIN_CODE_USED, PHONE_BOUND_ELSEWHERE } from '../../../src/domains/auth/platform-accounts';
import { SANDBOX_APP_ID } from '../../../src/domains/auth/providers/mini-login';
import { buildHarness, sign, type Harness } from '../../helpers/app';

const LOGIN = '/front/v1/auth/mini-login';
const PHONE = '/front/v1/auth/mini-phone';
const AUTH = '/front/v1/user/auth';
const WECHAT_UA = 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.50 NetType/WIFI';

describe('mini-program login (sandbox)', () => {
  let h: Harness;
  before(async () => {
    h = await buildHarness();
  });
  after(() => h.close());

  const login = async (platform: 'WEAPP' | 'SWAN', code: string, token?: string) =>
    h.post<MiniLoginInfo>(LOGIN, { platform, code }, token ?? (await h.enter()));

  it('logs a visitor in: a new token for the same visitor user, the prompts, no session key in the answer', async () => {
    const visitor = await h.enter();
    const cache = await h.get<{ userId: string }>('/front/v1/user/cache', {}, visitor);
    const res = await login('WEAPP', 'alice.1', visitor);
    assert.equal(res.status, 200, res.raw.body);
    assert.notEqual(res.body.info.token, visitor);
    assert.equal(res.body.info.userInfo.userId, cache.body.info.userId, 'what the visitor did stays theirs');
    assert.deepEqual(res.body.info.authInfo, { needAuthUser: false, needAuthPhone: true });
    assert.match(res.body.info.userInfo.unionId, /^sbxu_/);
    assert.ok(!/session_?key/i.test(res.raw.body));
    assert.equal((await h.post(AUTH, {}, visitor)).status, 401, 'the visitor token is replaced');

    const [identity] = await h.database.db
      .select()
      .from(platformIdentities)
      .where(eq(platformIdentities.userId, cache.body.info.userId));
    assert.equal(identity.appId, SANDBOX_APP_ID);
    assert.equal(identity.platform, 'WEAPP');
    assert.ok(identity.sessionKey && !res.raw.body.includes(identity.sessionKey));
  });

  it('the same stem is the same customer on any device; a code used twice is refused', async () => {
    const first = await login('WEAPP', 'bob.1');
    const second = await login('WEAPP', 'bob.2');
    assert.equal(second.body.info.userInfo.userId, first.body.info.userInfo.userId);
    const reused = await login('WEAPP', 'bob.2');
    assert.equal(reused.status, 400);
    assert.deepEqual(reused.body, { state: false, message: LOGIN_CODE_USED, info: null, code: 4000 });
    const other = await login('WEAPP', 'carol.1');
    assert.notEqual(other.body.info.userInfo.userId, first.body.info.userInfo.userId);
  });

  it('a logged-in WeChat account on a device another WeChat account used gets its own user', async () => {
    const dan = await login('WEAPP', 'dan.1');
    const eve = await login('WEAPP', 'eve.1', dan.body.info.token);
    assert.notEqual(eve.body.info.userInfo.userId, dan.body.info.userInfo.userId);
  });

  it('binds the phone from the button; the prompt goes away', async () => {
    const res = await login('WEAPP', 'frank.1');
    const bound = await h.post<MiniLoginInfo>(PHONE, { platform: 'WEAPP', code: '13700000101.a' }, res.body.info.token);
    assert.equal(bound.status, 200, bound.raw.body);
    assert.equal(bound.body.info.userInfo.phone, '13700000101');
    assert.equal(bound.body.info.token, res.body.info.token);
    assert.deepEqual(bound.body.info.authInfo, { needAuthUser: false, needAuthPhone: false });
    const auth = await h.post(AUTH, { source: 'WEAPP' }, res.body.info.token);
    assert.deepEqual(auth.body.info, { needAuthUser: false, needAuthPhone: false });
    // Another phone for a customer who has one is refused, not silently swapped.
    const swap = await h.post(PHONE, { platform: 'WEAPP', code: '13700000102.a' }, res.body.info.token);
    assert.equal(swap.status, 400);
    assert.equal(swap.body.message, PHONE_BOUND_ELSEWHERE);
  });

  it('merge by phone: SMS customer, then WeChat, then Baidu with the same phone are one customer', async () => {
    const phone = '13700000201';
    const sms = await h.login(phone);
    const wx = await login('WEAPP', 'grace.1');
    assert.notEqual(wx.body.info.userInfo.userId, sms.userId);
    const merged = await h.post<MiniLoginInfo>(PHONE, { platform: 'WEAPP', code: `${phone}.x` }, wx.body.info.token);
    assert.equal(merged.status, 200, merged.raw.body);
    assert.equal(merged.body.info.userInfo.userId, sms.userId, "the phone's customer");
    assert.notEqual(merged.body.info.token, wx.body.info.token, 'the session follows the customer');
    assert.equal((await h.post(AUTH, {}, wx.body.info.token)).status, 401, 'the old session is closed');
    assert.equal(
      merged.body.info.userInfo.unionId,
      wx.body.info.userInfo.unionId,
      'the real unionid replaces the random one',
    );

    // Next time WeChat logs in, it lands on the merged customer straight away.
    const again = await login('WEAPP', 'grace.2');
    assert.equal(again.body.info.userInfo.userId, sms.userId);
    assert.equal(again.body.info.userInfo.phone, phone);
    assert.deepEqual(again.body.info.authInfo, { needAuthUser: false, needAuthPhone: false });

    // Baidu: logs in as a new customer, the phone makes it the same one.
    const swan = await login('SWAN', 'grace-baidu.1');
    assert.notEqual(swan.body.info.userInfo.userId, sms.userId);
    const swanMerged = await h.post<MiniLoginInfo>(
      PHONE,
      { platform: 'SWAN', encryptedData: phone, iv: 'AAAAAAAAAAAAAAAAAAAAAA==' },
      swan.body.info.token,
    );
    assert.equal(swanMerged.status, 200, swanMerged.raw.body);
    assert.equal(swanMerged.body.info.userInfo.userId, sms.userId);
    const identities = await h.database.db
      .select()
      .from(platformIdentities)
      .where(eq(platformIdentities.userId, sms.userId));
    assert.deepEqual(identities.map((i) => i.platform).sort(), ['SWAN', 'WEAPP']);
    const swanAgain = await login('SWAN', 'grace-baidu.2');
    assert.equal(swanAgain.body.info.userInfo.userId, sms.userId);
  });

  it('/front/v1/user/auth: needAuthPhone without a phone; needAuthUser never where no profile can come', async () => {
    const visitor = await h.enter();
    for (const source of [undefined, 'H5', 'WEAPP', 'SWAN']) {
      const res = await h.post(AUTH, source ? { source } : {}, visitor);
      assert.deepEqual(res.body.info, { needAuthUser: false, needAuthPhone: true }, String(source));
    }
    // No official account configured: WeChat's browser cannot give a profile either.
    const wechat = await h.inject({
      method: 'POST',
      url: AUTH,
      headers: { 'user-agent': WECHAT_UA },
      payload: signed(h, AUTH, { source: 'H5', token: visitor }),
    });
    assert.deepEqual((wechat.body as { info: unknown }).info, { needAuthUser: false, needAuthPhone: true });
  });

  it('bad input is a 400 with a Chinese message', async () => {
    const token = await h.enter();
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [LOGIN, { code: 'x.1' }, '不支持的登录平台'],
      [LOGIN, { platform: 'ALIPAY', code: 'x.1' }, '不支持的登录平台'],
      [LOGIN, { platform: 'WEAPP' }, '缺少登录凭证'],
      [LOGIN, { platform: 'WEAPP', code: '' }, '缺少登录凭证'],
      [LOGIN, { platform: 'WEAPP', code: 'a b<script>' }, '登录凭证格式错误'],
      [LOGIN, { platform: 'WEAPP', code: 'x'.repeat(200) }, '登录凭证格式错误'],
      [PHONE, { platform: 'WEAPP' }, '缺少手机号凭证'],
      [PHONE, { platform: 'SWAN', iv: 'AAAA' }, '缺少手机号数据'],
    ];
    for (const [url, body, message] of cases) {
      const res = await h.post(url, body, token);
      assert.equal(res.status, 400, `${url} ${JSON.stringify(body)}`);
      assert.equal(res.body.message, message, `${url} ${JSON.stringify(body)}`);
    }
    const anonymous = await h.post(LOGIN, { platform: 'WEAPP', code: 'nobody.1' });
    assert.equal(anonymous.status, 401);
  });
});

describe('needAuthUser in the WeChat browser with an official account', () => {
  let h: Harness;
  before(async () => {
    h = await buildHarness({ env: { WECHAT_APP_ID: 'wxofficialdemo001', WECHAT_APP_SECRET: 'official-secret' } });
  });
  after(() => h.close());

  it('is asked for there (OAuth snsapi_userinfo can give the profile) and nowhere else', async () => {
    const visitor = await h.enter();
    const wechat = await h.inject({
      method: 'POST',
      url: AUTH,
      headers: { 'user-agent': WECHAT_UA },
      payload: signed(h, AUTH, { source: 'H5', token: visitor }),
    });
    assert.deepEqual((wechat.body as { info: unknown }).info, { needAuthUser: true, needAuthPhone: true });
    const plain = await h.post(AUTH, { source: 'H5' }, visitor);
    assert.deepEqual(plain.body.info, { needAuthUser: false, needAuthPhone: true });
    const mini = await h.inject({
      method: 'POST',
      url: AUTH,
      headers: { 'user-agent': WECHAT_UA },
      payload: signed(h, AUTH, { source: 'WEAPP', token: visitor }),
    });
    assert.deepEqual((mini.body as { info: unknown }).info, { needAuthUser: false, needAuthPhone: true });
  });
});

/** A signed POST body, for requests that need their own headers (the WeChat browser's user agent). */
function signed(h: Harness, url: string, data: Record<string, unknown>) {
  return sign('POST', url, data, h.config.signKey);
}

describe('mini-program login is bounded per client', () => {
  let h: Harness;
  before(async () => {
    h = await buildHarness({ env: { ENTRANCE_PER_IP_PER_MINUTE: '3' } });
  });
  after(() => h.close());

  it('counts each login as a new visitor of this client: 429 with a Chinese message past the limit', async () => {
    const token = await h.enter();
    const first = await h.post<MiniLoginInfo>(LOGIN, { platform: 'WEAPP', code: 'rate.1' }, token);
    assert.equal(first.status, 200, first.raw.body);
    const second = await h.post<MiniLoginInfo>(LOGIN, { platform: 'WEAPP', code: 'rate.2' }, first.body.info.token);
    assert.equal(second.status, 200, second.raw.body);
    const third = await h.post(LOGIN, { platform: 'WEAPP', code: 'rate.3' }, second.body.info.token);
    assert.equal(third.status, 429);
    assert.equal(third.body.message, '访问太频繁，请稍后再试');
  });
});
