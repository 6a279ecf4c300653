/**
 * A local fake of Baidu's polymer cashier hosts over real HTTP, with keys made here, speaking the published
 * protocol: the open API's access_token (client_credentials), findByTpOrderId (access_token, tpOrderId,
 * pmAppKey), and applyOrderRefund on the current refund host (POST /cashier/applyOrderRefund: form fields whose
 * rsaSign it checks with the developer's public key; applyRefundMoney never above what is left, idempotent by
 * bizRefundBatchId; the retiring nop host's /nop/server/rest is not served). It plays Baidu's side of the
 * callbacks too: the payment notification (every field Baidu's 通知支付状态 page lists, the empty ones included),
 * the refund audit question and the refund result, form fields signed with Baidu's platform private key.
 * Its signed string is written here from Baidu's 签名与验签 page, not taken from the code under test: every field
 * but sign, sign_type and rsaSign, empty values included, sorted by name, `k=v` joined with `&`, RSA-SHA1.
 */
import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The string Baidu signs, as its 签名与验签 page defines it. */
export const baiduSignedString = (fields: Record<string, string>) =>
  Object.keys(fields)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && k !== 'rsaSign')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');

const rsaPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

export const PM_APP_KEY = 'MMMabc';
export const DEAL_ID = '470193086';
const CLIENT_ID = 'smartapp-client-key';
const CLIENT_SECRET = 'smartapp-client-secret';

interface FakeOrder {
  orderId: string;
  userId: string;
  tpOrderId: string;
  totalMoney: number;
  /** 1 unpaid, 2 paid. */
  status: 1 | 2;
}

export interface FakeBaiduRefund {
  refundBatchId: string;
  bizRefundBatchId: string;
  orderId: string;
  tpOrderId: string;
  amount: number;
  /** What the refund call carried (checked by tests). */
  fields: Record<string, string>;
}

