/**
 * WeChat JS-SDK signature (js/getJSSign): WeChat's documented sample, the ticket provider against a local fake of
 * WeChat's API (access_token, then jsapi_ticket, cached in the database), the route with an official account
 * configured, in demo mode, and when WeChat fails; the configuration rules.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { after, before, describe, test } from 'node:test';
import type { JsSignInfo } from '@contract/activity';
import { ConfigError, loadConfig } from '../../../src/config';
import { wechatTickets } from '../../../src/domains/wechat/schema';
import {
  createWechatTicketProvider,
  jsSdkSignature,
  signJsSdk,
  WechatApiError,
} from '../../../src/domains/wechat/service';
import { buildHarness, type Harness } from '../../helpers/app';

const SAMPLE = {
  ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
  noncestr: 'Wm3WZYTPz0wzccnW',
  timestamp: 1414587457,
  url: 'http://mp.weixin.qq.com?params=value',
  signature: '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
};

/** A fake of WeChat's API: appid wx-good gets tickets, wx-broken an errcode, wx-down an HTTP 500. */
let fake: Server;
let base = '';
const calls: string[] = [];
let ticketNo = 0;

let h: Harness;

before(async () => {
  fake = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    calls.push(`${url.pathname}?${url.searchParams.toString()}`);
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/cgi-bin/token') {
      const appid = url.searchParams.get('appid');
      if (
        url.searchParams.get('grant_type') !== 'client_credential' ||
        url.searchParams.get('secret') !== 'the-secret'
      ) {
        res.end(JSON.stringify({ errcode: 40125, errmsg: 'invalid appsecret' }));
      } else if (appid === 'wx-down') {
        res.statusCode = 500;
        res.end('oops');
      } else if (appid === 'wx-broken') {
        res.end(JSON.stringify({ errcode: 40164, errmsg: 'invalid ip, not in whitelist' }));
      } else {
        res.end(JSON.stringify({ access_token: `AT-${appid}`, expires_in: 7200 }));
      }
    } else if (
      url.pathname === '/cgi-bin/ticket/getticket' &&
      url.searchParams.get('type') === 'jsapi' &&
      url.searchParams.get('access_token')?.startsWith('AT-')
    ) {
      ticketNo += 1;
      res.end(JSON.stringify({ errcode: 0, errmsg: 'ok', ticket: `TICKET-${ticketNo}`, expires_in: 7200 }));
    } else {
      res.end(JSON.stringify({ errcode: 40001, errmsg: 'invalid credential' }));
    }
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(fake.address() as { port: number }).port}`;
  h = await buildHarness({
    env: { WECHAT_APP_ID: 'wx-good', WECHAT_APP_SECRET: 'the-secret', WECHAT_API_BASE: `${base}/` },
  });
});

after(async () => {
  await h.close();
  await new Promise<void>((resolve) => fake.close(() => resolve()));
});

describe('signature', () => {
  test("matches WeChat's documented sample, with or without a #fragment", () => {
    assert.equal(jsSdkSignature(SAMPLE.ticket, SAMPLE.noncestr, SAMPLE.timestamp, SAMPLE.url), SAMPLE.signature);
    assert.equal(
      jsSdkSignature(
        SAMPLE.ticket,
        SAMPLE.noncestr,
        SAMPLE.timestamp,
        `${SAMPLE.url}#/pages/activity/courseDetail?actSn=1`,
      ),
      SAMPLE.signature,
    );
  });

  test('signJsSdk signs with the provider ticket, a fresh nonce and the time in seconds', async () => {
    const info = await signJsSdk(
      { appId: 'wx-sample', jsapiTicket: async () => SAMPLE.ticket },
      SAMPLE.url,
      SAMPLE.timestamp * 1000 + 999,
    );
    assert.equal(info.timestamp, SAMPLE.timestamp);
    assert.equal(info.appid, 'wx-sample');
    assert.match(info.noncestr, /^[0-9a-f]{16}$/);
    assert.equal(info.sign, jsSdkSignature(SAMPLE.ticket, info.noncestr, SAMPLE.timestamp, SAMPLE.url));
  });
});

describe('ticket provider against the fake WeChat', () => {
  test('token then ticket, cached in the database for every process until it expires', async () => {
    calls.length = 0;
    let clock = Date.UTC(2026, 10, 1);
    const opts = { appId: 'wx-cache', appSecret: 'the-secret', apiBase: base, now: () => clock };
    const first = createWechatTicketProvider(h.database.db, opts);
    const ticket = await first.jsapiTicket();
    assert.match(ticket, /^TICKET-\d+$/);
    assert.deepEqual(calls, [
      '/cgi-bin/token?grant_type=client_credential&appid=wx-cache&secret=the-secret',
      '/cgi-bin/ticket/getticket?access_token=AT-wx-cache&type=jsapi',
    ]);
    assert.equal(await first.jsapiTicket(), ticket);
    // Another server process (another provider object) finds it in the database.
    assert.equal(await createWechatTicketProvider(h.database.db, opts).jsapiTicket(), ticket);
    assert.equal(calls.length, 2, 'the fake was not asked again');

    clock += 7200 * 1000 - 30_000; // inside the last minute: renewed
    const renewed = await first.jsapiTicket();
    assert.notEqual(renewed, ticket);
    assert.equal(calls.length, 4);
  });

  test("WeChat's errcode, an HTTP error and an unreachable server are WechatApiError", async () => {
    const db = h.database.db;
    await assert.rejects(
      createWechatTicketProvider(db, { appId: 'wx-broken', appSecret: 'the-secret', apiBase: base }).jsapiTicket(),
      (e) => e instanceof WechatApiError && /40164/.test(e.message),
    );
    await assert.rejects(
      createWechatTicketProvider(db, { appId: 'wx-down', appSecret: 'the-secret', apiBase: base }).jsapiTicket(),
      (e) => e instanceof WechatApiError && /HTTP 500/.test(e.message),
    );
    await assert.rejects(
      createWechatTicketProvider(db, {
        appId: 'wx-x',
        appSecret: 'the-secret',
        apiBase: 'http://127.0.0.1:9',
      }).jsapiTicket(),
      WechatApiError,
    );
    const rows = await db.select().from(wechatTickets);
    assert.ok(!rows.some((r) => ['wx-broken', 'wx-down', 'wx-x'].includes(r.appId)), 'nothing cached on failure');
  });
});

