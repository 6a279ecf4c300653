/**
 * 栏目 of 页面装修 (/ops/columns): a column made, renamed and filled by an operator is what the storefront's column
 * list shows at once, in the order given; only the project's own items that are not archived go in; a column a
 * module shows is not deleted; every change is audited; finance reads but may not write, support may not use it,
 * and another project's operator is refused.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { OPS_AUTH_MESSAGES as M, type AuditEntry } from '@contract/operators';
import type { OpsColumn, OpsColumnDetail, OpsColumnItem } from '@contract/ops-columns';
import type { OpsModule } from '@contract/ops-pages';
import type { ColumnList } from '@contract/pages';
import { activities } from '../../../src/domains/activity/schema';
import { buildHarness, type Harness } from '../../helpers/app';
import { opsCall, operatorSession } from '../operators/ops-client';

let h: Harness;
let op = { token: '', id: 0, username: '' };
let customer = '';
let options: OpsColumnItem[] = [];

before(async () => {
  h = await buildHarness();
  op = await operatorSession(h, 'operator', ['demo']);
  customer = await h.enter('demo');
  const res = await ops('GET', '/ops/columns/item-options?projectSn=demo');
  assert.equal(res.status, 200, res.raw.body);
  options = (res.body.info as { list: OpsColumnItem[] }).list;
});
after(() => h.close());

const ops = (method: string, url: string, payload?: unknown, token = op.token) =>
  opsCall(h, method, url, token, payload);

const storefrontColumn = async (columnSn: string) =>
  h.post<ColumnList>('/front/v1/customerPage/module/column/list', { columnSn, page: 1, perSize: 50 }, customer);

const online = () => options.filter((o) => o.status === 'ONLINE');

describe('columns', () => {
  test('created, renamed and filled: the storefront lists its cards in the order given, at once', async () => {
    const made = await ops('POST', '/ops/columns', { projectSn: 'demo', title: ' 春季精选 ' });
    assert.equal(made.status, 200, made.raw.body);
    const column = made.body.info as OpsColumnDetail;
    assert.equal(column.title, '春季精选');
    assert.equal(column.itemCount, 0);

    let shown = await storefrontColumn(column.columnSn);
    assert.equal(shown.status, 200, shown.raw.body);
    assert.deepEqual(shown.body.info.list, []); // and now cached

    const picks = online()
      .slice(0, 3)
      .map((o) => o.actSn)
      .reverse();
    assert.equal(picks.length, 3);
    const filled = await ops('PUT', `/ops/columns/${column.columnSn}/items`, { actSns: picks });
    assert.equal(filled.status, 200, filled.raw.body);
    assert.deepEqual(
      (filled.body.info as OpsColumnDetail).items.map((i) => i.actSn),
      picks,
    );
    shown = await storefrontColumn(column.columnSn);
    assert.deepEqual(
      shown.body.info.list.map((c) => c.actSn),
      picks,
    );

    const reordered = [picks[2], picks[0], picks[1]];
    await ops('PUT', `/ops/columns/${column.columnSn}/items`, { actSns: reordered });
    const renamed = await ops('PATCH', `/ops/columns/${column.columnSn}`, { title: '夏季精选' });
    assert.equal(renamed.status, 200, renamed.raw.body);
    shown = await storefrontColumn(column.columnSn);
    assert.equal(shown.body.info.columnTitle, '夏季精选');
    assert.deepEqual(
      shown.body.info.list.map((c) => c.actSn),
      reordered,
    );

    const list = (await ops('GET', '/ops/columns?projectSn=demo')).body.info as { list: OpsColumn[] };
    const listed = list.list.find((c) => c.columnSn === column.columnSn);
    assert.deepEqual(listed, { columnSn: column.columnSn, projectSn: 'demo', title: '夏季精选', itemCount: 3 });
    const detail = await ops('GET', `/ops/columns/${column.columnSn}`);
    assert.deepEqual(
      (detail.body.info as OpsColumnDetail).items.map((i) => i.actSn),
      reordered,
    );

    // Emptied, then deleted: the storefront no longer finds it.
    const emptied = await ops('PUT', `/ops/columns/${column.columnSn}/items`, { actSns: [] });
    assert.equal(emptied.status, 200, emptied.raw.body);
    assert.deepEqual((await storefrontColumn(column.columnSn)).body.info.list, []);
    const deleted = await ops('DELETE', `/ops/columns/${column.columnSn}`);
    assert.equal(deleted.status, 200, deleted.raw.body);
    assert.equal((await storefrontColumn(column.columnSn)).status, 404);

    const owner = await operatorSession(h, 'owner', []);
    const audit = await ops('GET', `/ops/v1/audit?operatorId=${op.id}`, undefined, owner.token);
    const entries = (audit.body.info as { list: AuditEntry[] }).list.filter(
      (e) => e.target === `column:${column.columnSn}`,
    );
    assert.deepEqual(entries.map((e) => e.action).sort(), [
      'pages.column.create',
      'pages.column.delete',
      'pages.column.items',
      'pages.column.items',
      'pages.column.items',
      'pages.column.update',
    ]);
    const rename = entries.find((e) => e.action === 'pages.column.update')!;
    assert.equal((rename.before as OpsColumn).title, '春季精选');
    assert.equal((rename.after as OpsColumn).title, '夏季精选');
  });

  test("another project's item, an archived one, a repeat or a bad name is refused in Chinese", async () => {
    const column = (await ops('POST', '/ops/columns', { projectSn: 'demo', title: '校验' })).body
      .info as OpsColumnDetail;
    const url = `/ops/columns/${column.columnSn}/items`;
    const foreign = await ops('PUT', url, { actSns: [online()[0].actSn, 'course-course-01'] });
    assert.equal(foreign.status, 400);
    assert.equal(foreign.body.message, '所选商品不存在或不属于本项目');
    const missing = await ops('PUT', url, { actSns: ['no-such-item'] });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.message, '所选商品不存在或不属于本项目');

    const archived = online().at(-1)!;
    await h.database.db.update(activities).set({ status: 'ARCHIVED' }).where(eq(activities.actSn, archived.actSn));
    try {
      const refused = await ops('PUT', url, { actSns: [archived.actSn] });
      assert.equal(refused.status, 400);
      assert.equal(refused.body.message, `「${archived.actName}」已归档，不能放入栏目`);
      const opts = (await ops('GET', '/ops/columns/item-options?projectSn=demo')).body.info as {
        list: OpsColumnItem[];
      };
      assert.ok(!opts.list.some((o) => o.actSn === archived.actSn), 'archived items are not offered');
    } finally {
      await h.database.db.update(activities).set({ status: 'ONLINE' }).where(eq(activities.actSn, archived.actSn));
    }

    const twice = await ops('PUT', url, { actSns: [online()[0].actSn, online()[0].actSn] });
    assert.equal(twice.status, 400);
    assert.match(twice.body.message, /同一商品只能选一次/);
    const many = await ops('PUT', url, { actSns: Array.from({ length: 101 }, (_, i) => `x-${i}`) });
    assert.equal(many.status, 400);
    assert.match(many.body.message, /最多100个商品/);
    const blank = await ops('POST', '/ops/columns', { projectSn: 'demo', title: '  ' });
    assert.equal(blank.status, 400);
    assert.match(blank.body.message, /请填写栏目名称/);
    const long = await ops('PATCH', `/ops/columns/${column.columnSn}`, {
      title: '一二三四五六七八九十一二三四五六七八九十一',
    });
    assert.equal(long.status, 400);
    assert.match(long.body.message, /栏目名称不能超过20个字/);
    const untouched = (await ops('GET', `/ops/columns/${column.columnSn}`)).body.info as OpsColumnDetail;
    assert.equal(untouched.itemCount, 0);
    assert.equal((await ops('DELETE', `/ops/columns/${column.columnSn}`)).status, 200);
    assert.equal((await ops('GET', `/ops/columns/${column.columnSn}`)).status, 404);
  });

  test('a column a module shows is not deleted, the modules named; once none does, it goes', async () => {
    const inUse = await ops('DELETE', '/ops/columns/demo-col-course');
    assert.equal(inUse.status, 409);
    assert.match(inUse.body.message, /^该栏目正在被使用（.*「.+」的课程栏目.*），不能删除$/);

    const column = (await ops('POST', '/ops/columns', { projectSn: 'demo', title: '临时栏目' })).body
      .info as OpsColumnDetail;
    const mod = await ops('POST', '/ops/pages/demo-tab-3/modules', {
      moduleType: 'ACTIVITY_COLUMN',
      title: '限时',
      columnSn: column.columnSn,
    });
    assert.equal(mod.status, 200, mod.raw.body);
    const refused = await ops('DELETE', `/ops/columns/${column.columnSn}`);
    assert.equal(refused.status, 409);
    assert.match(refused.body.message, /的活动栏目「限时」/);
    await ops('DELETE', `/ops/modules/${(mod.body.info as OpsModule).moduleSn}`);
    assert.equal((await ops('DELETE', `/ops/columns/${column.columnSn}`)).status, 200);
  });
});

describe('who may', () => {
  const ROUTES: Array<[string, string, unknown?]> = [
    ['GET', '/ops/columns?projectSn=demo'],
    ['GET', '/ops/columns/item-options?projectSn=demo'],
    ['POST', '/ops/columns', { projectSn: 'demo', title: '越权' }],
    ['GET', '/ops/columns/demo-col-course'],
    ['PATCH', '/ops/columns/demo-col-course', { title: '越权' }],
    ['PUT', '/ops/columns/demo-col-course/items', { actSns: [] }],
    ['DELETE', '/ops/columns/demo-col-course'],
  ];

  test("an operator of another project is refused every route, and demo's column stays as it was", async () => {
    const before = (await storefrontColumn('demo-col-course')).body.info;
    const other = await operatorSession(h, 'operator', ['course']);
    for (const [method, url, body] of ROUTES) {
      const res = await ops(method, url, body, other.token);
      assert.equal(res.status, 403, `${method} ${url}: ${res.raw.body}`);
      assert.equal(res.body.message, M.forbiddenProject, `${method} ${url}`);
    }
    assert.deepEqual((await storefrontColumn('demo-col-course')).body.info, before);
  });

  test('support may not use 栏目; finance reads but may not write', async () => {
    const support = await operatorSession(h, 'support', ['demo']);
    const finance = await operatorSession(h, 'finance', ['demo']);
    for (const [method, url, body] of ROUTES) {
      const s = await ops(method, url, body, support.token);
      assert.equal(s.status, 403, `support ${method} ${url}`);
      assert.equal(s.body.message, M.forbiddenRole);
      const f = await ops(method, url, body, finance.token);
      if (method === 'GET') assert.equal(f.status, 200, `finance ${method} ${url}: ${f.raw.body}`);
      else assert.equal(f.status, 403, `finance ${method} ${url}`);
    }
  });
});
