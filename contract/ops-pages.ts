/**
 * 页面装修 (operator side of pages, §4 menu/tabs, modules, jump enums, custom pages, traffic links): the bodies the
 * console sends to /ops/pages, /ops/modules and /ops/traffic-links, and what they answer. A jump is checked by
 * contract/rules/jump-target.ts here (shape) and by the server against the project (the target exists there).
 */
import { z } from 'zod';
import { JUMP_MESSAGES, isJumpUrl, jumpProblem } from './rules/jump-target';
import { MODULE_TYPES, jumpContentSchema, moduleItemSchema } from './pages';

export const MODULE_TYPE_NAMES: Record<(typeof MODULE_TYPES)[number], string> = {
  BANNER: '轮播图',
  IMAGE_TEXT: '图文/快捷入口',
  ACTIVITY_COLUMN: '活动栏目',
  COURSE_COLUMN: '课程栏目',
  NOTICE: '公告',
};

/** The four configurable home tabs (§2: index, tabTwo, tabThree, tabFour); the fifth, 我的, is fixed. */
export const HOME_TAB_COUNT = 4;
export const MAX_MODULE_ITEMS = 10;

const sn = (what: string) =>
  z
    .string({ error: `缺少${what}` })
    .trim()
    .min(1, `缺少${what}`)
    .max(64, `${what}过长`);

const text = (what: string, max: number) =>
  z
    .string({ error: `请填写${what}` })
    .trim()
    .min(1, `请填写${what}`)
    .max(max, `${what}最多${max}个字`)
    // eslint-disable-next-line no-control-regex -- control characters are what this refuses
    .refine((v) => !/[\u0000-\u001f]/.test(v), `${what}含有不支持的字符`);

/** Optional text: empty is null. */
const optionalText = (what: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && !v.trim() ? null : v),
    z
      .string()
      .trim()
      .max(max, `${what}最多${max}个字`)
      // eslint-disable-next-line no-control-regex -- control characters are what this refuses
      .refine((v) => !/[\u0000-\u001f]/.test(v), `${what}含有不支持的字符`)
      .nullable()
      .optional(),
  );

export const opsProjectQuery = z.object({ projectSn: sn('项目编号') });
export const pageSnParams = z.object({ pageSn: sn('页面编号') });
export const moduleSnParams = z.object({ moduleSn: sn('模块编号') });
export const tabParams = z.object({
  tabIndex: z.coerce
    .number({ error: '底部导航位置有误' })
    .int('底部导航位置有误')
    .min(0, '底部导航位置有误')
    .max(HOME_TAB_COUNT - 1, '只能修改前四个底部导航'),
});
export const linkIdParams = z.object({ linkId: sn('链接编号') });

/** A jump as the console sends it: the enum, its target, checked by the pure rule. */
export const opsJumpSchema = z
  .object({
    firstEnum: z.string({ error: JUMP_MESSAGES.enumMissing }).trim().max(64, JUMP_MESSAGES.enumUnknown),
    targetSn: z.string().trim().max(64, '跳转目标编号过长').nullable().optional(),
    url: z.string().trim().max(512, '跳转链接最多512个字符').nullable().optional(),
    appId: z.string().trim().max(64, '小程序 AppID 过长').nullable().optional(),
    thirdEnum: z.string().trim().max(64).nullable().optional(),
  })
  .superRefine((jump, ctx) => {
    const problem = jumpProblem(jump);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
  });
export type OpsJump = z.infer<typeof opsJumpSchema>;

/** A picture: an https link or a path on this site (/static/images/..., an upload). */
export const imageUrlSchema = z
  .string({ error: '请填写图片地址' })
  .trim()
  .min(1, '请填写图片地址')
  .max(512, '图片地址最多512个字符')
  .refine(isJumpUrl, '图片地址须以 https:// 或 / 开头');

export const opsModuleItemSchema = z.object({
  /** Kept when an item is edited; a new item gets one from the server. */
  itemSn: z.string().trim().max(80).optional(),
  title: optionalText('标题', 30),
  image: z.preprocess((v) => (typeof v === 'string' && !v.trim() ? null : v), imageUrlSchema.nullable().optional()),
  text: optionalText('文字', 200),
  jumpContent: opsJumpSchema,
});
export type OpsModuleItem = z.infer<typeof opsModuleItemSchema>;