describe('GET /js/getJSSign', () => {
  test('signs the page address with the configured account; the second call does not ask WeChat', async () => {
    calls.length = 0;
    const url = 'http://shop.example.com/?from=share#/pages/activity/courseDetail?actSn=demo-course-01';
    const res = await h.get<JsSignInfo>('/js/getJSSign', { projectSn: 'demo', url });
    assert.equal(res.status, 200, res.raw.body);
    const { appid, timestamp, noncestr, sign } = res.body.info;
    assert.equal(appid, 'wx-good');
    assert.ok(Math.abs(timestamp - Date.now() / 1000) < 60);
    const [row] = (await h.database.db.select().from(wechatTickets)).filter((r) => r.appId === 'wx-good');
    const expected = createHash('sha1')
      .update(
        `jsapi_ticket=${row.ticket}&noncestr=${noncestr}&timestamp=${timestamp}&url=http://shop.example.com/?from=share`,
      )
      .digest('hex');
    assert.equal(sign, expected);
    assert.equal(calls.length, 2);

    const again = await h.get<JsSignInfo>('/js/getJSSign', { projectSn: 'demo', url });
    assert.equal(again.status, 200);
    assert.notEqual(again.body.info.noncestr, noncestr);
    assert.equal(calls.length, 2, 'ticket served from the database');
  });

  test('bad input: unknown project 404, missing or non-http address 400', async () => {
    const unknown = await h.get('/js/getJSSign', { projectSn: 'nope', url: 'https://shop.example.com/' });
    const noProject = await h.get('/js/getJSSign', { url: 'https://shop.example.com/' });
    assert.deepEqual([noProject.status, noProject.body.message], [400, '缺少项目编号']);
    assert.deepEqual([unknown.status, unknown.body.code, unknown.body.message], [404, 4041, '项目不存在或已下线']);
    for (const [url, message] of [
      [undefined, '缺少页面地址'],
      ['javascript:alert(1)', '页面地址不正确'],
      ['/relative/path', '页面地址不正确'],
      [`https://x.example/${'a'.repeat(1000)}`, '页面地址过长'],
    ] as const) {
      const res = await h.get('/js/getJSSign', { projectSn: 'demo', url });
      assert.deepEqual([res.status, res.body.message], [400, message], String(url));
    }
  });

  test('demo mode (no official account) says signing is off; a WeChat failure is 503, not a 500', async () => {
    const demo = await buildHarness({ database: h.database, closeDatabase: false });
    try {
      const res = await demo.get('/js/getJSSign', { projectSn: 'demo', url: 'http://localhost:3000/' });
      assert.deepEqual(
        [res.status, res.body.state, res.body.code, res.body.message],
        [400, false, 4050, '未配置微信公众号，无法签名'],
      );
    } finally {
      await demo.close();
    }
    const broken = await buildHarness({
      database: h.database,
      closeDatabase: false,
      env: { WECHAT_APP_ID: 'wx-broken', WECHAT_APP_SECRET: 'the-secret', WECHAT_API_BASE: base },
    });
    try {
      const res = await broken.get('/js/getJSSign', { projectSn: 'demo', url: 'http://localhost:3000/' });
      assert.deepEqual([res.status, res.body.code, res.body.message], [503, 4050, '微信签名失败，请稍后再试']);
    } finally {
      await broken.close();
    }
  });
});

describe('configuration', () => {
  test('WECHAT_* are optional, set together, and the API base must be http(s)', () => {
    const off = loadConfig({});
    assert.deepEqual(off.wechatMp, {
      appId: undefined,
      appSecret: undefined,
      apiBase: 'https://api.weixin.qq.com',
      authorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize',
    });
    const on = loadConfig({
      WECHAT_APP_ID: ' wx1 ',
      WECHAT_APP_SECRET: 's',
      WECHAT_API_BASE: 'http://127.0.0.1:8080/',
    });
    assert.deepEqual(on.wechatMp, {
      appId: 'wx1',
      appSecret: 's',
      apiBase: 'http://127.0.0.1:8080',
      authorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize',
    });
    assert.throws(
      () => loadConfig({ WECHAT_APP_ID: 'wx1' }),
      (e) => e instanceof ConfigError && e.problems.some((p) => p.startsWith('WECHAT_APP_SECRET:')),
    );
    assert.throws(
      () => loadConfig({ WECHAT_APP_SECRET: 's' }),
      (e) => e instanceof ConfigError && e.problems.some((p) => p.startsWith('WECHAT_APP_ID:')),
    );
    assert.throws(
      () => loadConfig({ WECHAT_API_BASE: 'ftp://x' }),
      (e) => e instanceof ConfigError && e.problems.some((p) => p.startsWith('WECHAT_API_BASE:')),
    );
  });
});
