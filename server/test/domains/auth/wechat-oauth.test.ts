import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { MiniLoginInfo } from '@contract/mini-login';
import type { WechatOAuthAuthorizeInfo } from '@contract/wechat-oauth';
import { loadConfig } from '../../../src/config';
import { platformIdentities } from '../../../src/domains/auth/schema';
import { payerOpenid } from '../../../src/domains/payment/payer-openid';
import { createVisitor } from '../../../src/domains/user/service';
import { createWechatOAuthProvider, WechatOAuthError } from '../../../src/domains/auth/providers/wechat-oauth';
import { buildHarness, type Harness } from '../../helpers/app';
import { startWechatMpFake, withCode, type WechatMpFake } from '../../fakes/wechat-mp';

/**
 * The WeChat browser's OAuth against a local fake of WeChat (authorize page and /sns API over real HTTP): the
 * provider's protocol, then the routes — state bound to the session (CSRF), a code used twice, userinfo scope.
 */
let fake: WechatMpFake;
before(async () => {
  fake = await startWechatMpFake();
});
after(() => fake.stop());

const provider = () =>
  createWechatOAuthProvider({
    appId: fake.appId,
    appSecret: fake.appSecret,
    apiBase: fake.base,
    authorizeBase: `${fake.base}/connect/oauth2/authorize`,
  });

async function refusedWith(p: Promise<unknown>): Promise<WechatOAuthError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof WechatOAuthError, String(err));
    return err;
  }
  assert.fail('expected WeChat to refuse');
}

/** The browser at WeChat's authorize page: the fake's redirect back, without following it. */
async function openAuthorize(url: string): Promise<URL> {
  const res = await fetch(url, { redirect: 'manual' });
  assert.equal(res.status, 302, await res.text());
  return new URL(res.headers.get('location')!);
}

describe('WeChat OAuth provider against the fake', () => {
  it("builds WeChat's authorize address and trades a snsapi_base code for the openid, once", async () => {
    const p = provider();
    const url = new URL(
      p.authorizeUrl({
        redirectUri: 'https://shop.example.com/?a=1#/pages/index/index',
        scope: 'snsapi_base',
        state: 'abc123',
      }),
    );
    assert.equal(url.hash, '#wechat_redirect');
    assert.deepEqual([...url.searchParams.keys()], ['appid', 'redirect_uri', 'response_type', 'scope', 'state']);
    assert.equal(url.searchParams.get('redirect_uri'), 'https://shop.example.com/?a=1#/pages/index/index');

    fake.user = { openid: 'oBASE0000000000000000000001', nickname: 'n', headimgurl: '' };
    const code = fake.issueCode('snsapi_base');
    const grant = await p.exchangeCode(code);
    assert.equal(grant.openid, 'oBASE0000000000000000000001');
    assert.equal(grant.scope, 'snsapi_base');
    assert.equal((await refusedWith(p.exchangeCode(code))).errcode, 40163, 'a code works once');
    assert.equal((await refusedWith(p.exchangeCode('nonsense'))).errcode, 40029);
    // A base grant cannot read the profile.
    assert.equal((await refusedWith(p.userInfo(grant))).errcode, 48001);
  });

  it('snsapi_userinfo: nickname, avatar and unionid; a wrong secret is refused', async () => {
    fake.user = {
      openid: 'oINFO0000000000000000000001',
      unionid: 'uUNION0001',
      nickname: '小王',
      headimgurl: 'https://thirdwx.qlogo.cn/x/132',
    };
    const grant = await provider().exchangeCode(fake.issueCode('snsapi_userinfo'));
    assert.equal(grant.scope, 'snsapi_userinfo');
    assert.equal(grant.unionid, 'uUNION0001');
    assert.deepEqual(await provider().userInfo(grant), {
      nickname: '小王',
      avatar: 'https://thirdwx.qlogo.cn/x/132',
      unionid: 'uUNION0001',
    });
    const wrong = createWechatOAuthProvider({
      appId: fake.appId,
      appSecret: 'wrong',
      apiBase: fake.base,
      authorizeBase: 'x',
    });
    assert.equal((await refusedWith(wrong.exchangeCode(fake.issueCode('snsapi_base')))).errcode, 40125);
    const down = createWechatOAuthProvider({
      appId: fake.appId,
      appSecret: fake.appSecret,
      apiBase: 'http://127.0.0.1:9',
      authorizeBase: 'x',
    });
    assert.equal((await refusedWith(down.exchangeCode('x'))).errcode, 0, 'unreachable is errcode 0');
  });
});

