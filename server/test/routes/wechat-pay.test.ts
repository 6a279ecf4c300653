import assert from 'node:assert/strict';
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { OrderDetail, PayParams } from '@contract/payment';
import { loadConfig } from '../../src/config';
import { orderPayments, orders } from '../../src/db/schema/orders';
import { buildHarness } from '../helpers/app';
import { AppError } from '../../src/http';
import { createWechatPayProvider } from '../../src/services/providers/wechat-pay';

/**
 * WeChat Pay API v3 against a local fake of api.mch.weixin.qq.com over real HTTP: the fake checks the merchant's
 * WECHATPAY2-SHA256-RSA2048 signature on every request and signs every answer with the platform key, as WeChat does.
 */
const pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};
const merchant = pair();
const platform = pair();
const intruder = pair();
const apiV3Key = randomBytes(16).toString('hex');
const MCH = '1900000001';
const SERIAL = 'MERCHANTSERIAL01';
const PLATFORM_ID = 'PUB_KEY_ID_0001';
const payment = { paymentSn: 'P17000000000001234abcd', orderNo: 'O1', seq: 1, amount: 12345 };

interface Seen {
  method: string;
  url: string;
  body: string;
  authorized: boolean;
}

function sign(key: string, message: string) {
  return createSign('RSA-SHA256').update(message).sign(key, 'base64');
}

/** The fake's state: what it saw, what it answers, and with which key it signs. */
const fake = {
  seen: [] as Seen[],
  tradeState: 'NOTPAY',
  signingKey: platform.privateKey,
  tamper: false,
  closed: new Set<string>(),
};

function checkAuthorization(req: IncomingMessage, body: string): boolean {
  const header = req.headers.authorization ?? '';
  const m = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(header);
  if (!m) return false;
  const f = Object.fromEntries(m[1].split(',').map((kv) => { const i = kv.indexOf('='); return [kv.slice(0, i), kv.slice(i + 1).replace(/^"|"$/g, '')]; }));
  if (f.mchid !== MCH || f.serial_no !== SERIAL) return false;
  if (Math.abs(Date.now() / 1000 - Number(f.timestamp)) > 300) return false;
  return createVerify('RSA-SHA256').update(`${req.method}\n${req.url}\n${f.timestamp}\n${f.nonce_str}\n${body}\n`).verify(merchant.publicKey, f.signature, 'base64');
}

let server: Server;
let base = '';

function answer(res: import('node:http').ServerResponse, status: number, json: unknown) {
  const body = json === null ? '' : JSON.stringify(json);
  const ts = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(8).toString('hex');
  const signature = sign(fake.signingKey, `${ts}\n${nonce}\n${body}\n`);
  res.writeHead(status, {
    'content-type': 'application/json',
    'wechatpay-timestamp': ts,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': signature,
    'wechatpay-serial': PLATFORM_ID,
  });
  res.end(fake.tamper ? body.replace('prepay', 'prepaX') : body);
}

