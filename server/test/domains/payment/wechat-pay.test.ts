import assert from 'node:assert/strict';
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { OrderDetail, PayParams } from '@contract/payment';
import { loadConfig } from '../../../src/config';
import { afterSaleApplications, refundNotifications, refunds } from '../../../src/domains/after-sales/schema';
import { orders } from '../../../src/domains/order/schema';
import { buildHarness } from '../../helpers/app';
import { insertUnpaidOrder } from '../../helpers/unpaid-order';
import { createWechatPayProvider } from '../../../src/domains/payment/providers/wechat-pay';
import { RefundOutcomeUnknown } from '../../../src/domains/payment/providers/refund';
import { createWechatRefundProvider } from '../../../src/domains/payment/providers/wechat-pay-refund';
import { refusal } from '../../helpers/refusal';

/**
 * WeChat Pay API v3 against a local fake of api.mch.weixin.qq.com over real HTTP: the fake checks the merchant's
 * WECHATPAY2-SHA256-RSA2048 signature on every request and signs every answer with the platform key, as WeChat does.
 * Refunds: POST /v3/refund/domestic/refunds (idempotent by out_refund_no, never more than the payment's total in
 * all), GET /v3/refund/domestic/refunds/{out_refund_no}, and the REFUND.* notifications WeChat would post.
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
  /** What WeChat holds as paid: the total of each transaction (by transaction_id and by out_trade_no). */
  totals: new Map<string, number>(),
  /** The transaction id the query answers for a paid out_trade_no (4200000002 when not set). */
  txnIds: new Map<string, string>(),
  refunds: new Map<string, FakeRefund>(),
};

interface FakeRefund {
  refund_id: string;
  out_refund_no: string;
  trade: string;
  notify_url?: string;
  status: 'PROCESSING' | 'SUCCESS' | 'ABNORMAL' | 'CLOSED';
  amount: { refund: number; total: number };
}

const refundView = (r: FakeRefund) => ({
  refund_id: r.refund_id,
  out_refund_no: r.out_refund_no,
  transaction_id: r.trade,
  out_trade_no: r.trade,
  channel: 'ORIGINAL',
  user_received_account: '支付用户零钱',
  create_time: '2026-11-22T20:00:00+08:00',
  status: r.status,
  funds_account: 'AVAILABLE',
  amount: {
    total: r.amount.total,
    refund: r.amount.refund,
    payer_total: r.amount.total,
    payer_refund: r.amount.refund,
    currency: 'CNY',
  },
});

