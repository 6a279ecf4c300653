/**
 * An item's extras as operators edit them: reviews hidden (gone from the storefront's list and count) and replied
 * to (the reply in the storefront's list), the areas that may order it (enforced by the order submit with §5's
 * message), household types and applicant fields (in the confirmation, checked at submit). Another project's
 * operator and the support role are refused; bad input gets a Chinese 400; every change is audited.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type { Comment } from '@contract/activity';
import type { Paged } from '@contract/common';
import type { AreaRestriction, OpsReviewRow, OrderRules } from '@contract/ops-catalogue-extras';
import type { Address } from '@contract/address';
import type { Confirmation } from '@contract/order';
import { OPS_AUTH_MESSAGES } from '@contract/operators';
import { auditLog } from '../../../src/domains/operators/schema';
import { buildHarness, type Harness } from '../../helpers/app';
import { opsCall, operatorSession } from '../operators/ops-client';

let h: Harness;
const A = 'demo';
const B = 'course';
let opA: string;
let opB: string;
let supportA: string;
const REVIEWED = 'demo-course-01';
const SHIPPED = 'demo-course-07';

before(async () => {
  h = await buildHarness();
  opA = (await operatorSession(h, 'operator', [A])).token;
  opB = (await operatorSession(h, 'operator', [B])).token;
  supportA = (await operatorSession(h, 'support', [A])).token;
});
after(async () => h.close());

const reviews = async (token = opA) => {
  const res = await opsCall(h, 'GET', `/ops/v1/catalogue/items/${REVIEWED}/reviews`, token);
  assert.equal(res.status, 200, res.raw.body);
  return (res.body.info as { list: OpsReviewRow[] }).list;
};
const storefrontList = async () => {
  const visitor = await h.enter(A);
  const res = await h.get<Paged<Comment>>(
    '/front/v1/activity/comment/list',
    { actSn: REVIEWED, page: 1, perSize: 50 },
    visitor,
  );
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info;
};
const detailTotal = async () => {
  const visitor = await h.enter(A);
  const res = await h.get<{ commentSummary: { total: number } }>(
    '/front/v1/activity/details',
    { actSn: REVIEWED },
    visitor,
  );
  return res.body.info.commentSummary.total;
};

describe('reviews', () => {
  test('hide takes a review out of the storefront at once; show brings it back; a reply shows under it', async () => {
    const list = await reviews();
    assert.equal(list.length, 12);
    assert.equal(await detailTotal(), 12, 'summary cached before the change');
    const [first, second] = list;

    const hide = await opsCall(
      h,
      'PUT',
      `/ops/v1/catalogue/items/${REVIEWED}/reviews/${first.commentId}/visibility`,
      opA,
      {
        hidden: true,
      },
    );
    assert.equal(hide.status, 200, hide.raw.body);
    assert.equal((hide.body.info as OpsReviewRow).hidden, true);
    const shown = await storefrontList();
    assert.equal(shown.total, 11);
    assert.ok(!shown.list.some((c) => c.commentId === first.commentId));
    assert.equal(await detailTotal(), 11, 'the detail sees it at once');
    assert.equal((await reviews()).length, 12, 'the console still lists it');

    const reply = await opsCall(
      h,
      'PUT',
      `/ops/v1/catalogue/items/${REVIEWED}/reviews/${second.commentId}/reply`,
      opA,
      {
        reply: '  感谢您的评价，期待再次光临！ ',
      },
    );
    assert.equal(reply.status, 200, reply.raw.body);
    const replied = (await storefrontList()).list.find((c) => c.commentId === second.commentId);
    assert.equal(replied?.reply, '感谢您的评价，期待再次光临！');

    const back = await opsCall(
      h,
      'PUT',
      `/ops/v1/catalogue/items/${REVIEWED}/reviews/${first.commentId}/visibility`,
      opA,
      {
        hidden: false,
      },
    );
    assert.equal(back.status, 200);
    assert.equal((await storefrontList()).total, 12);
    assert.equal(await detailTotal(), 12);

    const audit = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `comment:${second.commentId}`), eq(auditLog.action, 'catalogue.review.reply')));
    assert.equal(audit.length, 1);
    assert.deepEqual(audit[0].after, { reply: '感谢您的评价，期待再次光临！' });
  });

  test('bad input gets a Chinese 400; a review is found only under its own item', async () => {
    const [first] = await reviews();
    const url = `/ops/v1/catalogue/items/${REVIEWED}/reviews/${first.commentId}`;
    for (const [body, message] of [
      [{ reply: '   ' }, '请输入回复内容'],
      [{ reply: '好'.repeat(201) }, '回复不能超过200个字'],
      [{}, '请输入回复内容'],
      [{ reply: '\u0007\u202e' }, '请输入回复内容'],
    ] as const) {
      const res = await opsCall(h, 'PUT', `${url}/reply`, opA, body);
      assert.deepEqual([res.status, res.body.message], [400, message]);
    }
    const noFlag = await opsCall(h, 'PUT', `${url}/visibility`, opA, { hidden: 'yes' });
    assert.deepEqual([noFlag.status, noFlag.body.message], [400, '请选择显示或隐藏']);
    const elsewhere = await opsCall(
      h,
      'PUT',
      `/ops/v1/catalogue/items/${SHIPPED}/reviews/${first.commentId}/visibility`,
      opA,
      { hidden: true },
    );
    assert.deepEqual([elsewhere.status, elsewhere.body.message], [404, '评价不存在']);
  });

  test("another project's operator and the support role are refused", async () => {
    const [first] = await reviews();
    const url = `/ops/v1/catalogue/items/${REVIEWED}/reviews`;
    const read = await opsCall(h, 'GET', url, opB);
    assert.deepEqual([read.status, read.body.message], [403, OPS_AUTH_MESSAGES.forbiddenProject]);
    const write = await opsCall(h, 'PUT', `${url}/${first.commentId}/visibility`, opB, { hidden: true });
    assert.equal(write.status, 403);
    assert.equal((await opsCall(h, 'GET', url, supportA)).status, 200, 'support reads');
    const support = await opsCall(h, 'PUT', `${url}/${first.commentId}/reply`, supportA, { reply: '客服回复' });
    assert.equal(support.status, 403);
    assert.equal((await reviews()).find((r) => r.commentId === first.commentId)?.reply ?? null, first.reply);
  });
});

const BJ = { provinceId: '110000', cityId: '110100', areaId: '110101' };
const GZ = { provinceId: '440000', cityId: '440100', areaId: '440106' };
const SZ = { provinceId: '440000', cityId: '440300', areaId: '440305' };
let phoneSeq = 0;
const nextPhone = () => `1370000${String(1000 + (phoneSeq += 1)).slice(-4)}`;

/** Submits SHIPPED to the given area as a new customer; the answer's status and message. */
async function orderFrom(area: typeof BJ, attach: Record<string, unknown> = {}) {
  const t = (await h.login(nextPhone(), A)).token;
  const address = await h.post<Address>(
    '/front/v1/address',
    { consigneeName: '张三', consigneeTelephone: '13800138000', fullAddress: '一号路1号', ...area },
    t,
  );
  assert.equal(address.status, 200, address.raw.body);
  const c = await h.get<Confirmation>('/front/v2/client/course/order/confirm', { targetSn: SHIPPED }, t);
  assert.equal(c.status, 200, c.raw.body);
  const tok = await h.get<{ orderToken: string }>(
    '/front/v1/client/order/confirm/receipt',
    { createOrderSn: c.body.info.createOrderSn },
    t,
  );
  const res = await h.post(
    '/front/v2/client/course/order/submit',
    {
      createOrderSn: c.body.info.createOrderSn,
      orderDiscountList: [],
      discountsAmount: 0,
      payAmount: c.body.info.confirmOrderAmount.payAmount,
      totalAmount: c.body.info.confirmOrderAmount.orderTotalAmount,
      orderToken: tok.body.info.orderToken,
      orderPreAttachVO: { deliveryType: c.body.info.deliveryType, addressId: address.body.info.addressId, ...attach },
    },
    t,
  );
  return { status: res.status, message: res.body.message, confirmation: c.body.info };
}

