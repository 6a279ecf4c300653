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
} as const;

/** Carrier labels for the console's select (spec §3: 中国移动 / 中国联通 / 积分). */
export const POINTS_CARRIER_TEXT: Record<(typeof INTEGRAL_CARRIERS)[number], string> = {
  MOBILE_INTEGRAL: '中国移动',
  UNICOM_INTEGRAL: '中国联通',
  '': '积分',
};

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
  orderCount: z.number().int(),
});
export type PointsItem = z.infer<typeof pointsItemSchema>;

export const pointsItemList = z.object({ list: z.array(pointsItemSchema) });

/** ENDED: taken off sale and kept (orders name it); REVERTED: no orders, it is its plain item again. */
export const pointsItemEnded = z.object({ actSn: z.string(), outcome: z.enum(['ENDED', 'REVERTED']) });
