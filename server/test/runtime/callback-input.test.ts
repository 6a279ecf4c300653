/**
 * Provider callbacks refuse malformed input with a 4xx, never a 5xx: NUL in any field of a correctly signed
 * notification (PostgreSQL refuses NUL in text, so one that reached SQL was a 500), ids longer than a unique index
 * takes, malformed JSON, wrong types and huge fields, on every callback: payment notifications (sandbox, WeChat
 * Pay v3, Baidu), refund notifications and Baidu's refund audit, payout notifications. Each provider's refusal
 * keeps its own format: WeChat's is {code: 'FAIL', message}, Baidu's payment one {errno, msg}, the sandbox's the
 * app's envelope.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import { payments } from '../../src/domains/payment/schema';
import { INPUT_MESSAGES, MAX_CALLBACK_FIELD } from '../../src/runtime/input-guard';
import { DEFAULT_SANDBOX_PAYOUT_KEY } from '../../src/domains/earnings/config';
import { baiduSign } from '../../src/domains/payment/providers/baidu-pay-client';
import { PAYOUT_SIGNATURE_HEADER } from '../../src/domains/earnings/providers/payout';
import { REFUND_SIGNATURE_HEADER } from '../../src/domains/payment/providers/refund';
import { SANDBOX_SIGNATURE_HEADER } from '../../src/domains/payment/providers/sandbox';
import { signSandboxBody } from '../../src/runtime/sandbox-notification';
import { startBaiduPayFake, type BaiduPayFake } from '../fakes/baidu-pay';
import { buildHarness, type Harness } from '../helpers/app';
import { insertUnpaidOrder } from '../helpers/unpaid-order';

const ILLEGAL = INPUT_MESSAGES.illegalCharacter;
const pem = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const merchant = pem();
const platform = pem();
const apiV3Key = randomBytes(16).toString('hex');
const PLATFORM_ID = 'PUB_KEY_ID_0001';
const wechatEnv = {
  WECHAT_PAY_APP_ID: 'wxOFFICIAL00000001',
  WECHAT_PAY_MCH_ID: '1900000001',
  WECHAT_PAY_API_V3_KEY: apiV3Key,
  WECHAT_PAY_SERIAL_NO: 'MERCHANTSERIAL01',
  WECHAT_PAY_PRIVATE_KEY: merchant.privateKey.replace(/\n/g, '\\n'),
  WECHAT_PAY_PLATFORM_PUBLIC_KEY: platform.publicKey.replace(/\n/g, '\\n'),
  WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID: PLATFORM_ID,
  WECHAT_PAY_NOTIFY_URL: 'https://shop.example.com/pay/notify/wechat',
};

type Fields = Record<string, unknown>;
type Signed = { body: string; headers: Record<string, string> };
const json = { 'content-type': 'application/json' };

/**
 * A WeChat notification: `resource` sealed with the API v3 key and the body signed by the platform key (through the
 * SDK).
 */
function wechatNote(eventType: string, resource: unknown, aad: string, outer: Fields = {}): Signed {
  const nonce = Formatter.nonce(12);
  const ciphertext = Aes.AesGcm.encrypt(
    typeof resource === 'string' ? resource : JSON.stringify(resource),
    apiV3Key,
    nonce,
    aad,
  );
  const body = JSON.stringify({
    id: `EV-${randomBytes(6).toString('hex')}`,
    event_type: eventType,
    resource_type: 'encrypt-resource',
    resource: { algorithm: 'AEAD_AES_256_GCM', ciphertext, nonce, associated_data: aad },
    ...outer,
  });
  const ts = Formatter.timestamp();
  const n = Formatter.nonce();
  return {
    body,
    headers: {
      ...json,
      'wechatpay-timestamp': String(ts),
      'wechatpay-nonce': n,
      'wechatpay-signature': Rsa.sign(Formatter.response(ts, n, body), platform.privateKey),
      'wechatpay-serial': PLATFORM_ID,
    },
  };
}

/** A random id longer than any unique index entry PostgreSQL takes (2,704 bytes): incompressible. */
const hugeId = () => randomBytes(3_000).toString('base64');

