/**
 * Operator API of the catalogue (/ops/v1/catalogue/...): activities and courses with their prices, packages, deposit
 * or instalment plan, delivery and freight, tags, refund tags, stock and introduction; publish and unpublish
 * (refused with contract/rules/catalogue-publish.ts's messages when the figures do not add up); delete, which
 * archives an item orders reference. Money is integer fen; the console's forms validate with these same schemas.
 */
import { z } from 'zod';
import { REFUND_TAGS } from './constants';
import { MAX_INSTALLMENTS } from './rules/catalogue-publish';

const projectSn = z.string({ error: '缺少项目编号' }).trim().min(1, '缺少项目编号').max(64, '项目编号格式不正确');
const fen = (name: string) =>
  z
    .number({ error: `${name}须为整数（分）` })
    .int(`${name}须为整数（分）`)
    .min(0, `${name}不能为负`)
    .max(100_000_000, `${name}过大`);
const text = (name: string, max: number) => z.string().trim().max(max, `${name}不能超过${max}个字`);
/** A picture: this server's stored upload or static file, or an https address. */
const image = z
  .string({ error: '请上传图片' })
  .trim()
  .max(500, '图片地址过长')
  .regex(/^(\/storage\/|\/static\/|https:\/\/)\S+$/, '图片须为上传的图片或 https 地址');
const courseSn = z
  .string()
  .trim()
  .min(1, '请填写课程编号')
  .max(64, '课程编号格式不正确')
  .regex(/^[A-Za-z0-9_-]+$/, '课程编号格式不正确');

export const CATALOGUE_ITEM_TYPES = ['ACTIVITY', 'COURSE', 'GOODS'] as const;
export const CATALOGUE_TYPE_TEXT: Record<(typeof CATALOGUE_ITEM_TYPES)[number] | 'INTEGRAL', string> = {
  ACTIVITY: '活动',
  COURSE: '课程',
  GOODS: '商品',
  INTEGRAL: '积分商品',
};
/** ONLINE is on sale; OFFLINE is unpublished; ARCHIVED was deleted while orders referenced it. */
export const CATALOGUE_STATES = ['ONLINE', 'OFFLINE', 'ARCHIVED'] as const;
export const CATALOGUE_STATE_TEXT: Record<(typeof CATALOGUE_STATES)[number], string> = {
  ONLINE: '已上架',
  OFFLINE: '未上架',
  ARCHIVED: '已归档',
};
/** 1 express, 4 nothing shipped (contract/constants.ts NO_DELIVERY). */
export const DELIVERY_TYPES = { 1: '快递配送', 4: '无需配送' } as const;

export const installmentRow = z.object({
  amount: fen('每期金额'),
  dueDays: z.number({ error: '付款天数须为整数' }).int('付款天数须为整数').min(0, '付款天数不能为负').max(3650),
});

const course = z.object({
  courseSn,
  courseName: text('课程名称', 60).min(1, '请填写课程名称'),
  courseAmount: fen('课程价格'),
});

