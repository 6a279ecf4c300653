/**
 * Input no route can use is refused with a 4xx before it reaches SQL or the signature:
 * NUL and control characters anywhere, bodies nested thousands deep, bodies over the size limit, garbage signs
 * on large bodies, Object.prototype names as area ids, and order tokens piling up on one confirmation.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, isNull } from 'drizzle-orm';
import type { Confirmation } from '@contract/order';
import { orderTokens } from '../../src/domains/order/schema';
import {
  INPUT_MESSAGES,
  MAX_CALLBACK_FIELD,
  MAX_DEPTH,
  callbackProblem,
  inputProblem,
  rawTextProblem,
} from '../../src/runtime/input-guard';
import { BODY_LIMIT } from '../../src/runtime/server-options';
import { LIVE_TOKENS_PER_CONFIRMATION } from '../../src/domains/order/submit';
import { buildHarness, sign, type Harness } from '../helpers/app';

const ILLEGAL = { state: false, message: INPUT_MESSAGES.illegalCharacter, info: null, code: 4000 };

/** `{ a: { a: ... } }` `depth` levels deep, built without recursion. */
function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: 1 };
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
}

describe('inputProblem', () => {
  it('finds NUL in values and keys, and depth beyond the limit, without recursion', () => {
    assert.equal(inputProblem({ a: ['ok', { b: 'x\u0000y' }] }), INPUT_MESSAGES.illegalCharacter);
    assert.equal(inputProblem({ ['k\u0000']: 1 }), INPUT_MESSAGES.illegalCharacter);
    assert.equal(
      inputProblem({ a: 'line\nbreak\tand tab\r\u0007' }),
      null,
      'other control characters are for the fields to handle',
    );
    assert.equal(inputProblem(nested(MAX_DEPTH - 1)), null);
    assert.equal(inputProblem(nested(MAX_DEPTH + 1)), INPUT_MESSAGES.tooDeep);
    assert.equal(inputProblem(nested(100_000)), INPUT_MESSAGES.tooDeep);
  });

  it('finds NUL in a body kept as text as its parser will read it: the character, a JSON escape, a form %00', () => {
    const nul = INPUT_MESSAGES.illegalCharacter;
    assert.equal(rawTextProblem('{"a":"x\\u0000"}'), nul, 'the JSON escape');
    assert.equal(rawTextProblem('{"a":"\\\\\\u0000"}'), nul, 'an escaped backslash, then the escape');
    assert.equal(rawTextProblem('{"a":"\\\\u0000"}'), null, 'an escaped backslash, then the text u0000');
    assert.equal(rawTextProblem('x\u0000'), nul, 'the character');
    assert.equal(rawTextProblem('tpOrderId=P1%00&orderId=2'), nul);
    assert.equal(rawTextProblem('a=%2500'), null, 'the text %00, encoded');
    for (const text of ['{"paymentSn":"P1"}', '{"a":"ok \\n \\u4e2d"}']) assert.equal(rawTextProblem(text), null, text);
    // What the parsers read agrees with the verdict.
    assert.equal(JSON.parse('{"a":"\\\\\\u0000"}').a, '\\\u0000');
    assert.equal(JSON.parse('{"a":"\\\\u0000"}').a, '\\u0000');
    assert.equal(new URLSearchParams('a=%00').get('a'), '\u0000');
  });

  it(`finds NUL, and strings over ${MAX_CALLBACK_FIELD} characters, in a callback's verified fields`, () => {
    assert.equal(callbackProblem({ paymentSn: 'P1', txnId: '4'.repeat(MAX_CALLBACK_FIELD), amount: 1 }), null);
    assert.equal(
      callbackProblem({ paymentSn: 'P1', txnId: '4'.repeat(MAX_CALLBACK_FIELD + 1) }),
      INPUT_MESSAGES.tooLong,
    );
    assert.equal(callbackProblem({ paymentSn: 'P1\u0000' }), INPUT_MESSAGES.illegalCharacter);
    assert.equal(callbackProblem({ paymentSn: 'P1', reason: undefined }), null);
  });
});

