/**
 * Catalogue as a visitor and then a customer sees it: home -> course detail (its amounts agree) -> all reviews ->
 * back; search typed key by key; an unknown item. Each test is a new phone (fresh context) starting from its own
 * first page. Screenshots in e2e/screenshots/.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ActivityDetail } from '../contract/activity';
import type { PageInfo } from '../contract/pages';
import {
  SCREENS,
  apiClient,
  checkDetailAmounts,
  currentPage,
  field,
  loginInBrowser,
  openScreen,
  typeKeys,
} from './harness';
import { phoneSuite } from './suite';

/** A course of the demo project with reviews, found through the API so the walk does not depend on seed keys. */
let reviewed = '';

const suite = phoneSuite({
  setup: async (server) => {
    const api = apiClient(server.baseUrl);
    await api.login(server, 'demo', '13600136002');
    const { tabList } = await api.call<{ tabList: { pageSn: string | null }[] }>('GET', '/front/v1/customerPage/menu');
    for (const tab of tabList) {
      if (!tab.pageSn || reviewed) continue;
      const page = await api.call<PageInfo>('POST', '/front/v1/customerPage/moduleInfo', { pageSn: tab.pageSn });
      for (const m of page.modules) {
        if (!m.columnSn || reviewed) continue;
        const list = await api.call<{ list: { actSn: string; actType: string }[] }>(
          'POST',
          '/front/v1/customerPage/module/column/list',
          { columnSn: m.columnSn, page: 1, perSize: 50 },
        );
        for (const c of list.list.filter((x) => x.actType === 'COURSE')) {
          const d = await api.call<ActivityDetail>('GET', '/front/v1/activity/details', { actSn: c.actSn });
          if (d.commentSummary.total > 0) {
            reviewed = c.actSn;
            break;
          }
        }
      }
    }
    assert.ok(reviewed, 'the seed has a course with reviews');
  },
});

test('a visitor opens a course from the home page and sees its details, whose amounts agree', async () => {
  const home = await openScreen(
    suite.phone.page,
    suite.server.baseUrl,
    '/pages/entrance/entrance?projectSn=demo',
    SCREENS.home,
  );
  await home.locator('.sf-column[data-module="COURSE_COLUMN"] .sf-card').first().click();
  const detail = await currentPage(suite.phone.page, SCREENS.courseDetail);
  assert.match(suite.phone.page.url(), /courseDetail\?actSn=/);
  await detail.locator('.sf-act__bar .sf-act__order').waitFor({ state: 'visible' });
  assert.match((await detail.locator('.sf-act__name').textContent()) || '', /\S/);
  await checkDetailAmounts(detail);
  await suite.phone.shot('20-course-detail');
  await detail.locator('#act-reviews').scrollIntoViewIfNeeded();
  await suite.phone.shot('21-course-detail-middle');
});

test('all reviews, after logging in, and back to the detail', async () => {
  const detail = await loginInBrowser(
    suite.phone,
    suite.server,
    '13900139001',
    SCREENS.courseDetail,
    `/pages/activity/courseDetail?actSn=${reviewed}`,
  );
  await checkDetailAmounts(detail);
  await detail.locator('#act-reviews .sf-act__more').click();
  // The detail page shows reviews too: look inside the reviews page only.
  const reviews = await currentPage(suite.phone.page, SCREENS.reviews, { marker: '.sf-comment' });
  assert.ok((await reviews.locator('.sf-comment').count()) > 0);
  await suite.phone.shot('22-all-reviews');
  await suite.phone.page.goBack();
  await currentPage(suite.phone.page, SCREENS.courseDetail);
});

test('search, typed key by key, finds courses and says so when nothing matches', async () => {
  const search = await loginInBrowser(
    suite.phone,
    suite.server,
    '13900139002',
    SCREENS.search,
    '/pages/index/indexSearch',
  );
  const input = field(search, 'search-input');
  await typeKeys(input, '课');
  await input.press('Enter');
  await search.locator('.sf-card').first().waitFor({ state: 'visible' });
  await suite.phone.shot('23-search-results');
  await typeKeys(input, '没有这种东西');
  await input.press('Enter');
  await search.locator('.sf-empty__text', { hasText: '暂无数据' }).waitFor({ state: 'visible' });
  assert.equal(await search.locator('.sf-card').count(), 0);
  await suite.phone.shot('24-search-empty');
});

test('an unknown item shows a way back home, never a blank page', async () => {
  // A first visit by a deep link: the entrance enters the project and comes back to the item.
  const detail = await openScreen(
    suite.phone.page,
    suite.server.baseUrl,
    '/pages/activity/activityDetail?actSn=no-such-item',
    SCREENS.activityDetail,
    {
      marker: '.sf-empty__action',
    },
  );
  assert.equal(((await detail.locator('.sf-empty__action').textContent()) || '').trim(), '返回首页');
  await suite.phone.shot('25-unknown-item');
});