const putAreas = (body: unknown, token = opA) =>
  opsCall(h, 'PUT', `/ops/v1/catalogue/items/${SHIPPED}/areas`, token, body);

describe('areas', () => {
  test('only one province may order: another is refused with §5 message, that one orders', async () => {
    const res = await putAreas({ mode: 'ONLY', areas: [{ provinceId: '440000' }] });
    assert.equal(res.status, 200, res.raw.body);
    const saved = res.body.info as AreaRestriction;
    assert.deepEqual(saved.areas, [{ provinceId: '440000', cityId: null, name: '广东省' }]);
    assert.equal(saved.refusedCount, 33);
    const read = await opsCall(h, 'GET', `/ops/v1/catalogue/items/${SHIPPED}/areas`, opA);
    assert.deepEqual(read.body.info, saved);

    const beijing = await orderFrom(BJ);
    assert.equal(beijing.confirmation.freightAreasType, 2);
    assert.deepEqual([beijing.status, beijing.message], [400, '当前地区暂不支持购买，请切换地址再提交订单!']);
    const shenzhen = await orderFrom(SZ);
    assert.equal(shenzhen.status, 200, shenzhen.message);

    // One city of a province: the province's other cities are refused.
    const city = await putAreas({ mode: 'ONLY', areas: [{ provinceId: '440000', cityId: '440100' }] });
    assert.equal(city.status, 200, city.raw.body);
    assert.equal((await orderFrom(SZ)).message, '当前地区暂不支持购买，请切换地址再提交订单!');
    assert.equal((await orderFrom(GZ)).status, 200);

    const except = await putAreas({ mode: 'EXCEPT', areas: [{ provinceId: '110000' }] });
    assert.deepEqual((except.body.info as AreaRestriction).refusedCount, 1);
    assert.equal((await orderFrom(BJ)).status, 400);
    assert.equal((await orderFrom(SZ)).status, 200);

    const none = await putAreas({ mode: 'NONE' });
    assert.deepEqual(none.body.info, { mode: 'NONE', areas: [], refusedCount: 0 });
    assert.equal((await orderFrom(BJ)).status, 200);

    const audit = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `activity:${SHIPPED}`), eq(auditLog.action, 'catalogue.item.areas')));
    assert.equal(audit.length, 4);
  });

  test('bad areas are refused in Chinese; other projects and support are refused', async () => {
    for (const [body, message] of [
      [{ mode: 'ONLY', areas: [] }, '请至少选择一个地区'],
      [{ mode: 'ONLY', areas: [{ provinceId: '990000' }] }, '所选地区不存在'],
      [{ mode: 'EXCEPT', areas: [{ provinceId: '440000', cityId: '110100' }] }, '所选地区不存在'],
      [{ mode: 'ONLY', areas: [{ provinceId: 'abc' }] }, '地区编码须为6位数字'],
      [{ mode: 'SOME' }, '请选择销售地区方式'],
    ] as const) {
      const res = await putAreas(body);
      assert.deepEqual([res.status, res.body.message], [400, message], JSON.stringify(body));
    }
    assert.equal((await putAreas({ mode: 'NONE' }, opB)).status, 403);
    assert.equal((await putAreas({ mode: 'NONE' }, supportA)).status, 403);
    const tree = await opsCall(h, 'GET', '/ops/v1/catalogue/areas', opA);
    const provinces = (tree.body.info as { list: { label: string; children: { label: string }[] }[] }).list;
    assert.equal(provinces.length, 34);
    assert.ok(provinces.find((p) => p.label === '广东省')?.children.some((c) => c.label === '深圳市'));
  });
});

