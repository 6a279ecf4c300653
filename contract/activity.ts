/**
 * Catalogue: activity and course details, spec attributes, hot recommendations, share info, reviews,
 * product introduction, JS-SDK signature (§3 course/activity item, integral package, refund tags, hold types;
 * §7 Activities).
 */
import { z } from 'zod';
import { pageQuery, paged, signedFields } from './common';
import { pointsPriceSchema } from './integral';
import { activityCardSchema } from './pages';

const actSn = z.string({ error: '缺少活动编号' }).trim().min(1, '缺少活动编号').max(64, '活动编号过长');

export const ACT_TYPES = ['ACTIVITY', 'COURSE', 'GOODS', 'INTEGRAL'] as const;
import { COMMENT_MAX_LENGTH, HOLD_TYPES, ORDER_PAY_TYPES, REFUND_TAGS } from './constants';

export { COMMENT_MAX_LENGTH, HOLD_TYPES, ORDER_PAY_TYPES, REFUND_TAGS };

export const courseSchema = z.object({
  courseSn: z.string(),
  courseName: z.string(),
  courseCover: z.string().nullable(),
  /** fen */
  courseAmount: z.number().int(),
});
export type Course = z.infer<typeof courseSchema>;

export const packageSchema = z.object({
  packageSn: z.string(),
  packageName: z.string(),
  /** fen */
  price: z.number().int(),
  courses: z.array(courseSchema),
});

export const integralPackageSchema = z.object({
  integralType: z.enum(['MOBILE_INTEGRAL', 'UNICOM_INTEGRAL', '']),
  bindPhone: z.string().nullable(),
  bindPoint: z.number().int().nullable(),
  minIntegralType: z.string().nullable(),
  actPreviewUrl: z.string().nullable(),
  maxIntegral: z.number().int(),
});

export const commentSchema = z.object({
  commentId: z.string(),
  nickName: z.string(),
  avatar: z.string().nullable(),
  /** 1..5 */
  score: z.number().int(),
  content: z.string(),
  images: z.array(z.string()),
  createdAt: z.string(),
  /** The merchant's reply, shown under the review (absent or null: none). */
  reply: z.string().nullable().optional(),
});
export type Comment = z.infer<typeof commentSchema>;

/** A place on the map: GCJ-02 coordinates, as Chinese maps and the mini-programs' location APIs use them. */
export const activityPlaceSchema = z.object({
  name: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type ActivityPlace = z.infer<typeof activityPlaceSchema>;

export const activityDetailSchema = z.object({
  actSn: z.string(),
  actName: z.string(),
  actType: z.enum(ACT_TYPES),
  cover: z.string(),
  images: z.array(z.string()),
  /** Lowest price in fen. */
  price: z.number().int(),
  originalPrice: z.number().int().nullable(),
  sales: z.number().int(),
  summary: z.string().nullable(),
  /** 1 normal, 2 deposit + final, 3 instalment. */
  orderPayType: z.number().int(),
  /** Periods of an instalment course (3, 6, ...). */
  installmentNum: z.number().int().nullable(),
  /** Deposit of a deposit + final course, fen. */
  depositAmount: z.number().int().nullable(),
  courseName: z.string().nullable(),
  courseCover: z.string().nullable(),
  courseAmount: z.number().int().nullable(),
  isPackage: z.boolean(),
  packages: z.array(packageSchema),
  giftCourses: z.array(courseSchema),
  adultExamination: z.object({ schoolName: z.string(), majorLevelStr: z.string(), majorName: z.string() }).nullable(),
  /** Per-subject charge in fen and the number of subjects. */
  subjectCharge: z.number().int().nullable(),
  subjectsNum: z.number().int().nullable(),
  refundTags: z.array(z.number().int()),
  holdTypes: z.array(z.string()),
  hasProductIntroduce: z.boolean(),
  integralPackage: integralPackageSchema.nullable(),
  /** Set on points items: what the item costs in points and cash, shown in place of a ¥ price. */
  pointsPrice: pointsPriceSchema.nullable().optional(),
  commentSummary: z.object({ total: z.number().int(), goodRate: z.number().int(), latest: z.array(commentSchema) }),
  /** false when the item cannot be ordered now; disabledReason says why. */
  orderEnabled: z.boolean(),
  disabledReason: z.string().nullable(),
  /** True when the item has a stock and every unit is held by an order (docs/catalogue.md); false when unlimited. */
  soldOut: z.boolean(),
  /** Whether the current user may publish a review (bought and not yet reviewed). */
  canComment: z.boolean(),
  /** Where the activity takes place (shown on the detail, opened with /open-location, §2); absent when it has none. */
  place: activityPlaceSchema.nullish(),
  /** 活动时间 as the merchant wrote it; absent when the item has none. */
  schedule: z.string().nullish(),
});
export type ActivityDetail = z.infer<typeof activityDetailSchema>;

export const actSnQuery = z.object({ ...signedFields, actSn });
export const actSnParams = z.object({ actSn });

export const specAttrsInfo = z.object({ attrs: z.array(z.object({ name: z.string(), value: z.string() })) });
export const hotRecommendInfo = z.object({ list: z.array(activityCardSchema) });
export const shareInfo = z.object({ title: z.string(), content: z.string(), image: z.string(), link: z.string() });
export type ShareInfo = z.infer<typeof shareInfo>;
export const introduceInfo = z.object({ content: z.string() });

export const commentListQuery = z.object({ ...signedFields, actSn, ...pageQuery });
export const commentListInfo = paged(commentSchema);

export const commentPublishBody = z.object({
  ...signedFields,
  actSn,
  score: z.number({ error: '请选择评分' }).int('请选择评分').min(1, '请选择评分').max(5, '评分为1到5星'),
  content: z
    .string({ error: '请输入评价内容' })
    .trim()
    .min(1, '请输入评价内容')
    .max(COMMENT_MAX_LENGTH, `评价内容不能超过${COMMENT_MAX_LENGTH}字`),
  images: z.array(z.string().max(300)).max(9, '最多上传9张图片').default([]),
});
export const commentPublishInfo = z.object({ commentId: z.string() });

/** WeChat JS-SDK signature (§7 js/getJSSign). */
export const jsSignQuery = z.object({
  ...signedFields,
  projectSn: z.string({ error: '缺少项目编号' }).min(1, '缺少项目编号').max(64, '项目编号过长'),
  /** The page's absolute address; WeChat signs it without the #fragment. */
  url: z
    .string({ error: '缺少页面地址' })
    .min(1, '缺少页面地址')
    .max(1000, '页面地址过长')
    .regex(/^https?:\/\/[^\s]+$/i, '页面地址不正确'),
});
export const jsSignInfo = z.object({
  appid: z.string(),
  timestamp: z.number().int(),
  noncestr: z.string(),
  sign: z.string(),
});
export type JsSignInfo = z.infer<typeof jsSignInfo>;
