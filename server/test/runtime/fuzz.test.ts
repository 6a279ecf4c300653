/**
 * Fuzz test driven by the OpenAPI document: every documented route (and the sandbox pages, which
 * /docs hides) gets malformed path parameters, query fields, body fields and whole bodies: NUL and control
 * characters, strings of 100,000 characters, numbers out of every range, wrong types, Object.prototype names,
 * deep nesting, broken JSON and wrong content types. Requests are signed as the storefront signs them and
 * carry a logged-in customer's token (and the operator key), so they get past the signature, session and
 * operator checks to validation and the routes themselves. The provider callbacks get the same values in
 * notifications signed as each provider signs them. Any 5xx fails the test; every failing request is listed.
 */
import assert from 'node:assert/strict';
import { createHmac, generateKeyPairSync, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import { computeSign, makeNonce } from '../../../contract/signature';
import { payments } from '../../src/domains/payment/schema';
import { DEFAULT_SANDBOX_PAYOUT_KEY } from '../../src/domains/earnings/config';
import { baiduSign } from '../../src/domains/payment/providers/baidu-pay-client';
import { PAYOUT_SIGNATURE_HEADER } from '../../src/domains/earnings/providers/payout';
import { REFUND_SIGNATURE_HEADER } from '../../src/domains/payment/providers/refund';
import { SANDBOX_SIGNATURE_HEADER } from '../../src/domains/payment/providers/sandbox';
import { startBaiduPayFake, type BaiduPayFake } from '../fakes/baidu-pay';
import { buildHarness, type Harness } from '../helpers/app';
import { insertUnpaidOrder } from '../helpers/unpaid-order';

type Schema = {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
};
interface Operation {
  method: 'GET' | 'POST' | 'DELETE' | 'PUT';
  path: string;
  pathParams: string[];
  query: Record<string, Schema>;
  body: Schema | null;
}

const SIGNED = new Set(['timestamp', 'nonceStr', 'sign', 'token']);
const deep = (levels: number) => {
  let v: unknown = 'leaf';
  for (let i = 0; i < levels; i += 1) v = { a: v };
  return v;
};

/** Values a field of a JSON body should never choke on. */
const BODY_VALUES: unknown[] = [
  '\u0000',
  'x'.repeat(100_000),
  '',
  '😀'.repeat(500),
  '\ud800',
  'constructor',
  '__proto__',
  '../../etc/passwd',
  -1,
  1.5,
  2 ** 31,
  Number.MAX_SAFE_INTEGER,
  1e300,
  true,
  null,
  [],
  ['\u0000', { a: 1 }],
  {},
  { constructor: 'x', toString: 1 },
  deep(40),
];

/** Query values are text; duplicates make arrays. */
const QUERY_VALUES: Array<string | string[]> = [
  '\u0000',
  '',
  'x'.repeat(10_000),
  '-1',
  '1.5',
  '2147483648',
  '99999999999999999999',
  '1e308',
  'NaN',
  'constructor',
  '__proto__',
  '😀',
  '%',
  ['a', 'b'],
];

const PATH_VALUES = [
  '%00',
  'a%00b',
  'constructor',
  '__proto__',
  'x'.repeat(3_000),
  '%25',
  '..',
  '%E8%AE%A2%E5%8D%95',
  '-1',
  '99999999999999999999',
  '%F0',
  ' ',
];

/** Raw bodies: not JSON objects at all, or not JSON. */
const RAW_BODIES: Array<{ type: string; payload: string }> = [
  { type: 'application/json', payload: '' },
  { type: 'application/json', payload: '[]' },
  { type: 'application/json', payload: 'null' },
  { type: 'application/json', payload: '"text"' },
  { type: 'application/json', payload: '{' },
  { type: 'application/json', payload: '{"__proto__":{"polluted":1}}' },
  { type: 'application/json', payload: '{"constructor":{"prototype":{"polluted":1}}}' },
  { type: 'application/json', payload: `{"a":${'['.repeat(5_000)}${']'.repeat(5_000)}}` },
  { type: 'application/json', payload: `{"a":"${'x'.repeat(300 * 1024)}"}` },
  { type: 'text/plain', payload: 'hello' },
  { type: 'application/x-www-form-urlencoded', payload: 'a=1&a=2&__proto__=x' },
  { type: 'application/xml', payload: '<a/>' },
];

function resolve(schema: Schema | undefined): Schema {
  if (!schema) return {};
  if (schema.anyOf) return schema.anyOf.find((s) => s.type !== 'null') ?? {};
  return schema;
}

/** A value the schema would likely accept, so that one bad field at a time reaches its own check. */
function plausible(schema: Schema | undefined): unknown {
  const s = resolve(schema);
  if (s.enum?.length) return s.enum[0];
  switch (s.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, plausible(v)]));
    default:
      return 'x1';
  }
}

