/**
 * Operator API of a project's store settings (/ops/v1/projects/:projectSn/store-settings, area settings): the theme
 * (the project enum picks it, §1), the customer service line the storefront's 客服 pages show, and the agreement
 * texts the storefront shows (the purchase agreements the project's items name, and the platform's 用户协议 and
 * 隐私政策). The console's forms validate with these same schemas, so both sides give the same Chinese messages.
 */
import { z } from 'zod';
import { PROJECT_ENUMS } from './entrance';
import { plainTextProblem } from './rules/plain-text';

export const STORE_SETTINGS_MESSAGES = {
  phoneMissing: '请填写客服电话',
  phoneBad: '客服电话格式不正确：请填写手机号、400/800 号码或带区号的座机（如 010-12345678）',
  hoursMissing: '请填写服务时间',
  agreementNameMissing: '请填写协议名称',
  agreementContentMissing: '请填写协议正文',
  agreementNotFound: '协议不存在或不属于本项目',
  agreementShared: (projects: string) => `该协议也用于项目 ${projects}，您无权修改这些项目的协议`,
  projectNotFound: '项目不存在',
} as const;

/** Spaces and hyphens a person types inside a number; a landline keeps its hyphen after the area code. */
const MOBILE = /^1[3-9]\d{9}$/;
const SERVICE_LINE = /^[48]00\d{7}$/;
const LANDLINE = /^0\d{2,3}-?\d{7,8}$/;

/**
 * The service phone as stored: a mobile or a 400/800 line as its digits (the storefront groups them itself), a
 * landline as typed without spaces; null when it is none of these.
 */
export function normaliseServicePhone(typed: string): string | null {
  const compact = typed.replace(/\s+/g, '');
  const digits = compact.replace(/-/g, '');
  if (MOBILE.test(digits) || SERVICE_LINE.test(digits)) return digits;
  return LANDLINE.test(compact) ? compact : null;
}

/**
 * The themes the console offers: the project enum picks the storefront's theme (§1; src/domain/theme.ts themeFor)
 * and the §9 primary colour it draws with. The enum also decides the project type's features, so the console says so.
 */
export const THEME_CHOICES: ReadonlyArray<{
  projectEnum: (typeof PROJECT_ENUMS)[number];
  label: string;
  colour: string;
}> = [
  { projectEnum: 'DEFAULT', label: '默认主题（通用项目）', colour: '#fbdb00' },
  { projectEnum: 'BENEFIT_PEOPLE_APPLE', label: '课程主题（惠民课堂）', colour: '#1FD381' },
  { projectEnum: 'INTEGRAL_APPLE', label: '积分主题（积分商城）', colour: '#E6A05B' },
  { projectEnum: 'AUTHENTICATION_APPLE', label: '认证主题（认证项目）', colour: '#2C68FF' },
  { projectEnum: 'FORM_APPLE', label: '默认主题（表单项目）', colour: '#fbdb00' },
  { projectEnum: 'BAI_DU_APPLET', label: '默认主题（百度小程序）', colour: '#fbdb00' },
];

export const storeSettingsParams = z.object({
  projectSn: z.string({ error: '缺少项目编号' }).trim().min(1, '缺少项目编号').max(64, '项目编号格式不正确'),
});

export const storeSettingsBody = z.object({
  projectEnum: z.enum(PROJECT_ENUMS, { error: '请选择主题' }),
  servicePhone: z
    .string({ error: STORE_SETTINGS_MESSAGES.phoneMissing })
    .trim()
    .min(1, STORE_SETTINGS_MESSAGES.phoneMissing)
    .max(20, STORE_SETTINGS_MESSAGES.phoneBad)
    .refine((v) => normaliseServicePhone(v) !== null, STORE_SETTINGS_MESSAGES.phoneBad),
  serviceHours: z
    .string({ error: STORE_SETTINGS_MESSAGES.hoursMissing })
    .trim()
    .min(1, STORE_SETTINGS_MESSAGES.hoursMissing)
    .max(40, '服务时间不能超过40个字'),
});
export type StoreSettingsBody = z.infer<typeof storeSettingsBody>;

/** Which agreement: a purchase agreement an item of the project names, or one of the platform's two. */
export const AGREEMENT_KINDS = ['PURCHASE', 'USER', 'PRIVACY'] as const;
export const AGREEMENT_KIND_TEXT: Record<(typeof AGREEMENT_KINDS)[number], string> = {
  PURCHASE: '购买协议',
  USER: '用户协议',
  PRIVACY: '隐私政策',
};

/** The platform's agreements every project's storefront shows (user/agreement; src/domain/agreements.ts). */
export const PLATFORM_AGREEMENTS = [
  { agreementSn: 'user-agreement', kind: 'USER' },
  { agreementSn: 'privacy-policy', kind: 'PRIVACY' },
] as const;

export const MAX_AGREEMENT_CHARS = 20_000;

export const agreementParams = storeSettingsParams.extend({
  agreementSn: z.string().trim().min(1, '缺少协议编号').max(64, '协议编号格式不正确'),
});

export const agreementBody = z.object({
  agreementName: z
    .string({ error: STORE_SETTINGS_MESSAGES.agreementNameMissing })
    .trim()
    .min(1, STORE_SETTINGS_MESSAGES.agreementNameMissing)
    .max(40, '协议名称不能超过40个字'),
  agreementContent: z
    .string({ error: STORE_SETTINGS_MESSAGES.agreementContentMissing })
    .trim()
    .min(1, STORE_SETTINGS_MESSAGES.agreementContentMissing)
    .max(MAX_AGREEMENT_CHARS, `协议正文不能超过${MAX_AGREEMENT_CHARS}个字`)
    .superRefine((v, ctx) => {
      const problem = plainTextProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
export type AgreementBody = z.infer<typeof agreementBody>;

export const storeAgreementSchema = z.object({
  agreementSn: z.string(),
  kind: z.enum(AGREEMENT_KINDS),
  agreementName: z.string(),
  agreementContent: z.string(),
  /** Every project whose storefront shows it (the platform's two: all of them). */
  projectSns: z.array(z.string()),
  /** Whether the caller may change it: its scope covers every project above. */
  editable: z.boolean(),
});
export type StoreAgreement = z.infer<typeof storeAgreementSchema>;

export const storeSettingsSchema = z.object({
  projectSn: z.string(),
  name: z.string(),
  projectEnum: z.enum(PROJECT_ENUMS),
  servicePhone: z.string(),
  /** As the storefront shows it (400-800-8000). */
  servicePhoneText: z.string(),
  serviceHours: z.string(),
  agreements: z.array(storeAgreementSchema),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;
