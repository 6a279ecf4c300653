/**
 * The marketing console's routes (/ops/coupon/..., /ops/card/..., /ops/v1/...): edit and end a template or a claim
 * activity, a card batch generated with its codes exported once and then voided, every change audited, Chinese
 * refusals for bad input and never a 5xx, and an operator of another project (or a support operator) refused on
 * every route, including those that find their record by id.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, desc, eq } from 'drizzle-orm';
import { MARKETING_MESSAGES as M } from '@contract/coupon-ops';
import { OPS_AUTH_MESSAGES } from '@contract/operators';
import { cardCodes } from '../../../src/domains/card/schema';
import { auditLog } from '../../../src/domains/operators/schema';
import { buildHarness, type Harness } from '../../helpers/app';
import { opsCall, operatorSession, OPS_KEY_AUTH } from '../operators/ops-client';

let h: Harness;
/** The operator works on project A; B is another project. */
const A = 'demo';
const B = 'course';
let mine = '';
let other = '';
let support = '';
let seq = 0;
const phone = () => `1370000${String(1000 + (seq += 1)).slice(-4)}`;

const call = <T = Record<string, unknown>>(method: string, url: string, token: string, body?: unknown) =>
  opsCall(h, method, url, token, body) as Promise<{ status: number; body: { message: string; info: T } }>;

const templateBody = (extra: Record<string, unknown> = {}) => ({
  projectSn: A,
  couponName: '满100减10',
  couponType: 1,
  couponAmount: 1000,
  threshold: 10000,
  validityType: 1,
  validityDays: 7,
  ...extra,
});
const { projectSn: _omit, ...templateEdit } = templateBody();

async function newTemplate(token = mine, extra: Record<string, unknown> = {}) {
  const res = await call<{ couponSn: string }>('POST', '/ops/coupon/templates', token, templateBody(extra));
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.info.couponSn;
}

async function newClaim(couponSn: string, token = mine) {
  const res = await call<{ actSn: string; items: { itemId: string }[] }>('POST', '/ops/coupon/claims', token, {
    projectSn: A,
    title: '到店领券',
    items: [{ couponSn, stock: 5, perPerson: 1 }],
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.info;
}

async function newBatch(count = 3, token = mine) {
  const res = await call<{ batch: { batchSn: string; exportedAt: string | null } }>(
    'POST',
    '/ops/v1/card/batches',
    token,
    { projectSn: A, cardName: '体验卡', faceValue: 500, count },
  );
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.info.batch;
}

const lastAudit = async (action: string) =>
  (await h.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)))[0];

before(async () => {
  h = await buildHarness();
  mine = (await operatorSession(h, 'operator', [A])).token;
  other = (await operatorSession(h, 'operator', [B])).token;
  support = (await operatorSession(h, 'support', [A])).token;
});
after(async () => h.close());

