/** Mini-program login settings: sandbox by default, each app's id and secret together, live only with an app. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config';
import { createMiniLoginProviders } from '../../src/domains/auth/providers/mini-login';

const WX = { WECHAT_MINI_APP_ID: 'wxminiapp0000001', WECHAT_MINI_APP_SECRET: 'mini-secret' };
const BD = { BAIDU_SWAN_APP_KEY: 'baiduAppKey0001', BAIDU_SWAN_APP_SECRET: 'baidu-secret' };

describe('mini-program login configuration', () => {
  it('defaults to the sandbox, which answers both platforms without any secret', () => {
    const config = loadConfig({});
    assert.deepEqual(config.miniLogin, { provider: 'sandbox', wechat: undefined, baidu: undefined });
    const providers = createMiniLoginProviders(config.miniLogin);
    assert.equal(providers.forPlatform('WEAPP')?.name, 'sandbox');
    assert.equal(providers.forPlatform('SWAN')?.name, 'sandbox');
  });

  it('live: WeChat and Baidu as configured, a platform without its app is off', () => {
    const both = loadConfig({
      MINI_LOGIN_PROVIDER: 'live',
      ...WX,
      ...BD,
      WECHAT_API_BASE: 'http://127.0.0.1:9/',
      BAIDU_SWAN_API_BASE: 'http://127.0.0.1:9',
    });
    assert.deepEqual(both.miniLogin, {
      provider: 'live',
      wechat: { appId: WX.WECHAT_MINI_APP_ID, appSecret: WX.WECHAT_MINI_APP_SECRET, apiBase: 'http://127.0.0.1:9' },
      baidu: { appKey: BD.BAIDU_SWAN_APP_KEY, appSecret: BD.BAIDU_SWAN_APP_SECRET, apiBase: 'http://127.0.0.1:9' },
    });
    const wechatOnly = createMiniLoginProviders(loadConfig({ MINI_LOGIN_PROVIDER: 'live', ...WX }).miniLogin);
    assert.equal(wechatOnly.forPlatform('WEAPP')?.name, 'wechat');
    assert.equal(wechatOnly.forPlatform('WEAPP')?.appId, WX.WECHAT_MINI_APP_ID);
    assert.equal(wechatOnly.forPlatform('SWAN'), null);
  });

  it('refuses half a configuration at start, naming what is missing', () => {
    assert.throws(
      () => loadConfig({ WECHAT_MINI_APP_ID: WX.WECHAT_MINI_APP_ID }),
      /WECHAT_MINI_APP_SECRET: WECHAT_MINI_APP_ID and WECHAT_MINI_APP_SECRET must be set together/,
    );
    assert.throws(
      () => loadConfig({ WECHAT_MINI_APP_SECRET: 'x' }),
      /WECHAT_MINI_APP_ID: WECHAT_MINI_APP_ID and WECHAT_MINI_APP_SECRET must be set together/,
    );
    assert.throws(
      () => loadConfig({ BAIDU_SWAN_APP_KEY: BD.BAIDU_SWAN_APP_KEY }),
      /BAIDU_SWAN_APP_SECRET: BAIDU_SWAN_APP_KEY and BAIDU_SWAN_APP_SECRET must be set together/,
    );
    assert.throws(() => loadConfig({ MINI_LOGIN_PROVIDER: 'live' }), /MINI_LOGIN_PROVIDER=live needs/);
    assert.throws(
      () => loadConfig({ MINI_LOGIN_PROVIDER: 'wechat' }),
      /MINI_LOGIN_PROVIDER must be one of: sandbox, live/,
    );
    assert.throws(
      () => loadConfig({ ...BD, BAIDU_SWAN_API_BASE: 'spapi.baidu.com' }),
      /BAIDU_SWAN_API_BASE must be an absolute http\(s\) URL/,
    );
    // The mini-program pays with the openid of its login app: a pay app id of another app is a mistake.
    assert.throws(
      () => loadConfig({ ...WX, WECHAT_PAY_MINI_APP_ID: 'wxanotherapp0001' }),
      /WECHAT_PAY_MINI_APP_ID must be WECHAT_MINI_APP_ID/,
    );
  });
});