/** A module's own fields; what each type needs is checked as a whole (superRefine below). */
export const opsModuleBody = z
  .object({
    moduleType: z.enum(MODULE_TYPES, { error: '请选择模块类型' }),
    title: optionalText('模块标题', 20),
    items: z.array(opsModuleItemSchema).max(MAX_MODULE_ITEMS, `最多${MAX_MODULE_ITEMS}项`).default([]),
    columnSn: z.string().trim().max(64).nullable().optional(),
  })
  .superRefine((m, ctx) => {
    const column = m.moduleType === 'ACTIVITY_COLUMN' || m.moduleType === 'COURSE_COLUMN';
    if (column) {
      if (!m.columnSn) ctx.addIssue({ code: 'custom', message: '请选择栏目', path: ['columnSn'] });
      return;
    }
    if (!m.items.length) {
      const message = m.moduleType === 'BANNER' ? '请至少添加一张图片' : '请至少添加一项内容';
      ctx.addIssue({ code: 'custom', message, path: ['items'] });
    }
    m.items.forEach((item, i) => {
      if ((m.moduleType === 'BANNER' || m.moduleType === 'IMAGE_TEXT') && !item.image)
        ctx.addIssue({ code: 'custom', message: `第${i + 1}项请填写图片地址`, path: ['items', i, 'image'] });
      if (m.moduleType === 'IMAGE_TEXT' && !item.title)
        ctx.addIssue({ code: 'custom', message: `第${i + 1}项请填写标题`, path: ['items', i, 'title'] });
      if (m.moduleType === 'NOTICE' && !item.text)
        ctx.addIssue({ code: 'custom', message: `第${i + 1}项请填写公告文字`, path: ['items', i, 'text'] });
    });
  });
export type OpsModuleBody = z.infer<typeof opsModuleBody>;

export const opsModuleOrderBody = z.object({
  moduleSns: z.array(sn('模块编号')).min(1, '缺少模块顺序').max(100, '模块过多'),
});

export const opsTabBody = z.object({
  projectSn: sn('项目编号'),
  title: text('导航名称', 6),
  /** The page the tab shows: its current page or a custom page of the project. */
  pageSn: sn('页面编号'),
});
export type OpsTabBody = z.infer<typeof opsTabBody>;

export const opsPageCreateBody = z.object({ projectSn: sn('项目编号'), title: text('页面名称', 20) });
export const opsPageUpdateBody = z.object({ title: text('页面名称', 20) });

export const opsTrafficLinkBody = z.object({
  projectSn: sn('项目编号'),
  /** Optional: letters, digits, - and _; the server makes one when empty. */
  linkId: z.preprocess(
    (v) => (typeof v === 'string' && !v.trim() ? undefined : v),
    z
      .string()
      .trim()
      .max(64, '链接编号最多64个字符')
      .regex(/^[A-Za-z0-9_-]+$/, '链接编号只能包含字母、数字、-和_')
      .optional(),
  ),
  jumpContent: opsJumpSchema,
});
export const opsTrafficLinkUpdateBody = z.object({ jumpContent: opsJumpSchema });

// Answers.
export const opsPageSchema = z.object({
  pageSn: z.string(),
  title: z.string(),
  /** 0..3 for a home tab, 4 the centre, null for a custom page. */
  tabIndex: z.number().int().nullable(),
  moduleCount: z.number().int(),
});
export type OpsPage = z.infer<typeof opsPageSchema>;

export const opsPagesInfo = z.object({ list: z.array(opsPageSchema) });

export const opsModuleSchema = z.object({
  moduleSn: z.string(),
  pageSn: z.string(),
  sort: z.number().int(),
  moduleType: z.enum(MODULE_TYPES),
  title: z.string().nullable(),
  items: z.array(moduleItemSchema),
  columnSn: z.string().nullable(),
});
export type OpsModule = z.infer<typeof opsModuleSchema>;
export const opsModulesInfo = z.object({ page: opsPageSchema, list: z.array(opsModuleSchema) });

export const opsTabSchema = z.object({
  tabIndex: z.number().int(),
  title: z.string(),
  pageSn: z.string().nullable(),
  jumpContent: jumpContentSchema,
});
export const opsTabsInfo = z.object({ list: z.array(opsTabSchema) });

/** What the jump picker offers: the project's records by kind (the console searches them as the operator types). */
const option = z.object({ value: z.string(), label: z.string() });
export const opsJumpOptionsInfo = z.object({
  page: z.array(option),
  activity: z.array(option),
  course: z.array(option),
  column: z.array(option),
  claim: z.array(option),
  form: z.array(option),
});
export type OpsJumpOptions = z.infer<typeof opsJumpOptionsInfo>;

export const opsTrafficLinkSchema = z.object({
  linkId: z.string(),
  projectSn: z.string(),
  jumpContent: jumpContentSchema,
  hits: z.number().int(),
  createdAt: z.string(),
});
export type OpsTrafficLink = z.infer<typeof opsTrafficLinkSchema>;
export const opsTrafficLinksInfo = z.object({ list: z.array(opsTrafficLinkSchema) });

export const opsDeletedInfo = z.object({ deleted: z.string() });
