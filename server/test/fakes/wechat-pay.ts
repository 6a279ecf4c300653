/**
 * A local fake of WeChat Pay API v3 (api.mch.weixin.qq.com) over real HTTP, with keys made here: it checks the
 * merchant's WECHATPAY2-SHA256-RSA2048 signature on every request, signs every answer with the platform key,
 * places JSAPI orders (prepay_id), answers order queries and closes. `pay` is what the WeChat client does when
 * the customer confirms in getBrandWCPayRequest: it checks the client pay sign with the merchant's public key,
 * marks the order paid and posts the signed, AES-256-GCM-sealed TRANSACTION.SUCCESS notification to the shop.
 * (server/test/domains/payment/wechat-pay.test.ts has its own inline copy for its tampering cases.)
 */
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

interface FakeOrder {
  appid: string;
  out_trade_no: string;
  amount: number;
  openid: string;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  transactionId?: string;
}

export interface ClientPaySign {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: string;
  paySign: string;
}

export interface WechatPayFake {
  base: string;
  /** Where the fake posts notifications (the shop's /pay/notify/wechat; WeChat would use notify_url). */
  notifyTarget: string;
  orders: Map<string, FakeOrder>;
  /** The env that points the server's WeChat Pay at this fake (official account and mini-program AppIDs). */
  env(appId: string, miniAppId?: string): Record<string, string>;
  /** The customer confirms the payment in WeChat: 'ok' once the shop acknowledged the notification. */
  pay(req: ClientPaySign): Promise<'ok' | 'fail'>;
  stop(): Promise<void>;
}

const MCH = '1900000001';
const SERIAL = 'MERCHANTSERIAL01';
const PLATFORM_ID = 'PUB_KEY_ID_0001';

const sign = (key: string, message: string) => createSign('RSA-SHA256').update(message).sign(key, 'base64');

