import assert from 'node:assert/strict';
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { loadConfig } from '../../../src/config';
import { checkRedirect } from '../../../src/domains/payment/service';
import { createPaymentProviders } from '../../../src/domains/payment/providers';
import { baiduSignString, createBaiduPayProvider } from '../../../src/domains/payment/providers/baidu-pay';
import { createRefundProviders } from '../../../src/domains/payment/providers/refund';
import { buildSandboxNotification, createSandboxProvider } from '../../../src/domains/payment/providers/sandbox';
import { createWechatPayProvider } from '../../../src/domains/payment/providers/wechat-pay';
import { refusal } from '../../helpers/refusal';

const pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

const payment = { paymentSn: 'P17000000000001234abcd', orderNo: 'O1', seq: 1, amount: 12345 };
const ctx = { paySource: 'H5', tradeType: 'MWEB', description: '成人高考 - 定金' } as const;

describe('payment providers', () => {
  it("takes same-origin paths as redirect URLs, and absolute ones only on PUBLIC_BASE_URL's origin", async () => {
    assert.equal(checkRedirect(undefined), undefined);
    assert.equal(checkRedirect('/#/pages/order/orderDetail?orderNo=1'), '/#/pages/order/orderDetail?orderNo=1');
    assert.equal(checkRedirect('/h5/index.html#/x'), '/h5/index.html#/x');
    assert.equal(
      checkRedirect('https://shop.example.com/#/x', 'https://shop.example.com'),
      'https://shop.example.com/#/x',
    );
    for (const [url, base] of [
      ['javascript:alert(1)', undefined],
      ['//evil.example.com', undefined],
      ['/\\evil.example/', undefined],
      ['/\\evil.example/', 'https://shop.example.com'],
      ['/\t/evil.example/', undefined],
      ['\\\\evil.example', undefined],
      ['https://evil.example.com/#/x', 'https://shop.example.com'],
      ['https://shop.example.com@evil.example.com/', 'https://shop.example.com'],
      ['https://shop.example.com.evil.example/', 'https://shop.example.com'],
      // No PUBLIC_BASE_URL: nothing says which origin is ours, so no absolute URL is.
      ['http://192.168.1.5:10086/#/x', undefined],
      ['https://evil.example/', undefined],
      ['ftp://shop.example.com/', undefined],
    ] as const) {
      assert.equal((await refusal(() => checkRedirect(url, base))).message, '跳转地址不正确', url);
    }
  });

  it('chooses the sandbox by default and WeChat / Baidu by trade type when live', () => {
    const sandbox = createPaymentProviders(loadConfig({}));
    assert.deepEqual(
      ['MWEB', 'JSAPI', 'SWAN'].map((t) => sandbox.forTrade(t as 'MWEB').name),
      ['sandbox', 'sandbox', 'sandbox'],
    );
    const live = createPaymentProviders(loadConfig({ PAY_PROVIDER: 'live' }));
    assert.deepEqual(
      ['MWEB', 'JSAPI', 'SWAN'].map((t) => live.forTrade(t as 'MWEB').name),
      ['wechat', 'wechat', 'baidu'],
    );
    assert.equal(live.byName('paypal'), undefined);
  });

  it('sandbox: absolute cashier URL with PUBLIC_BASE_URL; verifies its own signature only', async () => {
    const p = createSandboxProvider({ key: 'k'.repeat(16), publicBaseUrl: 'https://shop.example.com' });
    const prepared = await p.prepare(payment, { ...ctx, redirectUrl: 'https://shop.example.com/#/x?a=1' });
    assert.equal(
      prepared.mwebUrl,
      `https://shop.example.com/sandbox/cashier/${payment.paymentSn}?redirect=${encodeURIComponent('https://shop.example.com/#/x?a=1')}`,
    );
    const note = buildSandboxNotification(payment, 'k'.repeat(16));
    assert.deepEqual(p.verifyNotification(note.body, note.headers), {
      paymentSn: payment.paymentSn,
      txnId: note.notification.txnId,
      amount: 12345,
      status: 'SUCCESS',
      payType: 1,
    });
    const e = await refusal(() => p.verifyNotification(note.body.replace('12345', '1'), note.headers));
    assert.equal(e.statusCode, 400);
  });

  it('WeChat Pay: refuses with 未配置微信支付 when unset', async () => {
    const p = createWechatPayProvider(loadConfig({}).wechatPay);
    assert.equal((await refusal(p.prepare(payment, ctx))).message, '未配置微信支付');
    assert.equal((await refusal(() => p.verifyNotification('{}', {}))).message, '未配置微信支付');
    const live = createPaymentProviders(loadConfig({ PAY_PROVIDER: 'live' }));
    const e = await refusal(live.forTrade('MWEB').prepare(payment, ctx));
    assert.deepEqual([e.statusCode, e.code, e.message], [400, 4007, '未配置微信支付']);
  });

  it('WeChat Pay: verifies a v3 notification (platform signature, AES-256-GCM resource) when configured', async () => {
    const platform = pair();
    const merchant = pair();
    const apiV3Key = randomBytes(16).toString('hex');
    const config = loadConfig({
      PAY_PROVIDER: 'live',
      WECHAT_PAY_APP_ID: 'wx0000000000000001',
      WECHAT_PAY_MCH_ID: '1900000001',
      WECHAT_PAY_API_V3_KEY: apiV3Key,
      WECHAT_PAY_SERIAL_NO: 'SERIAL1',
      WECHAT_PAY_PRIVATE_KEY: merchant.privateKey.replace(/\n/g, '\\n'),
      WECHAT_PAY_PLATFORM_PUBLIC_KEY: platform.publicKey,
      WECHAT_PAY_NOTIFY_URL: 'https://shop.example.com/pay/notify/wechat',
    }).wechatPay;
    const now = Date.now();
    const p = createWechatPayProvider(config, () => now);

    const tx = {
      out_trade_no: payment.paymentSn,
      transaction_id: '4200000001',
      trade_state: 'SUCCESS',
      amount: { total: 12345 },
    };
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
    cipher.setAAD(Buffer.from('transaction'));
    const sealed = Buffer.concat([cipher.update(JSON.stringify(tx)), cipher.final(), cipher.getAuthTag()]).toString(
      'base64',
    );
    const body = JSON.stringify({
      id: 'EV-1',
      event_type: 'TRANSACTION.SUCCESS',
      resource: { algorithm: 'AEAD_AES_256_GCM', ciphertext: sealed, nonce, associated_data: 'transaction' },
    });
    const ts = String(Math.floor(now / 1000));
    const headerNonce = 'n0nce';
    const signature = createSign('RSA-SHA256')
      .update(`${ts}\n${headerNonce}\n${body}\n`)
      .sign(platform.privateKey, 'base64');
    const headers = { 'wechatpay-timestamp': ts, 'wechatpay-nonce': headerNonce, 'wechatpay-signature': signature };

    assert.deepEqual(p.verifyNotification(body, headers), {
      paymentSn: payment.paymentSn,
      txnId: '4200000001',
      amount: 12345,
      status: 'SUCCESS',
      payType: 1,
    });
    assert.equal(
      (await refusal(() => p.verifyNotification(body.replace('EV-1', 'EV-2'), headers))).message,
      '支付通知签名错误',
    );
    const stale = { ...headers, 'wechatpay-timestamp': String(Math.floor(now / 1000) - 3600) };
    assert.equal((await refusal(() => p.verifyNotification(body, stale))).statusCode, 400);
    // JSAPI without the payer's openid cannot be placed (wechat-pay.test.ts drives the API against a fake).
    assert.equal(
      (await refusal(p.prepare(payment, { ...ctx, tradeType: 'JSAPI' }))).message,
      '请先在微信中登录后再支付',
    );
  });

  it('Baidu pay: refuses with 未配置百度支付 when unset; signs orderInfo and verifies notifications when configured', async () => {
    const off = createBaiduPayProvider(loadConfig({}).baiduPay);
    assert.equal(
      (await refusal(off.prepare(payment, { ...ctx, paySource: 'SWAN', tradeType: 'SWAN' }))).message,
      '未配置百度支付',
    );

    const developer = pair();
    const platform = pair();
    const p = createBaiduPayProvider(
      loadConfig({
        BAIDU_PAY_APP_KEY: 'MMMabc',
        BAIDU_PAY_DEAL_ID: '470193086',
        BAIDU_PAY_PRIVATE_KEY: developer.privateKey,
        BAIDU_PAY_PUBLIC_KEY: platform.publicKey,
        BAIDU_SWAN_APP_KEY: 'smartapp-key',
        BAIDU_SWAN_APP_SECRET: 'smartapp-secret',
      }).baiduPay,
    );
    const prepared = await p.prepare(payment, { ...ctx, paySource: 'SWAN', tradeType: 'SWAN' });
    const info = prepared.orderInfo as Record<string, string>;
    assert.deepEqual(
      [info.appKey, info.dealId, info.totalAmount, info.tpOrderId],
      ['MMMabc', '470193086', '12345', payment.paymentSn],
    );
    const signed = `appKey=MMMabc&dealId=470193086&totalAmount=12345&tpOrderId=${payment.paymentSn}`;
    assert.ok(createVerify('RSA-SHA1').update(signed).verify(developer.publicKey, info.rsaSign, 'base64'));

    const fields: Record<string, string> = {
      orderId: '800001',
      tpOrderId: payment.paymentSn,
      totalMoney: '12345',
      status: '2',
      dealId: '470193086',
      userId: '1',
    };
    fields.rsaSign = createSign('RSA-SHA1').update(baiduSignString(fields)).sign(platform.privateKey, 'base64');
    const body = new URLSearchParams(fields).toString();
    assert.deepEqual(p.verifyNotification(body, {}), {
      paymentSn: payment.paymentSn,
      txnId: '800001',
      amount: 12345,
      status: 'SUCCESS',
      payType: 4,
    });
    assert.equal(
      (await refusal(() => p.verifyNotification(body.replace('totalMoney=12345', 'totalMoney=1'), {}))).message,
      '支付通知签名错误',
    );
  });
});

