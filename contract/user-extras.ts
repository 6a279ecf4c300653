/**
 * The user area's other calls (§1 customer service, §2 drainage code, §7 /front/traffic/link/{id},
 * /api/text2QrCode, /front/image/to/base64): per-project service settings, QR images and traffic links.
 */
import { z } from 'zod';
import { signedFields } from './common';
import { jumpContentSchema } from './pages';

export const serviceInfoQuery = z.object({ ...signedFields });
export const serviceInfoSchema = z.object({
  /** Digits to dial. */
  phone: z.string(),
  /** The number as shown (400-800-8000). */
  phoneText: z.string(),
  hours: z.string(),
  /** WeChat Work contact link, shown as a QR code; null when the project has none. */
  wechatLink: z.string().nullable(),
  wechatName: z.string().nullable(),
  /** What the drainage QR code encodes; null hides the page's code. */
  followLink: z.string().nullable(),
  followTitle: z.string().nullable(),
  followText: z.string().nullable(),
});
export type ServiceInfo = z.infer<typeof serviceInfoSchema>;

export const QR_TEXT_MAX = 512;
export const qrQuery = z.object({
  ...signedFields,
  text: z
    .string({ error: '缺少二维码内容' })
    .trim()
    .min(1, '缺少二维码内容')
    .max(QR_TEXT_MAX, `二维码内容不能超过${QR_TEXT_MAX}个字符`),
});
/** A PNG as a data URL (data:image/png;base64,...). */
export const qrInfo = z.object({ image: z.string() });

export const trafficLinkParams = z.object({ id: z.string().trim().min(1, '缺少链接编号').max(64, '链接编号过长') });
export const trafficLinkQuery = z.object({ ...signedFields });
export const trafficLinkInfo = z.object({ projectSn: z.string(), jumpContent: jumpContentSchema });
export type TrafficLinkInfo = z.infer<typeof trafficLinkInfo>;

export const imageBase64Query = z.object({
  ...signedFields,
  url: z.string({ error: '缺少图片地址' }).trim().min(1, '缺少图片地址').max(512, '图片地址过长'),
});
export const imageBase64Info = z.object({ base64: z.string() });
