/**
 * Demo data, written once into an empty database (first start, or a fresh test database). It runs in one
 * transaction so that a crash half-way leaves the database empty and the next start seeds again.
 */
import { count } from 'drizzle-orm';
import type { JumpContent, ModuleItem, PageModule } from '@contract/pages';
import type { Db } from '../../plugins/db';
import { activities, columnActivities, columns, pageModules, pages, projects, tips } from '../schema';
import { CATALOGUE, type CatalogueItem } from './catalogue';
import { DEMO_PROJECTS, DEMO_TIPS, type DemoProject } from './projects';
import { seedCatalogueDetails } from './catalogue-details';
import { seedOrdering } from './ordering';
import { seedEarnings } from './earnings';
import { seedCoupons } from './coupons';
import { seedForms } from './forms';
import { seedIntegral } from './integral';
import { DEFAULT_CARD_CODE_KEY } from '../../config';

type NewPage = typeof pages.$inferInsert;
type NewModule = typeof pageModules.$inferInsert;

/** Pages that IMAGE_TEXT_H5 items open (jumpContent.url); files in server/static/pages. */
const H5_PAGES = { guide: '/static/pages/guide.html', news: '/static/pages/news.html', notice: '/static/pages/notice.html' } as const;

const img = (name: string) => `/static/images/${name}.svg`;

function item(itemSn: string, title: string | null, image: string | null, text: string | null, jumpContent: JumpContent): ModuleItem {
  return { itemSn, title, image, text, jumpContent };
}

/** Pages, columns and modules of one project; every sn is prefixed by the projectSn. */
function layout(p: DemoProject) {
  const sn = p.projectSn;
  const act = (key: string) => `${sn}-${key}`;
  const col = {
    course: `${sn}-col-course`,
    act: `${sn}-col-act`,
    goods: `${sn}-col-goods`,
    integral: `${sn}-col-integral`,
  };
  const columnRows = [
    { columnSn: col.course, projectSn: sn, title: '精品课程', items: CATALOGUE.courses },
    { columnSn: col.act, projectSn: sn, title: '热门活动', items: CATALOGUE.activities },
    { columnSn: col.goods, projectSn: sn, title: '好物推荐', items: CATALOGUE.goods },
    { columnSn: col.integral, projectSn: sn, title: '积分兑换', items: CATALOGUE.integral },
  ];

  const page = (suffix: string, title: string, tabIndex: number | null, jump: JumpContent | null): NewPage => ({
    pageSn: `${sn}-${suffix}`,
    projectSn: sn,
    title,
    tabIndex,
    jumpContent: jump,
  });
  const [t0, t1, t2, t3, t4] = p.tabTitles;
  const pageRows: NewPage[] = [
    page('home', t0, 0, { firstEnum: 'PAGE_INDEX' }),
    page('tab-2', t1, 1, { firstEnum: 'CUSTOM_PAGE', targetSn: `${sn}-tab-2` }),
    page('tab-3', t2, 2, { firstEnum: 'CUSTOM_PAGE', targetSn: `${sn}-tab-3` }),
    page('tab-4', t3, 3, { firstEnum: 'CUSTOM_PAGE', targetSn: `${sn}-tab-4` }),
    page('center', t4, 4, { firstEnum: 'PERSONAL_CENTER' }),
    page('custom-1', '新人专享', null, null),
    page('custom-2', '暑期特惠', null, null),
  ];

  const moduleRows: NewModule[] = [];
  const add = (pageSn: string, moduleType: PageModule['moduleType'], title: string | null, items: ModuleItem[], columnSn: string | null = null) => {
    const sort = moduleRows.filter((m) => m.pageSn === pageSn).length + 1;
    moduleRows.push({ moduleSn: `${pageSn}-m${sort}`, pageSn, sort, moduleType, title, items, columnSn });
  };
  const home = `${sn}-home`;
  const firstActivity = CATALOGUE.activities[0];
  add(home, 'BANNER', null, [
    item(`${home}-b1`, '新人专享', img('banner-1'), null, { firstEnum: 'CUSTOM_PAGE', targetSn: `${sn}-custom-1` }),
    item(`${home}-b2`, firstActivity.actName, img('banner-2'), null, { firstEnum: 'PAGE_ACT_DETAIL', targetSn: act(firstActivity.key) }),
    item(`${home}-b3`, p.name, img('banner-3'), null, { firstEnum: 'BANNER_NO_SKIP' }),
  ]);
  add(home, 'IMAGE_TEXT', '快捷入口', [
    // A quick entry opens what it names (IMAGE_TEXT_WINDOWS would make it a tile that does nothing).
    item(`${home}-i1`, '报名须知', img('icon-notice'), '报名前请阅读活动规则，名额有限，先到先得。', { firstEnum: 'IMAGE_TEXT_H5', url: H5_PAGES.notice }),
    item(`${home}-i2`, '学习指南', img('icon-guide'), null, { firstEnum: 'IMAGE_TEXT_H5', url: H5_PAGES.guide }),
    item(`${home}-i3`, '全部课程', img('icon-course'), null, { firstEnum: 'MORE_ACTIVITY', targetSn: col.course }),
    item(`${home}-i4`, '暑期特惠', img('icon-gift'), null, { firstEnum: 'CUSTOM_PAGE', targetSn: `${sn}-custom-2` }),
  ]);
  add(home, 'ACTIVITY_COLUMN', '热门活动', [], col.act);
  add(home, 'COURSE_COLUMN', '精品课程', [], col.course);

  const tab2 = `${sn}-tab-2`;
  add(tab2, 'BANNER', null, [item(`${tab2}-b1`, '名师直播课', img('banner-4'), null, { firstEnum: 'BANNER_NO_SKIP' })]);
  add(tab2, 'NOTICE', null, [
    item(`${tab2}-n1`, null, null, '课程咨询时间：每天 9:00-21:00', { firstEnum: 'IMAGE_TEXT_WINDOWS' }),
  ]);
  add(tab2, 'COURSE_COLUMN', '全部课程', [], col.course);

  const tab3 = `${sn}-tab-3`;
  add(tab3, 'NOTICE', null, [item(`${tab3}-n1`, null, null, '周末活动名额有限，报名从速', { firstEnum: 'IMAGE_TEXT_WINDOWS' })]);
  add(tab3, 'ACTIVITY_COLUMN', '热门活动', [], col.act);
  add(tab3, 'ACTIVITY_COLUMN', '好物推荐', [], col.goods);

  const tab4 = `${sn}-tab-4`;
  // An image-text grid draws each picture as a square icon: square pictures, so the word on each is not cropped.
  add(tab4, 'IMAGE_TEXT', '精选资讯', [
    item(`${tab4}-i1`, '2025年成人高考报名指南', img('icon-enrol'), '报名时间、条件与流程一文看懂', { firstEnum: 'IMAGE_TEXT_H5', url: H5_PAGES.news }),
    item(`${tab4}-i2`, '会计初级职称备考经验', img('icon-exam'), '三个月高效备考计划', { firstEnum: 'IMAGE_TEXT_H5', url: H5_PAGES.guide }),
    item(`${tab4}-i3`, '周末去哪儿', img('icon-weekend'), '本月亲子活动推荐', { firstEnum: 'MORE_ACTIVITY', targetSn: col.act }),
  ]);
  add(tab4, 'ACTIVITY_COLUMN', '积分兑换', [], col.integral);

  const custom1 = `${sn}-custom-1`;
  add(custom1, 'BANNER', null, [item(`${custom1}-b1`, '新人专享', img('banner-1'), null, { firstEnum: 'BANNER_NO_SKIP' })]);
  add(custom1, 'COURSE_COLUMN', '新人课程', [], col.course);
  add(custom1, 'ACTIVITY_COLUMN', '新人好物', [], col.goods);

  const custom2 = `${sn}-custom-2`;
  add(custom2, 'IMAGE_TEXT', '暑期特惠', [
    item(`${custom2}-i1`, '暑期活动', img('icon-gift'), '全场活动限时优惠', { firstEnum: 'MORE_ACTIVITY', targetSn: col.act }),
  ]);
  add(custom2, 'ACTIVITY_COLUMN', '特惠活动', [], col.act);

  return { columnRows, pageRows, moduleRows, act };
}

