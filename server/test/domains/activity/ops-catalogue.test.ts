/**
 * The catalogue as operators edit it (/ops/v1/catalogue): create → publish → the storefront's detail and order
 * confirmation show exactly what was saved; publish refused with the rule's Chinese messages when a plan does not
 * add up; archive instead of delete when orders name the item; the introduction sanitised; every change audited;
 * another project's operator and the support role refused; malformed bodies answered 400.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type { CatalogueItem, CatalogueItemInput } from '@contract/ops-catalogue';
import { PUBLISH_MESSAGES } from '@contract/rules/catalogue-publish';
import { OPS_AUTH_MESSAGES } from '@contract/operators';
import { activities } from '../../../src/domains/activity/schema';
import { orders } from '../../../src/domains/order/schema';
import { auditLog } from '../../../src/domains/operators/schema';
import { buildHarness, type Harness } from '../../helpers/app';
import { OPS_KEY_AUTH, opsCall, operatorSession } from '../operators/ops-client';

let h: Harness;
const A = 'course';
const B = 'demo';
let opA: string;
const OPS_KEY = OPS_KEY_AUTH.authorization.slice('Bearer '.length);

before(async () => {
  h = await buildHarness();
  opA = (await operatorSession(h, 'operator', [A])).token;
});
after(async () => {
  await h.close();
});

const course = (
  over: Partial<CatalogueItemInput & { projectSn: string }> = {},
): CatalogueItemInput & { projectSn: string } => ({
  projectSn: A,
  actName: '分期测试课程',
  actType: 'COURSE',
  cover: '/static/demo/cover.png',
  price: 120000,
  orderPayType: 3,
  installmentPlan: [
    { amount: 60000, dueDays: 0 },
    { amount: 30000, dueDays: 30 },
    { amount: 30000, dueDays: 60 },
  ],
  deliveryType: 4,
  refundTags: [1],
  tags: ['热卖'],
  introduce: '<p>课程介绍</p><script>alert(1)</script><img src="x" onerror="alert(1)">',
  stock: 50,
  ...over,
});

async function create(body: Record<string, unknown>, token = opA) {
  const res = await opsCall(h, 'POST', '/ops/v1/catalogue/items', token, body);
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info as CatalogueItem;
}

describe('catalogue items', () => {
  test('create, publish, and the storefront shows the saved price and plan', async () => {
    const item = await create(course());
    assert.equal(item.state, 'OFFLINE');
    assert.deepEqual(item.publishProblems, []);
    assert.ok(!item.introduce.includes('<script'), 'introduction sanitised');
    assert.ok(!item.introduce.includes('onerror'));

    const visitor = await h.enter(A);
    const hidden = await h.get('/front/v1/activity/details', { actSn: item.actSn }, visitor);
    assert.equal(hidden.status, 404, 'unpublished items are not shown');

    const pub = await opsCall(h, 'POST', `/ops/v1/catalogue/items/${item.actSn}/publish`, opA);
    assert.equal(pub.status, 200, pub.raw.body);
    assert.equal((pub.body.info as CatalogueItem).state, 'ONLINE');

    const shown = await h.get<{ price: number; installmentNum: number; refundTags: number[] }>(
      '/front/v1/activity/details',
      { actSn: item.actSn },
      visitor,
    );
    assert.equal(shown.status, 200, shown.raw.body);
    assert.equal(shown.body.info.price, 120000);
    assert.equal(shown.body.info.installmentNum, 3);
    assert.deepEqual(shown.body.info.refundTags, [1]);

    // A price change through /ops is seen at once (read models dropped), plan and price changed together.
    const changed = await opsCall(h, 'PATCH', `/ops/v1/catalogue/items/${item.actSn}`, opA, {
      ...course(),
      projectSn: undefined,
      price: 90000,
      installmentPlan: [
        { amount: 45000, dueDays: 0 },
        { amount: 45000, dueDays: 45 },
      ],
    });
    assert.equal(changed.status, 200, changed.raw.body);
    const again = await h.get<{ price: number; installmentNum: number }>(
      '/front/v1/activity/details',
      { actSn: item.actSn },
      visitor,
    );
    assert.equal(again.body.info.price, 90000);
    assert.equal(again.body.info.installmentNum, 2);

    const listed = await opsCall(h, 'GET', `/ops/v1/catalogue/items?projectSn=${A}&keyword=分期测试`, opA);
    assert.equal(listed.status, 200, listed.raw.body);
    const row = (listed.body.info as { list: { actSn: string; stock: number; state: string }[] }).list.find(
      (r) => r.actSn === item.actSn,
    );
    assert.equal(row?.stock, 50);
    assert.equal(row?.state, 'ONLINE');

    const audit = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `activity:${item.actSn}`), eq(auditLog.action, 'catalogue.item.update')));
    assert.equal(audit.length, 1);
    assert.equal((audit[0].before as { price: number }).price, 120000);
    assert.equal((audit[0].after as { price: number }).price, 90000);
  });

  test('publish is refused with the rule’s message when the plan does not add up', async () => {
    const item = await create(
      course({
        installmentPlan: [
          { amount: 60000, dueDays: 0 },
          { amount: 30000, dueDays: 30 },
        ],
      }),
    );
    assert.deepEqual(item.publishProblems, [PUBLISH_MESSAGES.planSum(90000, 120000)]);
    const res = await opsCall(h, 'POST', `/ops/v1/catalogue/items/${item.actSn}/publish`, opA);
    assert.equal(res.status, 400);
    assert.ok(res.body.message.includes('各期金额合计 900 元，须等于应付金额 1200 元'), res.body.message);
    assert.deepEqual((res.body.info as { problems: string[] }).problems, item.publishProblems);
    const [row] = await h.database.db.select().from(activities).where(eq(activities.actSn, item.actSn));
    assert.equal(row.status, 'OFFLINE');

    // One period is refused too; 包邮 with freight as well.
    const one = await create(course({ installmentPlan: [{ amount: 120000, dueDays: 0 }] }));
    assert.ok(one.publishProblems.includes(PUBLISH_MESSAGES.periods));
    const freight = await create(
      course({ orderPayType: 1, installmentPlan: [], deliveryType: 1, freight: 800, tags: ['包邮'] }),
    );
    assert.deepEqual(freight.publishProblems, [PUBLISH_MESSAGES.freeShippingTag]);
  });

  test('an item on sale cannot be saved into figures that do not add up', async () => {
    const item = await create(course());
    await opsCall(h, 'POST', `/ops/v1/catalogue/items/${item.actSn}/publish`, opA);
    const res = await opsCall(h, 'PATCH', `/ops/v1/catalogue/items/${item.actSn}`, opA, {
      ...course(),
      projectSn: undefined,
      price: 130000,
    });
    assert.equal(res.status, 400);
    assert.ok(res.body.message.includes('各期金额合计'), res.body.message);
    const [row] = await h.database.db.select().from(activities).where(eq(activities.actSn, item.actSn));
    assert.equal(row.price, 120000);
  });

  test('delete removes an unordered item and archives one that orders name', async () => {
    const item = await create(course());
    const del = await opsCall(h, 'DELETE', `/ops/v1/catalogue/items/${item.actSn}`, opA);
    assert.equal(del.status, 200, del.raw.body);
    assert.equal((del.body.info as { outcome: string }).outcome, 'DELETED');
    assert.equal((await h.database.db.select().from(activities).where(eq(activities.actSn, item.actSn))).length, 0);

    // The seed's orders are in the demo project: an owner (the OPS_KEY) archives one of their items.
    const [ordered] = await h.database.db.select().from(orders).limit(1);
    assert.ok(ordered, 'the seed has an order');
    const arch = await opsCall(h, 'DELETE', `/ops/v1/catalogue/items/${ordered.actSn}`, OPS_KEY);
    assert.equal(arch.status, 200, arch.raw.body);
    assert.equal((arch.body.info as { outcome: string }).outcome, 'ARCHIVED');
    const [row] = await h.database.db.select().from(activities).where(eq(activities.actSn, ordered.actSn));
    assert.equal(row.status, 'ARCHIVED');
    const pub = await opsCall(h, 'POST', `/ops/v1/catalogue/items/${ordered.actSn}/publish`, OPS_KEY);
    assert.equal(pub.status, 400);
  });

  test('malformed bodies are answered 400 with a Chinese message, never 5xx', async () => {
    const bad: unknown[] = [
      {},
      { ...course(), price: -1 },
      { ...course(), price: 1.5 },
      { ...course(), actType: 'X' },
      { ...course(), cover: 'javascript:alert(1)' },
      { ...course(), installmentPlan: 'x' },
      { ...course(), installmentPlan: Array.from({ length: 13 }, () => ({ amount: 1, dueDays: 0 })) },
      { ...course(), refundTags: [99] },
      { ...course(), deliveryType: 2 },
      { ...course(), actName: '' },
    ];
    for (const body of bad) {
      const res = await opsCall(h, 'POST', '/ops/v1/catalogue/items', opA, body);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 80));
      assert.match(res.body.message, /[\u4e00-\u9fa5]/, res.body.message);
    }
    const unknown = await opsCall(h, 'GET', '/ops/v1/catalogue/items/NO-SUCH', opA);
    assert.equal(unknown.status, 404);
  });

  test('project settings: read, save, audited', async () => {
    const read = await opsCall(h, 'GET', `/ops/v1/projects/${A}/settings`, opA);
    assert.equal(read.status, 200, read.raw.body);
    const name = (read.body.info as { name: string }).name;
    const put = await opsCall(h, 'PUT', `/ops/v1/projects/${A}/settings`, opA, { name: `${name}·`, tips: '欢迎' });
    assert.equal(put.status, 200, put.raw.body);
    assert.equal((put.body.info as { tips: string }).tips, '欢迎');
    const restore = await opsCall(h, 'PUT', `/ops/v1/projects/${A}/settings`, OPS_KEY, {
      name,
      tips: null,
    });
    assert.equal(restore.status, 200);
    const bad = await opsCall(h, 'PUT', `/ops/v1/projects/${A}/settings`, opA, { name: '' });
    assert.equal(bad.status, 400);
  });
});

describe('scope and roles', () => {
  test("an operator of project A is refused project B's items and settings on every route", async () => {
    const [b] = await h.database.db.select().from(activities).where(eq(activities.projectSn, B)).limit(1);
    const body = course({ projectSn: B });
    const { projectSn: _drop, ...fields } = body;
    void _drop;
    const probes: [string, string, unknown?][] = [
      ['GET', `/ops/v1/catalogue/items?projectSn=${B}`],
      ['GET', `/ops/v1/catalogue/items/${b.actSn}`],
      ['POST', '/ops/v1/catalogue/items', body],
      ['PATCH', `/ops/v1/catalogue/items/${b.actSn}`, fields],
      ['POST', `/ops/v1/catalogue/items/${b.actSn}/publish`],
      ['POST', `/ops/v1/catalogue/items/${b.actSn}/unpublish`],
      ['DELETE', `/ops/v1/catalogue/items/${b.actSn}`],
      ['GET', `/ops/v1/catalogue/upload-credentials?projectSn=${B}`],
      ['GET', `/ops/v1/projects/${B}/settings`],
      ['PUT', `/ops/v1/projects/${B}/settings`, { name: '越权' }],
    ];
    for (const [method, url, payload] of probes) {
      const res = await opsCall(h, method, url, opA, payload);
      assert.equal(res.status, 403, `${method} ${url}: ${res.raw.body}`);
      assert.equal(res.body.message, OPS_AUTH_MESSAGES.forbiddenProject);
    }
    const [still] = await h.database.db.select().from(activities).where(eq(activities.actSn, b.actSn));
    assert.equal(still.status, b.status);
  });

  test('support may read the catalogue but not change it', async () => {
    const support = (await operatorSession(h, 'support', [A])).token;
    const [a] = await h.database.db.select().from(activities).where(eq(activities.projectSn, A)).limit(1);
    const read = await opsCall(h, 'GET', `/ops/v1/catalogue/items/${a.actSn}`, support);
    assert.equal(read.status, 200, read.raw.body);
    const writes: [string, string, unknown?][] = [
      ['POST', '/ops/v1/catalogue/items', course()],
      ['POST', `/ops/v1/catalogue/items/${a.actSn}/unpublish`],
      ['DELETE', `/ops/v1/catalogue/items/${a.actSn}`],
      ['GET', `/ops/v1/catalogue/upload-credentials?projectSn=${A}`],
      ['PUT', `/ops/v1/projects/${A}/settings`, { name: '越权' }],
    ];
    for (const [method, url, payload] of writes) {
      const res = await opsCall(h, method, url, support, payload);
      assert.equal(res.status, 403, `${method} ${url}: ${res.raw.body}`);
      assert.equal(res.body.message, OPS_AUTH_MESSAGES.forbiddenRole);
    }
  });

  test('upload credentials are for the project’s catalogue folder', async () => {
    const res = await opsCall(h, 'GET', `/ops/v1/catalogue/upload-credentials?projectSn=${A}`, opA);
    assert.equal(res.status, 200, res.raw.body);
    assert.equal((res.body.info as { dir: string }).dir, `c/${A}/`);
  });
});