export const catalogueItemFields = z.object({
  actName: text('名称', 60).min(1, '请填写名称'),
  actType: z.enum(CATALOGUE_ITEM_TYPES, { error: '类型须为活动、课程或商品' }),
  cover: image,
  images: z.array(image).max(9, '轮播图最多 9 张').default([]),
  summary: text('简介', 200).default(''),
  /** HTML, sanitised by the server with the storefront's rule before it is stored. */
  introduce: z.string().max(100_000, '图文介绍过长').default(''),
  price: fen('售价'),
  originalPrice: fen('划线价').nullable().default(null),
  tags: z.array(text('标签', 12).min(1, '标签不能为空')).max(6, '标签最多 6 个').default([]),
  refundTags: z
    .array(
      z
        .number()
        .int()
        .refine((n) => n in REFUND_TAGS, '退款标签不存在'),
    )
    .max(6)
    .default([]),
  schedule: text('活动时间', 60).nullable().default(null),
  adultExamination: z
    .object({
      schoolName: text('学校', 60),
      majorLevelStr: text('层次', 20),
      majorName: text('专业', 60),
    })
    .nullable()
    .default(null),
  /** 成考 per-subject fee (fen) and number of subjects, shown on the detail with adultExamination (§3). */
  subjectCharge: fen('单科费用').nullable().default(null),
  subjectsNum: z
    .number({ error: '科目数须为整数' })
    .int('科目数须为整数')
    .min(1, '科目数至少 1 门')
    .max(20, '科目数最多 20 门')
    .nullable()
    .default(null),
  /** 1 full price, 2 deposit + final, 3 instalments. */
  orderPayType: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '付款方式须为全款、定金或分期' }),
  depositAmount: fen('定金').nullable().default(null),
  finalDueDays: z.number().int('尾款期限须为整数天').min(1).max(365).nullable().default(null),
  installmentPlan: z.array(installmentRow).max(MAX_INSTALLMENTS, `分期最多 ${MAX_INSTALLMENTS} 期`).default([]),
  deliveryType: z.union([z.literal(1), z.literal(4)], { error: '配送方式须为快递配送或无需配送' }),
  freight: fen('运费').default(0),
  courseDiscountAmount: fen('课程优惠').default(0),
  packages: z
    .array(
      z.object({
        packageSn: courseSn.optional(),
        packageName: text('套餐名称', 40),
        price: fen('套餐价格'),
        courses: z.array(course).max(20),
      }),
    )
    .max(10, '套餐最多 10 个')
    .default([]),
  giftCourses: z.array(course).max(10, '赠课最多 10 门').default([]),
  /** Units offered in all, sold ones included (left to sell: stock - sold); null: unlimited. */
  stock: z.number().int('库存须为整数').min(0, '库存不能为负').max(10_000_000).nullable().default(null),
});
export type CatalogueItemFields = z.infer<typeof catalogueItemFields>;
export type CatalogueItemInput = z.input<typeof catalogueItemFields>;

export const catalogueCreateBody = catalogueItemFields.extend({ projectSn });
export const catalogueUpdateBody = catalogueItemFields;

export const catalogueItemParams = z.object({ actSn: z.string().trim().min(1).max(64) });
export const catalogueListQuery = z.object({
  projectSn,
  actType: z.enum([...CATALOGUE_ITEM_TYPES, 'INTEGRAL']).optional(),
  state: z.enum(CATALOGUE_STATES).optional(),
  keyword: z.string().trim().max(40).optional(),
});

export const catalogueItemSchema = catalogueItemFields.extend({
  actSn: z.string(),
  projectSn: z.string(),
  actType: z.enum([...CATALOGUE_ITEM_TYPES, 'INTEGRAL']),
  state: z.enum(CATALOGUE_STATES),
  sales: z.number().int(),
  /** Units held by live orders (unpaid or paid); a cancelled unpaid order gives its unit back. */
  sold: z.number().int(),
  /** Orders that name the item: such an item is archived, never deleted. */
  orderCount: z.number().int(),
  /** Why it may not go on sale now (empty: it may). */
  publishProblems: z.array(z.string()),
  createdAt: z.string(),
});
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;

export const catalogueListRow = z.object({
  actSn: z.string(),
  actName: z.string(),
  actType: z.string(),
  cover: z.string(),
  price: z.number().int(),
  state: z.enum(CATALOGUE_STATES),
  stock: z.number().int().nullable(),
  sold: z.number().int(),
  sales: z.number().int(),
  createdAt: z.string(),
});
export type CatalogueListRow = z.infer<typeof catalogueListRow>;
export const catalogueList = z.object({ list: z.array(catalogueListRow) });

export const catalogueDeleted = z.object({ actSn: z.string(), outcome: z.enum(['DELETED', 'ARCHIVED']) });

export const CATALOGUE_MESSAGES = {
  notFound: '商品不存在',
  stockBelowSold: (sold: number) => `库存不能少于已售出的${sold}件`,
  publishRefused: '商品信息不完整或金额不一致，暂不能上架',
  archived: '已归档的商品不能修改或上架',
  archivedInstead: '已有订单引用该商品，已归档而未删除',
  courseMissing: (sn: string) => `课程 ${sn} 不存在`,
  courseOtherProject: (name: string) => `课程「${name}」不属于本项目，不能加入套餐或赠课`,
} as const;

/** Project settings: the name and the entrance notice (the theme follows the project enum, §1). */
export const projectSettingsParams = z.object({ projectSn });
export const projectSettingsBody = z.object({
  name: text('项目名称', 40).min(1, '请填写项目名称'),
  tips: text('提示语', 200).nullable().default(null),
});
export const projectSettingsSchema = projectSettingsBody.extend({ projectSn: z.string(), projectEnum: z.string() });
export type ProjectSettings = z.infer<typeof projectSettingsSchema>;
