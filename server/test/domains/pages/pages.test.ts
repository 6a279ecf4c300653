import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Paged } from '@contract/common';
import type { ActivityCard, ColumnList, PageInfo, TabEntry } from '@contract/pages';
import { buildHarness, type Harness } from '../../helpers/app';

describe('pages, columns and search', () => {
  let h: Harness;
  let token: string;
  before(async () => {
    h = await buildHarness();
    token = await h.enter('demo');
  });
  after(() => h.close());

  it("lists the five tabs of the session's project", async () => {
    const res = await h.get<{ tabList: TabEntry[] }>('/front/v1/customerPage/menu', {}, token);
    assert.equal(res.status, 200);
    const tabs = res.body.info.tabList;
    assert.deepEqual(
      tabs.map((t) => t.tabIndex),
      [0, 1, 2, 3, 4],
    );
    assert.deepEqual(
      tabs.map((t) => t.title),
      ['首页', '课程', '活动', '发现', '我的'],
    );
    assert.equal(tabs[4].jumpContent.firstEnum, 'PERSONAL_CENTER');
    assert.ok(tabs.every((t) => t.pageSn?.startsWith('demo-')));

    const course = await h.get<{ tabList: TabEntry[] }>('/front/v1/customerPage/menu', {}, await h.enter('course'));
    assert.equal(course.body.info.tabList[1].title, '选课');
  });

  it('returns the home page modules with jumps and column previews', async () => {
    const res = await h.post<PageInfo>('/front/v1/customerPage/moduleInfo', { pageSn: 'demo-home' }, token);
    assert.equal(res.status, 200);
    const { modules, pageTitle } = res.body.info;
    assert.equal(pageTitle, '首页');
    assert.deepEqual(
      modules.map((m) => m.moduleType),
      ['BANNER', 'IMAGE_TEXT', 'ACTIVITY_COLUMN', 'COURSE_COLUMN'],
    );

    const banner = modules[0].items.map((i) => i.jumpContent);
    assert.deepEqual(
      banner.map((j) => j.firstEnum),
      ['CUSTOM_PAGE', 'PAGE_ACT_DETAIL', 'BANNER_NO_SKIP'],
    );
    assert.equal(banner[0].targetSn, 'demo-custom-1');
    assert.equal(banner[1].targetSn, 'demo-activity-01');
    const imageText = modules[1].items.map((i) => i.jumpContent);
    assert.ok(imageText.some((j) => j.firstEnum === 'IMAGE_TEXT_H5' && j.url?.startsWith('/static/')));
    // A quick entry is a promise: each one opens something (no "no jump" tiles), and the pages they name exist.
    for (const item of modules[1].items) {
      assert.ok(
        !['IMAGE_TEXT_WINDOWS', 'BANNER_NO_SKIP'].includes(item.jumpContent.firstEnum),
        `${item.title} leads nowhere`,
      );
      if (item.jumpContent.url?.startsWith('/static/')) {
        const page = await h.app.inject({ method: 'GET', url: item.jumpContent.url });
        assert.equal(page.statusCode, 200, `${item.title}: ${item.jumpContent.url}`);
        assert.ok(page.body.includes(`<title>${item.title}</title>`), `${item.title} opens a page of that name`);
      }
    }

    for (const column of modules.slice(2)) {
      assert.equal(column.cards.length, 4);
      assert.equal(column.hasMore, true);
      assert.ok(column.columnSn);
      for (const card of column.cards) {
        assert.match(card.cover, /^\/static\/images\/.+\.svg$/);
        assert.ok(Number.isInteger(card.price));
      }
    }
    assert.ok(modules[3].cards.every((c) => c.actType === 'COURSE'));
  });

  it('opens the custom page a banner leads to', async () => {
    const res = await h.post<PageInfo>('/front/v1/customerPage/moduleInfo', { pageSn: 'demo-custom-1' }, token);
    assert.equal(res.status, 200);
    assert.ok(res.body.info.modules.length > 0);
  });

  it("does not read another project's page or column", async () => {
    const page = await h.post('/front/v1/customerPage/moduleInfo', { pageSn: 'course-home' }, token);
    assert.equal(page.status, 404);
    assert.deepEqual(page.body, { state: false, message: '页面不存在', info: null, code: 4040 });
    const column = await h.post('/front/v1/customerPage/module/column/list', { columnSn: 'course-col-act' }, token);
    assert.deepEqual([column.status, column.body.message], [404, '栏目不存在']);
    const more = await h.post('/front/v1/customerPage/column/more-level/list', { targetSn: 'course-col-act' }, token);
    assert.equal(more.status, 404);
  });

  it('pages through a column, online items only', async () => {
    const url = '/front/v1/customerPage/module/column/list';
    const p1 = await h.post<ColumnList>(url, { columnSn: 'demo-col-course', page: 1, perSize: 5 }, token);
    const p2 = await h.post<ColumnList>(url, { columnSn: 'demo-col-course', page: 2, perSize: 5 }, token);
    const p3 = await h.post<ColumnList>(url, { columnSn: 'demo-col-course', page: 3, perSize: 5 }, token);
    assert.equal(p1.body.info.columnTitle, '精品课程');
    assert.equal(p1.body.info.total, 8, 'the offline course is not counted');
    assert.deepEqual([p1.body.info.list.length, p2.body.info.list.length, p3.body.info.list.length], [5, 3, 0]);
    const names = [...p1.body.info.list, ...p2.body.info.list].map((c) => c.actName);
    assert.equal(new Set(names).size, 8);
    assert.ok(!names.some((n) => n.includes('已下架')));

    const defaults = await h.post<ColumnList>(url, { columnSn: 'demo-col-act' }, token);
    assert.deepEqual([defaults.body.info.page, defaults.body.info.perSize, defaults.body.info.list.length], [1, 10, 8]);
    const tooBig = await h.post(url, { columnSn: 'demo-col-act', perSize: 51 }, token);
    assert.deepEqual([tooBig.status, tooBig.body.message], [400, '每页条数不能超过50']);
  });

  it('lists the more-activity page by targetSn; a coupon the customer does not hold is not found', async () => {
    const url = '/front/v1/customerPage/column/more-level/list';
    const res = await h.post<Paged<ActivityCard>>(url, { targetSn: 'demo-col-goods', page: 1, perSize: 4 }, token);
    assert.equal(res.status, 200);
    assert.deepEqual([res.body.info.total, res.body.info.list.length], [6, 4]);
    // The page is titled by what it lists: the column's own title (a course column is not 更多活动).
    assert.equal((res.body.info as Paged<ActivityCard> & { columnTitle: string }).columnTitle, '好物推荐');
    const courses = await h.post<{ columnTitle: string }>(url, { targetSn: 'demo-col-course' }, token);
    assert.equal(courses.body.info.columnTitle, '精品课程');
    const coupon = await h.post(url, { couponSn: 'CP001' }, token);
    assert.deepEqual([coupon.status, coupon.body.message], [404, '优惠券不存在']);
    const neither = await h.post(url, {}, token);
    assert.deepEqual([neither.status, neither.body.message], [400, '缺少栏目编号']);
  });

  it('searches online activities of the project by name, paged', async () => {
    const all = await h.get<Paged<ActivityCard>>('/front/v1/search', { keyword: '班', page: 1, perSize: 3 }, token);
    assert.equal(all.status, 200);
    assert.ok(all.body.info.total > 3);
    assert.equal(all.body.info.list.length, 3);
    assert.ok(all.body.info.list.every((c) => c.actName.includes('班')));
    const sales = all.body.info.list.map((c) => c.sales);
    assert.deepEqual(
      sales,
      [...sales].sort((a, b) => b - a),
    );

    const pages: string[] = [];
    for (let page = 1; page <= Math.ceil(all.body.info.total / 3); page += 1) {
      const res = await h.get<Paged<ActivityCard>>('/front/v1/search', { keyword: '班', page, perSize: 3 }, token);
      pages.push(...res.body.info.list.map((c) => c.actSn));
    }
    assert.equal(pages.length, all.body.info.total);
    assert.equal(new Set(pages).size, pages.length);
    assert.ok(pages.every((sn) => sn.startsWith('demo-')));

    const offline = await h.get<Paged<ActivityCard>>('/front/v1/search', { keyword: '汉语言文学' }, token);
    assert.equal(offline.body.info.total, 0);
  });

  it('answers an empty keyword with an empty list and treats % literally', async () => {
    const empty = await h.get<Paged<ActivityCard>>('/front/v1/search', { keyword: '' }, token);
    assert.deepEqual(empty.body.info, { list: [], total: 0, page: 1, perSize: 10 });
    const spaces = await h.get<Paged<ActivityCard>>('/front/v1/search', { keyword: '   ' }, token);
    assert.equal(spaces.body.info.total, 0);
    const percent = await h.get<Paged<ActivityCard>>('/front/v1/search', { keyword: '%' }, token);
    assert.equal(percent.body.info.total, 0);
    const long = await h.get('/front/v1/search', { keyword: '课'.repeat(31) }, token);
    assert.deepEqual([long.status, long.body.message], [400, '搜索词不能超过30个字']);
  });
});
