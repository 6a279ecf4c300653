/**
 * The live mini-program login adapters against a local fake of WeChat's and Baidu's APIs over real HTTP
 * (test/fakes/mini-platforms.ts): code2Session, the code-based phone API with its access token, Baidu's
 * jscode2sessionkey and encrypted phone, and every refusal (used or invalid code, another app, platform down).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { MiniLoginInfo } from '@contract/mini-login';
import { platformIdentities } from '../../../src/domains/auth/schema';
import { MINI_TEXTS } from '../../../src/domains/auth/providers/mini-login';
import { LOGIN_CODE_USED } from '../../../src/domains/auth/platform-accounts';
import { encryptBaiduPhone, startMiniPlatformsFake, type MiniPlatformsFake } from '../../fakes/mini-platforms';
import { buildHarness, type Harness } from '../../helpers/app';

const LOGIN = '/front/v1/auth/mini-login';
const PHONE = '/front/v1/auth/mini-phone';

describe('mini-program login, live adapters against local fakes', () => {
  let h: Harness;
  let fake: MiniPlatformsFake;
  before(async () => {
    fake = await startMiniPlatformsFake();
    h = await buildHarness({ env: fake.env() });
  });
  after(async () => {
    await h.close();
    await fake.stop();
  });

  const login = async (platform: 'WEAPP' | 'SWAN', code: string, token?: string, appId?: string) =>
    h.post<MiniLoginInfo>(LOGIN, { platform, code, ...(appId ? { appId } : {}) }, token ?? (await h.enter()));

  it('WeChat: code2Session gives the customer, unionid adopted, session key kept on the server only', async () => {
    const code = fake.wechatCode({ openid: 'o_wx_alice', unionid: 'union_alice' });
    const res = await login('WEAPP', code, undefined, fake.wechat.appId);
    assert.equal(res.status, 200, res.raw.body);
    assert.equal(res.body.info.userInfo.unionId, 'union_alice');
    assert.deepEqual(res.body.info.authInfo, { needAuthUser: false, needAuthPhone: true });
    assert.ok(
      fake.seen.some(
        (p) =>
          p.startsWith('/sns/jscode2session?') &&
          p.includes(`js_code=${code}`) &&
          p.includes('grant_type=authorization_code'),
      ),
    );
    const [identity] = await h.database.db
      .select()
      .from(platformIdentities)
      .where(eq(platformIdentities.openid, 'o_wx_alice'));
    assert.equal(identity.appId, fake.wechat.appId);
    assert.equal(identity.userId, res.body.info.userInfo.userId);
    assert.ok(identity.sessionKey);
    assert.ok(!res.raw.body.includes(identity.sessionKey!), 'the session key never leaves the server');
    assert.ok(!/session_?key/i.test(res.raw.body));

    // The same WeChat customer later, on another device: the same user.
    const again = await login('WEAPP', fake.wechatCode({ openid: 'o_wx_alice', unionid: 'union_alice' }));
    assert.equal(again.body.info.userInfo.userId, res.body.info.userInfo.userId);
  });

  it("a code used twice is refused before WeChat is asked; WeChat's own refusals are clear 400s", async () => {
    const code = fake.wechatCode({ openid: 'o_wx_bob' });
    assert.equal((await login('WEAPP', code)).status, 200);
    const calls = fake.seen.length;
    const reused = await login('WEAPP', code);
    assert.equal(reused.status, 400);
    assert.equal(reused.body.message, LOGIN_CODE_USED);
    assert.equal(fake.seen.length, calls, 'a replayed code never reaches WeChat');

    const invented = await login('WEAPP', 'a-code-wechat-never-issued');
    assert.equal(invented.status, 400);
    assert.equal(invented.body.message, MINI_TEXTS.codeRefused);
  });

  it('a login from another app id is refused', async () => {
    const res = await login('WEAPP', fake.wechatCode({ openid: 'o_wx_x' }), undefined, 'wxsomeoneelse0001');
    assert.equal(res.status, 400);
    assert.equal(res.body.message, MINI_TEXTS.appMismatch);
  });

  it('WeChat phone: access token from stable_token, the phone bound, a rotated token fetched again once', async () => {
    const res = await login('WEAPP', fake.wechatCode({ openid: 'o_wx_carol' }));
    const token = res.body.info.token;
    const bound = await h.post<MiniLoginInfo>(
      PHONE,
      { platform: 'WEAPP', code: fake.wechatPhoneCode('13712340001') },
      token,
    );
    assert.equal(bound.status, 200, bound.raw.body);
    assert.equal(bound.body.info.userInfo.phone, '13712340001');
    assert.equal(bound.body.info.token, token, 'the same customer keeps the session');
    assert.deepEqual(bound.body.info.authInfo, { needAuthUser: false, needAuthPhone: false });
    const before = fake.tokensIssued();

    fake.revokeTokens();
    const dave = await login('WEAPP', fake.wechatCode({ openid: 'o_wx_dave' }));
    const second = await h.post<MiniLoginInfo>(
      PHONE,
      { platform: 'WEAPP', code: fake.wechatPhoneCode('13712340002') },
      dave.body.info.token,
    );
    assert.equal(second.status, 200, second.raw.body);
    assert.equal(fake.tokensIssued(), before + 1);
  });

  it('WeChat phone: a code issued to another app, a used code and a foreign number are refused', async () => {
    const res = await login('WEAPP', fake.wechatCode({ openid: 'o_wx_erin' }));
    const token = res.body.info.token;
    const foreign = await h.post(
      PHONE,
      { platform: 'WEAPP', code: fake.wechatPhoneCode('13712340003', { appid: 'wxanotherapp0001' }) },
      token,
    );
    assert.equal(foreign.status, 400);
    assert.equal(foreign.body.message, MINI_TEXTS.otherApp);
    const code = fake.wechatPhoneCode('13712340003');
    assert.equal((await h.post(PHONE, { platform: 'WEAPP', code }, token)).status, 200);
    const replay = await h.post(PHONE, { platform: 'WEAPP', code }, token);
    assert.equal(replay.status, 400);
    assert.equal(replay.body.message, LOGIN_CODE_USED);
    const hk = await login('WEAPP', fake.wechatCode({ openid: 'o_wx_frank' }));
    const abroad = await h.post(
      PHONE,
      { platform: 'WEAPP', code: fake.wechatPhoneCode('91234567', { countryCode: '852' }) },
      hk.body.info.token,
    );
    assert.equal(abroad.status, 400);
    assert.equal(abroad.body.message, MINI_TEXTS.notMainland);
  });

  it('Baidu: jscode2sessionkey, then the encrypted phone decrypted with the stored session key', async () => {
    const code = fake.baiduCode('baidu_open_gina');
    const res = await login('SWAN', code);
    assert.equal(res.status, 200, res.raw.body);
    assert.deepEqual(res.body.info.authInfo, { needAuthUser: false, needAuthPhone: true });
    assert.ok(fake.seen.includes('/oauth/jscode2sessionkey'));
    const sessionKey = fake.baiduSessionKey(code)!;
    assert.ok(!res.raw.body.includes(sessionKey));

    const own = encryptBaiduPhone(sessionKey, '13612340001', fake.baidu.appKey);
    const bound = await h.post<MiniLoginInfo>(PHONE, { platform: 'SWAN', ...own }, res.body.info.token);
    assert.equal(bound.status, 200, bound.raw.body);
    assert.equal(bound.body.info.userInfo.phone, '13612340001');
  });

  it('Baidu: data of another app, data under another key and a bad code are refused', async () => {
    const code = fake.baiduCode('baidu_open_hank');
    const res = await login('SWAN', code);
    const sessionKey = fake.baiduSessionKey(code)!;
    const otherApp = encryptBaiduPhone(sessionKey, '13612340002', 'someOtherAppKey');
    const a = await h.post(PHONE, { platform: 'SWAN', ...otherApp }, res.body.info.token);
    assert.equal(a.status, 400);
    assert.equal(a.body.message, MINI_TEXTS.otherApp);
    const wrongKey = encryptBaiduPhone(Buffer.alloc(24, 7).toString('base64'), '13612340002', fake.baidu.appKey);
    const b = await h.post(PHONE, { platform: 'SWAN', ...wrongKey }, res.body.info.token);
    assert.equal(b.status, 400);
    assert.equal(b.body.message, MINI_TEXTS.phoneRefused);
    const bad = await login('SWAN', 'not-a-baidu-code');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, MINI_TEXTS.codeRefused);
    // A visitor that never logged in through Baidu has no session key to decrypt with.
    const visitor = await h.post(PHONE, { platform: 'SWAN', ...otherApp }, await h.enter());
    assert.equal(visitor.status, 400);
    assert.equal(visitor.body.message, MINI_TEXTS.needLogin);
  });

  it('a platform that is down is a 503 with a clear message, never a 500', async () => {
    fake.failing = true;
    try {
      const wx = await login('WEAPP', fake.wechatCode({ openid: 'o_wx_ivy' }));
      assert.equal(wx.status, 503);
      assert.match(wx.body.message, /^微信登录暂时无法使用/);
      const bd = await login('SWAN', fake.baiduCode('baidu_open_ivy'));
      assert.equal(bd.status, 503);
      assert.match(bd.body.message, /^百度登录暂时无法使用/);
    } finally {
      fake.failing = false;
    }
  });
});
