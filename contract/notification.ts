/**
 * Notifications: the subscribe permission the mini-programs ask for after paying and after applying for a refund.
 * /front/v1/notification/templates names the template ids to ask for (none on H5, or when the platform has none
 * configured); /front/v1/notification/subscribe records what the customer granted.
 */
import { z } from 'zod';
import { signedFields } from './common';

export const NOTIFY_PLATFORMS = ['WEAPP', 'SWAN'] as const;
/** When the storefront asks: after paying (paid, shipped, instalment) or after a refund application (its result). */
export const SUBSCRIBE_MOMENTS = ['afterPay', 'afterRefundApply'] as const;

export const notifyTemplatesBody = z.object({
  ...signedFields,
  platform: z.enum(NOTIFY_PLATFORMS, { error: '平台不正确' }),
  moment: z.enum(SUBSCRIBE_MOMENTS, { error: '订阅时机不正确' }),
});
export const notifyTemplatesInfo = z.object({
  /** At most three (WeChat asks for three at a time). */
  templateIds: z.array(z.string()),
});
export type NotifyTemplatesInfo = z.infer<typeof notifyTemplatesInfo>;

export const notifySubscribeBody = z.object({
  ...signedFields,
  platform: z.enum(NOTIFY_PLATFORMS, { error: '平台不正确' }),
  /** Template id -> the platform's answer (WeChat: accept, reject, ban, filter). */
  results: z
    .record(z.string().max(128, '模板 id 不正确'), z.string().max(16, '订阅结果不正确'), { error: '订阅结果不正确' })
    .refine((r) => Object.keys(r).length <= 10, '订阅结果不正确'),
  /** Baidu: the subscribe-id of the form that was submitted. */
  subscribeId: z.string().trim().max(64, '订阅 id 不正确').optional(),
});
export const notifySubscribeInfo = z.object({ granted: z.number().int() });