before(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const authorized = checkAuthorization(req, body);
      fake.seen.push({ method: req.method!, url: req.url!, body, authorized });
      if (!authorized) return answer(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
      const url = req.url!;
      if (req.method === 'POST' && url === '/v3/pay/transactions/jsapi') return answer(res, 200, { prepay_id: 'wx201410272009395522657a690389285100' });
      if (req.method === 'POST' && url === '/v3/pay/transactions/h5') return answer(res, 200, { h5_url: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&package=1' });
      const q = /^\/v3\/pay\/transactions\/out-trade-no\/([^/?]+)\?mchid=(\d+)$/.exec(url);
      if (req.method === 'GET' && q) {
        if (q[1] === 'UNKNOWN') return answer(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
        return answer(res, 200, { out_trade_no: q[1], mchid: q[2], transaction_id: fake.tradeState === 'SUCCESS' ? '4200000002' : undefined, trade_state: fake.tradeState, amount: { total: 12345, currency: 'CNY' } });
      }
      const c = /^\/v3\/pay\/transactions\/out-trade-no\/([^/?]+)\/close$/.exec(url);
      if (req.method === 'POST' && c) {
        fake.closed.add(c[1]);
        return answer(res, 204, null);
      }
      answer(res, 404, { code: 'NOT_FOUND', message: 'no such API' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((r) => server.close(() => r())));

const env = (extra: Record<string, string> = {}) => ({
  PAY_PROVIDER: 'live',
  WECHAT_PAY_APP_ID: 'wxOFFICIAL00000001',
  WECHAT_PAY_MINI_APP_ID: 'wxMINI000000000001',
  WECHAT_PAY_MCH_ID: MCH,
  WECHAT_PAY_API_V3_KEY: apiV3Key,
  WECHAT_PAY_SERIAL_NO: SERIAL,
  WECHAT_PAY_PRIVATE_KEY: merchant.privateKey.replace(/\n/g, '\\n'),
  WECHAT_PAY_PLATFORM_PUBLIC_KEY: platform.publicKey,
  WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID: PLATFORM_ID,
  WECHAT_PAY_NOTIFY_URL: 'https://shop.example.com/pay/notify/wechat',
  WECHAT_PAY_API_BASE: base,
  ...extra,
});
const provider = () => createWechatPayProvider(loadConfig(env()).wechatPay);

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof AppError, String(err));
    return err;
  }
  assert.fail('expected a refusal');
}

describe('WeChat Pay API v3 against a local fake', () => {
  it('JSAPI: places the order signed by the merchant and answers the client pay sign (§3 fields)', async () => {
    fake.seen = [];
    const p = provider();
    const out = await p.prepare(payment, { paySource: 'WEAPP', tradeType: 'JSAPI', description: '成人高考 - 定金', openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' });
    const [call] = fake.seen;
    assert.equal(call.authorized, true);
    const sent = JSON.parse(call.body);
    assert.deepEqual(sent, {
      appid: 'wxMINI000000000001',
      mchid: MCH,
      description: '成人高考 - 定金',
      out_trade_no: payment.paymentSn,
      notify_url: 'https://shop.example.com/pay/notify/wechat',
      amount: { total: 12345, currency: 'CNY' },
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    });
    assert.equal(out.appId, 'wxMINI000000000001');
    assert.equal(out.package1, 'prepay_id=wx201410272009395522657a690389285100');
    assert.equal(out.signType, 'RSA');
    assert.match(out.timeStamp!, /^\d{10}$/);
    const message = `${out.appId}\n${out.timeStamp}\n${out.nonceStr}\n${out.package1}\n`;
    assert.ok(createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, out.againSign!, 'base64'), 'paySign by the merchant key');

    // The WeChat browser pays with the official account's AppID.
    const h5 = await p.prepare(payment, { paySource: 'H5', tradeType: 'JSAPI', description: 'x', openid: 'o1' });
    assert.equal(h5.appId, 'wxOFFICIAL00000001');
    assert.equal((await refusal(p.prepare(payment, { paySource: 'H5', tradeType: 'JSAPI', description: 'x' }))).message, '请先在微信中登录后再支付');
  });

  it('H5: h5_url becomes mwebUrl with the way back; the client IP is sent', async () => {
    fake.seen = [];
    const out = await provider().prepare(payment, { paySource: 'H5', tradeType: 'MWEB', description: 'x', clientIp: '203.0.113.9', redirectUrl: 'https://shop.example.com/#/pages/order/orderDetail?orderNo=O1' });
    assert.equal(out.mwebUrl, 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&package=1&redirect_url=' + encodeURIComponent('https://shop.example.com/#/pages/order/orderDetail?orderNo=O1'));
    assert.deepEqual(JSON.parse(fake.seen[0].body).scene_info, { payer_client_ip: '203.0.113.9', h5_info: { type: 'Wap' } });
  });

  it('query: unpaid is null, paid is the transaction, unknown is null; close closes', async () => {
    const p = provider();
    fake.tradeState = 'NOTPAY';
    assert.equal(await p.query!(payment.paymentSn), null);
    fake.tradeState = 'SUCCESS';
    assert.deepEqual(await p.query!(payment.paymentSn), { paymentSn: payment.paymentSn, txnId: '4200000002', amount: 12345, status: 'SUCCESS', payType: 1 });
    assert.equal(await p.query!('UNKNOWN'), null);
    fake.tradeState = 'NOTPAY';
    await p.close!(payment.paymentSn);
    assert.ok(fake.closed.has(payment.paymentSn));
    assert.equal(fake.seen.at(-1)!.authorized, true);
  });

  it('refuses answers not signed by the platform key, or altered on the way (no 500)', async () => {
    const p = provider();
    fake.signingKey = intruder.privateKey;
    try {
      const e = await refusal(p.prepare(payment, { paySource: 'WEAPP', tradeType: 'JSAPI', description: 'x', openid: 'o1' }));
      assert.equal(e.statusCode, 502);
      assert.match(e.message, /应答签名错误/);
    } finally {
      fake.signingKey = platform.privateKey;
    }
    fake.tamper = true;
    try {
      assert.match((await refusal(p.prepare(payment, { paySource: 'WEAPP', tradeType: 'JSAPI', description: 'x', openid: 'o1' }))).message, /应答签名错误/);
    } finally {
      fake.tamper = false;
    }
    // A merchant key WeChat does not know: the fake answers 401, the customer is told plainly.
    const wrong = createWechatPayProvider(loadConfig(env({ WECHAT_PAY_PRIVATE_KEY: intruder.privateKey.replace(/\n/g, '\\n') })).wechatPay);
    assert.match((await refusal(wrong.prepare(payment, { paySource: 'H5', tradeType: 'MWEB', description: 'x' }))).message, /微信支付暂时无法使用/);
  });

  it('notifications: verified, decrypted; tampered, stale (replayed later) and foreign-key ones refused', () => {
    const now = Date.now();
    const p = createWechatPayProvider(loadConfig(env()).wechatPay, () => now);
    const tx = { out_trade_no: payment.paymentSn, transaction_id: '4200000003', trade_state: 'SUCCESS', amount: { total: 12345 } };
    const iv = randomBytes(6).toString('hex');
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(iv));
    cipher.setAAD(Buffer.from('transaction'));
    const sealed = Buffer.concat([cipher.update(JSON.stringify(tx)), cipher.final(), cipher.getAuthTag()]).toString('base64');
    const body = JSON.stringify({ id: 'EV-9', event_type: 'TRANSACTION.SUCCESS', resource: { algorithm: 'AEAD_AES_256_GCM', ciphertext: sealed, nonce: iv, associated_data: 'transaction' } });
    const ts = String(Math.floor(now / 1000));
    const headers = { 'wechatpay-timestamp': ts, 'wechatpay-nonce': 'abc', 'wechatpay-signature': sign(platform.privateKey, `${ts}\nabc\n${body}\n`), 'wechatpay-serial': PLATFORM_ID };
    assert.deepEqual(p.verifyNotification(body, headers), { paymentSn: payment.paymentSn, txnId: '4200000003', amount: 12345, status: 'SUCCESS', payType: 1 });
    assert.throws(() => p.verifyNotification(body.replace('EV-9', 'EV-8'), headers), /支付通知签名错误/);
    const later = createWechatPayProvider(loadConfig(env()).wechatPay, () => now + 10 * 60_000);
    assert.throws(() => later.verifyNotification(body, headers), /支付通知签名错误/);
    assert.throws(() => p.verifyNotification(body, { ...headers, 'wechatpay-signature': sign(intruder.privateKey, `${ts}\nabc\n${body}\n`) }), /支付通知签名错误/);
    assert.throws(() => p.verifyNotification(body, { ...headers, 'wechatpay-serial': 'OTHER_KEY' }), /支付通知签名错误/);
    // Signed but the resource does not decrypt (wrong key or altered ciphertext): refused as malformed.
    const bad = body.replace(sealed, Buffer.from('x'.repeat(40)).toString('base64'));
    const badHeaders = { ...headers, 'wechatpay-signature': sign(platform.privateKey, `${ts}\nabc\n${bad}\n`) };
    assert.throws(() => p.verifyNotification(bad, badHeaders), /支付通知格式错误/);
  });

  it('a half configuration is a start-up error naming what is missing', () => {
    assert.throws(() => loadConfig({ WECHAT_PAY_MCH_ID: MCH }), /WECHAT_PAY_SERIAL_NO is missing/);
    assert.throws(() => loadConfig(env({ WECHAT_PAY_NOTIFY_URL: '' })), /WECHAT_PAY_NOTIFY_URL/);
    assert.throws(() => loadConfig(env({ WECHAT_PAY_APP_ID: '', WECHAT_PAY_MINI_APP_ID: '' })), /WECHAT_PAY_APP_ID/);
    assert.throws(() => loadConfig(env({ WECHAT_PAY_NOTIFY_URL: 'http://shop.example.com/pay/notify/wechat' })), /https/);
  });
});

describe('WeChat Pay through the order routes (pay-check queries WeChat, cancel closes there)', () => {
  it('an H5 payment no notification settled is found paid by the pay-check; a cancelled order is closed at WeChat', async () => {
    const h = await buildHarness({ env: env() });
    try {
      const token = await h.enter('demo');
      const userId = (await h.get<{ userId: string }>('/front/v1/user/cache', {}, token)).body.info.userId;
      const expiresAt = new Date(Date.now() + 30 * 60_000);
      const makeOrder = async (orderNo: string) => {
        await h.database.db.insert(orders).values({
          orderNo, projectSn: 'demo', userId, actSn: 'demo-course-01', orderType: 'COURSE', orderPayType: 1, status: 'UNPAID',
          totalAmount: 12345, snapshot: { course: { courseSn: 'C1', courseName: '成人高考专升本', courseCover: null } }, expiresAt, createdAt: new Date(),
        });
        await h.database.db.insert(orderPayments).values({ orderNo, seq: 1, kind: 'NORMAL', amount: 12345, deductionAmount: 0, status: 'UNPAID' });
      };
      const pay = (orderNo: string) => h.get<PayParams>(`/front/v1/client/order/payment/continue/${orderNo}`, { paySource: 'H5', tradeType: 'MWEB' }, token);
      const detail = async (orderNo: string) => (await h.get<OrderDetail>(`/front/v1/client/order/details/${orderNo}/`, {}, token)).body.info;

      const paidNo = `WX${Date.now()}1`;
      await makeOrder(paidNo);
      fake.seen = [];
      fake.tradeState = 'NOTPAY';
      const params = (await pay(paidNo)).body.info;
      assert.match(params.mwebUrl!, /^https:\/\/wx\.tenpay\.com\//);
      // The WeChat order ends when ours does (China time, RFC 3339).
      const sent = JSON.parse(fake.seen[0].body);
      assert.equal(Date.parse(sent.time_expire), Math.floor(expiresAt.getTime() / 1000) * 1000);
      assert.match(sent.time_expire, /\+08:00$/);
      assert.equal((await detail(paidNo)).orderStatus, 'UNPAID', 'not paid at WeChat yet');
      fake.tradeState = 'SUCCESS';
      const d = await detail(paidNo);
      assert.equal(d.orderStatus, 'PAID');
      assert.equal(d.payTypeName, '微信支付');
      fake.tradeState = 'NOTPAY';

      const cancelNo = `WX${Date.now()}2`;
      await makeOrder(cancelNo);
      const open = (await pay(cancelNo)).body.info;
      const cancelled = await h.post(`/front/v1/client/order/payment/order/cancel/${cancelNo}`, {}, token);
      assert.equal(cancelled.status, 200, cancelled.raw.body);
      assert.ok(fake.closed.has(open.paymentSn), 'closed at WeChat');
    } finally {
      await h.close();
    }
  });
});