describe('coupon templates', () => {
  test('edit before any copy is given out changes every field; the change is audited with before and after', async () => {
    const couponSn = await newTemplate();
    const res = await call<{ couponAmount: number; couponName: string }>(
      'PATCH',
      `/ops/v1/coupon/templates/${couponSn}`,
      mine,
      { ...templateEdit, couponName: '满100减20', couponAmount: 2000 },
    );
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual([res.body.info.couponName, res.body.info.couponAmount], ['满100减20', 2000]);
    const entry = await lastAudit('coupon.template.update');
    assert.equal((entry.before as { couponAmount: number }).couponAmount, 1000);
    assert.equal((entry.after as { couponAmount: number }).couponAmount, 2000);
    assert.equal(entry.projectSn, A);
  });

  test('once claimed, only the texts may change; end stops new claims and keeps the record', async () => {
    const couponSn = await newTemplate();
    const claim = await newClaim(couponSn);
    const { token } = await h.login(phone(), A);
    const got = await h.post(`/front/v1/activity/scan/code/receive/coupons/${claim.items[0].itemId}`, {}, token);
    assert.equal(got.status, 200, got.raw.body);

    const terms = await call('PATCH', `/ops/v1/coupon/templates/${couponSn}`, mine, {
      ...templateEdit,
      couponAmount: 5000,
    });
    assert.equal(terms.status, 409);
    assert.equal(terms.body.message, M.templateIssuedTerms);
    const texts = await call<{ couponName: string }>('PATCH', `/ops/v1/coupon/templates/${couponSn}`, mine, {
      ...templateEdit,
      couponName: '改名后的券',
      instructions: '到店使用',
    });
    assert.equal(texts.status, 200, JSON.stringify(texts.body));

    const ended = await call<{ status: string; issued: number }>(
      'POST',
      `/ops/v1/coupon/templates/${couponSn}/end`,
      mine,
    );
    assert.equal(ended.status, 200, JSON.stringify(ended.body));
    assert.deepEqual([ended.body.info.status, ended.body.info.issued], ['ENDED', 1]);
    assert.equal((await lastAudit('coupon.template.end')).target, `coupon-template:${couponSn}`);
    const again = await call('POST', `/ops/v1/coupon/templates/${couponSn}/end`, mine);
    assert.equal(again.status, 409);
    assert.equal(again.body.message, M.templateAlreadyEnded);
    // Nobody else gets it now, and it cannot go into a new activity.
    const { token: late } = await h.login(phone(), A);
    const refused = await h.post(`/front/v1/activity/scan/code/receive/coupons/${claim.items[0].itemId}`, {}, late);
    assert.equal(refused.status, 409, refused.raw.body);
    const reuse = await call('POST', '/ops/coupon/claims', mine, {
      projectSn: A,
      title: '再领',
      items: [{ couponSn, stock: 1 }],
    });
    assert.equal(reuse.status, 400);
    assert.match(reuse.body.message, /优惠券已结束/);
  });

  test('bad input is a 400 in Chinese, malformed bodies never a 5xx', async () => {
    const couponSn = await newTemplate();
    const bad = await call('POST', '/ops/coupon/templates', mine, templateBody({ couponType: 2, couponAmount: 150 }));
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /折扣券的优惠额度是减去的百分比/);
    const noName = await call('PATCH', `/ops/v1/coupon/templates/${couponSn}`, mine, {
      ...templateEdit,
      couponName: ' ',
    });
    assert.equal(noName.status, 400);
    assert.match(noName.body.message, /请填写优惠券名称/);
    const range = await call('POST', '/ops/coupon/templates', mine, templateBody({ validityType: 2 }));
    assert.equal(range.status, 400);
    assert.match(range.body.message, /固定有效期须填写开始和结束日期/);
    for (const [method, url] of [
      ['POST', '/ops/coupon/templates'],
      ['PATCH', `/ops/v1/coupon/templates/${couponSn}`],
      ['POST', '/ops/coupon/claims'],
      ['POST', '/ops/v1/card/batches'],
    ]) {
      for (const body of [{}, { projectSn: A, couponName: 5, items: 'x', count: 'many' }, [1, 2], 'text']) {
        const res = await call(method, url, mine, body);
        assert.ok(res.status >= 400 && res.status < 500, `${method} ${url} ${JSON.stringify(body)}: ${res.status}`);
      }
    }
    const missing = await call('PATCH', '/ops/v1/coupon/templates/NO-SUCH', mine, templateEdit);
    assert.equal(missing.status, 404);
  });
});

