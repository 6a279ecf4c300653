/**
 * WeChat Pay API v3 cross-checked with an SDK we did not write (wechatpay-axios-plugin: its Rsa, Aes.AesGcm and
 * Formatter, and its axios client), so that our adapter and our fake are held to the protocol rather than to each
 * other: request signatures, answer and notification signatures, AES-256-GCM resources, the client paySign and the
 * refund request. Where WeChat's documentation prints an example (the GET /v3/certificates signing string, the
 * JSAPI paySign data), the example's values are used.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Aes, Formatter, Rsa, Wechatpay } from 'wechatpay-axios-plugin';
import { loadConfig } from '../../../src/config';
import { createWechatPayProvider } from '../../../src/domains/payment/providers/wechat-pay';
import { createWechatPayClient, decryptResource } from '../../../src/runtime/wechat-pay-client';
import { createWechatRefundProvider } from '../../../src/domains/payment/providers/wechat-pay-refund';
import { startWechatPayFake, type WechatPayFake } from '../../fakes/wechat-pay';

const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const merchant = pair();
const platform = pair();
const intruder = pair();
const apiV3Key = randomBytes(16).toString('hex');
const MCH = '1900009191';
const SERIAL = '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C';
const PLATFORM_ID = 'PUB_KEY_ID_0119000091912025';

/** WeChat's documented examples (签名生成; JSAPI调起支付 数据举例). */
const DOC = {
  certificatesAt: 1554208460,
  certificatesNonce: '593BEC0C930BF1AFEB40B4A08C8FB242',
  certificatesMessage: 'GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n',
  appId: 'wx8888888888888888',
  payAt: 1414561699,
  prepayId: 'wx201410272009395522657a690389285100',
};

/** The key="value" pairs of a WECHATPAY2-SHA256-RSA2048 Authorization header (their order carries no meaning). */
function authorizationFields(header: string): Record<string, string> {
  const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header);
  assert.ok(m, header);
  return Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k, v]));
}

/** A test clock shared by our adapter and the stand-in below (documented examples carry old timestamps). */
let clockMs: number | null = null;
const now = () => clockMs ?? Date.now();

/**
 * Headers as WeChat signs an answer or a notification, made by the SDK (platform key over timestamp\nnonce\nbody\n).
 */
function sdkSigned(body: string, key = platform.privateKey, at = Math.floor(now() / 1000)) {
  const nonce = Formatter.nonce();
  return {
    'wechatpay-timestamp': String(at),
    'wechatpay-nonce': nonce,
    'wechatpay-signature': Rsa.sign(Formatter.response(at, nonce, body), key),
    'wechatpay-serial': PLATFORM_ID,
  };
}

interface Seen {
  method: string;
  url: string;
  body: string;
  authorization: Record<string, string>;
  /** Whether the SDK's Rsa.verify accepts the request's signature with the merchant's public key. */
  verified: boolean;
}

