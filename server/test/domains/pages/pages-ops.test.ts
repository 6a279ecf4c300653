/**
 * 页面装修 (/ops/pages, /ops/modules, /ops/traffic-links): tabs, modules, custom pages and traffic links changed by an
 * operator are seen by the storefront's next call (menu, moduleInfo, traffic link, and the first screen drawn into
 * the H5 entry page); jumps are checked per enum against the project; every change is audited; malformed input is a
 * 400, another project's operator and roles without the pages area are refused.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { OPS_AUTH_MESSAGES as M, type AuditEntry } from '@contract/operators';
import type { OpsModule, OpsPage, OpsTrafficLink } from '@contract/ops-pages';
import type { PageInfo, TabEntry } from '@contract/pages';
import { buildHarness, type Harness } from '../../helpers/app';
import { opsCall, operatorSession } from '../operators/ops-client';

const TEMPLATE =
  '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="sf-default-project" content="demo">' +
  '<title>商城</title><script defer="defer" src="/js/app.0a1b2c3d.js"></script></head>' +
  '<body><div id="app"></div></body></html>';

let h: Harness;
let dist = '';
let op = { token: '', id: 0, username: '' };
let customer = '';

before(async () => {
  dist = mkdtempSync(join(tmpdir(), 'h5-pages-ops-'));
  mkdirSync(join(dist, 'js'));
  writeFileSync(join(dist, 'index.html'), TEMPLATE);
  writeFileSync(join(dist, 'js', 'app.0a1b2c3d.js'), 'x()');
  h = await buildHarness({ env: { H5_DIST: dist } });
  op = await operatorSession(h, 'operator', ['demo']);
  customer = await h.enter('demo');
});
after(async () => {
  await h.close();
  rmSync(dist, { recursive: true, force: true });
});

const moduleInfo = async (pageSn: string) => {
  const res = await h.post<PageInfo>('/front/v1/customerPage/moduleInfo', { pageSn }, customer);
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info;
};
const menu = async () => (await h.get<{ tabList: TabEntry[] }>('/front/v1/customerPage/menu', {}, customer)).body.info;
const ops = (method: string, url: string, payload?: unknown, token = op.token) =>
  opsCall(h, method, url, token, payload);

const banner = (image: string, jumpContent: Record<string, unknown>) => ({
  moduleType: 'BANNER',
  title: null,
  items: [{ title: '新横幅', image, jumpContent }],
});

describe('modules', () => {
  test('a banner with an activity jump is on the storefront page at once; edit, reorder, delete too', async () => {
    const before = await moduleInfo('demo-home'); // warm the read cache
    const made = await ops(
      'POST',
      '/ops/pages/demo-home/modules',
      banner('https://img.example.com/new-banner.png', { firstEnum: 'PAGE_ACT_DETAIL', targetSn: 'demo-activity-01' }),
    );
    assert.equal(made.status, 200, made.raw.body);
    const mod = made.body.info as OpsModule;
    let page = await moduleInfo('demo-home');
    assert.equal(page.modules.length, before.modules.length + 1);
    const shown = page.modules.at(-1)!;
    assert.equal(shown.moduleSn, mod.moduleSn);
    assert.equal(shown.items[0].image, 'https://img.example.com/new-banner.png');
    assert.deepEqual(shown.items[0].jumpContent, { firstEnum: 'PAGE_ACT_DETAIL', targetSn: 'demo-activity-01' });

    // Moved first: the storefront's order and the first screen drawn into the H5 entry page follow.
    const order = [mod.moduleSn, ...before.modules.map((m) => m.moduleSn)];
    const moved = await ops('POST', '/ops/pages/demo-home/modules/order', { moduleSns: order });
    assert.equal(moved.status, 200, moved.raw.body);
    page = await moduleInfo('demo-home');
    assert.deepEqual(
      page.modules.map((m) => m.moduleSn),
      order,
    );
    const entry = await h.app.inject({ method: 'GET', url: '/' });
    assert.ok(entry.body.includes('https://img.example.com/new-banner.png'), 'the entry page draws the new banner');

    // Edited: a stale target on a no-jump enum is dropped.
    const edited = await ops(
      'PATCH',
      `/ops/modules/${mod.moduleSn}`,
      banner('/static/images/banner-2.svg', { firstEnum: 'BANNER_NO_SKIP', targetSn: 'demo-activity-01' }),
    );
    assert.equal(edited.status, 200, edited.raw.body);
    page = await moduleInfo('demo-home');
    assert.equal(page.modules[0].items[0].image, '/static/images/banner-2.svg');
    assert.deepEqual(page.modules[0].items[0].jumpContent, { firstEnum: 'BANNER_NO_SKIP' });

    const gone = await ops('DELETE', `/ops/modules/${mod.moduleSn}`);
    assert.equal(gone.status, 200, gone.raw.body);
    page = await moduleInfo('demo-home');
    assert.deepEqual(
      page.modules.map((m) => m.moduleSn),
      before.modules.map((m) => m.moduleSn),
    );
    const entryAfter = await h.app.inject({ method: 'GET', url: '/' });
    assert.ok(!entryAfter.body.includes('new-banner.png'));

    // Audited with before and after.
    const owner = await operatorSession(h, 'owner', []);
    const audit = await ops('GET', `/ops/v1/audit?operatorId=${op.id}`, undefined, owner.token);
    const list = (audit.body.info as { list: AuditEntry[] }).list;
    const actions = list.filter((e) => e.target === `module:${mod.moduleSn}`).map((e) => e.action);
    assert.deepEqual(actions.sort(), ['pages.module.create', 'pages.module.delete', 'pages.module.update']);
    const update = list.find((e) => e.action === 'pages.module.update')!;
    assert.equal((update.before as OpsModule).items[0].image, 'https://img.example.com/new-banner.png');
    assert.equal((update.after as OpsModule).items[0].image, '/static/images/banner-2.svg');
    assert.ok(list.some((e) => e.action === 'pages.module.reorder' && e.target === 'page:demo-home'));
  });

  test('a course column module needs a column of the project', async () => {
    const made = await ops('POST', '/ops/pages/demo-tab-2/modules', {
      moduleType: 'COURSE_COLUMN',
      title: '新课上架',
      columnSn: 'demo-col-course',
    });
    assert.equal(made.status, 200, made.raw.body);
    const page = await moduleInfo('demo-tab-2');
    const col = page.modules.at(-1)!;
    assert.equal(col.title, '新课上架');
    assert.ok(col.cards.length > 0);
    const other = await ops('POST', '/ops/pages/demo-tab-2/modules', {
      moduleType: 'COURSE_COLUMN',
      title: '别家栏目',
      columnSn: 'course-col-course',
    });
    assert.equal(other.status, 400);
    assert.equal(other.body.message, '所选栏目不存在或不属于本项目');
    const none = await ops('POST', '/ops/pages/demo-tab-2/modules', { moduleType: 'COURSE_COLUMN' });
    assert.equal(none.status, 400);
    assert.match(none.body.message, /请选择栏目/);
  });

  test('jumps are checked per enum: target in the project, valid links; malformed bodies are 400', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ firstEnum: 'PAGE_ACT_DETAIL', targetSn: 'course-course-01' }, /所选活动不存在或不属于本项目/],
      [{ firstEnum: 'PAGE_ACT_DETAIL' }, /请选择活动/],
      [{ firstEnum: 'APP_HUIMIN_COURSE_DETAIL', targetSn: 'demo-activity-01' }, /所选课程不存在/],
      [{ firstEnum: 'CUSTOM_PAGE', targetSn: 'course-custom-1' }, /所选页面不存在/],
      [{ firstEnum: 'IMAGE_TEXT_H5', url: 'http://example.com/x' }, /https:\/\//],
      [{ firstEnum: 'IMAGE_TEXT_H5', url: 'javascript:alert(1)' }, /https:\/\//],
      [{ firstEnum: 'NOT_AN_ENUM' }, /不支持的跳转类型/],
      [{ firstEnum: 'PAGE_ORDER_DETAIL', targetSn: 'NO-SUCH-ORDER' }, /所选订单不存在/],
    ];
    for (const [jump, message] of cases) {
      const res = await ops('POST', '/ops/pages/demo-home/modules', banner('/static/images/banner-1.svg', jump));
      assert.equal(res.status, 400, JSON.stringify(jump));
      assert.match(res.body.message, message, JSON.stringify(jump));
    }
    for (const body of [
      { moduleType: 'BANNER', items: 'x' },
      { moduleType: 'WHAT' },
      { moduleType: 'BANNER', items: [] },
      { moduleType: 'BANNER', items: [{ image: 5, jumpContent: null }] },
      [],
    ]) {
      const res = await ops('POST', '/ops/pages/demo-home/modules', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.body.message, /[\u4e00-\u9fa5]/);
    }
    const ok = await ops(
      'POST',
      '/ops/pages/demo-home/modules',
      banner('/static/images/banner-1.svg', { firstEnum: 'IMAGE_TEXT_H5', url: 'https://news.example.com/a' }),
    );
    assert.equal(ok.status, 200, ok.raw.body);
    await ops('DELETE', `/ops/modules/${(ok.body.info as OpsModule).moduleSn}`);
    const wrongOrder = await ops('POST', '/ops/pages/demo-home/modules/order', { moduleSns: ['demo-home-m1'] });
    assert.equal(wrongOrder.status, 400);
    assert.equal(wrongOrder.body.message, '模块顺序与页面不一致，请刷新后重试');
  });
});

describe('tabs and custom pages', () => {
  test('a tab renamed and pointed at a custom page is the storefront menu at once', async () => {
    await menu(); // warm
    const made = await ops('POST', '/ops/pages', { projectSn: 'demo', title: '直播专区' });
    assert.equal(made.status, 200, made.raw.body);
    const page = made.body.info as OpsPage;
    const tab = await ops('PATCH', '/ops/pages/tabs/1', { projectSn: 'demo', title: '直播', pageSn: page.pageSn });
    assert.equal(tab.status, 200, tab.raw.body);
    const tabs = (await menu()).tabList;
    assert.equal(tabs[1].title, '直播');
    assert.equal(tabs[1].pageSn, page.pageSn);
    assert.deepEqual(tabs[1].jumpContent, { firstEnum: 'CUSTOM_PAGE', targetSn: page.pageSn });
    // The page it showed is a custom page now, modules kept; it can be the tab's again.
    const pages = (await ops('GET', '/ops/pages?projectSn=demo')).body.info as { list: OpsPage[] };
    const old = pages.list.find((p) => p.pageSn === 'demo-tab-2')!;
    assert.equal(old.tabIndex, null);
    assert.ok(old.moduleCount > 0);
    const back = await ops('PATCH', '/ops/pages/tabs/1', { projectSn: 'demo', title: '课程', pageSn: 'demo-tab-2' });
    assert.equal(back.status, 200, back.raw.body);
    assert.equal((await menu()).tabList[1].pageSn, 'demo-tab-2');

    const notCustom = await ops('PATCH', '/ops/pages/tabs/2', {
      projectSn: 'demo',
      title: '活动',
      pageSn: 'demo-home',
    });
    assert.equal(notCustom.status, 400);
    const fifth = await ops('PATCH', '/ops/pages/tabs/4', { projectSn: 'demo', title: '我', pageSn: 'demo-center' });
    assert.equal(fifth.status, 400);
    const long = await ops('PATCH', '/ops/pages/tabs/1', {
      projectSn: 'demo',
      title: '一二三四五六七',
      pageSn: 'demo-tab-2',
    });
    assert.equal(long.status, 400);
    assert.equal(long.body.message, '导航名称最多6个字');
  });

  test('a custom page is renamed, refused deletion while a jump leads to it, deleted once nothing does', async () => {
    const inUse = await ops('DELETE', '/ops/pages/demo-custom-1');
    assert.equal(inUse.status, 409);
    assert.match(inUse.body.message, /该页面正被使用（.*「首页」的轮播图.*），请先修改这些跳转再删除/);
    const tabPage = await ops('DELETE', '/ops/pages/demo-home');
    assert.equal(tabPage.status, 409);

    const made = (await ops('POST', '/ops/pages', { projectSn: 'demo', title: '临时页' })).body.info as OpsPage;
    const renamed = await ops('PATCH', `/ops/pages/${made.pageSn}`, { title: '活动页' });
    assert.equal(renamed.status, 200, renamed.raw.body);
    assert.equal((await moduleInfo(made.pageSn)).pageTitle, '活动页');
    const link = await ops('POST', '/ops/traffic-links', {
      projectSn: 'demo',
      jumpContent: { firstEnum: 'CUSTOM_PAGE', targetSn: made.pageSn },
    });
    assert.equal(link.status, 200, link.raw.body);
    const refused = await ops('DELETE', `/ops/pages/${made.pageSn}`);
    assert.equal(refused.status, 409);
    assert.match(refused.body.message, /流量链接/);
    await ops('PATCH', `/ops/traffic-links/${(link.body.info as OpsTrafficLink).linkId}`, {
      jumpContent: { firstEnum: 'PAGE_INDEX' },
    });
    const deleted = await ops('DELETE', `/ops/pages/${made.pageSn}`);
    assert.equal(deleted.status, 200, deleted.raw.body);
    const after = await h.post('/front/v1/customerPage/moduleInfo', { pageSn: made.pageSn }, customer);
    assert.equal(after.status, 404);
  });
});

describe('traffic links', () => {
  test('created and changed links lead where the storefront follows them', async () => {
    const made = await ops('POST', '/ops/traffic-links', {
      projectSn: 'demo',
      linkId: 'spring-sale',
      jumpContent: { firstEnum: 'PAGE_ACT_DETAIL', targetSn: 'demo-activity-01' },
    });
    assert.equal(made.status, 200, made.raw.body);
    const again = await ops('POST', '/ops/traffic-links', {
      projectSn: 'demo',
      linkId: 'spring-sale',
      jumpContent: { firstEnum: 'PAGE_INDEX' },
    });
    assert.equal(again.status, 409);
    const bad = await ops('POST', '/ops/traffic-links', {
      projectSn: 'demo',
      linkId: '中文',
      jumpContent: { firstEnum: 'PAGE_INDEX' },
    });
    assert.equal(bad.status, 400);
    const follow = async () =>
      (await h.get<{ jumpContent: Record<string, unknown> }>('/front/traffic/link/spring-sale', {})).body.info;
    assert.deepEqual((await follow()).jumpContent, { firstEnum: 'PAGE_ACT_DETAIL', targetSn: 'demo-activity-01' });
    const changed = await ops('PATCH', '/ops/traffic-links/spring-sale', {
      jumpContent: { firstEnum: 'MORE_ACTIVITY', targetSn: 'demo-col-course' },
    });
    assert.equal(changed.status, 200, changed.raw.body);
    assert.deepEqual((await follow()).jumpContent, { firstEnum: 'MORE_ACTIVITY', targetSn: 'demo-col-course' });
    const list = (await ops('GET', '/ops/traffic-links?projectSn=demo')).body.info as { list: OpsTrafficLink[] };
    assert.equal(list.list.find((l) => l.linkId === 'spring-sale')?.hits, 2);
  });
});

describe('who may', () => {
  /** Every pages route, aimed at project demo's records. */
  const ROUTES: Array<[string, string, unknown?]> = [
    ['GET', '/ops/pages/tabs?projectSn=demo'],
    ['PATCH', '/ops/pages/tabs/1', { projectSn: 'demo', title: '越权', pageSn: 'demo-tab-2' }],
    ['GET', '/ops/pages?projectSn=demo'],
    ['GET', '/ops/pages/jump-options?projectSn=demo'],
    ['POST', '/ops/pages', { projectSn: 'demo', title: '越权' }],
    ['PATCH', '/ops/pages/demo-custom-2', { title: '越权' }],
    ['DELETE', '/ops/pages/demo-custom-2'],
    ['GET', '/ops/pages/demo-home/modules'],
    ['POST', '/ops/pages/demo-home/modules', banner('/static/images/banner-1.svg', { firstEnum: 'PAGE_INDEX' })],
    ['POST', '/ops/pages/demo-home/modules/order', { moduleSns: ['demo-home-m1'] }],
    ['PATCH', '/ops/modules/demo-home-m1', banner('/static/images/banner-1.svg', { firstEnum: 'PAGE_INDEX' })],
    ['DELETE', '/ops/modules/demo-home-m1'],
    ['GET', '/ops/traffic-links?projectSn=demo'],
    ['POST', '/ops/traffic-links', { projectSn: 'demo', jumpContent: { firstEnum: 'PAGE_INDEX' } }],
    ['PATCH', '/ops/traffic-links/demo-link-form', { jumpContent: { firstEnum: 'PAGE_INDEX' } }],
  ];

  test("an operator of another project is refused every route, and demo's pages stay as they were", async () => {
    const before = await moduleInfo('demo-home');
    const other = await operatorSession(h, 'operator', ['course']);
    for (const [method, url, body] of ROUTES) {
      const res = await ops(method, url, body, other.token);
      assert.equal(res.status, 403, `${method} ${url}: ${res.raw.body}`);
      assert.equal(res.body.message, M.forbiddenProject, `${method} ${url}`);
    }
    assert.deepEqual(await moduleInfo('demo-home'), before);
  });

  test('support may not use 页面装修; finance reads but may not write', async () => {
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