describe('provider callbacks: malformed input is a 4xx, never a 5xx', () => {
  let h: Harness;
  let bd: BaiduPayFake;
  let userId = '';
  let seq = 0;

  before(async () => {
    bd = await startBaiduPayFake();
    h = await buildHarness({
      env: { ...bd.env(), ...wechatEnv, PAY_PROVIDER: 'sandbox', SANDBOX_REFUND_DELAY_MS: '600000' },
    });
    userId = (await h.login('13600000071')).userId;
  });
  after(async () => {
    await h.close();
    await bd.stop();
  });

  /** An unpaid order and its payment at `provider`, as a cashier opened it. */
  async function openPayment(provider: 'sandbox' | 'wechat' | 'baidu', amount = 12345): Promise<string> {
    seq += 1;
    const orderNo = `CB${Date.now()}${seq}`;
    await insertUnpaidOrder(h, { orderNo, userId, amount });
    const paymentSn = `P${provider}${Date.now()}${seq}`;
    await h.database.db
      .insert(payments)
      .values({ paymentSn, orderNo, seq: 1, amount, provider, paySource: 'H5', tradeType: 'MWEB' });
    return paymentSn;
  }
  const statusOf = async (paymentSn: string) =>
    (await h.database.db.select().from(payments).where(eq(payments.paymentSn, paymentSn)))[0].status;
  const post = (url: string, n: Signed) => h.inject({ method: 'POST', url, headers: n.headers, payload: n.body });
  const hmacSigned =
    (header: string, sign: (body: string) => string) =>
    (fields: Fields): Signed => {
      const body = JSON.stringify(fields);
      return { body, headers: { ...json, [header]: sign(body) } };
    };
  const sandboxPay = (fields: Fields) =>
    hmacSigned(SANDBOX_SIGNATURE_HEADER, (b) => signSandboxBody(b, h.config.sandboxPayKey))(fields);
  const sandboxRefund = (fields: Fields) =>
    hmacSigned(REFUND_SIGNATURE_HEADER, (b) => signSandboxBody(b, h.config.sandboxPayKey))(fields);
  const sandboxPayout = (fields: Fields) =>
    hmacSigned(PAYOUT_SIGNATURE_HEADER, (b) => signSandboxBody(b, DEFAULT_SANDBOX_PAYOUT_KEY))(fields);
  const baiduForm = (fields: Record<string, string>): Signed => ({
    body: new URLSearchParams({ ...fields, rsaSign: baiduSign(fields, bd.platform.privateKey) }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  /** Every string field with a NUL at its end, then alone, then a NUL in a key and in an extra field. */
  function* withNul<T extends Fields>(base: T): Generator<[string, T]> {
    for (const key of Object.keys(base)) {
      yield [`${key} ends in NUL`, { ...base, [key]: `${String(base[key])}\u0000` }];
      yield [`${key} is NUL`, { ...base, [key]: '\u0000' }];
    }
    yield ['a key with NUL', { ...base, ['k\u0000']: '1' }];
    yield ['an extra field with NUL', { ...base, note: 'a\u0000b' }];
  }

  it('a signed sandbox payment notification with NUL in any field is 400 参数包含非法字符 and pays nothing; the same without NUL pays', async () => {
    const paymentSn = await openPayment('sandbox');
    const base = {
      paymentSn,
      amount: 12345,
      status: 'SUCCESS',
      txnId: `SBX${Date.now()}`,
      payType: 1,
      notifyTime: new Date().toISOString(),
    };
    for (const [label, fields] of withNul(base)) {
      const res = await post('/pay/notify/sandbox', sandboxPay(fields));
      assert.deepEqual(
        [res.status, res.body],
        [400, { state: false, message: ILLEGAL, info: null, code: 4000 }],
        label,
      );
    }
    assert.equal(await statusOf(paymentSn), 'PENDING');
    const paid = await post('/pay/notify/sandbox', sandboxPay(base));
    assert.deepEqual([paid.status, paid.body], [200, { state: true, message: 'success', info: null }]);
    assert.equal(await statusOf(paymentSn), 'SUCCESS');
  });

  it('signed sandbox refund and payout notifications with NUL in any field are 400 参数包含非法字符', async () => {
    const refund = {
      refundSn: 'R-CB-1',
      notifyId: 'SBXRF1',
      amount: 100,
      status: 'SUCCESS',
      reason: '退款',
      notifyTime: new Date().toISOString(),
    };
    for (const [label, fields] of withNul(refund)) {
      const res = await post('/refund/notify/sandbox', sandboxRefund(fields));
      assert.deepEqual([res.status, res.body.message], [400, ILLEGAL], `refund: ${label}`);
    }
    const payout = {
      withdrawalNo: 'W-CB-1',
      txnId: 'SBXPO1',
      amount: 100,
      status: 'FAIL',
      reason: '收款账户状态异常',
      notifyTime: new Date().toISOString(),
    };
    for (const [label, fields] of withNul(payout)) {
      const res = await post('/payout/notify/sandbox', sandboxPayout(fields));
      assert.deepEqual([res.status, res.body.message], [400, ILLEGAL], `payout: ${label}`);
    }
  });

  it("a signed WeChat payment notification with NUL or an over-long id, outside or inside its sealed resource, is 400 in WeChat's {code, message}", async () => {
    const paymentSn = await openPayment('wechat');
    const tx = {
      out_trade_no: paymentSn,
      transaction_id: `4200${Date.now()}`,
      trade_state: 'SUCCESS',
      amount: { total: 12345, currency: 'CNY' },
    };
    const cases: Array<[string, Signed, string]> = [
      [
        'out_trade_no with NUL',
        wechatNote('TRANSACTION.SUCCESS', { ...tx, out_trade_no: `${paymentSn}\u0000` }, 'transaction'),
        ILLEGAL,
      ],
      [
        'transaction_id with NUL',
        wechatNote('TRANSACTION.SUCCESS', { ...tx, transaction_id: '42\u0000' }, 'transaction'),
        ILLEGAL,
      ],
      [
        'a transaction_id no unique index takes',
        wechatNote('TRANSACTION.SUCCESS', { ...tx, transaction_id: hugeId() }, 'transaction'),
        INPUT_MESSAGES.tooLong,
      ],
      ['an event id with NUL', wechatNote('TRANSACTION.SUCCESS', tx, 'transaction', { id: 'EV\u0000' }), ILLEGAL],
    ];
    for (const [label, note, message] of cases) {
      const res = await post('/pay/notify/wechat', note);
      assert.deepEqual([res.status, res.body], [400, { code: 'FAIL', message }], label);
    }
    assert.equal(await statusOf(paymentSn), 'PENDING');
    const paid = await post('/pay/notify/wechat', wechatNote('TRANSACTION.SUCCESS', tx, 'transaction'));
    assert.deepEqual([paid.status, paid.body], [200, { code: 'SUCCESS', message: 'success' }]);
    assert.equal(await statusOf(paymentSn), 'SUCCESS');
  });

  it("a signed WeChat refund notification with NUL or an over-long id is 400 in WeChat's {code, message}", async () => {
    const r = {
      out_refund_no: 'R-CB-2',
      refund_id: '5030001',
      refund_status: 'SUCCESS',
      amount: { total: 100, refund: 100 },
    };
    const cases: Array<[string, Signed, string]> = [
      ['out_refund_no with NUL', wechatNote('REFUND.SUCCESS', { ...r, out_refund_no: 'R\u0000' }, 'refund'), ILLEGAL],
      ['an event id with NUL', wechatNote('REFUND.SUCCESS', r, 'refund', { id: 'EV\u0000' }), ILLEGAL],
      [
        'an event id no unique index takes',
        wechatNote('REFUND.SUCCESS', r, 'refund', { id: hugeId() }),
        INPUT_MESSAGES.tooLong,
      ],
    ];
    for (const [label, note, message] of cases) {
      const res = await post('/refund/notify/wechat', note);
      assert.deepEqual([res.status, res.body], [400, { code: 'FAIL', message }], label);
    }
    const unknown = await post('/refund/notify/wechat', wechatNote('REFUND.SUCCESS', r, 'refund'));
    assert.deepEqual([unknown.status, unknown.body.code], [400, 'FAIL'], 'a refund we never made');
  });

  it('signed Baidu payment, refund and audit callbacks with %00 in any field, or an over-long order id, are 400', async () => {
    const paymentSn = await openPayment('baidu');
    const pay = {
      userId: '2250333905',
      orderId: '80002001',
      totalMoney: '12345',
      dealId: '470193086',
      status: '2',
      tpOrderId: paymentSn,
    };
    for (const [label, fields] of withNul(pay)) {
      const res = await post('/pay/notify/baidu', baiduForm(fields as Record<string, string>));
      assert.deepEqual([res.status, res.body], [400, { errno: 1, msg: ILLEGAL, data: { isConsumed: 2 } }], label);
    }
    const long = await post('/pay/notify/baidu', baiduForm({ ...pay, orderId: hugeId() }));
    assert.deepEqual([long.status, (long.body as unknown as { msg: string }).msg], [400, INPUT_MESSAGES.tooLong]);
    assert.equal(await statusOf(paymentSn), 'PENDING');
    const refund = {
      orderId: '80002001',
      userId: '2250333905',
      tpOrderId: paymentSn,
      refundBatchId: '152001',
      refundStatus: '1',
    };
    for (const url of ['/refund/notify/baidu', '/refund/audit/baidu']) {
      for (const [label, fields] of withNul(refund)) {
        const res = await post(url, baiduForm(fields as Record<string, string>));
        assert.deepEqual([res.status, res.body.message], [400, ILLEGAL], `${url}: ${label}`);
      }
    }
  });

  it('every callback answers malformed JSON, forms, wrong types and huge fields with a 4xx', async () => {
    const deep = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    let nested: unknown = 'leaf';
    for (let i = 0; i < 40; i += 1) nested = { a: nested };
    const raw = (body: string, type = 'application/json'): Signed => ({ body, headers: { 'content-type': type } });
    const unsigned = [
      raw(''),
      raw('{'),
      raw('[]'),
      raw('null'),
      raw('"text"'),
      raw('1e999'),
      raw(deep),
      raw(`{"a":"${'x'.repeat(60_000)}"}`),
      raw(`{"a":"${'x'.repeat(70_000)}"}`),
      raw('\u0000'),
      raw('hello', 'text/plain'),
      raw('a=1&a=2&__proto__=x', 'application/x-www-form-urlencoded'),
      raw('<a/>', 'application/xml'),
    ];
    const types = (base: Fields) =>
      Object.keys(base).flatMap((k) =>
        [null, 1.5, -1, true, [], {}, 'x'.repeat(60_000), nested].map((v) => ({ ...base, [k]: v })),
      );
    const tx = {
      out_trade_no: 'P-CB-unknown',
      transaction_id: '4200000001',
      trade_state: 'SUCCESS',
      amount: { total: 12345 },
    };
    const callbacks: Array<[string, Signed[]]> = [
      [
        '/pay/notify/sandbox',
        types({ paymentSn: 'P1', amount: 1, status: 'SUCCESS', txnId: 'T1', payType: 1, notifyTime: 'now' }).map(
          sandboxPay,
        ),
      ],
      [
        '/refund/notify/sandbox',
        types({ refundSn: 'R1', notifyId: 'N1', amount: 1, status: 'SUCCESS', reason: 'r', notifyTime: 'now' }).map(
          sandboxRefund,
        ),
      ],
      [
        '/payout/notify/sandbox',
        types({ withdrawalNo: 'W1', txnId: 'T1', amount: 1, status: 'SUCCESS', reason: 'r', notifyTime: 'now' }).map(
          sandboxPayout,
        ),
      ],
      [
        '/pay/notify/wechat',
        [
          ...types(tx).map((resource) => wechatNote('TRANSACTION.SUCCESS', resource, 'transaction')),
          ...['not json', '[]', 'null', '{}'].map((resource) =>
            wechatNote('TRANSACTION.SUCCESS', resource, 'transaction'),
          ),
          ...types({ event_type: 'TRANSACTION.SUCCESS', resource: {} }).map((outer) =>
            wechatNote('TRANSACTION.SUCCESS', tx, 'transaction', outer),
          ),
        ],
      ],
      [
        '/refund/notify/wechat',
        types({ out_refund_no: 'R1', refund_id: '1', refund_status: 'SUCCESS', amount: { refund: 1 } }).map((r) =>
          wechatNote('REFUND.SUCCESS', r, 'refund'),
        ),
      ],
      [
        '/pay/notify/baidu',
        [
          baiduForm({ tpOrderId: 'x'.repeat(40_000), orderId: '1', totalMoney: 'abc' }),
          baiduForm({ totalMoney: '1e400', tpOrderId: 'P1', orderId: '1' }),
        ],
      ],
      ['/refund/notify/baidu', [baiduForm({ refundBatchId: 'x'.repeat(40_000) }), baiduForm({ refundStatus: '1' })]],
      [
        '/refund/audit/baidu',
        [baiduForm({ refundBatchId: 'x'.repeat(40_000), tpOrderId: 'y'.repeat(10_000) }), baiduForm({})],
      ],
    ];
    const failures: string[] = [];
    let sent = 0;
    for (const [url, signed] of callbacks) {
      for (const n of [...unsigned, ...signed]) {
        const res = await post(url, n);
        sent += 1;
        if (res.status < 400 || res.status >= 500)
          failures.push(`${res.status} ${url} ${n.body.slice(0, 80)}: ${String(res.raw.body).slice(0, 120)}`);
      }
    }
    assert.ok(sent > 300, `sent ${sent}`);
    assert.deepEqual(failures, []);
  });

  it(`keeps ids up to ${MAX_CALLBACK_FIELD} characters: a WeChat transaction id that long still pays`, async () => {
    const paymentSn = await openPayment('wechat');
    const tx = {
      out_trade_no: paymentSn,
      transaction_id: '4'.repeat(MAX_CALLBACK_FIELD),
      trade_state: 'SUCCESS',
      amount: { total: 12345 },
    };
    const res = await post('/pay/notify/wechat', wechatNote('TRANSACTION.SUCCESS', tx, 'transaction'));
    assert.equal(res.status, 200, String(res.raw.body));
    assert.equal(await statusOf(paymentSn), 'SUCCESS');
  });
});
