/**
 * Operator accounts of the console (/admin) and its API (/ops/v1/...): login with username and password, sessions
 * that expire, roles, the projects an operator may see, and the audit log of every change made through /ops.
 * Answers use the common envelope `{ state, message, info }` (contract/common.ts).
 *
 * A console request carries `Authorization: Bearer <session token>`; a script may still send the OPS_KEY there.
 */
import { z } from 'zod';

/** What each role is for; what each may do is the table in contract/rules/operator-roles.ts. */
export const OPERATOR_ROLES = ['owner', 'operator', 'finance', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const OPERATOR_ROLE_NAMES: Record<OperatorRole, string> = {
  owner: '店主',
  operator: '运营',
  finance: '财务',
  support: '客服',
};

const username = z
  .string({ error: '请输入用户名' })
  .trim()
  .min(3, '用户名至少3个字符')
  .max(32, '用户名不能超过32个字符')
  .regex(/^[A-Za-z0-9_.-]+$/, '用户名只能包含字母、数字、下划线、点和横线');

/** A new password: long enough to resist guessing; the login form only checks that one was typed. */
export const newPassword = z.string({ error: '请输入密码' }).min(10, '密码至少10位').max(128, '密码不能超过128位');

export const opsLoginBody = z.object({
  username: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(64, '用户名不能超过64个字符'),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码不能超过128位'),
});
export type OpsLoginBody = z.infer<typeof opsLoginBody>;

export const operatorSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  role: z.enum(OPERATOR_ROLES),
  /** The projects this operator may see; an owner sees every project and this lists them all. */
  projectSns: z.array(z.string()),
  disabled: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type Operator = z.infer<typeof operatorSchema>;

export const opsSession = z.object({
  token: z.string(),
  /** ISO 8601 with offset; the console logs out when it passes. */
  expiresAt: z.string(),
  operator: operatorSchema,
});
export type OpsSession = z.infer<typeof opsSession>;

export const operatorCreateBody = z.object({
  username,
  displayName: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(32, '姓名不能超过32个字符'),
  role: z.enum(OPERATOR_ROLES, { error: '请选择角色' }),
  password: newPassword,
  projectSns: z.array(z.string().trim().min(1).max(64)).max(200).default([]),
});
export type OperatorCreateBody = z.infer<typeof operatorCreateBody>;

export const operatorUpdateBody = z.object({
  displayName: z.string().trim().min(1, '请输入姓名').max(32, '姓名不能超过32个字符').optional(),
  role: z.enum(OPERATOR_ROLES, { error: '请选择角色' }).optional(),
  projectSns: z.array(z.string().trim().min(1).max(64)).max(200).optional(),
  disabled: z.boolean().optional(),
  /** Set by an owner for another operator; the operator's sessions end. */
  password: newPassword.optional(),
});
export type OperatorUpdateBody = z.infer<typeof operatorUpdateBody>;

/** Ids are PostgreSQL integers: a larger number is no operator (400, not a database error). */
const INT_MAX = 2_147_483_647;

export const operatorIdParams = z.object({ id: z.coerce.number().int().min(1).max(INT_MAX, '账号不存在') });

export const operatorList = z.object({ list: z.array(operatorSchema) });

export const changePasswordBody = z.object({
  oldPassword: z.string({ error: '请输入原密码' }).min(1, '请输入原密码').max(128),
  newPassword,
});

export const auditQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  operatorId: z.coerce.number().int().min(1).max(INT_MAX).optional(),
  projectSn: z.string().trim().max(64).optional(),
  /** e.g. `operator.create`, `coupon.template.create`: `<feature>.<thing>.<verb>`. */
  action: z.string().trim().max(64).optional(),
});

export const auditEntry = z.object({
  id: z.number().int(),
  /** ISO 8601 with offset. */
  at: z.string(),
  operatorId: z.number().int().nullable(),
  /** The username, or `OPS_KEY` for a script. */
  actor: z.string(),
  action: z.string(),
  projectSn: z.string().nullable(),
  /** What was changed, e.g. `operator:3`, `coupon-template:CT123`. */
  target: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditList = z.object({ list: z.array(auditEntry), total: z.number().int() });

/** The server's answers about operator access; the console shows them as they are. */
export const OPS_AUTH_MESSAGES = {
  badLogin: '用户名或密码错误',
  locked: '账号已锁定，请15分钟后再试',
  disabled: '账号已停用',
  sessionExpired: '登录已过期，请重新登录',
  tooManyLogins: '登录尝试太频繁，请稍后再试',
  forbiddenProject: '无权访问该项目',
  forbiddenRole: '当前角色无权执行此操作',
  /** Only an owner manages operators; there is always one enabled owner left. */
  lastOwner: '至少需要保留一位启用的店主，不能停用或降级最后一位店主',
  usernameTaken: '用户名已存在',
  operatorNotFound: '账号不存在',
  wrongOldPassword: '原密码错误',
  unknownProject: '项目不存在',
} as const;

/** GET /ops/v1/projects: the projects the operator may see, for the console's project switcher. */
export const opsProjectList = z.object({
  list: z.array(z.object({ projectSn: z.string(), name: z.string() })),
});
export type OpsProjectList = z.infer<typeof opsProjectList>;
