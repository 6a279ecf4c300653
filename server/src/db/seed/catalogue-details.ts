/**
 * What the detail pages show beyond the card (DESIGN.md §6): pictures, summary, adult-exam fields, subject
 * charges, refund tags, hold types, spec attributes, the introduction (HTML, sanitised when served), the
 * integral package of points items, and demo reviews. Ordering facts (packages, schedules, gift courses, whether
 * it can be ordered) come from order_configs, so the detail and the order never disagree. Idempotent.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../plugins/db';
import { activities } from '../schema';
import { activityComments } from '../schema/catalogue';

export interface DetailExtras {
  images: string[];
  summary: string;
  adultExamination: { schoolName: string; majorLevelStr: string; majorName: string } | null;
  subjectCharge: number | null;
  subjectsNum: number | null;
  refundTags: number[];
  holdTypes: string[];
  specAttrs: { name: string; value: string }[];
  introduce: string;
  integralPackage: {
    integralType: 'MOBILE_INTEGRAL' | 'UNICOM_INTEGRAL' | '';
    bindPhone: string | null;
    bindPoint: number | null;
    minIntegralType: string | null;
    actPreviewUrl: string | null;
    maxIntegral: number;
  } | null;
}

const intro = (title: string, cover: string) =>
  [
    `<h3>${title}</h3>`,
    '<p>由资深讲师团队授课，配套讲义与习题，学习进度随时可查。</p>',
    `<p><img src="${cover}" width="690" height="388" alt="${title}"></p>`,
    // A tracking pixel: the storefront drops images under 60 px (§9).
    '<p><img src="/static/images/icon-gift.svg" width="1" height="1" alt=""></p>',
    '<ul><li>直播+录播双模式</li><li>班主任全程督学</li><li>考前冲刺模拟</li></ul>',
  ].join('');

export function detailExtras(key: string, actType: string, actName: string, cover: string): DetailExtras {
  const base: DetailExtras = {
    images: [cover],
    summary: `${actName}，名额有限，报名从速。`,
    adultExamination: null,
    subjectCharge: null,
    subjectsNum: null,
    refundTags: actType === 'GOODS' ? [3, 5] : [1],
    holdTypes: [],
    specAttrs: [{ name: '服务', value: actType === 'GOODS' ? '包邮 · 7天无理由' : '开课提醒 · 专属客服' }],
    introduce: intro(actName, cover),
    integralPackage: null,
  };
  switch (key) {
    case 'course-01':
      return {
        ...base,
        adultExamination: { schoolName: '华南师范大学', majorLevelStr: '专升本', majorName: '汉语言文学' },
        subjectCharge: 99000,
        subjectsNum: 3,
        refundTags: [1, 6],
        specAttrs: [
          { name: '学制', value: '2.5年' },
          { name: '上课方式', value: '线上直播+线下面授' },
        ],
      };
    case 'course-02':
      return { ...base, refundTags: [1, 5], specAttrs: [{ name: '教材', value: '包邮寄送' }] };
    case 'course-05':
      return { ...base, holdTypes: ['TRAILING_HOLD', 'TALENT_IN'], refundTags: [2], specAttrs: [{ name: '证书', value: '三级/高级工' }] };
    case 'course-08':
      return { ...base, refundTags: [4] };
    default:
      if (actType === 'INTEGRAL') {
        const type = key.endsWith('01') || key.endsWith('04') ? 'MOBILE_INTEGRAL' : key.endsWith('02') || key.endsWith('05') ? 'UNICOM_INTEGRAL' : '';
        return {
          ...base,
          refundTags: [2],
          integralPackage: { integralType: type, bindPhone: null, bindPoint: null, minIntegralType: null, actPreviewUrl: null, maxIntegral: 5000 },
        };
      }
      return base;
  }
}

const NAMES = ['李同学', '王女士', '张先生', '刘同学', '陈女士', '杨先生'];
const REVIEWS = [
  [5, '老师讲得很清楚，重点突出，跟着学一遍就有思路了。'],
  [5, '服务很贴心，班主任每周都会提醒学习进度。'],
  [4, '内容很实用，就是直播时间有点晚。'],
  [5, '第一次报名就通过了，推荐给身边的朋友。'],
  [3, '整体还可以，希望多一些练习题。'],
] as const;

export async function seedCatalogueDetails(db: Db): Promise<void> {
  const rows = await db.select().from(activities);
  for (const a of rows) {
    if (Object.keys(a.detail ?? {}).length) continue;
    const key = a.actSn.slice(a.projectSn.length + 1);
    await db.update(activities).set({ detail: detailExtras(key, a.actType, a.actName, a.cover) as unknown as Record<string, unknown> }).where(eq(activities.actSn, a.actSn));
  }
  const reviews = rows.flatMap((a, i) =>
    REVIEWS.slice(0, 2 + (i % 4)).map(([score, content], j) => ({
      commentId: `seed-${a.actSn}-${j + 1}`,
      actSn: a.actSn,
      userId: null,
      nickName: NAMES[(i + j) % NAMES.length],
      avatar: null,
      score,
      content,
      images: j === 0 ? [a.cover] : [],
      createdAt: new Date(Date.UTC(2026, 9, 1 + j, 8, 0, 0)),
    })),
  );
  for (let i = 0; i < reviews.length; i += 200) await db.insert(activityComments).values(reviews.slice(i, i + 200)).onConflictDoNothing();
}
