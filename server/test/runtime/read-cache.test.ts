/**
 * Read-model cache: the menu, page modules, column lists and activity details are served from memory,
 * and an operator change is seen as soon as its write path calls invalidateReadModels; with PostgreSQL (several
 * instances) entries also expire.
 */
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { after, before, describe, it } from 'node:test';
import type { ActivityDetail } from '@contract/activity';
import type { ColumnList, PageInfo, TabEntry } from '@contract/pages';
import type { EntranceInfo } from '@contract/entrance';
import { activities, columnActivities } from '../../src/domains/activity/schema';
import { columns, pageModules, pages } from '../../src/domains/pages/schema';
import { projects } from '../../src/domains/entrance/schema';
import { createReadCache, invalidateReadModels } from '../../src/runtime/read-cache';
import { buildHarness, type Harness } from '../helpers/app';

describe('read-model cache', () => {
  let h: Harness;
  let token: string;
  before(async () => {
    h = await buildHarness();
    token = await h.enter('demo');
  });
  after(() => h.close());

  const menuTitles = async () =>
    (await h.get<{ tabList: TabEntry[] }>('/front/v1/customerPage/menu', {}, token)).body.info.tabList.map(
      (t) => t.title,
    );

  it('menu: an operator change is seen once invalidated, and only for its project', async () => {
    assert.equal((await menuTitles())[1], '课程');
    const courseToken = await h.enter('course');
    const courseMenu = async () =>
      (await h.get<{ tabList: TabEntry[] }>('/front/v1/customerPage/menu', {}, courseToken)).body.info.tabList[1].title;
    assert.equal(await courseMenu(), '选课');
    await h.database.db
      .update(pages)
      .set({ title: '精品课' })
      .where(and(eq(pages.projectSn, 'demo'), eq(pages.tabIndex, 1)));
    await h.database.db
      .update(pages)
      .set({ title: '课程表' })
      .where(and(eq(pages.projectSn, 'course'), eq(pages.tabIndex, 1)));
    invalidateReadModels(h.database.db, 'demo');
    assert.equal((await menuTitles())[1], '精品课');
    // course was not invalidated: on the embedded database its entry has no expiry.
    if (!process.env.TEST_DATABASE_URL) assert.equal(await courseMenu(), '选课');
    invalidateReadModels(h.database.db);
    assert.equal(await courseMenu(), '课程表');
  });

  it('moduleInfo: a module title and an item taken offline are seen after invalidation', async () => {
    const load = async () =>
      (await h.post<PageInfo>('/front/v1/customerPage/moduleInfo', { pageSn: 'demo-home' }, token)).body.info;
    const before = await load();
    const column = before.modules.find((m) => m.columnSn && m.cards.length > 0);
    assert.ok(column?.columnSn);
    const gone = column.cards[0].actSn;
    await h.database.db.update(pageModules).set({ title: '本周推荐' }).where(eq(pageModules.moduleSn, column.moduleSn));
    await h.database.db.update(activities).set({ status: 'OFFLINE' }).where(eq(activities.actSn, gone));
    try {
      invalidateReadModels(h.database.db, 'demo');
      const after = (await load()).modules.find((m) => m.moduleSn === column.moduleSn);
      assert.equal(after?.title, '本周推荐');
      assert.ok(!after?.cards.some((c) => c.actSn === gone));
    } finally {
      await h.database.db.update(activities).set({ status: 'ONLINE' }).where(eq(activities.actSn, gone));
      invalidateReadModels(h.database.db, 'demo');
    }
    assert.ok((await load()).modules.find((m) => m.moduleSn === column.moduleSn)?.cards.some((c) => c.actSn === gone));
  });

  it('column list and more-level list: an item removed from the column and a new title are seen after invalidation', async () => {
    const url = '/front/v1/customerPage/module/column/list';
    const list = async () =>
      (await h.post<ColumnList>(url, { columnSn: 'demo-col-act', page: 1, perSize: 50 }, token)).body.info;
    const more = async () =>
      (
        await h.post<ColumnList>(
          '/front/v1/customerPage/column/more-level/list',
          { targetSn: 'demo-col-act', page: 1, perSize: 50 },
          token,
        )
      ).body.info;
    const first = await list();
    const [column] = await h.database.db.select().from(columns).where(eq(columns.columnSn, 'demo-col-act'));
    assert.equal((await more()).columnTitle, column.title);
    await h.database.db.update(columns).set({ title: '全部活动' }).where(eq(columns.columnSn, 'demo-col-act'));
    invalidateReadModels(h.database.db, 'demo');
    assert.deepEqual([(await list()).columnTitle, (await more()).columnTitle], ['全部活动', '全部活动']);
    await h.database.db.update(columns).set({ title: column.title }).where(eq(columns.columnSn, 'demo-col-act'));
    const removed = first.list[0].actSn;
    const [link] = await h.database.db
      .select()
      .from(columnActivities)
      .where(and(eq(columnActivities.columnSn, 'demo-col-act'), eq(columnActivities.actSn, removed)));
    await h.database.db
      .delete(columnActivities)
      .where(and(eq(columnActivities.columnSn, 'demo-col-act'), eq(columnActivities.actSn, removed)));
    invalidateReadModels(h.database.db, 'demo');
    const second = await list();
    assert.equal(second.total, first.total - 1);
    assert.ok(!second.list.some((c) => c.actSn === removed));
    assert.equal(second.columnTitle, column.title);
    assert.equal((await more()).total, first.total - 1);
    await h.database.db.insert(columnActivities).values(link);
    invalidateReadModels(h.database.db, 'demo');
    assert.equal((await list()).total, first.total);
  });

  it('entrance: a renamed project is seen once any project is invalidated (the online projects are one entry)', async () => {
    const name = async () =>
      (await h.post<EntranceInfo>('/front/v1/entrance', { projectSn: 'form' })).body.info.projectParam.projectName;
    const before = await name();
    await h.database.db.update(projects).set({ name: '报名专区' }).where(eq(projects.projectSn, 'form'));
    try {
      // On the embedded database an entry lives until invalidated (with PostgreSQL it may also have expired).
      if (!process.env.TEST_DATABASE_URL) assert.equal(await name(), before);
      invalidateReadModels(h.database.db, 'demo');
      assert.equal(await name(), '报名专区');
    } finally {
      await h.database.db.update(projects).set({ name: before }).where(eq(projects.projectSn, 'form'));
      invalidateReadModels(h.database.db, 'form');
    }
    assert.equal(await name(), before);
  });

  it('order confirmation: a price change and an item taken off the shelf are seen after invalidation', async () => {
    const { token: customer } = await h.login('13900007777');
    const confirm = () =>
      h.get<{ confirmOrderAmount: { orderTotalAmount: number } }>(
        '/front/v1/client/order/confirm/data',
        { targetSn: 'demo-goods-02' },
        customer,
      );
    const [item] = await h.database.db.select().from(activities).where(eq(activities.actSn, 'demo-goods-02'));
    const before = (await confirm()).body.info.confirmOrderAmount.orderTotalAmount;
    try {
      await h.database.db
        .update(activities)
        .set({ price: item.price + 100 })
        .where(eq(activities.actSn, item.actSn));
      invalidateReadModels(h.database.db, 'demo');
      assert.equal((await confirm()).body.info.confirmOrderAmount.orderTotalAmount, before + 100);
      await h.database.db.update(activities).set({ status: 'OFFLINE' }).where(eq(activities.actSn, item.actSn));
      invalidateReadModels(h.database.db, 'demo');
      const off = await confirm();
      assert.deepEqual([off.status, off.body.message], [400, '课程已下架，请联系客服安排其他课程!']);
    } finally {
      await h.database.db
        .update(activities)
        .set({ price: item.price, status: item.status })
        .where(eq(activities.actSn, item.actSn));
      invalidateReadModels(h.database.db, 'demo');
    }
    assert.equal((await confirm()).body.info.confirmOrderAmount.orderTotalAmount, before);
    const unknown = await h.get('/front/v1/client/order/confirm/data', { targetSn: 'demo-no-such-item' }, customer);
    assert.equal(unknown.status, 404);
  });

  it('activity details: a renamed item is seen after invalidation; an unknown item stays a 404', async () => {
    const detail = async () =>
      (await h.get<ActivityDetail>('/front/v1/activity/details', { actSn: 'demo-activity-01' }, token)).body.info;
    const name = (await detail()).actName;
    await h.database.db
      .update(activities)
      .set({ actName: '改名后的活动' })
      .where(eq(activities.actSn, 'demo-activity-01'));
    invalidateReadModels(h.database.db, 'demo');
    assert.equal((await detail()).actName, '改名后的活动');
    await h.database.db.update(activities).set({ actName: name }).where(eq(activities.actSn, 'demo-activity-01'));
    invalidateReadModels(h.database.db, 'demo');
    assert.equal((await detail()).actName, name);
    const missing = await h.get('/front/v1/activity/details', { actSn: 'demo-no-such-item' }, token);
    assert.equal(missing.status, 404);
  });
});

describe('createReadCache', () => {
  it('loads once for concurrent callers, expires after the TTL, forgets failures, invalidates per project', async () => {
    let t = 0;
    const cache = createReadCache(5_000, () => t);
    let loads = 0;
    const load = async () => ++loads;
    assert.deepEqual(await Promise.all([cache.get('a', 'k', load), cache.get('a', 'k', load)]), [1, 1]);
    t = 4_999;
    assert.equal(await cache.get('a', 'k', load), 1);
    t = 5_000;
    assert.equal(await cache.get('a', 'k', load), 2, 'expired');
    assert.equal(await cache.get('b', 'k', load), 3, 'another project has its own entry');
    cache.invalidate('a');
    assert.equal(await cache.get('a', 'k', load), 4);
    assert.equal(await cache.get('b', 'k', load), 3);
    await assert.rejects(cache.get('a', 'bad', async () => Promise.reject(new Error('db down'))));
    assert.equal(await cache.get('a', 'bad', async () => 'fine'), 'fine', 'a failed load is not remembered');
  });
});
