/**
 * Points items as operators edit them (/ops/v1/integral/items): an item of the project made a points item is
 * priced in points at once on the storefront (detail and search cards), an edit shows at once, bad figures are
 * refused with Chinese messages, another project's operator and the support role are refused, every change is
 * audited, and ending one nobody ordered makes it its plain item again while one with orders goes off sale.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type { CatalogueItem } from '@contract/ops-catalogue';
import { POINTS_ITEM_MESSAGES, type PointsItem } from '@contract/ops-integral';
import { OPS_AUTH_MESSAGES } from '@contract/operators';
import type { Paged } from '@contract/common';
import type { ActivityCard } from '@contract/pages';
import { auditLog } from '../../../src/domains/operators/schema';
import { orders } from '../../../src/domains/order/schema';
import { buildHarness, type Harness } from '../../helpers/app';
import { opsCall, operatorSession } from '../operators/ops-client';

let h: Harness;
const P = 'integral';
let op: string;
let other: string;
let support: string;

before(async () => {
  h = await buildHarness();
  op = (await operatorSession(h, 'operator', [P])).token;
  other = (await operatorSession(h, 'operator', ['demo'])).token;
  support = (await operatorSession(h, 'support', [P])).token;
});
after(async () => {
  await h.close();
});

/** A goods item of the project, on sale. */
async function goods(name: string) {
  const made = await opsCall(h, 'POST', '/ops/v1/catalogue/items', op, {
    projectSn: P,
    actName: name,
    actType: 'GOODS',
    cover: '/static/demo/cover.png',
    price: 5000,
    orderPayType: 1,
    deliveryType: 4,
  });
  assert.equal(made.status, 200, made.raw.body);
  const item = made.body.info as CatalogueItem;
  const pub = await opsCall(h, 'POST', `/ops/v1/catalogue/items/${item.actSn}/publish`, op);
  assert.equal(pub.status, 200, pub.raw.body);
  return item.actSn;
}

const detail = async (actSn: string) => {
  const visitor = await h.enter(P);
  const res = await h.get<{ pointsPrice?: unknown; integralPackage: unknown }>(
    '/front/v1/activity/details',
    { actSn },
    visitor,
  );
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info;
};

