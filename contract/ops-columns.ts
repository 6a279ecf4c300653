/**
 * 栏目 of 页面装修: the columns a project's column modules show and the activities and courses in each, in order, as
 * the console sends them to /ops/columns and what it answers.
 */
import { z } from 'zod';

export const MAX_COLUMN_ITEMS = 100;
export const COLUMN_TITLE_MAX = 20;

const sn = (what: string) =>
  z
    .string({ error: `缺少${what}` })
    .trim()
    .min(1, `缺少${what}`)
    .max(64, `${what}过长`);

const columnTitle = z
  .string({ error: '请填写栏目名称' })
  .trim()
  .min(1, '请填写栏目名称')
  .max(COLUMN_TITLE_MAX, `栏目名称不能超过${COLUMN_TITLE_MAX}个字`)
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  .refine((v) => !/[\u0000-\u001f]/.test(v), '栏目名称含有不支持的字符');

export const columnSnParams = z.object({ columnSn: sn('栏目编号') });
export const opsColumnCreateBody = z.object({ projectSn: sn('项目编号'), title: columnTitle });
export const opsColumnRenameBody = z.object({ title: columnTitle });

/** The column's items in the order the storefront shows them; each once. */
export const opsColumnItemsBody = z.object({
  actSns: z
    .array(sn('商品编号'), { error: '请选择商品' })
    .max(MAX_COLUMN_ITEMS, `一个栏目最多${MAX_COLUMN_ITEMS}个商品`)
    .refine((list) => new Set(list).size === list.length, '同一商品只能选一次'),
});
export type OpsColumnItemsBody = z.infer<typeof opsColumnItemsBody>;

// Answers.
export const opsColumnSchema = z.object({
  columnSn: z.string(),
  projectSn: z.string(),
  title: z.string(),
  itemCount: z.number().int(),
});
export type OpsColumn = z.infer<typeof opsColumnSchema>;
export const opsColumnsInfo = z.object({ list: z.array(opsColumnSchema) });

/** An activity or course as the column editor lists it; status as the catalogue's (ONLINE, OFFLINE, ARCHIVED). */
export const opsColumnItemSchema = z.object({
  actSn: z.string(),
  actName: z.string(),
  actType: z.string(),
  status: z.string(),
});
export type OpsColumnItem = z.infer<typeof opsColumnItemSchema>;

export const opsColumnDetail = opsColumnSchema.extend({ items: z.array(opsColumnItemSchema) });
export type OpsColumnDetail = z.infer<typeof opsColumnDetail>;

/** What may go into a column: the project's activities and courses that are not archived. */
export const opsColumnOptionsInfo = z.object({ list: z.array(opsColumnItemSchema) });