function activityRow(projectSn: string, actSn: string, c: CatalogueItem): typeof activities.$inferInsert {
  return {
    actSn,
    projectSn,
    actName: c.actName,
    actType: c.actType,
    cover: c.cover,
    price: c.price,
    originalPrice: c.originalPrice,
    tags: c.tags,
    sales: c.sales,
    status: c.status ?? 'ONLINE',
  };
}

/**
 * Seeds the demo data when the database has no project yet; returns whether it did. `cardCodeKey` is the
 * server's CARD_CODE_KEY, under which the demo card codes are stored.
 */
export async function seedIfEmpty(db: Db, options: { cardCodeKey?: string } = {}): Promise<boolean> {
  const cardCodeKey = options.cardCodeKey ?? DEFAULT_CARD_CODE_KEY;
  const [{ n }] = await db.select({ n: count() }).from(projects);
  // Capability data is added to an existing database too (idempotent), so an older ./data gets it.
  if (n > 0) {
    await seedCapabilities(db, cardCodeKey);
    return false;
  }
  await db.transaction(async (tx) => {
    await tx.insert(tips).values(DEMO_TIPS);
    for (const p of DEMO_PROJECTS) {
      const { projectSn, name, projectEnum, sceneStyle, tips: projectTips } = p;
      await tx.insert(projects).values({ projectSn, name, projectEnum, sceneStyle, tips: projectTips });
      const { columnRows, pageRows, moduleRows, act } = layout(p);
      const all = [...CATALOGUE.courses, ...CATALOGUE.activities, ...CATALOGUE.goods, ...CATALOGUE.integral];
      await tx.insert(activities).values(all.map((c) => activityRow(projectSn, act(c.key), c)));
      await tx.insert(columns).values(columnRows.map(({ columnSn, title }) => ({ columnSn, projectSn, title })));
      await tx
        .insert(columnActivities)
        .values(columnRows.flatMap((c) => c.items.map((it, i) => ({ columnSn: c.columnSn, actSn: act(it.key), sort: i + 1 }))));
      await tx.insert(pages).values(pageRows);
      await tx.insert(pageModules).values(moduleRows);
    }
  });
  await seedCapabilities(db, cardCodeKey);
  return true;
}

/** The demo data of each capability on top of the catalogue; each step is idempotent, so it runs on every start. */
async function seedCapabilities(db: Db, cardCodeKey: string): Promise<void> {
  await seedOrdering(db);
  await seedCatalogueDetails(db);
  await seedCoupons(db, cardCodeKey);
  await seedForms(db);
  await seedEarnings(db);
  await seedIntegral(db, DEMO_PROJECTS.map((p) => p.projectSn));
}