/** POST /v3/refund/domestic/refunds as WeChat answers it. */
function fakeRefund(body: string): [number, unknown] {
  const q = JSON.parse(body) as {
    out_trade_no?: string;
    transaction_id?: string;
    out_refund_no?: string;
    notify_url?: string;
    amount?: { refund?: number; total?: number; currency?: string };
  };
  const trade = q.transaction_id ?? q.out_trade_no;
  const amount = q.amount ?? {};
  if (
    !trade ||
    !q.out_refund_no ||
    !Number.isInteger(amount.refund) ||
    !Number.isInteger(amount.total) ||
    amount.currency !== 'CNY'
  ) {
    return [400, { code: 'PARAM_ERROR', message: '参数错误' }];
  }
  // The same out_refund_no is the same refund (WeChat's idempotency): answered again, not refunded twice.
  const known = fake.refunds.get(q.out_refund_no);
  if (known) return [200, refundView(known)];
  const total = fake.totals.get(trade);
  if (total === undefined) return [404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' }];
  if (amount.total !== total) return [400, { code: 'INVALID_REQUEST', message: '订单金额与实际不符' }];
  const held = [...fake.refunds.values()]
    .filter((r) => r.trade === trade && (r.status === 'PROCESSING' || r.status === 'SUCCESS'))
    .reduce((n, r) => n + r.amount.refund, 0);
  if (held + amount.refund! > total) return [403, { code: 'NOT_ENOUGH', message: '申请退款金额超过订单可退金额' }];
  const r: FakeRefund = {
    refund_id: `5030${Date.now()}${randomBytes(3).toString('hex')}`,
    out_refund_no: q.out_refund_no,
    trade,
    notify_url: q.notify_url,
    status: 'PROCESSING',
    amount: { refund: amount.refund!, total },
  };
  fake.refunds.set(r.out_refund_no, r);
  return [200, refundView(r)];
}

/**
 * A notification as WeChat posts it: the resource sealed with the API v3 key, the whole signed (platform key by
 * default).
 */
function sealedNotification(
  eventType: string,
  resource: object,
  aad: string,
  opts: { id?: string; at?: number; key?: string } = {},
) {
  const iv = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(iv));
  cipher.setAAD(Buffer.from(aad));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(resource)), cipher.final(), cipher.getAuthTag()]).toString(
    'base64',
  );
  const body = JSON.stringify({
    id: opts.id ?? `EV-${randomBytes(6).toString('hex')}`,
    event_type: eventType,
    resource_type: 'encrypt-resource',
    resource: { algorithm: 'AEAD_AES_256_GCM', ciphertext: sealed, nonce: iv, associated_data: aad },
  });
  const ts = String(Math.floor((opts.at ?? Date.now()) / 1000));
  const headers = {
    'content-type': 'application/json',
    'wechatpay-timestamp': ts,
    'wechatpay-nonce': 'abc',
    'wechatpay-signature': sign(opts.key ?? platform.privateKey, `${ts}\nabc\n${body}\n`),
    'wechatpay-serial': PLATFORM_ID,
  };
  return { body, headers, sealed };
}

/** WeChat ends a refund and posts REFUND.<status>. */
function finishRefund(
  outRefundNo: string,
  status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED',
  opts: { id?: string; at?: number; key?: string } = {},
) {
  const r = fake.refunds.get(outRefundNo);
  if (!r) throw new Error(`the fake holds no refund ${outRefundNo}`);
  r.status = status;
  const resource = {
    mchid: MCH,
    out_trade_no: r.trade,
    transaction_id: r.trade,
    out_refund_no: r.out_refund_no,
    refund_id: r.refund_id,
    refund_status: status,
    user_received_account: '支付用户零钱',
    amount: {
      total: r.amount.total,
      refund: r.amount.refund,
      payer_total: r.amount.total,
      payer_refund: r.amount.refund,
    },
  };
  return sealedNotification(`REFUND.${status}`, resource, 'refund', opts);
}

