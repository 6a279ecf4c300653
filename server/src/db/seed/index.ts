/**
 * Demo data, written once into an empty database (first start, or a fresh test database). It runs in one
 * transaction so that a crash half-way leaves the database empty and the next start seeds again.
 */
import { count } from 'drizzle-orm';
import type { JumpContent, ModuleItem, PageModule } from '@contract/pages';
import type { Db } from '../../runtime/database/plugin';
import { activities, columnActivities } from '../../domains/activity/schema';
import { columns, pageModules, pages } from '../../domains/pages/schema';
import { projects, tips } from '../../domains/entrance/schema';
import { CATALOGUE, PROJECT_SHELVES, catalogueOf, type CatalogueItem } from './catalogue';
import { DEMO_PROJECTS, DEMO_TIPS, type DemoProject } from './projects';
import { seedCatalogueDetails } from './catalogue-details';
import { seedOrdering } from './ordering';
import { seedEarnings } from './earnings';
import { seedCoupons } from './coupons';
import { seedForms } from './forms';
import { seedIntegral } from './integral';
import { DEFAULT_CARD_CODE_KEY } from '../../config';
import { ensureDemoOwner } from '../../domains/operators/service';

type NewPage = typeof pages.$inferInsert;
type NewModule = typeof pageModules.$inferInsert;

/** Pages that IMAGE_TEXT_H5 items open (jumpContent.url); files in server/static/pages. */
const H5_PAGES = {
  guide: '/static/pages/guide.html',
  news: '/static/pages/news.html',
  notice: '/static/pages/notice.html',
} as const;

const img = (name: string) => `/static/images/${name}.svg`;

function item(
  itemSn: string,
  title: string | null,
  image: string | null,
  text: string | null,
  jumpContent: JumpContent,
): ModuleItem {
  return { itemSn, title, image, text, jumpContent };
}

/** Pages, columns and modules of one project; every sn is prefixed by the projectSn. */
function layout(p: DemoProject) {
  const themed = THEMED_STORES[p.projectSn];
  return themed ? themedLayout(p, themed) : generalLayout(p);
}