describe('refund providers', () => {
  const base = { key: 'storefront-sandbox-pay-key', delayMs: 10, send: async () => ({ status: 200, body: '' }) };
  const req = { refundSn: 'R1', paymentSn: 'P1', txnId: '42', amount: 100, paymentAmount: 100, reason: '' };

  it('a refund goes back through the channel of the payment; an unconfigured live channel refuses with what to do', async () => {
    const off = createRefundProviders({ ...base, live: loadConfig({}) });
    assert.equal(
      (await refusal(off.byName('wechat')!.submit(req))).message,
      '微信支付退款未配置，请在商户平台办理退款',
    );
    assert.equal(
      (await refusal(off.byName('baidu')!.submit(req))).message,
      '百度收银台退款未配置，请在商户平台办理退款',
    );
    assert.equal(off.byName('free'), undefined, 'a free payment has nothing to refund');
    off.close();
    const merchant = pair();
    const platform = pair();
    const live = createRefundProviders({
      ...base,
      live: loadConfig({
        WECHAT_PAY_APP_ID: 'wx1',
        WECHAT_PAY_MCH_ID: '1900000001',
        WECHAT_PAY_SERIAL_NO: 'S',
        WECHAT_PAY_PRIVATE_KEY: merchant.privateKey,
        WECHAT_PAY_API_V3_KEY: 'k'.repeat(32),
        WECHAT_PAY_PLATFORM_PUBLIC_KEY: platform.publicKey,
        WECHAT_PAY_NOTIFY_URL: 'https://shop.example.com/pay/notify/wechat',
      }),
    });
    // Configured: the live provider (it can be asked about a refund), not the refusing stand-in.
    assert.equal(typeof live.byName('wechat')!.query, 'function');
    assert.equal(
      (await refusal(live.byName('baidu')!.submit(req))).message,
      '百度收银台退款未配置，请在商户平台办理退款',
    );
    live.close();
  });
});