export async function startBaiduPayFake() {
  const developer = rsaPair();
  const platform = rsaPair();
  const intruder = rsaPair();
  const state = {
    orders: new Map<string, FakeOrder>(),
    refunds: new Map<string, FakeBaiduRefund>(),
    tokens: new Set<string>(),
    tokenRequests: 0,
    findRequests: 0,
    /** The next applyorderrefund is refused with this errno / msg. */
    refuseRefund: null as null | { errno: number; msg: string },
  };

  const send = (res: ServerResponse, json: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(json));
  };
  const signed = (fields: Record<string, string>, key = platform.privateKey) => ({
    ...fields,
    rsaSign: createSign('RSA-SHA1').update(baiduSignedString(fields)).sign(key, 'base64'),
  });

  function applyRefund(res: ServerResponse, fields: Record<string, string>) {
    const ok = createVerify('RSA-SHA1')
      .update(baiduSignedString(fields))
      .verify(developer.publicKey, fields.rsaSign ?? '', 'base64');
    if (!ok) return send(res, { errno: 40003, msg: '签名验证失败', data: {} });
    if (fields.appKey !== PM_APP_KEY) return send(res, { errno: 40001, msg: '参数错误', data: {} });
    if (state.refuseRefund) {
      const r = state.refuseRefund;
      state.refuseRefund = null;
      return send(res, { errno: r.errno, msg: r.msg, data: {} });
    }
    const known = [...state.refunds.values()].find((r) => r.bizRefundBatchId === fields.bizRefundBatchId);
    if (known)
      return send(res, {
        errno: 0,
        msg: 'success',
        data: { refundBatchId: known.refundBatchId, refundPayMoney: String(known.amount) },
      });
    const order = state.orders.get(fields.tpOrderId);
    if (!order || order.orderId !== fields.orderId || order.userId !== fields.userId || order.status !== 2)
      return send(res, { errno: 10002, msg: '订单不存在', data: {} });
    const amount = Number(fields.applyRefundMoney);
    const refunded = [...state.refunds.values()]
      .filter((r) => r.tpOrderId === order.tpOrderId)
      .reduce((n, r) => n + r.amount, 0);
    if (!Number.isInteger(amount) || amount <= 0 || refunded + amount > order.totalMoney)
      return send(res, { errno: 10005, msg: '退款金额超过可退金额', data: {} });
    const refund = {
      refundBatchId: `1527${Date.now()}${randomBytes(2).toString('hex')}`,
      bizRefundBatchId: fields.bizRefundBatchId,
      orderId: order.orderId,
      tpOrderId: order.tpOrderId,
      amount,
      fields,
    };
    state.refunds.set(refund.refundBatchId, refund);
    send(res, {
      errno: 0,
      msg: 'success',
      data: { refundBatchId: refund.refundBatchId, refundPayMoney: String(amount) },
    });
  }

  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const q = Object.fromEntries(url.searchParams);
      if (req.method === 'GET' && url.pathname === '/oauth/2.0/token') {
        state.tokenRequests += 1;
        if (q.grant_type !== 'client_credentials' || q.client_id !== CLIENT_ID || q.client_secret !== CLIENT_SECRET) {
          return send(res, { error: 'invalid_client', error_description: 'unknown client id' });
        }
        const token = `24.${randomBytes(12).toString('hex')}`;
        state.tokens.add(token);
        return send(res, { access_token: token, expires_in: 2592000, scope: q.scope });
      }
      if (req.method === 'GET' && url.pathname === '/rest/2.0/smartapp/pay/paymentservice/findByTpOrderId') {
        state.findRequests += 1;
        if (!state.tokens.has(q.access_token)) return send(res, { error_code: 111, error_msg: 'Access token expired' });
        const order = q.pmAppKey === PM_APP_KEY ? state.orders.get(q.tpOrderId) : undefined;
        if (!order) return send(res, { errno: 10002, msg: '订单不存在', data: {} });
        return send(res, {
          errno: 0,
          msg: 'success',
          data: {
            ...order,
            orderId: Number(order.orderId),
            userId: Number(order.userId),
            appKey: PM_APP_KEY,
            dealId: Number(DEAL_ID),
            payMoney: order.totalMoney,
            count: 1,
            createTime: 1763800000,
          },
        });
      }
      if (req.method === 'POST' && url.pathname === '/cashier/applyOrderRefund')
        return applyRefund(res, Object.fromEntries(new URLSearchParams(body)));
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    state,
    developer,
    platform,
    intruder,
    /** The env of a live Baidu pay pointed at this fake. */
    env: (): Record<string, string> => ({
      PAY_PROVIDER: 'live',
      BAIDU_PAY_APP_KEY: PM_APP_KEY,
      BAIDU_PAY_DEAL_ID: DEAL_ID,
      BAIDU_PAY_PRIVATE_KEY: developer.privateKey,
      BAIDU_PAY_PUBLIC_KEY: platform.publicKey.replace(/\n/g, '\\n'),
      BAIDU_SWAN_APP_KEY: CLIENT_ID,
      BAIDU_SWAN_APP_SECRET: CLIENT_SECRET,
      BAIDU_PAY_REFUND_BASE: base,
      BAIDU_PAY_OPENAPI_BASE: base,
    }),
    /** swan.requestPolymerPayment opened the cashier for this orderInfo: Baidu now holds the order, unpaid. */
    open(orderInfo: Record<string, string>): FakeOrder {
      const order: FakeOrder = {
        orderId: String(80002000 + state.orders.size),
        userId: '2250333905',
        tpOrderId: orderInfo.tpOrderId,
        totalMoney: Number(orderInfo.totalAmount),
        status: 1,
      };
      state.orders.set(order.tpOrderId, order);
      return order;
    },
    /** The customer paid: the order is paid at Baidu; the payment notification Baidu posts (form text). */
    pay(tpOrderId: string): string {
      const order = state.orders.get(tpOrderId);
      if (!order) throw new Error(`no Baidu order for ${tpOrderId}`);
      order.status = 2;
      const fields = {
        userId: order.userId,
        orderId: order.orderId,
        unitPrice: String(order.totalMoney),
        count: '1',
        totalMoney: String(order.totalMoney),
        payMoney: String(order.totalMoney),
        promoMoney: '0',
        hbMoney: '0',
        hbBalanceMoney: '0',
        giftCardMoney: '0',
        dealId: DEAL_ID,
        payTime: String(Math.floor(Date.now() / 1000)),
        promoDetail: '',
        payType: '1117',
        partnerId: '6000001',
        status: '2',
        tpOrderId,
        returnData: '',
      };
      return new URLSearchParams(signed(fields)).toString();
    },
    /** Baidu's refund audit question for a refund batch (form text), signed by `key` (the platform's by default). */
    audit(refundBatchId: string, tpOrderId: string, key?: string): string {
      const order = state.orders.get(tpOrderId);
      return new URLSearchParams(
        signed({ orderId: order?.orderId ?? '1', userId: order?.userId ?? '1', tpOrderId, refundBatchId }, key),
      ).toString();
    },
    /** Baidu's refund result (refundStatus 1 success, 2 failure) for a batch, form text. */
    refundResult(refundBatchId: string, refundStatus: '1' | '2', key?: string): string {
      const r = state.refunds.get(refundBatchId);
      if (!r) throw new Error(`no Baidu refund ${refundBatchId}`);
      return new URLSearchParams(
        signed(
          {
            orderId: r.orderId,
            userId: state.orders.get(r.tpOrderId)!.userId,
            tpOrderId: r.tpOrderId,
            refundBatchId,
            refundStatus,
          },
          key,
        ),
      ).toString();
    },
    /** Forgets every access token, as Baidu's expiry does. */
    expireTokens: () => state.tokens.clear(),
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type BaiduPayFake = Awaited<ReturnType<typeof startBaiduPayFake>>;
