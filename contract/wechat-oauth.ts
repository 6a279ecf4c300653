/**
 * WeChat browser login: the official account's web authorisation. The storefront asks for the
 * authorize address (WeChat's page with our redirect back and a state bound to this session), sends the browser
 * there, and when WeChat comes back with ?code=&state= trades them for a logged-in session with the openid.
 */
import { z } from 'zod';
import { signedFields } from './common';

export const WECHAT_OAUTH_SCOPES = ['snsapi_base', 'snsapi_userinfo'] as const;

export const wechatOAuthAuthorizeQuery = z.object({
  ...signedFields,
  /** The page to come back to (absolute http(s), this storefront's own address). */
  redirectUri: z
    .string({ error: '缺少回跳地址' })
    .trim()
    .min(1, '缺少回跳地址')
    .max(1024, '回跳地址过长')
    .regex(/^https?:\/\/[^\s]+$/, '回跳地址格式错误'),
  /** snsapi_userinfo when the storefront needs the customer's profile (§6 needAuthUser), else snsapi_base. */
  scope: z.enum(WECHAT_OAUTH_SCOPES, { error: '授权方式错误' }).default('snsapi_base'),
});

export const wechatOAuthAuthorizeInfo = z.object({
  /** WeChat's authorize page to open; null when this customer already has this official account's openid. */
  url: z.string().nullable(),
});
export type WechatOAuthAuthorizeInfo = z.infer<typeof wechatOAuthAuthorizeInfo>;

export const wechatOAuthLoginBody = z.object({
  ...signedFields,
  code: z
    .string({ error: '缺少授权码' })
    .trim()
    .min(1, '缺少授权码')
    .max(256, '授权码格式错误')
    .regex(/^[\w-]+$/, '授权码格式错误'),
  state: z.string({ error: '缺少授权状态' }).trim().min(1, '缺少授权状态').max(128, '授权状态格式错误'),
});
