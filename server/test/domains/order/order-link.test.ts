/**
 * 下单链接 (single-use order links): issued by an operator for one customer, one course and one of its prices;
 * opened by that customer only, priced as offered, never with a coupon (§6), used by exactly one order even when
 * submitted twice at once, and answering §8 1002 once used, expired, voided, or opened by someone else. The
 * operator's routes keep to their role and project and refuse malformed input with a Chinese message, never a 5xx.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { and, eq, inArray } from 'drizzle-orm';
import type { Confirmation, DiscountCoupon, SubmitResult } from '@contract/order';
import type { OpsOrderLink } from '@contract/order-link';
import { activities } from '../../../src/domains/activity/schema';
import { auditLog } from '../../../src/domains/operators/schema';
import { orderLinks, orders } from '../../../src/domains/order/schema';
import { buildHarness, type Harness, type Reply } from '../../helpers/app';
import { OPS_KEY_AUTH, opsCall, operatorSession } from '../operators/ops-client';

const LINK_TEXT = '下单链接异常，请退出重新扫码下单或联系客服人员重新生成下单链接!';
const P = 'demo';
const TEACHER = `${P}-course-03`; // two packages
const WRITTEN = `${P}-pkg-written`;
const BUILDER = `${P}-course-04`; // no package, three instalments

let h: Harness;
let operator = '';
let phoneSeq = 0;
const nextPhone = () => `1391234${String(1000 + (phoneSeq += 1)).slice(-4)}`;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

before(async () => {
  h = await buildHarness();
  operator = (await operatorSession(h, 'operator', [P])).token;
});
after(async () => h.close());

interface Issued {
  link: OpsOrderLink;
  url: string;
  qr: string | null;
}

async function issue(phone: string, extra: Record<string, unknown> = {}, token = operator): Promise<Issued> {
  const res = await opsCall(h, 'POST', '/ops/v1/order-links', token, {
    projectSn: P,
    actSn: TEACHER,
    packageSn: WRITTEN,
    phone,
    expiresAt: inDays(1),
    ...extra,
  });
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info as Issued;
}
const tokenOf = (url: string) => /[?&]orderLink=([^&]+)/.exec(url)![1];

const openLink = (orderLink: string, customer: string) =>
  h.get<Confirmation>('/front/v2/client/course/order/confirm/link', { orderLink }, customer);

async function orderTokenFor(customer: string, createOrderSn: string) {
  const res = await h.get<{ orderToken: string }>(
    '/front/v1/client/order/confirm/receipt',
    { createOrderSn },
    customer,
  );
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info.orderToken;
}

async function submit(customer: string, c: Confirmation, extra: Record<string, unknown> = {}) {
  const first = c.confirmOrderAmount.payAmount;
  return h.post<SubmitResult>(
    '/front/v2/client/course/order/submit',
    {
      createOrderSn: c.createOrderSn,
      orderDiscountList: [],
      discountsAmount: 0,
      payAmount: first,
      totalAmount: c.confirmOrderAmount.orderTotalAmount,
      orderToken: await orderTokenFor(customer, c.createOrderSn),
      orderPreAttachVO: { deliveryType: c.deliveryType },
      ...extra,
    },
    customer,
  );
}

function assertLinkInvalid(res: Reply) {
  assert.equal(res.status, 400, res.raw.body);
  assert.equal(res.body.code, 1002, res.raw.body);
  assert.equal(res.body.message, LINK_TEXT);
}

async function stateOf(linkSn: string) {
  const list = await opsCall(h, 'GET', `/ops/v1/order-links?projectSn=${P}`, operator);
  assert.equal(list.status, 200, list.raw.body);
  return (list.body.info as { list: OpsOrderLink[] }).list.find((l) => l.linkSn === linkSn);
}

describe('issuing', () => {
  test('the items list offers each package of a course, or its own price, as order totals in fen', async () => {
    const res = await opsCall(h, 'GET', `/ops/v1/order-links/items?projectSn=${P}`, operator);
    assert.equal(res.status, 200, res.raw.body);
    const list = (
      res.body.info as { list: { actSn: string; choices: { packageSn: string | null; amount: number }[] }[] }
    ).list;
    const teacher = list.find((i) => i.actSn === TEACHER)!;
    assert.deepEqual(
      teacher.choices.map((c) => c.packageSn),
      [`${P}-pkg-teacher`, WRITTEN],
    );
    assert.equal(teacher.choices[1].amount, 79900);
    const builder = list.find((i) => i.actSn === BUILDER)!;
    assert.deepEqual(
      builder.choices.map((c) => c.packageSn),
      [null],
    );
    // Only courses on sale: no goods, and not the offline course-09.
    assert.ok(list.every((i) => i.actSn.includes('-course-')));
    assert.ok(!list.some((i) => i.actSn === `${P}-course-09`));
  });

  test('a link answers its URL and QR once; the server keeps only the hash of its token; the issue is audited', async () => {
    const phone = nextPhone();
    const { link, url, qr } = await issue(phone, { note: '张女士' });
    assert.equal(link.state, 'UNUSED');
    assert.equal(link.amount, 79900);
    assert.equal(link.packageName, '笔试单科');
    assert.equal(link.phone, phone);
    assert.match(url, /#\/pages\/order\/courseOrderSubmit\?orderLink=[A-Za-z0-9_-]{32}&projectSn=demo$/);
    assert.match(qr ?? '', /^data:image\/png;base64,/);
    const token = tokenOf(url);
    const [row] = await h.database.db.select().from(orderLinks).where(eq(orderLinks.linkSn, link.linkSn));
    assert.equal(row.tokenHash, createHash('sha256').update(token).digest('hex'));
    assert.ok(!JSON.stringify(row).includes(token));
    const [entry] = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.link.issue'), eq(auditLog.target, `order-link:${link.linkSn}`)));
    assert.ok(entry, 'the issue is audited');
    assert.ok(!JSON.stringify(entry).includes(token), 'the audit never holds the token');
  });

  test('malformed or impossible input is refused in Chinese, never with a 5xx', async () => {
    const cases: Array<[Record<string, unknown> | undefined, string | RegExp]> = [
      [undefined, /./],
      [
        { projectSn: P, actSn: TEACHER, packageSn: WRITTEN, phone: '12345', expiresAt: inDays(1) },
        '请输入正确的手机号码',
      ],
      [{ projectSn: P, actSn: TEACHER, packageSn: WRITTEN, phone: nextPhone(), expiresAt: 'soon' }, /失效时间/],
      [
        { projectSn: P, actSn: TEACHER, packageSn: WRITTEN, phone: nextPhone(), expiresAt: inDays(-1) },
        '失效时间须晚于现在',
      ],
      [{ projectSn: P, actSn: TEACHER, packageSn: WRITTEN, phone: nextPhone(), expiresAt: inDays(31) }, /30天/],
      [{ projectSn: P, actSn: TEACHER, packageSn: null, phone: nextPhone(), expiresAt: inDays(1) }, '请选择套餐'],
      [{ projectSn: P, actSn: TEACHER, packageSn: 'nope', phone: nextPhone(), expiresAt: inDays(1) }, '所选套餐不存在'],
      [{ projectSn: P, actSn: BUILDER, packageSn: WRITTEN, phone: nextPhone(), expiresAt: inDays(1) }, /没有套餐/],
      [{ projectSn: P, actSn: `${P}-goods-01`, phone: nextPhone(), expiresAt: inDays(1) }, /不存在、未上架/],
      [{ projectSn: P, actSn: `${P}-course-09`, phone: nextPhone(), expiresAt: inDays(1) }, /不存在、未上架/],
      [{ projectSn: P, actSn: 'a b', phone: nextPhone(), expiresAt: inDays(1) }, '编号格式不正确'],
      [{ projectSn: P, actSn: BUILDER, phone: nextPhone(), expiresAt: inDays(1), note: 'x'.repeat(41) }, /备注/],
      [{ projectSn: P, actSn: BUILDER, phone: 13800000000, expiresAt: inDays(1) }, /手机号/],
    ];
    for (const [body, message] of cases) {
      const res = await opsCall(h, 'POST', '/ops/v1/order-links', operator, body);
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.raw.body}`);
      assert.match(res.body.message, typeof message === 'string' ? new RegExp(message) : message);
      assert.match(res.body.message, /[\u4e00-\u9fa5]/);
    }
    for (const url of ['/ops/v1/order-links', '/ops/v1/order-links?projectSn=a%20b', '/ops/v1/order-links/items']) {
      const res = await opsCall(h, 'GET', url, operator);
      assert.equal(res.status, 400, `${url}: ${res.raw.body}`);
    }
    const missing = await opsCall(h, 'POST', '/ops/v1/order-links/OL-NONE/void', operator);
    assert.equal(missing.status, 404, missing.raw.body);
  });
});

describe('the customer', () => {
  test('opens the link: the item, package and price fixed, no coupon offered or accepted; one order uses it', async () => {
    const phone = nextPhone();
    const customer = (await h.login(phone)).token;
    const { link, url } = await issue(phone);
    const opened = await openLink(tokenOf(url), customer);
    assert.equal(opened.status, 200, opened.raw.body);
    const c = opened.body.info;
    assert.equal(c.creatType, 'LINK');
    assert.equal(c.couponAllowed, false);
    assert.equal(c.orderCourseInfo.actSn, TEACHER);
    assert.equal(c.orderCourseInfo.packageSn, WRITTEN);
    assert.equal(c.confirmOrderAmount.orderTotalAmount, link.amount);

    // The customer holds a coupon (the welcome gift), but none is usable on this order, and one sent is refused.
    const coupons = await h.get<{ list: DiscountCoupon[] }>(
      '/front/v2/client/course/order/coupons',
      { createOrderSn: c.createOrderSn },
      customer,
    );
    assert.equal(coupons.status, 200, coupons.raw.body);
    assert.ok(coupons.body.info.list.length > 0, 'the customer holds a coupon');
    assert.ok(coupons.body.info.list.every((x) => !x.isAvailable));
    const held = coupons.body.info.list[0];
    const withCoupon = await submit(customer, c, {
      orderDiscountList: [
        { discountType: 'DISCOUNT_RED', couponSn: held.couponSn, discountReceiveSn: held.rcSn, discountMoney: 100 },
      ],
      discountsAmount: 100,
      payAmount: c.confirmOrderAmount.payAmount - 100,
    });
    assert.equal(withCoupon.status, 400, withCoupon.raw.body);
    assert.equal(withCoupon.body.message, '当前订单不支持使用优惠券');
    assert.equal((await stateOf(link.linkSn))?.state, 'UNUSED');

    const placed = await submit(customer, c);
    assert.equal(placed.status, 200, placed.raw.body);
    assert.equal(placed.body.info.totalAmount, link.amount);
    const after = await stateOf(link.linkSn);
    assert.equal(after?.state, 'ORDERED');
    assert.equal(after?.orderNo, placed.body.info.orderNo);
    const [order] = await h.database.db.select().from(orders).where(eq(orders.orderNo, placed.body.info.orderNo));
    assert.equal(order.discountAmount, 0);

    // Used: opening it again, or submitting another confirmation of it, is §8 1002.
    assertLinkInvalid(await openLink(tokenOf(url), customer));
    const voidUsed = await opsCall(h, 'POST', `/ops/v1/order-links/${link.linkSn}/void`, operator);
    assert.equal(voidUsed.status, 409, voidUsed.raw.body);
    assert.equal(voidUsed.body.message, '该链接已下单，不能作废');
  });

  test('two tabs of one link submitted at once make exactly one order', async () => {
    const phone = nextPhone();
    const customer = (await h.login(phone)).token;
    const { link, url } = await issue(phone, { actSn: BUILDER, packageSn: null });
    const a = (await openLink(tokenOf(url), customer)).body.info;
    const b = (await openLink(tokenOf(url), customer)).body.info;
    assert.notEqual(a.createOrderSn, b.createOrderSn);
    const results = await Promise.all([submit(customer, a), submit(customer, b)]);
    const okOnes = results.filter((r) => r.status === 200);
    assert.equal(okOnes.length, 1, results.map((r) => r.raw.body).join('\n'));
    assertLinkInvalid(results.find((r) => r.status !== 200)!);
    const made = await h.database.db
      .select()
      .from(orders)
      .where(inArray(orders.createOrderSn, [a.createOrderSn, b.createOrderSn]));
    assert.equal(made.length, 1);
    assert.equal((await stateOf(link.linkSn))?.orderNo, okOnes[0].body.info.orderNo);
  });

  test('another customer, an expired link, a voided link or a changed price answer §8 1002', async () => {
    const phone = nextPhone();
    const customer = (await h.login(phone)).token;
    const stranger = (await h.login(nextPhone())).token;

    const theirs = await issue(phone);
    assertLinkInvalid(await openLink(tokenOf(theirs.url), stranger));
    // A link of another project for the same phone is another store's: its customers are others.
    const otherStore = await h.inject({
      method: 'POST',
      url: '/ops/v1/order-links',
      headers: OPS_KEY_AUTH,
      payload: { projectSn: 'course', actSn: 'course-course-04', phone, expiresAt: inDays(1) },
    });
    assert.equal(otherStore.status, 200, otherStore.raw.body);
    assertLinkInvalid(await openLink(tokenOf((otherStore.body.info as Issued).url), customer));

    const expiring = await issue(phone);
    await h.database.db
      .update(orderLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orderLinks.linkSn, expiring.link.linkSn));
    assertLinkInvalid(await openLink(tokenOf(expiring.url), customer));
    assert.equal((await stateOf(expiring.link.linkSn))?.state, 'EXPIRED');

    // Voided after the customer opened it: the submit finds out under the link's lock.
    const voided = await issue(phone);
    const opened = (await openLink(tokenOf(voided.url), customer)).body.info;
    const v = await opsCall(h, 'POST', `/ops/v1/order-links/${voided.link.linkSn}/void`, operator);
    assert.equal(v.status, 200, v.raw.body);
    assert.equal((v.body.info as OpsOrderLink).state, 'VOIDED');
    assertLinkInvalid(await submit(customer, opened));
    assertLinkInvalid(await openLink(tokenOf(voided.url), customer));
    const again = await opsCall(h, 'POST', `/ops/v1/order-links/${voided.link.linkSn}/void`, operator);
    assert.equal(again.status, 409);
    assert.equal(again.body.message, '该链接已作废');
    const [entry] = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.link.void'), eq(auditLog.target, `order-link:${voided.link.linkSn}`)));
    assert.equal((entry.after as OpsOrderLink).state, 'VOIDED');

    // The item's price changed after the link was issued: the link never charges another amount.
    const priced = await issue(phone, { actSn: BUILDER, packageSn: null });
    const [item] = await h.database.db.select().from(activities).where(eq(activities.actSn, BUILDER));
    await h.database.db
      .update(activities)
      .set({ price: item.price + 100 })
      .where(eq(activities.actSn, BUILDER));
    try {
      assertLinkInvalid(await openLink(tokenOf(priced.url), customer));
    } finally {
      await h.database.db.update(activities).set({ price: item.price }).where(eq(activities.actSn, BUILDER));
    }

    // Tokens that were never issued, of any shape.
    for (const bad of ['x', 'A'.repeat(32), tokenOf(theirs.url).slice(1) + 'A', '%00'.repeat(3), 'é'.repeat(300)])
      assertLinkInvalid(await openLink(bad, customer));
    const tooLong = await openLink('a'.repeat(3000), customer);
    assert.ok(tooLong.status >= 400 && tooLong.status < 500, tooLong.raw.body);
  });

  test('a visitor without a phone is asked to log in', async () => {
    const { url } = await issue(nextPhone());
    const visitor = await h.enter(P);
    const res = await openLink(tokenOf(url), visitor);
    assert.equal(res.status, 403, res.raw.body);
    assert.equal(res.body.message, '请先登录后再下单');
  });
});

describe('roles and projects', () => {
  test("an operator of another project is refused the project's links; support reads but cannot issue", async () => {
    const { link } = await issue(nextPhone());
    const other = (await operatorSession(h, 'operator', ['course'])).token;
    for (const [method, url, body] of [
      ['GET', `/ops/v1/order-links?projectSn=${P}`],
      ['GET', `/ops/v1/order-links/items?projectSn=${P}`],
      ['POST', '/ops/v1/order-links', { projectSn: P, actSn: BUILDER, phone: nextPhone(), expiresAt: inDays(1) }],
      ['POST', `/ops/v1/order-links/${link.linkSn}/void`],
    ] as const) {
      const res = await opsCall(h, method, url, other, body);
      assert.equal(res.status, 403, `${method} ${url}: ${res.raw.body}`);
    }
    assert.equal((await stateOf(link.linkSn))?.state, 'UNUSED');

    const support = (await operatorSession(h, 'support', [P])).token;
    const read = await opsCall(h, 'GET', `/ops/v1/order-links?projectSn=${P}`, support);
    assert.equal(read.status, 200, read.raw.body);
    const write = await opsCall(h, 'POST', '/ops/v1/order-links', support, {
      projectSn: P,
      actSn: BUILDER,
      phone: nextPhone(),
      expiresAt: inDays(1),
    });
    assert.equal(write.status, 403, write.raw.body);
    const script = await h.inject({
      method: 'POST',
      url: '/ops/v1/order-links',
      headers: OPS_KEY_AUTH,
      payload: { projectSn: P, actSn: BUILDER, phone: nextPhone(), expiresAt: inDays(1) },
    });
    assert.equal(script.status, 200, script.raw.body);
    assert.equal((script.body.info as Issued).link.createdBy, 'OPS_KEY');
  });
});