describe('order rules', () => {
  const url = `/ops/v1/catalogue/items/${SHIPPED}/order-rules`;
  test('chosen household types and an applicant field reach the confirmation and the submit checks them', async () => {
    const res = await opsCall(h, 'PUT', url, opA, {
      isHousehold: true,
      holdTypes: ['TALENT_IN'],
      restrict: [
        { keyName: 'NAME', label: '学员姓名', required: true },
        { keyName: 'IDCARD_OUT', label: '港澳台证件', required: false },
      ],
    });
    assert.equal(res.status, 200, res.raw.body);
    const rules = res.body.info as OrderRules;
    assert.ok(rules.restrict.every((f) => /^[A-Za-z0-9]{6}$/.test(f.nKey)));
    assert.equal(rules.restrict[1].keyName, 'IDCARD_OUT');

    const missing = await orderFrom(GZ, { householdType: 'TALENT_IN' });
    assert.equal(missing.confirmation.isHousehold, true);
    assert.deepEqual(
      missing.confirmation.restrict.map((r) => [r.label, r.keyName, r.idCardType]),
      [
        ['学员姓名', 'NAME', null],
        ['港澳台证件', 'IDCARD', 'IDCARD_OUT'],
      ],
    );
    assert.deepEqual([missing.status, missing.message], [400, '请输入姓名']);
    const nameKey = rules.restrict[0].nKey;
    const noHold = await orderFrom(GZ, { userExtra: JSON.stringify({ userInfo: { [nameKey]: '张三' } }) });
    assert.equal(noHold.message, '请选择入户类型!');
    // Only the chosen hold type is offered, and the other is refused.
    assert.deepEqual(missing.confirmation.householdTypes, [{ type: 'TALENT_IN', name: '人才引进' }]);
    const otherHold = await orderFrom(GZ, {
      householdType: 'TRAILING_HOLD',
      userExtra: JSON.stringify({ userInfo: { [nameKey]: '张三' } }),
    });
    assert.deepEqual([otherHold.status, otherHold.message], [400, '该课程不支持所选入户类型，请重新选择']);
    const done = await orderFrom(GZ, {
      householdType: 'TALENT_IN',
      userExtra: JSON.stringify({ userInfo: { [nameKey]: '张三' } }),
    });
    assert.equal(done.status, 200, done.message);

    // Saving again keeps the fields' ids, so earlier answers still match.
    const again = await opsCall(h, 'PUT', url, opA, { ...rules, isHousehold: false });
    assert.deepEqual(
      (again.body.info as OrderRules).restrict.map((f) => f.nKey),
      rules.restrict.map((f) => f.nKey),
    );
    assert.deepEqual((again.body.info as OrderRules).holdTypes, []);
  });

  test('bad rules are refused in Chinese; other projects and support are refused', async () => {
    for (const [body, message] of [
      [{ isHousehold: true, holdTypes: [] }, '入户课程请至少选择一种入户类型'],
      [{ holdTypes: ['NOPE'] }, '入户类型不存在'],
      [{ restrict: [{ keyName: 'NAME', label: ' ' }] }, '请填写字段名称'],
      [{ restrict: [{ keyName: 'FAX', label: '传真' }] }, '请选择字段类型'],
      [
        {
          restrict: [
            { keyName: 'NAME', label: '姓名' },
            { keyName: 'TEXT', label: '姓名' },
          ],
        },
        '报名信息的字段名称不能重复',
      ],
    ] as const) {
      const res = await opsCall(h, 'PUT', url, opA, body);
      assert.deepEqual([res.status, res.body.message], [400, message], JSON.stringify(body));
    }
    assert.equal((await opsCall(h, 'GET', url, opB)).status, 403);
    assert.equal((await opsCall(h, 'PUT', url, supportA, {})).status, 403);
  });
});