describe('WeChat OAuth routes', () => {
  let h: Harness;
  before(async () => {
    h = await buildHarness({ env: fake.env() });
  });
  after(() => h.close());

  const authorize = (
    token: string,
    scope = 'snsapi_base',
    redirectUri = 'https://shop.example.com/#/pages/activity/courseDetail?actSn=A1',
  ) => h.get<WechatOAuthAuthorizeInfo>('/front/v1/wechat/oauth/authorize', { redirectUri, scope }, token);
  const login = (token: string, code: string, state: string) =>
    h.post<MiniLoginInfo>('/front/v1/wechat/oauth/login', { code, state }, token);

  it('round trip: authorize → WeChat → back to the page with code and state → logged in with the openid; the openid pays', async () => {
    fake.user = { openid: 'oROUTE000000000000000000001', nickname: '微信用户', headimgurl: '' };
    const visitor = await h.enter();
    const res = await authorize(visitor);
    assert.equal(res.status, 200, res.raw.body);
    const url = new URL(res.body.info.url!);
    assert.equal(url.origin + url.pathname, `${fake.base}/connect/oauth2/authorize`);
    assert.equal(url.searchParams.get('appid'), fake.appId);
    assert.equal(url.searchParams.get('scope'), 'snsapi_base');
    assert.equal(url.searchParams.get('response_type'), 'code');
    const state = url.searchParams.get('state')!;
    assert.match(state, /^[A-Za-z0-9]{1,128}$/, 'WeChat allows 128 letters and digits');

    const back = await openAuthorize(url.href);
    // The code comes back before the hash: the page route is kept.
    assert.equal(back.hash, '#/pages/activity/courseDetail?actSn=A1');
    assert.equal(back.searchParams.get('state'), state);
    const code = back.searchParams.get('code')!;

    const done = await login(visitor, code, state);
    assert.equal(done.status, 200, done.raw.body);
    const { token, userInfo } = done.body.info;
    assert.notEqual(token, visitor);
    // snsapi_base gave no profile: the profile prompt stays (the next visit asks snsapi_userinfo), and the phone's.
    assert.deepEqual(done.body.info.authInfo, { needAuthUser: true, needAuthPhone: true });
    const [identity] = await h.database.db
      .select()
      .from(platformIdentities)
      .where(eq(platformIdentities.openid, 'oROUTE000000000000000000001'));
    assert.equal(identity.userId, userInfo.userId, 'the visitor now owns the openid');
    assert.equal(identity.platform, 'WECHAT_H5');
    assert.equal(identity.appId, fake.appId);
    // The old visitor token is gone; the new one works.
    assert.equal((await h.get('/front/v1/user/cache', {}, visitor)).status, 401);
    assert.equal((await h.get('/front/v1/user/cache', {}, token)).status, 200);

    // The same code again (a reload of the page WeChat returned to): refused, on any session.
    const again = await login(token, code, state);
    assert.equal(again.status, 400);
    const other = await h.enter();
    const replay = await login(other, code, state);
    assert.equal(replay.status, 400);

    // Known openid: no second trip to WeChat for snsapi_base.
    assert.equal((await authorize(token)).body.info.url, null);

    // JSAPI in the WeChat browser pays with this official account's openid, only with it.
    const pay = { appId: fake.appId, miniAppId: 'wxMINI' } as Parameters<typeof payerOpenid>[1];
    assert.equal(
      await payerOpenid(h.database.db, pay, { userId: userInfo.userId, paySource: 'H5', tradeType: 'JSAPI' }),
      'oROUTE000000000000000000001',
    );
    assert.equal(
      await payerOpenid(h.database.db, pay, { userId: userInfo.userId, paySource: 'WEAPP', tradeType: 'JSAPI' }),
      undefined,
      "not the mini-program's",
    );
    assert.equal(
      await payerOpenid(h.database.db, pay, { userId: userInfo.userId, paySource: 'H5', tradeType: 'MWEB' }),
      undefined,
    );
    assert.equal(
      await payerOpenid(
        h.database.db,
        { ...pay, appId: 'wxANOTHER' },
        { userId: userInfo.userId, paySource: 'H5', tradeType: 'JSAPI' },
      ),
      undefined,
      "another app's openid is never used",
    );
  });

  it('a state made for another session, altered or unknown is refused (CSRF) and the code is not spent', async () => {
    const attacker = await h.enter();
    const victim = await h.enter();
    const back = await openAuthorize((await authorize(attacker)).body.info.url!);
    const code = back.searchParams.get('code')!;
    const state = back.searchParams.get('state')!;
    const forged = await login(victim, code, state);
    assert.equal(forged.status, 400);
    assert.equal((forged.body as unknown as { message: string }).message, '授权已失效，请重新进入');
    const flipped = state.slice(0, -1) + (state.endsWith('0') ? '1' : '0');
    assert.equal((await login(attacker, code, flipped)).status, 400);
    assert.equal((await login(attacker, code, 'x'.repeat(59))).status, 400);
    // The refusals did not use the code up: its own session still logs in with it.
    assert.equal((await login(attacker, code, state)).status, 200);
  });

  it('snsapi_userinfo saves nickname, avatar and unionid; the same openid on a fresh visitor is the same customer', async () => {
    fake.user = {
      openid: 'oPROFILE00000000000000000001',
      unionid: 'uPROFILE1',
      nickname: '李雷',
      headimgurl: 'https://thirdwx.qlogo.cn/li/132',
    };
    const visitor = await h.enter();
    const res = await authorize(visitor, 'snsapi_userinfo');
    assert.equal(new URL(res.body.info.url!).searchParams.get('scope'), 'snsapi_userinfo');
    const back = await openAuthorize(res.body.info.url!);
    const done = await login(visitor, back.searchParams.get('code')!, back.searchParams.get('state')!);
    assert.equal(done.status, 200, done.raw.body);
    assert.equal(done.body.info.userInfo.nickName, '李雷');
    assert.equal(done.body.info.userInfo.avatar, 'https://thirdwx.qlogo.cn/li/132');
    assert.equal(done.body.info.userInfo.unionId, 'uPROFILE1');
    assert.deepEqual(done.body.info.authInfo, { needAuthUser: false, needAuthPhone: true });
    // Asking for the profile again always goes to WeChat (it may have changed).
    assert.notEqual((await authorize(done.body.info.token, 'snsapi_userinfo')).body.info.url, null);

    // The same openid later, on a fresh visitor: the same customer.
    const later = await h.enter();
    const again = await openAuthorize((await authorize(later, 'snsapi_userinfo')).body.info.url!);
    const second = await login(later, again.searchParams.get('code')!, again.searchParams.get('state')!);
    assert.equal(second.body.info.userInfo.userId, done.body.info.userInfo.userId);
  });

  it('SMS login after WeChat: a new phone stays on the WeChat customer; a phone with a customer takes the openid along', async () => {
    const viaWechat = async (openid: string) => {
      fake.user = { openid, nickname: '', headimgurl: '' };
      const visitor = await h.enter();
      const back = await openAuthorize((await authorize(visitor)).body.info.url!);
      const res = await login(visitor, back.searchParams.get('code')!, back.searchParams.get('state')!);
      assert.equal(res.status, 200, res.raw.body);
      return res.body.info;
    };
    const smsLogin = async (token: string, phone: string) => {
      assert.equal((await h.get('/api/user/phone/verification/code', { phone }, token)).status, 200);
      const res = await h.get<MiniLoginInfo>('/api/user/phone/login', { phone, code: h.sms.lastCode(phone) }, token);
      assert.equal(res.status, 200, res.raw.body);
      return res.body.info;
    };
    const pay = { appId: fake.appId } as Parameters<typeof payerOpenid>[1];
    const paying = (userId: string) => payerOpenid(h.database.db, pay, { userId, paySource: 'H5', tradeType: 'JSAPI' });

    const fresh = await viaWechat('oSMS_NEW_000000000000000001');
    const bound = await smsLogin(fresh.token, '13700138101');
    assert.equal(bound.userInfo.userId, fresh.userInfo.userId, 'the WeChat customer got the phone');
    assert.equal(await paying(bound.userInfo.userId), 'oSMS_NEW_000000000000000001');

    // A customer who has had this phone for a while (made directly: a code was sent to it just now otherwise).
    const owner = await createVisitor(h.database.db, 'demo', '13700138102');
    const wechat = await viaWechat('oSMS_MERGE_0000000000000001');
    assert.notEqual(wechat.userInfo.userId, owner.userId);
    const merged = await smsLogin(wechat.token, '13700138102');
    assert.equal(merged.userInfo.userId, owner.userId, "the phone's customer");
    assert.equal(await paying(owner.userId), 'oSMS_MERGE_0000000000000001', 'the openid moved with the customer');
    // WeChat next time lands on that customer straight away.
    const again = await viaWechat('oSMS_MERGE_0000000000000001');
    assert.equal(again.userInfo.userId, owner.userId);
    assert.equal(again.userInfo.phone, '13700138102');
  });

  it('bad input gets a 400 with a Chinese message, never a 500', async () => {
    const visitor = await h.enter();
    for (const [redirectUri, scope] of [
      ['javascript:alert(1)', 'snsapi_base'],
      ['https://user:pw@shop.example.com/', 'snsapi_base'],
      ['https://shop.example.com/', 'snsapi_login'],
      ['', 'snsapi_base'],
    ]) {
      const res = await authorize(visitor, scope, redirectUri);
      assert.equal(res.status, 400, `${redirectUri} ${scope}: ${res.raw.body}`);
      assert.match((res.body as unknown as { message: string }).message, /[\u4e00-\u9fa5]/);
    }
    for (const body of [
      {},
      { code: 'a b', state: 's' },
      { code: 'c', state: '' },
      { code: 'c'.repeat(300), state: 's' },
    ]) {
      const res = await h.post('/front/v1/wechat/oauth/login', body, visitor);
      assert.equal(res.status, 400, JSON.stringify(body));
    }
    assert.equal(
      (await h.get('/front/v1/wechat/oauth/authorize', { redirectUri: 'https://shop.example.com/' })).status,
      401,
      'a session is needed',
    );
  });

  it('WeChat unreachable: 503 with a message, not a 500', async () => {
    const down = await buildHarness({
      env: { ...fake.env(), WECHAT_API_BASE: 'http://127.0.0.1:9' },
      database: h.database,
      closeDatabase: false,
    });
    try {
      const visitor = await down.enter();
      const url = (
        await down.get<WechatOAuthAuthorizeInfo>(
          '/front/v1/wechat/oauth/authorize',
          { redirectUri: 'https://shop.example.com/', scope: 'snsapi_base' },
          visitor,
        )
      ).body.info.url!;
      const back = await openAuthorize(url);
      const res = await down.post(
        '/front/v1/wechat/oauth/login',
        { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
        visitor,
      );
      assert.equal(res.status, 503);
      assert.equal((res.body as unknown as { message: string }).message, '微信登录失败，请稍后再试');
    } finally {
      await down.close();
    }
  });

  it('off without an official account (demo mode); a pay AppID other than the account is a start-up error', async () => {
    const off = await buildHarness({ database: h.database, closeDatabase: false });
    try {
      const visitor = await off.enter();
      const res = await off.get(
        '/front/v1/wechat/oauth/authorize',
        { redirectUri: 'https://shop.example.com/', scope: 'snsapi_base' },
        visitor,
      );
      assert.equal(res.status, 400);
      assert.equal((res.body as unknown as { message: string }).message, '未配置微信公众号，无法微信登录');
      assert.equal((await off.post('/front/v1/wechat/oauth/login', { code: 'c', state: 's' }, visitor)).status, 400);
    } finally {
      await off.close();
    }
    assert.throws(
      () => loadConfig({ ...fake.env(), WECHAT_PAY_APP_ID: 'wxOTHER' }),
      /WECHAT_PAY_APP_ID must be WECHAT_APP_ID/,
    );
    assert.throws(() => loadConfig({ WECHAT_APP_ID: 'wx1' }), /WECHAT_APP_SECRET/);
  });
});

it('withCode keeps the route after the query, as WeChat does', () => {
  assert.equal(withCode('https://s.example/?x=1#/p?a=1', 'C', 'S'), 'https://s.example/?x=1&code=C&state=S#/p?a=1');
  assert.equal(withCode('https://s.example/', 'C', 'S'), 'https://s.example/?code=C&state=S');
});
