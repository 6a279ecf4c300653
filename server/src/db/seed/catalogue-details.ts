/**
 * What the detail pages show beyond the card (DESIGN.md §6), for every catalogue item of every project: pictures,
 * summary, covers of package and gift courses, adult-exam fields, subject charges, refund tags, hold types, spec
 * attributes, the introduction (HTML, sanitised whenever it is served), the integral package of points items;
 * and demo reviews written by demo reviewers (rows in users), whose words fit what the item is (a course, an
 * event, goods, a points item). Ordering facts (pay type, schedule, packages, gift
 * courses, whether it can be ordered) come from order_configs (seed/ordering.ts), so detail and order agree.
 *
 * Idempotent: a demo item whose detail was written by an older version of this seed (or not at all) is rewritten
 * once (DETAIL_SEED_VERSION), missing reviewers and reviews are added, so an older ./data gets the new data at the
 * next start. Items outside the demo catalogue are never touched.
 *
 * Where each feature is (actSn = `<projectSn>-<key>`, the same in every project):
 * - course-01 成人高考专升本辅导: several pictures, adultExamination, subjectCharge + subjectsNum, package of three
 *   (covers), six instalments, refund tags 1+6, two spec attrs, 12 reviews (two pages of the review list)
 * - course-02 deposit + final (refund 1+5); course-03 package of two + two gift courses (covers), refund 1+3;
 *   course-04 three instalments; course-05 household course with holdTypes TRAILING_HOLD + TALENT_IN, refund 2;
 *   course-08 closed (orderEnabled false, 课程报名已截止), refund 4
 * - activity-02 城市夜跑打卡活动: price 0, a place (its meeting point, opened with /open-location); activity-01 a place too
 * - goods-*: refund 3+5; integral-01/04 MOBILE_INTEGRAL, integral-02/05 UNICOM_INTEGRAL, integral-03/06 no carrier;
 *   integral-01 also minIntegralType and actPreviewUrl
 */
import { and, eq, isNull, like } from 'drizzle-orm';
import type { Db } from '../../runtime/database/plugin';
import { activities } from '../../domains/activity/schema';
import { users } from '../../domains/user/schema';
import { activityComments, type ActivityExtras } from '../../domains/activity/schema';
import { isFreeShipping } from '@contract/rules/freight';
import { BASE_ITEMS, SHELF_ITEMS, type CatalogueItem } from './catalogue';
import { orderConfigFor } from './ordering';
import { DEMO_PROJECTS } from './projects';

const img = (name: string) => `/static/images/${name}.svg`;

/** The first paragraph and the bullet points of an introduction, by what the item is. */
const INTRO_COPY: Record<string, { lead: string; points: string[] }> = {
  COURSE: {
    lead: '由资深讲师团队授课，配套讲义与习题，学习进度随时可查。',
    points: ['直播+录播双模式', '班主任全程督学', '考前冲刺模拟'],
  },
  ACTIVITY: {
    lead: '活动由专业老师与工作人员全程组织，报名成功后会收到集合时间与地点提醒。',
    points: ['小班人数，体验充分', '现场物料统一准备', '不能参加可提前一天取消'],
  },
  GOODS: {
    lead: '品牌正品，质检合格后出库，付款后48小时内发货。',
    points: ['正品保障', '破损包换', '支持7天无理由退货'],
  },
  INTEGRAL: {
    lead: '使用积分兑换，兑换成功后权益将直接发放到您的账户或绑定手机号。',
    points: ['兑换后可在订单中查看', '权益到账以短信通知为准', '虚拟权益兑换后不可退'],
  },
};

const intro = (title: string, cover: string, actType: string, extra = '') => {
  const copy = INTRO_COPY[actType] ?? INTRO_COPY.COURSE;
  return [
    `<h3>${title}</h3>`,
    `<p>${copy.lead}</p>`,
    `<p><img src="${cover}" width="690" height="518" alt="${title}"></p>`,
    // A tracking pixel: images under 60 px are dropped (§9), by the server and again by the storefront.
    '<p><img src="/static/images/icon-gift.svg" width="1" height="1" alt=""></p>',
    `<ul>${copy.points.map((p) => `<li>${p}</li>`).join('')}</ul>`,
    extra,
  ].join('');
};

/** The one-line summary under the name, by what the item is. */
function summaryOf(actType: string, actName: string): string {
  if (actType === 'GOODS') return `${actName}，品牌正品，付款后48小时内发货。`;
  if (actType === 'INTEGRAL') return `${actName}，积分兑换，到账快。`;
  return `${actName}，名额有限，报名从速。`;
}

