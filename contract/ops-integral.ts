/**
 * Points items (积分商品) as operators edit them (/ops/v1/integral/items): an activity or course of the project
 * sold for carrier points (§3 Integral package), its points price and cash part (fen) in integral_items.
 */
import { z } from 'zod';
import { INTEGRAL_CARRIERS } from './rules/integral';

export const POINTS_ITEM_MESSAGES = {
  projectSn: '缺少项目编号',
  actSn: '请选择商品',
  points: '积分必须是正整数',
  cashAmount: '现金部分必须是不小于0的整数（分）',
  carrier: '请选择积分类型',
  maxIntegral: '单笔最高可用积分必须是不小于0的整数',
  notFound: '积分商品不存在',
  baseMissing: '商品不存在或不属于本项目',
  already: '该商品已是积分商品',
  archived: '已归档的商品不能设为积分商品',
  overMax: '积分不能超过单笔最高可用积分',
  minCarrier: '请选择限定积分类型',
  minCarrierMismatch: '限定积分类型须与积分类型一致',
  previewUrl: '预览链接须是以 https:// 或 / 开头、不含空格的地址',
  previewUrlLong: '预览链接不能超过500个字符',
} as const;

/** Carrier labels for the console's select (spec §3: 中国移动 / 中国联通 / 积分). */
export const POINTS_CARRIER_TEXT: Record<(typeof INTEGRAL_CARRIERS)[number], string> = {
  MOBILE_INTEGRAL: '中国移动',
  UNICOM_INTEGRAL: '中国联通',
  '': '积分',
};

/** The carriers an item with no carrier of its own (plain 积分) may be narrowed to. */
export const POINTS_MIN_CARRIERS = ['MOBILE_INTEGRAL', 'UNICOM_INTEGRAL'] as const;

/** An empty text is "none": the console's cleared input and an omitted value mean the same. */
const noneIfEmpty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/**
 * §3 minIntegralType: the one carrier whose points pay for the item (cards, detail and the points order read it
 * before integralType). null: the item's own carrier. Absent from a save: kept as it was.
 */
export const minIntegralTypeField = z.preprocess(
  noneIfEmpty,
  z.enum(POINTS_MIN_CARRIERS, { error: POINTS_ITEM_MESSAGES.minCarrier }).nullable(),
);

/**
 * §3 actPreviewUrl: where the item's preview opens, an https page or a storefront path (/#/pages/...). Never
 * javascript: or another scheme, since it is handed to the browser as a link. Absent from a save: kept.
 */
export const actPreviewUrlField = z.preprocess(
  noneIfEmpty,
  z
    .string({ error: POINTS_ITEM_MESSAGES.previewUrl })
    .trim()
    .max(500, POINTS_ITEM_MESSAGES.previewUrlLong)
    .regex(/^(https:\/\/[^\s/]+|\/(?!\/))\S*$/, POINTS_ITEM_MESSAGES.previewUrl)
    .nullable(),
);

/** A carrier item may only be narrowed to itself; a plain 积分 item to either carrier. */
export function minCarrierProblem(f: { integralType: string; minIntegralType?: string | null }): string | null {
  return f.minIntegralType && f.integralType && f.minIntegralType !== f.integralType
    ? POINTS_ITEM_MESSAGES.minCarrierMismatch
    : null;
}

const projectSn = z
  .string({ error: POINTS_ITEM_MESSAGES.projectSn })
  .trim()
  .min(1, POINTS_ITEM_MESSAGES.projectSn)
  .max(64, '项目编号格式不正确');
const actSn = z.string({ error: POINTS_ITEM_MESSAGES.actSn }).trim().min(1, POINTS_ITEM_MESSAGES.actSn).max(64);

export const pointsItemFields = z.object({
  integralType: z.enum(INTEGRAL_CARRIERS, { error: POINTS_ITEM_MESSAGES.carrier }),
  points: z
    .number({ error: POINTS_ITEM_MESSAGES.points })
    .int(POINTS_ITEM_MESSAGES.points)
    .positive(POINTS_ITEM_MESSAGES.points)
    .max(100_000_000, '积分不能超过100000000'),
  cashAmount: z
    .number({ error: POINTS_ITEM_MESSAGES.cashAmount })
    .int(POINTS_ITEM_MESSAGES.cashAmount)
    .min(0, POINTS_ITEM_MESSAGES.cashAmount)
    .max(100_000_000, '现金部分不能超过1000000元'),
  /** 0: no limit. */
  maxIntegral: z
    .number({ error: POINTS_ITEM_MESSAGES.maxIntegral })
    .int(POINTS_ITEM_MESSAGES.maxIntegral)
    .min(0, POINTS_ITEM_MESSAGES.maxIntegral)
    .max(100_000_000, POINTS_ITEM_MESSAGES.maxIntegral)
    .default(0),
  minIntegralType: minIntegralTypeField.optional(),
  actPreviewUrl: actPreviewUrlField.optional(),
});
export type PointsItemFields = z.infer<typeof pointsItemFields>;

export const pointsItemCreateBody = pointsItemFields.extend({ projectSn, actSn });
export const pointsItemUpdateBody = pointsItemFields;
export const pointsItemParams = z.object({ actSn });
export const pointsItemListQuery = z.object({ projectSn });

export const pointsItemSchema = z.object({
  actSn: z.string(),
  projectSn: z.string(),
  actName: z.string(),
  cover: z.string(),
  /** ONLINE | OFFLINE | ARCHIVED, as the catalogue's. */
  state: z.string(),
  integralType: z.enum(INTEGRAL_CARRIERS),
  points: z.number().int(),
  cashAmount: z.number().int(),
  maxIntegral: z.number().int(),
  minIntegralType: z.enum(POINTS_MIN_CARRIERS).nullable(),
  actPreviewUrl: z.string().nullable(),
  orderCount: z.number().int(),
  /** What 结束 does now: it becomes its plain item again (made from one, never ordered), or it goes off sale. */
  endReverts: z.boolean(),
});
export type PointsItem = z.infer<typeof pointsItemSchema>;

export const pointsItemList = z.object({ list: z.array(pointsItemSchema) });

/** ENDED: taken off sale and kept (orders name it, or it has no plain item); REVERTED: its plain item again. */
export const pointsItemEnded = z.object({ actSn: z.string(), outcome: z.enum(['ENDED', 'REVERTED']) });