describe('points items', () => {
  test('create and edit: the storefront prices it in points at once; audited', async () => {
    const actSn = await goods('积分兑换保温杯');
    assert.equal((await detail(actSn)).pointsPrice ?? null, null, 'a plain item first');

    const made = await opsCall(h, 'POST', '/ops/v1/integral/items', op, {
      projectSn: P,
      actSn,
      integralType: 'MOBILE_INTEGRAL',
      points: 2000,
      cashAmount: 990,
    });
    assert.equal(made.status, 200, made.raw.body);
    const item = made.body.info as PointsItem;
    assert.deepEqual(
      { type: item.integralType, points: item.points, cash: item.cashAmount, state: item.state },
      { type: 'MOBILE_INTEGRAL', points: 2000, cash: 990, state: 'ONLINE' },
    );
    assert.deepEqual((await detail(actSn)).pointsPrice, {
      integralType: 'MOBILE_INTEGRAL',
      points: 2000,
      cashAmount: 990,
    });

    const edited = await opsCall(h, 'PATCH', `/ops/v1/integral/items/${actSn}`, op, {
      integralType: 'UNICOM_INTEGRAL',
      points: 1800,
      cashAmount: 0,
    });
    assert.equal(edited.status, 200, edited.raw.body);
    assert.deepEqual((await detail(actSn)).pointsPrice, {
      integralType: 'UNICOM_INTEGRAL',
      points: 1800,
      cashAmount: 0,
    });
    const visitor = await h.enter(P);
    const search = await h.get<Paged<ActivityCard>>(
      '/front/v1/search',
      { keyword: '积分兑换保温杯', page: 1, perSize: 10 },
      visitor,
    );
    assert.deepEqual(search.body.info.list.find((c) => c.actSn === actSn)?.pointsPrice, {
      integralType: 'UNICOM_INTEGRAL',
      points: 1800,
      cashAmount: 0,
    });

    const listed = await opsCall(h, 'GET', `/ops/v1/integral/items?projectSn=${P}`, op);
    assert.equal(listed.status, 200, listed.raw.body);
    const row = (listed.body.info as { list: PointsItem[] }).list.find((r) => r.actSn === actSn);
    assert.equal(row?.points, 1800);

    const audits = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `activity:${actSn}`), eq(auditLog.action, 'integral.item.update')));
    assert.equal(audits.length, 1);
    assert.equal((audits[0].before as PointsItem).points, 2000);
    assert.equal((audits[0].after as PointsItem).points, 1800);

    const twice = await opsCall(h, 'POST', '/ops/v1/integral/items', op, {
      projectSn: P,
      actSn,
      integralType: '',
      points: 1,
      cashAmount: 0,
    });
    assert.equal(twice.status, 400);
    assert.equal(twice.body.message, POINTS_ITEM_MESSAGES.already);
  });

  test('bad figures refused with Chinese messages, nothing saved', async () => {
    const actSn = await goods('积分校验商品');
    const bad = [
      [{ points: 0, cashAmount: 0, integralType: '' }, POINTS_ITEM_MESSAGES.points],
      [{ points: 1.5, cashAmount: 0, integralType: '' }, POINTS_ITEM_MESSAGES.points],
      [{ points: 10, cashAmount: -1, integralType: '' }, POINTS_ITEM_MESSAGES.cashAmount],
      [{ points: 10, cashAmount: 9.5, integralType: '' }, POINTS_ITEM_MESSAGES.cashAmount],
      [{ points: 10, cashAmount: 0, integralType: 'TELECOM' }, POINTS_ITEM_MESSAGES.carrier],
      [{ points: 10, cashAmount: 0, integralType: '', maxIntegral: 5 }, POINTS_ITEM_MESSAGES.overMax],
    ] as const;
    for (const [fields, message] of bad) {
      const res = await opsCall(h, 'POST', '/ops/v1/integral/items', op, { projectSn: P, actSn, ...fields });
      assert.equal(res.status, 400, JSON.stringify(fields));
      assert.ok(String(res.body.message).includes(message), `${res.body.message} ⊇ ${message}`);
    }
    assert.equal((await detail(actSn)).pointsPrice ?? null, null);
    const missing = await opsCall(h, 'POST', '/ops/v1/integral/items', op, {
      projectSn: P,
      actSn: 'no-such-item',
      integralType: '',
      points: 10,
      cashAmount: 0,
    });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.message, POINTS_ITEM_MESSAGES.baseMissing);
  });

  test('carrier narrowing and preview link: saved, served, kept when absent, audited; bad ones refused', async () => {
    const actSn = await goods('积分限定类型商品');
    const body = { integralType: '', points: 600, cashAmount: 0 };
    const made = await opsCall(h, 'POST', '/ops/v1/integral/items', op, { projectSn: P, actSn, ...body });
    assert.equal(made.status, 200, made.raw.body);
    assert.deepEqual((await detail(actSn)).pointsPrice, { integralType: '', points: 600, cashAmount: 0 });

    const preview = `/#/pages/activity/activityDetail?actSn=${actSn}`;
    const saved = await opsCall(h, 'PATCH', `/ops/v1/integral/items/${actSn}`, op, {
      ...body,
      minIntegralType: 'UNICOM_INTEGRAL',
      actPreviewUrl: ` ${preview} `,
    });
    assert.equal(saved.status, 200, saved.raw.body);
    const item = saved.body.info as PointsItem;
    assert.deepEqual([item.minIntegralType, item.actPreviewUrl], ['UNICOM_INTEGRAL', preview]);
    // The storefront at once (the read caches were dropped): the price is in the narrowed carrier's points.
    const shown = (await detail(actSn)) as {
      pointsPrice: unknown;
      integralPackage: { minIntegralType: string | null; actPreviewUrl: string | null };
    };
    assert.deepEqual(shown.pointsPrice, { integralType: 'UNICOM_INTEGRAL', points: 600, cashAmount: 0 });
    assert.deepEqual(
      [shown.integralPackage.minIntegralType, shown.integralPackage.actPreviewUrl],
      ['UNICOM_INTEGRAL', preview],
    );
    const [audit] = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `activity:${actSn}`), eq(auditLog.action, 'integral.item.update')));
    assert.equal((audit.before as PointsItem).minIntegralType, null);
    assert.equal((audit.after as PointsItem).actPreviewUrl, preview);

    // A save without them (an older client) keeps them; an empty value clears.
    const kept = await opsCall(h, 'PATCH', `/ops/v1/integral/items/${actSn}`, op, { ...body, points: 700 });
    assert.equal((kept.body.info as PointsItem).minIntegralType, 'UNICOM_INTEGRAL');
    assert.equal((kept.body.info as PointsItem).actPreviewUrl, preview);

    const bad = [
      [{ minIntegralType: 'TELECOM' }, POINTS_ITEM_MESSAGES.minCarrier],
      [{ integralType: 'MOBILE_INTEGRAL' }, POINTS_ITEM_MESSAGES.minCarrierMismatch],
      [{ actPreviewUrl: 'javascript:alert(1)' }, POINTS_ITEM_MESSAGES.previewUrl],
      [{ actPreviewUrl: '//elsewhere.example/x' }, POINTS_ITEM_MESSAGES.previewUrl],
      [{ actPreviewUrl: 'http://plain.example/x' }, POINTS_ITEM_MESSAGES.previewUrl],
      [{ actPreviewUrl: `https://a.example/${'x'.repeat(500)}` }, POINTS_ITEM_MESSAGES.previewUrlLong],
    ] as const;
    for (const [fields, message] of bad) {
      const res = await opsCall(h, 'PATCH', `/ops/v1/integral/items/${actSn}`, op, { ...body, ...fields });
      assert.equal(res.status, 400, JSON.stringify(fields));
      assert.ok(String(res.body.message).includes(message), `${res.body.message} ⊇ ${message}`);
    }
    const other = await goods('积分限定类型新建');
    const mismatch = await opsCall(h, 'POST', '/ops/v1/integral/items', op, {
      projectSn: P,
      actSn: other,
      ...body,
      integralType: 'MOBILE_INTEGRAL',
      minIntegralType: 'UNICOM_INTEGRAL',
    });
    assert.equal(mismatch.status, 400);
    assert.equal(mismatch.body.message, POINTS_ITEM_MESSAGES.minCarrierMismatch);
    assert.equal((await detail(other)).pointsPrice ?? null, null, 'nothing saved');
    const after = await opsCall(h, 'GET', `/ops/v1/integral/items/${actSn}`, op);
    assert.deepEqual(
      [(after.body.info as PointsItem).points, (after.body.info as PointsItem).minIntegralType],
      [700, 'UNICOM_INTEGRAL'],
    );

    const cleared = await opsCall(h, 'PATCH', `/ops/v1/integral/items/${actSn}`, op, {
      ...body,
      minIntegralType: '',
      actPreviewUrl: null,
    });
    assert.equal(cleared.status, 200, cleared.raw.body);
    assert.deepEqual(
      [(cleared.body.info as PointsItem).minIntegralType, (cleared.body.info as PointsItem).actPreviewUrl],
      [null, null],
    );
    assert.deepEqual((await detail(actSn)).pointsPrice, { integralType: '', points: 600, cashAmount: 0 });
  });

  test("another project's operator and the support role are refused", async () => {
    const actSn = await goods('积分越权商品');
    const body = { projectSn: P, actSn, integralType: '', points: 10, cashAmount: 0 };
    const foreign = await opsCall(h, 'POST', '/ops/v1/integral/items', other, body);
    assert.equal(foreign.status, 403);
    assert.equal(foreign.body.message, OPS_AUTH_MESSAGES.forbiddenProject);
    assert.equal((await opsCall(h, 'POST', '/ops/v1/integral/items', support, body)).status, 403);
    assert.equal((await opsCall(h, 'POST', '/ops/v1/integral/items', op, body)).status, 200);
    const patch = { integralType: '', points: 20, cashAmount: 0 };
    assert.equal((await opsCall(h, 'PATCH', `/ops/v1/integral/items/${actSn}`, other, patch)).status, 403);
    assert.equal((await opsCall(h, 'PATCH', `/ops/v1/integral/items/${actSn}`, support, patch)).status, 403);
    assert.equal((await opsCall(h, 'POST', `/ops/v1/integral/items/${actSn}/end`, other)).status, 403);
    assert.equal((await opsCall(h, 'GET', `/ops/v1/integral/items?projectSn=${P}`, other)).status, 403);
    const kept = await opsCall(h, 'GET', `/ops/v1/integral/items/${actSn}`, op);
    assert.equal((kept.body.info as PointsItem).points, 10);
  });

  test('end: unordered becomes its plain item again; ordered goes off sale and is kept', async () => {
    const plain = await goods('积分结束商品');
    const body = { projectSn: P, integralType: 'MOBILE_INTEGRAL', points: 300, cashAmount: 0 };
    assert.equal((await opsCall(h, 'POST', '/ops/v1/integral/items', op, { ...body, actSn: plain })).status, 200);
    assert.equal(
      ((await opsCall(h, 'GET', `/ops/v1/integral/items/${plain}`, op)).body.info as PointsItem).endReverts,
      true,
    );
    const reverted = await opsCall(h, 'POST', `/ops/v1/integral/items/${plain}/end`, op);
    assert.equal(reverted.status, 200, reverted.raw.body);
    assert.equal((reverted.body.info as { outcome: string }).outcome, 'REVERTED');
    assert.equal((await detail(plain)).pointsPrice ?? null, null);
    assert.equal((await opsCall(h, 'GET', `/ops/v1/integral/items/${plain}`, op)).status, 404);

    const ordered = await goods('积分已下单商品');
    assert.equal((await opsCall(h, 'POST', '/ops/v1/integral/items', op, { ...body, actSn: ordered })).status, 200);
    const [someone] = await h.database.db.select().from(orders).limit(1);
    await h.database.db.insert(orders).values({
      ...someone,
      orderNo: `PI${Date.now()}`,
      createOrderSn: `pi-test-${Date.now()}`,
      actSn: ordered,
    });
    const ended = await opsCall(h, 'POST', `/ops/v1/integral/items/${ordered}/end`, op);
    assert.equal((ended.body.info as { outcome: string }).outcome, 'ENDED');
    const kept = await opsCall(h, 'GET', `/ops/v1/integral/items/${ordered}`, op);
    assert.equal((kept.body.info as PointsItem).state, 'OFFLINE');
    assert.equal((kept.body.info as PointsItem).points, 300);
  });

  test('end: an item made a points item from the start has no plain item to become: off sale, kept', async () => {
    const born = 'integral-integral-06';
    const before = await opsCall(h, 'GET', `/ops/v1/integral/items/${born}`, op);
    assert.equal(before.status, 200, before.raw.body);
    assert.equal((before.body.info as PointsItem).orderCount, 0);
    assert.equal((before.body.info as PointsItem).endReverts, false);
    const ended = await opsCall(h, 'POST', `/ops/v1/integral/items/${born}/end`, op);
    assert.equal(ended.status, 200, ended.raw.body);
    assert.equal((ended.body.info as { outcome: string }).outcome, 'ENDED');
    const kept = await opsCall(h, 'GET', `/ops/v1/integral/items/${born}`, op);
    assert.equal((kept.body.info as PointsItem).state, 'OFFLINE');
    assert.equal((kept.body.info as PointsItem).points, (before.body.info as PointsItem).points);
  });
});