/** The catalogue item of a key (base or a store's shelf). */
const itemOf = (key: string): CatalogueItem | undefined => BASE_BY_KEY.get(key) ?? SHELF_ITEMS.get(key);
const BASE_BY_KEY = new Map(BASE_ITEMS.map((c) => [c.key, c]));

/** A goods item's 服务: 包邮 only when its order config ships it free (contract/rules/freight.ts). */
function goodsService(key: string, sn: string): string {
  const config = orderConfigFor(key, sn);
  return config && isFreeShipping(config) ? '包邮 · 7天无理由' : '7天无理由';
}

/** The display extras of one catalogue item; `sn` is its project, `key` its catalogue key (course-01, ...). */
export function detailExtras(sn: string, key: string, actType: string, actName: string, cover: string): ActivityExtras {
  const base: ActivityExtras = {
    images: [cover],
    summary: summaryOf(actType, actName),
    courseCovers: {},
    adultExamination: null,
    subjectCharge: null,
    subjectsNum: null,
    refundTags: actType === 'GOODS' ? [3, 5] : [1],
    holdTypes: [],
    specAttrs: [{ name: '服务', value: actType === 'GOODS' ? goodsService(key, sn) : '开课提醒 · 专属客服' }],
    introduce: intro(actName, cover, actType),
    integralPackage: null,
  };
  switch (key) {
    case 'course-01':
      return {
        ...base,
        images: [cover, img('banner-4'), img('article-1')],
        summary: '成人高考专升本三科联报，名校学历，2.5年毕业，支持分6期付款。',
        // The courses of the package in seed/ordering.ts (course-01).
        courseCovers: {
          [`${sn}-c-chinese`]: img('course-06'),
          [`${sn}-c-politics`]: img('course-07'),
          [`${sn}-c-english`]: img('course-08'),
        },
        adultExamination: { schoolName: '华南师范大学', majorLevelStr: '专升本', majorName: '汉语言文学' },
        subjectCharge: 99000,
        subjectsNum: 3,
        refundTags: [1, 6],
        specAttrs: [
          { name: '学制', value: '2.5年' },
          { name: '上课方式', value: '线上直播+线下面授' },
        ],
        introduce: intro(
          actName,
          cover,
          actType,
          `<h4>报考院校</h4><p><img src="${img('article-1')}" width="690" height="300" alt="华南师范大学"></p>` +
            '<table><tr><th>科目</th><th>费用</th></tr><tr><td>大学语文</td><td>990元</td></tr><tr><td>政治</td><td>990元</td></tr><tr><td>大学英语</td><td>1200元</td></tr></table>',
        ),
      };
    case 'course-02':
      return { ...base, refundTags: [1, 5], specAttrs: [{ name: '教材', value: '包邮寄送' }] };
    case 'course-03':
      return {
        ...base,
        images: [cover, img('article-2')],
        courseCovers: {
          [`${sn}-c-written`]: img('course-04'),
          [`${sn}-c-interview`]: img('course-05'),
          [`${sn}-g-psy`]: img('icon-guide'),
          [`${sn}-g-law`]: img('icon-notice'),
        },
        refundTags: [1, 3],
        specAttrs: [
          { name: '套餐内容', value: '笔试+面试' },
          { name: '赠课', value: '教育心理学速记、教育法规串讲' },
        ],
      };
    case 'course-05':
      return {
        ...base,
        holdTypes: ['TRAILING_HOLD', 'TALENT_IN'],
        refundTags: [2],
        specAttrs: [{ name: '证书', value: '三级/高级工' }],
      };
    case 'course-08':
      return { ...base, refundTags: [4] };
    case 'activity-01':
      return {
        ...base,
        schedule: '每周六、周日 14:00-16:30',
        place: {
          name: '城市烘焙教室',
          address: '广州市天河区体育西路103号3楼',
          latitude: 23.13352,
          longitude: 113.32186,
        },
      };
    case 'activity-02':
      return {
        ...base,
        summary: '免费报名，夜跑5公里打卡，完赛即得纪念徽章。',
        specAttrs: [{ name: '费用', value: '免费' }],
        schedule: '每周三 19:30 集合，20:00 开跑',
        place: {
          name: '海心沙亚运公园南门（集合点）',
          address: '广州市天河区临江大道3号',
          latitude: 23.11548,
          longitude: 113.32417,
        },
      };
    default:
      if (actType === 'INTEGRAL') {
        // The carrier the card's tag names (移动积分 / 联通积分); other points items take the store's own points.
        const tags = itemOf(key)?.tags ?? [];
        const type = tags.includes('移动积分') ? 'MOBILE_INTEGRAL' : tags.includes('联通积分') ? 'UNICOM_INTEGRAL' : '';
        return {
          ...base,
          refundTags: [2],
          specAttrs: [
            {
              name: '兑换方式',
              value:
                type === 'MOBILE_INTEGRAL' ? '中国移动积分' : type === 'UNICOM_INTEGRAL' ? '中国联通积分' : '平台积分',
            },
          ],
          integralPackage: {
            integralType: type,
            // Filled per customer by the integral binding calls, not by the catalogue.
            bindPhone: null,
            bindPoint: null,
            minIntegralType: key === 'integral-01' ? 'MOBILE_INTEGRAL' : null,
            actPreviewUrl:
              key === 'integral-01'
                ? `/#/pages/activity/activityDetail?actSn=${encodeURIComponent(`${sn}-${key}`)}&projectSn=${encodeURIComponent(sn)}`
                : null,
            maxIntegral: 5000,
          },
        };
      }
      return base;
  }
}

