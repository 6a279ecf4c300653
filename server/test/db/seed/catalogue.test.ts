/**
 * Each demo store's catalogue fits its type (§1 projectEnum): what its tabs show, what it sells, and that the
 * pictures and reviews the seed refers to exist and fit the item.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../src/runtime/database/plugin';
import { activities, columnActivities } from '../../../src/domains/activity/schema';
import { pageModules, pages } from '../../../src/domains/pages/schema';
import { projects } from '../../../src/domains/entrance/schema';
import { activityComments } from '../../../src/domains/activity/schema';
import { integralItems } from '../../../src/domains/integral/schema';
import { PROJECT_SHELVES } from '../../../src/db/seed/catalogue';
import { drawAll } from '../../../src/db/seed/draw-images';
import { openSeededTestDatabase } from '../../helpers/test-database';

let database: Database;
before(async () => {
  database = await openSeededTestDatabase();
});
after(() => database.close());

/** The online items listed by the column modules of one tab (tabIndex) of a store. */
async function itemsOnTab(projectSn: string, tabIndex: number) {
  const db = database.db;
  const [page] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.projectSn, projectSn), eq(pages.tabIndex, tabIndex)));
  const pageSn = tabIndex === 0 ? page.pageSn : (page.jumpContent as { targetSn: string }).targetSn;
  const modules = await db.select().from(pageModules).where(eq(pageModules.pageSn, pageSn));
  const columnSns = modules.map((m) => m.columnSn).filter((c): c is string => Boolean(c));
  assert.ok(columnSns.length > 0, `${projectSn} tab ${tabIndex} lists a column`);
  const links = await db.select().from(columnActivities).where(inArray(columnActivities.columnSn, columnSns));
  return db
    .select()
    .from(activities)
    .where(
      and(
        inArray(
          activities.actSn,
          links.map((l) => l.actSn),
        ),
        eq(activities.status, 'ONLINE'),
      ),
    );
}

describe("each store's catalogue fits its type", () => {
  test('the points store: its home, 兑换 and 权益 tabs list points items only, each with a points price; gifts also take cash', async () => {
    const db = database.db;
    const [store] = await db.select().from(projects).where(eq(projects.projectSn, 'integral'));
    assert.equal(store.projectEnum, 'INTEGRAL_APPLE');
    for (const tab of [0, 1, 3]) {
      const items = await itemsOnTab('integral', tab);
      assert.ok(items.length >= 10, `tab ${tab} has a full shelf`);
      const priced = new Map(
        (
          await db
            .select()
            .from(integralItems)
            .where(
              inArray(
                integralItems.actSn,
                items.map((i) => i.actSn),
              ),
            )
        ).map((r) => [r.actSn, r]),
      );
      for (const item of items) {
        assert.equal(item.actType, 'INTEGRAL', `${item.actSn} ${item.actName}`);
        assert.ok((priced.get(item.actSn)?.points ?? 0) > 0, `${item.actSn} has a points price`);
      }
    }
    const gifts = PROJECT_SHELVES.integral.find((s) => s.key === 'gift')!.items.map((i) => `integral-${i.key}`);
    const withCash = await db.select().from(integralItems).where(inArray(integralItems.actSn, gifts));
    assert.ok(withCash.filter((r) => r.cashAmount > 0).length >= 3, 'physical gifts are points + cash');
  });

  test('the course store: its 选课 tab lists courses, its home leads with courses and free open classes', async () => {
    const choose = await itemsOnTab('course', 1);
    assert.ok(choose.length >= 5 && choose.every((i) => i.actType === 'COURSE'), choose.map((i) => i.actName).join());
    const home = await itemsOnTab('course', 0);
    assert.ok(home.some((i) => i.actType === 'COURSE'));
    assert.ok(
      home.some((i) => i.actSn.startsWith('course-class-') && i.price === 0),
      'a free open class',
    );
    assert.ok(!home.some((i) => i.actType === 'INTEGRAL'));
  });

  test('the authentication store: its 认证 tab lists services for verified customers, never points or the general goods', async () => {
    const tab = await itemsOnTab('auth', 1);
    assert.ok(tab.length >= 5);
    for (const item of tab) assert.match(item.actSn, /^auth-verified-/, item.actName);
    assert.deepEqual(
      [...new Set((await itemsOnTab('auth', 2)).map((i) => i.actType))],
      ['COURSE'],
      'its 课程 tab lists courses',
    );
  });

  test('the sign-up centre: its 报名 tab lists events to enrol in', async () => {
    const tab = await itemsOnTab('form', 1);
    assert.ok(tab.length >= 5);
    for (const item of tab) assert.equal(item.actType, 'ACTIVITY', item.actName);
  });

  test("the demo store keeps the general catalogue, and no store lists another store's shelf", async () => {
    const db = database.db;
    const demo = await db.select().from(activities).where(eq(activities.projectSn, 'demo'));
    assert.equal(demo.length, 29);
    assert.ok(demo.every((a) => /^demo-(course|activity|goods|integral)-\d\d$/.test(a.actSn)));
    for (const [sn, shelves] of Object.entries(PROJECT_SHELVES)) {
      const own = shelves.flatMap((s) => s.items.map((i) => i.key));
      const others = await db
        .select({ actSn: activities.actSn })
        .from(activities)
        .where(
          inArray(
            activities.actSn,
            Object.keys(PROJECT_SHELVES)
              .filter((o) => o !== sn)
              .flatMap((o) => own.map((k) => `${o}-${k}`)),
          ),
        );
      assert.deepEqual(others, [], `${sn}'s shelf is its own`);
    }
  });
});

describe('pictures and reviews', () => {
  test('every cover, banner and icon the seed refers to is a drawn picture in server/static/images', async () => {
    const db = database.db;
    const dir = fileURLToPath(new URL('../../../static/images/', import.meta.url));
    const drawn = drawAll();
    const covers = (await db.select({ cover: activities.cover }).from(activities)).map((a) => a.cover);
    const images = (await db.select({ items: pageModules.items }).from(pageModules)).flatMap((m) =>
      (m.items as Array<{ image: string | null }>).map((i) => i.image),
    );
    for (const src of new Set([...covers, ...images].filter((s): s is string => Boolean(s)))) {
      const name = src.replace(/^\/static\/images\//, '').replace(/\.svg$/, '');
      assert.ok(drawn.has(name), `${src} is drawn by seed/draw-images.ts`);
      assert.ok(existsSync(`${dir}${name}.svg`), `${src} is a file`);
    }
    for (const [name, svg] of drawn)
      assert.match(svg, /<g transform=[^>]+stroke=/, `${name} draws a glyph, not only typed words`);
  });

  test("reviews fit what was bought: no teacher in a lamp's reviews, no delivery in a points item's", async () => {
    const db = database.db;
    const rows = await db
      .select({ actType: activities.actType, content: activityComments.content, actSn: activities.actSn })
      .from(activityComments)
      .innerJoin(activities, eq(activities.actSn, activityComments.actSn));
    assert.ok(rows.length > 0);
    for (const r of rows) {
      if (r.actType !== 'COURSE')
        assert.doesNotMatch(r.content, /老师讲|课程|分期|班主任|教材/, `${r.actSn}: ${r.content}`);
      if (r.actType === 'COURSE') assert.doesNotMatch(r.content, /做工|包装|积分/, `${r.actSn}: ${r.content}`);
    }
  });
});