function operations(doc: {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string; schema?: Schema }>;
        requestBody?: { content: Record<string, { schema: Schema }> };
      }
    >
  >;
}): Operation[] {
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const params = op.parameters ?? [];
      const content = op.requestBody ? Object.values(op.requestBody.content)[0] : undefined;
      out.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(
          params.filter((p) => p.in === 'query' && !SIGNED.has(p.name)).map((p) => [p.name, p.schema ?? {}]),
        ),
        body: content?.schema ?? null,
      });
    }
  }
  return out;
}

describe('fuzz every route of the OpenAPI document', () => {
  let h: Harness;
  let token = '';
  const failures: string[] = [];
  const statuses = new Map<string, number>();
  let sent = 0;
  const record = (label: string, status: number, text: string) => {
    sent += 1;
    const code = /"code":(\d+)/.exec(text)?.[1];
    const key = code ? `${status}/${code}` : `${status}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    if (status >= 500) failures.push(`${status} ${label}: ${text.slice(0, 200)}`);
  };

  before(async () => {
    h = await buildHarness();
    token = (await h.login('13500000001')).token;
  });
  after(() => h.close());

  /** The operator routes (/ops/...) take a bearer key: with it, the fuzz reaches their validation too. */
  const opsAuth = () => ({ authorization: `Bearer ${h.config.opsKey}` });

  /** One request, signed over what is actually sent; a 5xx is written down, not thrown. */
  async function send(
    label: string,
    method: Operation['method'],
    path: string,
    query: Record<string, unknown> | null,
    body: Record<string, unknown> | null,
  ) {
    const signed: Record<string, unknown> = {
      ...(query ?? body ?? {}),
      timestamp: Date.now(),
      nonceStr: makeNonce() + makeNonce(),
    };
    if (body) signed.token = token;
    signed.sign = computeSign({ method, path }, signed, h.config.signKey);
    let url = path;
    if (!body) {
      const search = new URLSearchParams();
      for (const [k, v] of Object.entries(signed))
        for (const one of Array.isArray(v) ? v : [v]) search.append(k, String(one));
      url += `?${search}`;
    }
    const res = await h.app.inject({
      method,
      url,
      headers: { ...(body ? { 'content-type': 'application/json' } : { 'x-token': token }), ...opsAuth() },
      payload: body ? JSON.stringify(signed) : undefined,
    });
    record(label, res.statusCode, res.body);
  }

  async function sendRaw(label: string, method: string, url: string, type: string, payload: string) {
    const res = await h.app.inject({
      method: method as 'POST',
      url,
      headers: { 'content-type': type, 'x-token': token, ...opsAuth() },
      payload,
    });
    record(label, res.statusCode, res.body);
  }

  it('answers no malformed, signed request with a 5xx', async (t) => {
    const ops = operations(h.app.swagger() as never);
    assert.ok(ops.length >= 30, `the document lists the routes (${ops.length})`);
    // The sandbox provider's pages are hidden from /docs but just as public.
    for (const [method, path] of [
      ['GET', '/sandbox/cashier/{paymentSn}'],
      ['POST', '/sandbox/cashier/{paymentSn}/confirm'],
      ['POST', '/sandbox/cashier/{paymentSn}/cancel'],
      ['GET', '/sandbox/esign/{flowId}'],
      ['POST', '/sandbox/esign/{flowId}/confirm'],
      ['GET', '/sandbox/contract/{flowId}'],
      ['GET', '/sandbox/carrier/authorise/{ticket}'],
      ['POST', '/sandbox/carrier/authorise/{ticket}'],
    ] as const) {
      ops.push({
        method,
        path,
        pathParams: [path.match(/\{(\w+)\}/)![1]],
        query: {},
        body: method === 'POST' ? { type: 'object', properties: {} } : null,
      });
    }

    for (const op of ops) {
      const fill = (path: string, value: string) =>
        op.pathParams.reduce((p, name) => p.replace(`{${name}}`, value), path);
      const basePath = fill(op.path, 'x1');
      const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
      const bodyFields = Object.entries(resolve(op.body ?? undefined).properties ?? {}).filter(([k]) => !SIGNED.has(k));
      const baseBody = Object.fromEntries(bodyFields.map(([k, v]) => [k, plausible(v)]));
      const baseQuery = Object.fromEntries(Object.entries(op.query).map(([k, v]) => [k, String(plausible(v))]));
      const at = (q: Record<string, unknown>, b: Record<string, unknown>) =>
        (hasBody ? [null, b] : [q, null]) as [Record<string, unknown> | null, Record<string, unknown> | null];

      await send(`${op.method} ${basePath} plausible`, op.method, basePath, ...at(baseQuery, baseBody));
      for (const value of PATH_VALUES) {
        if (op.pathParams.length)
          await send(
            `${op.method} ${op.path} path=${value.slice(0, 20)}`,
            op.method,
            fill(op.path, value),
            ...at(baseQuery, baseBody),
          );
      }
      for (const name of Object.keys(op.query)) {
        for (const value of QUERY_VALUES)
          await send(
            `${op.method} ${basePath} ?${name}=${String(value).slice(0, 20)}`,
            op.method,
            basePath,
            { ...baseQuery, [name]: value },
            null,
          );
      }
      for (const [name] of bodyFields) {
        for (const value of BODY_VALUES)
          await send(
            `${op.method} ${basePath} body.${name}=${JSON.stringify(value)?.slice(0, 20)}`,
            op.method,
            basePath,
            null,
            { ...baseBody, [name]: value },
          );
      }
      if (hasBody) {
        await send(`${op.method} ${basePath} extra keys`, op.method, basePath, null, {
          ...baseBody,
          constructor: 1,
          toString: 'x',
          ['k\u0000']: 1,
          deep: deep(40),
        });
        for (const raw of RAW_BODIES)
          await sendRaw(
            `${op.method} ${basePath} raw ${raw.type} ${raw.payload.slice(0, 20)}`,
            op.method,
            basePath,
            raw.type,
            raw.payload,
          );
      } else {
        await send(
          `${op.method} ${basePath} extra query`,
          op.method,
          basePath,
          { ...baseQuery, constructor: 'x', __proto__x: '\u0000', 'k\u0000': '1' },
          null,
        );
      }
    }
    t.diagnostic(`${sent} requests; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    assert.ok(sent > 1_000, `sent ${sent} requests`);
    // Most requests must get past the signature: a fuzz answered 4001 everywhere would test nothing.
    assert.ok((statuses.get('200') ?? 0) > 20, 'plausible requests succeed');
    const refusedSignature = [...statuses].filter(([k]) => k.endsWith('/4001')).reduce((n, [, c]) => n + c, 0);
    assert.ok(refusedSignature < sent / 10, `only raw, unsigned bodies fail the signature (${refusedSignature})`);
    assert.deepEqual(failures, []);
  });
});

