/**
 * The entrance tells the storefront whether the server has a WeChat official account (wechatOfficialAccount), so
 * the WeChat browser makes no OAuth or JS-SDK signature call when it has none. The flag is checked against what
 * those calls really answer, unconfigured (demo mode) and configured against the local WeChat fake; /docs declares it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ERROR_CODES } from '@contract/common';
import type { EntranceInfo } from '@contract/entrance';
import { buildHarness, type Harness } from '../../helpers/app';
import { startWechatMpFake, type WechatMpFake } from '../../fakes/wechat-mp';

const PAGE = 'https://shop.example.com/';

/** The entrance's info, read from the raw text so a missing key is not mistaken for false. */
async function entered(h: Harness, token?: string): Promise<EntranceInfo> {
  const res = await h.post<EntranceInfo>('/front/v1/entrance', { projectSn: 'demo', source: 'H5' }, token);
  assert.equal(res.status, 200, res.raw.body);
  return JSON.parse(res.raw.body).info as EntranceInfo;
}

describe('entrance: wechatOfficialAccount', () => {
  let fake: WechatMpFake;
  let plain: Harness;
  let wechat: Harness;
  before(async () => {
    fake = await startWechatMpFake();
    plain = await buildHarness();
    // The same database: only the configuration differs.
    wechat = await buildHarness({ database: plain.database, closeDatabase: false, env: fake.env() });
  });
  after(async () => {
    await wechat?.close();
    await plain?.close();
    await fake?.stop();
  });

  it('is false without an official account, and then both WeChat calls answer "off"', async () => {
    const info = await entered(plain);
    assert.strictEqual(info.wechatOfficialAccount, false);
    // A visitor coming back with its session is told the same.
    assert.strictEqual((await entered(plain, info.token)).wechatOfficialAccount, false);

    const sign = await plain.get('/js/getJSSign', { projectSn: 'demo', url: PAGE });
    assert.deepEqual([sign.status, sign.body.code], [400, ERROR_CODES.WECHAT_UNAVAILABLE]);
    const oauth = await plain.get(
      '/front/v1/wechat/oauth/authorize',
      { redirectUri: PAGE, scope: 'snsapi_base' },
      info.token,
    );
    assert.deepEqual([oauth.status, oauth.body.code], [400, ERROR_CODES.WECHAT_UNAVAILABLE]);
  });

  it('is true with an official account, and then both WeChat calls work', async () => {
    const info = await entered(wechat);
    assert.strictEqual(info.wechatOfficialAccount, true);
    assert.strictEqual((await entered(wechat, info.token)).wechatOfficialAccount, true);

    const sign = await wechat.get<{ appid: string }>('/js/getJSSign', { projectSn: 'demo', url: PAGE });
    assert.equal(sign.status, 200, sign.raw.body);
    assert.equal(sign.body.info.appid, fake.appId);
    const oauth = await wechat.get<{ url: string | null }>(
      '/front/v1/wechat/oauth/authorize',
      { redirectUri: PAGE, scope: 'snsapi_base' },
      info.token,
    );
    assert.equal(oauth.status, 200, oauth.raw.body);
    assert.ok(oauth.body.info.url?.startsWith(`${fake.base}/connect/oauth2/authorize?`));
  });

  it('is declared in /docs: a required boolean of the entrance answer, with its meaning', async () => {
    const spec = JSON.parse((await plain.inject({ method: 'GET', url: '/docs/json' })).raw.body);
    const ok = spec.paths['/front/v1/entrance'].post.responses['200'].content['application/json'].schema;
    const info = ok.properties.info;
    assert.equal(info.properties.wechatOfficialAccount.type, 'boolean');
    assert.match(info.properties.wechatOfficialAccount.description, /official account/);
    assert.ok(info.required.includes('wechatOfficialAccount'));
  });
});