describe('claim activities', () => {
  test('edit keeps claimed coupons with stock no lower than claimed; end closes the page', async () => {
    const couponSn = await newTemplate();
    const second = await newTemplate(mine, { couponName: '第二张' });
    const claim = await newClaim(couponSn);
    const { token } = await h.login(phone(), A);
    await h.post(`/front/v1/activity/scan/code/receive/coupons/${claim.items[0].itemId}`, {}, token);
    const url = `/ops/v1/coupon/claims/${claim.actSn}`;
    const body = { title: '改后的活动', items: [{ couponSn, stock: 10, perPerson: 2 }] };

    const removed = await call('PATCH', url, mine, { ...body, items: [{ couponSn: second, stock: 3 }] });
    assert.equal(removed.status, 409);
    assert.match(removed.body.message, /已有人领取，不能从活动中移除/);
    const low = await call('PATCH', url, mine, { ...body, items: [{ couponSn, stock: 0 }] });
    assert.equal(low.status, 400);
    assert.match(low.body.message, /库存须大于0/);
    const times = await call('PATCH', url, mine, {
      ...body,
      startAt: '2026-12-02T00:00:00+08:00',
      endAt: '2026-12-01T00:00:00+08:00',
    });
    assert.equal(times.status, 400);
    assert.equal(times.body.message, '结束时间须晚于开始时间');

    const edited = await call<{ title: string; items: { couponSn: string; stock: number; claimed: number }[] }>(
      'PATCH',
      url,
      mine,
      { ...body, items: [...body.items, { couponSn: second, stock: 3 }] },
    );
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    assert.equal(edited.body.info.title, '改后的活动');
    assert.deepEqual(
      edited.body.info.items.map((i) => [i.couponSn, i.stock, i.claimed]),
      [
        [couponSn, 10, 1],
        [second, 3, 0],
      ],
    );
    const audit = await lastAudit('coupon.claim.update');
    assert.equal((audit.before as { title: string }).title, '到店领券');

    const ended = await call<{ status: string }>('POST', `${url}/end`, mine);
    assert.equal(ended.status, 200);
    assert.equal(ended.body.info.status, 'OFFLINE');
    assert.ok(await lastAudit('coupon.claim.end'));
    const late = await call('PATCH', url, mine, body);
    assert.equal(late.status, 409);
    assert.equal(late.body.message, M.claimEnded);
    const qr = await call<{ claimUrl: string }>('GET', `/ops/coupon/claims/${claim.actSn}/qr`, mine);
    assert.ok([200, 503].includes(qr.status));
  });
});

describe('card batches', () => {
  test('generate keeps no codes in the answer; the one export gives them, a second is refused', async () => {
    const batch = await newBatch(4);
    assert.equal(batch.exportedAt, null);
    const created = await lastAudit('card.batch.create');
    assert.doesNotMatch(JSON.stringify(created.after), /sealed|csv/);

    const url = `/ops/v1/card/batches/${batch.batchSn}/export`;
    const first = await call<{ csv: string; filename: string; batch: { exportedAt: string } }>('POST', url, mine);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const codes = first.body.info.csv.trim().split('\n');
    assert.equal(codes[0], 'code');
    assert.equal(codes.length, 5);
    assert.ok(first.body.info.batch.exportedAt);
    const exportAudit = await lastAudit('card.batch.export');
    assert.equal(exportAudit.target, `card-batch:${batch.batchSn}`);
    assert.doesNotMatch(JSON.stringify(exportAudit), new RegExp(codes[1]));
    const left = await h.database.db.select().from(cardCodes).where(eq(cardCodes.batchSn, batch.batchSn));
    assert.ok(
      left.every((c) => c.sealed === null),
      'no copy of a code is kept after the export',
    );

    const second = await call('POST', url, mine);
    assert.equal(second.status, 409);
    assert.equal(second.body.message, M.exportedAlready);

    // The exported codes redeem.
    const { token } = await h.login(phone(), A);
    const redeemed = await h.post('/front/v1/client/card/code/redeem', { cardCode: codes[1] }, token);
    assert.equal(redeemed.status, 200, redeemed.raw.body);
  });

  test('void: unused codes stop working, the redeemed one stays; a voided batch cannot be exported', async () => {
    const batch = await newBatch(3);
    const exported = await call<{ csv: string }>('POST', `/ops/v1/card/batches/${batch.batchSn}/export`, mine);
    const codes = exported.body.info.csv.trim().split('\n').slice(1);
    const { token } = await h.login(phone(), A);
    assert.equal((await h.post('/front/v1/client/card/code/redeem', { cardCode: codes[0] }, token)).status, 200);

    const voided = await call<{ voidedAt: string; voided: number; redeemed: number }>(
      'POST',
      `/ops/v1/card/batches/${batch.batchSn}/void`,
      mine,
    );
    assert.equal(voided.status, 200, JSON.stringify(voided.body));
    assert.ok(voided.body.info.voidedAt);
    assert.deepEqual([voided.body.info.voided, voided.body.info.redeemed], [2, 1]);
    const audit = await lastAudit('card.batch.void');
    assert.equal((audit.before as { voidedAt: string | null }).voidedAt, null);

    const { token: late } = await h.login(phone(), A);
    const refused = await h.post('/front/v1/client/card/code/redeem', { cardCode: codes[1] }, late);
    assert.equal(refused.status, 409, refused.raw.body);
    assert.equal((refused.body as { message: string }).message, '该卡密已失效');
    const again = await call('POST', `/ops/v1/card/batches/${batch.batchSn}/void`, mine);
    assert.equal(again.status, 409);
    assert.equal(again.body.message, M.voidedAlready);

    const unexported = await newBatch(2);
    await call('POST', `/ops/v1/card/batches/${unexported.batchSn}/void`, mine);
    const late2 = await call('POST', `/ops/v1/card/batches/${unexported.batchSn}/export`, mine);
    assert.equal(late2.status, 409);
    assert.equal(late2.body.message, M.exportVoided);
    const sealed = await h.database.db
      .select()
      .from(cardCodes)
      .where(and(eq(cardCodes.batchSn, unexported.batchSn), eq(cardCodes.state, 5)));
    assert.ok(sealed.length === 2 && sealed.every((c) => c.sealed === null));
  });

  test('the scripts’ route still answers the CSV at once and counts the batch as exported', async () => {
    const res = await h.inject({
      method: 'POST',
      url: '/ops/card/batches',
      headers: OPS_KEY_AUTH,
      payload: { projectSn: A, cardName: '脚本卡', count: 2 },
    });
    assert.equal(res.status, 200);
    const info = res.body.info as { csv: string; batch: { batchSn: string; exportedAt: string | null } };
    assert.equal(info.csv.trim().split('\n').length, 3);
    assert.ok(info.batch.exportedAt);
    const again = await call('POST', `/ops/v1/card/batches/${info.batch.batchSn}/export`, mine);
    assert.equal(again.status, 409);
  });
});