/**
 * The provider callbacks (/pay/notify, /refund/notify, /refund/audit, /payout/notify) take no storefront signature:
 * above they stop at their own signature check. Here each is sent its notifications signed as its provider signs
 * them (sandbox HMAC, WeChat Pay v3 with a sealed resource, Baidu's rsaSign), one field at a time replaced by every
 * value above, so the fuzz reaches their parsing and the SQL behind it.
 */
describe('fuzz every provider callback, signed as its provider signs', () => {
  const rsa = () =>
    generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
  const platform = rsa();
  const apiV3Key = randomBytes(16).toString('hex');
  let h: Harness;
  let bd: BaiduPayFake;
  before(async () => {
    bd = await startBaiduPayFake();
    h = await buildHarness({
      env: {
        ...bd.env(),
        PAY_PROVIDER: 'sandbox',
        WECHAT_PAY_APP_ID: 'wxOFFICIAL00000001',
        WECHAT_PAY_MCH_ID: '1900000001',
        WECHAT_PAY_API_V3_KEY: apiV3Key,
        WECHAT_PAY_SERIAL_NO: 'MERCHANTSERIAL01',
        WECHAT_PAY_PRIVATE_KEY: rsa().privateKey.replace(/\n/g, '\\n'),
        WECHAT_PAY_PLATFORM_PUBLIC_KEY: platform.publicKey.replace(/\n/g, '\\n'),
        WECHAT_PAY_NOTIFY_URL: 'https://shop.example.com/pay/notify/wechat',
      },
    });
  });
  after(async () => {
    await h.close();
    await bd.stop();
  });

  type Note = { body: string; headers: Record<string, string> };
  const json = { 'content-type': 'application/json' };
  const hmac =
    (header: string, key: string) =>
    (fields: Record<string, unknown>): Note => {
      const body = JSON.stringify(fields);
      return { body, headers: { ...json, [header]: createHmac('sha256', key).update(body).digest('hex') } };
    };
  const wechat =
    (event: string, aad: string) =>
    (resource: Record<string, unknown>): Note => {
      const nonce = Formatter.nonce(12);
      const ciphertext = Aes.AesGcm.encrypt(JSON.stringify(resource), apiV3Key, nonce, aad);
      const body = JSON.stringify({
        id: `EV-${makeNonce()}`,
        event_type: event,
        resource: { algorithm: 'AEAD_AES_256_GCM', ciphertext, nonce, associated_data: aad },
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
        },
      };
    };
  const baidu = (fields: Record<string, unknown>): Note => {
    const form = Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]),
    );
    return {
      body: new URLSearchParams({ ...form, rsaSign: baiduSign(form, bd.platform.privateKey) }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  };

  it('answers no malformed callback with a 5xx, signed or not', async (t) => {
    const { userId } = await h.login('13500000002');
    /** A real unpaid payment, so that a notification's fields get past the lookup to the writes. */
    const payment = async (provider: string) => {
      const orderNo = `FZ${provider}${Date.now()}`;
      await insertUnpaidOrder(h, { orderNo, userId, amount: 100 });
      const paymentSn = `P${orderNo}`;
      await h.database.db
        .insert(payments)
        .values({ paymentSn, orderNo, seq: 1, amount: 100, provider, paySource: 'H5', tradeType: 'MWEB' });
      return paymentSn;
    };
    const now = new Date().toISOString();
    const callbacks: Array<[string, Record<string, unknown>, (fields: Record<string, unknown>) => Note]> = [
      [
        '/pay/notify/sandbox',
        {
          paymentSn: await payment('sandbox'),
          amount: 100,
          status: 'SUCCESS',
          txnId: 'SBX1',
          payType: 1,
          notifyTime: now,
        },
        hmac(SANDBOX_SIGNATURE_HEADER, h.config.sandboxPayKey),
      ],
      [
        '/refund/notify/sandbox',
        { refundSn: 'R1', notifyId: 'N1', amount: 100, status: 'SUCCESS', reason: '退款', notifyTime: now },
        hmac(REFUND_SIGNATURE_HEADER, h.config.sandboxPayKey),
      ],
      [
        '/payout/notify/sandbox',
        { withdrawalNo: 'W1', txnId: 'T1', amount: 100, status: 'SUCCESS', reason: 'r', notifyTime: now },
        hmac(PAYOUT_SIGNATURE_HEADER, DEFAULT_SANDBOX_PAYOUT_KEY),
      ],
      [
        '/pay/notify/wechat',
        {
          out_trade_no: await payment('wechat'),
          transaction_id: '4200000001',
          trade_state: 'SUCCESS',
          amount: { total: 100 },
        },
        wechat('TRANSACTION.SUCCESS', 'transaction'),
      ],
      [
        '/refund/notify/wechat',
        { out_refund_no: 'R1', refund_id: '5030001', refund_status: 'SUCCESS', amount: { refund: 100 } },
        wechat('REFUND.SUCCESS', 'refund'),
      ],
      [
        '/pay/notify/baidu',
        {
          userId: '2250333905',
          orderId: '80002001',
          totalMoney: '100',
          status: '2',
          tpOrderId: await payment('baidu'),
        },
        baidu,
      ],
      [
        '/refund/notify/baidu',
        { orderId: '80002001', userId: '2250333905', tpOrderId: 'P1', refundBatchId: '152001', refundStatus: '1' },
        baidu,
      ],
      [
        '/refund/audit/baidu',
        { orderId: '80002001', userId: '2250333905', tpOrderId: 'P1', refundBatchId: '152001' },
        baidu,
      ],
    ];
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const send = async (label: string, url: string, n: Note) => {
      const res = await h.app.inject({ method: 'POST', url, headers: n.headers, payload: n.body });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${url} ${label}: ${res.body.slice(0, 200)}`);
    };
    for (const [url, base, signed] of callbacks) {
      for (const [name] of Object.entries(base)) {
        for (const value of BODY_VALUES)
          await send(`${name}=${JSON.stringify(value)?.slice(0, 20)}`, url, signed({ ...base, [name]: value }));
      }
      await send('extra keys', url, signed({ ...base, constructor: 1, ['k\u0000']: 1, deep: deep(40) }));
      await send('as sent', url, signed(base));
      for (const raw of RAW_BODIES)
        await send(`raw ${raw.type} ${raw.payload.slice(0, 20)}`, url, {
          body: raw.payload,
          headers: { 'content-type': raw.type },
        });
    }
    t.diagnostic(`statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    assert.ok((statuses.get(200) ?? 0) >= 3, 'the notifications as sent are taken: the fuzz gets past the signatures');
    assert.deepEqual(failures, []);
  });
});