/** The general store (demo, Baidu): courses, activities, goods and points items side by side. */
function generalLayout(p: DemoProject) {
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
  const add = (
    pageSn: string,
    moduleType: PageModule['moduleType'],
    title: string | null,
    items: ModuleItem[],
    columnSn: string | null = null,
  ) => {
    const sort = moduleRows.filter((m) => m.pageSn === pageSn).length + 1;
    moduleRows.push({ moduleSn: `${pageSn}-m${sort}`, pageSn, sort, moduleType, title, items, columnSn });
  };
  const home = `${sn}-home`;
  const firstActivity = CATALOGUE.activities[0];
  add(home, 'BANNER', null, [
    item(`${home}-b1`, '新人专享', img('banner-1'), null, { firstEnum: 'CUSTOM_PAGE', targetSn: `${sn}-custom-1` }),
    item(`${home}-b2`, firstActivity.actName, img('banner-2'), null, {
      firstEnum: 'PAGE_ACT_DETAIL',
      targetSn: act(firstActivity.key),
    }),
    item(`${home}-b3`, p.name, img('banner-3'), null, { firstEnum: 'BANNER_NO_SKIP' }),
  ]);
  add(home, 'IMAGE_TEXT', '快捷入口', [
    // A quick entry opens what it names (IMAGE_TEXT_WINDOWS would make it a tile that does nothing).
    item(`${home}-i1`, '报名须知', img('icon-notice'), '报名前请阅读活动规则，名额有限，先到先得。', {
      firstEnum: 'IMAGE_TEXT_H5',
      url: H5_PAGES.notice,
    }),
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
  add(tab3, 'NOTICE', null, [
    item(`${tab3}-n1`, null, null, '周末活动名额有限，报名从速', { firstEnum: 'IMAGE_TEXT_WINDOWS' }),
  ]);
  add(tab3, 'ACTIVITY_COLUMN', '热门活动', [], col.act);
  add(tab3, 'ACTIVITY_COLUMN', '好物推荐', [], col.goods);

  const tab4 = `${sn}-tab-4`;
  // An image-text grid draws each picture as a square icon: square pictures, so the word on each is not cropped.
  add(tab4, 'IMAGE_TEXT', '精选资讯', [
    item(`${tab4}-i1`, '2025年成人高考报名指南', img('icon-enrol'), '报名时间、条件与流程一文看懂', {
      firstEnum: 'IMAGE_TEXT_H5',
      url: H5_PAGES.news,
    }),
    item(`${tab4}-i2`, '会计初级职称备考经验', img('icon-exam'), '三个月高效备考计划', {
      firstEnum: 'IMAGE_TEXT_H5',
      url: H5_PAGES.guide,
    }),
    item(`${tab4}-i3`, '周末去哪儿', img('icon-weekend'), '本月亲子活动推荐', {
      firstEnum: 'MORE_ACTIVITY',
      targetSn: col.act,
    }),
  ]);
  add(tab4, 'ACTIVITY_COLUMN', '积分兑换', [], col.integral);

  const custom1 = `${sn}-custom-1`;
  add(custom1, 'BANNER', null, [
    item(`${custom1}-b1`, '新人专享', img('banner-1'), null, { firstEnum: 'BANNER_NO_SKIP' }),
  ]);
  add(custom1, 'COURSE_COLUMN', '新人课程', [], col.course);
  add(custom1, 'ACTIVITY_COLUMN', '新人好物', [], col.goods);

  const custom2 = `${sn}-custom-2`;
  add(custom2, 'IMAGE_TEXT', '暑期特惠', [
    item(`${custom2}-i1`, '暑期活动', img('icon-gift'), '全场活动限时优惠', {
      firstEnum: 'MORE_ACTIVITY',
      targetSn: col.act,
    }),
  ]);
  add(custom2, 'ACTIVITY_COLUMN', '特惠活动', [], col.act);

  return { columnRows, pageRows, moduleRows, act };
}

type Jump = JumpContent;
interface Entry {
  title: string;
  image: string;
  text?: string;
  jump: (c: Record<string, string>) => Jump;
}
interface Banner {
  title: string;
  image: string;
  jump: (c: Record<string, string>) => Jump;
}
/** A column module: its type, title and the column (a base column or one of the store's shelves, by key). */
type ColumnModule = ['COURSE_COLUMN' | 'ACTIVITY_COLUMN', string, string];

/** A store built around its type: the tabs of §1 each show what that store sells. */
interface ThemedStore {
  banners: Banner[];
  quick: Entry[];
  home: ColumnModule[];
  tab2: { banner?: Banner; notice: string; columns: ColumnModule[] };
  tab3: { notice: string; columns: ColumnModule[] };
  tab4: { title: string; entries: Entry[]; columns: ColumnModule[] };
}

const more =
  (col: string) =>
  (c: Record<string, string>): Jump => ({ firstEnum: 'MORE_ACTIVITY', targetSn: c[col] });
const h5 = (url: string) => (): Jump => ({ firstEnum: 'IMAGE_TEXT_H5', url });
const detail =
  (key: string) =>
  (c: Record<string, string>): Jump => ({ firstEnum: 'PAGE_ACT_DETAIL', targetSn: `${c.sn}-${key}` });
const still = (): Jump => ({ firstEnum: 'BANNER_NO_SKIP' });

const THEMED_STORES: Record<string, ThemedStore> = {
  course: {
    banners: [
      { title: '学历提升 分期无压力', image: img('course-banner-1'), jump: detail('course-01') },
      { title: '免费公开课', image: img('course-banner-2'), jump: more('class') },
      { title: '教材资料', image: img('course-banner-3'), jump: more('book') },
    ],
    quick: [
      {
        title: '报名须知',
        image: img('icon-notice'),
        text: '报名前请阅读课程说明与退费规则。',
        jump: h5(H5_PAGES.notice),
      },
      { title: '学习指南', image: img('icon-guide'), jump: h5(H5_PAGES.guide) },
      { title: '全部课程', image: img('icon-course'), jump: more('course') },
      { title: '公开课', image: img('icon-class'), jump: more('class') },
    ],
    home: [
      ['COURSE_COLUMN', '精品课程', 'course'],
      ['ACTIVITY_COLUMN', '免费公开课', 'class'],
    ],
    tab2: {
      banner: { title: '名师直播课', image: img('banner-4'), jump: still },
      notice: '课程咨询时间：每天 9:00-21:00',
      columns: [['COURSE_COLUMN', '全部课程', 'course']],
    },
    tab3: {
      notice: '公开课每周更新，预约后开课前短信提醒',
      columns: [
        ['ACTIVITY_COLUMN', '免费公开课', 'class'],
        ['ACTIVITY_COLUMN', '教材资料', 'book'],
      ],
    },
    tab4: {
      title: '备考资讯',
      entries: [
        {
          title: '2025年成人高考报名指南',
          image: img('icon-enrol'),
          text: '报名时间、条件与流程一文看懂',
          jump: h5(H5_PAGES.news),
        },
        {
          title: '会计初级职称备考经验',
          image: img('icon-exam'),
          text: '三个月高效备考计划',
          jump: h5(H5_PAGES.guide),
        },
        { title: '教材资料', image: img('icon-book'), text: '真题讲义，包邮到家', jump: more('book') },
      ],
      columns: [['ACTIVITY_COLUMN', '教材资料', 'book']],
    },
  },
  integral: {
    banners: [
      { title: '积分当钱花', image: img('integral-banner-1'), jump: more('integral') },
      { title: '实物好礼', image: img('integral-banner-2'), jump: more('gift') },
      { title: '会员权益', image: img('integral-banner-3'), jump: more('perk') },
    ],
    quick: [
      { title: '兑换规则', image: img('icon-rules'), text: '积分兑换前请阅读兑换规则。', jump: h5(H5_PAGES.notice) },
      { title: '话费流量', image: img('icon-phone'), jump: more('integral') },
      { title: '实物好礼', image: img('icon-gift'), jump: more('gift') },
      { title: '会员权益', image: img('icon-video'), jump: more('perk') },
    ],
    home: [
      ['ACTIVITY_COLUMN', '热门兑换', 'integral'],
      ['ACTIVITY_COLUMN', '实物好礼', 'gift'],
    ],
    tab2: {
      notice: '积分查询可能会延迟，具体以移动官方积分余额为准',
      columns: [
        ['ACTIVITY_COLUMN', '话费流量', 'integral'],
        ['ACTIVITY_COLUMN', '实物好礼', 'gift'],
      ],
    },
    tab3: { notice: '积分+现金兑换的好礼，现金部分在收银台支付', columns: [['ACTIVITY_COLUMN', '实物好礼', 'gift']] },
    tab4: {
      title: '权益专区',
      entries: [
        { title: '视频会员', image: img('icon-video'), text: '热门视频平台会员，积分兑换', jump: more('perk') },
        { title: '话费充值', image: img('icon-phone'), text: '移动、联通积分兑话费', jump: more('integral') },
        { title: '兑换规则', image: img('icon-rules'), text: '积分有效期与退还说明', jump: h5(H5_PAGES.notice) },
      ],
      // The carriers' items too: the 权益 tab groups every points item it lists by carrier, with each balance.
      columns: [
        ['ACTIVITY_COLUMN', '话费流量', 'integral'],
        ['ACTIVITY_COLUMN', '会员权益', 'perk'],
      ],
    },
  },
  form: {
    banners: [
      { title: '报名中心', image: img('form-banner-1'), jump: more('signup') },
      { title: '城市马拉松志愿者', image: img('form-banner-2'), jump: detail('signup-01') },
      { title: '暑期科学夏令营', image: img('form-banner-3'), jump: detail('signup-06') },
    ],
    quick: [
      {
        title: '报名须知',
        image: img('icon-notice'),
        text: '报名信息仅用于活动组织，请如实填写。',
        jump: h5(H5_PAGES.notice),
      },
      { title: '正在报名', image: img('icon-signup'), jump: more('signup') },
      { title: '热门活动', image: img('icon-weekend'), jump: more('act') },
      { title: '活动资讯', image: img('icon-news'), jump: h5(H5_PAGES.news) },
    ],
    home: [
      ['ACTIVITY_COLUMN', '正在报名', 'signup'],
      ['ACTIVITY_COLUMN', '热门活动', 'act'],
    ],
    tab2: { notice: '报名成功后将以短信通知，请保持手机畅通', columns: [['ACTIVITY_COLUMN', '正在报名', 'signup']] },
    tab3: { notice: '周末活动名额有限，报名从速', columns: [['ACTIVITY_COLUMN', '热门活动', 'act']] },
    tab4: {
      title: '活动资讯',
      entries: [
        { title: '马拉松志愿者培训安排', image: img('icon-run'), text: '培训时间与集合地点', jump: h5(H5_PAGES.news) },
        {
          title: '夏令营报名常见问题',
          image: img('icon-guide'),
          text: '年龄要求、费用与退费',
          jump: h5(H5_PAGES.guide),
        },
        { title: '周末去哪儿', image: img('icon-weekend'), text: '本月亲子活动推荐', jump: more('act') },
      ],
      columns: [['ACTIVITY_COLUMN', '正在报名', 'signup']],
    },
  },
  auth: {
    banners: [
      { title: '实名认证', image: img('auth-banner-1'), jump: more('verified') },
      { title: '认证专享体检', image: img('auth-banner-2'), jump: detail('verified-04') },
      { title: '证书核验', image: img('auth-banner-3'), jump: detail('verified-03') },
    ],
    quick: [
      {
        title: '认证说明',
        image: img('icon-shield'),
        text: '完成实名认证后即可享受专属权益与提现。',
        jump: h5(H5_PAGES.notice),
      },
      { title: '认证专享', image: img('icon-idcard'), jump: more('verified') },
      { title: '精品课程', image: img('icon-course'), jump: more('course') },
      { title: '服务指南', image: img('icon-guide'), jump: h5(H5_PAGES.guide) },
    ],
    home: [
      ['ACTIVITY_COLUMN', '认证专享', 'verified'],
      ['COURSE_COLUMN', '精品课程', 'course'],
    ],
    tab2: { notice: '认证信息仅用于身份核验，平台严格保密', columns: [['ACTIVITY_COLUMN', '认证专享', 'verified']] },
    tab3: { notice: '认证用户报名课程可叠加使用优惠券', columns: [['COURSE_COLUMN', '全部课程', 'course']] },
    tab4: {
      title: '服务专区',
      entries: [
        { title: '证书核验', image: img('icon-cert'), text: '职业资格证书在线核验', jump: detail('verified-03') },
        { title: '体检预约', image: img('icon-medical'), text: '认证用户专享体检套餐', jump: detail('verified-04') },
        { title: '实名认证', image: img('icon-shield'), text: '认证后可申请提现', jump: h5(H5_PAGES.notice) },
      ],
      columns: [['ACTIVITY_COLUMN', '认证专享', 'verified']],
    },
  },
};

/** A store built for its type (THEMED_STORES): the same pages as the general store, showing its own shelves. */
function themedLayout(p: DemoProject, store: ThemedStore) {
  const sn = p.projectSn;
  const act = (key: string) => `${sn}-${key}`;
  const base = {
    course: { title: '精品课程', items: CATALOGUE.courses },
    act: { title: '热门活动', items: CATALOGUE.activities },
    goods: { title: '好物推荐', items: CATALOGUE.goods },
    integral: { title: '积分兑换', items: CATALOGUE.integral },
  };
  const lists: Record<string, { title: string; items: CatalogueItem[] }> = { ...base };
  for (const shelf of PROJECT_SHELVES[sn] ?? []) lists[shelf.key] = { title: shelf.title, items: shelf.items };
  // Column sns of the base columns are the general store's (sn-col-course ...), so links between stores agree.
  const colSn = (key: string) => `${sn}-col-${key}`;
  const cols: Record<string, string> = { sn, ...Object.fromEntries(Object.keys(lists).map((k) => [k, colSn(k)])) };
  const columnRows = Object.entries(lists).map(([k, l]) => ({
    columnSn: colSn(k),
    projectSn: sn,
    title: l.title,
    items: l.items,
  }));

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
  ];

  const moduleRows: NewModule[] = [];
  const add = (
    pageSn: string,
    moduleType: PageModule['moduleType'],
    title: string | null,
    items: ModuleItem[],
    columnSn: string | null = null,
  ) => {
    const sort = moduleRows.filter((m) => m.pageSn === pageSn).length + 1;
    moduleRows.push({ moduleSn: `${pageSn}-m${sort}`, pageSn, sort, moduleType, title, items, columnSn });
  };
  const columnsOn = (pageSn: string, list: ColumnModule[]) => {
    for (const [type, title, key] of list) add(pageSn, type, title, [], cols[key]);
  };
  const entries = (pageSn: string, prefix: string, list: Entry[]) =>
    list.map((e, i) => item(`${pageSn}-${prefix}${i + 1}`, e.title, e.image, e.text ?? null, e.jump(cols)));

  const home = `${sn}-home`;
  add(
    home,
    'BANNER',
    null,
    store.banners.map((b, i) => item(`${home}-b${i + 1}`, b.title, b.image, null, b.jump(cols))),
  );
  add(home, 'IMAGE_TEXT', '快捷入口', entries(home, 'i', store.quick));
  columnsOn(home, store.home);

  const tab2 = `${sn}-tab-2`;
  if (store.tab2.banner)
    add(tab2, 'BANNER', null, [
      item(`${tab2}-b1`, store.tab2.banner.title, store.tab2.banner.image, null, store.tab2.banner.jump(cols)),
    ]);
  add(tab2, 'NOTICE', null, [item(`${tab2}-n1`, null, null, store.tab2.notice, { firstEnum: 'IMAGE_TEXT_WINDOWS' })]);
  columnsOn(tab2, store.tab2.columns);

  const tab3 = `${sn}-tab-3`;
  add(tab3, 'NOTICE', null, [item(`${tab3}-n1`, null, null, store.tab3.notice, { firstEnum: 'IMAGE_TEXT_WINDOWS' })]);
  columnsOn(tab3, store.tab3.columns);

  const tab4 = `${sn}-tab-4`;
  // An image-text grid draws each picture as a square icon: square pictures, so nothing is cropped.
  add(tab4, 'IMAGE_TEXT', store.tab4.title, entries(tab4, 'i', store.tab4.entries));
  columnsOn(tab4, store.tab4.columns);

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
 * server's CARD_CODE_KEY, under which the demo card codes are stored; `sandboxPayKey` its SANDBOX_PAY_KEY, with
 * which the demo payments' sandbox notifications are signed (the default key otherwise).
 */
export async function seedIfEmpty(
  db: Db,
  options: { cardCodeKey?: string; sandboxPayKey?: string } = {},
): Promise<boolean> {
  const cardCodeKey = options.cardCodeKey ?? DEFAULT_CARD_CODE_KEY;
  const [{ n }] = await db.select({ n: count() }).from(projects);
  // Capability data is added to an existing database too (idempotent), so an older ./data gets it.
  if (n > 0) {
    await seedCapabilities(db, cardCodeKey, options.sandboxPayKey);
    return false;
  }
  await db.transaction(async (tx) => {
    await tx.insert(tips).values(DEMO_TIPS);
    for (const p of DEMO_PROJECTS) {
      const { projectSn, name, projectEnum, sceneStyle, tips: projectTips } = p;
      await tx.insert(projects).values({ projectSn, name, projectEnum, sceneStyle, tips: projectTips });
      const { columnRows, pageRows, moduleRows, act } = layout(p);
      const all = catalogueOf(projectSn);
      await tx.insert(activities).values(all.map((c) => activityRow(projectSn, act(c.key), c)));
      await tx.insert(columns).values(columnRows.map(({ columnSn, title }) => ({ columnSn, projectSn, title })));
      await tx
        .insert(columnActivities)
        .values(
          columnRows.flatMap((c) =>
            c.items.map((it, i) => ({ columnSn: c.columnSn, actSn: act(it.key), sort: i + 1 })),
          ),
        );
      await tx.insert(pages).values(pageRows);
      await tx.insert(pageModules).values(moduleRows);
    }
  });
  await seedCapabilities(db, cardCodeKey, options.sandboxPayKey);
  return true;
}

/** The demo data of each capability on top of the catalogue; each step is idempotent, so it runs on every start. */
async function seedCapabilities(db: Db, cardCodeKey: string, sandboxPayKey?: string): Promise<void> {
  await seedOrdering(db);
  await seedCatalogueDetails(db);
  await seedCoupons(db, cardCodeKey);
  await seedForms(db);
  await seedEarnings(db, { sandboxPayKey });
  await seedIntegral(
    db,
    DEMO_PROJECTS.map((p) => p.projectSn),
  );
  // The console's demo login (docs/operators.md), only while the database has no operator at all.
  await ensureDemoOwner(db);
}
