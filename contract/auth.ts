/** Auth service: phone verification code and phone login (§7 auth service). Both are GET, as the spec lists them. */
import { z } from 'zod';
import { PHONE_PATTERN, signedFields } from './common';
import { userInfoSchema } from './entrance';

const phone = z
  .string({ error: '请输入手机号' })
  .trim()
  .min(1, '请输入手机号')
  .regex(PHONE_PATTERN, '请输入正确的11位手机号');

export const verificationCodeQuery = z.object({ ...signedFields, phone });
export const verificationCodeInfo = z.object({
  /** Seconds before another code may be asked for this phone. */
  resendAfter: z.number().int(),
});

export const SMS_CODE_LENGTH = 6;
export const phoneLoginQuery = z.object({
  ...signedFields,
  phone,
  code: z
    .string({ error: '请输入验证码' })
    .trim()
    .min(1, '请输入验证码')
    .regex(/^\d{6}$/, '请输入6位数字验证码'),
});
export const phoneLoginInfo = z.object({ token: z.string(), userInfo: userInfoSchema });
export type PhoneLoginInfo = z.infer<typeof phoneLoginInfo>;