/** Demo reviewers of every project: rows in users without a phone (nobody can log in as them). */
const REVIEWERS = [
  '李同学',
  '王女士',
  '张先生',
  '刘同学',
  '陈女士',
  '杨先生',
  '赵老师',
  '黄女士',
  '周同学',
  '吴先生',
  '徐女士',
  '孙同学',
];
const reviewerId = (sn: string, i: number) => `${sn}-reviewer-${String(i + 1).padStart(2, '0')}`;

type Review = readonly [score: number, content: string];

/** Reviews that fit what was bought: a course's are about teaching, a lamp's about the lamp. */
const REVIEWS: Readonly<Record<string, readonly Review[]>> = {
  COURSE: [
    [5, '老师讲得很清楚，重点突出，跟着学一遍就有思路了。'],
    [5, '服务很贴心，班主任每周都会提醒学习进度。'],
    [4, '内容很实用，就是直播时间有点晚。'],
    [5, '第一次报名就通过了，推荐给身边的朋友。'],
    [3, '整体还可以，希望多一些练习题。'],
    [5, '资料很全，课后答疑也及时。'],
    [4, '性价比不错，分期付款压力小。'],
    [5, '已经推荐给同事了。'],
    [2, '教材寄得有点慢，等了一周才收到。'],
    [5, '课程安排合理，工作之余也能跟上。'],
    [4, '老师很有耐心，讲解细致。'],
    [5, '非常满意，会继续报其他课程。'],
  ],
  ACTIVITY: [
    [5, '组织得很好，工作人员很热情，孩子玩得特别开心。'],
    [5, '流程清楚，集合提醒也及时，下次还来。'],
    [4, '体验不错，就是当天人有点多。'],
    [5, '老师很专业，一步步带着做，零基础也能跟上。'],
    [3, '活动内容可以，场地稍微有点难找。'],
    [5, '和朋友一起报的，性价比很高。'],
    [4, '时间安排合理，结束后还有合影留念。'],
    [5, '氛围很好，认识了不少新朋友。'],
  ],
  GOODS: [
    [5, '质量很好，做工细致，和图片一样。'],
    [5, '发货很快，第二天就收到了，包装完好。'],
    [4, '东西不错，就是颜色比图片略深一点。'],
    [5, '用了一周，很满意，已经回购送朋友。'],
    [3, '还可以，价格再优惠点就好了。'],
    [5, '客服回复及时，售后放心。'],
    [4, '性价比高，日常用足够了。'],
    [5, '第二次买了，品质一直稳定。'],
  ],
  INTEGRAL: [
    [5, '积分兑换很方便，几分钟就到账了。'],
    [5, '闲置积分换了实用的东西，很划算。'],
    [4, '到账稍微慢了一点，不过短信有提醒。'],
    [5, '操作简单，输入手机号就兑换成功了。'],
    [3, '可兑换的东西再多一些就好了。'],
    [5, '第二次兑换了，一直很顺利。'],
    [4, '积分加一点现金就换到了，挺值。'],
    [5, '推荐大家把积分用起来，别浪费了。'],
  ],
};

/** A small stable number per item, so that review counts and writers vary between items but never between runs. */
function spread(actSn: string): number {
  let h = 0;
  for (const ch of actSn) h = (h * 31 + ch.charCodeAt(0)) % 9973;
  return h;
}

