/**
 * The visitor-access check's manual errors (§2): the storefront asks before every navigation whether the visitor
 * may open a page, and an operator blocks a whole project (closed for maintenance), one storefront page or one
 * customer, with the reason the error page shows and an optional end.
 */
import { z } from 'zod';

export const ACCESS_BLOCK_KINDS = ['PROJECT', 'PAGE', 'VISITOR'] as const;
export type AccessBlockKind = (typeof ACCESS_BLOCK_KINDS)[number];

export const ACCESS_BLOCK_KIND_TEXT: Record<AccessBlockKind, string> = {
  PROJECT: '整个商城（维护中）',
  PAGE: '单个页面',
  VISITOR: '单个顾客',
};

/** What the error page says when the operator gave no reason. */
export const ACCESS_DEFAULT_REASON: Record<AccessBlockKind, string> = {
  PROJECT: '商城维护中，请稍后再来',
  PAGE: '该页面暂停访问',
  VISITOR: '您的账号暂时无法访问，请联系客服',
};

export const ACCESS_MESSAGES = {
  badKind: '请选择封禁范围',
  badPage: '请填写商城页面路径，例如 pages/index/index',
  badVisitor: '请填写顾客的11位手机号或用户ID',
  reasonTooLong: '原因最多100个字',
  badEndsAt: '结束时间格式不正确',
  endsInPast: '结束时间须晚于现在',
  notFound: '访问限制不存在',
  noProject: '项目不存在',
} as const;

export const ACCESS_REASON_MAX = 100;
const PHONE = /^1[3-9]\d{9}$/;
/** A user id (a UUID, or a seeded id): letters as well as digits, so a mistyped phone is not taken for one. */
const USER_ID = /^(?=.*[A-Za-z])[A-Za-z0-9_-]{6,64}$/;
/** A storefront route as the storefront names it: no leading slash, no query (src/domain/routes.ts). */
const PAGE_PATH = /^(pages|subpackages)(\/[A-Za-z0-9_-]+){1,4}$/;

/** The path the check compares: leading slashes and the query dropped. */
export const accessPathOf = (path: string) => path.trim().replace(/^\/+/, '').split('?')[0];
export const isVisitorTarget = (t: string) => PHONE.test(t) || USER_ID.test(t);
export const isPhoneTarget = (t: string) => PHONE.test(t);

export const accessCheckQuery = z.object({
  path: z.string().max(300, '页面路径过长').optional(),
});

export const accessCheckInfo = z.object({
  blocked: z.boolean(),
  kind: z.enum(ACCESS_BLOCK_KINDS).nullable(),
  /** The sentence the error page shows: the operator's reason (or the default), with the end when there is one. */
  message: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export type AccessCheckInfo = z.infer<typeof accessCheckInfo>;

export const opsAccessBlock = z.object({
  blockSn: z.string(),
  projectSn: z.string(),
  kind: z.enum(ACCESS_BLOCK_KINDS),
  target: z.string(),
  reason: z.string(),
  endsAt: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** false once its end has passed (it no longer blocks; an operator may delete it). */
  active: z.boolean(),
});
export type OpsAccessBlock = z.infer<typeof opsAccessBlock>;

export const opsAccessBlockList = z.object({ list: z.array(opsAccessBlock) });

export const opsAccessListQuery = z.object({
  projectSn: z.string({ error: '缺少项目编号' }).trim().min(1, '缺少项目编号').max(64, '项目编号过长'),
});

export const opsAccessBlockCreate = z
  .object({
    projectSn: z.string({ error: '缺少项目编号' }).trim().min(1, '缺少项目编号').max(64, '项目编号过长'),
    kind: z.enum(ACCESS_BLOCK_KINDS, { error: ACCESS_MESSAGES.badKind }),
    target: z.string({ error: '封禁对象格式不正确' }).max(300, '封禁对象过长').optional().default(''),
    reason: z
      .string({ error: '原因格式不正确' })
      .trim()
      .max(ACCESS_REASON_MAX, ACCESS_MESSAGES.reasonTooLong)
      .optional()
      .default(''),
    endsAt: z.iso.datetime({ offset: true, error: ACCESS_MESSAGES.badEndsAt }).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    const target = v.kind === 'PAGE' ? accessPathOf(v.target) : v.target.trim();
    if (v.kind === 'PAGE' && !PAGE_PATH.test(target))
      ctx.addIssue({ code: 'custom', path: ['target'], message: ACCESS_MESSAGES.badPage });
    if (v.kind === 'VISITOR' && !isVisitorTarget(target))
      ctx.addIssue({ code: 'custom', path: ['target'], message: ACCESS_MESSAGES.badVisitor });
  });
export type OpsAccessBlockCreate = z.input<typeof opsAccessBlockCreate>;

export const opsAccessBlockParams = z.object({
  blockSn: z.string().trim().min(1, '缺少编号').max(64, '编号过长'),
});
