/** Pages: home tab menu, page modules, column lists, search (§3 tab config entry, §7 Pages). */
import { z } from 'zod';
import { pageQuery, paged, signedFields } from './common';
import { pointsPriceSchema } from './integral';

/** Where a tab, banner or card leads (§3 tab config entry, §4 jump enums). */
export const jumpContentSchema = z.object({
  firstEnum: z.string(),
  secondEnum: z.string().nullable().optional(),
  thirdEnum: z.string().nullable().optional(),
  targetSn: z.string().nullable().optional(),
  context: z.string().nullable().optional(),
  appId: z.string().nullable().optional(),
  url: z.string().nullable().optional(),
});
export type JumpContent = z.infer<typeof jumpContentSchema>;

export const tabEntrySchema = z.object({
  /** 0..3 for the four home tabs (index, tabTwo, tabThree, tabFour); 4 is the centre. */
  tabIndex: z.number().int(),
  title: z.string(),
  pageSn: z.string().nullable(),
  jumpContent: jumpContentSchema,
});
export type TabEntry = z.infer<typeof tabEntrySchema>;

export const menuQuery = z.object({ ...signedFields });
export const menuInfo = z.object({ tabList: z.array(tabEntrySchema) });

export const activityCardSchema = z.object({
  actSn: z.string(),
  actName: z.string(),
  cover: z.string(),
  /** ACTIVITY | COURSE | GOODS | INTEGRAL */
  actType: z.string(),
  /** Lowest price in fen; a points item's is its points (pointsPrice says which and any cash part). */
  price: z.number().int(),
  originalPrice: z.number().int().nullable(),
  tags: z.array(z.string()),
  sales: z.number().int(),
  /** Set on points items: shown in place of a ¥ price. */
  pointsPrice: pointsPriceSchema.nullable().optional(),
});
export type ActivityCard = z.infer<typeof activityCardSchema>;

export const moduleItemSchema = z.object({
  itemSn: z.string(),
  title: z.string().nullable(),
  image: z.string().nullable(),
  text: z.string().nullable(),
  jumpContent: jumpContentSchema,
});
export type ModuleItem = z.infer<typeof moduleItemSchema>;

export const MODULE_TYPES = ['BANNER', 'IMAGE_TEXT', 'ACTIVITY_COLUMN', 'COURSE_COLUMN', 'NOTICE'] as const;
export const moduleSchema = z.object({
  moduleSn: z.string(),
  moduleType: z.enum(MODULE_TYPES),
  title: z.string().nullable(),
  /** BANNER / IMAGE_TEXT / NOTICE carry items; columns carry the first cards and a column to page through. */
  items: z.array(moduleItemSchema),
  columnSn: z.string().nullable(),
  cards: z.array(activityCardSchema),
  hasMore: z.boolean(),
});
export type PageModule = z.infer<typeof moduleSchema>;

export const moduleInfoBody = z.object({
  ...signedFields,
  pageSn: z.string({ error: '缺少页面编号' }).trim().min(1, '缺少页面编号').max(64, '页面编号过长'),
});
export const moduleInfoInfo = z.object({
  pageSn: z.string(),
  pageTitle: z.string(),
  modules: z.array(moduleSchema),
});
export type PageInfo = z.infer<typeof moduleInfoInfo>;

export const columnListBody = z.object({
  ...signedFields,
  columnSn: z.string({ error: '缺少栏目编号' }).trim().min(1, '缺少栏目编号').max(64),
  ...pageQuery,
});
export const columnListInfo = paged(activityCardSchema).extend({ columnTitle: z.string() });
export type ColumnList = z.infer<typeof columnListInfo>;

export const moreLevelBody = z.object({
  ...signedFields,
  /** The coupon or column whose activities are listed (moreActivity params couponSn, targetSn). */
  couponSn: z.string().max(64).optional(),
  targetSn: z.string().max(64).optional(),
  ...pageQuery,
});

export const searchQuery = z.object({
  ...signedFields,
  keyword: z.string().trim().max(30, '搜索词不能超过30个字').default(''),
  ...pageQuery,
});
export const searchInfo = paged(activityCardSchema);
/** The more-activity list also names what it lists: the column's own title (the page is titled by it). */
export const moreLevelInfo = searchInfo.extend({ columnTitle: z.string() });
export type MoreLevelList = z.infer<typeof moreLevelInfo>;