describe('input guard on the routes', () => {
  let h: Harness;
  let token = '';
  before(async () => {
    h = await buildHarness();
    token = (await h.login('13700000001')).token;
  });
  after(() => h.close());

  it('refuses NUL in a body field, a query field and a key with 400 参数包含非法字符 (it used to be a 500 from PostgreSQL)', async () => {
    const cases = [
      await h.post('/front/v1/entrance', { projectSn: 'demo\u0000' }),
      await h.get('/front/v1/search', { keyword: '课\u0000' }, token),
      await h.post(
        '/front/v1/address',
        {
          consigneeName: '张三',
          consigneeTelephone: '13800138000',
          fullAddress: '科技\u0000园',
          provinceId: '440000',
          cityId: '440100',
          areaId: '440106',
        },
        token,
      ),
      await h.post('/front/v1/entrance', { projectSn: 'demo', ['x\u0000']: 1 }),
      await h.post('/front/v1/entrance/tips', { enumKey: 'LOGIN\u0000' }),
    ];
    for (const res of cases) assert.deepEqual([res.status, res.body], [400, ILLEGAL], res.raw.body);
  });

  it('refuses NUL in path parameters, signed or not (address id, order number, the sandbox cashier)', async () => {
    for (const url of ['/front/v1/address/a%00b', '/front/v1/client/order/details/O1%00/']) {
      const res = await h.get(url, {}, token);
      assert.deepEqual([res.status, res.body], [400, ILLEGAL], url);
    }
    const cashier = await h.inject({ method: 'GET', url: '/sandbox/cashier/P1%00x' });
    assert.equal(cashier.status, 400);
    const confirm = await h.inject({ method: 'POST', url: '/sandbox/esign/F%00/confirm' });
    assert.equal(confirm.status, 400);
  });

  it('refuses a body nested 5,000 levels deep with 400 before the signature is computed', async () => {
    const url = '/front/v1/entrance';
    // Written as text: JSON.stringify itself overflows on such a value, which is the bug being guarded.
    const deep = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    const signed = JSON.stringify(sign('POST', url, { projectSn: 'demo' }, h.config.signKey));
    const headers = { 'content-type': 'application/json' };
    const res = await h.inject({ method: 'POST', url, headers, payload: `${signed.slice(0, -1)},"deep":${deep}}` });
    assert.deepEqual([res.status, res.body.message], [400, INPUT_MESSAGES.tooDeep]);
    const garbage = await h.inject({ method: 'POST', url, headers, payload: `{"sign":"x","deep":${deep}}` });
    assert.equal(garbage.status, 400);
    const array = await h.inject({
      method: 'POST',
      url,
      headers,
      payload: `{"deep":${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
    });
    assert.equal(array.status, 400);
  });

  it(`refuses a body over ${BODY_LIMIT / 1024} KB with 413 and a Chinese message`, async () => {
    const url = '/front/v1/entrance';
    const res = await h.inject({
      method: 'POST',
      url,
      payload: { projectSn: 'demo', pad: 'x'.repeat(1024 * 1024), sign: 'garbage' },
    });
    assert.equal(res.status, 413);
    assert.deepEqual(res.body, { state: false, message: '请求内容过大', info: null, code: 4130 });
  });

  it('refuses a large body with a garbage sign as a bad signature', async () => {
    const url = '/front/v1/entrance/tips';
    const big = { enumKey: 'LOGIN', pad: 'x'.repeat(200 * 1024), timestamp: Date.now(), nonceStr: 'abcdefgh' };
    for (const sign of ['garbage', 'f'.repeat(64)]) {
      const res = await h.inject({ method: 'POST', url, payload: { ...big, sign } });
      assert.deepEqual([res.status, res.body.code], [400, 4001]);
    }
  });
});

describe('Object.prototype names as area ids', () => {
  let h: Harness;
  let token = '';
  before(async () => {
    h = await buildHarness();
    token = (await h.login('13700000002')).token;
  });
  after(() => h.close());

  it('an address with provinceId / cityId / areaId constructor, __proto__ or toString is refused with 400 所在地区有误', async () => {
    const base = {
      consigneeName: '张三',
      consigneeTelephone: '13800138000',
      fullAddress: '科技园1号',
      provinceId: '440000',
      cityId: '440100',
      areaId: '440106',
    };
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      for (const field of ['provinceId', 'cityId', 'areaId']) {
        const res = await h.post('/front/v1/address', { ...base, [field]: name }, token);
        assert.deepEqual([res.status, res.body.message], [400, '所在地区有误'], `${field}=${name}`);
      }
      const all = await h.post('/front/v1/address', { ...base, provinceId: name, cityId: name, areaId: name }, token);
      assert.equal(all.status, 400);
    }
    const list = await h.get<{ list: unknown[] }>('/front/v1/address/list', {}, token);
    assert.deepEqual(list.body.info.list, [], 'nothing was stored');
  });

  it('the area tree answers an empty list for such a parent', async () => {
    for (const parentId of ['constructor', '__proto__', 'toString']) {
      const res = await h.get<{ list: unknown[] }>('/front/v1/common/area/childList', { parentId }, token);
      assert.deepEqual([res.status, res.body.info.list], [200, []], parentId);
    }
  });
});

describe('order tokens per confirmation', () => {
  let h: Harness;
  let token = '';
  before(async () => {
    h = await buildHarness();
    token = (await h.login('13700000003')).token;
  });
  after(() => h.close());

  it(`keeps at most ${LIVE_TOKENS_PER_CONFIRMATION} unused tokens: older ones are invalid`, async () => {
    const c = (
      await h.get<Confirmation>('/front/v2/client/course/order/confirm', { targetSn: 'demo-course-01' }, token)
    ).body.info;
    const issued: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const res = await h.get<{ orderToken: string }>(
        '/front/v1/client/order/confirm/receipt',
        { createOrderSn: c.createOrderSn },
        token,
      );
      assert.equal(res.status, 200, res.raw.body);
      issued.push(res.body.info.orderToken);
    }
    const rows = await h.database.db
      .select({ token: orderTokens.token })
      .from(orderTokens)
      .where(and(eq(orderTokens.createOrderSn, c.createOrderSn), isNull(orderTokens.consumedAt)));
    assert.deepEqual(rows.map((r) => r.token).sort(), issued.slice(-LIVE_TOKENS_PER_CONFIRMATION).sort());
  });
});