/** api.mch.weixin.qq.com played with nothing but the SDK: it checks every request and signs every answer with it. */
async function startSdkStandIn() {
  const seen: Seen[] = [];
  const answer = (res: ServerResponse, status: number, json: unknown) => {
    const body = json === null ? '' : JSON.stringify(json);
    res.writeHead(status, { 'content-type': 'application/json', ...sdkSigned(body) });
    res.end(body);
  };
  const routes = (req: IncomingMessage, body: string): [number, unknown] => {
    const url = req.url ?? '';
    if (req.method === 'POST' && url === '/v3/pay/transactions/jsapi') return [200, { prepay_id: DOC.prepayId }];
    if (req.method === 'POST' && url === '/v3/refund/domestic/refunds') {
      const q = JSON.parse(body) as { out_refund_no: string; amount: { refund: number; total: number } };
      return [
        200,
        {
          refund_id: '50000000382019052709732678859',
          out_refund_no: q.out_refund_no,
          status: 'PROCESSING',
          amount: { ...q.amount, currency: 'CNY' },
        },
      ];
    }
    return [404, { code: 'NOT_FOUND', message: 'no such API' }];
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const authorization = authorizationFields(req.headers.authorization ?? '');
      const message = Formatter.request(req.method!, req.url!, authorization.timestamp, authorization.nonce_str, body);
      const verified =
        authorization.mchid === MCH &&
        authorization.serial_no === SERIAL &&
        Rsa.verify(message, authorization.signature, merchant.publicKey);
      seen.push({ method: req.method!, url: req.url!, body, authorization, verified });
      if (!verified) return answer(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
      answer(res, ...routes(req, body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    seen,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const escaped = (pem: string) => pem.replace(/\n/g, '\\n');
const env = (apiBase: string) => ({
  PAY_PROVIDER: 'live',
  WECHAT_PAY_APP_ID: DOC.appId,
  WECHAT_PAY_MINI_APP_ID: DOC.appId,
  WECHAT_PAY_MCH_ID: MCH,
  WECHAT_PAY_API_V3_KEY: apiV3Key,
  WECHAT_PAY_SERIAL_NO: SERIAL,
  WECHAT_PAY_PRIVATE_KEY: escaped(merchant.privateKey),
  WECHAT_PAY_PLATFORM_PUBLIC_KEY: escaped(platform.publicKey),
  WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID: PLATFORM_ID,
  WECHAT_PAY_NOTIFY_URL: 'https://shop.example.com/pay/notify/wechat',
  WECHAT_PAY_API_BASE: apiBase,
});

/** The SDK types an answer like the request it was given; what WeChat answers is this. */
type Answer<T> = { status: number; data: T };

/** The SDK's own v3 client, pointed at `baseURL`. */
const sdkClient = (
  baseURL: string,
  o: { mchid: string; serial: string; privateKey: string; platformPublicKey: string; platformId: string },
) =>
  new Wechatpay({
    mchid: o.mchid,
    serial: o.serial,
    privateKey: o.privateKey,
    certs: { [o.platformId]: o.platformPublicKey },
    baseURL,
  });

describe('our WeChat Pay v3 adapter, checked with wechatpay-axios-plugin', () => {
  let standIn: Awaited<ReturnType<typeof startSdkStandIn>>;
  before(async () => {
    standIn = await startSdkStandIn();
  });
  after(() => standIn.stop());

  it("request Authorization: the SDK verifies it and signs the same message to the same signature (WeChat's GET /v3/certificates example)", () => {
    // The documented signing string, as the SDK builds it from the example's values.
    assert.equal(
      Formatter.request('GET', '/v3/certificates', DOC.certificatesAt, DOC.certificatesNonce, ''),
      DOC.certificatesMessage,
    );
    clockMs = DOC.certificatesAt * 1000;
    try {
      const client = createWechatPayClient({
        mchId: MCH,
        serialNo: SERIAL,
        privateKey: merchant.privateKey,
        platformPublicKey: platform.publicKey,
        apiBase: standIn.base,
        now,
      });
      const ours = authorizationFields(client.authorization('GET', '/v3/certificates', ''));
      assert.equal(ours.timestamp, String(DOC.certificatesAt));
      const message = Formatter.request('GET', '/v3/certificates', ours.timestamp, ours.nonce_str, '');
      assert.equal(message, DOC.certificatesMessage.replace(DOC.certificatesNonce, ours.nonce_str));
      assert.ok(Rsa.verify(message, ours.signature, merchant.publicKey), 'the SDK verifies our signature');
      assert.equal(
        Rsa.sign(message, merchant.privateKey),
        ours.signature,
        "the SDK's signature of the same message is ours",
      );
      assert.deepEqual(
        authorizationFields(Formatter.authorization(MCH, ours.nonce_str, ours.signature, ours.timestamp, SERIAL)),
        ours,
      );

      // A POST with a Chinese body: both sign the UTF-8 bytes of the JSON as sent.
      const body = JSON.stringify({ description: '成人高考 - 定金', amount: { total: 12345, currency: 'CNY' } });
      const post = authorizationFields(client.authorization('POST', '/v3/pay/transactions/jsapi', body));
      const postMessage = Formatter.request('POST', '/v3/pay/transactions/jsapi', post.timestamp, post.nonce_str, body);
      assert.ok(Rsa.verify(postMessage, post.signature, merchant.publicKey));
      assert.equal(Rsa.sign(postMessage, merchant.privateKey), post.signature);
    } finally {
      clockMs = null;
    }
  });

  it("JSAPI over HTTP: the SDK stand-in accepts our order, we accept its signed answer, and the paySign verifies with the SDK (WeChat's 数据举例)", async () => {
    clockMs = DOC.payAt * 1000;
    try {
      standIn.seen.length = 0;
      const provider = createWechatPayProvider(loadConfig(env(standIn.base)).wechatPay, now);
      const out = await provider.prepare(
        { paymentSn: 'P14145616990001', orderNo: 'O1', seq: 1, amount: 12345 },
        {
          paySource: 'WEAPP',
          tradeType: 'JSAPI',
          description: '成人高考 - 定金',
          openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
        },
      );
      assert.deepEqual(
        standIn.seen.map((s) => [s.method, s.url, s.verified]),
        [['POST', '/v3/pay/transactions/jsapi', true]],
      );
      assert.deepEqual(
        [out.appId, out.timeStamp, out.package1, out.signType],
        [DOC.appId, String(DOC.payAt), `prepay_id=${DOC.prepayId}`, 'RSA'],
      );
      const message = Formatter.joinedByLineFeed(out.appId!, out.timeStamp!, out.nonceStr!, out.package1!);
      assert.equal(message, `${DOC.appId}\n${DOC.payAt}\n${out.nonceStr}\nprepay_id=${DOC.prepayId}\n`);
      assert.ok(Rsa.verify(message, out.againSign!, merchant.publicKey), 'the SDK verifies our paySign');
      assert.equal(Rsa.sign(message, merchant.privateKey), out.againSign);
    } finally {
      clockMs = null;
    }
  });

  it('refund request: our body is the bytes the SDK sends for the same refund, and our signature the one the SDK makes over them', async () => {
    standIn.seen.length = 0;
    const refund = createWechatRefundProvider(loadConfig(env(standIn.base)).wechatPay);
    await refund.submit({
      refundSn: 'R-SDK-1',
      paymentSn: 'P1',
      txnId: '4200000101',
      amount: 3000,
      paymentAmount: 10000,
      reason: '课程时间冲突',
    });
    const sdk = sdkClient(standIn.base, {
      mchid: MCH,
      serial: SERIAL,
      privateKey: merchant.privateKey,
      platformPublicKey: platform.publicKey,
      platformId: PLATFORM_ID,
    });
    // The refund as WeChat's 退款申请 documents it; the SDK rejects the promise if our stand-in's answer did not verify.
    const { data } = (await sdk.v3.refund.domestic.refunds.post({
      transaction_id: '4200000101',
      out_refund_no: 'R-SDK-1',
      reason: '课程时间冲突',
      notify_url: 'https://shop.example.com/refund/notify/wechat',
      amount: { refund: 3000, total: 10000, currency: 'CNY' },
    })) as Answer<{ status: string }>;
    assert.equal(data.status, 'PROCESSING');
    const [ours, theirs] = standIn.seen;
    assert.deepEqual([ours.verified, theirs.verified], [true, true]);
    assert.deepEqual([ours.method, ours.url], [theirs.method, theirs.url]);
    assert.equal(ours.body, theirs.body, 'the same bytes');
    const message = Formatter.request(
      'POST',
      '/v3/refund/domestic/refunds',
      ours.authorization.timestamp,
      ours.authorization.nonce_str,
      theirs.body,
    );
    assert.equal(Rsa.sign(message, merchant.privateKey), ours.authorization.signature);
  });

  it('answers: what the SDK signed with the platform key is accepted; checked against another key it is refused', async () => {
    const client = (platformPublicKey: string) =>
      createWechatPayClient({
        mchId: MCH,
        serialNo: SERIAL,
        privateKey: merchant.privateKey,
        platformPublicKey,
        platformPublicKeyId: PLATFORM_ID,
        apiBase: standIn.base,
      });
    assert.deepEqual(
      await client(platform.publicKey).request('POST', '/v3/pay/transactions/jsapi', { appid: DOC.appId }),
      { status: 200, json: { prepay_id: DOC.prepayId } },
    );
    assert.deepEqual(await client(platform.publicKey).request('GET', '/v3/nowhere'), {
      status: 404,
      json: { code: 'NOT_FOUND', message: 'no such API' },
    });
    await assert.rejects(
      client(intruder.publicKey).request('POST', '/v3/pay/transactions/jsapi', { appid: DOC.appId }),
      /应答签名错误/,
    );
  });

  describe('notifications the SDK seals (AEAD_AES_256_GCM) and signs', () => {
    const tx = {
      mchid: MCH,
      appid: DOC.appId,
      out_trade_no: 'P14145616990001',
      transaction_id: '4200000003',
      trade_state: 'SUCCESS',
      amount: { total: 12345, payer_total: 12345, currency: 'CNY' },
    };
    const refundResource = {
      mchid: MCH,
      out_trade_no: 'P1',
      transaction_id: '4200000101',
      out_refund_no: 'R-SDK-1',
      refund_id: '50000000382019052709732678859',
      refund_status: 'SUCCESS',
      amount: { total: 10000, refund: 3000, payer_total: 10000, payer_refund: 3000 },
    };
    /** A notification body as WeChat posts it, its resource encrypted by the SDK. */
    function sealed(eventType: string, resource: object, aad: string, opts: { claimedAad?: string; id?: string } = {}) {
      const nonce = Formatter.nonce(12);
      const ciphertext = Aes.AesGcm.encrypt(JSON.stringify(resource), apiV3Key, nonce, aad);
      return JSON.stringify({
        id: opts.id ?? 'EV-018e0e3b-2b0a-5a1c-9c52-1f4c3ac4ba1d',
        create_time: '2015-05-20T13:29:35+08:00',
        resource_type: 'encrypt-resource',
        event_type: eventType,
        summary: '支付成功',
        resource: {
          original_type: aad || 'transaction',
          algorithm: 'AEAD_AES_256_GCM',
          ciphertext,
          associated_data: opts.claimedAad ?? aad,
          nonce,
        },
      });
    }
    const provider = () => createWechatPayProvider(loadConfig(env(standIn.base)).wechatPay);

    it('decryptResource reads what the SDK encrypted, with and without associated data', () => {
      for (const aad of ['transaction', '']) {
        const nonce = Formatter.nonce(12);
        const ciphertext = Aes.AesGcm.encrypt(JSON.stringify(tx), apiV3Key, nonce, aad);
        assert.deepEqual(JSON.parse(decryptResource(apiV3Key, { ciphertext, nonce, associated_data: aad })), tx);
      }
    });

    it('a payment notification signed as the SDK signs is accepted; tampered, mis-signed or with other associated data it is refused', () => {
      const body = sealed('TRANSACTION.SUCCESS', tx, 'transaction');
      const headers = sdkSigned(body);
      assert.deepEqual(provider().verifyNotification(body, headers), {
        paymentSn: tx.out_trade_no,
        txnId: tx.transaction_id,
        amount: 12345,
        status: 'SUCCESS',
        payType: 1,
      });

      assert.throws(
        () => provider().verifyNotification(body.replace('支付成功', '支付失败'), headers),
        /支付通知签名错误/,
      );
      const ts = headers['wechatpay-timestamp'];
      const nonce = headers['wechatpay-nonce'];
      // The signed string ends in a newline; one signed without it is someone else's message.
      const noNewline = {
        ...headers,
        'wechatpay-signature': Rsa.sign(`${ts}\n${nonce}\n${body}`, platform.privateKey),
      };
      assert.throws(() => provider().verifyNotification(body, noNewline), /支付通知签名错误/);
      assert.throws(
        () => provider().verifyNotification(body, sdkSigned(body, intruder.privateKey)),
        /支付通知签名错误/,
      );
      // Correctly signed, but the resource claims other associated data than it was sealed with: GCM refuses it.
      const otherAad = sealed('TRANSACTION.SUCCESS', tx, 'transaction', { claimedAad: 'refund' });
      assert.throws(() => provider().verifyNotification(otherAad, sdkSigned(otherAad)), /支付通知格式错误/);
    });

    it('a refund notification the SDK sealed and signed is accepted; with other associated data it is refused', () => {
      const refund = createWechatRefundProvider(loadConfig(env(standIn.base)).wechatPay);
      const body = sealed('REFUND.SUCCESS', refundResource, 'refund', { id: 'EV-R-SDK-1' });
      assert.deepEqual(refund.verifyNotification(body, sdkSigned(body)), {
        refundSn: 'R-SDK-1',
        notifyId: 'EV-R-SDK-1',
        amount: 3000,
        status: 'SUCCESS',
      });
      const otherAad = sealed('REFUND.SUCCESS', refundResource, 'refund', { claimedAad: 'transaction' });
      assert.throws(() => refund.verifyNotification(otherAad, sdkSigned(otherAad)), /退款通知格式错误/);
    });
  });
});

describe('our WeChat Pay fake (server/test/fakes/wechat-pay.ts), checked with wechatpay-axios-plugin', () => {
  let fake: WechatPayFake;
  let shop: Server;
  const received: Array<{ body: string; headers: IncomingMessage['headers'] }> = [];
  let keys: {
    privateKey: string;
    platformPublicKey: string;
    apiV3Key: string;
    mchid: string;
    serial: string;
    platformId: string;
    appId: string;
  };

  before(async () => {
    fake = await startWechatPayFake();
    // The shop's notify URL: records what the fake posts and acknowledges as WeChat expects.
    shop = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ body, headers: req.headers });
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ code: 'SUCCESS', message: '成功' }));
      });
    });
    await new Promise<void>((r) => shop.listen(0, '127.0.0.1', r));
    fake.notifyTarget = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/pay/notify/wechat`;
    const e = fake.env('wxOFFICIAL00000001');
    const pem = (v: string) => v.replace(/\\n/g, '\n');
    keys = {
      privateKey: pem(e.WECHAT_PAY_PRIVATE_KEY),
      platformPublicKey: pem(e.WECHAT_PAY_PLATFORM_PUBLIC_KEY),
      apiV3Key: e.WECHAT_PAY_API_V3_KEY,
      mchid: e.WECHAT_PAY_MCH_ID,
      serial: e.WECHAT_PAY_SERIAL_NO,
      platformId: e.WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID,
      appId: e.WECHAT_PAY_APP_ID,
    };
  });
  after(async () => {
    await fake.stop();
    await new Promise<void>((r) => shop.close(() => r()));
  });

  it("takes the SDK's signed requests and signs its answers so the SDK accepts them: order, query, pay, notification, close", async () => {
    const sdk = sdkClient(fake.base, {
      mchid: keys.mchid,
      serial: keys.serial,
      privateKey: keys.privateKey,
      platformPublicKey: keys.platformPublicKey,
      platformId: keys.platformId,
    });
    const outTradeNo = `PSDK${Date.now()}`;
    // Each call below rejects if the fake refused the SDK's signature (401) or the SDK refused the fake's.
    const placed = (await sdk.v3.pay.transactions.jsapi.post({
      appid: keys.appId,
      mchid: keys.mchid,
      description: '成人高考 - 定金',
      out_trade_no: outTradeNo,
      notify_url: 'https://shop.example.com/pay/notify/wechat',
      amount: { total: 12345, currency: 'CNY' },
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    })) as Answer<{ prepay_id: string }>;
    assert.match(placed.data.prepay_id, /^wx/);
    const query = () =>
      sdk.v3.pay.transactions.outTradeNo._out_trade_no_.get({
        params: { mchid: keys.mchid },
        out_trade_no: outTradeNo,
      });
    assert.equal((await query()).data.trade_state, 'NOTPAY');

    // The client's paySign as the SDK makes it; the fake (standing for the WeChat client) must take it.
    const timeStamp = String(Formatter.timestamp());
    const nonceStr = Formatter.nonce();
    const pkg = `prepay_id=${placed.data.prepay_id}`;
    const paySign = (message: string) => ({
      appId: keys.appId,
      timeStamp,
      nonceStr,
      package: pkg,
      signType: 'RSA',
      paySign: Rsa.sign(message, keys.privateKey),
    });
    assert.equal(
      await fake.pay(paySign(`${keys.appId}\n${timeStamp}\n${nonceStr}\n${pkg}`)),
      'fail',
      'a paySign over the string without its last newline is refused',
    );
    assert.equal(await fake.pay(paySign(Formatter.joinedByLineFeed(keys.appId, timeStamp, nonceStr, pkg))), 'ok');

    // The notification: signed as the SDK verifies, sealed as the SDK decrypts.
    const [note] = received;
    const h = note.headers as Record<string, string>;
    assert.equal(h['wechatpay-serial'], keys.platformId);
    assert.ok(
      Rsa.verify(
        Formatter.response(h['wechatpay-timestamp'], h['wechatpay-nonce'], note.body),
        h['wechatpay-signature'],
        keys.platformPublicKey,
      ),
    );
    const { event_type, resource } = JSON.parse(note.body);
    assert.equal(event_type, 'TRANSACTION.SUCCESS');
    assert.equal(resource.algorithm, 'AEAD_AES_256_GCM');
    const paid = JSON.parse(
      Aes.AesGcm.decrypt(resource.ciphertext, keys.apiV3Key, resource.nonce, resource.associated_data),
    );
    assert.deepEqual([paid.out_trade_no, paid.trade_state, paid.amount.total], [outTradeNo, 'SUCCESS', 12345]);
    assert.equal((await query()).data.trade_state, 'SUCCESS');

    const other = `PSDK${Date.now()}close`;
    await sdk.v3.pay.transactions.jsapi.post({
      appid: keys.appId,
      mchid: keys.mchid,
      description: 'x',
      out_trade_no: other,
      notify_url: 'https://shop.example.com/pay/notify/wechat',
      amount: { total: 1, currency: 'CNY' },
      payer: { openid: 'o1' },
    });
    const closed = await sdk.v3.pay.transactions.outTradeNo._out_trade_no_.close.post(
      { mchid: keys.mchid },
      { out_trade_no: other },
    );
    assert.equal(closed.status, 204);
    assert.equal(fake.orders.get(other)?.state, 'CLOSED');
  });

  it('refuses a request the SDK signed with a key WeChat does not know (401 SIGN_ERROR)', async () => {
    const stranger = sdkClient(fake.base, {
      mchid: keys.mchid,
      serial: keys.serial,
      privateKey: intruder.privateKey,
      platformPublicKey: keys.platformPublicKey,
      platformId: keys.platformId,
    });
    const err = await stranger.v3.pay.transactions.outTradeNo._out_trade_no_
      .get({ params: { mchid: keys.mchid }, out_trade_no: 'P1' })
      .then(
        () => assert.fail('accepted'),
        (e: { response?: { status: number; data: { code: string } } }) => e,
      );
    assert.deepEqual([err.response?.status, err.response?.data.code], [401, 'SIGN_ERROR']);
  });
});