export async function startWechatPayFake(): Promise<WechatPayFake> {
  const merchant = pair();
  const platform = pair();
  const apiV3Key = randomBytes(16).toString('hex');
  const prepays = new Map<string, string>();

  function authorized(req: IncomingMessage, body: string): boolean {
    const m = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(req.headers.authorization ?? '');
    if (!m) return false;
    const f = Object.fromEntries(
      m[1].split(',').map((kv) => {
        const i = kv.indexOf('=');
        return [kv.slice(0, i), kv.slice(i + 1).replace(/^"|"$/g, '')];
      }),
    );
    if (f.mchid !== MCH || f.serial_no !== SERIAL || Math.abs(Date.now() / 1000 - Number(f.timestamp)) > 300)
      return false;
    return createVerify('RSA-SHA256')
      .update(`${req.method}\n${req.url}\n${f.timestamp}\n${f.nonce_str}\n${body}\n`)
      .verify(merchant.publicKey, f.signature, 'base64');
  }

  function signedHeaders(body: string) {
    const ts = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(8).toString('hex');
    return {
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': sign(platform.privateKey, `${ts}\n${nonce}\n${body}\n`),
      'wechatpay-serial': PLATFORM_ID,
    };
  }

  function answer(res: ServerResponse, status: number, json: unknown) {
    const body = json === null ? '' : JSON.stringify(json);
    res.writeHead(status, { 'content-type': 'application/json', ...signedHeaders(body) });
    res.end(body);
  }

  const transaction = (o: FakeOrder) => ({
    appid: o.appid,
    mchid: MCH,
    out_trade_no: o.out_trade_no,
    transaction_id: o.transactionId,
    trade_state: o.state,
    payer: { openid: o.openid },
    amount: { total: o.amount, payer_total: o.amount, currency: 'CNY' },
  });

  const fake: WechatPayFake = {
    base: '',
    notifyTarget: '',
    orders: new Map(),
    env: (appId, miniAppId) => ({
      PAY_PROVIDER: 'live',
      WECHAT_PAY_APP_ID: appId,
      ...(miniAppId ? { WECHAT_PAY_MINI_APP_ID: miniAppId } : {}),
      WECHAT_PAY_MCH_ID: MCH,
      WECHAT_PAY_API_V3_KEY: apiV3Key,
      WECHAT_PAY_SERIAL_NO: SERIAL,
      WECHAT_PAY_PRIVATE_KEY: merchant.privateKey.replace(/\n/g, '\\n'),
      WECHAT_PAY_PLATFORM_PUBLIC_KEY: platform.publicKey.replace(/\n/g, '\\n'),
      WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID: PLATFORM_ID,
      WECHAT_PAY_NOTIFY_URL: 'https://shop.example.com/pay/notify/wechat',
      WECHAT_PAY_API_BASE: fake.base,
    }),
    async pay(req) {
      // The WeChat client refuses a pay sign the merchant key did not make.
      const message = `${req.appId}\n${req.timeStamp}\n${req.nonceStr}\n${req.package}\n`;
      if (
        req.signType !== 'RSA' ||
        !createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, req.paySign, 'base64')
      )
        return 'fail';
      const outTradeNo = prepays.get(req.package.replace(/^prepay_id=/, ''));
      const order = outTradeNo ? fake.orders.get(outTradeNo) : undefined;
      if (!order || order.state !== 'NOTPAY' || order.appid !== req.appId) return 'fail';
      order.state = 'SUCCESS';
      order.transactionId = `42000${Date.now()}`;
      const iv = randomBytes(6).toString('hex');
      const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(iv));
      cipher.setAAD(Buffer.from('transaction'));
      const sealed = Buffer.concat([
        cipher.update(JSON.stringify(transaction(order))),
        cipher.final(),
        cipher.getAuthTag(),
      ]).toString('base64');
      const body = JSON.stringify({
        id: `EV-${randomBytes(6).toString('hex')}`,
        create_time: new Date().toISOString(),
        resource_type: 'encrypt-resource',
        event_type: 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource: {
          algorithm: 'AEAD_AES_256_GCM',
          ciphertext: sealed,
          nonce: iv,
          associated_data: 'transaction',
          original_type: 'transaction',
        },
      });
      const res = await fetch(fake.notifyTarget, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signedHeaders(body) },
        body,
      });
      return res.ok ? 'ok' : 'fail';
    },
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };

  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (!authorized(req, body)) return answer(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
      const url = req.url ?? '/';
      if (req.method === 'POST' && url === '/v3/pay/transactions/jsapi') {
        const o = JSON.parse(body) as {
          appid: string;
          out_trade_no: string;
          amount: { total: number };
          payer?: { openid?: string };
        };
        if (!o.payer?.openid) return answer(res, 400, { code: 'PARAM_ERROR', message: '缺少参数payer.openid' });
        const prepayId = `wx${Date.now()}${randomBytes(6).toString('hex')}`;
        prepays.set(prepayId, o.out_trade_no);
        fake.orders.set(o.out_trade_no, {
          appid: o.appid,
          out_trade_no: o.out_trade_no,
          amount: o.amount.total,
          openid: o.payer.openid,
          state: 'NOTPAY',
        });
        return answer(res, 200, { prepay_id: prepayId });
      }
      const q = /^\/v3\/pay\/transactions\/out-trade-no\/([^/?]+)\?mchid=(\d+)$/.exec(url);
      if (req.method === 'GET' && q) {
        const o = fake.orders.get(decodeURIComponent(q[1]));
        return o
          ? answer(res, 200, transaction(o))
          : answer(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      }
      const c = /^\/v3\/pay\/transactions\/out-trade-no\/([^/?]+)\/close$/.exec(url);
      if (req.method === 'POST' && c) {
        const o = fake.orders.get(decodeURIComponent(c[1]));
        if (o && o.state === 'NOTPAY') o.state = 'CLOSED';
        return answer(res, 204, null);
      }
      answer(res, 404, { code: 'NOT_FOUND', message: 'no such API' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
