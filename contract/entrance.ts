/** User service: entrance, authorisation state, tips, user cache (§3 entrance response, §4 login, §7 user service). */
import { z } from 'zod';
import { signedFields } from './common';

export const PROJECT_ENUMS = [
  'DEFAULT',
  'BENEFIT_PEOPLE_APPLE',
  'INTEGRAL_APPLE',
  'FORM_APPLE',
  'AUTHENTICATION_APPLE',
  'BAI_DU_APPLET',
] as const;
export const projectEnumSchema = z.enum(PROJECT_ENUMS);
export type ProjectEnum = z.infer<typeof projectEnumSchema>;

export const entranceBody = z.object({
  ...signedFields,
  projectSn: z.string({ error: '缺少项目编号' }).trim().min(1, '缺少项目编号').max(64, '项目编号过长'),
  /** 'H5' | 'WEAPP' | 'SWAN': which storefront asked. */
  source: z.string().max(16).optional(),
});
export type EntranceBody = z.infer<typeof entranceBody>;

export const userInfoSchema = z.object({
  userId: z.string(),
  phone: z.string().nullable(),
  unionId: z.string(),
  nickName: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const entranceInfo = z.object({
  token: z.string(),
  userInfo: userInfoSchema,
  /** Server clock in ms, so the client keeps the server/device time difference (§9). */
  timestamp: z.number().int(),
  needAuth: z.boolean(),
  wechatOfficialAccount: z
    .boolean()
    .describe(
      'Whether the server has a WeChat official account: the WeChat browser then logs in through its OAuth ' +
        '(/front/v1/wechat/oauth/...) and signs the JS-SDK (js/getJSSign). false: the storefront makes neither call.',
    ),
  tips: z.string().nullable(),
  sceneStyle: z.string().nullable(),
  projectEnum: projectEnumSchema,
  projectParam: z.object({ projectSn: z.string(), projectName: z.string() }).passthrough(),
});
export type EntranceInfo = z.infer<typeof entranceInfo>;

export const authInfoSchema = z.object({ needAuthUser: z.boolean(), needAuthPhone: z.boolean() });
export type AuthInfo = z.infer<typeof authInfoSchema>;

export const userAuthBody = z.object({
  ...signedFields,
  /** 'H5' | 'WEAPP' | 'SWAN' as at the entrance: the prompts depend on what the platform can supply (§6). */
  source: z.string().max(16, '来源格式错误').optional(),
});

export const tipsBody = z.object({
  ...signedFields,
  enumKey: z.string().min(1, '缺少提示类型').max(64),
  unionId: z.string().max(64).optional(),
  projectEnum: projectEnumSchema.optional(),
});
export const tipsInfo = z.object({ tips: z.string().nullable() });

export const userCacheQuery = z.object({ ...signedFields });
