/** Feedback (§1 customer service and feedback, §7 /front/v1/feedback/submit): type, text, up to 6 images, contact. */
import { z } from 'zod';
import { signedFields } from './common';
import { FEEDBACK_CONTACT_MAX, FEEDBACK_CONTENT_MAX, FEEDBACK_IMAGES_MAX, FEEDBACK_TYPES } from './constants-feedback';

export { FEEDBACK_CONTACT_MAX, FEEDBACK_CONTENT_MAX, FEEDBACK_IMAGES_MAX, FEEDBACK_TYPES };

export const feedbackSubmitBody = z.object({
  ...signedFields,
  feedbackType: z.enum(FEEDBACK_TYPES, { error: '请选择反馈类型' }),
  content: z
    .string({ error: '请填写反馈内容' })
    .trim()
    .min(1, '请填写反馈内容')
    .max(FEEDBACK_CONTENT_MAX, `反馈内容不能超过${FEEDBACK_CONTENT_MAX}个字`),
  images: z
    .array(z.string().max(512, '图片地址不正确'), { error: '图片格式不正确' })
    .max(FEEDBACK_IMAGES_MAX, `最多上传${FEEDBACK_IMAGES_MAX}张图片`)
    .default([]),
  contact: z.string().trim().max(FEEDBACK_CONTACT_MAX, `联系方式不能超过${FEEDBACK_CONTACT_MAX}个字`).optional(),
});
export type FeedbackSubmit = z.infer<typeof feedbackSubmitBody>;
export const feedbackSubmitInfo = z.object({ feedbackSn: z.string() });

export const opsFeedbackQuery = z.object({ projectSn: z.string().trim().min(1, '缺少项目编号').max(64) });
export const opsFeedbackItem = z.object({
  feedbackSn: z.string(),
  userId: z.string(),
  phone: z.string().nullable(),
  feedbackType: z.string(),
  content: z.string(),
  images: z.array(z.string()),
  contact: z.string().nullable(),
  createdAt: z.string(),
});
export const opsFeedbackList = z.object({ list: z.array(opsFeedbackItem) });
