/**
 * Platform login: a mini-program's login code exchanged on the server (WeChat code2Session, Baidu
 * jscode2sessionkey), and the phone the platform vouches for (WeChat's code-based phone API, Baidu's encrypted
 * phone). Answers carry the same token / userInfo as SMS login, plus the prompts the new session needs (§6).
 */
import { z } from 'zod';
import { signedFields } from './common';
import { authInfoSchema, userInfoSchema } from './entrance';

export const MINI_PLATFORMS = ['WEAPP', 'SWAN'] as const;
export type MiniPlatform = (typeof MINI_PLATFORMS)[number];

const platform = z.enum(MINI_PLATFORMS, { error: '不支持的登录平台' });
const loginCode = z
  .string({ error: '缺少登录凭证' })
  .trim()
  .min(1, '缺少登录凭证')
  .max(128, '登录凭证格式错误')
  .regex(/^[\w.\-+/=]+$/, '登录凭证格式错误');
/** The AppID the mini-program runs as (getAccountInfoSync); refused when it is not the server's. */
const appId = z
  .string()
  .trim()
  .max(64, 'AppID 格式错误')
  .regex(/^[\w.-]*$/, 'AppID 格式错误')
  .optional();

export const miniLoginBody = z.object({ ...signedFields, platform, code: loginCode, appId });
export type MiniLoginBody = z.infer<typeof miniLoginBody>;

/** WEAPP: the getPhoneNumber button's code; SWAN: its encryptedData and iv (decrypted with the session key). */
export const miniPhoneBody = z
  .object({
    ...signedFields,
    platform,
    code: loginCode.optional(),
    encryptedData: z
      .string()
      .trim()
      .max(4096, '手机号数据过长')
      .regex(/^[A-Za-z0-9+/=]*$/, '手机号数据格式错误')
      .optional(),
    iv: z
      .string()
      .trim()
      .max(64, '手机号数据格式错误')
      .regex(/^[A-Za-z0-9+/=]*$/, '手机号数据格式错误')
      .optional(),
  })
  .superRefine((b, ctx) => {
    if (b.platform === 'WEAPP' && !b.code) ctx.addIssue({ code: 'custom', path: ['code'], message: '缺少手机号凭证' });
    if (b.platform === 'SWAN' && (!b.encryptedData || !b.iv))
      ctx.addIssue({ code: 'custom', path: ['encryptedData'], message: '缺少手机号数据' });
  });
export type MiniPhoneBody = z.infer<typeof miniPhoneBody>;

export const miniLoginInfo = z.object({ token: z.string(), userInfo: userInfoSchema, authInfo: authInfoSchema });
export type MiniLoginInfo = z.infer<typeof miniLoginInfo>;