/** Who wrote the item's j-th demo review: a different reviewer for each j (j < REVIEWERS.length). */
const writerOf = (actSn: string, j: number) => (spread(actSn) + j) % REVIEWERS.length;

/** The demo reviews of one item: 2 to 5 (12 on course-01, two pages), each by a different reviewer. */
export function seedReviews(a: { actSn: string; projectSn: string; cover: string }) {
  const key = a.actSn.slice(a.projectSn.length + 1);
  const h = spread(a.actSn);
  const pool = REVIEWS[itemOf(key)?.actType ?? 'COURSE'] ?? REVIEWS.COURSE;
  const n = key === 'course-01' ? REVIEWS.COURSE.length : 2 + (h % 4);
  return Array.from({ length: n }, (_, j) => {
    const writer = writerOf(a.actSn, j);
    const [score, content] = pool[(h + j) % pool.length];
    return {
      commentId: `seed-${a.actSn}-${j + 1}`,
      actSn: a.actSn,
      userId: reviewerId(a.projectSn, writer),
      nickName: REVIEWERS[writer],
      avatar: null,
      score,
      content,
      images: j === 0 ? [a.cover] : [],
      createdAt: new Date(Date.UTC(2026, 9, 1 + j, 8, 0, 0)),
    };
  });
}

const CATALOGUE_TAGS = new Map([...BASE_ITEMS, ...SHELF_ITEMS.values()].map((c) => [c.key, c.tags]));

/** Raised whenever detailExtras changes, so that the demo items of an older database are rewritten once. */
export const DETAIL_SEED_VERSION = 6;

export async function seedCatalogueDetails(db: Db): Promise<void> {
  // Only the demo catalogue of the demo projects: items an operator adds are never touched.
  const demo = new Set(DEMO_PROJECTS.map((p) => p.projectSn));
  const rows = (await db.select().from(activities)).filter(
    (a) => demo.has(a.projectSn) && CATALOGUE_TAGS.has(a.actSn.slice(a.projectSn.length + 1)),
  );
  if (!rows.length) return;
  const projectSns = [...new Set(rows.map((a) => a.projectSn))];

  for (const a of rows) {
    if ((a.detail as Partial<ActivityExtras>).seedVersion === DETAIL_SEED_VERSION) continue;
    const key = a.actSn.slice(a.projectSn.length + 1);
    const detail: ActivityExtras = {
      ...detailExtras(a.projectSn, key, a.actType, a.actName, a.cover),
      seedVersion: DETAIL_SEED_VERSION,
    };
    // The card's tags follow the catalogue too (they repeat the detail's tag strip).
    await db
      .update(activities)
      .set({ detail: detail as unknown as Record<string, unknown>, tags: CATALOGUE_TAGS.get(key) ?? a.tags })
      .where(eq(activities.actSn, a.actSn));
  }

  const reviewers = projectSns.flatMap((sn) =>
    REVIEWERS.map((nickName, i) => ({
      userId: reviewerId(sn, i),
      projectSn: sn,
      phone: null,
      unionId: `seed_${reviewerId(sn, i)}`,
      nickName,
    })),
  );
  await db.insert(users).values(reviewers).onConflictDoNothing();

  const reviews = rows.flatMap(seedReviews);
  const have = new Set(
    (
      await db
        .select({ id: activityComments.commentId })
        .from(activityComments)
        .where(like(activityComments.commentId, 'seed-%'))
    ).map((r) => r.id),
  );
  const missing = reviews.filter((r) => !have.has(r.commentId));
  for (let i = 0; i < missing.length; i += 200)
    await db
      .insert(activityComments)
      .values(missing.slice(i, i + 200))
      .onConflictDoNothing();

  // Demo reviews of an older database were written without a reviewer: give each its writer.
  const orphans = await db
    .select({ id: activityComments.commentId, actSn: activityComments.actSn })
    .from(activityComments)
    .where(and(like(activityComments.commentId, 'seed-%'), isNull(activityComments.userId)));
  const byAct = new Map(rows.map((a) => [a.actSn, a]));
  for (const { id, actSn } of orphans) {
    const a = byAct.get(actSn);
    const j = Number(id.slice(`seed-${actSn}-`.length)) - 1;
    if (!a || !Number.isInteger(j) || j < 0 || j >= REVIEWERS.length) continue;
    const writer = writerOf(a.actSn, j);
    await db
      .update(activityComments)
      .set({ userId: reviewerId(a.projectSn, writer), nickName: REVIEWERS[writer] })
      .where(and(eq(activityComments.commentId, id), isNull(activityComments.userId)));
  }
}