describe('who may', () => {
  test("an operator of another project is refused every marketing route of this project's records", async () => {
    const couponSn = await newTemplate();
    const { actSn } = await newClaim(couponSn);
    const { batchSn } = await newBatch(1);
    const probes: Array<[string, string, unknown?]> = [
      ['GET', `/ops/coupon/templates?projectSn=${A}`],
      ['POST', '/ops/coupon/templates', templateBody()],
      ['PATCH', `/ops/v1/coupon/templates/${couponSn}`, templateEdit],
      ['POST', `/ops/v1/coupon/templates/${couponSn}/end`],
      ['GET', `/ops/coupon/claims?projectSn=${A}`],
      ['POST', '/ops/coupon/claims', { projectSn: A, title: '越权', items: [{ couponSn, stock: 1 }] }],
      ['PATCH', `/ops/v1/coupon/claims/${actSn}`, { title: '越权', items: [{ couponSn, stock: 1 }] }],
      ['POST', `/ops/v1/coupon/claims/${actSn}/end`],
      ['GET', `/ops/coupon/claims/${actSn}/qr`],
      ['GET', `/ops/card/batches?projectSn=${A}`],
      ['POST', '/ops/card/batches', { projectSn: A, cardName: '越权', count: 1 }],
      ['POST', '/ops/v1/card/batches', { projectSn: A, cardName: '越权', count: 1 }],
      ['POST', `/ops/v1/card/batches/${batchSn}/export`],
      ['POST', `/ops/v1/card/batches/${batchSn}/void`],
    ];
    for (const [method, url, body] of probes) {
      const res = await call(method, url, other, body);
      assert.equal(res.status, 403, `${method} ${url}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.message, OPS_AUTH_MESSAGES.forbiddenProject, `${method} ${url}`);
      const role = await call(method, url, support, body);
      assert.equal(role.status, 403, `support ${method} ${url}`);
      assert.equal(role.body.message, OPS_AUTH_MESSAGES.forbiddenRole, `support ${method} ${url}`);
    }
    // Nothing changed: the batch can still be exported by its own project's operator.
    const own = await call('POST', `/ops/v1/card/batches/${batchSn}/export`, mine);
    assert.equal(own.status, 200);
  });
});