function checkAuthorization(req: IncomingMessage, body: string): boolean {
  const header = req.headers.authorization ?? '';
  const m = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(header);
  if (!m) return false;
  const f = Object.fromEntries(
    m[1].split(',').map((kv) => {
      const i = kv.indexOf('=');
      return [kv.slice(0, i), kv.slice(i + 1).replace(/^"|"$/g, '')];
    }),
  );
  if (f.mchid !== MCH || f.serial_no !== SERIAL) return false;
  if (Math.abs(Date.now() / 1000 - Number(f.timestamp)) > 300) return false;
  return createVerify('RSA-SHA256')
    .update(`${req.method}\n${req.url}\n${f.timestamp}\n${f.nonce_str}\n${body}\n`)
    .verify(merchant.publicKey, f.signature, 'base64');
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
  res.end(fake.tamper ? body.replace('prepay', 'prepaX').replace('"refund":', '"refund":1') : body);
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
      if (req.method === 'POST' && url === '/v3/pay/transactions/jsapi')
        return answer(res, 200, { prepay_id: 'wx201410272009395522657a690389285100' });
      if (req.method === 'POST' && url === '/v3/pay/transactions/h5')
        return answer(res, 200, {
          h5_url: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&package=1',
        });
      const q = /^\/v3\/pay\/transactions\/out-trade-no\/([^/?]+)\?mchid=(\d+)$/.exec(url);
      if (req.method === 'GET' && q) {
        if (q[1] === 'UNKNOWN') return answer(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
        return answer(res, 200, {
          out_trade_no: q[1],
          mchid: q[2],
          transaction_id: fake.tradeState === 'SUCCESS' ? (fake.txnIds.get(q[1]) ?? '4200000002') : undefined,
          trade_state: fake.tradeState,
          amount: { total: 12345, currency: 'CNY' },
        });
      }
      const c = /^\/v3\/pay\/transactions\/out-trade-no\/([^/?]+)\/close$/.exec(url);
      if (req.method === 'POST' && c) {
        fake.closed.add(c[1]);
        return answer(res, 204, null);
      }
      if (req.method === 'POST' && url === '/v3/refund/domestic/refunds') return answer(res, ...fakeRefund(body));
      const rq = /^\/v3\/refund\/domestic\/refunds\/([^/?]+)$/.exec(url);
      if (req.method === 'GET' && rq) {
        const r = fake.refunds.get(decodeURIComponent(rq[1]));
        return r
          ? answer(res, 200, refundView(r))
          : answer(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
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

describe('WeChat Pay API v3 against a local fake', () => {
  it('JSAPI: places the order signed by the merchant and answers the client pay sign (§3 fields)', async () => {
    fake.seen = [];
    const p = provider();
    const out = await p.prepare(payment, {
      paySource: 'WEAPP',
      tradeType: 'JSAPI',
      description: '成人高考 - 定金',
      openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
    });
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
    assert.ok(
      createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, out.againSign!, 'base64'),
      'paySign by the merchant key',
    );

    // The WeChat browser pays with the official account's AppID.
    const h5 = await p.prepare(payment, { paySource: 'H5', tradeType: 'JSAPI', description: 'x', openid: 'o1' });
    assert.equal(h5.appId, 'wxOFFICIAL00000001');
    assert.equal(
      (await refusal(p.prepare(payment, { paySource: 'H5', tradeType: 'JSAPI', description: 'x' }))).message,
      '请先在微信中登录后再支付',
    );
  });

  it('H5: h5_url becomes mwebUrl with the way back; the client IP is sent', async () => {
    fake.seen = [];
    const out = await provider().prepare(payment, {
      paySource: 'H5',
      tradeType: 'MWEB',
      description: 'x',
      clientIp: '203.0.113.9',
      redirectUrl: 'https://shop.example.com/#/pages/order/orderDetail?orderNo=O1',
    });
    assert.equal(
      out.mwebUrl,
      'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&package=1&redirect_url=' +
        encodeURIComponent('https://shop.example.com/#/pages/order/orderDetail?orderNo=O1'),
    );
    assert.deepEqual(JSON.parse(fake.seen[0].body).scene_info, {
      payer_client_ip: '203.0.113.9',
      h5_info: { type: 'Wap' },
    });
  });

  it('query: unpaid is null, paid is the transaction, unknown is null; close closes', async () => {
    const p = provider();
    fake.tradeState = 'NOTPAY';
    assert.equal(await p.query!(payment.paymentSn), null);
    fake.tradeState = 'SUCCESS';
    assert.deepEqual(await p.query!(payment.paymentSn), {
      paymentSn: payment.paymentSn,
      txnId: '4200000002',
      amount: 12345,
      status: 'SUCCESS',
      payType: 1,
    });
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
      const e = await refusal(
        p.prepare(payment, { paySource: 'WEAPP', tradeType: 'JSAPI', description: 'x', openid: 'o1' }),
      );
      assert.equal(e.statusCode, 502);
      assert.match(e.message, /应答签名错误/);
    } finally {
      fake.signingKey = platform.privateKey;
    }
    fake.tamper = true;
    try {
      assert.match(
        (await refusal(p.prepare(payment, { paySource: 'WEAPP', tradeType: 'JSAPI', description: 'x', openid: 'o1' })))
          .message,
        /应答签名错误/,
      );
    } finally {
      fake.tamper = false;
    }
    // A merchant key WeChat does not know: the fake answers 401, the customer is told plainly.
    const wrong = createWechatPayProvider(
      loadConfig(env({ WECHAT_PAY_PRIVATE_KEY: intruder.privateKey.replace(/\n/g, '\\n') })).wechatPay,
    );
    assert.match(
      (await refusal(wrong.prepare(payment, { paySource: 'H5', tradeType: 'MWEB', description: 'x' }))).message,
      /微信支付暂时无法使用/,
    );
  });

  it('notifications: verified, decrypted; tampered, stale (replayed later) and foreign-key ones refused', () => {
    const now = Date.now();
    const p = createWechatPayProvider(loadConfig(env()).wechatPay, () => now);
    const tx = {
      out_trade_no: payment.paymentSn,
      transaction_id: '4200000003',
      trade_state: 'SUCCESS',
      amount: { total: 12345 },
    };
    const { body, headers, sealed } = sealedNotification('TRANSACTION.SUCCESS', tx, 'transaction', {
      id: 'EV-9',
      at: now,
    });
    const ts = headers['wechatpay-timestamp'];
    assert.deepEqual(p.verifyNotification(body, headers), {
      paymentSn: payment.paymentSn,
      txnId: '4200000003',
      amount: 12345,
      status: 'SUCCESS',
      payType: 1,
    });
    assert.throws(() => p.verifyNotification(body.replace('EV-9', 'EV-8'), headers), /支付通知签名错误/);
    const later = createWechatPayProvider(loadConfig(env()).wechatPay, () => now + 10 * 60_000);
    assert.throws(() => later.verifyNotification(body, headers), /支付通知签名错误/);
    assert.throws(
      () =>
        p.verifyNotification(body, {
          ...headers,
          'wechatpay-signature': sign(intruder.privateKey, `${ts}\nabc\n${body}\n`),
        }),
      /支付通知签名错误/,
    );
    assert.throws(
      () => p.verifyNotification(body, { ...headers, 'wechatpay-serial': 'OTHER_KEY' }),
      /支付通知签名错误/,
    );
    // Signed but the resource does not decrypt (wrong key or altered ciphertext): refused as malformed.
    const bad = body.replace(sealed, Buffer.from('x'.repeat(40)).toString('base64'));
    const badHeaders = { ...headers, 'wechatpay-signature': sign(platform.privateKey, `${ts}\nabc\n${bad}\n`) };
    assert.throws(() => p.verifyNotification(bad, badHeaders), /支付通知格式错误/);
  });

  it('a half configuration is a start-up error naming what is missing', () => {
    assert.throws(() => loadConfig({ WECHAT_PAY_MCH_ID: MCH }), /WECHAT_PAY_SERIAL_NO is missing/);
    assert.throws(() => loadConfig(env({ WECHAT_PAY_NOTIFY_URL: '' })), /WECHAT_PAY_NOTIFY_URL/);
    assert.throws(() => loadConfig(env({ WECHAT_PAY_APP_ID: '', WECHAT_PAY_MINI_APP_ID: '' })), /WECHAT_PAY_APP_ID/);
    assert.throws(
      () => loadConfig(env({ WECHAT_PAY_NOTIFY_URL: 'http://shop.example.com/pay/notify/wechat' })),
      /https/,
    );
  });
});

describe('WeChat Pay through the order routes (pay-check queries WeChat, cancel closes there)', () => {
  it('an H5 payment no notification settled is found paid by the pay-check; a cancelled order is closed at WeChat', async () => {
    const h = await buildHarness({ env: env() });
    try {
      const token = await h.enterStored('demo');
      const userId = (await h.get<{ userId: string }>('/front/v1/user/cache', {}, token)).body.info.userId;
      const expiresAt = new Date(Date.now() + 30 * 60_000);
      const makeOrder = async (orderNo: string) => {
        await insertUnpaidOrder(h, { orderNo, userId, amount: 12345, expiresAt });
      };
      const pay = (orderNo: string) =>
        h.get<PayParams>(
          `/front/v1/client/order/payment/continue/${orderNo}`,
          { paySource: 'H5', tradeType: 'MWEB' },
          token,
        );
      const detail = async (orderNo: string) =>
        (await h.get<OrderDetail>(`/front/v1/client/order/details/${orderNo}/`, {}, token)).body.info;

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

describe('WeChat Pay refunds (API v3) against the fake', () => {
  const refundProvider = (now?: () => number) => createWechatRefundProvider(loadConfig(env()).wechatPay, now);
  const req = (refundSn: string, amount: number, txnId: string | null = '4200000101') => ({
    refundSn,
    paymentSn: 'P1700000000000refund01',
    txnId,
    amount,
    paymentAmount: 10000,
    reason: '课程时间冲突',
  });

  it('applies for a refund signed by the merchant: the original transaction, our refund number, amount and total, the refund notify URL', async () => {
    fake.totals.set('4200000101', 10000);
    fake.seen = [];
    const out = await refundProvider().submit(req('R-WX-1', 3000));
    const [call] = fake.seen;
    assert.equal(call.authorized, true);
    assert.deepEqual(JSON.parse(call.body), {
      transaction_id: '4200000101',
      out_refund_no: 'R-WX-1',
      reason: '课程时间冲突',
      notify_url: 'https://shop.example.com/refund/notify/wechat',
      amount: { refund: 3000, total: 10000, currency: 'CNY' },
    });
    assert.equal(out.providerRefundId, fake.refunds.get('R-WX-1')!.refund_id);
    // The same refund number again is the same refund at WeChat, not a second one.
    assert.deepEqual(await refundProvider().submit(req('R-WX-1', 3000)), out);
    // Without a recorded transaction id the payment is named by out_trade_no.
    fake.totals.set('P1700000000000refund01', 10000);
    await refundProvider().submit(req('R-WX-2', 100, null));
    assert.equal(JSON.parse(fake.seen.at(-1)!.body).out_trade_no, 'P1700000000000refund01');
  });

  it("refuses with WeChat's reason; an answer not signed by the platform key is not trusted (outcome unknown, no 500)", async () => {
    fake.totals.set('4200000102', 10000);
    await refundProvider().submit(req('R-WX-3', 6000, '4200000102'));
    const over = await refusal(refundProvider().submit(req('R-WX-4', 5000, '4200000102')));
    assert.deepEqual([over.statusCode, over.message], [400, '微信支付退款失败：申请退款金额超过订单可退金额']);
    fake.tamper = true;
    try {
      // WeChat may have taken it all the same: not a refusal but an unknown outcome (the refund stays pending).
      await assert.rejects(
        refundProvider().submit(req('R-WX-5', 1, '4200000102')),
        (e) => e instanceof RefundOutcomeUnknown && /应答签名错误/.test(e.message),
      );
    } finally {
      fake.tamper = false;
    }
  });

  it('query: processing is null, an ended refund is its result, an unknown one a failure', async () => {
    fake.totals.set('4200000103', 10000);
    const p = refundProvider();
    await p.submit(req('R-WX-6', 2000, '4200000103'));
    assert.equal(await p.query!('R-WX-6'), null);
    finishRefund('R-WX-6', 'SUCCESS');
    const r = fake.refunds.get('R-WX-6')!;
    assert.deepEqual(await p.query!('R-WX-6'), {
      refundSn: 'R-WX-6',
      notifyId: `query:${r.refund_id}:SUCCESS`,
      amount: 2000,
      status: 'SUCCESS',
    });
    // WeChat never took it: failed, so it may be made again.
    assert.deepEqual(await p.query!('R-NONE'), {
      refundSn: 'R-NONE',
      notifyId: 'query:R-NONE:NOT_EXISTS',
      status: 'FAIL',
      reason: '微信支付未受理该退款，可重新退款',
    });
    assert.equal(fake.seen.at(-1)!.url, '/v3/refund/domestic/refunds/R-NONE');
  });

  it('notifications: REFUND.SUCCESS / ABNORMAL / CLOSED verified and decrypted; tampered, stale, foreign-key and payment ones refused', async () => {
    fake.totals.set('4200000104', 10000);
    const now = Date.now();
    const p = refundProvider(() => now);
    for (const no of ['R-WX-7', 'R-WX-8', 'R-WX-9']) await p.submit(req(no, 1000, '4200000104'));
    const ok = finishRefund('R-WX-7', 'SUCCESS', { id: 'EV-R7', at: now });
    assert.deepEqual(p.verifyNotification(ok.body, ok.headers), {
      refundSn: 'R-WX-7',
      notifyId: 'EV-R7',
      amount: 1000,
      status: 'SUCCESS',
    });
    const abnormal = finishRefund('R-WX-8', 'ABNORMAL', { at: now });
    assert.deepEqual(p.verifyNotification(abnormal.body, abnormal.headers), {
      refundSn: 'R-WX-8',
      notifyId: JSON.parse(abnormal.body).id,
      amount: 1000,
      status: 'FAIL',
      reason: '退款异常（用户银行卡作废或冻结），请在微信支付商户平台处理',
    });
    const closed = finishRefund('R-WX-9', 'CLOSED', { at: now });
    assert.equal((p.verifyNotification(closed.body, closed.headers) as { reason?: string }).reason, '退款已关闭');

    assert.throws(() => p.verifyNotification(ok.body.replace('EV-R7', 'EV-R6'), ok.headers), /退款通知签名错误/);
    assert.throws(
      () => refundProvider(() => now + 10 * 60_000).verifyNotification(ok.body, ok.headers),
      /退款通知签名错误/,
      'replayed later',
    );
    const foreign = finishRefund('R-WX-7', 'SUCCESS', { at: now, key: intruder.privateKey });
    assert.throws(() => p.verifyNotification(foreign.body, foreign.headers), /退款通知签名错误/);
    // A payment's notification is not a refund's, and a refund's is not a payment's.
    const paid = sealedNotification(
      'TRANSACTION.SUCCESS',
      { out_trade_no: 'P1', transaction_id: '42', trade_state: 'SUCCESS', amount: { total: 1000 } },
      'transaction',
      { at: now },
    );
    assert.throws(() => p.verifyNotification(paid.body, paid.headers), /退款通知格式错误/);
    assert.throws(
      () => createWechatPayProvider(loadConfig(env()).wechatPay, () => now).verifyNotification(ok.body, ok.headers),
      /支付通知格式错误/,
    );
  });

  it('the refund notify URL: derived from the payment one, or named; a half configuration is a start-up error', () => {
    assert.equal(loadConfig(env()).wechatPay.refundNotifyUrl, 'https://shop.example.com/refund/notify/wechat');
    assert.equal(
      loadConfig(env({ WECHAT_PAY_REFUND_NOTIFY_URL: 'https://api.example.com/refund/notify/wechat' })).wechatPay
        .refundNotifyUrl,
      'https://api.example.com/refund/notify/wechat',
    );
    assert.throws(
      () => loadConfig(env({ WECHAT_PAY_NOTIFY_URL: 'https://shop.example.com/wxpay' })),
      /WECHAT_PAY_REFUND_NOTIFY_URL is missing/,
    );
    assert.throws(
      () => loadConfig({ WECHAT_PAY_REFUND_NOTIFY_URL: 'https://shop.example.com/refund/notify/wechat' }),
      /WECHAT_PAY_REFUND_NOTIFY_URL is set but WeChat Pay is not/,
    );
    assert.throws(
      () => loadConfig(env({ WECHAT_PAY_REFUND_NOTIFY_URL: 'http://shop.example.com/r' })),
      /must be an https URL/,
    );
  });
});

describe('an after-sales refund of a WeChat payment goes back through WeChat', () => {
  it('agree -> WeChat refund -> signed REFUND.SUCCESS over HTTP settles it once; a replay or a tampered copy changes nothing; concurrent refunds never exceed the payment; a lost notification is found by the refund-check', async () => {
    const h = await buildHarness({ env: env() });
    try {
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      const origin = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
      const { token, userId } = await h.login('13900000161');
      const ops = (url: string) =>
        h.inject({ method: 'POST', url, headers: { authorization: `Bearer ${h.config.opsKey}` } });
      /** An order of 12345 fen paid at WeChat (found by the pay-check's query), transaction `txn`. */
      const paidOrder = async (n: number) => {
        const orderNo = `WXR${Date.now()}${n}`;
        await insertUnpaidOrder(h, { orderNo, userId, amount: 12345 });
        const params = (
          await h.get<PayParams>(
            `/front/v1/client/order/payment/continue/${orderNo}`,
            { paySource: 'H5', tradeType: 'MWEB' },
            token,
          )
        ).body.info;
        const txn = `42009${Date.now()}${n}`;
        fake.txnIds.set(params.paymentSn, txn);
        fake.totals.set(txn, 12345);
        fake.tradeState = 'SUCCESS';
        const d = (await h.get<OrderDetail>(`/front/v1/client/order/details/${orderNo}/`, {}, token)).body.info;
        fake.tradeState = 'NOTPAY';
        assert.equal(d.orderStatus, 'PAID');
        return { orderNo, txn };
      };
      const apply = async (orderNo: string, amount: number) => {
        const res = await h.post<{ applicationNo: string }>(
          '/front/v1/after/sales/refund/apply',
          { orderNo, type: 1, reason: '不想要了', description: '', images: [], amount },
          token,
        );
        assert.equal(res.status, 200, res.raw.body);
        return res.body.info.applicationNo;
      };
      const stateOf = async (applicationNo: string) =>
        (
          await h.database.db
            .select()
            .from(afterSaleApplications)
            .where(eq(afterSaleApplications.applicationNo, applicationNo))
        )[0];
      /** The refund was handed over two minutes ago (the refund-check asks only about refunds older than a minute). */
      const backdate = (refundSn: string) =>
        h.database.db
          .update(refunds)
          .set({ createdAt: new Date(Date.now() - 120_000) })
          .where(eq(refunds.refundSn, refundSn));
      const post = (n: { body: string; headers: Record<string, string> }) =>
        fetch(`${origin}/refund/notify/wechat`, { method: 'POST', headers: n.headers, body: n.body });

      const { orderNo, txn } = await paidOrder(1);
      const no = await apply(orderNo, 5000);
      const agreed = await ops(`/ops/after-sales/${no}/agree`);
      assert.equal(agreed.status, 200, String(agreed.raw.body));
      const [refund] = await h.database.db.select().from(refunds).where(eq(refunds.applicationNo, no));
      assert.deepEqual([refund.provider, refund.status, refund.amount], ['wechat', 'PENDING', 5000]);
      const atWechat = fake.refunds.get(refund.refundSn)!;
      assert.deepEqual(
        [atWechat.trade, atWechat.amount, atWechat.notify_url],
        [txn, { refund: 5000, total: 12345 }, 'https://shop.example.com/refund/notify/wechat'],
      );
      assert.equal(refund.providerRefundId, atWechat.refund_id);
      assert.equal((await stateOf(no)).state, 'REFUNDING');

      const note = finishRefund(refund.refundSn, 'SUCCESS');
      const first = await post(note);
      assert.equal(first.status, 200);
      assert.deepEqual(await first.json(), { code: 'SUCCESS', message: '成功' });
      assert.deepEqual([(await stateOf(no)).state, (await stateOf(no)).refundedAmount], ['REFUNDED', 5000]);
      assert.equal(
        (await h.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0].status,
        'REFUND_PART',
      );
      // WeChat resends (same id): acknowledged, nothing moves twice. A tampered copy is refused.
      assert.equal((await post(note)).status, 200);
      const tampered = await post({
        body: note.body.replace('"REFUND.SUCCESS"', '"REFUND.CLOSED"'),
        headers: note.headers,
      });
      assert.equal(tampered.status, 400);
      assert.equal(((await tampered.json()) as { message: string }).message, '退款通知签名错误');
      const seen = await h.database.db
        .select()
        .from(refundNotifications)
        .where(eq(refundNotifications.refundSn, refund.refundSn));
      assert.equal(seen.length, 1);

      // Concurrent: the operator refunds one application twice at once; a payment another refund already holds
      // part of is refused before WeChat is asked.
      const second = await paidOrder(2);
      const no2 = await apply(second.orderNo, 12345);
      const both = await Promise.all([ops(`/ops/after-sales/${no2}/agree`), ops(`/ops/after-sales/${no2}/agree`)]);
      assert.deepEqual(both.map((r) => r.status).sort(), [200, 409]);
      const rows = await h.database.db.select().from(refunds).where(eq(refunds.applicationNo, no2));
      assert.deepEqual(
        rows.map((r) => r.amount),
        [12345],
      );
      assert.equal([...fake.refunds.values()].filter((r) => r.trade === second.txn).length, 1, 'WeChat was asked once');

      // Its notification is lost: the customer's detail asks WeChat (the refund-check) and settles it once; the
      // notification arriving after that is acknowledged and changes nothing.
      const late = finishRefund(rows[0].refundSn, 'SUCCESS');
      assert.equal((await stateOf(no2)).state, 'REFUNDING');
      const customerDetail = () => h.get(`/front/v1/after/sales/${no2}`, {}, token);
      await customerDetail();
      assert.equal((await stateOf(no2)).state, 'REFUNDING', 'a refund handed over just now is not asked about yet');
      await backdate(rows[0].refundSn);
      const detail = await h.get<{ applicationNo: string }>(`/front/v1/after/sales/${no2}`, {}, token);
      assert.equal(detail.status, 200, detail.raw.body);
      assert.deepEqual([(await stateOf(no2)).state, (await stateOf(no2)).refundedAmount], ['REFUNDED', 12345]);
      assert.equal(
        (await h.database.db.select().from(orders).where(eq(orders.orderNo, second.orderNo)))[0].status,
        'REFUND',
      );
      assert.equal((await post(late)).status, 200);
      const recorded = await h.database.db
        .select()
        .from(refundNotifications)
        .where(eq(refundNotifications.refundSn, rows[0].refundSn));
      assert.deepEqual(
        recorded.map((r) => r.notifyId),
        [`query:${fake.refunds.get(rows[0].refundSn)!.refund_id}:SUCCESS`],
      );

      // WeChat's answer is lost on the way (it does not verify): the refund may have been taken, so it stays 退款中
      // (no second refund can be made for it) until the refund-check hears how it ended.
      const third = await paidOrder(3);
      const no3 = await apply(third.orderNo, 2000);
      fake.tamper = true;
      try {
        assert.equal((await ops(`/ops/after-sales/${no3}/agree`)).status, 200);
      } finally {
        fake.tamper = false;
      }
      const [lost] = await h.database.db.select().from(refunds).where(eq(refunds.applicationNo, no3));
      assert.deepEqual(
        [lost.status, lost.providerRefundId, (await stateOf(no3)).state],
        ['PENDING', null, 'REFUNDING'],
      );
      await backdate(lost.refundSn);
      await h.get(`/front/v1/after/sales/${no3}`, {}, token);
      assert.equal((await stateOf(no3)).state, 'REFUNDING', 'still processing at WeChat');
      finishRefund(lost.refundSn, 'SUCCESS');
      await h.get(`/front/v1/after/sales/${no3}`, {}, token);
      assert.deepEqual([(await stateOf(no3)).state, (await stateOf(no3)).refundedAmount], ['REFUNDED', 2000]);
    } finally {
      await h.close();
    }
  });
});
